"""The opening context of a session: what retrieval matches facts against when no query is given.

From the session's working directory: the repository name, the current branch and recent commit subjects; for a
prompt hook, the prompt itself is the query. The work tree's top and branch are read from its files when they say
them plainly (:func:`ratchet.core.scope.read_head`), so only the commit subjects start git; git is asked with short
timeouts and failures only shrink the context.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ratchet.core.scope import git, read_head

COMMITS = 5


@dataclass
class Opening:
    """What is known about the session at its start."""

    cwd: str | None = None
    repository: str | None = None
    branch: str | None = None
    commits: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The context as one query text (empty when nothing is known)."""
        parts = []
        if self.repository:
            parts.append(self.repository.replace("/", " ").replace("-", " ").replace("_", " "))
        if self.branch and self.branch not in ("main", "master", "HEAD"):
            parts.append(self.branch.replace("/", " ").replace("-", " ").replace("_", " "))
        parts.extend(self.commits)
        return "\n".join(parts)


def opening(cwd: str | Path | None) -> Opening:
    """Repository name, branch and the last few commit subjects of ``cwd`` (whatever git can tell)."""
    if cwd is None or not Path(cwd).is_dir():
        return Opening(cwd=str(cwd) if cwd else None)
    path = Path(cwd)
    decided, head = read_head(str(path))
    if decided and head is None:
        return Opening(cwd=str(path))  # no repository here
    if head is not None:
        top, branch = head[0], head[1]
    else:
        top = git(path, "rev-parse", "--show-toplevel", timeout=3) or ""
        if not top:
            return Opening(cwd=str(path))
        branch = git(path, "rev-parse", "--abbrev-ref", "HEAD", timeout=3) or ""
    log = git(path, "log", f"-{COMMITS}", "--format=%s", timeout=3) or ""
    commits = [s for s in log.splitlines() if s]
    return Opening(cwd=str(path), repository=Path(top).name, branch=branch or None, commits=commits)
