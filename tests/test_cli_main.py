"""The `ratchet` command: every human verb, its errors and its --json output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import ROOT, subprocess_env

from ratchet.cli import embed, extract, manage, retrieve
from ratchet.cli.main import cli


def run(*args: str, ok: bool = True):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    if ok:
        assert result.exit_code == 0, result.stderr
    return result


def add(text: str, *extra: str) -> str:
    return json.loads(run("add", text, "--json", *extra).stdout)["id"]


def all_commands():
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        yield f"ratchet {name}", command
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                yield f"ratchet {name} {sub}", command.get_command(ctx, sub)
    for module in (extract, retrieve, manage, embed):
        yield module.__name__, module.cli


@pytest.mark.parametrize(("name", "command"), list(all_commands()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_has_help_with_examples(name, command):
    assert command.help, f"{name} has no help"
    assert command.get_short_help_str(), name
    assert "Examples:" in command.help and "\b" in command.help, f"{name} has no examples block"


def test_add_list_show(memory_dir):
    fid = add("I prefer dark mode in every editor", "--category", "preference", "--tags", "ui, Theme")
    run("add", "Oil change due at 11,799 miles", "-c", "vehicle", "--action-required")
    listing = run("list").stdout.splitlines()
    assert listing[0].split() == ["ID", "CREATED", "CATEGORY", "TIER", "IMP", "SCOPE", "CONTENT"]
    assert len(listing) == 3
    shown = json.loads(run("show", fid[:6], "--json").stdout)
    assert shown["content"] == "I prefer dark mode in every editor"
    assert shown["tags"] == ["ui", "theme"]
    assert shown["importance"] == 0.8  # preference 0.6 + explicit 0.2
    assert shown["provenance"] == "manual"
    vehicle = json.loads(run("list", "--category", "vehicle", "--json").stdout)
    assert [f["importance"] for f in vehicle] == [1.0]  # 0.8 + 0.2 + 0.15, clamped
    text = run("show", fid).stdout
    assert f"id               {fid}" in text.splitlines()


def test_add_human_output_and_errors():
    result = run("add", "Deploys happen on Tuesdays", "--category", "process")
    assert result.stdout.startswith("Stored ") and result.stdout.endswith("(process, importance 0.80, global)\n")
    bad = run("add", "x", "--category", "gossip", ok=False)
    assert bad.exit_code == 2
    assert bad.stderr.startswith("Error: --category: 'gossip' is not a configured category (")
    empty = run("add", "   ", ok=False)
    assert (empty.exit_code, empty.stderr) == (2, "Error: TEXT: must not be empty\n")
    imp = run("add", "x", "--importance", "3", ok=False)
    assert imp.exit_code == 2 and "--importance" in imp.stderr


def test_add_without_a_category_files_the_text_as_extraction_would():
    """No --category: a preference, a rule, a decision or a named topic gets its category (and its weight), as
    memory-extract would give it; what reads as none of them gets the config's default_category."""
    said = {
        "I prefer pytest over unittest": "preference",
        "Never run migrations on Fridays": "process",
        "We decided to use Postgres for the ledger": "decision",
        "buy milk": "casual",
    }
    for text, category in said.items():
        shown = json.loads(run("add", text, "--json").stdout)
        assert (shown["content"], shown["category"]) == (text, category)
    result = run("add", "I prefer tabs over spaces")
    assert result.stdout.endswith("(preference, importance 0.80, global)\n")  # preference 0.6 + explicit 0.2


def test_scope_repo_outside_a_repository():
    result = run("add", "something", "--scope", "repo", ok=False)
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: --scope repo: the current directory is not inside a git repository\n",
    )


def test_scope_repo_inside_a_repository(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "git@github.com:Acme/Widget.git"], check=True)
    monkeypatch.chdir(repo)
    fid = add("Widget uses tabs", "--scope", "repo")
    assert json.loads(run("show", fid, "--json").stdout)["scope"] == "repo:github.com/acme/widget"
    assert [f["id"] for f in json.loads(run("list", "--scope", "repo", "--json").stdout)] == [fid]


def test_list_filters_and_last():
    ids = [add(f"fact number {i}", "--tags", "even" if i % 2 == 0 else "odd") for i in range(5)]
    assert len(json.loads(run("list", "--tag", "even", "--json").stdout)) == 3
    assert len(json.loads(run("list", "--last", "2", "--json").stdout)) == 2
    assert json.loads(run("list", "--tier", "permanent", "--json").stdout) == []
    assert len(ids) == 5


def test_list_empty():
    result = run("list")
    assert (result.stdout, result.stderr) == ("", "No facts.\n")


def test_forget_restore_cycle():
    fid = add("The staging DB is db-staging-2")
    result = run("forget", fid[:8])
    assert result.stdout == f"Forgot {fid} (archived; 'ratchet restore {fid[:8]}' brings it back)\n"
    assert json.loads(run("list", "--json").stdout) == []
    gone = run("show", fid, ok=False)
    assert (gone.exit_code, gone.stderr) == (1, f"Error: Fact '{fid}' not found\n")
    assert run("restore", fid[:8]).stdout == f"Restored {fid}\n"
    assert [f["id"] for f in json.loads(run("list", "--json").stdout)] == [fid]
    again = run("restore", fid, ok=False)
    assert (again.exit_code, again.stderr) == (1, f"Error: Archived fact '{fid}' not found\n")


def test_unknown_and_ambiguous_ids():
    for fid in ("aaaa0001-0000-4000-8000-000000000000", "aaaa0002-0000-4000-8000-000000000000"):
        from ratchet.config import load_config
        from ratchet.core.facts import new_fact
        from ratchet.store.memdir import MemoryDir, resolve_memory_dir
        from ratchet.store.store import Store

        Store(MemoryDir(resolve_memory_dir(None, load_config()))).add(
            [new_fact("x " + fid, category="casual", importance=0.3, fact_id=fid)], "test"
        )
    amb = run("show", "aaaa", ok=False)
    assert (amb.exit_code, amb.stderr) == (1, "Error: Fact id prefix 'aaaa' is ambiguous: 2 facts match\n")
    missing = run("forget", "zzzz", ok=False)
    assert (missing.exit_code, missing.stderr) == (1, "Error: Fact 'zzzz' not found\n")


def test_stats_and_reindex():
    add("a", "-c", "decision")
    add("b", "-c", "decision", "--tags", "x")
    data = json.loads(run("stats", "--json").stdout)
    assert data["facts"] == 2 and data["by_category"] == {"decision": 2} and data["by_trust"] == {"trusted": 2}
    assert "Facts: 2 (2 active, 0 superseded, 0 promoted, 0 archived)" in run("stats").stdout
    assert run("reindex").stdout == "Indexed 2 facts, 1 tags, 1 categories\n"
    assert json.loads(run("reindex", "--json").stdout) == {"facts": 2, "tags": 1, "categories": 1}


def test_init_creates_config_and_private_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("RATCHET_MEMORY_DIR")
    result = run("init", "--json")
    data = json.loads(result.stdout)
    assert data["memory_dir"] == str(Path.cwd() / "memory")
    assert (Path.cwd() / "ratchet.config.json").exists()
    assert oct((Path.cwd() / "memory").stat().st_mode & 0o777) == "0o700"
    again = run("init")
    assert again.stdout == f"Memory directory: {Path.cwd() / 'memory'}\nConfig: {Path.cwd() / 'ratchet.config.json'}\n"


def test_bad_config_exits_2(tmp_path):
    cfg = tmp_path / "bad.json"
    cfg.write_text('{"purge": {"threshold": 5}}')
    result = run("list", "--config", str(cfg), ok=False)
    assert result.exit_code == 2
    assert result.stderr == f"Error: Config file {cfg}: purge.threshold: 5 is greater than the maximum of 1\n"


def test_corrupt_line_warns_on_stderr(memory_dir):
    add("a good fact")
    path = next(memory_dir.glob("facts-*.jsonl"))
    with open(path, "a") as fh:
        fh.write("garbage\n")
    result = run("list", "--json")
    assert len(json.loads(result.stdout)) == 1
    assert result.stderr.startswith(f"Warning: skipped {path}:2: invalid JSON")


@pytest.mark.slow  # five interpreters
def test_bin_shims_run_without_install(memory_dir):
    env = subprocess_env()
    out = subprocess.run(
        [sys.executable, str(ROOT / "bin" / "ratchet"), "add", "from the shim", "--json"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["content"] == "from the shim"
    for name in ("memory-extract", "memory-retrieve", "memory-manage", "memory-embed"):
        helped = subprocess.run(
            [sys.executable, str(ROOT / "bin" / name), "--help"], env=env, capture_output=True, text=True
        )
        assert helped.returncode == 0 and "--memory-dir" in helped.stdout and "--json" in helped.stdout, name
