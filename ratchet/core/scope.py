"""Scopes: a fact is ``global`` (about the person) or belongs to one repository (``repo:<identity>``).

A repository's identity is its normalised ``origin`` remote URL (``github.com/owner/name``), or without a
remote its root commit (``root-<sha>``), so clones and worktrees of one project share memories.
"""

from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path

from ratchet.errors import UsageError

GLOBAL = "global"


def normalise_remote(url: str) -> str:
    """``git@github.com:Owner/Repo.git`` and ``https://user@github.com/owner/repo`` -> ``github.com/owner/repo``."""
    text = url.strip()
    text = re.sub(r"^[a-z+]+://", "", text, flags=re.I)
    text = re.sub(r"^[^@/]+@", "", text)  # user@ or user:token@
    if ":" in text.split("/")[0] and not re.match(r"^[^/]+:\d+/", text):
        text = text.replace(":", "/", 1)  # scp-like syntax host:path
    text = re.sub(r":\d+/", "/", text)  # drop ports
    text = re.sub(r"\.git/?$", "", text).rstrip("/")
    host, _, path = text.partition("/")
    return f"{host.lower()}/{path.lower()}" if path else host.lower()


def git(cwd: str | Path, *args: str, timeout: float = 5) -> str | None:
    """Output of ``git -C cwd ARGS`` stripped, or None when git fails, is missing or prints nothing."""
    try:
        out = subprocess.run(
            ["git", "-C", str(cwd), *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else None


@lru_cache(maxsize=32)
def repo_identity(cwd: str | Path) -> str | None:
    """The identity of the repository containing ``cwd``, or None outside a repository."""
    path = Path(cwd)
    if not path.is_dir() or git(path, "rev-parse", "--is-inside-work-tree") != "true":
        return None
    remote = git(path, "config", "--get", "remote.origin.url")
    if remote:
        return normalise_remote(remote)
    roots = git(path, "rev-list", "--max-parents=0", "HEAD")
    if roots:
        return "root-" + sorted(roots.split())[0][:12]
    top = git(path, "rev-parse", "--show-toplevel")
    return f"path-{top}" if top else None


def scope_for(cwd: str | Path | None) -> str:
    """``repo:<identity>`` for a directory inside a repository, else ``global``."""
    if cwd is None:
        return GLOBAL
    identity = repo_identity(str(cwd))
    return f"repo:{identity}" if identity else GLOBAL


def visible_scopes(cwd: str | Path | None) -> set[str]:
    """Scopes a session in ``cwd`` may see: global plus its own repository."""
    return {GLOBAL, scope_for(cwd)}


def resolve_scope(value: str, cwd: Path | None = None) -> str:
    """``global``, ``repo`` (the repository of ``cwd``) or an explicit ``repo:<id>``."""
    if value == "global" or value.startswith("repo:") and len(value) > 5:
        return value
    if value == "repo":
        found = scope_for(cwd or Path.cwd())
        if found == GLOBAL:
            raise UsageError("--scope repo: the current directory is not inside a git repository")
        return found
    raise UsageError(f"--scope: '{value}' is not 'global', 'repo' or 'repo:<id>'")
