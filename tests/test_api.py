"""The public API (``import ratchet``): open a store, extract, retrieve, manage, on a real memory directory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import pin_clock

import ratchet


def test_the_whole_pipeline_through_the_public_api(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, "2026-03-02T09:00:00Z")
    transcript = tmp_path / "session.json"
    transcript.write_text(
        json.dumps(
            [
                {"role": "user", "content": "I prefer pytest over unittest for every new test in this project."},
                {"role": "assistant", "content": "Noted."},
                {"role": "user", "content": "Our staging database runs PostgreSQL 16 on port 5433."},
            ]
        )
    )
    config = ratchet.load_config()
    assert isinstance(config, ratchet.Config)
    store = ratchet.open_store(tmp_path / "memory", config)
    assert isinstance(store, ratchet.Store)

    result = ratchet.extract_transcript(store, transcript, config=config, session="s1", cwd=tmp_path)
    contents = [f.content for f in result.added]
    assert any("pytest" in c for c in contents), contents
    assert all(isinstance(f, ratchet.Fact) for f in store.facts())
    assert (store.memdir.state_dir / "retrieval.npz").is_file()  # recall's cache refreshed after the write
    again = ratchet.extract_transcript(store, transcript, config=config, session="s1", cwd=tmp_path)
    assert again.added == [] and again.turns_new == 0  # the same transcript adds nothing

    shown = ratchet.retrieve(store, "which test framework should new tests use?", config=config, cwd=tmp_path)
    assert shown.shown and "pytest" in shown.shown[0].fact.content
    assert "Known context from previous sessions" in shown.markdown()

    summary = ratchet.manage(store, config=config, use_llm=False)
    assert summary["facts"] == len(store.facts())
    assert store.memdir.memory_md.is_file()


def test_import_ratchet_loads_nothing_heavy() -> None:
    heavy = ("numpy", "click", "jsonschema", "ratchet.store")
    code = f"import sys, ratchet; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ratchet.nothing  # noqa: B018
