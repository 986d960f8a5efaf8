"""Scores: recency and the effective score (base importance x recency); relevance is added by retrieval.

Recency is ``e^(-λ·days since last referenced)`` with ``λ = ln 2 / half-life``. The permanent tier is exempt
(recency 1). Other tiers never fall below a configurable floor (standard 0.25 by default), so an old but
important fact keeps a chance against fresh trivia: a 0.9 decision untouched for a year still scores
0.9 x 0.25 = 0.225, above a fresh 0.3 casual remark's relevance-weighted share when it is on topic.
"""

from __future__ import annotations

import math
from datetime import datetime

from ratchet import timeutil
from ratchet.config import Config
from ratchet.facts import Fact


def recency(fact: Fact, config: Config, now: datetime | None = None) -> float:
    """``e^(-ln2/half_life · days since last referenced)``, 1 for permanent facts, floored per tier."""
    if fact.tier == "permanent":
        return 1.0
    section = config.section("recency")
    days = timeutil.days_between(fact.last_referenced, now)
    value = math.exp(-math.log(2) / float(section["half_life_days"]) * days)
    floor = float(section["floor"].get(fact.tier, 0.0))
    return max(value, floor)


def effective_score(fact: Fact, config: Config, now: datetime | None = None) -> float:
    """Base importance x recency: what ranks candidates before relevance, and what purge compares to 0.1."""
    return fact.importance * recency(fact, config, now)
