"""The injection budget: a hard cap in tokens (and, for hooks, characters), whole facts only.

Facts enter in full by score per token, highest first, as long as they fit; then the best of the rest enter as
index lines (id, category, date, first words) while those fit; everything else is cut and reported. The frame
around the facts is paid for first, so the cap holds for the whole block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    """A ranked candidate with the cost of its two renderings."""

    key: str
    score: float
    full_tokens: int
    index_tokens: int
    full_chars: int = 0
    index_chars: int = 0


@dataclass
class Packing:
    full: list[str] = field(default_factory=list)
    index: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    tokens: int = 0
    chars: int = 0

    @property
    def shown(self) -> list[str]:
        return self.full + self.index


def pack(
    items: Sequence[Item],
    token_budget: int,
    *,
    char_budget: int | None = None,
    overhead_tokens: int = 0,
    overhead_chars: int = 0,
    index_overhead_tokens: int = 0,
    index_overhead_chars: int = 0,
    detail: str = "full",
) -> Packing:
    """Choose what to show within the budgets; ``detail="index"`` shows index lines only.

    ``items`` come ranked (best first). Each line costs its own tokens plus one for the newline; the
    ``index_overhead_*`` costs (the note explaining index lines) are paid once, by the first index line.
    """
    out = Packing(tokens=overhead_tokens, chars=overhead_chars)
    if not items or overhead_tokens > token_budget or (char_budget is not None and overhead_chars > char_budget):
        out.cut = [i.key for i in items]
        out.tokens = out.chars = 0
        return out
    chars_left = char_budget if char_budget is not None else None

    def fits(tokens: int, chars: int) -> bool:
        if out.tokens + tokens > token_budget:
            return False
        return chars_left is None or out.chars + chars <= chars_left

    chosen: set[str] = set()
    if detail != "index":
        by_density = sorted(items, key=lambda i: (-(i.score / max(i.full_tokens + 1, 1)), -i.score))
        for item in by_density:
            if fits(item.full_tokens + 1, item.full_chars + 1):
                out.tokens += item.full_tokens + 1
                out.chars += item.full_chars + 1
                chosen.add(item.key)
    paid_note = False
    index_keys: set[str] = set()
    for item in items:
        if item.key in chosen:
            continue
        extra_t = 0 if paid_note else index_overhead_tokens
        extra_c = 0 if paid_note else index_overhead_chars
        if fits(item.index_tokens + 1 + extra_t, item.index_chars + 1 + extra_c):
            out.tokens += item.index_tokens + 1 + extra_t
            out.chars += item.index_chars + 1 + extra_c
            paid_note = True
            index_keys.add(item.key)
    out.full = [i.key for i in items if i.key in chosen]
    out.index = [i.key for i in items if i.key in index_keys]
    out.cut = [i.key for i in items if i.key not in chosen and i.key not in index_keys]
    if not out.full and not out.index:
        out.tokens = out.chars = 0
    return out
