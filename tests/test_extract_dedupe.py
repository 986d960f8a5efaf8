"""Near-duplicate detection used by extraction and import."""

from __future__ import annotations

import pytest

from ratchet.core.dedupe import find_duplicate, is_duplicate
from ratchet.core.facts import new_fact


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User prefers dark mode", "The user likes dark mode"),
        ("Aaron preferred tabs over spaces", "Aaron prefers tabs over spaces."),
        ("Use pnpm, not npm, for this repo", "This repo uses pnpm instead of npm"),
        ("The staging database is db-staging-2", "the staging database is db-staging-2."),
    ],
)
def test_same_meaning_other_words(a: str, b: str) -> None:
    assert is_duplicate(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Aaron prefers dark mode", "Aaron prefers light mode"),
        ("WRX oil change due at 11,799 miles", "WRX oil change due at 12,000 miles"),
        ("The team deploys on Fridays", "The team never deploys on Fridays"),
        ("The staging database is db-staging-2", "The staging database is db-staging-3"),
        ("The user likes pytest", "The billing service runs on port 8443"),
    ],
)
def test_corrections_and_other_facts_are_not_duplicates(a: str, b: str) -> None:
    assert not is_duplicate(a, b)


def test_find_duplicate_returns_the_matching_active_fact() -> None:
    old = new_fact("The user prefers dark mode", category="preference", importance=0.6)
    other = new_fact("The billing service runs on port 8443", category="project", importance=0.6)
    assert find_duplicate("The user likes dark mode.", [other, old]) is old
    assert find_duplicate("The user likes light mode.", [other, old]) is None


def test_superseded_facts_do_not_block_a_restatement() -> None:
    old = new_fact("The user prefers dark mode", category="preference", importance=0.6)
    old.superseded_by = "00000000-newer"
    assert find_duplicate("The user prefers dark mode", [old]) is None
