"""``ratchet doctor``: is the whole setup working? One check per concern, each OK, WARN or FAIL with a fix.

Checks: the config, the memory directory (exists, writable, 0700), the store's files, the hooks of every agent
whose settings exist, the LLM and embedding backends (a quick request with a short timeout) or the offline
fallbacks, the skill text, the last memory-manage run, the cron line, recent hook failures in ratchet.log, and the
sizes of the files.

Every hook entry Ratchet installed is checked against its agent's contract (:data:`ratchet.hooks.agents.AGENTS`):
an event the agent does not have, a matcher that lets no value the agent sends through (Gemini compares lifecycle
matchers as exact strings), an invalid regular expression, a command that is not there, or an agent setting that
turns hooks off is a FAIL, one line per problem; a matcher that misses some values, a timeout past the agent's
ceiling or in the wrong unit, a path of this machine in a project's committed file, or another store is a WARN.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.errors import RatchetError
from ratchet.hooks import agents, install, probes
from ratchet.hooks.checks import FAIL, OK, WARN, Check
from ratchet.store.memdir import MemoryDir

MANAGE_STALE_DAYS = 8  # a weekly job that has not run for more than a week has missed a Friday
LOG_WINDOW_DAYS = 7


def run(
    memory_dir: str | None = None, config_path: str | None = None, cwd: str | Path | None = None, timeout: float = 5.0
) -> list[Check]:
    """Every check, in order (see the module docstring)."""
    checks: list[Check] = []
    config = _config(config_path, checks)
    try:
        root, _ = install.store_location(memory_dir, config_path)
    except RatchetError:
        root = install.default_memory_dir()
    checks.append(_memory_dir(root))
    checks.append(_store(root, config))
    checks.extend(_hooks(root, cwd))
    checks.append(probes.llm(config, timeout, root))
    checks.append(probes.embeddings(config, root, timeout))
    checks.append(_skill(config))
    checks.append(_last_manage(root))
    checks.append(_cron())
    checks.append(_log(root))
    checks.append(_sizes(root))
    return checks


def failed(checks: list[Check]) -> bool:
    return any(c.status == FAIL for c in checks)


def _config(config_path: str | None, checks: list[Check]) -> Config:
    from ratchet.config import find_config_path, load_config, user_config_path

    try:
        config = load_config(config_path)
    except RatchetError as exc:
        checks.append(Check("config", FAIL, f"{exc} (the checks below use the defaults)"))
        return Config()
    found = find_config_path(config_path)
    own = user_config_path()
    mine = f"your own {own}" if own.is_file() and own != found else ""
    if found:
        detail = f"{found} is valid" + (f", over {mine}" if mine else "")
    else:
        detail = f"no ratchet.config.json: {mine or 'built-in defaults'}" + (" over the defaults" if mine else "")
    checks.append(Check("config", OK, detail))
    if config.ignored:
        checks.append(
            Check(
                "config trust",
                WARN,
                f"ignored {', '.join(config.ignored)}: a repository's config may not choose endpoints, key "
                "variables, paid models or the memory directory (trust that file: ratchet config allow PATH)",
            )
        )
    return config


def _memory_dir(root: Path) -> Check:
    if not root.exists():
        return Check("memory dir", WARN, f"{root} does not exist yet (created on first use; or run 'ratchet init')")
    if not root.is_dir():
        return Check("memory dir", FAIL, f"{root} is not a directory")
    probe = root / f".doctor-{os.getpid()}.tmp"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        return Check("memory dir", FAIL, f"{root} is not writable ({exc.strerror}): hooks cannot store facts")
    mode = root.stat().st_mode & 0o777
    if mode != 0o700:
        return Check("memory dir", WARN, f"{root} is {mode:o}, others can read your facts: chmod 700 {root}")
    return Check("memory dir", OK, f"{root} (writable, 0700)")


def _store(root: Path, config: Config) -> Check:
    from ratchet.store.store import Store

    if not root.is_dir():
        return Check("store", WARN, "no facts yet")
    try:
        loaded = Store(MemoryDir(root), create=False).read(quarantine=False)
    except (RatchetError, OSError) as exc:
        return Check("store", FAIL, f"cannot be read: {exc}")
    active = sum(1 for f in loaded.facts if f.active)
    quarters = len(set(loaded.files.values()))
    text = f"{len(loaded.facts)} facts ({active} active) in {quarters} quarter file{'' if quarters == 1 else 's'}"
    if loaded.bad:
        first = loaded.bad[0]
        return Check(
            "store",
            WARN,
            f"{text}; {len(loaded.bad)} unreadable lines (first {first.where()}: {first.reason}); "
            "the next write moves them to rejected.jsonl",
        )
    return Check("store", OK, text)


def _hooks(root: Path, cwd: str | Path | None) -> list[Check]:
    checks: list[Check] = []
    seen: set[Path] = set()
    for agent in agents.AGENTS.values():
        installed_somewhere = False
        for scope in ("user", "project"):
            path = install.settings_path(agent, scope, cwd)
            if path in seen or not path.is_file():  # in HOME itself, project and user settings are one file
                continue
            seen.add(path)
            name = f"hooks {agent.key} ({scope})"
            try:
                found = agents.entries(install.read_settings(path))
            except RatchetError as exc:
                checks.append(Check(name, FAIL, str(exc)))
                continue
            if not found:
                continue
            installed_somewhere = True
            checks.extend(_hook_checks(name, agent, scope, path, found, root))
        if installed_somewhere and agent.key == "codex":
            checks.append(_codex_enabled())
        if installed_somewhere and agent.key == "gemini":
            checks.append(_gemini_enabled(cwd))
        own = _own_memory(agent.key, cwd) if installed_somewhere else None
        if own:
            checks.append(own)
    if not checks:
        checks.append(Check("hooks", WARN, "no agent hooks installed: run 'ratchet install claude-code'"))
    return checks


def _hook_checks(
    name: str, agent: agents.Agent, scope: str, path: Path, found: list[agents.Entry], root: Path
) -> list[Check]:
    """One OK line for a settings file whose entries all keep the agent's contract, else one line per problem."""
    problems: list[tuple[str, str, str]] = []  # (status, check name suffix, what is wrong)
    for spec in agent.hooks:
        if not any(e.event == spec.event and agents.ours(e.handler) == spec.verb for e in found):
            problems.append((WARN, f"{spec.event} missing", f"{spec.event} is missing"))
    for entry in found:
        problems.extend(_entry_problems(agent, scope, entry, root))
    fix = f"re-run 'ratchet install {agent.key}{' --project' if scope == 'project' else ''}'"
    if not problems:
        return [Check(name, OK, f"{path}: {', '.join(dict.fromkeys(e.event for e in found))}")]
    checks: dict[str, Check] = {}
    for status, suffix, text in problems:
        checks.setdefault(f"{name} {suffix}", Check(f"{name} {suffix}", status, f"{path}: {text}: {fix}"))
    return list(checks.values())


def _entry_problems(agent: agents.Agent, scope: str, entry: agents.Entry, root: Path) -> list[tuple[str, str, str]]:
    event, handler = entry.event, entry.handler
    verb = agents.ours(handler)
    rule = agent.events.get(event)
    if rule is None:
        return [(FAIL, f"{event} event", f"{event} is not a {agent.label} hook event, so {verb} never runs")]
    problems = []
    matcher = _matcher_problem(agent, event, entry, rule)
    if matcher:
        problems.append(matcher)
    timeout = _timeout_problem(agent, event, handler.get("timeout"), rule)
    if timeout:
        problems.append(timeout)
    parsed = agents.parse_command(handler.get("command"))
    argv = parsed[1] if parsed else []
    program = argv[0] if argv else ""
    if os.sep in program:
        path = Path(program)
        if not (path.is_absolute() and path.is_file() and os.access(path, os.X_OK)):
            problems.append((FAIL, f"{event} command", f"{event} runs {program}, which does not exist"))
        elif scope == "project":
            problems.append(
                (
                    WARN,
                    f"{event} command",
                    f"{event} runs {program}, a path of this machine, from a file teams commit (a teammate's hook "
                    "runs nothing)",
                )
            )
    elif not shutil.which(program):
        problems.append((FAIL, f"{event} command", f"{event} runs {program}, which is not on PATH"))
    pinned = argv[argv.index("--memory-dir") + 1] if "--memory-dir" in argv[:-1] else None
    if pinned and Path(pinned).expanduser().absolute() != root.absolute():
        problems.append((WARN, f"{event} store", f"{event} uses the store {pinned}, not {root}"))
    return problems


def _matcher_problem(
    agent: agents.Agent, event: str, entry: agents.Entry, rule: agents.Event
) -> tuple[str, str, str] | None:
    if not entry.has_matcher:
        return None
    verb = agents.ours(entry.handler)
    try:
        passed = agents.matched(agent, event, entry.matcher)
    except ValueError as exc:
        return FAIL, f"{event} matcher", f"{event} {exc}, so {verb} never runs"
    if passed is None or passed == rule.values:
        return None
    shown = shlex.quote(str(entry.matcher))
    values = f"{', '.join(rule.values[:-1])} or {rule.values[-1]}" if len(rule.values) > 1 else rule.values[0]
    how = " and compares lifecycle matchers as exact strings" if rule.matching == agents.EXACT else ""
    sends = f"{agent.label} sends {rule.field} {values}{how}"
    if not passed:
        return FAIL, f"{event} matcher", f"{event} matcher {shown} lets nothing through ({sends}), so {verb} never runs"
    missing = ", ".join(v for v in rule.values if v not in passed)
    return WARN, f"{event} matcher", f"{event} matcher {shown} misses {missing} ({sends})"


def _timeout_problem(agent: agents.Agent, event: str, timeout: Any, rule: agents.Event) -> tuple[str, str, str] | None:
    unit = agent.timeout_unit
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout <= 0:
        return FAIL, f"{event} timeout", f"{event} timeout {timeout!r} is not a positive number of {unit}"
    if rule.max_timeout is not None and timeout > rule.max_timeout:
        return (
            WARN,
            f"{event} timeout",
            f"{event} timeout {timeout:g} {unit} is past {agent.label}'s ceiling of {rule.max_timeout} {unit}",
        )
    if unit == "ms" and timeout < 1000:
        return WARN, f"{event} timeout", f"{event} timeout {timeout:g} is in milliseconds for {agent.label}"
    if unit == "s" and timeout >= 1000:
        return WARN, f"{event} timeout", f"{event} timeout {timeout:g} is in seconds for {agent.label}"
    return None


def _own_memory(key: str, cwd: str | Path | None) -> Check | None:
    """A note when the agent keeps a memory of its own as well (Claude Code's auto memory, Codex Memories): two
    sources then inject at every start, and 'ratchet import' can bring the agent's notes in once."""
    home = Path.home()
    if key == "claude-code":
        project = Path(cwd or os.getcwd()).resolve()
        folder = home / ".claude" / "projects" / str(project).replace(os.sep, "-") / "memory"
        what, how = "Claude Code's auto memory", f"ratchet import claude-memory {folder}"
    elif key == "codex":
        folder = home / ".codex" / "memories"
        what, how = "Codex Memories", "keep one of the two"
    else:
        return None
    if not folder.is_dir() or not any(folder.iterdir()):
        return None
    return Check(f"{key} own memory", WARN, f"{what} is on as well ({folder}): two memories inject; {how}")


def _codex_enabled() -> Check:
    enabled, where = install.codex_hooks_enabled()
    if not enabled:
        return Check("codex hooks enabled", FAIL, f"{where}: Codex runs no hooks")
    return Check("codex hooks enabled", OK, where)


def _gemini_enabled(cwd: str | Path | None) -> Check:
    enabled, where = install.gemini_hooks_enabled(cwd)
    if not enabled:
        return Check("gemini hooks enabled", FAIL, f"{where} sets hooksConfig.enabled to false: Gemini runs no hooks")
    disabled: set[str] = set()
    for _path, config in install.gemini_hooks_config(cwd):
        listed = config.get("disabled")
        if isinstance(listed, list):
            disabled.update(str(item) for item in listed)
    ours = {spec.name for spec in agents.AGENTS["gemini"].hooks if spec.name}
    if disabled & ours:
        return Check(
            "gemini hooks enabled",
            FAIL,
            f"hooksConfig.disabled turns off {', '.join(sorted(disabled & ours))}: remove them (or /hooks enable)",
        )
    return Check("gemini hooks enabled", OK, where)


def _skill(config: Config) -> Check:
    from ratchet.recall import render

    if not config.data.get("skill_injection"):
        return Check("skill", OK, "skill_injection is off (set it to true to teach agents 'ratchet add')")
    text = render.skill_text()
    if not text:
        return Check("skill", FAIL, "skill_injection is on but the packaged prompts/skill.md is missing or empty")
    return Check("skill", OK, f"injected at session start ({len(text)} characters from skill.md)")


def _last_manage(root: Path) -> Check:
    from ratchet.store.files import read_json

    last: datetime | None = None
    try:
        state = read_json(root / "state" / "manage-state.json", {})
        if isinstance(state, dict) and state.get("last_run"):
            last = clock.parse(str(state["last_run"]))
    except (OSError, ValueError):
        last = None
    reports = sorted((root / "reports").glob("*.md")) if (root / "reports").is_dir() else []
    if last is None and reports:
        last = datetime.fromtimestamp(reports[-1].stat().st_mtime).astimezone()
    if last is None:
        return Check("memory-manage", WARN, "has never run: schedule it with 'ratchet install cron --write'")
    days = (clock.now() - last).total_seconds() / 86400
    text = f"last run {clock.iso(last)[:16].replace('T', ' ')} ({days:.0f} days ago)"
    if days > MANAGE_STALE_DAYS:
        return Check("memory-manage", WARN, f"{text}: the weekly cron is not running ('ratchet install cron')")
    return Check("memory-manage", OK, text)


def _cron() -> Check:
    binary = shutil.which("crontab")
    if not binary:
        return Check("cron", WARN, "crontab not found: run memory-manage weekly another way ('ratchet install cron')")
    try:
        done = subprocess.run([binary, "-l"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return Check("cron", WARN, f"crontab -l failed: {exc}")
    lines = [line for line in done.stdout.splitlines() if install.MANAGE in line and not line.lstrip().startswith("#")]
    if done.returncode != 0 or not lines:
        return Check("cron", WARN, "no memory-manage line in your crontab: 'ratchet install cron --write'")
    return Check("cron", OK, lines[0])


def _log(root: Path) -> Check:
    log = root / "ratchet.log"
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return Check("hook log", OK, "no ratchet.log: no hook has failed")
    now = clock.now()
    recent = []
    for line in text.splitlines():
        if "failed open" not in line or line.startswith(" "):
            continue
        try:
            when = clock.parse(line.split(" ", 1)[0])
        except (ValueError, OverflowError):
            continue
        if (now - when).total_seconds() <= LOG_WINDOW_DAYS * 86400:
            recent.append(line)
    if recent:
        return Check("hook log", WARN, f"{len(recent)} hook failures in {LOG_WINDOW_DAYS} days; last: {recent[-1]}")
    return Check("hook log", OK, f"no hook failure in the last {LOG_WINDOW_DAYS} days ({log})")


def human_size(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


def sizes(root: Path) -> dict[str, int]:
    """Bytes per kind of file in the memory directory."""
    out = {"facts": 0, "audit log": 0, "events": 0, "archive": 0, "state": 0, "other": 0}
    kinds = {"memory-log.jsonl": "audit log", "events.jsonl": "events", "archive.jsonl": "archive"}
    for path in root.rglob("*") if root.is_dir() else []:
        try:
            if not path.is_file():
                continue
            size = path.stat().st_size
        except OSError:
            continue
        rel = path.relative_to(root)
        if rel.parts[0] == "state":
            out["state"] += size
        elif path.name.startswith("facts-") and path.suffix == ".jsonl":
            out["facts"] += size
        else:
            out[kinds.get(path.name, "other")] += size
    return out


def _sizes(root: Path) -> Check:
    data = sizes(root)
    total = sum(data.values())
    parts = ", ".join(f"{name} {human_size(size)}" for name, size in data.items() if size)
    return Check("sizes", OK, f"{human_size(total)} in all" + (f" ({parts})" if parts else ""))
