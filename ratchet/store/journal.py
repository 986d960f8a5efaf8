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
size before the change and the lines. Then it takes the steps in order and removes the journal. Every step is
idempotent: a replacement whose temp file is gone was made (its target has the recorded hash), and an append adds
only the lines not found past the recorded size, counted as a multiset (one change may append two equal lines). That
test is exact because these files grow only under the store lock and a pending journal is finished by the next
holder before anything else; the only other lines past the size come from appenders that take no lock (events,
retrieval's token usage), and none of them equals one of ours.

:func:`held` takes the store lock; its outermost holder first finishes what a killed writer left (:func:`settle`).
Every writer takes the lock this way: extract, manage, add, import, embed, reindex.
"""

from __future__ import annotations

import contextlib
import hashlib
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
    append_lines,
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

VERSION = 1
LOCK_TIMEOUT = 60.0


@dataclass
class Change:
    """One multi-step write, planned whole before anything is written (the order is the module docstring's)."""

    keep: dict[Path, list[str]] = field(default_factory=dict)
    files: dict[Path, bytes | Writer] = field(default_factory=dict)
    append: dict[Path, list[str]] = field(default_factory=dict)
    audit: list[dict[str, Any]] = field(default_factory=list)

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
    try:
        for path, data in files.items():
            temp = stage(path, data)
            digest = hashlib.sha256(data).hexdigest() if isinstance(data, bytes | bytearray) else _sha256(temp)
            staged.append({"file": _name(memdir, path), "temp": temp.name, "sha256": str(digest)})
        for folder in {path.parent for path in files}:
            fsync_dir(folder)
        doc = {
            "version": VERSION,
            "keep": [_append_step(memdir, path, lines) for path, lines in change.keep.items() if lines],
            "replace": staged,
            "append": [_append_step(memdir, path, lines) for path, lines in appends.items()],
            "audit": [_append_step(memdir, memdir.audit_log, [dumps_line(r) for r in change.audit])]
            if change.audit
            else [],
        }
        atomic_write(memdir.journal, json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    except BaseException:
        for step in staged:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(memdir.root / Path(step["file"]).parent / step["temp"])
        raise
    fault_point("store:journal")
    _run(memdir, doc)
    _remove(memdir)


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
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        raise StoreError(f"Unfinished change in {memdir.journal} has an unknown format")
    _run(memdir, doc)
    _remove(memdir)
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


def _run(memdir: MemoryDir, doc: dict[str, Any]) -> None:
    """The steps of a journal, each idempotent, with a fault point after each."""
    for step in doc["keep"]:
        _append(memdir, step)
    if doc["keep"]:
        fault_point("store:after-archive")
    for n, step in enumerate(doc["replace"], 1):
        _replace(memdir, step)
        if n < len(doc["replace"]):
            fault_point("store:mid-rewrite")
    if doc["replace"]:
        fault_point("store:after-rewrite")
    for n, step in enumerate(doc["append"], 1):
        _append(memdir, step)
        if n < len(doc["append"]):
            fault_point("store:mid-append")
    if doc["append"]:
        fault_point("store:after-append")
    for step in doc["audit"]:
        _append(memdir, step)
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


def _append_step(memdir: MemoryDir, path: Path, lines: list[str]) -> dict[str, Any]:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        size = 0
    return {"file": _name(memdir, path), "size": size, "lines": lines}


def _append(memdir: MemoryDir, step: dict[str, Any]) -> None:
    """Append the step's lines not already past its recorded size."""
    path = memdir.root / step["file"]
    try:
        with open(path, "rb") as fh:
            end = fh.seek(0, os.SEEK_END)
            size = int(step["size"])
            fh.seek(size if size <= end else 0)  # shorter than recorded: changed by hand, so look at all of it
            present = Counter(fh.read().split(b"\n"))
    except FileNotFoundError:
        present = Counter()
    missing = []
    for line in step["lines"]:
        raw = line.encode("utf-8")
        if present[raw] > 0:
            present[raw] -= 1
        else:
            missing.append(line)
    append_lines(path, missing)


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


def _sha256(path: Path) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except FileNotFoundError:
        return None


def _remove(memdir: MemoryDir) -> None:
    with contextlib.suppress(FileNotFoundError):
        memdir.journal.unlink()
    fsync_dir(memdir.state_dir)
