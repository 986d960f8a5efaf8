"""Scores: base importance at creation, recency and the effective score (importance x recency); relevance is added
by retrieval.

Recency is ``e^(-λ·days since last referenced)`` with ``λ = ln 2 / half-life``. The permanent tier is exempt
(recency 1). Other tiers never fall below a configurable floor (standard 0.25 by default), so an old but
important fact keeps a chance against fresh trivia: a 0.9 decision untouched for a year still scores
0.9 x 0.25 = 0.225, above a fresh 0.3 casual remark's relevance-weighted share when it is on topic.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Protocol

from ratchet.core import clock
from ratchet.core.facts import Fact


class Settings(Protocol):
    """What scoring reads of the configuration (:class:`ratchet.config.Config` has it): core imports no config."""

    def section(self, name: str) -> dict[str, Any]: ...

    def category_weight(self, category: str) -> float: ...


def recency(fact: Fact, config: Settings, now: datetime | None = None) -> float:
    """``e^(-ln2/half_life · days since last referenced)``, 1 for permanent facts, floored per tier."""
    if fact.tier == "permanent":
        return 1.0
    section = config.section("recency")
    days = clock.days_between(fact.last_referenced, now)
    value = math.exp(-math.log(2) / float(section["half_life_days"]) * days)
    floor = float(section["floor"].get(fact.tier, 0.0))
    return max(value, floor)


def effective_score(fact: Fact, config: Settings, now: datetime | None = None) -> float:
    """Base importance x recency: what ranks candidates before relevance, and what purge compares to 0.1."""
    return fact.importance * recency(fact, config, now)


TIERS = ("permanent", "standard", "transient")


def recency_array(days: Any, tier_codes: Any, config: Settings) -> Any:
    """:func:`recency` for numpy arrays of days since last reference and tier codes (indexes into ``TIERS``)."""
    import numpy as np

    section = config.section("recency")
    value = np.exp(-math.log(2) / float(section["half_life_days"]) * np.maximum(days, 0.0))
    floors = np.array([1.0] + [float(section["floor"].get(t, 0.0)) for t in TIERS[1:]], dtype=np.float64)
    return np.maximum(value, floors[tier_codes])


def recency_at(days: float, tier_code: int, config: Settings) -> float:
    """One value of :func:`recency_array` (per-prompt recall scores a few facts without numpy)."""
    section = config.section("recency")
    if tier_code == 0:
        return 1.0
    value = math.exp(-math.log(2) / float(section["half_life_days"]) * max(days, 0.0))
    return max(value, float(section["floor"].get(TIERS[tier_code], 0.0)))


def query_score(relevance: Any, prior: Any, config: Settings, *, explicit: bool) -> Any:
    """Combine relevance with the prior (importance x recency) into the retrieval score.

    With an explicit query (``--query``, a user prompt) the spec's product is softened to
    ``relevance x prior^w`` (``retrieval.prior_weight``, default 0.1): what matches the question leads, and
    importance and recency break ties between comparably relevant facts. Without one (a session opening, whose
    context is only a repository, a branch and commit subjects) the prior leads and relevance nudges:
    ``prior x (0.5 + 0.5 x relevance)``.
    """
    if explicit:
        return relevance * prior ** float(config.section("retrieval")["prior_weight"])
    return prior * (0.5 + 0.5 * relevance)


def base_importance(
    config: Settings,
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
