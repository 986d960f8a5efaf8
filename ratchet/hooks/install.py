"""``ratchet install`` / ``uninstall``: hooks into agent settings files, and the Friday cron line.

Installing is idempotent: a second run changes no byte. A settings file is rewritten only when our entries change,
through :func:`ratchet.store.files.atomic_write`, keeping its other keys in order, 2-space JSON, and its file mode
(0644 for a new file: agents and editors read it, and it holds no secret). Uninstalling removes exactly what install
added.

Two scopes, two kinds of command line:

- ``user`` (``~/.claude/settings.json``, ...): this machine's own file. Hooks get the absolute path of the installed
  commands and the memory directory (and config) pinned, so every project uses one store whatever the agent's PATH.
- ``project`` (``.claude/settings.json``, ``.codex/hooks.json``, ``.gemini/settings.json`` in the repository root):
  files teams commit. Hooks call ``memory-retrieve`` and ``memory-extract`` by name, found on PATH (``pipx`` or
  ``uv tool`` put them there), with no path of this machine; each user's hooks find their store at run time
  (:func:`ratchet.hooks.io.hook_store`: ``RATCHET_MEMORY_DIR``, else the config's ``memory_dir``, else
  ``~/.ratchet/memory``).

Codex and Gemini CLI run hooks by default now: the install edits no agent configuration besides the hook file.
"""

from __future__ import annotations

import json
import os
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

MANAGE = "memory-manage"
CRON_MARKER = "# ratchet-memory: weekly memory-manage"
CRON_SCHEDULE = "0 18 * * 5"  # Fridays 18:00, the weekly review
CRON_LOG = "manage-cron.log"
CODEX_FLAG_COMMENT = "# added by ratchet install codex"  # older versions turned Codex hooks on; uninstall cleans up
SETTINGS_MODE = 0o644


# ----- where things are -------------------------------------------------------------------------------------------
def executable(name: str) -> list[str]:
    """argv prefix that runs our command ``name``: the installed script beside this Python, on PATH, or this
    Python running the package's own launcher (:mod:`ratchet.cli.launch`, found with ``importlib.resources``: a
    checkout used without installing, in a wheel as well). Raises when none exists."""
    beside = Path(sys.executable).absolute().parent / name
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which(name)
    if found:
        return [str(Path(found).absolute())]
    from importlib.resources import files

    launcher = files("ratchet.cli").joinpath("launch.py")
    if isinstance(launcher, Path) and launcher.is_file():  # a real file, not inside a zip
        return [str(Path(sys.executable).absolute()), str(launcher.absolute()), name]
    raise RatchetError(f"Command '{name}' not found beside {sys.executable}, on PATH or as {launcher}")


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
    project: the rule of :func:`ratchet.hooks.io.hook_store`, which unpinned (project) hooks apply at run time.
    Raises :class:`ConfigError` for an invalid config.
    """
    from ratchet.config import find_config_path, load_config
    from ratchet.hooks.io import hook_store

    found = find_config_path(config_path)
    return hook_store(memory_dir, load_config(found)), (found.absolute() if found else None)


def default_memory_dir() -> Path:
    """``~/.ratchet/memory``: the store hooks use when nothing else names one."""
    from ratchet.hooks.io import default_memory_dir as default

    return default()


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
    """Write 2-space JSON atomically, keeping an existing file's mode; a new file is 0644 (atomic_write's 0600 suits
    the memory store, not an agent's settings, which the agent, editors and git read)."""
    mode = path.stat().st_mode & 0o777 if path.exists() else SETTINGS_MODE
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
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


def hook_commands(
    agent: agents.Agent, scope: str, memory_dir: Path | None = None, config_path: Path | None = None
) -> dict[str, str]:
    """verb -> the command line of its hooks for ``agent`` in ``scope`` (see the module docstring)."""
    if scope == "project":
        return {verb: agents.command_line([verb], verb, agent.fmt) for verb in agents.VERBS}
    pinned = str(memory_dir.absolute()) if memory_dir else None
    config = str(config_path.absolute()) if config_path else None
    return {verb: agents.command_line(executable(verb), verb, agent.fmt, pinned, config) for verb in agents.VERBS}


def install_hooks(
    agent_key: str, scope: str, memory_dir: Path, config_path: Path | None, cwd: str | Path | None = None
) -> Outcome:
    """Merge our hooks into the agent's settings file for ``scope`` (a second run is a no-op)."""
    agent = agents.agent(agent_key)
    path = settings_path(agent, scope, cwd)
    doc = read_settings(path)
    new, changes = agents.merge(doc, agent, hook_commands(agent, scope, memory_dir, config_path), str(path))
    pinned = scope == "user"
    config = str(config_path) if config_path and pinned else None
    outcome = Outcome(agent.key, path, changes, memory_dir=str(memory_dir), config=config)
    if outcome.changed or not path.exists():
        write_settings(path, new)
    if scope == "project":
        missing = [verb for verb in agents.VERBS if not shutil.which(verb)]
        if missing:
            outcome.notes.append(
                f"{' and '.join(missing)} not found on PATH: the project's hooks call them by name, so install "
                "Ratchet with 'pipx install' or 'uv tool install' (until then the hooks do nothing here)"
            )
    outcome.notes.extend(agent_notes(agent, scope, cwd))
    return outcome


def agent_notes(agent: agents.Agent, scope: str, cwd: str | Path | None = None) -> list[str]:
    """What the user must still do in the agent itself (trust new hooks), or why its hooks would not run."""
    notes: list[str] = []
    if agent.key == "codex":
        enabled, where = codex_hooks_enabled()
        if not enabled:
            notes.append(f"{where} turns Codex hooks off; Codex will not run them until you remove that line")
        notes.append("Codex runs new or changed hooks only once you trust them: open /hooks in Codex")
    if agent.key == "gemini":
        enabled, where = gemini_hooks_enabled(cwd)
        if not enabled:
            notes.append(f"{where} sets hooksConfig.enabled to false: Gemini CLI runs no hooks until you change it")
        if scope == "project":
            notes.append(
                "Gemini CLI runs project hooks only in a folder you trust, and asks before it runs ones it has not "
                "seen: accept Ratchet's once"
            )
    return notes


def codex_hooks_enabled(path: Path | None = None) -> tuple[bool, str]:
    """Whether ``~/.codex/config.toml`` leaves Codex hooks on (the default), and the setting that decides.

    ``[features] hooks`` is the key and ``codex_hooks`` its deprecated alias; when both are set, ``hooks`` wins
    (Codex applies feature keys in sorted order: codex-rs/features/src/lib.rs ``apply_map``, ``legacy.rs``).
    """
    import tomllib

    path = path or codex_config_path()
    try:
        features = tomllib.loads(path.read_text(encoding="utf-8")).get("features") if path.exists() else None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True, str(path)  # Codex itself will complain about a config it cannot read
    if not isinstance(features, dict):
        return True, f"{path} (hooks on by default)"
    for key in ("hooks", "codex_hooks"):
        if isinstance(features.get(key), bool):
            return bool(features[key]), f"{path} [features] {key} = {str(features[key]).lower()}"
    return True, f"{path} (hooks on by default)"


def gemini_hooks_config(cwd: str | Path | None = None) -> list[tuple[Path, dict[str, Any]]]:
    """The ``hooksConfig`` objects of Gemini CLI's project and user settings, project first (it wins)."""
    agent = agents.AGENTS["gemini"]
    found = []
    for scope in ("project", "user"):
        path = settings_path(agent, scope, cwd)
        try:
            config = read_settings(path).get("hooksConfig")
        except RatchetError:
            continue
        if isinstance(config, dict):
            found.append((path, config))
    return found


def gemini_hooks_enabled(cwd: str | Path | None = None) -> tuple[bool, str]:
    """Whether Gemini CLI's ``hooksConfig.enabled`` (default true: settingsSchema.ts) is left on, and where it is
    set; the project's settings win over the user's."""
    for path, config in gemini_hooks_config(cwd):
        if isinstance(config.get("enabled"), bool):
            return bool(config["enabled"]), str(path)
    return True, "Gemini CLI's default"


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


# ----- the Codex feature flag an older version added (TOML, edited line by line, verified with tomllib) -------------
def _load_toml(text: str, path: Path) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: invalid TOML ({exc}); fix it by hand first") from None


def disable_codex_hooks(path: Path | None = None) -> list[str]:
    """Remove the ``hooks = true`` line an older ``ratchet install codex`` added (only that line; hooks stay on,
    Codex's default)."""
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
