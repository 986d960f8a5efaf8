from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.recall.budget import Item, pack

items_strategy = st.lists(
    st.tuples(st.floats(0.01, 1.0), st.integers(1, 400), st.integers(1, 60)),
    min_size=0,
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(items_strategy, st.integers(1, 2000), st.integers(0, 100), st.sampled_from(["full", "index"]))
def test_pack_never_exceeds_the_budget_and_never_splits(raw, budget, overhead, detail):
    items = [Item(str(n), s, f, i, f * 4, i * 4) for n, (s, f, i) in enumerate(raw)]
    out = pack(items, budget, overhead_tokens=overhead, index_overhead_tokens=5, detail=detail)
    assert out.tokens <= budget
    keys = [i.key for i in items]
    assert sorted(out.full + out.index + out.cut, key=int) == keys  # every item exactly once
    assert not set(out.full) & set(out.index)
    if detail == "index":
        assert out.full == []
    cost = sum(items[int(k)].full_tokens + 1 for k in out.full) + sum(items[int(k)].index_tokens + 1 for k in out.index)
    if out.full or out.index:
        assert out.tokens == overhead + cost + (5 if out.index else 0)


def test_full_first_then_index_lines_then_cut():
    items = [Item("a", 0.9, 50, 10), Item("b", 0.8, 50, 10), Item("c", 0.7, 50, 10), Item("d", 0.1, 50, 10)]
    out = pack(items, 130, overhead_tokens=10)
    assert out.full == ["a", "b"]
    assert out.index == ["c"]
    assert out.cut == ["d"]
    assert out.tokens == 10 + 51 + 51 + 11


def test_score_per_token_prefers_a_short_fact():
    items = [Item("long", 0.9, 100, 10), Item("short", 0.8, 20, 10)]
    out = pack(items, 60)
    assert out.full == ["short"]
    assert out.index == ["long"]


def test_char_budget_is_a_hard_cap_too():
    items = [Item("a", 0.9, 10, 5, 500, 100), Item("b", 0.8, 10, 5, 500, 100)]
    out = pack(items, 10_000, char_budget=700)
    assert out.full == ["a"]
    assert out.index == ["b"]
    assert out.chars <= 700


def test_nothing_fits_gives_nothing():
    out = pack([Item("a", 0.9, 100, 50)], 30, overhead_tokens=20)
    assert (out.full, out.index, out.cut, out.tokens) == ([], [], ["a"], 0)
