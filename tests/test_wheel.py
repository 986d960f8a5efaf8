"""What users install works like the checkout: the wheel built from this tree, installed into a fresh virtualenv,
runs LLM extraction with its packaged prompt, the hooks, the weekly run and the whole demo, outside the checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from llm_replies import reply_fact
from openai_server import LoopbackOpenAI

# Installing the wheel's dependencies takes about 50 s from pip's cache and longer from the package index.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel of this tree installed (dependencies from the package index or pip's cache);
    its ``bin`` directory."""
    work = tmp_path_factory.mktemp("wheel")
    # Built from a copy of what the wheel is made of: setuptools packs whatever lies in the checkout's build/lib,
    # modules a reorganisation removed included, and concurrent runs would share that directory.
    source = work / "source"
    shutil.copytree(ROOT / "ratchet", source / "ratchet", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    wheels = work / "dist"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(source)]
    _setup(build, timeout=600)
    wheel = next(wheels.glob("ratchet_memory-*.whl"))
    venv = work / "venv"
    _setup([sys.executable, "-m", "venv", str(venv)], timeout=300)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    _setup([*pip, str(wheel)], timeout=1200)
    return venv / "bin"


def _setup(args: list[str], timeout: int) -> None:
    """Run a build or install step; its own output is the failure message."""
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)}\n{done.stdout[-3000:]}{done.stderr[-3000:]}"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No PYTHONPATH, so nothing can come from the checkout; HOME and the memory directory in tmp_path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RATCHET_CONFIG")}
    env.update(HOME=str(tmp_path / "home"), RATCHET_MEMORY_DIR=str(tmp_path / "memory"), **extra)
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=300)


def test_the_installed_package_is_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    code = "import ratchet, importlib.resources as r; print(ratchet.__file__); print(r.files('ratchet') / 'prompts')"
    done = _run([str(installed / "python"), "-c", code], tmp_path, _env(tmp_path))
    module, prompts = done.stdout.split()
    assert module.startswith(str(installed.parent)), module
    assert (Path(prompts) / "extract.md").is_file() and (Path(prompts) / "skill.md").is_file()
    shipped = sorted(p.relative_to(ROOT / "prompts" / "golden") for p in (ROOT / "prompts" / "golden").rglob("*.*"))
    assert sorted(p.relative_to(Path(prompts) / "golden") for p in (Path(prompts) / "golden").rglob("*.*")) == shipped
    assert _run([str(installed / "ratchet"), "--help"], tmp_path, _env(tmp_path)).returncode == 0
    # The credential filter's learned layer reads its weights from the package (off without them, so check it).
    scorer = "from ratchet.core import secret_scorer as s; print(s.model() is not None, s.model_file().is_file())"
    assert _run([str(installed / "python"), "-c", scorer], tmp_path, _env(tmp_path)).stdout.split() == ["True", "True"]
    # And the credential words of a hundred languages (ratchet.core.world_words: off without them, so check it).
    words = "from ratchet.core import world_words as w; print(len(w.vocabulary()) > 95)"
    assert _run([str(installed / "python"), "-c", words], tmp_path, _env(tmp_path)).stdout.split() == ["True"]
    # The launcher a hook falls back to when the scripts are nowhere ships in the wheel (ratchet.cli.launch).
    launcher = Path(module).parent / "cli" / "launch.py"
    helped = _run([str(installed / "python"), str(launcher), "memory-extract", "--help"], tmp_path, _env(tmp_path))
    assert helped.returncode == 0 and "--memory-dir" in helped.stdout


def test_llm_extraction_hooks_and_manage_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    (tmp_path / "home").mkdir(exist_ok=True)
    transcript = work / "session.json"
    said = "Our staging database runs PostgreSQL 16 on port 5433."
    transcript.write_text(json.dumps([{"role": "user", "content": said}, {"role": "assistant", "content": "Noted."}]))
    server = LoopbackOpenAI()
    try:
        fact = reply_fact("The staging database runs PostgreSQL 16 on port 5433", said)
        server.chat.push(content=json.dumps({"facts": [fact], "confirmed": []}))
        env = _env(tmp_path, RATCHET_LLM_BASE_URL=server.url, OPENAI_API_KEY="test-key")
        done = _run([str(installed / "memory-extract"), str(transcript), "--json"], work, env)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["mode"] == "llm"
        prompt = server.chat.requests[0]["messages"][0]["content"]
    finally:
        server.close()
    version, opening = (ROOT / "ratchet" / "prompts" / "extract.md").read_text(encoding="utf-8").split("\n\n")[:2]
    assert prompt.startswith(opening)  # the packaged prompt reached the model
    lines = [line for path in (tmp_path / "memory").glob("facts-*.jsonl") for line in path.read_text().splitlines()]
    facts = [json.loads(line) for line in lines]
    assert [(f["content"], f["prompt_version"]) for f in facts] == [
        ("The staging database runs PostgreSQL 16 on port 5433", version.removeprefix("version: "))
    ]
    offline = _env(tmp_path)
    stdin = json.dumps({"session_id": "s2", "cwd": str(work), "hook_event_name": "SessionStart", "source": "startup"})
    hook = _run([str(installed / "memory-retrieve"), "--hook", "--format", "claude-hook"], work, offline, stdin)
    assert hook.returncode == 0 and hook.stderr == ""
    context = json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "PostgreSQL 16 on port 5433" in context
    manage = _run([str(installed / "memory-manage"), "--no-llm", "--json"], work, offline)
    assert manage.returncode == 0, manage.stderr
    assert json.loads(manage.stdout)["facts"] == 1


def test_the_demo_runs_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    env = _env(tmp_path, RATCHET_DEMO_BIN=str(installed))
    done = _run(["bash", str(ROOT / "samples" / "demo.sh"), str(tmp_path / "demo")], tmp_path, env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "not found: good" in done.stdout and "Demo memory directory" in done.stdout
