"""``ratchet doctor``: is the whole setup working? One check per concern, each OK, WARN or FAIL with a fix.

Checks: the config, the memory directory (exists, writable, 0700), the store's files, the hooks of every agent
whose settings exist (present, complete, pointing at commands that exist and at this store), the LLM and embedding
backends (a quick request with a short timeout) or the offline fallbacks, the skill text, the last memory-manage
run, the cron line, recent hook failures in ratchet.log, and the sizes of the files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.errors import RatchetError
from ratchet.hooks import agents, install

OK, WARN, FAIL = "OK", "WARN", "FAIL"
MANAGE_STALE_DAYS = 8  # a weekly job that has not run for more than a week has missed a Friday
LOG_WINDOW_DAYS = 7


@dataclass
class Check:
    name: str
    status: str
    detail: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


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
    checks.append(_llm(config, timeout))
    checks.append(_embeddings(config, root, timeout))
    checks.append(_skill(config))
    checks.append(_last_manage(root))
    checks.append(_cron())
    checks.append(_log(root))
    checks.append(_sizes(root))
    return checks


def failed(checks: list[Check]) -> bool:
    return any(c.status == FAIL for c in checks)


def _config(config_path: str | None, checks: list[Check]) -> Config:
    from ratchet.config import find_config_path, load_config

    try:
        config = load_config(config_path)
    except RatchetError as exc:
        checks.append(Check("config", FAIL, f"{exc} (the checks below use the defaults)"))
        return Config()
    found = find_config_path(config_path)
    checks.append(Check("config", OK, f"{found} is valid" if found else "no ratchet.config.json: built-in defaults"))
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
    from ratchet.store.memdir import MemoryDir
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
        for scope in ("user", "project"):
            path = install.settings_path(agent, scope, cwd)
            if path in seen or not path.is_file():  # in HOME itself, project and user settings are one file
                continue
            seen.add(path)
            name = f"hooks {agent.key} ({scope})"
            try:
                found = agents.installed(install.read_settings(path))
            except RatchetError as exc:
                checks.append(Check(name, FAIL, str(exc)))
                continue
            if not found:
                continue
            checks.append(_hook_check(name, agent, path, found, root))
            if agent.key == "codex":
                checks.append(_codex_flag())
    if not checks:
        checks.append(Check("hooks", WARN, "no agent hooks installed: run 'ratchet install claude-code'"))
    return checks


def _hook_check(
    name: str, agent: agents.Agent, path: Path, found: dict[str, list[dict[str, Any]]], root: Path
) -> Check:
    problems: list[str] = []
    warnings: list[str] = []
    for spec in agent.hooks:
        handlers = [h for h in found.get(spec.event, []) if agents.ours(h) == spec.verb]
        if not handlers:
            warnings.append(f"{spec.event} is missing")
        for handler in handlers:
            parsed = agents.parse_command(handler.get("command"))
            argv = parsed[1] if parsed else []
            program = Path(argv[0]) if argv else Path()
            if not program.is_absolute() or not (program.is_file() and os.access(program, os.X_OK)):
                problems.append(f"{spec.event} runs {program}, which does not exist")
                continue
            pinned = argv[argv.index("--memory-dir") + 1] if "--memory-dir" in argv[:-1] else None
            if pinned and Path(pinned).absolute() != root.absolute():
                warnings.append(f"{spec.event} uses the store {pinned}, not {root}")
    fix = f"re-run 'ratchet install {agent.key}{' --project' if '(project)' in name else ''}'"
    if problems:
        return Check(name, FAIL, f"{path}: {'; '.join(problems)}: {fix}")
    if warnings:
        return Check(name, WARN, f"{path}: {'; '.join(dict.fromkeys(warnings))}: {fix}")
    return Check(name, OK, f"{path}: {', '.join(s.event for s in agent.hooks)}")


def _codex_flag() -> Check:
    import tomllib

    path = install.codex_config_path()
    try:
        features = tomllib.loads(path.read_text(encoding="utf-8")).get("features", {}) if path.exists() else {}
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return Check("codex feature flag", FAIL, f"{path}: {exc}")
    value = features.get("hooks", features.get("codex_hooks")) if isinstance(features, dict) else None
    if value is False:
        return Check("codex feature flag", FAIL, f"{path} sets [features] hooks = false: Codex runs no hooks")
    if value is None:
        return Check("codex feature flag", WARN, f"{path} has no [features] hooks = true: 'ratchet install codex'")
    return Check("codex feature flag", OK, f"{path}: [features] hooks = true")


def _elapsed(started: float) -> str:
    return f"{(time.perf_counter() - started) * 1000:.0f} ms"


def _api_problem(exc: Exception, what: str, where: str, model: str) -> str:
    import openai

    if isinstance(exc, openai.APITimeoutError):
        return f"{what} at {where} did not answer in time"
    if isinstance(exc, openai.APIConnectionError):
        return f"{what} at {where} is unreachable"
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return f"{what} at {where} rejected the API key"
    if isinstance(exc, openai.NotFoundError):
        return f"{what} at {where}: model '{model}' not found"
    if isinstance(exc, openai.APIStatusError):
        return f"{what} at {where} answered HTTP {exc.status_code}"
    return f"{what} at {where} failed: {exc}"


def _llm(config: Config, timeout: float) -> Check:
    if not config.llm_configured():
        return Check(
            "llm",
            OK,
            "offline: no API key or base URL; the offline extractor and keyword/local-embedding retrieval are used",
        )
    from ratchet.models.llm import make_client

    where = config.llm_base_url() or "the OpenAI API"
    model = config.llm_model()
    started = time.perf_counter()
    try:
        client = make_client(config, timeout=timeout, max_retries=0)
        client.chat.completions.create(model=model, messages=[{"role": "user", "content": "Reply with: ok"}])
    except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
        return Check("llm", FAIL, _api_problem(exc, "LLM", where, model) + " (hooks fall back to offline)")
    return Check("llm", OK, f"{model} at {where} answered in {_elapsed(started)}")


def _embeddings(config: Config, root: Path, timeout: float) -> Check:
    from ratchet.models import embedders
    from ratchet.store import vectors
    from ratchet.store.memdir import MemoryDir

    backend = embedders.backend_name(config)
    model = embedders.model_name(config, backend)
    started = time.perf_counter()
    if backend == "openai":
        from ratchet.models.llm import make_client

        where = config.llm_base_url() or "the OpenAI API"
        name = str(config.section("embeddings")["openai_model"])
        try:
            make_client(config, timeout=timeout, max_retries=0).embeddings.create(model=name, input=["ratchet"])
        except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
            return Check("embeddings", FAIL, _api_problem(exc, "embedding endpoint", where, name))
        detail = f"{model} at {where} answered in {_elapsed(started)}"
    elif backend == "local":
        try:
            embedders.embed_texts(config, ["ratchet"], backend="local")
        except (RatchetError, OSError, ImportError) as exc:
            return Check("embeddings", FAIL, f"local model {model}: {exc}")
        loaded = embedders.configured_local_model(config)  # loaded by the embedding above
        how = f"offline, layers in {loaded.plan()}" if hasattr(loaded, "plan") else "offline"  # a transformer's
        detail = f"local {model} ({how}) loaded in {_elapsed(started)}"
    else:
        detail = f"{backend} ({model}, offline)"
    meta = vectors.load_meta(MemoryDir(root)) if root.is_dir() else None
    if meta and meta.get("model") != model:
        return Check(
            "embeddings", WARN, f"{detail}; stored vectors are for {meta.get('model')}: run 'memory-embed --full'"
        )
    count = int(meta.get("count") or 0) if meta else 0
    return Check("embeddings", OK, f"{detail}; {count} vectors stored")


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
