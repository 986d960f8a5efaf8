"""Questions that ask when reach the memories that say when (ratchet.core.temporal through BM25's time mark)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pin_clock

from ratchet.config import Config
from ratchet.core import temporal
from ratchet.core.facts import new_fact
from ratchet.recall import bm25, catalog
from ratchet.recall.retrieve import Request, retrieve
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store


@pytest.mark.parametrize(
    "text",
    [
        "I went to a pride parade last week.",
        "We had a blast at the Pride fest last year.",
        "I got mentored by a business owner yesterday.",
        "The official opening night is tomorrow.",
        "I've known these friends for 4 years.",
        "We adopted Max three years ago.",
        "The migration ran on 2026-03-02 and took an hour.",
        "Deploys are frozen until March 3rd.",
        "She has played the violin since 2015.",
        "The retro is every Friday.",
    ],
)
def test_memories_that_say_when(text: str) -> None:
    assert temporal.mentions_time(text)


@pytest.mark.parametrize(
    "text",
    [
        "The staging database is db-staging-4.",
        "Aaron prefers tabs over spaces.",
        "We chose Postgres over MySQL for the billing service.",
        "Max is a golden retriever who loves the beach.",
    ],
)
def test_memories_that_do_not(text: str) -> None:
    assert not temporal.mentions_time(text)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("When did Caroline go to the pride parade?", True),
        ("How long has Caroline had her current group of friends?", True),
        ("Which year did John adopt Max?", True),
        ("Since when does she play the violin?", True),
        ("How old was Melanie when she started painting?", True),
        ("What database does the billing service use?", False),
        ("Who mentored Jon?", False),
    ],
)
def test_questions_that_ask_when(question: str, asks: bool) -> None:
    assert temporal.asks_when(question) is asks
    assert (temporal.MARK in bm25.query_terms(question)) is asks


def test_a_when_question_ranks_the_mention_that_says_when_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, "2026-06-01T12:00:00Z")
    store = Store(MemoryDir(tmp_path / "memory"))
    facts = [
        new_fact(text, category="personal", importance=0.5, created=f"2026-05-{day:02d}T10:00:00Z")
        for day, text in [
            (20, "Caroline loves the pride parade and the people she meets there."),
            (21, "Caroline talked about the pride parade with her friends from the support group."),
            (22, "Caroline went to a pride parade last week with her friends."),
            (23, "Caroline thinks the pride parade should have more music."),
            (24, "Caroline's favourite part of the pride parade is the open mic."),
        ]
    ]
    store.add(facts, actor="test")
    catalog.refresh(store)
    config = Config()

    def first(question: str) -> str:
        result = retrieve(store, config, Request(query=question, mode="keyword", max_facts=5))
        return result.shown[0].fact.content

    assert first("When did Caroline go to a pride parade?") == facts[2].content
    assert first("What does Caroline think of the pride parade?") != facts[2].content
