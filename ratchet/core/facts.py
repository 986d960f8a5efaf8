"""The Fact type (``schema/fact.schema.json``) and the Candidate an extractor proposes before it becomes one.

Reading or writing a fact validates it with the schema compiled to Python (:mod:`ratchet.core.factcheck`, generated
by fastjsonschema; see :func:`ratchet.core.schema.generate_check` for why); when it says no, jsonschema names
the field in the message.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from ratchet.core import clock, factcheck, schema
from ratchet.errors import InvalidFactError

Tier = Literal["permanent", "standard", "transient"]
Trust = Literal["trusted", "untrusted"]

TIERS = ("permanent", "standard", "transient")
TRUST = ("trusted", "untrusted")


@dataclass(slots=True)
class Fact:
    """One atomic fact. Field meanings are documented in ``fact.schema.json``."""

    id: str
    content: str
    category: str
    tags: list[str]
    importance: float
    tier: Tier
    created: str
    source_session: str | None
    last_referenced: str
    reference_count: int = 0
    supersedes: list[str] | None = None
    superseded_by: str | None = None
    promoted: bool = False
    source_trust: Trust = "trusted"
    scope: str = "global"
    trust_reasons: list[str] = field(default_factory=list)
    evidence: str | None = None
    provenance: str = "manual"
    prompt_version: str | None = None
    updated: str | None = None
    decayed_through: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, record: dict[str, Any]) -> Fact:
        """Build a fact from a stored record, raising :class:`InvalidFactError` naming the bad field."""
        _check(record)
        fact = cls(**record)  # validated: every key is a field
        if type(fact.importance) is not float:
            fact.importance = float(fact.importance)
        if type(fact.reference_count) is not int:
            fact.reference_count = int(fact.reference_count)
        return fact

    def to_dict(self) -> dict[str, Any]:
        """The record as stored (fields with empty defaults omitted to keep lines short)."""
        out = asdict(self)
        for name in _OMIT_WHEN_EMPTY:
            if not out[name]:
                del out[name]
        return out

    def record(self) -> dict[str, Any]:
        """:meth:`to_dict` without ``dataclasses.asdict``'s deep copy (10x faster): for writing only, since the
        lists and the dict in it are the fact's own."""
        out = {name: getattr(self, name) for name in _FIELD_NAMES}
        for name in _OMIT_WHEN_EMPTY:
            if not out[name]:
                del out[name]
        return out

    def validate(self) -> None:
        """Check the fact against the JSON Schema; raise naming the first bad field.

        The compiled check answers for valid records (see the module docstring); jsonschema names the problem.
        """
        _check(self.to_dict())

    @property
    def active(self) -> bool:
        """Not superseded: eligible for retrieval."""
        return self.superseded_by is None

    @property
    def quarter(self) -> str:
        return clock.quarter_of(self.created)


_FIELD_NAMES = tuple(f.name for f in fields(Fact))
_OMIT_WHEN_EMPTY = ("trust_reasons", "evidence", "prompt_version", "updated", "decayed_through", "meta")


def _new_id() -> str:
    import uuid  # lazy: uuid imports platform; readers (the hooks) never make a fact

    return str(uuid.uuid4())


def new_fact(
    content: str,
    *,
    category: str,
    importance: float,
    tier: Tier = "standard",
    tags: list[str] | None = None,
    scope: str = "global",
    source_session: str | None = None,
    source_trust: Trust = "trusted",
    trust_reasons: list[str] | None = None,
    evidence: str | None = None,
    provenance: str = "manual",
    prompt_version: str | None = None,
    created: str | None = None,
    supersedes: list[str] | None = None,
    fact_id: str | None = None,
    meta: dict[str, Any] | None = None,
) -> Fact:
    """A fresh fact with a new uuid, created and last referenced now (or at ``created``)."""
    when = created or clock.now_iso()
    return Fact(
        id=fact_id or _new_id(),
        content=content.strip(),
        category=category,
        tags=normalise_tags(tags or []),
        importance=round(min(1.0, max(0.0, float(importance))), 4),
        tier=tier,
        created=when,
        source_session=source_session,
        last_referenced=when,
        supersedes=list(supersedes) if supersedes else None,
        source_trust=source_trust,
        scope=scope,
        trust_reasons=list(trust_reasons or []),
        evidence=evidence,
        provenance=provenance,
        prompt_version=prompt_version,
        meta=dict(meta or {}),
    )


def normalise_tags(tags: list[str]) -> list[str]:
    """Lower-case, trimmed, de-duplicated tags in their first order."""
    out: list[str] = []
    for tag in tags:
        clean = str(tag).strip().lower()
        if clean and clean not in out:
            out.append(clean[:64])
    return out[:32]


def _check(record: dict[str, Any]) -> None:
    """Raise :class:`InvalidFactError` naming the first bad field when ``record`` does not match the schema."""
    try:
        factcheck.validate(record)
    except factcheck.JsonSchemaValueException as exc:
        schema.validate("fact", record)  # names the field in the project's words
        raise InvalidFactError(f"Invalid fact: {exc.message.removeprefix('data.')}") from None


@dataclass
class Candidate:
    """One proposed fact. ``supersedes`` holds ids of existing facts it replaces (already resolved)."""

    content: str
    category: str
    tags: list[str] = field(default_factory=list)
    tier: str = "standard"
    explicit_remember: bool = False
    action_required: bool = False
    trusted: bool = True
    trust_reasons: list[str] = field(default_factory=list)
    evidence: str = ""
    about: str = "project"  # person | project: decides global vs repository scope
    supersedes: list[str] = field(default_factory=list)
    correction: bool = False  # the user signalled a correction: look for the fact it replaces
    provenance: str = ""
    prompt_version: str | None = None
    turn_uid: str = ""
