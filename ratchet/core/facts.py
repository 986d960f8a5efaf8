"""The Fact type: one Python mirror of ``schema/fact.schema.json``.

Reading a fact validates it. A hand-written check mirrors the schema for speed (jsonschema costs about
100 us a record, too slow for 100k facts); whenever it says no, jsonschema itself produces the message, and
a property test keeps the two in agreement. Writing always validates with jsonschema.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from ratchet.core import clock, schema

Tier = Literal["permanent", "standard", "transient"]
Trust = Literal["trusted", "untrusted"]

TIERS = ("permanent", "standard", "transient")
TRUST = ("trusted", "untrusted")

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")
_CATEGORY = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_DATE = re.compile(clock.ISO_PATTERN)
_WEEK = re.compile(r"^\d{4}-W\d{2}$")
_SCOPE = re.compile(r"^(global|repo:.+)$", re.S)


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
        if not _fast_valid(record):
            schema.validate("fact", record)
            # jsonschema accepted what the fast check refused: trust the schema, it is the source of truth.
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

    def validate(self) -> None:
        """Check the fact against the JSON Schema; raise naming the first bad field.

        The fast mirror answers for valid records (see the module docstring); jsonschema names the problem.
        """
        record = self.to_dict()
        if not _fast_valid(record):
            schema.validate("fact", record)

    @property
    def active(self) -> bool:
        """Not superseded: eligible for retrieval."""
        return self.superseded_by is None

    @property
    def quarter(self) -> str:
        return clock.quarter_of(self.created)


_FIELD_NAMES = tuple(f.name for f in fields(Fact))
_OMIT_WHEN_EMPTY = ("trust_reasons", "evidence", "prompt_version", "updated", "decayed_through", "meta")
_REQUIRED = tuple(schema.load_schema("fact")["required"])


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
        id=fact_id or str(uuid.uuid4()),
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


def _integer(value: Any) -> bool:
    """JSON Schema's integer: an int, or a float with no fractional part (``0.0``); never a bool."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _number01(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1


def _short_strings(items: Any, hi: int) -> bool:
    """A list of non-empty strings of at most ``hi`` characters (builtins mapped in C: this runs per fact)."""
    if not isinstance(items, list):
        return False
    if not items:
        return True
    if set(map(type, items)) != {str}:
        return False
    lengths = list(map(len, items))
    return min(lengths) > 0 and max(lengths) <= hi


def _fast_valid(r: dict[str, Any]) -> bool:
    """True when ``r`` certainly matches the schema (mirrors fact.schema.json; see tests/test_schema.py).

    Written for speed (it runs on every fact read): set checks on the keys, then each field in turn.
    """
    if not isinstance(r, dict):
        return False
    keys = r.keys()
    if not (_REQUIRED_SET <= keys <= _FIELD_SET):
        return False
    fid, content, category, tags = r["id"], r["content"], r["category"], r["tags"]
    if not (type(fid) is str and 8 <= len(fid) <= 80 and _ID.match(fid)):
        return False
    if not (type(content) is str and 1 <= len(content) <= 4000):
        return False
    if not (type(category) is str and len(category) <= 64 and _CATEGORY.match(category)):
        return False
    if not (isinstance(tags, list) and len(tags) <= 32 and _short_strings(tags, 64)):
        return False
    if not (_number01(r["importance"]) and r["tier"] in TIERS and r["source_trust"] in TRUST):
        return False
    for name in ("created", "last_referenced"):
        value = r[name]
        if not (type(value) is str and _DATE.match(value)):
            return False
    session = r["source_session"]
    if not (session is None or (type(session) is str and len(session) <= 200)):
        return False
    refs = r["reference_count"]
    if not (_integer(refs) and refs >= 0):
        return False
    sup = r["supersedes"]
    if not (sup is None or _short_strings(sup, 1 << 30)):
        return False
    by = r["superseded_by"]
    if not (by is None or type(by) is str) or type(r["promoted"]) is not bool:
        return False
    scope = r["scope"]
    if not (type(scope) is str and _SCOPE.match(scope)):
        return False
    if len(keys) == len(_REQUIRED_SET):
        return True
    get = r.get
    if "trust_reasons" in r and not (
        isinstance(r["trust_reasons"], list) and all(type(x) is str and len(x) <= 200 for x in r["trust_reasons"])
    ):
        return False
    for name, hi in (("evidence", 600), ("provenance", 200), ("prompt_version", 200)):
        value = get(name)
        if value is not None and not (type(value) is str and len(value) <= hi):
            return False
    if "provenance" in r and r["provenance"] is None:
        return False
    updated, week = get("updated"), get("decayed_through")
    if updated is not None and not (type(updated) is str and _DATE.match(updated)):
        return False
    if week is not None and not (type(week) is str and _WEEK.match(week)):
        return False
    return "meta" not in r or isinstance(r["meta"], dict)


_FIELD_SET = frozenset(_FIELD_NAMES)
_REQUIRED_SET = frozenset(_REQUIRED)
