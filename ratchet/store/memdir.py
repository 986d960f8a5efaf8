"""The memory directory: where it is, what lives in it, and its permissions (the one place that owns them).

Resolution: ``--memory-dir`` > ``RATCHET_MEMORY_DIR`` > ``memory_dir`` in the config (relative to the config
file) > ``memory/`` beside the config file > ``./memory``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ratchet.config import Config
from ratchet.store.files import ensure_private_dir

FACT_FILE = re.compile(r"^facts-(\d{4})-Q([1-4])\.jsonl$")


def resolve_memory_dir(explicit: str | Path | None, config: Config) -> Path:
    """The memory directory to use (see module docstring)."""
    if explicit:
        return Path(explicit).expanduser().absolute()
    env = os.environ.get("RATCHET_MEMORY_DIR")
    if env:
        return Path(env).expanduser().absolute()
    base = config.path.parent if config.path else Path.cwd()
    configured = config.data.get("memory_dir")
    if configured:
        return (base / Path(configured).expanduser()).absolute()
    return (base / "memory").absolute()


@dataclass(frozen=True)
class MemoryDir:
    """Paths of every file Ratchet keeps in one memory directory."""

    root: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", Path(self.root))

    def ensure(self) -> MemoryDir:
        """Create the directory 0700 (and its state folder) if missing."""
        ensure_private_dir(self.root)
        ensure_private_dir(self.state_dir)
        return self

    def facts_file(self, quarter: str) -> Path:
        return self.root / f"facts-{quarter}.jsonl"

    def fact_files(self) -> list[Path]:
        """Quarter files in chronological order."""
        if not self.root.is_dir():
            return []
        found = [p for p in self.root.iterdir() if FACT_FILE.match(p.name)]
        return sorted(found, key=lambda p: p.name)

    @property
    def index(self) -> Path:
        return self.root / "facts-index.json"

    @property
    def audit_log(self) -> Path:
        return self.root / "memory-log.jsonl"

    @property
    def rejected(self) -> Path:
        return self.root / "rejected.jsonl"

    @property
    def archive(self) -> Path:
        return self.root / "archive.jsonl"

    @property
    def log(self) -> Path:
        """Diagnostics of hook verbs (``ratchet.log``)."""
        return self.root / "ratchet.log"

    @property
    def lock(self) -> Path:
        return self.root / ".ratchet.lock"

    @property
    def manage_lock(self) -> Path:
        return self.root / ".manage.lock"

    @property
    def memory_md(self) -> Path:
        return self.root / "MEMORY.md"

    @property
    def reports_dir(self) -> Path:
        return self.root / "reports"

    @property
    def state_dir(self) -> Path:
        """Derived and bookkeeping data (embeddings, retrieval cache, extraction offsets, events)."""
        return self.root / "state"

    @property
    def journal(self) -> Path:
        """The intent journal of a write in progress (see :mod:`ratchet.store.journal`)."""
        return self.state_dir / "journal.json"

    def temp_dirs(self) -> list[Path]:
        """Every folder whole files are rewritten in, hence where a killed writer may leave a temp file."""
        return [self.root, self.state_dir, self.reports_dir]

    @property
    def events(self) -> Path:
        """Reference and injection events (``events.jsonl``) consumed by memory-manage."""
        return self.root / "events.jsonl"

    @property
    def review(self) -> Path:
        """Contradiction review list."""
        return self.root / "review.jsonl"
