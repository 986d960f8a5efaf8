"""The hook contract, with nothing heavier than the standard library.

Hook verbs fail open: whatever goes wrong, exit 0, nothing harmful on stdout, the reason in ``ratchet.log``.
:func:`fail_open` is the one place that catches for them (``RATCHET_RAISE_ERRORS=1`` re-raises for debugging).
SessionEnd hooks get 1.5 s in all, and every millisecond of a hook is the agent's: this module also lets
``memory-extract --hook`` validate its stdin and start the detached worker without importing click or the library.

A hook whose command line names no store (a project install, see :mod:`ratchet.hooks.install`) uses
:func:`hook_store`, never ``./memory`` inside whatever project the agent runs it in.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.errors import UsageError

if TYPE_CHECKING:
    from ratchet.config import Config
    from ratchet.recall.hook import Ask
    from ratchet.store.store import Store


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


def default_memory_dir() -> Path:
    """``~/.ratchet/memory``: the store hooks use when nothing else names one."""
    return Path.home() / ".ratchet" / "memory"


def hook_store(memory_dir: str | None, config: Config) -> Path:
    """The store of a hook: ``--memory-dir`` > ``RATCHET_MEMORY_DIR`` > the config's ``memory_dir`` (a key only your
    own or an allowed config may set) or ``memory/`` beside a config file named by ``RATCHET_CONFIG`` or one in the
    working directory that you allowed (``ratchet init`` allows the one it writes) > ``~/.ratchet/memory``. Never
    ``./memory`` of a repository an agent happens to run in because it ships a ``ratchet.config.json``: facts would
    land inside the repository, where a commit can take them."""
    from ratchet.store.memdir import resolve_memory_dir

    if memory_dir or os.environ.get("RATCHET_MEMORY_DIR") or config.data.get("memory_dir") or _trusted_config_here():
        return resolve_memory_dir(memory_dir, config)
    return default_memory_dir()


def _trusted_config_here() -> bool:
    """A config file the user named (``RATCHET_CONFIG``) or the working directory's, allowed by its content."""
    from ratchet.config import CONFIG_NAME, is_allowed, read_bytes
    from ratchet.errors import RatchetError

    if os.environ.get("RATCHET_CONFIG"):
        return True
    local = Path.cwd() / CONFIG_NAME
    if not local.is_file():
        return False
    try:
        return is_allowed(local, read_bytes(local))
    except (OSError, RatchetError):
        return False


def spawn_worker(payload: dict[str, str], memory_dir: str | None, config_path: str | None) -> None:
    """Start ``memory-extract --worker`` fully detached (new session, no stdio) and return at once."""
    if not memory_dir:  # the worker must not resolve ./memory in the agent's working directory
        from ratchet.config import load_config

        memory_dir = str(hook_store(None, load_config(config_path)))
    args = [sys.executable, "-m", "ratchet.cli.extract", "--worker", payload["transcript_path"]]
    if payload.get("session_id"):
        args += ["--session", payload["session_id"]]
    if payload.get("cwd"):
        args += ["--cwd", payload["cwd"]]
    if memory_dir:
        args += ["--memory-dir", memory_dir]
    if config_path:
        args += ["--config", config_path]
    import subprocess  # lazy: the per-prompt hook never spawns

    subprocess.Popen(  # noqa: S603 - our own module, no shell
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )


def hook_log_path(memory_dir: str | None, config_path: str | None) -> Path | None:
    """``memory/ratchet.log``, resolved without failing: a broken config must not hide the log line."""
    try:
        from ratchet.config import load_config
        from ratchet.store.memdir import MemoryDir

        memdir = MemoryDir(hook_store(memory_dir, load_config(config_path)))
        memdir.ensure()
        return memdir.log
    except Exception:  # noqa: BLE001 - fall back to the directory we were given, if any
        root = Path(memory_dir or os.environ.get("RATCHET_MEMORY_DIR") or default_memory_dir())
        try:
            root.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError:
            return None
        return root / "ratchet.log" if root.is_dir() else None


@contextlib.contextmanager
def fail_open(where: str, memory_dir: str | None = None, config_path: str | None = None) -> Iterator[None]:
    """Run the block; on any failure append one line (and the traceback) to ``ratchet.log`` and carry on."""
    try:
        yield
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:  # noqa: BLE001 - the hook contract: never hurt the agent
        if os.environ.get("RATCHET_RAISE_ERRORS") == "1":
            raise
        import traceback  # lazy: only a failure formats one

        from ratchet.store.logfile import log_line

        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        log_line(
            hook_log_path(memory_dir, config_path),
            f"{where} failed open: {detail}",
            trace="".join(traceback.format_tb(exc.__traceback__)),
        )


def recall_answer(memory_dir: str | None, config_path: str | None, stdin: str, fmt: str, ask: Ask) -> str:
    """What ``memory-retrieve --hook`` prints for the agent's stdin ``stdin`` (the caller fails open around it): the
    store is the one named, else the user's environment or config; nothing when it does not exist yet (a read
    must not create the memory directory)."""
    from ratchet.config import load_config
    from ratchet.hooks import agents
    from ratchet.recall.hook import respond
    from ratchet.store.memdir import MemoryDir, resolve_memory_dir
    from ratchet.store.store import Store

    config = load_config(config_path)
    if not memory_dir:  # a project install names no store: the user's environment or config does
        memory_dir = str(hook_store(None, config))
    root = resolve_memory_dir(memory_dir, config)
    if not root.is_dir():
        return ""
    payload = json.loads(stdin) if stdin.strip() else {}
    store = Store(MemoryDir(root))
    agent = agents.agent_for_format(fmt)
    if agent is None:
        return respond(store, config, payload if isinstance(payload, dict) else {}, fmt, ask)
    unit = agent.cap_unit
    return respond(
        store,
        config,
        payload if isinstance(payload, dict) else {},
        fmt,
        ask,
        cap=agent.context_cap,
        measure=lambda t: agents.measure(t, unit),
    )


def warm_starts(store: Store, config: Config) -> int:
    """Answer again the session starts asked lately (:func:`ratchet.recall.hook.recent_starts`) after a write, so the
    next start in those repositories finds its answer kept; nothing is recorded as shown. Returns how many were
    answered (kept ones included)."""
    from ratchet.hooks import agents
    from ratchet.recall.hook import Ask, recent_starts, respond

    done = 0
    for cwd, fmt in recent_starts(store):
        if not os.path.isdir(cwd):
            continue
        payload = {"hook_event_name": "SessionStart", "cwd": cwd}
        agent = agents.agent_for_format(fmt)
        if agent is None:
            respond(store, config, payload, fmt, Ask(), record=False)
        else:
            unit = agent.cap_unit
            measure = lambda t, u=unit: agents.measure(t, u)  # noqa: E731
            respond(store, config, payload, fmt, Ask(), cap=agent.context_cap, measure=measure, record=False)
        done += 1
    return done
