"""Base importance at creation: the category's weight plus the spec's modifiers, clamped to [0, 1]."""

from __future__ import annotations

from ratchet.config import Config


def base_importance(
    config: Config,
    category: str,
    *,
    explicit_remember: bool = False,
    action_required: bool = False,
    untrusted: bool = False,
) -> float:
    """``weight(category) + 0.2 (remember this) + 0.15 (action required)``, then ``x0.5`` if untrusted."""
    mods = config.section("modifiers")
    value = config.category_weight(category)
    if explicit_remember:
        value += mods["explicit_remember"]
    if action_required:
        value += mods["action_required"]
    value = min(1.0, max(0.0, value))
    if untrusted:
        value *= mods["untrusted_factor"]
    return round(min(1.0, max(0.0, value)), 4)
