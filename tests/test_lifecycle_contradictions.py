"""Contradiction detection: offline flagging, LLM verdicts on the loopback server, the review list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pin_clock

from ratchet.cli.manage import review
from ratchet.config import Config
from ratchet.core.facts import Fact, new_fact
from ratchet.lifecycle import contradictions
from ratchet.lifecycle import run as lifecycle
from ratchet.store import audit
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NOW = "2026-02-27T18:00:00Z"


@pytest.fixture
def store(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    pin_clock(monkeypatch, NOW)
    return Store(MemoryDir(memory_dir))


def pair(store: Store) -> tuple[Fact, Fact]:
    old = new_fact("Aaron prefers dark mode in the editor", category="preference", importance=0.6,
                   created="2026-02-23T09:00:00Z")  # fmt: skip
    new = new_fact("Aaron switched to light mode in the editor", category="preference", importance=0.6,
                   created="2026-02-25T09:00:00Z")  # fmt: skip
    other = new_fact("The staging database is db-staging-2", category="project", importance=0.6,
                     created="2026-02-24T09:00:00Z")  # fmt: skip
    elsewhere = new_fact("Aaron prefers dark mode in the terminal", category="preference", importance=0.6,
                         scope="repo:other", created="2026-02-24T09:00:00Z")  # fmt: skip
    store.add([old, new, other, elsewhere], actor="test")
    return old, new


def get(store: Store, fact_id: str) -> Fact:
    return {f.id: f for f in store.facts()}[fact_id]


def test_offline_pairs_are_flagged_within_scope_and_category_then_accepted(store: Store) -> None:
    old, new = pair(store)
    summary = lifecycle.run(store, Config(), write_report=False)
    assert summary["contradictions"]["method"] == "tfidf"
    assert [(f["old"], f["new"]) for f in summary["flagged"]] == [(old.id, new.id)]
    assert get(store, old.id).active  # offline: flagged only
    items = contradictions.open_items(store.memdir)
    assert len(items) == 1
    result = CliRunner().invoke(review, [], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith(f"1. {items[0]['id']}  preference · global · tfidf ")
    result = CliRunner().invoke(review, ["accept", "1"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output == f"Accepted {items[0]['id']}: {old.id} superseded by {new.id}\n"
    assert get(store, old.id).superseded_by == new.id
    assert get(store, new.id).supersedes == [old.id]
    assert contradictions.open_items(store.memdir) == []
    # Already decided: the next run does not flag the pair again.
    assert lifecycle.run(store, Config(), write_report=False)["flagged_count"] == 0


def test_rejected_pairs_are_not_flagged_again(store: Store) -> None:
    old, new = pair(store)
    lifecycle.run(store, Config(), write_report=False)
    item = contradictions.open_items(store.memdir)[0]
    result = CliRunner().invoke(review, ["reject", item["id"][:6]], catch_exceptions=False)
    assert result.output == f"Rejected {item['id']}: both facts stand\n"
    store.memdir.state_dir.joinpath(lifecycle.STATE_NAME).unlink()  # forget which facts were checked
    summary = lifecycle.run(store, Config(), write_report=False)
    assert summary["flagged_count"] == 0
    assert get(store, old.id).active and get(store, new.id).active


def test_exact_duplicates_are_superseded_offline(store: Store) -> None:
    first = new_fact("Use pnpm, not npm", category="process", importance=0.6, created="2026-02-23T09:00:00Z")
    again = new_fact("use pnpm,  not npm", category="process", importance=0.6, created="2026-02-26T09:00:00Z")
    store.add([first, again], actor="test")
    summary = lifecycle.run(store, Config(), write_report=False)
    assert [s["id"] for s in summary["superseded"]] == [first.id]
    assert get(store, first.id).superseded_by == again.id


def verdict(relation: str, current: str) -> str:
    return json.dumps({"verdicts": [{"pair": 1, "relation": relation, "current": current, "reason": "mode changed"}]})


def test_llm_confirmed_contradiction_with_a_newer_fact_supersedes(store: Store, llm_env) -> None:  # type: ignore[no-untyped-def]
    old, new = pair(store)
    llm_env.chat.push(content=verdict("contradicts", "B"))
    summary = lifecycle.run(store, Config(), write_report=False)
    assert summary["contradictions"]["llm_checked"] == 1
    assert get(store, old.id).superseded_by == new.id and get(store, new.id).supersedes == [old.id]
    prompt = llm_env.chat.requests[0]["messages"][1]["content"]
    assert "A (2026-02-23): Aaron prefers dark mode" in prompt and "B (2026-02-25): Aaron switched" in prompt
    records = list(audit.read(store.memdir))
    assert any(r["action"] == "supersede" and r.get("fact_id") == old.id for r in records)
    assert any(r["action"] == "llm_usage" and r["prompt_tokens"] == 100 for r in records)


@pytest.mark.parametrize(
    ("relation", "current", "status"),
    [("contradicts", "A", "pending"), ("contradicts", "unclear", "pending"), ("compatible", "both", "dismissed")],
)
def test_llm_unclear_goes_to_review_and_compatible_is_remembered(
    store: Store,
    llm_env,
    relation: str,
    current: str,
    status: str,  # type: ignore[no-untyped-def]
) -> None:
    old, new = pair(store)
    llm_env.chat.push(content=verdict(relation, current))
    lifecycle.run(store, Config(), write_report=False)
    assert get(store, old.id).active and get(store, new.id).active
    items = list(contradictions.read_review(store.memdir).values())
    assert [i["status"] for i in items] == [status]


def test_llm_failure_falls_back_to_flagging(store: Store, llm_env) -> None:  # type: ignore[no-untyped-def]
    old, _ = pair(store)
    for _ in range(4):
        llm_env.chat.push(status=500, error="boom")
    summary = lifecycle.run(store, _fast_llm_config(), write_report=False)
    assert "HTTP 500" in summary["contradictions"]["llm_error"]
    assert summary["flagged_count"] == 1 and get(store, old.id).active


def _fast_llm_config() -> Config:
    from ratchet.config import config_from_dict

    return config_from_dict({"llm": {"max_retries": 0, "timeout_seconds": 5}})


def test_embeddings_are_used_when_they_cover_the_store(store: Store) -> None:
    from ratchet.config import config_from_dict
    from ratchet.recall import refresh

    old, new = pair(store)
    config = config_from_dict(
        {"embeddings": {"backend": "tfidf"}, "manage": {"contradiction_min_similarity_embeddings": 0.3}}
    )
    refresh.sync(store, config)
    summary = lifecycle.run(store, config, write_report=False)
    assert summary["contradictions"]["method"] == "embeddings"
    assert (old.id, new.id) in [(f["old"], f["new"]) for f in summary["flagged"]]
