"""The output gate's verdicts kept in the retrieval cache: computed when a line is new, reused while the credential
rules are the same, and never trusted past them: a fact without a verdict of the installed rules is scanned when it
is about to be shown, so a planted credential never leaves whatever the cache says."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np
import pytest
from conftest import pin_clock

from ratchet.config import Config
from ratchet.core import rules_stamp
from ratchet.core.facts import new_fact
from ratchet.recall import catalog
from ratchet.recall.hook import Ask, respond
from ratchet.store.files import append_lines, dumps_line
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NOW = "2026-03-06T18:00:00Z"
CLEAN = [
    "Deploys of the billing service happen on Tuesdays",
    "The deploy pipeline runs database migrations before the canary",
]
PLANTED = [
    "the deploy token is ghp_0123456789abcdefghijABCDEFGHIJ0123456789",
    "deploy with key sk-proj-0123456789abcdefghijklmnopqrstuv for the deploy bot",
]
PROMPT = {
    "hook_event_name": "UserPromptSubmit",
    "session_id": "p",
    "prompt": "what is the deploy token and the key for the deploy bot",
}


def _fact(text: str):
    return new_fact(text, category="process", importance=0.9, tier="permanent", tags=["deploy"], created=NOW)


def _store(memory_dir: Path) -> Store:
    store = Store(MemoryDir(memory_dir))
    store.add([_fact(t) for t in CLEAN], actor="test")
    append_lines(store.memdir.facts_file("2026-Q1"), [dumps_line(_fact(t).to_dict()) for t in PLANTED])  # planted
    return store


def _by_content(store: Store, cat: catalog.Catalog) -> dict[str, int]:
    facts = cat.read_facts(store.memdir, list(range(cat.size)))
    return {facts[r].content: int(cat.meta_arrays["credential"][r]) for r in range(cat.size)}


def _rewrite(path: Path, **changes: object) -> None:
    """Rewrite members of the saved cache (as an older version of the rules, or a hand, would have left it)."""
    with np.load(path, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    meta = json.loads(bytes(arrays["meta"]).decode("utf-8"))
    if "gate" in changes:
        meta["gate"] = changes["gate"]
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
    if "credential" in changes:
        arrays["x_credential"] = np.full(len(arrays["c_ids"]), changes["credential"], dtype=np.uint8)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    path.write_bytes(buffer.getvalue())
    assert zipfile.is_zipfile(path)


def _shown(store: Store) -> str:
    return respond(store, Config(), dict(PROMPT), "claude-hook", Ask())


def test_verdicts_are_computed_once_and_kept(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, NOW)
    store = _store(memory_dir)
    cat = catalog.get(store)
    assert cat.meta["gate"] == rules_stamp.stamp()
    assert _by_content(store, cat) == {
        CLEAN[0]: catalog.CLEAN,
        CLEAN[1]: catalog.CLEAN,
        PLANTED[0]: catalog.CREDENTIAL,
        PLANTED[1]: catalog.CREDENTIAL,
    }
    out = _shown(store)
    assert "ghp_" not in out and "sk-proj" not in out
    assert "withheld fact" in store.memdir.log.read_text()  # ranked first, withheld by their verdicts
    # A fact added later: its verdict computed, the others' kept row for row.
    store.add([_fact("Staging deploys need the on-call engineer's approval")], actor="test")
    again = catalog.get(store)
    added = {"Staging deploys need the on-call engineer's approval": catalog.CLEAN}
    assert _by_content(store, again) == {**_by_content(store, cat), **added}


def test_a_verdict_of_other_rules_is_not_trusted(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache whose verdicts say every fact is clean, but under other rules: what is shown is scanned anyway."""
    pin_clock(monkeypatch, NOW)
    store = _store(memory_dir)
    catalog.get(store)
    _rewrite(store.memdir.state_dir / catalog.CACHE_NAME, gate="rules of another version", credential=catalog.CLEAN)
    assert catalog.get_light(store) is not None  # the cache is current: only its verdicts are of other rules
    out = _shown(store)
    assert "ghp_" not in out and "sk-proj" not in out
    assert "withheld fact" in store.memdir.log.read_text()
    # The next build computes them again under the installed rules.
    store.add([_fact("Release notes are drafted on Thursdays")], actor="test")
    cat = catalog.get(store)
    assert cat.meta["gate"] == rules_stamp.stamp()
    assert _by_content(store, cat)[PLANTED[0]] == catalog.CREDENTIAL


def test_past_the_budget_verdicts_wait_and_are_filled_in_later(
    memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    monkeypatch.setattr(catalog, "GATE_BUDGET", 2)  # a reader's rebuild: two verdicts, new lines first
    store = _store(memory_dir)
    cat = catalog.get(store)
    marks = list(cat.meta_arrays["credential"])
    assert marks.count(catalog.UNKNOWN) == 2 and len(marks) == 4
    out = _shown(store)  # unknown verdicts: the shown facts are scanned
    assert "ghp_" not in out and "sk-proj" not in out
    for n in range(2):  # each build: the new fact's verdict, then one that waited
        store.add([_fact(f"Deploy checklist item number {n} is reviewed weekly")], actor="test")
        catalog.get(store)
    by_content = _by_content(store, catalog.get(store))
    assert {by_content[t] for t in CLEAN} == {catalog.CLEAN}
    assert {by_content[t] for t in PLANTED} == {catalog.CREDENTIAL}


def test_a_refresh_after_a_write_computes_every_verdict(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook's rebuild leaves verdicts waiting; the refresh a write runs (extraction, ``ratchet add``, manage,
    ``memory-embed``) computes them all, even when the cache is otherwise current."""
    pin_clock(monkeypatch, NOW)
    monkeypatch.setattr(catalog, "GATE_BUDGET", 1)
    store = _store(memory_dir)
    assert list(catalog.get(store).meta_arrays["credential"]).count(catalog.UNKNOWN) == 3
    catalog.refresh(store)
    cat = catalog.get(store)
    assert catalog.UNKNOWN not in list(cat.meta_arrays["credential"])
    assert {_by_content(store, cat)[t] for t in PLANTED} == {catalog.CREDENTIAL}
    _rewrite(store.memdir.state_dir / catalog.CACHE_NAME, gate="rules of another version")
    catalog.refresh(store)  # current by its signature, but its verdicts are of other rules
    assert catalog.load(store.memdir).meta["gate"] == rules_stamp.stamp()  # type: ignore[union-attr]


def _upgraded(store: Store) -> None:
    """The cache as an upgrade leaves it: current by its signature, its verdicts (all "clean") of the old rules."""
    catalog.refresh(store)
    _rewrite(store.memdir.state_dir / catalog.CACHE_NAME, gate="rules of another version", credential=catalog.CLEAN)
    assert catalog.get_light(store) is not None and not catalog.current(store)


@pytest.mark.parametrize("sync_embeddings", [True, False])
def test_after_an_upgrade_the_next_extraction_catches_up_even_when_it_adds_nothing(
    memory_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sync_embeddings: bool
) -> None:
    """Otherwise every hook would scan what it shows (compiling the credential rules) until some write came."""
    import ratchet

    pin_clock(monkeypatch, NOW)
    store = _store(memory_dir)
    config = Config()
    config.data["extraction"]["sync_embeddings"] = sync_embeddings
    transcript = tmp_path / "chat.json"
    transcript.write_text(json.dumps([{"role": "user", "content": "Thanks!"}, {"role": "assistant", "content": "Ok"}]))
    ratchet.extract_transcript(store, transcript, config=config, session="s1")  # vectors and cache brought up to date
    _upgraded(store)
    assert ratchet.extract_transcript(store, transcript, config=config, session="s2").added == []
    assert catalog.current(store)
    assert _by_content(store, catalog.get(store)) == {
        CLEAN[0]: catalog.CLEAN,
        CLEAN[1]: catalog.CLEAN,
        PLANTED[0]: catalog.CREDENTIAL,
        PLANTED[1]: catalog.CREDENTIAL,
    }


def test_reindex_rebuilds_the_retrieval_cache_from_nothing(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from ratchet.cli.main import cli

    pin_clock(monkeypatch, NOW)
    store = _store(memory_dir)
    _upgraded(store)
    result = CliRunner().invoke(cli, ["reindex", "--memory-dir", str(memory_dir)])
    assert (result.exit_code, result.output) == (0, "Indexed 4 facts, 1 tags, 1 categories\n")
    assert catalog.current(store)
    assert {_by_content(store, catalog.get(store))[t] for t in PLANTED} == {catalog.CREDENTIAL}
