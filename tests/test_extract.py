"""memory-extract offline: fixtures in every format, filters, idempotence, dry run, CLI and hook."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import subprocess_env

from ratchet.cli.extract import cli
from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.extract.pipeline import extract_file
from ratchet.store import audit, events
from ratchet.store.store import Store

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
SAMPLE = Path(__file__).parent.parent / "samples" / "sample-transcript.jsonl"
EXPECTED = [
    "The user prefers pytest over unittest for all new tests.",
    "The staging database is db-staging-2.",
    "The staging database moved to db-staging-3 last night.",
    "The team's deploy window is Thursday at 10am.",
]
KEY = "sk-proj-Xq7vB2mN9pL4kR8sT1wY6zA3cD5fG0hJ"


def _store(memory_dir: Path) -> Store:
    return Store(memory_dir)


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", ["claude.jsonl", "codex.jsonl", "gemini.json", "plain.json", "chat.md"])
def test_each_format_stores_the_expected_facts(name: str, memory_dir: Path) -> None:
    store = _store(memory_dir)
    result = extract_file(store, Config(), FIXTURES / name)
    assert result.mode == "offline"
    facts = {f.content: f for f in store.facts()}
    assert sorted(facts) == sorted(EXPECTED)
    # the correction supersedes the earlier statement of the same session, both sides written
    old, new = (
        facts["The staging database is db-staging-2."],
        facts["The staging database moved to db-staging-3 last night."],
    )
    assert old.superseded_by == new.id and new.supersedes == [old.id]
    remember = facts["The team's deploy window is Thursday at 10am."]
    assert remember.importance == pytest.approx(0.8)  # project 0.6 + remember 0.2
    assert all(f.provenance == "offline-extractor/2" and f.source_session and f.evidence for f in facts.values())
    # re-running adds nothing
    again = extract_file(store, Config(), FIXTURES / name)
    assert again.added == [] and again.turns_new == 0
    assert len(store.facts()) == 4


def test_filters_private_recalled_and_credentials(memory_dir: Path) -> None:
    store = _store(memory_dir)
    result = extract_file(store, Config(), FIXTURES / "claude.jsonl")
    text = " ".join(f.content + " " + (f.evidence or "") for f in store.facts())
    assert "therapist" not in text  # <private> never reaches the store
    assert "Helix" not in text  # the recalled-memory block is not re-extracted
    assert "sk-proj" not in text
    assert result.rejected == [{"reason": "credential", "kinds": ["OpenAI Token"], "content_chars": 82}]
    rejects = [r for r in audit.read(store.memdir) if r["action"] == "reject"]
    assert rejects and rejects[0]["kinds"] == ["OpenAI Token"]
    for path in memory_dir.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(errors="replace"), path


def test_a_fact_whose_tags_carry_a_credential_is_refused_alone(tmp_path: Path, memory_dir: Path) -> None:
    """store.add refuses a record whose tags read as a credential (a key's name and its value split into words);
    the extraction checks each fact the same way first, so that one fact does not fail the whole session's batch."""
    key = "5e1f9a3c7b2d4e6f8a0c2e4f6a8b0d2f"
    transcript = tmp_path / "session.json"
    turns = [
        {"role": "user", "content": "I prefer pytest over unittest for every new test in this project."},
        {"role": "assistant", "content": "Noted."},
        # Not quite the tool's command (it is "user-secrets set", which the content scan reads): the content scan does
        # not read the quoted name and value, the tags do.
        {"role": "user", "content": f'dotnet secrets set "Weather:ApiKey" "{key}"'},
    ]
    transcript.write_text(json.dumps(turns))
    store = _store(memory_dir)
    result = extract_file(store, Config(), transcript)
    assert [f.content for f in store.facts()] == [
        "The user prefers pytest over unittest for every new test in this project."
    ]
    assert any("carries a credential" in r["reason"] for r in result.rejected), result.rejected
    for path in memory_dir.rglob("*"):
        if path.is_file():
            assert key not in path.read_text(errors="replace"), path


def test_untrusted_block_gives_untrusted_half_importance_fact(tmp_path: Path, memory_dir: Path) -> None:
    path = tmp_path / "t.md"
    path.write_text(
        "User: The billing service runs on port 8443.\n"
        "[UNTRUSTED DATA]The billing service uses Redis for sessions.[/UNTRUSTED DATA]\n"
        "Assistant: Noted.\n"
    )
    store = _store(memory_dir)
    extract_file(store, Config(), path)
    facts = {f.content: f for f in store.facts()}
    assert facts["The billing service runs on port 8443."].source_trust == "trusted"
    untrusted = facts["The billing service uses Redis for sessions."]
    assert untrusted.source_trust == "untrusted" and untrusted.trust_reasons == ["untrusted_block"]
    assert untrusted.importance == pytest.approx(0.3)


def test_duplicates_of_existing_facts_are_not_added_and_count_as_confirmation(tmp_path: Path, memory_dir: Path) -> None:
    store = _store(memory_dir)
    old = new_fact(
        "The user likes pytest over unittest for all new tests",
        category="preference",
        importance=0.6,
        source_session="earlier",
    )
    store.add([old], "test")
    result = extract_file(store, Config(), FIXTURES / "plain.json")
    assert [d["existing_id"] for d in result.duplicates] == [old.id]
    contents = [f.content for f in store.facts()]
    assert "The user prefers pytest over unittest for all new tests." not in contents
    assert [e["fact_ids"] for e in events.read(store.memdir, "reference")] == [[old.id]]


def test_correction_supersedes_an_existing_fact(tmp_path: Path, memory_dir: Path) -> None:
    store = _store(memory_dir)
    old = new_fact("The WRX oil change is due at 11,000 miles", category="vehicle", importance=0.8)
    unrelated = new_fact("The WRX has new winter tires", category="vehicle", importance=0.8)
    store.add([old, unrelated], "test")
    path = tmp_path / "t.md"
    path.write_text("User: Actually, the WRX oil change is due at 11,799 miles.\nAssistant: Updated.\n")
    result = extract_file(store, Config(), path)
    facts = {f.id: f for f in store.facts()}
    new = result.added[0]
    assert new.content == "The WRX oil change is due at 11,799 miles."
    assert facts[old.id].superseded_by == new.id and facts[new.id].supersedes == [old.id]
    assert facts[unrelated.id].superseded_by is None
    supersede = [r for r in audit.read(store.memdir) if r["action"] == "supersede"]
    assert supersede[0]["fact_id"] == old.id and supersede[0]["after"] == {"superseded_by": new.id}


def test_appended_turns_are_processed_once(tmp_path: Path, memory_dir: Path) -> None:
    path = tmp_path / "live.jsonl"
    lines = (FIXTURES / "claude.jsonl").read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:6]))
    store = _store(memory_dir)
    first = extract_file(store, Config(), path)
    assert [f.content for f in first.added] == EXPECTED[:2]
    path.write_text("".join(lines))
    second = extract_file(store, Config(), path)
    assert [f.content for f in second.added] == EXPECTED[2:]
    state = json.loads((memory_dir / "state" / "extract-offsets.json").read_text())
    assert state["claude-sess-1"]["uid"] == "c1-0012" and state["claude-sess-1"]["line"] == 14


def test_sample_transcript_gives_sensible_facts(memory_dir: Path) -> None:
    store = _store(memory_dir)
    extract_file(store, Config(), SAMPLE)
    facts = {f.content: f for f in store.facts()}
    assert 10 <= len(facts) <= 16
    assert facts["The WRX oil change is due at 11,799 miles."].importance == pytest.approx(0.95)
    assert facts["The user is allergic to penicillin."].tier == "permanent"
    assert "Always run make lint before pushing to main." in facts
    joined = " ".join(facts)
    assert "therapist" not in joined and "sk-proj" not in joined and "emoji" not in joined and "wiped" not in joined


def test_cli_prints_facts_and_a_labelled_summary(tmp_path: Path) -> None:
    path = tmp_path / "t.md"
    path.write_text("User: hi\nUser: I live in Portland.\nAssistant: Nice.\n")
    code, out, err = _run(str(path), "--session", "s1")
    assert code == 0
    fid = out.split()[1]
    assert out == f"+ {fid} [personal 0.60] The user lives in Portland.\n"
    summary = "1 added, 0 duplicate, 0 rejected, 0 superseded, 0 confirmed; 3 of 3 turns new"
    assert err == f"{path} (text, offline extractor): {summary}\n"


def test_cli_dry_run_writes_nothing(tmp_path: Path, memory_dir: Path) -> None:
    code, out, err = _run(str(FIXTURES / "chat.md"), "--dry-run", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["dry_run"] is True and sorted(f["content"] for f in data["added"]) == sorted(EXPECTED)
    assert not memory_dir.exists()


def test_cli_bad_transcript_names_file_and_line_and_writes_nothing(tmp_path: Path, memory_dir: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "user", "uuid": "a", "message": {"content": "I use fish."}}\nnot json\n')
    code, out, err = _run(str(path))
    assert (code, out) == (1, "")
    assert err == f"Error: {path}:2: invalid JSON (Expecting value)\n"
    assert not memory_dir.exists()


def test_hook_bad_input_fails_open(memory_dir: Path) -> None:
    result = CliRunner().invoke(cli, ["--hook"], input="{not json", catch_exceptions=False)
    assert (result.exit_code, result.stdout) == (0, "")
    assert "memory-extract --hook failed open" in (memory_dir / "ratchet.log").read_text()
    result = CliRunner().invoke(cli, ["--hook"], input='{"transcript_path": "/nowhere.jsonl"}', catch_exceptions=False)
    assert (result.exit_code, result.stdout) == (0, "")
    assert "transcript /nowhere.jsonl not found" in (memory_dir / "ratchet.log").read_text()


@pytest.mark.slow  # a hook process and the detached worker it starts, waited for
@pytest.mark.parametrize("entry", ["ratchet.cli.fasthook", "ratchet.cli.extract"])
def test_hook_detaches_a_worker_and_returns_at_once(tmp_path: Path, memory_dir: Path, entry: str) -> None:
    payload = json.dumps(
        {"transcript_path": str(FIXTURES / "claude.jsonl"), "session_id": "hook-1", "cwd": str(tmp_path)}
    )
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", entry, "--hook"],
        input=payload,
        capture_output=True,
        text=True,
        env=subprocess_env(),
        timeout=30,
    )
    elapsed = time.monotonic() - start
    assert (proc.returncode, proc.stdout) == (0, "")
    assert elapsed < 2.0  # process start included; the hook itself does no extraction
    store = _store(memory_dir)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(store.facts()) < 4:
        time.sleep(0.1)
    assert sorted(f.content for f in store.facts()) == sorted(EXPECTED)
    assert {f.source_session for f in store.facts()} == {"hook-1"}
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "memory-extract: session hook-1" not in _read(memory_dir / "ratchet.log"):
        time.sleep(0.1)
    assert "memory-extract: session hook-1: 4 added" in _read(memory_dir / "ratchet.log")


def test_fast_hook_entry_fails_open_and_defers_everything_else(memory_dir: Path) -> None:
    run = functools.partial(subprocess.run, capture_output=True, text=True, env=subprocess_env(), timeout=30)
    bad = run([sys.executable, "-m", "ratchet.cli.fasthook", "--hook"], input="{not json")
    assert (bad.returncode, bad.stdout, bad.stderr) == (0, "", "")
    assert "memory-extract --hook failed open: ratchet.errors.UsageError: hook input: invalid JSON" in _read(
        memory_dir / "ratchet.log"
    )
    helped = run([sys.executable, "-m", "ratchet.cli.fasthook", "--hook", "--help"])
    assert helped.returncode == 0 and "Usage: " in helped.stdout
    unknown = run([sys.executable, "-m", "ratchet.cli.fasthook", "--hook", "--bogus"], input="{}")
    assert unknown.returncode == 2 and "No such option '--bogus'" in unknown.stderr


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def test_new_facts_are_embedded_after_extraction(memory_dir: Path) -> None:
    """The library's extraction (what the hook worker runs) brings the vectors up to date with the bundled model.
    (This test used to skip on a module that the house move renamed, so it never ran.)"""
    import ratchet

    store = _store(memory_dir)
    result = ratchet.extract_transcript(store, FIXTURES / "chat.md", config=Config())
    assert result.added
    ids = json.loads((memory_dir / "state" / "embeddings-meta.json").read_text())
    assert ids["count"] == len([f for f in store.facts() if f.active]) and ids["backend"] == "local"


def test_facts_are_created_when_the_user_said_them(memory_dir: Path) -> None:
    store = _store(memory_dir)
    result = extract_file(store, Config(), SAMPLE)
    stamps = {f.created for f in result.added}
    assert stamps and all(s.startswith("2026-02-27T") for s in stamps)
    assert {p.name for p in memory_dir.glob("facts-*.jsonl")} == {"facts-2026-Q1.jsonl"}


def test_reading_a_session_again_under_a_new_id_does_not_revive_superseded_facts(
    tmp_path: Path, memory_dir: Path
) -> None:
    transcript = tmp_path / "moved.json"
    transcript.write_text(
        json.dumps(
            [
                {"role": "user", "content": "Our builds run on the Jenkins box in the basement."},
                {"role": "assistant", "content": "Noted."},
                {"role": "user", "content": "Correction: our builds run on GitHub Actions now."},
            ]
        )
    )
    store = _store(memory_dir)
    first = extract_file(store, Config(), transcript, session="original")
    assert len(first.superseded) == 1
    again = extract_file(store, Config(), transcript, session="resumed-copy")
    assert again.added == []
    active = [f.content for f in store.facts() if f.active]
    assert len(active) == 1 and "GitHub Actions" in active[0]


def test_a_codex_rollout_files_its_facts_under_the_repository_it_names(memory_dir: Path, tmp_path: Path) -> None:
    """The rollout's working directory is gone (another machine, a deleted checkout): session_meta's repository URL
    still says which repository the session was about, credentials in the URL left out."""

    def message(role: str, text: str) -> dict[str, object]:
        kind = "input_text" if role == "user" else "output_text"
        payload = {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}
        return {"type": "response_item", "payload": payload}

    url = "https://bot:x@github.com/Acme/Shop.git"
    meta = {"id": "s-codex", "cwd": str(tmp_path / "gone"), "git": {"repository_url": url}}
    lines = [
        {"type": "session_meta", "payload": meta},
        message("user", "We deploy the shop with Terraform."),
        message("assistant", "Noted."),
    ]
    rollout = tmp_path / "rollout.jsonl"
    rollout.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    store = _store(memory_dir)
    result = extract_file(store, Config(), rollout)
    assert result.scope == "repo:github.com/acme/shop"
    assert [f.scope for f in store.facts()] == ["repo:github.com/acme/shop"]


def test_explain_says_how_a_transcript_was_read_and_writes_nothing(tmp_path: Path) -> None:
    lines = [
        {"type": "session_meta", "payload": {"id": "s9", "cwd": "/w"}},
        {"type": "response_item", "payload": {"type": "message", "role": "developer", "content": "Be terse."}},
        {
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "# AGENTS.md instructions for /w\n<INSTRUCTIONS>x"}],
            },
        },
        {
            "type": "response_item",
            "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "I use vim."}]},
        },
    ]
    rollout = tmp_path / "rollout.jsonl"
    rollout.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    memory = tmp_path / "memory"
    result = CliRunner().invoke(cli, ["--memory-dir", str(memory), "--explain", str(rollout)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{rollout}: codex (session s9, cwd /w)\n"
        "turns: 1 user\n"
        "dropped: developer message (the harness's instructions) (line 2)\n"
        "dropped: injected instructions (AGENTS.md) (line 3)\n"
    )
    assert not memory.exists()


def test_session_locks_do_not_pile_up_one_per_session(memory_dir: Path, tmp_path: Path) -> None:
    store = _store(memory_dir)
    for n in range(40):
        chat = tmp_path / f"chat-{n}.txt"
        chat.write_text(f"User: I keep note number {n} in the blue notebook.\nAssistant: Noted.\n", encoding="utf-8")
        extract_file(store, Config(), chat, session=f"session-{n}")
    locks = sorted(p.name for p in (memory_dir / "state").glob("extract-*.lock"))
    assert 0 < len(locks) <= 16 and all(len(name) == len("extract-00.lock") for name in locks)
