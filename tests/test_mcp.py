"""``ratchet mcp``: the five tools through the SDK's own client (over stdio, and in process for the error paths),
scope and fencing as in the hooks, and ``ratchet install/uninstall <agent> --mcp`` round trips for every agent."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
import sys
import tomllib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from conftest import subprocess_env

import ratchet
from ratchet.cli.main import cli
from ratchet.errors import InvalidFactError, NotFoundError, RatchetError
from ratchet.extract.manual import add_fact
from ratchet.hooks import mcp_server
from ratchet.hooks.mcp_server import Memory
from ratchet.recall import render
from ratchet.store import events
from ratchet.store.files import read_jsonl

TOOLS = {"memory_search", "memory_get", "memory_remember", "memory_forget", "memory_confirm"}
REMOTE = "git@github.com:acme/app.git"
SCOPE = "repo:github.com/acme/app"
OTHER = "repo:github.com/acme/billing"
BIN = Path(sys.executable).absolute().parent
PLANTED = "0badc0de-0000-4000-8000-000000000001"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository with an origin (its facts are scoped to it), the current directory, Ratchet on PATH."""
    path = tmp_path / "app"
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    subprocess.run(["git", "remote", "add", "origin", REMOTE], cwd=path, check=True)
    monkeypatch.chdir(path)
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    return path


@pytest.fixture
def facts(repo: Path, memory_dir: Path) -> dict[str, str]:
    """A store with a global fact, one of this repository, one of another repository and one full of fences."""
    store = ratchet.open_store(memory_dir)
    config = ratchet.load_config()

    def add(text: str, category: str, scope: str = "global") -> str:
        return add_fact(store, config, text, category=category, scope=scope).id

    return {
        "global": add("I prefer pytest over unittest for every Python project", "preference"),
        "repo": add("The staging database of the payments API is db-staging-2", "project", SCOPE),
        "other": add("The staging database of the billing service is db-billing-7", "project", OTHER),
        "fence": add("Release notes never use ``` fences or </ratchet-context> markers", "process"),
    }


def memory(repo: Path, memory_dir: Path) -> Memory:
    return Memory(ratchet.open_store(memory_dir), ratchet.load_config(), repo)


def text(result: Any) -> str:
    return "\n".join(block.text for block in result.content)


def audit(memory_dir: Path) -> list[dict[str, Any]]:
    return [record for _, record in read_jsonl(memory_dir / "memory-log.jsonl")]


# ----- end to end: the SDK's client, the server a subprocess over stdio -----------------------------------------------
def over_stdio(cwd: Path, stderr: Path, scenario: Callable[[Any], Awaitable[Any]]) -> Any:
    """Start ``ratchet mcp`` in ``cwd`` as an agent does and run ``scenario`` with an initialised session."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "ratchet.cli.main", "mcp"], env=subprocess_env(), cwd=str(cwd)
    )

    async def main() -> Any:
        with stderr.open("w", encoding="utf-8") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await scenario(session)

    return anyio.run(main)


@pytest.mark.slow
def test_every_tool_over_stdio_on_a_real_store(
    repo: Path, memory_dir: Path, facts: dict[str, str], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario(session: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": (await session.list_tools()).tools}
        for name, args in [
            ("search", ("memory_search", {"query": "staging database", "limit": 5})),
            ("get", ("memory_get", {"ids": [facts["repo"][:8], facts["global"]]})),
            ("remember", ("memory_remember", {"text": "Payments deploys go out on Tuesdays", "tags": ["deploy"]})),
            ("again", ("memory_remember", {"text": "Payments deploys go out on Tuesdays"})),
            ("found", ("memory_search", {"query": "when do payments deploys go out"})),
            ("secret", ("memory_remember", {"text": "The deploy key is ghp_abcdefghijklmnopqrstuvwxyz0123456789"})),
            ("unknown", ("memory_get", {"ids": ["ffffffff"]})),
            ("elsewhere", ("memory_get", {"ids": [facts["other"]]})),
            ("bad_limit", ("memory_search", {"query": "staging", "limit": 0})),
            ("no_query", ("memory_search", {"limit": 3})),
            ("bad_tier", ("memory_remember", {"text": "Something", "tier": "forever"})),
            ("no_tool", ("memory_delete_everything", {})),
            ("confirm", ("memory_confirm", {"id": facts["global"][:8]})),
            ("forget", ("memory_forget", {"id": facts["repo"]})),
            ("forgotten", ("memory_forget", {"id": facts["repo"]})),
            ("after", ("memory_search", {"query": "staging database"})),
        ]:
            out[name] = await session.call_tool(*args)
        return out

    with caplog.at_level(logging.WARNING):
        got = over_stdio(repo, tmp_path / "stderr.txt", scenario)

    assert {tool.name for tool in got["tools"]} == TOOLS
    schemas = {tool.name: tool.input_schema for tool in got["tools"]}
    assert schemas["memory_search"]["required"] == ["query"]
    assert schemas["memory_search"]["properties"]["limit"]["maximum"] == mcp_server.MAX_LIMIT
    assert schemas["memory_get"]["required"] == ["ids"]
    assert schemas["memory_remember"]["properties"]["tier"]["enum"] == ["permanent", "standard", "transient"]
    assert all(tool.description for tool in got["tools"])

    search = text(got["search"])
    assert not got["search"].is_error
    assert search.startswith(render.OPEN_MARKER) and search.endswith(render.CLOSE_MARKER)
    line = next(x for x in search.splitlines() if x.startswith(f"- [{facts['repo'][:8]}]"))
    assert line.startswith(f"- [{facts['repo'][:8]}] project, ") and ", score " in line
    assert line.endswith(": The staging database of the payments API is db-staging-2")
    assert facts["other"][:8] not in search  # another repository's fact, as in the hooks

    full = text(got["get"])
    assert f"- [{facts['repo']}] project, " in full and f"- [{facts['global']}] preference, " in full
    assert "  provenance: manual" in full and f"scope {SCOPE}" in full

    assert text(got["remember"]).startswith("Remembered ") and not got["remember"].is_error
    added = text(got["remember"]).split()[1]
    assert text(got["again"]).startswith("Already remembered; nothing was added:")
    assert f"- [{added[:8]}] " in text(got["found"])

    errors = {name: got[name] for name in ("secret", "unknown", "elsewhere", "bad_limit", "no_query", "bad_tier")}
    assert all(result.is_error for result in errors.values())
    assert "carries a credential (GitHub Token); refused" in text(got["secret"])
    assert "ghp_" not in text(got["secret"])
    assert text(got["unknown"]).endswith("Fact 'ffffffff' not found")
    assert text(got["elsewhere"]).endswith(f"Fact '{facts['other']}' not found")
    assert "limit" in text(got["bad_limit"]) and "query" in text(got["no_query"])
    assert "tier" in text(got["bad_tier"])
    assert got["no_tool"].is_error and "memory_delete_everything" in text(got["no_tool"])

    assert text(got["confirm"]) == f"Confirmed {facts['global']} (reinforced at the next memory-manage run)"
    assert text(got["forget"]).startswith(f"Forgot {facts['repo']} (archived;")
    assert got["forgotten"].is_error
    assert facts["repo"][:8] not in text(got["after"])  # the server kept serving after every error

    # What reached the store, through the same paths as the CLI, logged under the actor "mcp".
    records = audit(memory_dir)
    assert [(r["action"], r["actor"], r["fact_id"]) for r in records[-2:]] == [
        ("add", "mcp", added),
        ("forget", "mcp", facts["repo"]),
    ]
    stored = ratchet.open_store(memory_dir)
    assert stored.get(added).tags == ["deploy"]
    assert not [f for f in stored.facts() if "ghp_" in f.content]
    assert [r["fact"]["id"] for r in stored.archived()] == [facts["repo"]]
    confirmed = [r for _, r in read_jsonl(memory_dir / "events.jsonl") if r["type"] == events.REFERENCE]
    assert [(r["fact_ids"], r["source"]) for r in confirmed] == [([facts["global"]], "mcp")]

    # stdout carried the protocol only; nothing was written to stderr.
    assert not [r for r in caplog.records if "parse" in r.getMessage().lower()]
    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


# ----- the SDK's client in process: the error paths, fast -------------------------------------------------------------
def in_process(mem: Memory, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    from mcp import Client

    async def main() -> list[Any]:
        async with Client(mcp_server.build_server(mem)) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(main)


def test_bad_arguments_and_failures_are_tool_errors(
    repo: Path, memory_dir: Path, facts: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = memory(repo, memory_dir)
    calls = [
        ("memory_search", {"query": "   "}),
        ("memory_search", {"query": "staging", "limit": "many"}),
        ("memory_get", {"ids": []}),
        ("memory_get", {"ids": "not a list"}),
        ("memory_get", {"ids": [facts["global"], "nope"]}),
        ("memory_remember", {"text": ""}),
        ("memory_remember", {"text": "Something to keep", "category": "astrology"}),
        ("memory_remember", {"text": "Something to keep", "scope": "repo:github.com/acme/billing"}),
        ("memory_forget", {"id": ""}),
        ("memory_confirm", {"id": facts["other"]}),
        ("memory_search", {"query": "staging database"}),
    ]
    results = in_process(mem, calls)
    assert [r.is_error for r in results] == [True] * 10 + [False]
    assert text(results[0]).endswith("query: must not be empty")
    assert text(results[4]).endswith("Fact 'nope' not found")
    assert text(results[6]).endswith(
        "category: 'astrology' is not a configured category (casual, decision, incident, maintenance, operational, "
        "personal, preference, process, project, vehicle)"
    )
    assert text(results[9]).endswith(f"Fact '{facts['other']}' not found")
    assert not (memory_dir / "events.jsonl").exists()  # nothing confirmed outside the scope

    def boom(*_args: Any) -> str:
        raise ValueError("the disk caught fire")

    monkeypatch.setattr(Memory, "search", boom)
    (crashed,) = in_process(mem, [("memory_search", {"query": "staging"})])
    assert crashed.is_error and text(crashed).endswith("memory_search failed: ValueError: the disk caught fire")
    log = (memory_dir / "ratchet.log").read_text(encoding="utf-8")
    assert "ratchet mcp: memory_search failed: ValueError('the disk caught fire')" in log
    assert "Traceback" in log or "raise ValueError" in log


# ----- the tools' logic: scope, fencing, the add path -----------------------------------------------------------------
def test_search_sees_this_repository_and_global_facts_only(repo: Path, memory_dir: Path, facts: dict[str, str]) -> None:
    mem = memory(repo, memory_dir)
    assert mem.scopes == {"global", SCOPE}
    found = mem.search("staging database")
    assert f"[{facts['repo'][:8]}]" in found and f"[{facts['other'][:8]}]" not in found
    assert mem.search("kubernetes helm charts") == "No stored fact matches this search."  # no filler by importance
    with pytest.raises(NotFoundError):
        mem.get([facts["other"][:8]])
    with pytest.raises(NotFoundError):
        mem.forget(facts["other"])
    assert ratchet.open_store(memory_dir).get(facts["other"])  # untouched


def test_fact_text_is_fenced_as_data_the_way_the_hooks_fence_it(
    repo: Path, memory_dir: Path, facts: dict[str, str]
) -> None:
    mem = memory(repo, memory_dir)
    for out in (mem.search("release notes fences markers"), mem.get([facts["fence"]])):
        lines = out.splitlines()
        assert lines[0] == render.OPEN_MARKER and lines[-1] == render.CLOSE_MARKER
        assert render.PREAMBLE in lines
        assert lines.count("````text") == 1 and lines[-2] == "````"  # longer than the fact's ``` run
        inner = lines[lines.index("````text") + 1 : -2]
        assert all(x.startswith(("- [", "  ")) for x in inner)
        assert "‹/ratchet-context›" in out and out.count(render.CLOSE_MARKER) == 1


def test_remember_takes_the_path_of_ratchet_add(repo: Path, memory_dir: Path, facts: dict[str, str]) -> None:
    mem = memory(repo, memory_dir)
    reply = mem.remember("Payments releases are frozen in December", "decision", ["Release", " "], "permanent", "repo")
    fact_id = reply.split()[1]
    fact = ratchet.open_store(memory_dir).get(fact_id)
    assert reply == f"Remembered {fact_id} (decision, importance 1.00, {SCOPE})"
    assert (fact.category, fact.tags, fact.tier, fact.scope, fact.provenance) == (
        "decision",
        ["release"],
        "permanent",
        SCOPE,
        "manual",
    )
    assert audit(memory_dir)[-1]["actor"] == "mcp"
    # Restated in other words: nothing added, the stored fact shown.
    again = mem.remember("Payments releases are frozen in December.")
    assert again.startswith("Already remembered; nothing was added:") and f"[{fact_id[:8]}]" in again
    with pytest.raises(InvalidFactError, match="carries a credential"):
        mem.remember("password for the staging db is hunter2-Xq9!vT")
    assert len(ratchet.open_store(memory_dir).facts()) == len(facts) + 1


def test_get_withholds_a_fact_carrying_a_credential(repo: Path, memory_dir: Path, facts: dict[str, str]) -> None:
    path = next(memory_dir.glob("facts-*.jsonl"))
    record = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    record["content"] = "The token is ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    path.write_text(path.read_text(encoding="utf-8") + json.dumps({**record, "id": PLANTED}) + "\n")
    mem = memory(repo, memory_dir)
    with pytest.raises(RatchetError, match="withheld: it carries a credential"):
        mem.get([PLANTED])
    with pytest.raises(InvalidFactError, match="carries a credential"):  # refused before it could match the plant
        mem.remember(record["content"])


# ----- the command: the SDK imported by it alone ----------------------------------------------------------------------
def test_without_the_sdk_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("mcp", "mcp.server", "mcp.server.mcpserver"):
        monkeypatch.setitem(sys.modules, name, None)
    assert run("mcp") == (1, "", f"Error: {mcp_server.SDK_MISSING}\n")


def test_hooks_and_help_never_import_the_sdk() -> None:
    code = (
        "import sys, ratchet.cli.fasthook, ratchet.cli.retrieve, ratchet.cli.extract, ratchet.hooks.mcp_server, "
        "ratchet.hooks.mcp_install, ratchet.cli.mcp_server; from ratchet.cli.main import cli; "
        "cli.list_commands(None); print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(), check=True
    )
    assert done.stdout == "[]\n"


# ----- ratchet install / uninstall <agent> --mcp ----------------------------------------------------------------------
CLAUDE_USER = {"numStartups": 12, "projects": {"/src/x": {"mcpServers": {}}}, "mcpServers": {"docs": {"url": "u"}}}
GEMINI = {"theme": "Dracula", "mcpServers": {"fs": {"command": "npx", "args": ["fs"]}}, "hooksConfig": {}}
CODEX = (
    '# my Codex\nmodel = "o3"  # fast enough\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n\n[features]\nweb = true\n'
)


def write_json(path: Path, doc: dict[str, Any], mode: int = 0o644) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    path.chmod(mode)
    return path.read_bytes()


@pytest.mark.parametrize(
    ("agent", "project_file", "user_file"),
    [
        ("claude-code", ".mcp.json", ".claude.json"),
        ("codex", ".codex/config.toml", ".codex/config.toml"),
        ("gemini", ".gemini/settings.json", ".gemini/settings.json"),
    ],
)
def test_install_and_uninstall_mcp_round_trip(
    repo: Path, memory_dir: Path, agent: str, project_file: str, user_file: str
) -> None:
    home = Path.home()
    user = home / user_file
    if agent == "codex":
        user.parent.mkdir(parents=True)
        user.write_text(CODEX, encoding="utf-8")
        user.chmod(0o600)
        before = user.read_bytes()
    else:
        before = write_json(user, CLAUDE_USER if agent == "claude-code" else GEMINI, 0o600)

    code, out, _err = run("install", agent, "--mcp")
    assert code == 0
    assert out.splitlines()[1:] == ["  added     ratchet", f"Memory directory: {memory_dir}"]
    argv = [str(BIN / "ratchet"), "mcp", "--memory-dir", str(memory_dir)]
    entry = read_entry(user)
    assert entry == expected_entry(agent, argv)
    assert stat.S_IMODE(user.stat().st_mode) == 0o600  # the mode it had
    installed = user.read_bytes()
    assert run("install", agent, "--mcp")[1].splitlines()[1] == "  unchanged ratchet"
    assert user.read_bytes() == installed  # a second run changes no byte

    project = repo / project_file
    assert run("install", agent, "--mcp", "--project")[0] == 0
    assert read_entry(project) == expected_entry(agent, ["ratchet", "mcp"])  # nothing of this machine
    assert str(repo) not in project.read_text() and str(home) not in project.read_text()
    assert stat.S_IMODE(project.stat().st_mode) == 0o644

    assert run("uninstall", agent, "--mcp")[1].splitlines()[1] == "  removed   ratchet"
    assert user.read_bytes() == before  # exactly what install added, removed
    assert run("uninstall", agent, "--mcp", "--project")[0] == 0
    assert not project.exists()  # it held nothing else
    assert run("uninstall", agent, "--mcp")[1].splitlines()[1] == "  nothing to remove"


def read_entry(path: Path) -> Any:
    if path.suffix == ".toml":
        return tomllib.loads(path.read_text(encoding="utf-8"))["mcp_servers"]["ratchet"]
    return json.loads(path.read_text(encoding="utf-8"))["mcpServers"]["ratchet"]


def expected_entry(agent: str, argv: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"command": argv[0], "args": argv[1:]}
    return {"type": "stdio", **entry} if agent == "claude-code" else entry


def test_codex_table_is_appended_and_updated_in_place_keeping_the_users_keys(repo: Path, tmp_path: Path) -> None:
    config = Path.home() / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(CODEX, encoding="utf-8")
    assert run("install", "codex", "--mcp")[0] == 0
    assert config.read_text(encoding="utf-8") == CODEX + (
        "\n[mcp_servers.ratchet] # added by ratchet install codex --mcp\n"
        f'command = "{BIN / "ratchet"}"\n'
        f'args = ["mcp", "--memory-dir", "{tmp_path / "memory"}"]\n'
    )
    text_ = config.read_text(encoding="utf-8").replace("args = [", "startup_timeout_sec = 30\nargs = [")
    config.write_text(text_ + "\n# the end\n", encoding="utf-8")
    code, out, _ = run("install", "codex", "--mcp", "--memory-dir", str(tmp_path / "elsewhere"))
    assert code == 0 and "  updated   ratchet" in out
    doc = tomllib.loads(config.read_text(encoding="utf-8"))
    assert doc["mcp_servers"]["ratchet"]["startup_timeout_sec"] == 30
    assert doc["mcp_servers"]["ratchet"]["args"][-1] == str(tmp_path / "elsewhere")
    assert config.read_text(encoding="utf-8").endswith("\n\n# the end\n")
    assert run("uninstall", "codex", "--mcp")[0] == 0
    assert config.read_text(encoding="utf-8") == CODEX + "\n# the end\n"


def test_hooks_and_the_server_share_gemini_settings_without_touching_each_other(repo: Path) -> None:
    settings = repo / ".gemini" / "settings.json"
    assert run("install", "gemini", "--project")[0] == 0
    hooks_only = settings.read_bytes()
    assert run("install", "gemini", "--project", "--mcp")[0] == 0
    assert json.loads(settings.read_text())["hooks"] == json.loads(hooks_only)["hooks"]
    assert run("uninstall", "gemini", "--project", "--mcp")[0] == 0
    assert settings.read_bytes() == hooks_only
    assert run("uninstall", "gemini", "--project")[0] == 0
    assert "mcpServers" not in json.loads(settings.read_text())


def test_somebody_elses_ratchet_server_is_left_alone(repo: Path) -> None:
    theirs = {"mcpServers": {"ratchet": {"command": "npx", "args": ["ratchet-socket-wrench"]}}}
    before = write_json(repo / ".mcp.json", theirs)
    code, out, err = run("install", "claude-code", "--mcp", "--project")
    assert (code, out) == (2, "")
    assert err == (
        f"Error: {repo / '.mcp.json'}: an MCP server named 'ratchet' that is not Ratchet's is there; rename it first\n"
    )
    code, _, err = run("uninstall", "claude-code", "--mcp", "--project")
    assert code == 0 and "does not run 'ratchet mcp'; left as it is" in err
    assert (repo / ".mcp.json").read_bytes() == before


def test_codex_config_ratchet_cannot_edit_safely_is_refused_unchanged(repo: Path) -> None:
    config = Path.home() / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    for text_ in ('mcp_servers = { docs = { command = "docs-mcp" } }\n', "model = [\n"):
        config.write_text(text_, encoding="utf-8")
        code, out, err = run("install", "codex", "--mcp")
        assert (code, out) == (2, "") and err.startswith(f"Error: {config}: ")
        assert config.read_text(encoding="utf-8") == text_


def test_a_project_entry_takes_no_path_from_the_command_line(repo: Path, tmp_path: Path) -> None:
    code, out, err = run("install", "codex", "--mcp", "--project", "--memory-dir", str(tmp_path / "m"))
    assert (code, out) == (2, "") and err.startswith("Error: --memory-dir cannot go into the project's shared")
    assert not (repo / ".codex").exists()
