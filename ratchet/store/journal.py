"""The intent journal: a write of several steps, described whole before its first step and finished exactly after a
crash by the next holder of the store lock.

A :class:`Change` is written in this order:
1. ``keep``: lines copied before a rewrite drops their originals (``archive.jsonl``, ``rejected.jsonl``, a restored
   fact's quarter file);
2. ``files``: whole files replaced (rewritten quarter files, the vectors, the extraction offsets);
3. ``append``: lines appended (new facts, reference events); lines for a file that is also replaced are added to its
   replacement instead;
4. ``audit``: the records of ``memory-log.jsonl``.

:func:`apply` first writes each replacement to a temp file beside its target (fsynced, not yet in place), then
``state/journal.json`` atomically: each replacement's temp file name and sha256, and for each file appended to, its
size before the change and the lines (inline when short; past :data:`INLINE_LIMIT` bytes staged in a temp file
beside the target, as a replacement is, so a run appending 100 MB of archive and audit records does not copy them
into the journal as JSON). Then it takes the steps in order, removes the journal and then the staged appends. Every
step is idempotent: a replacement whose temp file is gone was made (its target has the recorded hash), and an
append, when a killed writer's journal is finished, adds only the lines not found past the recorded size, counted as
a multiset (one change may append two equal lines). That test is exact because these files grow only under the
store lock and a pending journal is finished by the next holder before anything else; the only other lines past the
size come from appenders that take no lock (events, retrieval's token usage), and none of them equals one of ours.
For the same reason the writer itself, taking its steps for the first time, appends its lines without looking.

:func:`held` takes the store lock; its outermost holder first finishes what a killed writer left (:func:`settle`).
Every writer takes the lock this way: extract, manage, add, import, embed, reindex.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ratchet.errors import StoreError
from ratchet.store.files import (
    Writer,
    append_bytes,
    atomic_write,
    dumps_line,
    fault_point,
    fsync_dir,
    hold_lock,
    remove_stale_temps,
    stage,
)
from ratchet.store.logfile import log_line
from ratchet.store.memdir import MemoryDir

VERSION = 2  # 2: an append step's lines may be staged in a temp file ("temp"); version 1 journals still finish
READABLE = (1, 2)
LOCK_TIMEOUT = 60.0
INLINE_LIMIT = 1 << 16  # appends up to this many bytes go into the journal itself (a hook's few lines)


@dataclass
class Change:
    """One multi-step write, planned whole before anything is written (the order is the module docstring's)."""

    keep: dict[Path, list[str]] = field(default_factory=dict)
    files: dict[Path, bytes | Writer] = field(default_factory=dict)
    append: dict[Path, list[str]] = field(default_factory=dict)
    audit: list[dict[str, Any] | str] = field(default_factory=list)  # records, or lines already serialised

    def keep_lines(self, path: Path, lines: Iterable[str]) -> None:
        """Lines to append before any file is replaced."""
        self.keep.setdefault(path, []).extend(lines)

    def replace(self, path: Path, data: str | bytes | Writer) -> None:
        """The new content of ``path`` (a :data:`Writer` writes it straight to its temp file)."""
        self.files[path] = data.encode("utf-8") if isinstance(data, str) else data

    def append_lines(self, path: Path, lines: Iterable[str]) -> None:
        """Lines to append after the replacements."""
        self.append.setdefault(path, []).extend(lines)

    def __bool__(self) -> bool:
        return bool(self.files or self.audit or any(self.keep.values()) or any(self.append.values()))


def apply(memdir: MemoryDir, change: Change) -> None:
    """Write ``change`` exactly once (the caller holds the store lock): temp files, the journal, the steps."""
    if not change:
        return
    memdir.ensure()
    files = dict(change.files)
    appends: dict[Path, list[str]] = {}
    for path, lines in change.append.items():
        if path in files:
            files[path] = _followed(files[path], "".join(line + "\n" for line in lines).encode("utf-8"))
        elif lines:
            appends[path] = lines
    staged: list[dict[str, str]] = []
    payloads: dict[str, bytes] = {}  # staged append temp name -> its bytes, appended from memory on this first run
    try:
        for path, data in files.items():
            temp = stage(path, data)
            digest = _sha256_of(data) if isinstance(data, bytes | bytearray) else _sha256(temp)
            staged.append({"file": _name(memdir, path), "temp": temp.name, "sha256": str(digest)})
        audit_lines = [r if isinstance(r, str) else dumps_line(r) for r in change.audit]
        doc: dict[str, Any] = {
            "version": VERSION,
            "keep": [_append_step(memdir, path, lines, payloads) for path, lines in change.keep.items() if lines],
            "replace": staged,
            "append": [_append_step(memdir, path, lines, payloads) for path, lines in appends.items()],
            "audit": [_append_step(memdir, memdir.audit_log, audit_lines, payloads)] if audit_lines else [],
        }
        for folder in {path.parent for path in files} | ({memdir.root} if payloads else set()):
            fsync_dir(folder)
        atomic_write(memdir.journal, json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    except BaseException:
        for step in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(memdir.root / Path(step["file"]).parent / step["temp"])
        _remove_staged(memdir, payloads)
        raise
    fault_point("store:journal")
    appended = [step["file"] for part in ("keep", "append", "audit") for step in doc[part]]
    # Unchecked only when no file takes two appends: a second one would look past the same recorded size.
    _run(memdir, doc, payloads, look=len(set(appended)) < len(appended))
    _remove(memdir)
    _remove_staged(memdir, payloads)


@contextlib.contextmanager
def held(memdir: MemoryDir, *, timeout: float = LOCK_TIMEOUT, busy: str | None = None) -> Iterator[None]:
    """Hold the store lock (re-entrant); the outermost holder first finishes what a killed writer left."""
    busy = busy or f"Timed out after {timeout:.0f}s waiting for {memdir.lock}"
    with hold_lock(memdir.lock, timeout=timeout, busy=busy, reentrant=True) as depth:
        if depth == 1:
            settle(memdir)
        yield


def settle(memdir: MemoryDir) -> bool:
    """Finish a change a killed writer left and delete killed writers' temp files (the caller holds the store lock).

    Returns True when a change was finished. Raises :class:`StoreError` when it cannot be: the journal is unreadable,
    or a file it replaces holds neither its new content nor a temp file to take it from.
    """
    finished = recover(memdir)
    for folder in memdir.temp_dirs():
        if folder.is_dir():
            remove_stale_temps(folder)
    return finished


def recover(memdir: MemoryDir) -> bool:
    """Take the remaining steps of a pending journal and remove it; False when there is none."""
    try:
        text = memdir.journal.read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise StoreError(f"Unfinished change in {memdir.journal} cannot be read: {exc}") from None
    if not isinstance(doc, dict) or doc.get("version") not in READABLE:
        raise StoreError(f"Unfinished change in {memdir.journal} has an unknown format")
    _run(memdir, doc)
    _remove(memdir)
    _remove_staged(memdir, {s["temp"]: b"" for part in ("keep", "append", "audit") for s in doc[part] if "temp" in s})
    files = [step["file"] for part in ("keep", "replace", "append", "audit") for step in doc[part]]
    log_line(memdir.log, f"finished a change a killed writer left ({', '.join(dict.fromkeys(files))})")
    return True


def pending(memdir: MemoryDir) -> set[Path]:
    """Files a change not finished yet will still replace: readers without the lock treat them as mid-write."""
    try:
        doc = json.loads(memdir.journal.read_bytes())
    except (OSError, ValueError):
        return set()
    steps = doc.get("replace") if isinstance(doc, dict) else None
    return {memdir.root / step["file"] for step in steps or [] if isinstance(step, dict) and "file" in step}


def _run(memdir: MemoryDir, doc: dict[str, Any], payloads: dict[str, bytes] | None = None, look: bool = True) -> None:
    """The steps of a journal, each idempotent, with a fault point after each. ``payloads``: the writer's own first
    run, with the staged appends' bytes; unless ``look``, it appends without looking (none of its lines is there)."""
    for step in doc["keep"]:
        _append(memdir, step, payloads, look)
    if doc["keep"]:
        fault_point("store:after-archive")
    for n, step in enumerate(doc["replace"], 1):
        _replace(memdir, step)
        if n < len(doc["replace"]):
            fault_point("store:mid-rewrite")
    if doc["replace"]:
        fault_point("store:after-rewrite")
    for n, step in enumerate(doc["append"], 1):
        _append(memdir, step, payloads, look)
        if n < len(doc["append"]):
            fault_point("store:mid-append")
    if doc["append"]:
        fault_point("store:after-append")
    for step in doc["audit"]:
        _append(memdir, step, payloads, look)
    if doc["audit"]:
        fault_point("store:after-audit")


def _followed(data: bytes | Writer, tail: bytes) -> bytes | Writer:
    """``data`` with ``tail`` after it."""
    if not callable(data):
        return data + tail

    def write(fh: BinaryIO) -> None:
        data(fh)
        fh.write(tail)

    return write


def _name(memdir: MemoryDir, path: Path) -> str:
    return Path(path).relative_to(memdir.root).as_posix()


def _append_step(memdir: MemoryDir, path: Path, lines: list[str], payloads: dict[str, bytes]) -> dict[str, Any]:
    """The journal's record of an append: the file's size now and the lines, inline or staged in a temp file."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        size = 0
    step: dict[str, Any] = {"file": _name(memdir, path), "size": size}
    data = "".join(line.rstrip("\n") + "\n" for line in lines).encode("utf-8")  # as append_lines writes them
    if len(data) <= INLINE_LIMIT:
        step["lines"] = lines
        return step
    # Staged beside the journal's other temp files, under the memory directory's root with the pid in its name, so a
    # killed writer's is removed by settle() once its journal is finished (or when it never wrote one).
    temp = stage(memdir.root / f"append-{path.name}", data)
    payloads[temp.name] = data
    step["temp"] = temp.name
    return step


def _append(
    memdir: MemoryDir, step: dict[str, Any], payloads: dict[str, bytes] | None = None, look: bool = True
) -> None:
    """Append the step's lines not already past its recorded size (without looking: all of them)."""
    path = memdir.root / step["file"]
    if "temp" in step:
        if payloads is not None and not look:
            _append_bytes(path, payloads[step["temp"]])
            return
        lines = _staged_lines(memdir, step)
    else:
        lines = [line.rstrip("\n").encode("utf-8") for line in step["lines"]]
        if payloads is not None and not look:
            _append_bytes(path, b"".join(line + b"\n" for line in lines))
            return
    try:
        with open(path, "rb") as fh:
            end = fh.seek(0, os.SEEK_END)
            size = int(step["size"])
            fh.seek(size if size <= end else 0)  # shorter than recorded: changed by hand, so look at all of it
            present = Counter(fh.read().split(b"\n"))
    except FileNotFoundError:
        present = Counter()
    missing = []
    for raw in lines:
        if present[raw] > 0:
            present[raw] -= 1
        else:
            missing.append(raw)
    _append_bytes(path, b"".join(line + b"\n" for line in missing))


def _staged_lines(memdir: MemoryDir, step: dict[str, Any]) -> list[bytes]:
    """The lines of a staged append (the journal is removed before its temp files, so they are there)."""
    temp = memdir.root / step["temp"]
    try:
        data = temp.read_bytes()
    except FileNotFoundError:
        raise StoreError(
            f"Unfinished change in {memdir.journal} cannot be completed: {temp}, the lines it appends to "
            f"{step['file']}, is gone"
        ) from None
    return data.split(b"\n")[:-1]


def _append_bytes(path: Path, data: bytes) -> None:
    """Append complete lines (bytes) to ``path`` in one write, as :func:`ratchet.store.files.append_lines` does."""
    if data:
        append_bytes(path, data)


def _remove_staged(memdir: MemoryDir, payloads: dict[str, bytes]) -> None:
    for name in payloads:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(memdir.root / name)


def _replace(memdir: MemoryDir, step: dict[str, Any]) -> None:
    """Move the staged temp file over its target; a missing temp file means that was done."""
    target = memdir.root / step["file"]
    try:
        os.replace(target.parent / step["temp"], target)
    except FileNotFoundError:
        if _sha256(target) != step["sha256"]:
            raise StoreError(
                f"Unfinished change in {memdir.journal} cannot be completed: {target} does not hold its new content "
                "and the temp file holding it is gone"
            ) from None
        return
    fsync_dir(target.parent)


def _sha256_of(data: bytes | bytearray) -> str:
    import hashlib  # lazy: a hook that reads the store never writes a journal

    return hashlib.sha256(data).hexdigest()


def _sha256(path: Path) -> str | None:
    import hashlib

    try:
        with open(path, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except FileNotFoundError:
        return None


def _remove(memdir: MemoryDir) -> None:
    with contextlib.suppress(FileNotFoundError):
        memdir.journal.unlink()
    fsync_dir(memdir.state_dir)
