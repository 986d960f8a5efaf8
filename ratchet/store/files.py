"""File primitives: the one atomic writer, the one lock helper, private files and directories, JSONL reading.

Every whole-file rewrite in Ratchet goes through :func:`atomic_write`; every JSONL append goes through
:func:`append_lines`; every inter-process lock is :func:`hold_lock`. Files are created 0600 and directories 0700.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ratchet.errors import LockBusyError, LockTimeoutError, StoreError

FILE_MODE = 0o600
DIR_MODE = 0o700


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if needed and make it 0700."""
    path.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
    if (path.stat().st_mode & 0o777) != DIR_MODE:
        with contextlib.suppress(PermissionError):
            os.chmod(path, DIR_MODE)
    return path


# Writes a file's content into it, for content too large to hold in memory twice (a derived cache, the vectors).
Writer = Callable[[BinaryIO], None]


def atomic_write(path: Path, data: str | bytes | Writer) -> None:
    """Replace ``path`` with ``data`` so readers see the old or the new file, never a mix.

    A uniquely named temp file in the same directory (:func:`stage`) is renamed over the target. On any error the
    temp file is removed and the target is untouched.
    """
    path = Path(path)
    tmp = stage(path, data)
    try:
        fault_point("store:before-replace")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def stage(path: Path, data: str | bytes | Writer) -> Path:
    """Write ``data`` (or let the :data:`Writer` write) to a new temp file beside ``path`` (flushed, fsynced, 0600)
    and return it, not yet in place.

    The name carries the writer's pid (``.<name>.<pid>-<random>.tmp``) so :func:`remove_stale_temps` can tell a
    live writer's file from one a killed writer left.
    """
    import tempfile  # lazy: a hook that only reads and appends never writes a whole file

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            if callable(data):
                data(fh)
            else:
                fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, FILE_MODE)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return Path(tmp)


@contextlib.contextmanager
def hold_lock(path: Path, *, timeout: float, busy: str, reentrant: bool = False) -> Iterator[int]:
    """Hold the exclusive lock file ``path`` (filelock: ``flock`` where it exists) for the block.

    ``timeout`` 0 tries once (cron runs that must not queue): :class:`LockBusyError` with ``busy`` when it is taken, a
    skip. Past a longer timeout the wait failed: :class:`LockTimeoutError` with ``busy``. :class:`StoreError` when the
    lock file cannot be created. ``reentrant`` shares one lock object per path within the process, so a holder may
    take it again (the store's writers nest). The block receives the nesting depth (1 for the outermost holder).
    """
    from filelock import FileLock, Timeout

    lock = FileLock(str(path), mode=FILE_MODE, is_singleton=reentrant)
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise (LockBusyError if timeout == 0 else LockTimeoutError)(busy) from None
    except OSError as exc:
        raise StoreError(f"Cannot lock {path}: {exc.strerror}") from None
    try:
        yield lock.lock_counter
    finally:
        lock.release()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block: building 100k facts (or records of them), which hold no cycles, would
    trigger it over and over to rescan them for nothing. What the block leaves alive goes to the oldest generation
    (``gc.freeze`` then ``unfreeze``), where the collector's next young pass does not rescan it (that pass took
    0.4 s after memory-manage at 100k); any garbage among it waits for the next full collection."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


_HITS: Counter[str] = Counter()


def fault_point(name: str) -> None:
    """Crash here (exit 86, no cleanup) when ``RATCHET_FAULT`` names this point: how tests kill a writer mid-way.

    ``name`` is the first time the point is reached, ``name#3`` the third. ``RATCHET_FAULT_TRACE`` names a file
    that gets one ``name#n`` line per point reached (how the crash tests list a command's checkpoints).
    """
    _HITS[name] += 1
    here = f"{name}#{_HITS[name]}"
    trace = os.environ.get("RATCHET_FAULT_TRACE")
    if trace:
        with open(trace, "a", encoding="utf-8") as fh:
            fh.write(here + "\n")
    wanted = os.environ.get("RATCHET_FAULT")
    if wanted and (wanted == here or (wanted == name and _HITS[name] == 1)):
        os._exit(86)


_TEMP = re.compile(r"\.(\d+)-[a-z0-9_]+\.tmp$")


def remove_stale_temps(directory: Path) -> int:
    """Delete temp files killed writers left in ``directory`` (call only while holding the store lock).

    A temp file whose name carries the pid of a live process belongs to a writer still at work (readers refresh
    caches without the store lock) and is kept; one without a pid predates them and is removed.
    """
    removed = 0
    for tmp in directory.glob(".*.tmp"):
        match = _TEMP.search(tmp.name)
        if match and _alive(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed += 1
    return removed


def _alive(pid: int) -> bool:
    if os.name != "posix":
        return True  # signal 0 probes a process only on POSIX
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process, or no way to tell: keep its file
    return True


def fsync_dir(directory: Path) -> None:
    """Make a rename or an unlink in ``directory`` durable (best effort: not every platform can)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Append complete lines to ``path`` in one write (the caller holds the store lock)."""
    payload = "".join(line.rstrip("\n") + "\n" for line in lines)
    if payload:
        append_bytes(path, payload.encode("utf-8"))


def append_bytes(path: Path, data: bytes) -> None:
    """Append ``data`` (complete lines) to ``path`` in one write, then fsync (the caller holds the store lock)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
    try:
        view = memoryview(data)
        while view:  # one write() for any size the kernel takes whole; a short write continues where it stopped
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def _line_encoder() -> Callable[[Any], str]:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, the same bytes for the JSON values records
    hold, with the C encoder made once rather than per call (half the cost: memory-manage writes ~200k lines)."""
    import json.encoder

    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C accelerator
        return lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    encode = make(None, _no_default, json.encoder.encode_basestring, None, ":", ",", False, False, True)
    return lambda value: "".join(encode(value, 0))


def _no_default(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_encode = _line_encoder()


def dumps_line(record: dict[str, Any]) -> str:
    """One JSON object on one line, keys in a stable order, non-ASCII kept readable."""
    return _encode(record)


def dumps_value(value: Any) -> str:
    """Any JSON value (a string, a list) as :func:`dumps_line` writes it inside a line."""
    return _encode(value)


def dumps_line_with(record: dict[str, Any], raw: dict[str, str]) -> str:
    """:func:`dumps_line` of ``record`` where the values of the keys in ``raw`` come already serialised (by
    :func:`dumps_line`): a fact written twice in one run (its archive record, its audit record) is encoded once."""
    parts: list[str] = []
    run: dict[str, Any] = {}  # keys between the raw ones, encoded together
    for key, value in record.items():
        if key in raw:
            if run:
                parts.append(_encode(run)[1:-1])
                run = {}
            parts.append(f"{_encode(key)}:{raw[key]}")
        else:
            run[key] = value
    if run:
        parts.append(_encode(run)[1:-1])
    return "{" + ",".join(parts) + "}"


def line_template(record: dict[str, Any], holes: Sequence[str]) -> Callable[..., str]:
    """:func:`dumps_line_with` of ``record`` as a function of the serialised values of the keys ``holes``, in that
    order: a line of one shape written 100k times (a purge's archive and audit records) is encoded once. The holes
    are marked by a NUL character, which JSON text never holds raw (the encoder escapes it)."""
    parts = dumps_line_with(record, dict.fromkeys(holes, "\0")).split("\0")
    if len(parts) != len(holes) + 1:
        raise ValueError("each hole must be a key of the record")
    order = [holes.index(key) for key in record if key in holes]  # where each hole's value sits in the line

    def fill(*values: str) -> str:
        return "".join(part + values[n] for part, n in zip(parts, order, strict=False)) + parts[-1]

    return fill


@dataclass(frozen=True)
class BadLine:
    """A JSONL line that could not be used, with where it was and why."""

    path: Path
    lineno: int
    raw: str
    reason: str
    torn: bool = False  # the last line of the file without a newline (a write cut short)

    def where(self) -> str:
        return f"{self.path}:{self.lineno}"


def scan_jsonl(
    path: Path, *, data: bytes | None = None, start: int = 0
) -> Iterator[tuple[int, int, bytes, dict[str, Any] | BadLine]]:
    """The one JSONL reader: ``(lineno, byte offset, raw line, object or BadLine)`` for each non-blank line.

    The raw bytes and offset let derived indexes (the retrieval catalog) point back into the file; a line that is not
    a JSON object comes back as a :class:`BadLine` naming why. A missing file yields nothing. ``data`` is the file's
    content when the caller already read it; ``start`` (the offset of a line) reads only the lines from there on, as a
    cache that knows the lines before it does.
    """
    if data is None:
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            return
    first = data.count(b"\n", 0, start) if start else 0
    lines = data[start:].split(b"\n") if start else data.split(b"\n")
    complete = data.endswith(b"\n")
    last = len(lines) - 1
    offset = start
    for index, raw in enumerate(lines):
        begin = offset
        offset += len(raw) + 1
        if not raw.strip():
            continue
        lineno = first + index + 1
        torn = index == last and not complete
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            reason = f"invalid JSON: {exc.msg} at column {exc.colno}"
            yield lineno, begin, raw, BadLine(path, lineno, _text(raw), reason, torn)
            continue
        except ValueError:  # not UTF-8
            yield lineno, begin, raw, BadLine(path, lineno, _text(raw), "invalid UTF-8", torn)
            continue
        if not isinstance(obj, dict):
            yield lineno, begin, raw, BadLine(path, lineno, _text(raw), "not a JSON object", torn)
            continue
        yield lineno, begin, raw, obj


def read_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any] | BadLine]]:
    """``(lineno, object or BadLine)`` for each non-blank line (:func:`scan_jsonl` without the bytes)."""
    for lineno, _offset, _raw, obj in scan_jsonl(path):
        yield lineno, obj


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


def quarantine_record(raw: str) -> dict[str, str]:
    """How a bad line is kept in ``rejected.jsonl``, byte-exact: as text when it is valid UTF-8, else as base64 of
    its bytes (``raw_b64``) with a readable rendering beside it."""
    data = raw.encode("utf-8", "surrogateescape")
    try:
        return {"raw": data.decode("utf-8")}
    except UnicodeDecodeError:
        import base64

        return {"raw": data.decode("utf-8", "replace"), "raw_b64": base64.b64encode(data).decode("ascii")}


def read_json(path: Path, default: Any = None) -> Any:
    """Load a JSON file, or return ``default`` when it does not exist."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return default
