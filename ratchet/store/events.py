"""``events.jsonl``: what happened to facts outside the store, for memory-manage and per-prompt recall.

Two kinds of event:
- ``reference``: the user confirmed or relied on a fact (from extraction, or ``ratchet confirm ID``).
  memory-manage turns these into reinforcement; nothing else does.
- ``injection``: retrieval showed facts to an agent in a session. Never a reference; kept so per-prompt recall
  does not repeat facts already injected in the session, and for later analysis.

Each line: ``{"time", "type", "fact_ids": [...], "session", "source", ...}``.

## Consumption by memory-manage

Incremental consumption and compaction of ``events.jsonl`` for memory-manage.

Events are appended by anyone, without the store lock, one whole line per ``O_APPEND`` write
(:func:`record`). memory-manage reads them from a cursor kept in ``state/manage-events.json``.

Cursor: ``{"files": {"<inode>": {"gen": token, "offset": bytes, "mark": hash}}, "prev_copied": bytes}``. The inode
names the physical file (compaction replaces it), ``gen`` is a random token given to each physical file so positions
from different files are never compared, ``offset`` is where unconsumed events start, and ``mark`` fingerprints the
512 bytes before ``offset``: a copy of the memory directory (``cp -a``, a restore) has new inodes, and its events
file is recognised by that content instead of being read again from the start.

No double counting after a kill: reinforced facts carry ``meta["ref_mark"] = [gen, end]`` in the same atomic
rewrite that reinforces them; an event before ``end`` of the same ``gen`` is never applied to that fact again,
even if the run died before the cursor moved.

Compaction (under the store lock, after the cursor is committed) drops injection events older than
``manage.events_keep_days`` that lie before the cursor. It never rewrites the live file in place:
1. the kept lines go to a temp file; the cursor for the temp file's inode is written first (the old inode's
   entry stays, so a kill before the rename changes nothing);
2. the old file gets a second name, ``state/events.prev.jsonl``, and the temp file is renamed over
   ``events.jsonl``: appenders from now on write to the new file;
3. anything an appender wrote to the old file after we read it (it opened the old path just before the rename)
   is copied to the new file at once, and again at the next compaction from ``events.prev.jsonl`` (lines already
   present are skipped, so a repeated copy adds nothing) before that name is removed.
So no event is lost unless a writer stalls between ``open`` and ``write`` for a whole week. The price: a line
written twice byte-for-byte (same second, same ids, same session) during that window is kept once.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ratchet.core import clock
from ratchet.store.files import (
    FILE_MODE,
    BadLine,
    append_lines,
    atomic_write,
    dumps_line,
    fault_point,
    read_json,
    read_jsonl,
)
from ratchet.store.memdir import MemoryDir

REFERENCE = "reference"
INJECTION = "injection"


def _generation() -> str:
    """A new generation tag of a cursor (lazy ``secrets``: a hook that records an injection makes none)."""
    import secrets

    return secrets.token_hex(6)


def record(
    memdir: MemoryDir,
    kind: str,
    fact_ids: Iterable[str],
    *,
    session: str | None = None,
    source: str = "",
    **extra: Any,
) -> dict[str, Any] | None:
    """Append one event (a single whole-line append; safe without the store lock)."""
    record = event(kind, fact_ids, session=session, source=source, **extra)
    if record is None:
        return None
    memdir.ensure()
    append_lines(memdir.events, [dumps_line(record)])
    return record


def event(
    kind: str, fact_ids: Iterable[str], *, session: str | None = None, source: str = "", **extra: Any
) -> dict[str, Any] | None:
    """One event as :func:`record` appends it (None without ids), for a writer that journals it with its change."""
    ids = list(dict.fromkeys(fact_ids))
    if not ids:
        return None
    record: dict[str, Any] = {
        "time": clock.now_iso(),
        "type": kind,
        "fact_ids": ids,
        "session": session,
        "source": source,
    }
    record.update({k: v for k, v in extra.items() if v is not None})
    return record


def read(memdir: MemoryDir, kind: str | None = None, session: str | None = None) -> Iterator[dict[str, Any]]:
    """Events, oldest first, optionally of one kind and one session."""
    for _, obj in read_jsonl(memdir.events):
        if isinstance(obj, BadLine):
            continue
        if kind and obj.get("type") != kind:
            continue
        if session is not None and obj.get("session") != session:
            continue
        yield obj


def injected_ids(memdir: MemoryDir, session: str) -> set[str]:
    """Ids already injected into ``session``."""
    out: set[str] = set()
    for event in read(memdir, INJECTION, session):
        out.update(event.get("fact_ids") or [])
    return out


# ----- consumption by memory-manage ------------------------------------------------------------

CURSOR_NAME = "manage-events.json"
PREV_NAME = "events.prev.jsonl"


@dataclass
class Batch:
    """Events read past the cursor: ``(position, event)`` pairs and where reading stopped."""

    inode: int | None
    gen: str
    start: int
    end: int
    events: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    bad_lines: int = 0


def cursor_path(memdir: MemoryDir) -> Path:
    return memdir.state_dir / CURSOR_NAME


def load_cursor(memdir: MemoryDir) -> dict[str, Any]:
    """The cursor document (empty when missing or unreadable: every event is then unconsumed)."""
    try:
        doc = read_json(cursor_path(memdir), {})
    except (ValueError, OSError):
        doc = {}
    if not isinstance(doc, dict) or not isinstance(doc.get("files"), dict):
        doc = {"files": {}}
    return doc


def _save_cursor(memdir: MemoryDir, doc: dict[str, Any]) -> None:
    memdir.ensure()
    atomic_write(cursor_path(memdir), json.dumps(doc, indent=1))


def pending(memdir: MemoryDir, kind: str | None = "reference", *, persist: bool = True) -> Batch:
    """Complete event lines after the cursor (of ``kind``, or all kinds), with their byte positions.

    A file seen for the first time gets its generation token saved at once (``persist``), before any fact can
    be marked with it: a killed run and its successor must agree on the token.
    """
    path = memdir.events
    try:
        with open(path, "rb") as fh:
            inode = os.fstat(fh.fileno()).st_ino
            doc = load_cursor(memdir)
            entry = doc["files"].get(str(inode))
            if entry and entry.get("mark") and not _adopt(fh, [entry]):
                entry = None  # another file under a reused inode number: its positions mean nothing here
            entry = entry or _adopt(fh, doc["files"].values())
            if not entry or not entry.get("gen"):
                entry = {"gen": _generation(), "offset": int((entry or {}).get("offset") or 0)}
            if doc["files"].get(str(inode)) != entry and persist:
                doc["files"][str(inode)] = entry
                _save_cursor(memdir, doc)
            gen = str(entry["gen"])
            offset = int(entry.get("offset") or 0)
            size = os.fstat(fh.fileno()).st_size
            if offset > size:  # the file was replaced behind our back: start over
                offset = 0
            fh.seek(offset)
            data = fh.read(size - offset)
    except FileNotFoundError:
        return Batch(None, _generation(), 0, 0)
    # A line still being written has no newline yet: leave it for the next run.
    complete = data[: data.rfind(b"\n") + 1]
    batch = Batch(inode, gen, offset, offset + len(complete))
    pos = offset
    for raw in complete.split(b"\n")[:-1]:
        here = pos
        pos += len(raw) + 1
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            batch.bad_lines += 1
            continue
        if not isinstance(obj, dict) or (kind and obj.get("type") != kind):
            continue
        batch.events.append((here, obj))
    return batch


def commit(memdir: MemoryDir, batch: Batch) -> None:
    """Move the cursor past ``batch`` (only the live file's entry is kept)."""
    if batch.inode is None:
        return
    doc = load_cursor(memdir)
    entry: dict[str, Any] = {"gen": batch.gen, "offset": batch.end}
    with contextlib.suppress(OSError), open(memdir.events, "rb") as fh:
        if os.fstat(fh.fileno()).st_ino == batch.inode:
            entry["mark"] = _mark(fh, batch.end)
    doc["files"] = {str(batch.inode): entry}
    _save_cursor(memdir, doc)


MARK_BYTES = 512


def _mark(fh: Any, offset: int) -> str:
    """A fingerprint of the bytes just before ``offset``: the same events file under another inode (a copy of the
    memory directory, a restore from backup) is recognised by its content, so its consumed events stay consumed."""
    start = max(0, offset - MARK_BYTES)
    fh.seek(start)
    import hashlib  # lazy: only the cursor check hashes; a hook that records an injection does not

    return hashlib.sha256(fh.read(offset - start)).hexdigest()[:24]


def _adopt(fh: Any, entries: Iterable[Any]) -> dict[str, Any] | None:
    """The cursor entry of a file whose inode changed but whose content up to the entry's offset is the same (only
    an entry with a ``mark``; the generation token goes with it, so facts' ``ref_mark`` still apply)."""
    size = os.fstat(fh.fileno()).st_size
    for entry in entries:
        if not isinstance(entry, dict) or not entry.get("mark") or not entry.get("gen"):
            continue
        offset = int(entry.get("offset") or 0)
        if 0 < offset <= size and _mark(fh, offset) == entry["mark"]:
            return dict(entry)
    return None


def already_applied(mark: Any, gen: str, position: int) -> bool:
    """True when a fact's ``ref_mark`` says the event at ``position`` of file ``gen`` was applied already."""
    return isinstance(mark, list) and len(mark) == 2 and mark[0] == gen and position < int(mark[1])


def _merge_prev(memdir: MemoryDir, doc: dict[str, Any]) -> int:
    """Copy late appends left in ``events.prev.jsonl`` to the live file (skipping lines it holds), then drop it."""
    prev = memdir.state_dir / PREV_NAME
    try:
        data = prev.read_bytes()
    except FileNotFoundError:
        return 0
    tail = data[int(doc.get("prev_copied") or 0) :]
    tail = tail[: tail.rfind(b"\n") + 1]
    copied = 0
    if tail.strip():
        try:
            live = set(memdir.events.read_bytes().split(b"\n"))
        except FileNotFoundError:
            live = set()
        lines = [line.decode("utf-8", "replace") for line in tail.split(b"\n") if line.strip() and line not in live]
        append_lines(memdir.events, lines)
        copied = len(lines)
    prev.unlink()
    return copied


def compact(memdir: MemoryDir, keep_days: float, now: datetime | None = None) -> int:
    """Drop consumed injection events older than ``keep_days`` (see module docstring); return how many.

    The caller holds the store lock (so two compactions never overlap); appenders need no lock.
    """
    doc = load_cursor(memdir)
    _merge_prev(memdir, doc)
    doc.pop("prev_copied", None)
    path = memdir.events
    cutoff = clock.iso((now or clock.now()) - timedelta(days=keep_days))
    try:
        old = open(path, "rb")  # noqa: SIM115 - kept open across the rename to catch late appends
    except FileNotFoundError:
        return 0
    with old:
        inode = os.fstat(old.fileno()).st_ino
        data = old.read()
        data = data[: data.rfind(b"\n") + 1]
        size = len(data)
        entry = doc["files"].get(str(inode)) or {}
        consumed = min(int(entry.get("offset") or 0), size)
        kept: list[bytes] = []
        new_consumed = 0
        dropped = 0
        pos = 0
        for raw in data.split(b"\n")[:-1]:
            here = pos
            pos += len(raw) + 1
            if here < consumed and _is_old_injection(raw, cutoff):
                dropped += 1
                continue
            kept.append(raw + b"\n")
            if here < consumed:
                new_consumed += len(raw) + 1
        if not dropped:
            return 0
        for stale in memdir.root.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()
        import tempfile  # lazy: only compaction rewrites the events file

        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=memdir.root)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(b"".join(kept))
                fh.flush()
                os.fsync(fh.fileno())
                new_inode = os.fstat(fh.fileno()).st_ino
            os.chmod(tmp, FILE_MODE)
            files = {str(inode): {"gen": entry.get("gen") or _generation(), "offset": consumed}}
            files[str(new_inode)] = {"gen": _generation(), "offset": new_consumed}
            with open(tmp, "rb") as fresh:
                files[str(new_inode)]["mark"] = _mark(fresh, new_consumed)
            read_up_to = old.tell()
            files[str(inode)]["mark"] = _mark(old, consumed)
            old.seek(read_up_to)  # late appends are read from here after the rename
            _save_cursor(memdir, {**doc, "files": files, "prev_copied": size})
            fault_point("store:events-before-rename")
            prev = memdir.state_dir / PREV_NAME
            with contextlib.suppress(FileNotFoundError):
                prev.unlink()
            os.link(path, prev)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        # Late appends that reached the old file between our read and the rename.
        late = old.read()
        late = late[: late.rfind(b"\n") + 1]
        if late.strip():
            append_lines(path, [line.decode("utf-8", "replace") for line in late.split(b"\n") if line.strip()])
            _save_cursor(memdir, {**load_cursor(memdir), "prev_copied": size + len(late)})
    return dropped


def _is_old_injection(raw: bytes, cutoff: str) -> bool:
    try:
        obj = json.loads(raw)
    except ValueError:
        return False
    if not isinstance(obj, dict) or obj.get("type") != "injection":
        return False
    when = obj.get("time")
    if not isinstance(when, str):
        return False
    try:
        return clock.iso(clock.parse(when)) < cutoff
    except ValueError:
        return False
