"""Shared fixtures: every test gets its own memory directory and HOME, no API keys, no network."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from openai_server import LoopbackOpenAI  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"

_CLEARED = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "RATCHET_LLM_BASE_URL",
    "RATCHET_LLM_MODEL",
    "RATCHET_CONFIG",
    "RATCHET_NOW",
    "RATCHET_RAISE_ERRORS",
    "CLAUDE_PROJECT_DIR",
)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point HOME and the memory directory at tmp_path, clear keys, run from an empty directory."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("RATCHET_MEMORY_DIR", str(tmp_path / "memory"))
    for name in _CLEARED:
        monkeypatch.delenv(name, raising=False)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return tmp_path


@pytest.fixture
def memory_dir(tmp_path: Path) -> Path:
    return tmp_path / "memory"


@pytest.fixture
def openai_server() -> Iterator[LoopbackOpenAI]:
    server = LoopbackOpenAI()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def llm_env(openai_server: LoopbackOpenAI, monkeypatch: pytest.MonkeyPatch) -> LoopbackOpenAI:
    """The loopback server configured as the LLM endpoint (fast retries, short timeout)."""
    monkeypatch.setenv("RATCHET_LLM_BASE_URL", openai_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    return openai_server


def subprocess_env(**extra: str) -> dict[str, str]:
    """The current (isolated) environment for child processes, with the checkout importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env
