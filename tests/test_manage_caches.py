"""What memory-manage remembers between runs so that a weekly run does not redo work that grows with the store:
the archive's ids, the credential scan's verdicts for MEMORY.md, the digests of the lines it wrote. Each is derived
data that changes no result: stale or missing, the work is done again."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import pin_clock
from test_lifecycle import add

from ratchet.config import Config
from ratchet.core import facts as facts_module
from ratchet.core import secrets
from ratchet.core.facts import Fact, new_fact
from ratchet.lifecycle import cleared
from ratchet.lifecycle import run as lifecycle
from ratchet.store import archived, lines
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

W10 = "2026-03-06T18:00:00Z"
W11 = "2026-03-13T18:00:00Z"


@pytest.fixture
def store(memory_dir: Path) -> Store:
    return Store(MemoryDir(memory_dir))


def archive_counts(store: Store) -> Counter[str | None]:
    return Counter(r["fact"].get("id") for r in store.archived())


def plant(store: Store, fact: Fact) -> None:
    """Put a fact's line back into its quarter file by hand (as a restore killed before journals existed left it)."""
    with open(store.memdir.facts_file(fact.quarter), "a") as fh:
        fh.write(json.dumps(fact.to_dict()) + "\n")


@pytest.mark.parametrize("cache", ["fresh", "missing", "stale"])
def test_a_fact_archived_already_is_never_archived_twice(store: Store, cache: str) -> None:
    first, other = add(store, "The boiler is serviced in May"), add(store, "The gutter is cleaned in April")
    store.remove([first.id], "test", "forget", "asked")
    assert archived.ids(store.memdir) == {first.id}
    assert (store.memdir.state_dir / archived.CACHE_NAME).exists()  # remembered after the write
    plant(store, first)
    if cache == "missing":
        (store.memdir.state_dir / archived.CACHE_NAME).unlink()
    elif cache == "stale":  # another archive, same cache: the signature tells
        with open(store.memdir.archive, "a") as fh:
            fh.write(json.dumps({"archived_at": W10, "action": "forget", "reason": "x", "actor": "me", "fact": {}}))
            fh.write("\n")
    store.remove([first.id, other.id], "test", "forget", "asked again")
    hand = {None: 1} if cache == "stale" else {}
    assert archive_counts(store) == {first.id: 1, other.id: 1, **hand}
    assert archived.ids(store.memdir) == {first.id, other.id, *hand}


def test_the_archive_is_not_parsed_again_when_the_cache_matches(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = add(store, "The boiler is serviced in May"), add(store, "The gutter is cleaned in April")
    store.remove([first.id], "test", "forget", "asked")

    def parse(path: Path) -> set:
        raise AssertionError("parsed the whole archive")

    monkeypatch.setattr(archived, "parse", parse)
    store.remove([second.id], "test", "forget", "asked")
    assert archive_counts(store) == {first.id: 1, second.id: 1}


def test_a_restore_drops_the_cache_and_the_next_purge_archives_again(store: Store) -> None:
    fact = add(store, "The boiler is serviced in May")
    store.remove([fact.id], "test", "forget", "asked")
    store.restore(fact.id[:8], "test")
    assert not (store.memdir.state_dir / archived.CACHE_NAME).exists()
    assert archived.ids(store.memdir) == set()
    store.remove([fact.id], "test", "forget", "again")
    assert archive_counts(store) == {fact.id: 1}


def run(store: Store) -> dict:
    return lifecycle.run(store, Config(), write_report=False, use_llm=False)


def count_scans(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The contents the credential scan of MEMORY.md's facts is asked about, in order, from now on."""
    scanned: list[str] = []
    real = secrets.shareable

    def counting(content: str, tags: list[str] | tuple[str, ...] = ()) -> bool:
        scanned.append(content)
        return real(content, tags)

    monkeypatch.setattr(secrets, "shareable", counting)
    return scanned


def test_memory_md_scans_a_listed_fact_once_until_it_or_the_scanner_changes(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, W10)
    rule = add(store, "Always run the linters before pushing", tier="permanent", importance=0.9)
    scanned = count_scans(monkeypatch)
    run(store)
    assert scanned == [rule.content] and rule.content in store.memdir.memory_md.read_text()
    pin_clock(monkeypatch, W11)
    run(store)
    assert scanned == [rule.content]  # the same content and tags: the remembered verdict
    monkeypatch.setattr(cleared, "scanner", lambda: "other rules")
    run(store)
    assert scanned == [rule.content] * 2


def test_memory_md_takes_the_retrieval_caches_verdicts_but_not_for_a_line_edited_since(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first run after the hooks brought the retrieval cache up to date scans nothing the cache found clean by
    the same rules; a line changed by hand since (same id, other text) is scanned, and a credential stays out."""
    from ratchet.recall import catalog

    pin_clock(monkeypatch, W10)
    rule = add(store, "Always run the linters before pushing", tier="permanent", importance=0.9)
    other = add(store, "Deploys go out on Tuesdays", tier="permanent", importance=0.9)
    catalog.refresh(store)
    edited = Fact.from_dict({**other.to_dict(), "content": "The deploy password is hunter2-Xq9!vLp3"})
    path = store.memdir.facts_file(other.quarter)
    old_line = next(line for line in path.read_text().splitlines() if other.id in line)
    path.write_text(path.read_text().replace(old_line, json.dumps(edited.to_dict())))
    scanned = count_scans(monkeypatch)
    run(store)
    text = store.memdir.memory_md.read_text()
    assert scanned == [edited.content]
    assert rule.content in text and "hunter2" not in text and "Tuesdays" not in text
    monkeypatch.setattr(catalog, "VERSION", catalog.VERSION + 1)  # a cache of another version: scan again
    (store.memdir.state_dir / cleared.NAME).unlink()
    pin_clock(monkeypatch, W11)
    run(store)
    assert scanned == [edited.content, rule.content, edited.content]


def test_a_planted_credential_stays_out_of_memory_md_every_run(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, W10)
    add(store, "Always run the linters before pushing", tier="permanent", importance=0.9)
    planted = new_fact("The staging password is hunter2-Xq9!vLp3", category="process", importance=0.9)
    planted.tier = "permanent"
    planted.created = "2026-02-24T09:00:00Z"
    plant(store, planted)
    for week in (W10, W11):
        pin_clock(monkeypatch, week)
        run(store)
        text = store.memdir.memory_md.read_text()
        assert "linters" in text and "hunter2" not in text
    doc = json.loads((store.memdir.state_dir / cleared.NAME).read_text())
    assert len(doc["clean"]) == 1  # only clean verdicts are kept


def test_lines_manage_wrote_are_not_validated_again_but_a_hand_edit_is(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lines, "WRITTEN_FROM", 1)
    pin_clock(monkeypatch, W10)
    facts = [add(store, f"Fact number {n} about the boiler", importance=0.7) for n in range(3)]
    run(store)
    checked: list[object] = []
    real = facts_module._check

    def counting(record: object) -> None:
        checked.append(record)
        real(record)  # type: ignore[arg-type]

    monkeypatch.setattr(facts_module, "_check", counting)
    assert {f.id for f in store.read().facts} == {f.id for f in facts}
    assert checked == []
    path = store.memdir.facts_file(facts[0].quarter)
    text = path.read_text()
    path.write_text(text.replace('"importance":', '"importance":7', 1))  # no longer a valid fact
    loaded = store.read(quarantine=False)
    assert len(loaded.facts) == 2 and len(loaded.bad) == 1 and len(checked) == 1


def test_a_dry_run_looking_into_the_archive_writes_no_cache(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, W10)
    old = add(store, "The boiler is serviced in May")
    add(store, "The boiler is serviced in June", supersedes=[old.id])
    store.remove([old.id], "test", "forget", "asked")
    (store.memdir.state_dir / archived.CACHE_NAME).unlink()
    before = {p: p.read_bytes() for p in store.memdir.root.rglob("*") if p.is_file()}
    summary = lifecycle.run(store, Config(), dry_run=True)
    assert summary["dangling"] == []  # the listed id was found in the archive
    assert {p: p.read_bytes() for p in store.memdir.root.rglob("*") if p.is_file()} == before
