"""``ratchet.log``: diagnostics of hook verbs, which must never write to the agent's stdout."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from ratchet.core import clock
from ratchet.store.files import FILE_MODE

MAX_BYTES = 2_000_000


def log_line(path: Path | None, message: str, trace: str = "") -> None:
    """Append a timestamped line to the log (rotating it once past 2 MB). Never raises."""
    if path is None:
        return
    with contextlib.suppress(OSError):
        if path.exists() and path.stat().st_size > MAX_BYTES:
            os.replace(path, path.with_suffix(".log.1"))
        text = f"{clock.now_iso()} [{os.getpid()}] {' '.join(message.split())}\n"
        if trace:
            text += "".join(f"    {line}\n" for line in trace.rstrip().splitlines())
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
        try:
            os.write(fd, text.encode("utf-8", "replace"))
        finally:
            os.close(fd)
