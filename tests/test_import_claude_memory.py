"""ratchet import claude-memory: Claude Code's auto memory folder read in, once, with the shared import rules."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from click.testing import CliRunner

from ratchet.cli.main import cli
from ratchet.interop.claude_memory import parse_file, project_dir

MEMORY_MD = """# Project memory

- [Testing](testing.md) - how tests run here
- [Missing](gone.md) - a topic that was deleted
- The API is deployed with `make deploy` from the release branch

Build notes:
the CI runs on two cores and caches pip wheels.

```bash
make deploy
```
<!-- a comment, not a note -->
"""
TESTING_MD = """---
name: Testing
description: how tests run
type: feedback
---

## Running tests

- Run `pytest -q -m "not slow"` before every commit
- Never mock the project's own code
1. The wheel test is marked slow
"""


def _memory(tmp_path: Path) -> Path:
    """A Claude Code project folder for a repository that exists on this machine."""
    repo = tmp_path / "src" / "shop-api"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "git@github.com:acme/shop-api.git"], check=True)
    folder = tmp_path / ".claude" / "projects" / str(repo).replace("/", "-") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(MEMORY_MD, encoding="utf-8")
    (folder / "testing.md").write_text(TESTING_MD, encoding="utf-8")
    return folder


def test_notes_become_facts_and_index_entries_do_not(tmp_path: Path) -> None:
    folder = _memory(tmp_path)
    parsed = parse_file(folder)
    assert [(i.where, i.content, i.tags, i.category) for i in parsed.items] == [
        ("MEMORY.md:4", "Missing - a topic that was deleted", ["project-memory"], None),
        ("MEMORY.md:5", "The API is deployed with `make deploy` from the release branch", ["project-memory"], None),
        ("MEMORY.md:7", "Build notes: the CI runs on two cores and caches pip wheels.", ["project-memory"], None),
        ("testing.md:9", 'Run `pytest -q -m "not slow"` before every commit', ["running-tests"], "preference"),
        ("testing.md:10", "Never mock the project's own code", ["running-tests"], "preference"),
        ("testing.md:11", "The wheel test is marked slow", ["running-tests"], "preference"),
    ]
    assert [p.reason for p in parsed.ignored] == ["index entry for testing.md"]
    assert project_dir(folder) == tmp_path / "src" / "shop-api"


def test_import_is_scoped_to_the_repository_and_a_second_import_adds_nothing(tmp_path: Path, memory_dir: Path) -> None:
    folder = _memory(tmp_path)
    runner = CliRunner()
    first = runner.invoke(cli, ["import", "claude-memory", str(folder), "--json"], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["imported"] == 6
    facts = json.loads(runner.invoke(cli, ["list", "--json"], catch_exceptions=False).stdout)
    assert {f["scope"] for f in facts} == {"repo:github.com/acme/shop-api"}
    assert {f["category"] for f in facts} == {"project", "preference"}
    again = runner.invoke(cli, ["import", "claude-memory", str(folder), "--json"], catch_exceptions=False)
    assert json.loads(again.stdout)["imported"] == 0
    exported = runner.invoke(cli, ["export", "jsonl"], catch_exceptions=False).stdout
    assert "Never mock the project's own code" in exported


def test_a_credential_in_a_note_is_skipped_and_a_missing_folder_is_one_line(tmp_path: Path, memory_dir: Path) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    (folder / "MEMORY.md").write_text("- The staging password is Tr0ub4dor&3x!\n- Staging runs on Fridays\n")
    result = CliRunner().invoke(cli, ["import", "claude-memory", str(folder), "--json"], catch_exceptions=False)
    report = json.loads(result.stdout)
    assert report["imported"] == 1 and report["counts"] == {"secret": 1}
    missing = CliRunner().invoke(cli, ["import", "claude-memory", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and missing.output.count("\n") == 1 and "not found" in missing.output


def test_codex_memories_are_read_from_the_consolidated_files_only(tmp_path: Path, memory_dir: Path) -> None:
    folder = tmp_path / ".codex" / "memories"
    (folder / "rollout_summaries").mkdir(parents=True)
    (folder / "MEMORY.md").write_text("# Preferences\n\n- Prefers uv over pip for Python projects\n")
    (folder / "memory_summary.md").write_text("- Works mostly in the billing monorepo\n")
    (folder / "raw_memories.md").write_text("- raw note of one session\n")
    (folder / "rollout_summaries" / "s1.md").write_text("- a session summary\n")
    runner = CliRunner()
    first = json.loads(runner.invoke(cli, ["import", "codex-memories", str(folder), "--json"]).stdout)
    assert first["imported"] == 2
    facts = json.loads(runner.invoke(cli, ["list", "--json"], catch_exceptions=False).stdout)
    assert sorted(f["content"] for f in facts) == [
        "Prefers uv over pip for Python projects",
        "Works mostly in the billing monorepo",
    ]
    again = json.loads(runner.invoke(cli, ["import", "codex-memories", str(folder), "--json"]).stdout)
    assert again["imported"] == 0
