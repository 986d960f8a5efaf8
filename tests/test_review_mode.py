"""Propose, then approve (``extraction.review``): extracted facts the extractor is unsure of wait as pending, are
never shown, and become memory only when the user accepts them; rejected ones are archived, forgotten ones expire."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pin_clock

from ratchet.cli.main import cli
from ratchet.cli.retrieve import cli as memory_retrieve
from ratchet.config import Config, load_config
from ratchet.core import review
from ratchet.core.facts import new_fact
from ratchet.errors import ConfigError, NotFoundError
from ratchet.extract.pipeline import extract_file
from ratchet.hooks.mcp_server import Memory
from ratchet.lifecycle.run import run as manage
from ratchet.store import audit
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NOW = "2026-03-02T10:00:00Z"
TRANSCRIPT = """User: I prefer pytest over unittest for all new tests.
Assistant: Got it.
User: I was diagnosed with asthma in 2019.
Assistant: Thanks for telling me.
User: Actually, the WRX oil change is due at 11,799 miles.
Assistant: Updated.
User: Remember that the deploy window is Thursday at 10am.
Assistant: Noted.
"""
OLD = "The WRX oil change is due at 11,000 miles"
PYTEST = "The user prefers pytest over unittest for all new tests."
ASTHMA = "The user was diagnosed with asthma in 2019."
WRX = "The WRX oil change is due at 11,799 miles."
DEPLOY = "The deploy window is Thursday at 10am."


def _config(tmp_path: Path, mode: str) -> Config:
    path = tmp_path / f"review-{mode}.json"
    path.write_text(json.dumps({"extraction": {"review": mode}}))
    return load_config(path)


def _extract(tmp_path: Path, memory_dir: Path, mode: str) -> tuple[Store, dict[str, object]]:
    store = Store(MemoryDir(memory_dir))
    old = new_fact(OLD, category="vehicle", importance=0.8, created="2026-02-01T09:00:00Z")
    store.add([old], "test")
    path = tmp_path / "session.md"
    path.write_text(TRANSCRIPT)
    result = extract_file(store, _config(tmp_path, mode), path)
    return store, {"old": old.id, "result": result}


def _by_content(store: Store) -> dict[str, object]:
    return {f.content: f for f in store.facts()}


def _run(memory_dir: Path, command: object, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(command, [*args, "--memory-dir", str(memory_dir)], input=stdin)  # type: ignore[arg-type]
    return result.exit_code, result.stdout, result.stderr


def test_off_stores_memory_at_once(tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, NOW)
    store, got = _extract(tmp_path, memory_dir, "off")
    facts = _by_content(store)
    assert not any(review.pending(f) for f in facts.values())  # type: ignore[arg-type]
    assert facts[OLD].superseded_by == facts[WRX].id  # type: ignore[attr-defined]
    assert got["result"].pending == []  # type: ignore[attr-defined]


def test_uncertain_holds_what_the_extractor_is_unsure_of(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, got = _extract(tmp_path, memory_dir, "uncertain")
    facts = _by_content(store)
    waiting = {content for content, f in facts.items() if review.pending(f)}  # type: ignore[arg-type]
    assert waiting == {ASTHMA, WRX}  # a sensitive topic; a correction of a stored fact
    assert facts[WRX].meta["review"]["why"] == "replaces 1 stored fact"  # type: ignore[attr-defined]
    assert facts[ASTHMA].meta["review"]["why"] == "a sensitive topic"  # type: ignore[attr-defined]
    # The correction replaces nothing yet: the stored fact stays in force until the user accepts.
    assert facts[OLD].superseded_by is None and facts[WRX].supersedes is None  # type: ignore[attr-defined]
    assert facts[WRX].meta["review"]["replaces"] == [got["old"]]  # type: ignore[attr-defined]
    # What the user asked to remember and plain preferences are memory at once.
    assert not review.pending(facts[DEPLOY]) and not review.pending(facts[PYTEST])  # type: ignore[arg-type]
    added = [r for r in audit.read(store.memdir) if r["action"] == "add"]
    assert {r["fact_id"] for r in added} >= {facts[WRX].id, facts[ASTHMA].id}  # type: ignore[attr-defined]


def test_pending_facts_are_never_shown(tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, NOW)
    store, _ = _extract(tmp_path, memory_dir, "uncertain")
    query = _run(memory_dir, memory_retrieve, "--query", "when is the WRX oil change due, and the asthma diagnosis")
    assert query[0] == 0 and "11,000 miles" in query[1]
    assert "11,799" not in query[1] and "asthma" not in query[1]
    start = _run(memory_dir, memory_retrieve, "--hook", stdin=json.dumps({"hook_event_name": "SessionStart"}))
    prompt = {"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "WRX oil change miles due when"}
    asked = _run(memory_dir, memory_retrieve, "--hook", stdin=json.dumps(prompt))
    for code, out, _ in (start, asked):
        assert code == 0 and "11,799" not in out and "asthma" not in out
    assert "11,000 miles" in asked[1]
    listed = _run(memory_dir, cli, "list", "--pending")
    assert listed[0] == 0 and listed[1].count("[pending review]") == 2
    tools = Memory(store, Config(), tmp_path)  # the MCP tools: not found, as a fact of another repository
    with pytest.raises(NotFoundError):
        tools.get([_by_content(store)[WRX].id])  # type: ignore[attr-defined]
    assert "11,799" not in tools.search("WRX oil change due miles")
    why = _run(memory_dir, cli, "why", _by_content(store)[ASTHMA].id[:8], "--query", "asthma diagnosis")  # type: ignore[attr-defined]
    assert why[0] == 0 and "pending review" in why[1]


def test_accept_makes_memory_and_applies_the_replacement(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, got = _extract(tmp_path, memory_dir, "uncertain")
    code, out, _ = _run(memory_dir, cli, "review")
    assert code == 0
    assert "Pending facts (2; accept to keep, reject to archive):" in out
    wrx = _by_content(store)[WRX]
    line = f"p2. {wrx.id[:8]}  vehicle · global · replaces 1 stored fact"  # type: ignore[attr-defined]
    assert line in out.splitlines()
    code, out, _ = _run(memory_dir, cli, "review", "accept", "p2")
    assert (code, out) == (0, f"Accepted {wrx.id}: now memory; it supersedes {str(got['old'])[:8]}\n")  # type: ignore[attr-defined]
    facts = _by_content(store)
    assert not review.pending(facts[WRX])  # type: ignore[arg-type]
    assert facts[OLD].superseded_by == facts[WRX].id and facts[WRX].supersedes == [got["old"]]  # type: ignore[attr-defined]
    accepted = [r for r in audit.read(store.memdir) if r["action"] == "accept"]
    assert {r["fact_id"] for r in accepted} == {facts[WRX].id, got["old"]}  # type: ignore[attr-defined]
    query = _run(memory_dir, memory_retrieve, "--query", "when is the WRX oil change due")
    assert "11,799" in query[1] and "11,000" not in query[1]


def test_reject_archives_and_restore_brings_it_back_pending(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, _ = _extract(tmp_path, memory_dir, "uncertain")
    asthma = _by_content(store)[ASTHMA]
    code, out, _ = _run(memory_dir, cli, "review", "reject", asthma.id[:8])  # type: ignore[attr-defined]
    assert (code, out) == (0, f"Rejected {asthma.id}: archived ('ratchet restore {asthma.id[:8]}' brings it back)\n")  # type: ignore[attr-defined]
    assert ASTHMA not in _by_content(store)
    archived = store.archived()
    assert archived[-1]["action"] == "reject" and archived[-1]["reason"] == "rejected in review"
    assert _run(memory_dir, cli, "restore", asthma.id[:8])[0] == 0  # type: ignore[attr-defined]
    assert review.pending(_by_content(store)[ASTHMA])  # type: ignore[arg-type]
    code, _, err = _run(memory_dir, cli, "review", "accept", "p9")
    assert (code, err) == (1, "Error: Pending fact p9 not found (2 pending)\n")


def test_a_pending_id_prefix_of_digits_is_not_read_as_an_item_number(memory_dir: Path) -> None:
    """Ids are hex, so a prefix can be all digits (about one id in forty): it names the pending fact, since no
    review item has that number."""
    store = Store(MemoryDir(memory_dir))
    fact = new_fact(DEPLOY, category="project", importance=0.6, fact_id="31415926-5358-4979-8323-846264338327")
    review.hold(fact, "unsure", [])
    store.add([fact], "test")
    code, out, err = _run(memory_dir, cli, "review", "reject", "31415926")
    assert (code, out, err) == (0, f"Rejected {fact.id}: archived ('ratchet restore 31415926' brings it back)\n", "")
    code, _, err = _run(memory_dir, cli, "review", "reject", "2")
    assert (code, err) == (1, "Error: Review item 2 not found (0 pending)\n")


def test_all_holds_every_extracted_fact_and_they_expire(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, _ = _extract(tmp_path, memory_dir, "all")
    extracted = [f for f in store.facts() if f.content != OLD]
    assert extracted and all(review.pending(f) for f in extracted)
    data = json.loads(_run(memory_dir, cli, "review", "--json")[1])
    assert [item["ref"] for item in data] == [f"p{n}" for n in range(1, len(extracted) + 1)]
    # MEMORY.md never lists a pending fact, even a permanent one; a month later they expire into the archive.
    pin_clock(monkeypatch, "2026-04-06T10:00:00Z")
    summary = manage(store, _config(tmp_path, "all"), use_llm=False)
    assert [f.content for f in store.facts()] == [OLD]
    reasons = {r["fact"]["content"]: r["reason"] for r in store.archived()}
    assert reasons[DEPLOY] == "pending review for more than 30 days"
    assert summary["purged_count"] == len(extracted)


def test_a_bad_review_setting_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"extraction": {"review": "sometimes"}}))
    with pytest.raises(ConfigError, match=r"extraction\.review"):
        load_config(path)
