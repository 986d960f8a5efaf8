"""Shared fixtures: every test gets its own memory directory and HOME, no API keys, no network."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from openai_server import LoopbackOpenAI  # noqa: E402

from ratchet.core import clock  # noqa: E402
from ratchet.models.registry import models_dir  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
# Fetched models (``make models``) live outside HOME's isolation: read where they are before HOME moves.
MODELS_DIR = str(models_dir())

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
    monkeypatch.setenv("RATCHET_MODELS", MODELS_DIR)  # read-only for tests: a test that fetches sets its own
    for name in _CLEARED:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(clock, "_PINNED", None)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return tmp_path


def _fetched(name: str) -> Path:
    """A fetched model's directory. ``make test`` fetches the models first and sets RATCHET_REQUIRE_MODELS=1,
    which turns a missing model into a failure; a bare ``pytest`` without them skips these tests."""
    from ratchet.models import registry

    root = registry.installed(name)
    if root is None:
        message = f"{name} is not installed in {MODELS_DIR} (make models)"
        if os.environ.get("RATCHET_REQUIRE_MODELS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return root


@pytest.fixture
def minilm() -> Path:
    """The fetched all-MiniLM-L6-v2 directory."""
    return _fetched("all-MiniLM-L6-v2")


@pytest.fixture
def mpnet() -> Path:
    """The fetched all-mpnet-base-v2 directory."""
    return _fetched("all-mpnet-base-v2")


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


def pin_clock(monkeypatch: pytest.MonkeyPatch, when: str) -> None:
    """Pin the time for this test: the library's clock, and ``RATCHET_NOW`` for the commands it runs."""
    monkeypatch.setenv("RATCHET_NOW", when)
    monkeypatch.setattr(clock, "_PINNED", clock.parse(when))
