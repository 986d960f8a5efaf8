"""Sensitive facts (health, relationships, family, finances, identity): kept, marked, and shown only when asked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ratchet.cli.main import cli
from ratchet.cli.retrieve import cli as memory_retrieve
from ratchet.config import Config
from ratchet.core import sensitive
from ratchet.extract.pipeline import extract_file
from ratchet.lifecycle import promotion
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store


@pytest.mark.parametrize(
    ("text", "topics"),
    [
        ("I was diagnosed with ADHD last year", ["health"]),
        ("My mom passed away in 2019", ["family"]),
        ("I lost my job in March", ["finances"]),
        ("I am in debt since the divorce", ["relationships", "finances"]),
        ("My sister came out as bisexual", ["identity"]),
        # Ordinary facts with the same words: no person is disclosing anything.
        ("The debts table uses decimal(12,2)", []),
        ("The relationship between orders and users is one-to-many", []),
        ("The health check endpoint is /healthz", []),
        ("The staging server died again", []),
    ],
)
def test_what_counts_as_sensitive(text: str, topics: list[str]) -> None:
    assert sensitive.topics(text) == topics


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def _retrieve(*args: str) -> str:
    result = CliRunner().invoke(memory_retrieve, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_sensitive_fact_is_marked_and_shown_only_when_asked_about(memory_dir: Path) -> None:
    _run("add", "I was diagnosed with ADHD and take medication in the morning", "--category", "personal")
    _run("add", "I prefer tabs over spaces in Python", "--category", "preference")
    listed = json.loads(_run("list", "--sensitive", "--json"))
    assert [f["content"] for f in listed] == ["I was diagnosed with ADHD and take medication in the morning"]
    assert sensitive.TAG in listed[0]["tags"]
    start = _retrieve("--json")  # a session start: no query
    assert "ADHD" not in start and "tabs" in start
    assert "ADHD" not in _retrieve("--query", "what do you know about me in the morning", "--json")
    assert "ADHD" in _retrieve("--query", "what medication do I take in the morning", "--json")
    assert "ADHD" in _retrieve("--query", "anything about my health?", "--json")
    why = json.loads(_run("why", listed[0]["id"][:8], "--json"))
    assert why["shown"] is False and why["reason"].startswith("sensitive")


def test_extraction_marks_and_memory_md_leaves_out(memory_dir: Path, tmp_path: Path) -> None:
    transcript = tmp_path / "chat.txt"
    transcript.write_text(
        "User: I was diagnosed with diabetes last spring.\nAssistant: Thanks for telling me.\n"
        "User: I always deploy with Terraform.\nAssistant: Noted.\n",
        encoding="utf-8",
    )
    store = Store(MemoryDir(memory_dir))
    extract_file(store, Config(), transcript)
    marked = {f.content: sensitive.TAG in f.tags for f in store.facts()}
    assert any(v for k, v in marked.items() if "diabetes" in k), marked
    assert not any(v for k, v in marked.items() if "Terraform" in k), marked
    facts = store.facts()
    for fact in facts:
        fact.tier = "permanent"  # MEMORY.md lists permanent facts, but never a sensitive one
    assert [f.content for f in promotion.listed(facts)] == [k for k, v in marked.items() if not v]
