"""``ratchet install <agent> --mcp`` / ``uninstall --mcp``: the ``ratchet mcp`` server in each agent's MCP settings.

| agent | ``project`` (committed with the repository) | ``user`` |
|---|---|---|
| Claude Code | ``.mcp.json``, ``mcpServers`` | ``~/.claude.json``, top-level ``mcpServers`` (every project) |
| Codex | ``.codex/config.toml``, ``[mcp_servers.ratchet]`` (read in trusted projects) | ``~/.codex/config.toml`` |
| Gemini CLI | ``.gemini/settings.json``, ``mcpServers`` | ``~/.gemini/settings.json`` |

Sources: code.claude.com/docs/en/mcp (scopes: ``.mcp.json`` for a project, ``~/.claude.json`` for the user; a stdio
server is ``type``, ``command``, ``args``), developers.openai.com/codex/mcp (``[mcp_servers.<name>]`` with
``command`` and ``args``), google-gemini/gemini-cli ``docs/tools/mcp-server.md`` (``mcpServers`` in settings.json).

The entry is named ``ratchet``. As with the hooks (:mod:`ratchet.hooks.install`), a ``user`` entry runs the
installed command by absolute path with the store (and config) pinned, and a ``project`` entry runs ``ratchet mcp``
from PATH with nothing of this machine in it; the server then finds each user's store as the hooks do. Installing
again changes no byte. Uninstalling removes that entry and nothing else (an ``mcpServers`` left empty goes too, and a
file left empty is deleted). A ``ratchet`` entry that does not run ``ratchet mcp`` is somebody else's: install refuses
to replace it and uninstall leaves it.

JSON files keep their other keys in order, 2-space indentation and their mode (0644 for a new file; 0600 for a new
``~/.claude.json``, which Claude Code keeps private). TOML is edited line by line, keeping every other byte, and the
result must parse (``tomllib``) to the same document with only our table added or removed, or nothing is written.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import tomllib
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ratchet.errors import UsageError
from ratchet.hooks import agents
from ratchet.hooks.install import Outcome, executable, project_root, read_settings, write_settings
from ratchet.store.files import atomic_write

NAME = "ratchet"
COMMAND = "ratchet"
CODEX_MARKER = "# added by ratchet install codex --mcp"
_ANY_HEADER = re.compile(r"""^\s*\[\[?\s*[\w"'.\- ]+\]\]?\s*(#.*)?$""")
_OUR_KEY = re.compile(r"^\s*(command|args)\s*=")
_OUR_HEADER = re.compile(r"""^\s*\[\s*mcp_servers\s*\.\s*(ratchet|"ratchet"|'ratchet')\s*(\.[^\]]*)?\]\s*(#.*)?$""")


# ----- where, and what ------------------------------------------------------------------------------------------------
def mcp_path(agent_key: str, scope: str, cwd: str | Path | None = None) -> Path:
    """The file holding ``agent_key``'s MCP servers for ``scope`` (``project``: the repository root; ``user``)."""
    agents.agent(agent_key)
    if scope not in ("project", "user"):
        raise UsageError(f"Unknown scope '{scope}' (choose project or user)")
    base = project_root(cwd) if scope == "project" else Path.home()
    if agent_key == "claude-code":
        return base / ".mcp.json" if scope == "project" else base / ".claude.json"
    if agent_key == "codex":
        return base / ".codex" / "config.toml"
    return base / ".gemini" / "settings.json"


def server_argv(scope: str, memory_dir: Path | None = None, config_path: Path | None = None) -> list[str]:
    """The command line that starts the server: from PATH for a project, else absolute with the store pinned."""
    if scope == "project":
        return [COMMAND, "mcp"]
    argv = [*executable(COMMAND), "mcp"]
    if memory_dir is not None:
        argv += ["--memory-dir", str(memory_dir.absolute())]
    if config_path is not None:
        argv += ["--config", str(config_path.absolute())]
    return argv


def entry_for(agent_key: str, argv: list[str]) -> dict[str, Any]:
    """The server's entry in the agent's own shape."""
    entry: dict[str, Any] = {"command": argv[0], "args": argv[1:]}
    return {"type": "stdio", **entry} if agent_key == "claude-code" else entry


def is_ours(entry: Any) -> bool:
    """Whether a server entry runs ``ratchet mcp`` (from any path, by a shim's Python or not)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        return False
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        return False
    argv = [entry["command"], *args]
    return any(Path(a).name == COMMAND and argv[i + 1 : i + 2] == ["mcp"] for i, a in enumerate(argv[:2]))


# ----- install and uninstall ------------------------------------------------------------------------------------------
def install_mcp(
    agent_key: str, scope: str, memory_dir: Path, config_path: Path | None, cwd: str | Path | None = None
) -> Outcome:
    """Register the server for ``agent_key`` in ``scope`` (a second run is a no-op)."""
    path = mcp_path(agent_key, scope, cwd)
    pinned = scope == "user"
    argv = server_argv(scope, memory_dir if pinned else None, config_path if pinned else None)
    entry = entry_for(agent_key, argv)
    edit = _toml_install if path.suffix == ".toml" else _json_install
    action = edit(path, entry, private=pinned and agent_key != "gemini")
    config = str(config_path) if config_path and pinned else None
    outcome = Outcome(agent_key, path, [agents.Change(NAME, action, " ".join(argv))], [], str(memory_dir), config)
    outcome.notes.extend(_notes(agent_key, scope))
    return outcome


def uninstall_mcp(agent_key: str, scope: str, cwd: str | Path | None = None) -> Outcome:
    """Remove our server entry for ``agent_key`` in ``scope``; nothing else changes."""
    path = mcp_path(agent_key, scope, cwd)
    outcome = Outcome(agent_key, path)
    if not path.exists():
        return outcome
    edit = _toml_uninstall if path.suffix == ".toml" else _json_uninstall
    removed = edit(path)
    if removed is None:
        outcome.notes.append(f"{path}: the '{NAME}' server there does not run 'ratchet mcp'; left as it is")
    elif removed:
        outcome.changes.append(agents.Change(NAME, "removed", removed))
    return outcome


def _notes(agent_key: str, scope: str) -> list[str]:
    notes = []
    if find_spec("mcp") is None:
        notes.append("The MCP SDK is not installed here: pip install 'ratchet-memory[mcp]' (the server needs it)")
    if scope == "project" and not shutil.which(COMMAND):
        notes.append(
            f"{COMMAND} not found on PATH: the project's entry calls it by name, so install Ratchet with "
            "'pipx install' or 'uv tool install'"
        )
    if agent_key == "claude-code":
        notes.append(
            "Claude Code asks each user to approve a project's .mcp.json servers; check with /mcp"
            if scope == "project"
            else "Restart Claude Code to load it and check with /mcp (a Claude Code running now may save "
            "~/.claude.json over this change: if /mcp does not list ratchet, quit it and install again)"
        )
    elif agent_key == "codex" and scope == "project":
        notes.append("Codex reads a project's .codex/config.toml only once you trust the project")
    elif agent_key == "gemini" and scope == "project":
        notes.append("Gemini CLI starts a project's MCP servers only in a folder you trust")
    return notes


# ----- JSON: Claude Code and Gemini CLI -------------------------------------------------------------------------------
def _servers(doc: dict[str, Any], path: Path) -> dict[str, Any]:
    servers = doc.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise UsageError(f"{path}: mcpServers is not a JSON object; fix it by hand first")
    return servers


def _json_install(path: Path, entry: dict[str, Any], *, private: bool) -> str:
    existed = path.exists()
    doc = read_settings(path)
    current = _servers(doc, path).get(NAME)
    if current is not None and not is_ours(current):
        raise UsageError(f"{path}: an MCP server named '{NAME}' that is not Ratchet's is there; rename it first")
    merged = {**current, **entry} if current is not None else entry  # keys the user added (env, timeout) stay
    if merged == current:
        return "unchanged"
    new = copy.deepcopy(doc)
    new["mcpServers"] = {**_servers(doc, path), NAME: merged}
    write_settings(path, new)
    if private and not existed:
        os.chmod(path, 0o600)
    return "updated" if current is not None else "added"


def _json_uninstall(path: Path) -> str | None:
    doc = read_settings(path)
    servers = _servers(doc, path)
    if NAME not in servers:
        return ""
    if not is_ours(servers[NAME]):
        return None
    entry = servers[NAME]
    new = copy.deepcopy(doc)
    del new["mcpServers"][NAME]
    if not new["mcpServers"]:
        del new["mcpServers"]
    if new:
        write_settings(path, new)
    else:
        path.unlink()
    return " ".join([entry["command"], *entry.get("args", [])])


# ----- TOML: Codex ----------------------------------------------------------------------------------------------------
def _toml_install(path: Path, entry: dict[str, Any], *, private: bool) -> str:
    text = _read_text(path)
    doc = _parse(text, path)
    current = _table(doc).get(NAME)
    if current is not None and not is_ours(current):
        raise UsageError(f"{path}: an MCP server named '{NAME}' that is not Ratchet's is there; rename it first")
    merged = {**current, **entry} if current is not None else entry  # keys the user added (env, timeouts) stay
    if merged == current:
        return "unchanged"
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    block = [line + newline for line in _toml_block(entry)]
    sections = _our_sections(lines)
    if current is not None:  # ours: its command and args lines replaced in place, the rest of the table kept
        if not sections:
            raise UsageError(f"{path}: mcp_servers.{NAME} is not a [mcp_servers.{NAME}] table; edit it by hand")
        start, end = sections[0]
        rest = [line for line in lines[start + 1 : end] if not _OUR_KEY.match(line)]
        lines[start:end] = [lines[start], *block[1:], *rest]
    else:
        if lines and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += newline
        if lines and lines[-1].strip():
            lines.append(newline)  # a blank line before our table
        lines.extend(block)
    new = "".join(lines)
    _verify(new, path, _without_ours(doc), merged)
    _write_toml(path, new, private=private)
    return "updated" if current is not None else "added"


def _toml_uninstall(path: Path) -> str | None:
    text = _read_text(path)
    doc = _parse(text, path)
    entry = _table(doc).get(NAME)
    if entry is None:
        return ""
    if not is_ours(entry):
        return None
    lines = text.splitlines(keepends=True)
    sections = _our_sections(lines)
    if not sections:
        raise UsageError(f"{path}: mcp_servers.{NAME} is not a [mcp_servers.{NAME}] table; remove it by hand")
    for begin, end in reversed(sections):
        del lines[begin:end]
        # the blank line install put before the table, when nothing follows it or a blank line does
        if begin and not lines[begin - 1].strip() and (begin == len(lines) or not lines[begin].strip()):
            del lines[begin - 1]
    new = "".join(lines)
    _verify(new, path, _without_ours(doc), None)
    if new.strip():
        _write_toml(path, new, private=True)
    else:
        path.unlink()
    return " ".join([entry["command"], *entry.get("args", [])])


def _toml_block(entry: dict[str, Any]) -> list[str]:
    return [
        f"[mcp_servers.{NAME}] {CODEX_MARKER}",
        f"command = {_toml_string(entry['command'])}",
        f"args = [{', '.join(_toml_string(a) for a in entry['args'])}]",
    ]


def _toml_string(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL is the one control character JSON leaves raw)."""
    import json

    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _our_sections(lines: list[str]) -> list[tuple[int, int]]:
    """``(start, end)`` line ranges of our table and its subtables: the header to the next header, without the
    comments and blank lines at its end (they introduce what follows)."""
    sections = []
    i = 0
    while i < len(lines):
        if not _OUR_HEADER.match(lines[i]):
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not _ANY_HEADER.match(lines[end]):
            end += 1
        last = end
        while last > i + 1 and (not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")):
            last -= 1
        sections.append((i, last))
        i = end
    return sections


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} cannot be read: {exc}") from None


def _parse(text: str, path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: invalid TOML ({exc}); fix it by hand first") from None


def _table(doc: dict[str, Any]) -> dict[str, Any]:
    servers = doc.get("mcp_servers", {})
    return servers if isinstance(servers, dict) else {}


def _without_ours(doc: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    _table(out).pop(NAME, None)
    return out


def _verify(text: str, path: Path, base: dict[str, Any], entry: dict[str, Any] | None) -> None:
    """The edited file must parse to ``base`` plus our ``entry`` (or to ``base`` alone): nothing else moved."""

    def drop_empty(d: dict[str, Any]) -> dict[str, Any]:  # an [mcp_servers] table left empty is the same file
        return {k: v for k, v in d.items() if not (k == "mcp_servers" and v == {})}

    try:
        got = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        got = None
    want = copy.deepcopy(base)
    if entry is not None:
        want.setdefault("mcp_servers", {})[NAME] = entry
    if got is None or drop_empty(got) != drop_empty(want):
        raise UsageError(f"{path}: cannot edit mcp_servers.{NAME} line by line here; edit the file by hand")


def _write_toml(path: Path, text: str, *, private: bool) -> None:
    """Atomically, keeping the file's mode (a new one: 0600 in HOME, 0644 in a repository)."""
    mode = path.stat().st_mode & 0o777 if path.exists() else (0o600 if private else 0o644)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
    os.chmod(path, mode)
