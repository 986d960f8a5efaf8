"""Scopes: a fact is ``global`` (about the person) or belongs to one repository (``repo:<identity>``).

A repository's identity is its normalised ``origin`` remote URL (``github.com/owner/name``), or without a
remote its root commit (``root-<sha>``), so clones and worktrees of one project share memories.

Every hook asks for it, so the common case is read from the repository's files (``.git``, a worktree's or
submodule's ``gitdir:`` link and ``commondir``, the ``[remote "origin"]`` url of ``config``) without starting git,
about 3 ms a call; anything less plain (``GIT_DIR`` and friends in the environment, a config with ``include``,
a bare repository, a directory inside ``.git``) asks git itself, which stays the reference (``tests/test_scope.py``
holds the two to the same answers). Without an origin, git finds the root commit once per HEAD commit: the answer
is remembered in the user's cache.
"""

from __future__ import annotations

import os
import re
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
    import subprocess  # lazy: the common case of repo_identity reads files

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
    decided, remote = read_origin(str(cwd))
    if decided:
        return normalise_remote(remote) if remote else None
    if remote == "":  # the files say plainly there is no origin: the root commit names the repository
        return _root_identity(str(cwd))
    return identity_from_git(cwd)


_ROOTS_KEPT = 256  # HEAD commits whose root identity is remembered (~30 kB)


def _root_identity(cwd: str) -> str | None:
    """:func:`identity_from_git` for a repository without an origin, remembered by HEAD commit in the user's cache
    (``$XDG_CACHE_HOME/ratchet/repo-roots.json``): the roots a commit reaches never change, and finding them starts
    git three times, at every hook of a project never pushed anywhere. Derived data: unreadable means ask git."""
    import json

    plain, head = read_head(cwd)
    if not plain or head is None:
        return identity_from_git(cwd)
    path = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ratchet" / "repo-roots.json"
    known: dict[str, str] = {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        known = {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, str)}
    except (OSError, ValueError, AttributeError):
        pass
    commit = head[2]
    if commit in known:
        return known[commit]
    identity = identity_from_git(cwd)
    if identity and identity.startswith("root-"):
        known = dict(list(known.items())[-(_ROOTS_KEPT - 1) :]) | {commit: identity}
        _save_roots(path, known)
    return identity


def _save_roots(path: Path, known: dict[str, str]) -> None:
    """Write the remembered roots whole (a temporary file renamed into place: a reader sees the old or the new)."""
    import json
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".repo-roots-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(known, fh, separators=(",", ":"))
        os.replace(tmp, path)
    except OSError:
        pass  # a cache: the next hook asks git again


# Environment variables that change which repository git finds: with any of them set, git is asked.
_GIT_ENV = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_CEILING_DIRECTORIES",
    "GIT_CONFIG_GLOBAL",
    "GIT_DISCOVERY_ACROSS_FILESYSTEM",
)
_SECTION = re.compile(r'^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]\s*(.*)$')
_URL = re.compile(r"^\s*url\s*=\s*(.*?)\s*$", re.IGNORECASE)
_OUTSIDE = "outside"


def read_origin(cwd: str) -> tuple[bool, str | None]:
    """``(True, url)`` when the repository's files say plainly what the ``origin`` remote is, ``(True, None)`` when
    git would find no repository from ``cwd``, ``(False, "")`` when they say plainly there is no origin (git gives
    the root commit), ``(False, None)`` when git is to be asked: a bare repository or a directory inside ``.git``, a
    config with includes, several origin urls, a value with quotes or escapes, another user's repository, git's
    environment variables set."""
    dirs = _located(cwd)
    if not isinstance(dirs, tuple):
        return dirs, None
    _top, _gitdir, common = dirs
    try:
        with open(os.path.join(common, "config"), encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return False, None
    section: tuple[str, str | None] = ("", None)
    found: list[str] = []
    for line in lines:
        head = _SECTION.match(line)
        if head:
            name, sub = head.group(1).lower(), head.group(2)
            if name in ("include", "includeif") or head.group(3).strip():
                return False, None  # included files, or a key on the header's line: git knows best
            section = (name, sub)
            continue
        if section == ("remote", "origin"):
            url = _URL.match(line)
            if url:
                found.append(url.group(1))
    if not found:
        return False, ""  # plainly no origin: git is asked for the root commit (remembered by HEAD)
    if len(found) != 1 or not found[0] or any(c in found[0] for c in '"\\;#'):
        return False, None
    return True, found[0]


def read_head(cwd: str) -> tuple[bool, tuple[str, str, str] | None]:
    """``(True, (top, branch, commit))`` of the work tree containing ``cwd`` when its files say it plainly (``top``
    as ``git rev-parse --show-toplevel``, ``branch`` as ``--abbrev-ref HEAD``: ``HEAD`` when detached, ``commit``
    the full id HEAD names), ``(True, None)`` when git would find no repository, ``(False, None)`` when git is to be
    asked (as :func:`read_origin`; also an unborn branch, or refs not stored as files)."""
    dirs = _located(cwd)
    if not isinstance(dirs, tuple):
        return dirs, None
    top, gitdir, common = dirs
    if os.path.exists(os.path.join(common, "reftable")):
        return False, None
    head = _read_line(os.path.join(gitdir, "HEAD"))
    if head is None:
        return False, None
    if _SHA.match(head):
        return True, (os.path.realpath(top), "HEAD", head)
    if not head.startswith("ref: refs/heads/"):
        return False, None
    ref = head[len("ref: ") :]
    commit = _read_line(os.path.join(common, *ref.split("/"))) or _packed(common, ref)
    if commit is None or not _SHA.match(commit):
        return False, None  # an unborn branch, or a ref git resolves otherwise
    return True, (os.path.realpath(top), ref[len("refs/heads/") :], commit)


_SHA = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")


def _read_line(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.readline().strip()
    except (OSError, UnicodeDecodeError):
        return None


def _packed(common: str, ref: str) -> str | None:
    """The commit ``ref`` names in ``packed-refs``, or None."""
    try:
        with open(os.path.join(common, "packed-refs"), encoding="utf-8") as fh:
            for line in fh:
                commit, _, name = line.strip().partition(" ")
                if name == ref:
                    return commit
    except (OSError, UnicodeDecodeError):
        return None
    return None


def _located(cwd: str) -> tuple[str, str, str] | bool:
    """:func:`_git_dirs` of ``cwd``, or whether that is decided without them: True when git would find no
    repository, False when git is to be asked (its environment variables set, a directory inside ``.git``)."""
    if any(os.environ.get(name) for name in _GIT_ENV):
        return False
    path = os.path.abspath(cwd)
    if not os.path.isdir(path) or ".git" in path.split(os.sep):
        return False
    dirs = _git_dirs(path)
    return dirs if isinstance(dirs, tuple) else dirs == _OUTSIDE


def _git_dirs(path: str) -> tuple[str, str, str] | str | None:
    """``(top, gitdir, common)`` of the work tree containing ``path``: its top directory, its git directory
    (through a ``gitdir:`` link) and the one holding config and refs (through ``commondir``); :data:`_OUTSIDE` when
    no ``.git`` is found up to the root or a file system boundary (where git stops looking); None when unsure."""
    here = path
    try:
        device = os.stat(path).st_dev
    except OSError:
        return None
    while True:
        dot = os.path.join(here, ".git")
        if os.path.isdir(dot):
            gitdir = dot
            break
        if os.path.isfile(dot):
            try:
                with open(dot, encoding="utf-8") as fh:
                    link = fh.read().strip()
            except (OSError, UnicodeDecodeError):
                return None
            if not link.startswith("gitdir:"):
                return None
            gitdir = os.path.normpath(os.path.join(here, link[len("gitdir:") :].strip()))
            break
        if os.path.lexists(dot):
            return None  # a .git of another kind (a broken link, a socket): git's call
        parent = os.path.dirname(here)
        try:
            if parent == here or os.stat(parent).st_dev != device:
                return _OUTSIDE
        except OSError:
            return None
        here = parent
    if not os.path.isfile(os.path.join(gitdir, "HEAD")):
        return None
    if hasattr(os, "geteuid") and any(_owner(p) != os.geteuid() for p in (here, gitdir)):
        return None  # another user's repository: git's safe.directory decides
    common = gitdir
    commondir = os.path.join(gitdir, "commondir")
    if os.path.isfile(commondir):
        try:
            with open(commondir, encoding="utf-8") as fh:
                common = os.path.normpath(os.path.join(gitdir, fh.read().strip()))
        except (OSError, UnicodeDecodeError):
            return None
    return here, gitdir, common


def _owner(path: str) -> int:
    try:
        return os.stat(path).st_uid
    except OSError:
        return -1


def identity_from_git(cwd: str | Path) -> str | None:
    """:func:`repo_identity` as git itself answers it (the reference, and the way for what the files do not say
    plainly)."""
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
