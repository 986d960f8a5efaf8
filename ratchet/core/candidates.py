"""A candidate fact: what an extractor proposes before the filters, dedupe and supersession decide."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Candidate:
    """One proposed fact. ``supersedes`` holds ids of existing facts it replaces (already resolved)."""

    content: str
    category: str
    tags: list[str] = field(default_factory=list)
    tier: str = "standard"
    explicit_remember: bool = False
    action_required: bool = False
    trusted: bool = True
    trust_reasons: list[str] = field(default_factory=list)
    evidence: str = ""
    about: str = "project"  # person | project: decides global vs repository scope
    supersedes: list[str] = field(default_factory=list)
    correction: bool = False  # the user signalled a correction: look for the fact it replaces
    provenance: str = ""
    prompt_version: str | None = None
    turn_uid: str = ""
