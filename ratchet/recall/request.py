"""What a retrieval is asked: a query or a session's opening context, the mode, the budget and who may be shown.

Its own module so that a hook can build one (and key a kept answer by it) without loading the ranking.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MODES = ("auto", "llm", "embeddings", "keyword")


@dataclass
class Request:
    """What to retrieve for: an explicit query (or prompt), or only the opening context of a session."""

    query: str | None = None
    context: str | None = None
    mode: str | None = None
    budget: int | None = None
    max_chars: int | None = None
    detail: str = "full"
    scopes: set[str] | None = None
    exclude: set[str] = field(default_factory=set)
    threshold: float | None = None  # per-prompt recall: minimum relevance, and no filling
    max_facts: int | None = None

    @property
    def text(self) -> str:
        return (self.query or self.context or "").strip()

    @property
    def explicit(self) -> bool:
        return bool(self.query and self.query.strip())
