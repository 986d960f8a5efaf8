"""Near-duplicate detection used by extraction and import."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.core.dedupe import Pool, _tokens, find_duplicate, is_duplicate, similarity_tokens
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


_VOCABULARY = "the user prefers likes dark light mode tabs spaces repo uses pnpm npm not never 12 13"
_WORDS = st.sampled_from(_VOCABULARY.split())
_TEXTS = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)


def _brute_force(content: str, facts: list) -> object:
    """The definition: the most similar active fact, the first of equals (what find_duplicate did before the index)."""
    new = _tokens(content)
    best = None
    for fact in facts:
        score = similarity_tokens(new, _tokens(fact.content)) if fact.active and new else None
        if score is not None and (best is None or score > best[0]):
            best = (score, fact)
    return best[1] if best else None


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(_TEXTS, st.booleans()), max_size=25), _TEXTS)
def test_the_token_index_finds_what_comparing_with_every_fact_finds(stored: list, content: str) -> None:
    """The pool reads only facts sharing enough words (extraction linear in its input); it must still find exactly
    the fact a comparison with every stored fact finds."""
    facts = []
    for text, superseded in stored:
        fact = new_fact(text, category="preference", importance=0.5)
        if superseded:
            fact.superseded_by = "f" * 32
        facts.append(fact)
    assert Pool(facts).find(content) is _brute_force(content, facts)


def test_a_superseded_fact_leaves_the_pool_and_a_retired_pool_keeps_it() -> None:
    old = new_fact("The staging database is db-staging-2", category="project", importance=0.5)
    pool, retired = Pool([old]), Pool([], retired=True)
    assert pool.find("the staging database is db-staging-2.") is old
    old.superseded_by = "f" * 32
    pool.remove(old.id)
    retired.add(old)
    assert pool.find("the staging database is db-staging-2.") is None
    assert retired.find("the staging database is db-staging-2.") is old
