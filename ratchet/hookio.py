"""Hook input and the detached extraction worker, with nothing heavier than the standard library.

SessionEnd hooks get 1.5 s in all, and every millisecond of a hook is the agent's; this module lets
``memory-extract --hook`` validate its stdin and start the worker without importing click or the library.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from ratchet.errors import UsageError


def parse_hook_input(raw: str) -> dict[str, str]:
    """Validate hook JSON: an object with a readable ``transcript_path``; ``session_id``/``cwd`` optional strings."""
    try:
        payload: Any = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise UsageError(f"hook input: invalid JSON at line {exc.lineno} ({exc.msg})") from None
    if not isinstance(payload, dict):
        raise UsageError("hook input: expected a JSON object")
    out: dict[str, str] = {}
    for key in ("transcript_path", "session_id", "cwd"):
        value = payload.get(key)
        if value is not None and not isinstance(value, str):
            raise UsageError(f"hook input: {key} must be a string")
        if value:
            out[key] = value
    path = out.get("transcript_path")
    if not path:
        raise UsageError("hook input: transcript_path is missing")
    if not os.path.isfile(path):
        raise UsageError(f"hook input: transcript {path} not found")
    return out


def spawn_worker(payload: dict[str, str], memory_dir: str | None, config_path: str | None) -> None:
    """Start ``memory-extract --worker`` fully detached (new session, no stdio) and return at once."""
    args = [sys.executable, "-m", "ratchet.cli.extract", "--worker", payload["transcript_path"]]
    if payload.get("session_id"):
        args += ["--session", payload["session_id"]]
    if payload.get("cwd"):
        args += ["--cwd", payload["cwd"]]
    if memory_dir:
        args += ["--memory-dir", memory_dir]
    if config_path:
        args += ["--config", config_path]
    subprocess.Popen(  # noqa: S603 - our own module, no shell
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )
