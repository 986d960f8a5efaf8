"""``ratchet install`` / ``uninstall``: merging hooks into agent settings (user and project scope), the cron line."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.cli.main import cli
from ratchet.hooks import agents, install

BIN = Path(sys.executable).absolute().parent
EXISTING = {
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {"allow": ["Bash(make check)"], "deny": []},
    "hooks": {
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo welcome"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 3}]}],
    },
    "model": "opus",
}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository (the current directory is a subdirectory of it), with Ratchet's commands on PATH as
    ``pipx`` or ``uv tool`` put them."""
    path = tmp_path / "proj"
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    (path / "src").mkdir()
    monkeypatch.chdir(path / "src")  # the repository root is found from a subdirectory
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    return path


def test_install_claude_code_project_writes_the_four_hooks(tmp_path: Path, project: Path) -> None:
    memory = tmp_path / "memory"
    code, out, err = run("install", "claude-code", "--project")
    settings_file = project / ".claude" / "settings.json"
    assert code == 0
    assert out == (
        f"Claude Code hooks (project): {settings_file}\n"
        "  added     SessionStart, UserPromptSubmit, PreCompact, SessionEnd\n"
        f"Memory directory: {memory}\n"
    )
    assert err == "Check the setup with: ratchet doctor\n"
    # Found on PATH, the store from each user's environment or config: nothing of this machine in a committed file.
    retrieve = "memory-retrieve --hook --format claude-hook || true"
    extract = "memory-extract --hook || true"
    assert json.loads(settings_file.read_text()) == {
        "hooks": {
            "SessionStart": [{"hooks": [{"type": "command", "command": retrieve, "timeout": 30}]}],
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": retrieve, "timeout": 15}]}],
            "PreCompact": [{"hooks": [{"type": "command", "command": extract, "timeout": 10}]}],
            "SessionEnd": [{"hooks": [{"type": "command", "command": extract, "timeout": 5}]}],
        }
    }
    assert settings_file.read_text().startswith('{\n  "hooks": {\n    "SessionStart": [\n')
    assert stat.S_IMODE(settings_file.stat().st_mode) == 0o644  # a settings file, not a secret
    assert not (project / ".claude" / "settings.local.json").exists()
    assert stat.S_IMODE(memory.stat().st_mode) == 0o700  # the store exists, private, before the first hook


def test_user_install_pins_absolute_commands_and_the_store(tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    assert run("install", "claude-code")[0] == 0
    settings_file = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    doc = json.loads(settings_file.read_text())
    assert doc["hooks"]["SessionStart"] == [
        {
            "hooks": [
                {
                    "type": "command",
                    "command": f"{BIN}/memory-retrieve --hook --format claude-hook --memory-dir {memory} || true",
                    "timeout": 30,
                }
            ]
        }
    ]
    assert doc["hooks"]["SessionEnd"][0]["hooks"][0]["command"] == (
        f"{BIN}/memory-extract --hook --memory-dir {memory} || true"
    )
    assert stat.S_IMODE(settings_file.stat().st_mode) == 0o644


def test_an_existing_settings_file_keeps_its_mode(project: Path) -> None:
    settings_file = project / ".claude" / "settings.json"
    settings_file.parent.mkdir()
    settings_file.write_text("{}\n")
    settings_file.chmod(0o600)
    assert run("install", "claude-code", "--project")[0] == 0
    assert stat.S_IMODE(settings_file.stat().st_mode) == 0o600


def test_a_project_install_refuses_paths_on_its_command_line(tmp_path: Path, project: Path) -> None:
    code, out, err = run("install", "codex", "--project", "--memory-dir", str(tmp_path / "other"))
    assert (code, out) == (2, "")
    assert err == (
        "Error: --memory-dir cannot go into the project's shared settings: set RATCHET_MEMORY_DIR in your "
        "environment (the hooks read it), or run 'ratchet install codex' for your user settings\n"
    )
    config = tmp_path / "mine.json"
    config.write_text("{}")
    assert run("install", "gemini", "--project", "--config", str(config))[2].startswith(
        "Error: --config cannot go into the project's shared settings: set RATCHET_CONFIG in your environment"
    )
    assert not (project / ".codex").exists() and not (project / ".gemini").exists()


def test_a_project_install_says_when_the_commands_are_not_on_path(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    code, _, err = run("install", "claude-code", "--project")
    assert code == 0
    assert err.startswith(
        "memory-retrieve and memory-extract not found on PATH: the project's hooks call them by name, so install "
        "Ratchet with 'pipx install' or 'uv tool install' (until then the hooks do nothing here)\n"
    )


def test_install_keeps_everything_else_and_is_idempotent(tmp_path: Path, project: Path) -> None:
    settings_file = project / ".claude" / "settings.json"
    settings_file.parent.mkdir()
    settings_file.write_text(json.dumps(EXISTING, indent=2) + "\n")
    settings_file.chmod(0o644)
    assert run("install", "claude-code", "--project")[0] == 0
    doc = json.loads(settings_file.read_text())
    assert list(doc) == list(EXISTING)  # key order kept
    assert doc["permissions"] == EXISTING["permissions"] and doc["model"] == "opus"
    assert doc["hooks"]["PreToolUse"] == EXISTING["hooks"]["PreToolUse"]
    assert doc["hooks"]["SessionStart"][0] == EXISTING["hooks"]["SessionStart"][0]  # theirs first, ours after
    assert len(doc["hooks"]["SessionStart"]) == 2
    assert stat.S_IMODE(settings_file.stat().st_mode) == 0o644

    before = settings_file.read_bytes()
    mtime = settings_file.stat().st_mtime_ns
    code, out, _ = run("install", "claude-code", "--project")
    assert code == 0 and "  unchanged SessionStart, UserPromptSubmit, PreCompact, SessionEnd\n" in out
    assert settings_file.read_bytes() == before and settings_file.stat().st_mtime_ns == mtime

    code, out, _ = run("uninstall", "claude-code", "--project")
    assert code == 0
    assert (
        out == f"Claude Code hooks (project): {settings_file}\n"
        "  removed   SessionStart, UserPromptSubmit, PreCompact, SessionEnd\n"
    )
    assert json.loads(settings_file.read_text()) == EXISTING
    assert run("uninstall", "claude-code", "--project")[1].endswith("  nothing to remove\n")


def test_reinstall_with_another_store_replaces_our_entries(tmp_path: Path) -> None:
    assert run("install", "claude-code")[0] == 0
    code, out, _ = run("install", "claude-code", "--memory-dir", str(tmp_path / "other"))
    assert code == 0 and "  updated   SessionStart, UserPromptSubmit, PreCompact, SessionEnd\n" in out
    doc = json.loads((Path(os.environ["HOME"]) / ".claude" / "settings.json").read_text())
    commands = [g["hooks"][0]["command"] for groups in doc["hooks"].values() for g in groups]
    assert len(commands) == 4 and all(f"--memory-dir {tmp_path / 'other'} " in c for c in commands)


def test_user_scope_and_the_default_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATCHET_MEMORY_DIR")
    home = Path(os.environ["HOME"])
    code, out, err = run("install", "claude-code")
    assert code == 0
    assert out.startswith(f"Claude Code hooks (user): {home / '.claude' / 'settings.json'}\n")
    store = home / ".ratchet" / "memory"  # never ./memory inside whatever project the agent opens
    assert f"Memory directory: {store}\n" in out
    assert f"export RATCHET_MEMORY_DIR={store}" in err
    assert store.is_dir()


def test_config_found_at_install_is_pinned(tmp_path: Path) -> None:
    config = Path.cwd() / "ratchet.config.json"
    config.write_text(json.dumps({"retrieval": {"max_facts": 12}}))
    code, out, _ = run("install", "gemini")
    assert code == 0 and f"Config: {config}\n" in out
    doc = json.loads((Path(os.environ["HOME"]) / ".gemini" / "settings.json").read_text())
    assert "matcher" not in doc["hooks"]["SessionStart"][0]  # Gemini compares a matcher as an exact string
    start = doc["hooks"]["SessionStart"][0]["hooks"][0]
    assert start["name"] == "ratchet-recall" and start["timeout"] == 30000
    assert start["command"].endswith(
        f"--format gemini-hook --memory-dir {tmp_path / 'memory'} --config {config} || true"
    )
    assert set(doc["hooks"]) == {"SessionStart", "BeforeAgent", "PreCompress", "SessionEnd"}


def test_invalid_settings_are_never_overwritten(project: Path) -> None:
    settings_file = project / ".claude" / "settings.json"
    settings_file.parent.mkdir()
    settings_file.write_text('{"hooks": {,}}\n')
    code, out, err = run("install", "claude-code", "--project")
    assert (code, out) == (2, "")
    assert (
        err == f"Error: {settings_file} line 1: invalid JSON (Expecting property name enclosed in double quotes); "
        "fix it by hand first\n"
    )
    assert settings_file.read_text() == '{"hooks": {,}}\n'
    settings_file.write_text('{"hooks": []}\n')
    assert run("install", "claude-code", "--project")[2] == (
        f"Error: {settings_file}: 'hooks' is not a JSON object; fix it by hand first\n"
    )


def test_codex_install_leaves_the_codex_config_alone(tmp_path: Path, project: Path) -> None:
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    code, out, err = run("install", "codex", "--project")
    assert code == 0
    assert out.startswith(f"Codex hooks (project): {project / '.codex' / 'hooks.json'}\n")
    assert err == (
        "Codex runs new or changed hooks only once you trust them: open /hooks in Codex\n"
        "Check the setup with: ratchet doctor\n"
    )
    assert not config.exists()  # hooks are on by default: nothing to turn on
    doc = json.loads((project / ".codex" / "hooks.json").read_text())
    assert doc["hooks"]["SessionEnd"][0]["hooks"][0]["timeout"] == 3  # Codex cuts SessionEnd to 3 s
    assert doc["hooks"]["SessionStart"] == [
        {"hooks": [{"type": "command", "command": "memory-retrieve --hook --format codex-hook || true", "timeout": 30}]}
    ]

    original = 'model = "gpt-5-codex"\n\n[features]\nweb_search = true # keep\n'
    config.parent.mkdir(exist_ok=True)
    config.write_text(original)
    assert run("install", "codex", "--project")[0] == 0
    assert run("uninstall", "codex", "--project")[0] == 0
    assert config.read_text() == original
    assert json.loads((project / ".codex" / "hooks.json").read_text()) == {}


def test_codex_install_warns_when_the_config_turns_hooks_off(project: Path) -> None:
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text("[features]\nhooks = false\n")
    err = run("install", "codex")[2]
    assert err.startswith(
        f"{config} [features] hooks = false turns Codex hooks off; Codex will not run them until you remove that line\n"
    )
    assert config.read_text() == "[features]\nhooks = false\n"


@pytest.mark.parametrize(
    ("text", "enabled", "key"),
    [
        ("", True, None),
        ("[features]\nweb_search = true\n", True, None),
        ("[features]\nhooks = true\n", True, "hooks = true"),
        ("[features]\nhooks = false\n", False, "hooks = false"),
        ("[features]\ncodex_hooks = false\n", False, "codex_hooks = false"),  # the deprecated alias still counts
        ("[features]\ncodex_hooks = false\nhooks = true\n", True, "hooks = true"),  # the key wins over the alias
        ("[features\n", True, None),  # unreadable: Codex reports it, not us
    ],
)
def test_codex_hooks_are_on_unless_the_config_says_otherwise(text: str, enabled: bool, key: str | None) -> None:
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text(text)
    found, where = install.codex_hooks_enabled()
    assert found is enabled
    assert where.endswith(f"[features] {key}") if key else where.startswith(str(config))


def test_uninstall_removes_the_flag_an_older_version_added_once_no_hooks_remain(project: Path) -> None:
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text('model = "o3"\n\n[features]\nhooks = true  # added by ratchet install codex\n')
    assert run("install", "codex")[0] == 0
    hooks_file = Path(os.environ["HOME"]) / ".codex" / "hooks.json"
    doc = json.loads(hooks_file.read_text())
    doc["hooks"]["Stop"] = [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
    hooks_file.write_text(json.dumps(doc, indent=2))
    assert run("uninstall", "codex")[0] == 0
    assert json.loads(hooks_file.read_text())["hooks"] == {"Stop": doc["hooks"]["Stop"]}
    assert "hooks = true" in config.read_text()  # other hooks still rely on it
    hooks_file.write_text("{}")
    assert run("install", "codex")[0] == 0
    code, _, err = run("uninstall", "codex")
    assert code == 0 and f"Removed the hooks flag ratchet added to {config}\n" in err
    assert config.read_text() == 'model = "o3"\n\n[features]\n'


def test_gemini_notes_are_current(project: Path) -> None:
    code, _, err = run("install", "gemini", "--project")
    assert code == 0
    assert err == (
        "Gemini CLI runs project hooks only in a folder you trust, and asks before it runs ones it has not seen: "
        "accept Ratchet's once\nCheck the setup with: ratchet doctor\n"
    )  # hooks are on by default (hooksConfig.enabled): nothing to turn on
    user = Path(os.environ["HOME"]) / ".gemini" / "settings.json"
    user.parent.mkdir()
    user.write_text('{"hooksConfig": {"enabled": false}}\n')
    err = run("install", "gemini")[2]
    assert err.startswith(f"{user} sets hooksConfig.enabled to false: Gemini CLI runs no hooks until you change it\n")


def test_commands_are_recognised_from_any_location() -> None:
    assert agents.parse_command("/opt/venv/bin/memory-retrieve --hook --format claude-hook || true") is not None
    assert agents.parse_command("'/usr/bin/python3' '/src/ratchet/bin/memory-extract' --hook") is not None
    assert agents.parse_command("memory-retrieve --query x") is None  # a user's own call, not our hook
    assert agents.parse_command("echo memory-extract --hook") is None
    assert agents.parse_command("unbalanced 'quote") is None


_handler = st.fixed_dictionaries(
    {"type": st.just("command"), "command": st.sampled_from(["echo a", "./x.sh", "/bin/memory-extract --hook"])}
)
_group = st.fixed_dictionaries(
    {"hooks": st.lists(_handler, min_size=1, max_size=3)}, optional={"matcher": st.sampled_from(["", "startup"])}
)
_doc = st.fixed_dictionaries(
    {},
    optional={
        "hooks": st.dictionaries(st.sampled_from(["SessionStart", "SessionEnd", "Stop"]), st.lists(_group, max_size=3)),
        "env": st.dictionaries(st.text(min_size=1, max_size=5), st.text(max_size=5), max_size=2),
    },
)


@settings(max_examples=150, deadline=None)
@given(_doc)
def test_merge_is_idempotent_and_unmerge_removes_exactly_ours(doc: dict) -> None:
    agent = agents.AGENTS["claude-code"]
    commands = {agents.RETRIEVE: "/v/memory-retrieve --hook || true", agents.EXTRACT: "/v/memory-extract --hook"}
    merged, _ = agents.merge(doc, agent, commands)
    again, changes = agents.merge(merged, agent, commands)
    assert again == merged and {c.action for c in changes} == {"unchanged"}
    assert sum(len(h) for h in agents.installed(merged).values()) == 4
    cleaned, _ = agents.unmerge(merged)
    assert agents.installed(cleaned) == {}
    original_cleaned, _ = agents.unmerge(doc)
    assert _pruned(cleaned) == _pruned(original_cleaned)  # what is not ours is exactly what was there


def _pruned(doc: dict) -> dict:
    """``doc`` without empty event lists or an empty hooks table (uninstall drops those it emptied)."""
    out = dict(doc)
    table = {event: groups for event, groups in out.pop("hooks", {}).items() if groups}
    return {**out, "hooks": table} if table else out


FAKE_CRONTAB = """#!/bin/sh
# A stand-in for the crontab program: keeps the table in $CRONTAB_FILE.
if [ "$1" = "-l" ]; then
  [ -f "$CRONTAB_FILE" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }
  cat "$CRONTAB_FILE"
elif [ "$1" = "-" ]; then
  cat > "$CRONTAB_FILE"
else
  exit 2
fi
"""


@pytest.fixture
def crontab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bindir = tmp_path / "fakebin"
    bindir.mkdir()
    (bindir / "crontab").write_text(FAKE_CRONTAB)
    (bindir / "crontab").chmod(0o755)
    table = tmp_path / "crontab.txt"
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("CRONTAB_FILE", str(table))
    return table


def test_cron_line_is_printed(tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    code, out, err = run("install", "cron")
    assert code == 0
    assert out == (
        f"0 18 * * 5 {BIN}/memory-manage --memory-dir {memory} >> {memory}/manage-cron.log 2>&1 "
        "# ratchet-memory: weekly memory-manage\n"
    )
    assert err == "Add it with 'crontab -e', or run 'ratchet install cron --write'\n"
    assert run("install", "cron", "--schedule", "0 18 * *")[2] == (
        "Error: Schedule '0 18 * *' must have five crontab fields (minute hour day month weekday)\n"
    )


def test_cron_write_is_idempotent_and_uninstall_removes_only_ours(tmp_path: Path, crontab: Path) -> None:
    crontab.write_text("MAILTO=me@example.com\n*/5 * * * * /usr/bin/backup\n")
    code, out, err = run("install", "cron", "--write")
    assert code == 0 and err == "Crontab added\n"
    assert crontab.read_text() == "MAILTO=me@example.com\n*/5 * * * * /usr/bin/backup\n" + out
    assert run("install", "cron", "--write")[2] == "Already in your crontab; nothing changed\n"
    code, out2, err = run("install", "cron", "--write", "--schedule", "30 17 * * 5")
    assert err == "Crontab updated\n" and crontab.read_text().count("ratchet-memory") == 1
    assert out2.startswith("30 17 * * 5 ")
    assert run("uninstall", "cron")[1] == "Removed 1 crontab line\n"
    assert crontab.read_text() == "MAILTO=me@example.com\n*/5 * * * * /usr/bin/backup\n"
    assert run("uninstall", "cron")[1] == "Removed 0 crontab lines\n"


@pytest.mark.slow  # runs the crontab line: a whole memory-manage in a shell
def test_cron_write_starts_a_crontab_and_the_line_runs(tmp_path: Path, crontab: Path) -> None:
    assert run("install", "cron", "--write")[0] == 0
    line = crontab.read_text().strip()
    command = line.split(" ", 5)[5]
    env = dict(os.environ, RATCHET_NOW="2026-03-06T18:00:00Z")
    done = subprocess.run(command, shell=True, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert "Week 2026-W10" in (tmp_path / "memory" / "manage-cron.log").read_text()


def test_cron_without_crontab_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert run("install", "cron", "--write")[2] == (
        "Error: crontab not found; add the line to your scheduler by hand ('ratchet install cron')\n"
    )


def test_a_command_found_nowhere_runs_through_the_packaged_launcher(tmp_path: Path, monkeypatch) -> None:
    """Neither beside this Python nor on PATH (a checkout used without installing): the hook runs this Python on
    ratchet/cli/launch.py, found with importlib.resources (so it is there in a wheel too), which the hook
    tables recognise as ours; the launcher's table is pyproject's [project.scripts]."""
    import tomllib

    from ratchet.cli import launch

    scripts = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert {name: ":".join(entry) for name, entry in launch.COMMANDS.items()} == scripts["project"]["scripts"]
    lone = tmp_path / "lone"
    lone.mkdir()
    (lone / "python3").symlink_to(sys.executable)
    monkeypatch.setattr(sys, "executable", str(lone / "python3"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    argv = install.executable("memory-retrieve")
    assert argv[0] == str(lone / "python3") and Path(argv[1]).name == "launch.py" and argv[2] == "memory-retrieve"
    command = agents.command_line(argv, agents.RETRIEVE, "claude-hook")
    assert agents.parse_command(command) is not None and agents.parse_command(command)[0] == agents.RETRIEVE
    monkeypatch.undo()
    helped = subprocess.run([sys.executable, argv[1], "memory-retrieve", "--help"], capture_output=True, text=True,
                            cwd=tmp_path)  # fmt: skip
    assert helped.returncode == 0 and "--memory-dir" in helped.stdout
    refused = subprocess.run([sys.executable, argv[1], "nope"], capture_output=True, text=True, cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.startswith("usage: launch.py {ratchet,memory-extract")
