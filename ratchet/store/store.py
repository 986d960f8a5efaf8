"""The fact store: quarter files of JSONL under one lock, with an index, an audit log, an archive and a quarantine.

Contract:
- Every write takes the exclusive store lock and goes through the intent journal (:mod:`ratchet.store.journal`):
  appends write whole lines, rewrites (updates, purges, forgets) replace whole files, so readers see the old or the
  new file, and a write killed half-way is finished exactly by the next holder of the lock.
- A fact stays in the quarter file of its ``created`` date for its whole life.
- A line that is not a valid fact is never dropped: it is skipped with a warning and, as soon as the lock can be
  taken, moved to ``rejected.jsonl`` with the reason.
- Every change is appended to ``memory-log.jsonl``. Archived facts (forget, purge) go to ``archive.jsonl``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.core import clock
from ratchet.core.facts import Fact
from ratchet.errors import AmbiguousIdError, InvalidFactError, NotFoundError, StoreError
from ratchet.store import index
from ratchet.store.files import BadLine, collector_paused, dumps_line, quarantine_record, read_jsonl
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    from ratchet.store import journal


@dataclass
class Loaded:
    """Everything read from the quarter files in one pass."""

    facts: list[Fact] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)  # fact id -> file
    bad: list[BadLine] = field(default_factory=list)
    partial: bool = False  # some quarter files only (read_files): not enough to write the index from


class Store:
    """One memory directory's facts. Create it with :func:`open_store` or directly from a :class:`MemoryDir`."""

    def __init__(self, memdir: MemoryDir | Path, *, create: bool = True) -> None:
        self.memdir = memdir if isinstance(memdir, MemoryDir) else MemoryDir(Path(memdir))
        if create:
            try:
                self.memdir.ensure()
            except OSError as exc:
                raise StoreError(f"Memory directory {self.memdir.root} cannot be created: {exc.strerror}") from None
        self.warnings: list[str] = []

    # ----- locking -------------------------------------------------------------------------------
    def lock(self, timeout: float | None = None, blocking: bool = True) -> contextlib.AbstractContextManager[None]:
        """Hold the exclusive store lock (re-entrant within the process); the outermost holder first finishes a
        write a killed writer left (:func:`ratchet.store.journal.held`)."""
        from ratchet.store import journal

        if not blocking:
            return journal.held(self.memdir, timeout=0, busy="skipped: another run holds the lock")
        timeout = journal.LOCK_TIMEOUT if timeout is None else timeout
        busy = f"Timed out after {timeout:.0f}s waiting for {self.memdir.lock}"
        return journal.held(self.memdir, timeout=timeout, busy=busy)

    # ----- reading -------------------------------------------------------------------------------
    def read(self, *, quarantine: bool = True) -> Loaded:
        """Read every quarter file; bad lines become warnings and, if ``quarantine``, move to rejected.jsonl."""
        loaded = self._read_files(self.memdir.fact_files())
        if loaded.bad:
            self.warnings.extend(f"skipped {b.where()}: {b.reason}" for b in loaded.bad)
            if quarantine:
                with contextlib.suppress(StoreError, OSError):
                    self.quarantine({b.path for b in loaded.bad})
        return loaded

    def read_files(self, paths: Iterable[Path]) -> Loaded:
        """Read some quarter files only (bad lines reported in ``bad``, not quarantined)."""
        loaded = self._read_files(paths)
        loaded.partial = True
        return loaded

    def facts(self, *, include_superseded: bool = True) -> list[Fact]:
        """All facts, oldest quarter first."""
        facts = self.read().facts
        return facts if include_superseded else [f for f in facts if f.active]

    def _read_files(self, paths: Iterable[Path]) -> Loaded:
        with collector_paused():
            return self._parse_files(paths)

    def _parse_files(self, paths: Iterable[Path]) -> Loaded:
        from ratchet.store.lines import parse_file, written
        from ratchet.store.table import valid_lines

        loaded = Loaded()
        seen: dict[str, tuple[Path, int, bytes]] = {}
        valid = valid_lines(self.memdir) | written(self.memdir)
        for path in paths:
            for lineno, _offset, raw, fact in parse_file(path, valid=valid):
                if isinstance(fact, BadLine):
                    loaded.bad.append(fact)
                    continue
                if fact.id in seen:
                    old_path, old_line, old_raw = seen[fact.id]
                    reason = f"duplicate id {fact.id}: a later line ({path.name}:{lineno}) holds the same fact"
                    loaded.bad.append(BadLine(old_path, old_line, old_raw.decode("utf-8", "surrogateescape"), reason))
                    loaded.facts = [f for f in loaded.facts if f.id != fact.id]
                seen[fact.id] = (path, lineno, raw)
                loaded.facts.append(fact)
                loaded.files[fact.id] = path
        return loaded

    def get(self, id_or_prefix: str) -> Fact:
        """The fact with this id or unambiguous id prefix."""
        facts = self.facts()
        return _pick(facts, id_or_prefix, lambda f: f.id)

    def signature(self) -> dict[str, list[int]]:
        """Size and mtime of every quarter file (for checking derived caches)."""
        return index.signature(self.memdir)

    def index(self) -> dict[str, Any]:
        """The tag/category index, rebuilt first if missing or stale."""
        doc = index.load(self.memdir)
        if doc is None:
            doc = self.reindex()
        return doc

    def reindex(self) -> dict[str, Any]:
        """Rebuild ``facts-index.json`` from the quarter files."""
        with self.lock():
            loaded = self.read()
            return index.rebuild(self.memdir, ((loaded.files[f.id], f) for f in loaded.facts))

    # ----- writing -------------------------------------------------------------------------------
    def add(
        self,
        facts: Iterable[Fact],
        actor: str,
        *,
        check_existing: bool = False,
        action: str = "add",
        change: journal.Change | None = None,
        **extra: Any,
    ) -> list[Fact]:
        """Validate and append new facts (all or nothing) and log them.

        Appends cost O(1): the index is left stale and rebuilt by the next reader that needs it. Fresh uuid4 ids
        cannot clash; callers bringing ids of their own (imports) pass ``check_existing=True``. With ``change`` the
        write is only planned into it, for the caller to :meth:`apply` with other writes as one.
        """
        from ratchet.store import audit, journal

        new = list(facts)
        for fact in new:
            fact.validate()
            refuse_secrets(fact)
        if not new:
            return []
        if len({f.id for f in new}) != len(new):
            raise InvalidFactError("Invalid fact: id: the same id appears twice in one batch")
        with self.lock():
            if check_existing:
                existing = {f.id for f in self.read().facts}
                clash = [f.id for f in new if f.id in existing]
                if clash:
                    raise InvalidFactError(f"Invalid fact: id: {clash[0]} already exists")
            plan = change if change is not None else journal.Change()
            for fact in new:
                plan.append_lines(self.memdir.facts_file(fact.quarter), [dumps_line(fact.to_dict())])
            plan.audit.extend(audit.event(action, actor, f.id, after=f.to_dict(), **extra) for f in new)
            if change is None:
                self.apply(plan)
        return new

    def apply(self, change: journal.Change) -> None:
        """Write a change planned by ``add``/``update`` (and the caller's own steps) as one journaled write."""
        from ratchet.store import journal

        with self.lock():
            journal.apply(self.memdir, change)

    def update(
        self,
        facts: Iterable[Fact],
        actor: str,
        action: str = "update",
        *,
        change: journal.Change | None = None,
        loaded: Loaded | None = None,
        **extra: Any,
    ) -> list[Fact]:
        """Rewrite changed facts in place (atomically per quarter file) and log before/after of each (``change``: as
        for :meth:`add`). ``loaded``: what the caller read under the lock it holds, at least the quarter files of
        these facts (:meth:`read_files`); by default the whole store is read."""
        from ratchet.store import audit

        changed = list(facts)
        for fact in changed:
            fact.validate()
            refuse_secrets(fact)
        if not changed:
            return []
        with self.lock():
            loaded = loaded if loaded is not None else self.read()
            current = {f.id: f for f in loaded.facts}
            for fact in changed:
                if fact.id not in current:
                    raise NotFoundError(f"Fact '{fact.id}' not found")
                if current[fact.id].created != fact.created:
                    raise InvalidFactError(f"Invalid fact: created: cannot change (fact {fact.id})")
            stamp = clock.now_iso()
            events = []
            by_id: dict[str, Fact] = {}
            for fact in changed:
                old = current[fact.id].to_dict()
                new_record = fact.to_dict()
                before, after = audit.diff(old, new_record)
                before.pop("updated", None)
                after.pop("updated", None)
                if not after:
                    continue
                fact.updated = stamp
                by_id[fact.id] = fact
                events.append(audit.event(action, actor, fact.id, before=before, after=after, **extra))
            if not by_id:
                return []
            self.commit(loaded, replace=by_id, audit_records=events, change=change)
        return list(by_id.values())

    def mutate(self, actor: str, change: Callable[[list[Fact]], Iterable[Fact]], action: str = "update") -> list[Fact]:
        """Read, let ``change`` return the facts it modified, and write them, all under one lock hold."""
        with self.lock():
            return self.update(change(self.facts()), actor, action)

    def remove(self, ids: Iterable[str], actor: str, action: str, reason: str, **extra: Any) -> list[Fact]:
        """Move facts to ``archive.jsonl`` (forget, purge) in one journaled write: archived, then dropped."""
        from ratchet.store import audit

        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        with self.lock():
            loaded = self.read()
            current = {f.id: f for f in loaded.facts}
            missing = [i for i in wanted if i not in current]
            if missing:
                raise NotFoundError(f"Fact '{missing[0]}' not found")
            stamp = clock.now_iso()
            gone = [current[i] for i in wanted]
            self.commit(
                loaded,
                drop=set(wanted),
                archive=[archive_record(stamp, action, reason, actor, f.to_dict()) for f in gone],
                audit_records=[
                    audit.event(action, actor, f.id, before=f.to_dict(), reason=reason, **extra) for f in gone
                ],
            )
        return gone

    def archived(self) -> list[dict[str, Any]]:
        """Archive records (``{archived_at, action, reason, actor, fact}``), oldest first."""
        out = []
        for _, obj in read_jsonl(self.memdir.archive):
            if not isinstance(obj, BadLine) and isinstance(obj.get("fact"), dict):
                out.append(obj)
        return out

    def restore(self, id_or_prefix: str, actor: str) -> Fact:
        """Bring an archived fact back into its quarter file and drop it from the archive."""
        from ratchet.store import archived as archive_ids
        from ratchet.store import audit, journal

        with self.lock():
            records = self.archived()
            fact_id = _pick([r["fact"] for r in records], id_or_prefix, lambda r: r["id"], what="Archived fact")["id"]
            record = [r for r in records if r["fact"]["id"] == fact_id][-1]
            fact = Fact.from_dict(record["fact"])
            plan = journal.Change()
            if fact.id not in {f.id for f in self.read().facts}:
                fact.validate()
                plan.keep_lines(self.memdir.facts_file(fact.quarter), [dumps_line(fact.to_dict())])
            kept = [dumps_line(r) for r in records if r["fact"]["id"] != fact_id]
            bad = [obj.raw for _, obj in read_jsonl(self.memdir.archive) if isinstance(obj, BadLine)]
            plan.replace(self.memdir.archive, "".join(line + "\n" for line in [*kept, *bad]))
            plan.audit.append(audit.event("restore", actor, fact.id, after=fact.to_dict()))
            archive_ids.forget(self.memdir)
            journal.apply(self.memdir, plan)
        return fact

    def quarantine(self, paths: Iterable[Path]) -> int:
        """Move every bad line of ``paths`` to ``rejected.jsonl`` with its reason; return how many moved."""
        from ratchet.store import audit, journal

        moved = 0
        with self.lock(timeout=5):
            for path in paths:
                if not path.exists():
                    continue
                bad = self._read_files([path]).bad
                if not bad:
                    continue
                stamp = clock.now_iso()
                plan = journal.Change()
                plan.keep_lines(
                    self.memdir.rejected,
                    (
                        dumps_line(
                            {"time": stamp, "file": path.name, "line": b.lineno, "reason": b.reason}
                            | quarantine_record(b.raw)
                        )
                        for b in bad
                    ),
                )
                drop_lines = {b.lineno for b in bad}
                text = path.read_text(encoding="utf-8", errors="surrogateescape")
                lines = text.split("\n")
                kept = [line for n, line in enumerate(lines, 1) if line.strip() and n not in drop_lines]
                plan.replace(path, "".join(line + "\n" for line in kept).encode("utf-8", "surrogateescape"))
                plan.audit.extend(
                    audit.event("quarantine", "store", None, file=path.name, line=b.lineno, reason=b.reason)
                    for b in bad
                )
                journal.apply(self.memdir, plan)
                moved += len(bad)
        return moved

    # ----- internals -----------------------------------------------------------------------------
    def commit(
        self,
        loaded: Loaded,
        *,
        replace: dict[str, Fact] | None = None,
        drop: set[str] | None = None,
        archive: Iterable[dict[str, Any] | tuple[str, str]] = (),
        audit_records: Iterable[dict[str, Any] | str] = (),
        change: journal.Change | None = None,
    ) -> None:
        """The one write contract for changing stored facts (update, forget, purge, the weekly run).

        The caller holds the lock and ``loaded`` was read under it. Lines that are not facts are first moved to
        ``rejected.jsonl`` (a rewrite from parsed facts would otherwise lose them). Then one journaled write
        (:mod:`ratchet.store.journal`): the ``archive`` records (a dropped fact is archived before its file loses
        it), each touched quarter file replaced once with ``replace`` facts swapped in and ``drop`` ids left out,
        the audit records; then the index. A crash anywhere is finished exactly by the next holder of the lock.
        With ``change`` the write is only planned into it (and the index left stale). An ``archive`` record may come
        serialised, as ``(fact id, line)``, and an audit record as its line.
        """
        from ratchet.store import archived as archive_ids
        from ratchet.store import journal
        from ratchet.store.lines import remember_written

        replace = replace or {}
        drop = drop or set()
        touched = {loaded.files[i] for i in set(replace) | drop}
        if not touched:
            return
        if loaded.bad:
            self.quarantine(touched)  # raises when it cannot: then nothing is rewritten
        plan = change if change is not None else journal.Change()
        archiving = archive_ids.plan(self.memdir, plan, archive)
        by_file: dict[Path, list[Fact]] = {}
        for fact in loaded.facts:
            by_file.setdefault(loaded.files[fact.id], []).append(fact)
        rewritten: list[bytes] = []
        for path in sorted(touched):
            kept = (replace.get(f.id, f) for f in by_file.get(path, []) if f.id not in drop)
            rewritten.append("".join(dumps_line(f.record()) + "\n" for f in kept).encode("utf-8"))
            plan.replace(path, rewritten[-1])
        plan.audit.extend(audit_records)
        if change is None:
            journal.apply(self.memdir, plan)
            archive_ids.note_appended(self.memdir, archiving)
            remember_written(self.memdir, rewritten, len(loaded.facts))
            if not loaded.partial:  # else left stale, rebuilt by the next reader that needs it
                self.write_index(loaded, replace=replace, drop=drop)

    def write_index(self, loaded: Loaded, replace: dict[str, Fact] | None = None, drop: set[str] | None = None) -> None:
        """Write the index from what was read plus the changes just made, without reading the files again (for
        writers holding the lock that changed ``loaded``'s facts themselves, as ``memory-manage`` does)."""
        replace = replace or {}
        drop = drop or set()
        pairs = ((loaded.files[f.id], replace.get(f.id, f)) for f in loaded.facts if f.id not in drop)
        index.rebuild(self.memdir, pairs)


def archive_record(stamp: str, action: str, reason: str, actor: str, fact: dict[str, Any]) -> dict[str, Any]:
    """One line of ``archive.jsonl`` (forget, purge): what ``Store.restore`` brings back."""
    return {"archived_at": stamp, "action": action, "reason": reason, "actor": actor, "fact": fact}


def refuse_secrets(fact: Fact) -> None:
    """The last line of defence: no credential is ever written, whoever the caller, in any field of the record
    (imports bring ``source_session``, ``trust_reasons``, ``prompt_version``, ``supersedes`` and ``meta`` of their
    own). The message names the field and the kind, never the secret."""
    from ratchet.core.secrets import record_kinds

    record = fact.record()
    # Dates, tier and trust are held to digits and fixed words by the schema: nothing to hide a secret in.
    fixed = {"created", "last_referenced", "updated", "decayed_through", "tier", "source_trust"}
    named = ("content", "evidence", "tags")
    for name in named:
        kinds = record_kinds({name: record.get(name)})
        if kinds:
            raise InvalidFactError(f"Invalid fact: {name}: carries a credential ({', '.join(kinds)}); refused")
    rest = {k: v for k, v in record.items() if k not in fixed and k not in named}
    if not record_kinds(rest):  # one scan for the other fields; the field is named only when one hits
        return
    for name in sorted(rest):
        kinds = record_kinds({name: rest[name]})
        if kinds:
            raise InvalidFactError(f"Invalid fact: {name}: carries a credential ({', '.join(kinds)}); refused")


def _pick(items: list[Any], key: str, get_id: Callable[[Any], str], what: str = "Fact") -> Any:
    exact = [i for i in items if get_id(i) == key]
    if exact:
        return exact[-1]
    matches = [i for i in items if get_id(i).startswith(key)] if key else []
    ids = list(dict.fromkeys(get_id(i) for i in matches))
    if not ids:
        raise NotFoundError(f"{what} '{key}' not found")
    if len(ids) > 1:
        raise AmbiguousIdError(f"{what} id prefix '{key}' is ambiguous: {len(ids)} facts match")
    return matches[-1]


def open_store(memory_dir: str | Path | None = None, config: Any = None, *, create: bool = True) -> Store:
    """A store for the resolved memory directory (see :mod:`ratchet.store.memdir`)."""
    from ratchet.config import load_config
    from ratchet.store.memdir import resolve_memory_dir

    cfg = config if config is not None else load_config()
    root = resolve_memory_dir(memory_dir, cfg)
    if not create and not root.exists():
        raise StoreError(f"Memory directory {root} does not exist (run 'ratchet init')")
    return Store(MemoryDir(root), create=create)


def umask_private() -> None:
    """New files default to owner-only even when created outside :mod:`ratchet.store.files`."""
    os.umask(0o077)
