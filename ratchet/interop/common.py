"""What every import format shares: parsed items, the category mapping, ids, and the import run itself.

A format module only *parses*: it turns a file into :class:`Item` objects (things that can become facts) and
:class:`Problem` objects (malformed pieces, each with where and why). :func:`run_import` then does the same for
every format: build facts, skip ids already present (or archived), run the credential filter and dedupe that
extraction uses, and add the survivors in one all-or-nothing ``store.add``. A run with a malformed item imports
nothing unless ``partial`` is set.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Fact, Tier, Trust, new_fact
from ratchet.core.scoring import base_importance
from ratchet.errors import InvalidFactError
from ratchet.store.store import Store

# Source type -> Ratchet category (when the category is not configured, the config's default_category).
# Ralph's four memory types, the legacy guardrail "sign", crabtalk entries and ralph-mem records.
CATEGORY_FOR_TYPE: dict[str, str] = {
    "pattern": "process",
    "decision": "decision",
    "fix": "incident",
    "context": "project",
    "sign": "process",
    "entry": "project",
    "index": "project",
    "note": "project",
    "error": "incident",
    "success": "operational",
    "tool_use": "operational",
    "session": "project",
    "claude-memory": "project",
    "codex-memories": "project",
}

# Ratchet category -> Ralph memory type, for exporting facts that did not come from Ralph.
TYPE_FOR_CATEGORY: dict[str, str] = {
    "incident": "fix",
    "maintenance": "fix",
    "decision": "decision",
    "process": "pattern",
    "preference": "pattern",
    "project": "context",
}
RALPH_TYPES = ("pattern", "decision", "fix", "context")

# Ralph ids are sortable by their unix timestamp: mem-1737372000-a1b2 (guardrails: fix-/decision-/pattern-).
# The spec says four hex characters, its own examples use g7h8 and i9j0: accept any four letters or digits.
RALPH_ID = re.compile(r"^(mem|fix|decision|pattern|context)-(\d{1,12})-([0-9A-Za-z]{4})$")
_FACT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")
MAX_CONTENT = 4000  # fact.schema.json: content maxLength
_NAMESPACE = uuid.UUID("5b0c1f2e-7d1a-4c55-9a53-3f1c2b0e9a11")  # uuid5 namespace of imported ids


@dataclass
class Problem:
    """A malformed piece of the source: skipped with a warning."""

    where: str
    reason: str
    source_id: str | None = None

    def __str__(self) -> str:
        label = f" {self.source_id}" if self.source_id else ""
        return f"{self.where}{label}: {self.reason}"


@dataclass
class Item:
    """One thing read from a source that can become a fact."""

    where: str
    content: str
    source_type: str
    source_id: str | None = None
    fact_id: str | None = None
    tags: list[str] = field(default_factory=list)
    created: str | None = None
    scope: str | None = None
    source_session: str | None = None
    source_trust: Trust = "trusted"
    trust_reasons: list[str] = field(default_factory=list)
    tier: Tier = "standard"
    explicit: bool = False
    category: str | None = None  # set by formats that carry a Ratchet category of their own
    meta: dict[str, Any] = field(default_factory=dict)
    fact: Fact | None = None  # Ratchet's own JSONL: the record as it was, kept whole


@dataclass
class Parsed:
    """A format module's answer: items to import, problems found, and sources deliberately passed over."""

    items: list[Item] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    ignored: list[Problem] = field(default_factory=list)


@dataclass
class Skipped:
    """An item that was well formed but not imported, and why."""

    where: str
    source_id: str | None
    reason: str
    kind: str  # present | archived | duplicate | secret | too-long | ignored | missing | superseded

    def __str__(self) -> str:
        label = f" {self.source_id}" if self.source_id else ""
        return f"{self.where}{label}: {self.reason}"


@dataclass
class ImportReport:
    """What an import did (or, with ``dry_run``, would do)."""

    format: str
    path: str
    dry_run: bool = False
    partial: bool = False
    imported: list[Fact] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    malformed: list[Problem] = field(default_factory=list)
    imported_ids: list[str] = field(default_factory=list)  # what was (or would be) imported
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def aborted(self) -> bool:
        """True when malformed items stopped the whole run (all or nothing)."""
        return bool(self.malformed) and not self.partial

    def counts(self) -> dict[str, int]:
        """Skip counts by kind, malformed included."""
        out: dict[str, int] = {}
        for skip in self.skipped:
            out[skip.kind] = out.get(skip.kind, 0) + 1
        if self.malformed:
            out["malformed"] = len(self.malformed)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "path": self.path,
            "dry_run": self.dry_run,
            "partial": self.partial,
            "aborted": self.aborted,
            "imported": 0 if self.aborted else len(self.imported_ids),
            "ids": [] if self.aborted else list(self.imported_ids),
            "skipped": [
                {"where": s.where, "source_id": s.source_id, "kind": s.kind, "reason": s.reason} for s in self.skipped
            ],
            "malformed": [{"where": p.where, "source_id": p.source_id, "reason": p.reason} for p in self.malformed],
            "counts": self.counts(),
            **self.extra,
        }


def category_for(source_type: str, config: Config) -> str:
    """The configured category a source type maps to (the default category when not configured)."""
    wanted = CATEGORY_FOR_TYPE.get(source_type)
    if wanted and wanted in config.categories:
        return wanted
    default: str = config["default_category"]
    return default


def ralph_type_of(fact: Fact, config: Config) -> str:
    """The Ralph memory type a fact exports as: its source type while its category still matches, else mapped."""
    source = fact.meta.get("source_type")
    if source in RALPH_TYPES and category_for(source, config) == fact.category:
        return str(source)
    return TYPE_FOR_CATEGORY.get(fact.category, "context")


def valid_fact_id(value: str) -> bool:
    """True when ``value`` can be a Ratchet fact id as it is."""
    return 8 <= len(value) <= 80 and bool(_FACT_ID.match(value))


def fact_id_for(fmt: str, source_id: str) -> str:
    """Keep a source id that is a valid fact id; otherwise a uuid derived from it (so re-imports match)."""
    if valid_fact_id(source_id):
        return source_id
    return str(uuid.uuid5(_NAMESPACE, f"{fmt}:{source_id}"))


def content_id(prefix: str, text: str) -> str:
    """A stable id for sources without ids (legacy signs, MEMORY.md lines): ``prefix-<sha1[:12]>``."""
    digest = hashlib.sha1(" ".join(text.lower().split()).encode("utf-8")).hexdigest()[:12]
    return f"{prefix}-{digest}"


def ralph_timestamp(source_id: str) -> str | None:
    """The ISO creation time held by a Ralph id (``mem-1737372000-a1b2`` -> ``2025-01-20T11:20:00Z``)."""
    match = RALPH_ID.match(source_id)
    if not match:
        return None
    try:
        moment = datetime.fromtimestamp(int(match.group(2)), tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None
    if moment.year < 1971:
        return None
    return clock.iso(moment)


def file_time(path: Path) -> str:
    """A file's modification time as an ISO string (the best date a source without dates has)."""
    return clock.iso(datetime.fromtimestamp(int(path.stat().st_mtime), tz=UTC))


def normalise_date(value: str) -> str | None:
    """A date or date-time from a source as Ratchet stores it, or None when it cannot be read."""
    text = value.strip()
    if not text:
        return None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            datetime.fromisoformat(text)
        except ValueError:
            return None
        return text
    try:
        return clock.iso(clock.parse(text.replace(" ", "T", 1) if re.match(r"\d{4}-\d{2}-\d{2} ", text) else text))
    except (ValueError, OverflowError):
        return None


def split_tags(text: str) -> list[str]:
    """Comma-separated tags, trimmed, empty ones dropped."""
    return [t.strip() for t in text.split(",") if t.strip()]


def build_fact(item: Item, fmt: str, config: Config, scope: str) -> Fact:
    """The fact an item becomes (validated; raises :class:`InvalidFactError` naming the bad field)."""
    if item.fact is not None:
        fact = Fact.from_dict(item.fact.to_dict())
        if fact.provenance != f"import:{fmt}":
            fact.meta = {**fact.meta, "source_provenance": fact.provenance}
        fact.provenance = f"import:{fmt}"
        fact.validate()
        return fact
    category = item.category if item.category in config.categories else category_for(item.source_type, config)
    meta = dict(item.meta)
    if item.source_id is not None:
        meta["source_id"] = item.source_id
    meta["source_type"] = item.source_type
    importance = base_importance(
        config, category, explicit_remember=item.explicit, untrusted=item.source_trust == "untrusted"
    )
    fact = new_fact(
        item.content,
        category=category,
        importance=importance,
        tier=item.tier,
        tags=item.tags,
        scope=item.scope or scope,
        source_session=item.source_session,
        source_trust=item.source_trust,
        trust_reasons=item.trust_reasons,
        provenance=f"import:{fmt}",
        created=item.created,
        fact_id=item.fact_id or (fact_id_for(fmt, item.source_id) if item.source_id else None),
        meta=meta,
    )
    if not fact.content:
        raise InvalidFactError("Invalid fact: content: empty")
    fact.validate()
    return fact


def _scan_text(fact: Fact) -> str:
    parts = [fact.content, " ".join(fact.tags)]
    parts += [str(v) for v in fact.meta.values() if isinstance(v, str)]
    return "\n".join(parts)


def run_import(
    store: Store,
    config: Config,
    fmt: str,
    path: Path,
    parsed: Parsed,
    *,
    scope: str = "global",
    dry_run: bool = False,
    partial: bool = False,
) -> ImportReport:
    """Turn parsed items into facts and add them all at once (see module docstring for the rules)."""
    from ratchet.core import dedupe, secrets

    report = ImportReport(format=fmt, path=str(path), dry_run=dry_run, partial=partial)
    report.malformed = list(parsed.problems)
    report.skipped = [Skipped(p.where, p.source_id, p.reason, "ignored") for p in parsed.ignored]
    with store.lock():
        existing = store.facts()
        present = {f.id for f in existing}
        archived = {str(r["fact"].get("id")) for r in store.archived()}
        pool = dedupe.Pool(existing)
        accepted: list[Fact] = []
        for item in parsed.items:
            if len(item.content.strip()) > MAX_CONTENT:
                reason = f"content has {len(item.content.strip())} characters, more than a fact holds ({MAX_CONTENT})"
                report.skipped.append(Skipped(item.where, item.source_id, reason, "too-long"))
                continue
            try:
                fact = build_fact(item, fmt, config, scope)
            except InvalidFactError as exc:
                report.malformed.append(Problem(item.where, str(exc).removeprefix("Invalid fact: "), item.source_id))
                continue
            label = item.source_id or fact.id
            if fact.id in present:
                report.skipped.append(Skipped(item.where, label, f"id {fact.id} already present", "present"))
                continue
            if fact.id in archived:
                report.skipped.append(
                    Skipped(
                        item.where, label, f"id {fact.id} was forgotten or purged (see 'ratchet restore')", "archived"
                    )
                )
                continue
            kinds = secrets.scan(_scan_text(fact))
            if kinds:
                report.skipped.append(
                    Skipped(item.where, label, f"contains a credential ({', '.join(kinds)})", "secret")
                )
                continue
            if fact.active:
                twin = pool.find(fact.content)
                if twin is not None:
                    report.skipped.append(Skipped(item.where, label, f"duplicate of {twin.id}", "duplicate"))
                    continue
            accepted.append(fact)
            pool.add(fact)
            present.add(fact.id)
        report.imported = accepted
        report.imported_ids = [f.id for f in accepted]
        if report.aborted or dry_run or not accepted:
            return report
        store.add(
            accepted,
            actor="ratchet import",
            check_existing=True,
            action="import",
            source=f"import:{fmt}",
            path=str(path),
        )
    return report
