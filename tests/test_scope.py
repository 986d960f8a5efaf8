"""A repository's identity read from its files is git's own answer (``ratchet.core.scope``), in every layout the
file reading accepts, and the file reading steps aside for what it does not read plainly."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ratchet.core import scope

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}


def _git(cwd: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | ENV
    out = subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True, env=env)
    return out.stdout.strip()


def _repo(path: Path, remote: str | None = "git@github.com:Acme/Widget.git") -> Path:
    path.mkdir(parents=True)
    _git(path, "init", "-q")
    if remote is not None:
        _git(path, "remote", "add", "origin", remote)
    (path / "a.txt").write_text("a\n")
    _git(path, "add", "a.txt")
    _git(path, "commit", "-qm", "first")
    return path


def _both(cwd: Path) -> tuple[str | None, str | None]:
    """(from the files, from git), where the files decided."""
    decided, remote = scope.read_origin(str(cwd))
    assert decided
    return (scope.normalise_remote(remote) if remote else None), scope.identity_from_git(cwd)


@pytest.fixture(autouse=True)
def _no_git_env(monkeypatch):
    for name in list(os.environ):
        if name.startswith("GIT_"):
            monkeypatch.delenv(name)
    scope.repo_identity.cache_clear()


@pytest.mark.parametrize(
    "remote",
    [
        "git@github.com:Acme/Widget.git",
        "https://github.com/acme/widget",
        "https://user:tok@gitlab.example.com:8443/group/sub/proj.git/",
        "ssh://git@host.example.com:2222/team/repo.git",
        "/srv/git/local-project.git",
    ],
)
def test_the_files_say_what_git_says(tmp_path, remote):
    root = _repo(tmp_path / "r", remote)
    (root / "deep" / "er").mkdir(parents=True)
    for cwd in (root, root / "deep" / "er"):
        files, git = _both(cwd)
        assert files == git and git is not None
        assert scope.repo_identity(str(cwd)) == git


def test_a_worktree_and_a_submodule_link_to_their_repository(tmp_path):
    root = _repo(tmp_path / "main")
    _git(root, "worktree", "add", "-q", str(tmp_path / "wt"))
    assert (tmp_path / "wt" / ".git").is_file()
    assert _both(tmp_path / "wt") == ("github.com/acme/widget", "github.com/acme/widget")
    _repo(tmp_path / "lib", "https://example.org/acme/lib.git")
    _git(root, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(tmp_path / "lib"), "vendor/lib")
    assert (root / "vendor" / "lib" / ".git").is_file()
    files, git = _both(root / "vendor" / "lib")
    assert files == git == scope.normalise_remote(str(tmp_path / "lib"))


def test_outside_any_repository_no_git_is_asked(tmp_path):
    """Most of a hook's calls outside a repository: the files say so (no ``.git`` up to the root or a mount)."""
    (tmp_path / "plain" / "dir").mkdir(parents=True)
    assert scope.read_origin(str(tmp_path / "plain" / "dir")) == (True, None)
    assert scope.identity_from_git(tmp_path / "plain" / "dir") is None


@pytest.mark.parametrize("setup", ["no remote", "include", "quoted", "inside .git", "GIT_DIR"])
def test_what_the_files_do_not_say_plainly_goes_to_git(tmp_path, monkeypatch, setup):
    root = _repo(tmp_path / "r", None if setup == "no remote" else "https://github.com/acme/widget")
    cwd = root
    config = root / ".git" / "config"
    if setup == "include":
        (tmp_path / "extra.cfg").write_text('[remote "origin"]\n\turl = https://github.com/acme/other\n')
        config.write_text(config.read_text() + f"[include]\n\tpath = {tmp_path / 'extra.cfg'}\n")
    elif setup == "quoted":
        text = config.read_text().replace(
            "url = https://github.com/acme/widget", 'url = "https://github.com/acme/widget"'
        )
        config.write_text(text)
    elif setup == "inside .git":
        cwd = root / ".git"
    elif setup == "GIT_DIR":
        monkeypatch.setenv("GIT_DIR", str(root / ".git"))
    assert scope.read_origin(str(cwd)) == (False, "" if setup == "no remote" else None)
    expected = {
        "no remote": "root-",
        "include": "github.com/acme/other",  # git's answer: the last url, from the included file
        "quoted": "github.com/acme/widget",
        "inside .git": None,
        "GIT_DIR": "github.com/acme/widget",
    }[setup]
    got = scope.repo_identity(str(cwd))
    assert got == scope.identity_from_git(cwd)
    if expected == "root-":
        assert got is not None and got.startswith("root-")
    else:
        assert got == expected


def _head_from_git(cwd: Path) -> tuple[str, str, str]:
    return (
        _git(cwd, "rev-parse", "--show-toplevel"),
        _git(cwd, "rev-parse", "--abbrev-ref", "HEAD"),
        _git(cwd, "rev-parse", "HEAD"),
    )


@pytest.mark.parametrize("setup", ["branch", "detached", "packed", "worktree", "subdirectory"])
def test_the_head_read_from_the_files_is_gits(tmp_path, setup):
    """The session start keys its kept answer by the work tree's top, branch and HEAD commit read from the files."""
    root = _repo(tmp_path / "r")
    _git(root, "checkout", "-q", "-b", "feature/login")
    cwd = root
    if setup == "detached":
        _git(root, "checkout", "-q", "--detach")
    elif setup == "packed":
        _git(root, "pack-refs", "--all")
        assert not (root / ".git" / "refs" / "heads" / "feature" / "login").exists()
    elif setup == "worktree":
        _git(root, "worktree", "add", "-q", "-b", "wt-branch", str(tmp_path / "wt"))
        cwd = tmp_path / "wt"
    elif setup == "subdirectory":
        cwd = root / "src" / "app"
        cwd.mkdir(parents=True)
    assert scope.read_head(str(cwd)) == (True, _head_from_git(cwd))


def test_an_unborn_branch_and_no_repository(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    _git(empty, "init", "-q")
    assert scope.read_head(str(empty)) == (False, None)  # no commit yet: git's answer, whatever it is
    (tmp_path / "plain").mkdir()
    assert scope.read_head(str(tmp_path / "plain")) == (True, None)


def test_a_repository_without_origin_asks_git_once_per_head_commit(tmp_path, monkeypatch):
    """Its identity is its root commit, which git finds (three processes at every hook); the answer is remembered by
    HEAD commit in the user's cache, so the next hook needs no git, and a new commit asks again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = _repo(tmp_path / "r", None)
    expected = scope.identity_from_git(root)
    assert expected is not None and expected.startswith("root-")
    assert scope.repo_identity(str(root)) == expected
    assert expected in (tmp_path / "cache" / "ratchet" / "repo-roots.json").read_text()
    scope.repo_identity.cache_clear()
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))  # git cannot be started now
    assert scope.repo_identity(str(root)) == expected
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (root / "b.txt").write_text("b\n")
    _git(root, "add", "b.txt")
    _git(root, "commit", "-qm", "second")
    scope.repo_identity.cache_clear()
    assert scope.repo_identity(str(root)) == expected  # same root, found by git for the new HEAD
    assert len(json.loads((tmp_path / "cache" / "ratchet" / "repo-roots.json").read_text())) == 2
    (tmp_path / "cache" / "ratchet" / "repo-roots.json").write_text("not json")  # damaged: git is asked again
    scope.repo_identity.cache_clear()
    assert scope.repo_identity(str(root)) == expected
