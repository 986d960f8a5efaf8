"""``ratchet install`` / ``uninstall``: hooks into agent settings files, the Codex feature flag, the Friday cron line.

Installing is idempotent: a second run changes no byte. A settings file is rewritten only when our entries change,
through :func:`ratchet.store.files.atomic_write`, keeping its other keys in order, 2-space JSON, and its file mode.
Uninstalling removes exactly what install added. Hooks get absolute paths and the memory directory (and config)
pinned on their command line, so they use the same store whatever directory the agent runs them from.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.core.scope import git
from ratchet.errors import RatchetError, UsageError
from ratchet.hooks import agents
from ratchet.store.files import atomic_write

CHECKOUT = Path(__file__).resolve().parents[2]  # a checkout's root, whose bin/ shims run without an install
MANAGE = "memory-manage"
CRON_MARKER = "# ratchet-memory: weekly memory-manage"
CRON_SCHEDULE = "0 18 * * 5"  # Fridays 18:00, the weekly review
CRON_LOG = "manage-cron.log"
CODEX_FLAG_COMMENT = "# added by ratchet install codex"
_FEATURES_HEADER = re.compile(r"^\s*\[\s*features\s*\]\s*(#.*)?$")
_TABLE_HEADER = re.compile(r"^\s*\[")


# ----- where things are -------------------------------------------------------------------------------------------
def executable(name: str) -> list[str]:
    """argv prefix that runs our command ``name``: the installed script beside this Python, on PATH, or the
    checkout's ``bin/`` shim run by this Python. Raises when none exists."""
    beside = Path(sys.executable).absolute().parent / name
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which(name)
    if found:
        return [str(Path(found).absolute())]
    shim = CHECKOUT / "bin" / name
    if shim.is_file():
        return [str(Path(sys.executable).absolute()), str(shim)]
    raise RatchetError(f"Command '{name}' not found beside {sys.executable}, on PATH or in {CHECKOUT / 'bin'}")


def project_root(cwd: str | Path | None = None) -> Path:
    """The repository root of ``cwd`` (or ``cwd`` itself outside a repository)."""
    path = Path(cwd or Path.cwd()).absolute()
    top = git(path, "rev-parse", "--show-toplevel")
    return Path(top) if top else path


def settings_path(agent: agents.Agent, scope: str, cwd: str | Path | None = None) -> Path:
    """The agent's hook file for ``scope`` ``project`` (the repository root) or ``user`` (HOME)."""
    if scope not in ("project", "user"):
        raise UsageError(f"Unknown scope '{scope}' (choose project or user)")
    base = project_root(cwd) if scope == "project" else Path.home()
    return Path(agent.settings_path(base))


def store_location(memory_dir: str | None, config_path: str | None) -> tuple[Path, Path | None]:
    """The memory directory and config file hooks and cron should pin.

    ``--memory-dir`` > ``RATCHET_MEMORY_DIR`` > the config's ``memory_dir`` or ``memory/`` beside a config file >
    ``~/.ratchet/memory`` (one store per user; facts carry their repository scope), never ``./memory`` inside a
    project. Raises :class:`ConfigError` for an invalid config.
    """
    from ratchet.config import find_config_path, load_config
    from ratchet.store.memdir import resolve_memory_dir

    found = find_config_path(config_path)
    config = load_config(found)
    if memory_dir or os.environ.get("RATCHET_MEMORY_DIR") or found is not None:
        return resolve_memory_dir(memory_dir, config), (found.absolute() if found else None)
    return default_memory_dir(), None


def default_memory_dir() -> Path:
    """``~/.ratchet/memory``: the store hooks use when nothing else names one."""
    return Path.home() / ".ratchet" / "memory"


def codex_config_path() -> Path:
    return Path.home() / ".codex" / "config.toml"


# ----- JSON settings files ------------------------------------------------------------------------------------------
def read_settings(path: Path) -> dict[str, Any]:
    """The settings document (``{}`` when the file does not exist). Invalid JSON is an error: never overwritten."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise RatchetError(f"{path} cannot be read: {exc.strerror}") from None
    if not text.strip():
        return {}
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} line {exc.lineno}: invalid JSON ({exc.msg}); fix it by hand first") from None
    if not isinstance(doc, dict):
        raise UsageError(f"{path}: the top level is not a JSON object; fix it by hand first")
    return doc


def write_settings(path: Path, doc: dict[str, Any]) -> None:
    """Write 2-space JSON atomically, keeping an existing file's mode (atomic_write makes new files 0600)."""
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    if mode is not None:
        os.chmod(path, mode)


@dataclass
class Outcome:
    """What one install or uninstall did to one file."""

    agent: str
    path: Path
    changes: list[agents.Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    memory_dir: str | None = None
    config: str | None = None

    @property
    def changed(self) -> bool:
        return any(c.action != "unchanged" for c in self.changes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "path": str(self.path),
            "changed": self.changed,
            "changes": [c.__dict__ for c in self.changes],
            "notes": self.notes,
            "memory_dir": self.memory_dir,
            "config": self.config,
        }


def hook_commands(agent: agents.Agent, memory_dir: Path, config_path: Path | None) -> dict[str, str]:
    """verb -> the command line of its hooks for ``agent``."""
    config = str(config_path.absolute()) if config_path else None
    return {
        verb: agents.command_line(executable(verb), verb, agent.fmt, str(memory_dir.absolute()), config)
        for verb in agents.VERBS
    }


def install_hooks(
    agent_key: str, scope: str, memory_dir: Path, config_path: Path | None, cwd: str | Path | None = None
) -> Outcome:
    """Merge our hooks into the agent's settings file for ``scope`` (a second run is a no-op)."""
    agent = agents.agent(agent_key)
    path = settings_path(agent, scope, cwd)
    doc = read_settings(path)
    new, changes = agents.merge(doc, agent, hook_commands(agent, memory_dir, config_path), str(path))
    outcome = Outcome(agent.key, path, changes, memory_dir=str(memory_dir), config=str(config_path or "") or None)
    if outcome.changed or not path.exists():
        write_settings(path, new)
    if agent.key == "codex":
        outcome.notes.extend(enable_codex_hooks())
        outcome.notes.append("Codex asks you to review new hooks: open /hooks in Codex and trust them")
    if agent.key == "gemini":
        outcome.notes.append("Gemini CLI runs hooks once its hooks system is on (/settings, 'Enable Hooks System')")
    return outcome


def uninstall_hooks(agent_key: str, scope: str, cwd: str | Path | None = None) -> Outcome:
    """Remove our handlers from the agent's settings file for ``scope``; nothing else changes."""
    agent = agents.agent(agent_key)
    path = settings_path(agent, scope, cwd)
    if not path.exists():
        return Outcome(agent.key, path)
    new, changes = agents.unmerge(read_settings(path), str(path))
    outcome = Outcome(agent.key, path, changes)
    if changes:
        write_settings(path, new)
    if agent.key == "codex":
        others = [settings_path(agent, s, cwd) for s in ("user", "project")]
        if not any(agents.installed(read_settings(p)) or _other_hooks(p) for p in others if p.exists()):
            outcome.notes.extend(disable_codex_hooks())
    return outcome


def _other_hooks(path: Path) -> bool:
    table = read_settings(path).get("hooks")
    return bool(isinstance(table, dict) and table)


# ----- the Codex feature flag (TOML, edited line by line, verified with tomllib) -------------------------------------
def _load_toml(text: str, path: Path) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: invalid TOML ({exc}); fix it by hand first") from None


def enable_codex_hooks(path: Path | None = None) -> list[str]:
    """Add ``hooks = true`` under ``[features]`` unless hooks are already enabled; returns notes for the user."""
    path = path or codex_config_path()
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    features = _load_toml(text, path).get("features", {})
    if isinstance(features, dict) and (features.get("hooks") is True or features.get("codex_hooks") is True):
        return []
    if isinstance(features, dict) and features.get("hooks") is False:
        return [f"{path} disables hooks ([features] hooks = false); Codex will not run them until you change it"]
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if _FEATURES_HEADER.match(line)), None)
    flag = f"hooks = true  {CODEX_FLAG_COMMENT}"
    if header is not None:
        lines.insert(header + 1, flag)
    elif "features" in _load_toml(text, path):
        raise UsageError(f"{path} defines 'features' inline; add 'hooks = true' to it by hand")
    else:
        lines += ([""] if lines and lines[-1].strip() else []) + ["[features]", flag]
    new = "\n".join(lines) + "\n"
    check = _load_toml(new, path).get("features")
    if not (isinstance(check, dict) and check.get("hooks") is True):
        raise RatchetError(f"{path}: could not add [features] hooks = true safely; add it by hand")
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    atomic_write(path, new)
    if mode is not None:
        os.chmod(path, mode)
    return [f"Enabled Codex hooks in {path} ([features] hooks = true)"]


def disable_codex_hooks(path: Path | None = None) -> list[str]:
    """Remove the flag line ``ratchet install codex`` added (only that line)."""
    path = path or codex_config_path()
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    kept = [line for line in lines if not (line.strip().startswith("hooks") and CODEX_FLAG_COMMENT in line)]
    if len(kept) == len(lines):
        return []
    new = "\n".join(kept) + ("\n" if kept else "")
    _load_toml(new, path)
    mode = path.stat().st_mode & 0o777
    atomic_write(path, new)
    os.chmod(path, mode)
    return [f"Removed the hooks flag ratchet added to {path}"]


# ----- the Friday cron ----------------------------------------------------------------------------------------------
def cron_line(memory_dir: Path, config_path: Path | None, schedule: str = CRON_SCHEDULE) -> str:
    """The crontab line running memory-manage weekly on this store (output appended to memory/manage-cron.log)."""
    fields = schedule.split()
    if len(fields) != 5:
        raise UsageError(f"Schedule '{schedule}' must have five crontab fields (minute hour day month weekday)")
    args = [*executable(MANAGE), "--memory-dir", str(memory_dir.absolute())]
    if config_path:
        args += ["--config", str(config_path.absolute())]
    log = shlex.quote(str(memory_dir.absolute() / CRON_LOG))
    command = " ".join(shlex.quote(a) for a in args) + f" >> {log} 2>&1"
    return f"{' '.join(fields)} {command.replace('%', chr(92) + '%')} {CRON_MARKER}"  # '%' is a newline to cron


def _crontab(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("crontab")
    if not binary:
        raise RatchetError("crontab not found; add the line to your scheduler by hand ('ratchet install cron')")
    try:
        return subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise RatchetError(f"crontab {' '.join(args)} failed: {exc}") from None


def read_crontab() -> list[str]:
    """The user's crontab lines (an empty list when the user has none)."""
    done = _crontab(["-l"])
    if done.returncode != 0:
        if "no crontab" in done.stderr.lower():
            return []
        raise RatchetError(f"crontab -l failed: {' '.join(done.stderr.split()) or f'exit {done.returncode}'}")
    return done.stdout.splitlines()


def _write_crontab(lines: list[str]) -> None:
    done = _crontab(["-"], "\n".join(lines) + "\n" if lines else "")
    if done.returncode != 0:
        raise RatchetError(f"crontab - failed: {' '.join(done.stderr.split()) or f'exit {done.returncode}'}")


def install_cron(line: str) -> str:
    """Put ``line`` in the user's crontab, replacing an older Ratchet line: ``added``/``updated``/``unchanged``."""
    lines = read_crontab()
    mine = [current for current in lines if CRON_MARKER in current]
    if mine == [line]:
        return "unchanged"
    _write_crontab([current for current in lines if CRON_MARKER not in current] + [line])
    return "updated" if mine else "added"


def uninstall_cron() -> int:
    """Remove Ratchet's lines from the user's crontab; returns how many were removed."""
    lines = read_crontab()
    kept = [current for current in lines if CRON_MARKER not in current]
    if len(kept) != len(lines):
        _write_crontab(kept)
    return len(lines) - len(kept)
