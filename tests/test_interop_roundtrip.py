"""Property tests: the Ralph markdown round trip and the budget packer of the prime export."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.interop import export_text, import_path, select
from ratchet.interop.ralph import HEADER, TRUNCATION_MARKER, parse, render
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

SECTIONS = {"pattern": "Patterns", "decision": "Decisions", "fix": "Fixes", "context": "Context"}
# Words that are safe from the credential filter, plus markdown that could confuse a careless parser.
WORDS = st.sampled_from(
    [
        "deploy",
        "uses",
        "the",
        "cache",
        "build",
        "tests",
        "fail",
        "when",
        "redis",
        "`cargo test`",
        "{ ok: true }",
        "##",
        "### heading",
        "<!--",
        "-->",
        "|",
        "a, b",
        "> quoted",
        "created:",
        "tags:",
        "é",
        "日本",
    ]
)
LINE = st.lists(WORDS, min_size=0, max_size=6).map(" ".join)
TAG = st.sampled_from(["api", "build", "two words", "ci-cd", "db_v2", "naming"])


@st.composite
def memories(draw):
    count = draw(st.integers(min_value=0, max_value=8))
    stamps = draw(st.lists(st.integers(1_000_000_000, 2_000_000_000), min_size=count, max_size=count, unique=True))
    out = []
    for n, stamp in enumerate(stamps):
        lines = draw(st.lists(LINE, min_size=1, max_size=4))
        # A distinct number in every memory keeps dedupe from merging two generated memories.
        lines[0] = f"Memory {n}: {lines[0]}"
        out.append(
            {
                "id": f"mem-{stamp}-{draw(st.from_regex(r'[0-9a-f]{4}', fullmatch=True))}",
                "type": draw(st.sampled_from(list(SECTIONS))),
                "lines": lines,
                "tags": draw(st.lists(TAG, max_size=3, unique=True)),
                "metadata": draw(st.booleans()),
            }
        )
    return out


def ralph_markdown(items: list[dict]) -> str:
    out = ["# Memories", ""]
    section = None
    for item in items:
        if item["type"] != section:
            section = item["type"]
            out += [f"## {SECTIONS[section]}", ""]
        out.append(f"### {item['id']}")
        out += [f"> {line}" if line else ">" for line in item["lines"]]
        if item["metadata"]:
            out.append(f"<!-- tags: {', '.join(item['tags'])} | created: 2025-01-20 -->")
        out.append("")
    return "\n".join(out)


def records(store: Store) -> list[dict]:
    return sorted((f.to_dict() for f in store.facts()), key=lambda r: r["id"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=memories())
def test_ralph_markdown_round_trip(items):
    """Ralph markdown -> import -> export -> import into a fresh store yields the same facts and the same export."""
    config = Config()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = root / "memories.md"
        source.write_text(ralph_markdown(items), encoding="utf-8")
        first = Store(MemoryDir(root / "a"))
        report = import_path(first, config, "ralph-memories", source, scope="global")
        assert report.malformed == [] and report.skipped == []
        assert sorted(report.imported_ids) == sorted(i["id"] for i in items)
        for item in items:
            fact = next(f for f in first.facts() if f.id == item["id"])
            assert fact.content == "\n".join(item["lines"]).strip()
            assert fact.tags == (item["tags"] if item["metadata"] else [])
        exported, omitted = export_text(select(first.facts(), config), config, "ralph-memories")
        assert omitted == 0
        again = root / "exported.md"
        again.write_text(exported, encoding="utf-8")
        second = Store(MemoryDir(root / "b"))
        import_path(second, config, "ralph-memories", again, scope="global")
        assert records(second) == records(first)
        assert export_text(select(second.facts(), config), config, "ralph-memories")[0] == exported


@settings(max_examples=80, deadline=None)
@given(
    contents=st.lists(st.lists(LINE, min_size=1, max_size=3).map("\n".join), min_size=1, max_size=10),
    budget=st.integers(min_value=0, max_value=400),
    categories=st.lists(st.sampled_from(["incident", "decision", "process", "project", "casual"]), min_size=10),
)
def test_budget_packer(contents, budget, categories):
    """Never over budget (beyond the fixed header), never a memory cut, the marker exactly when one is left out."""
    config = Config()
    facts = [
        new_fact(f"Fact {n}: {text}", category=categories[n], importance=0.5, created=f"2025-01-{n + 1:02d}")
        for n, text in enumerate(contents)
    ]
    text, omitted = render(facts, config, budget=budget)
    overhead = len(HEADER) + 1 + len(TRUNCATION_MARKER) + 2
    if budget:
        assert len(text) <= max(budget * 4, overhead)
    else:
        assert omitted == 0
    assert (TRUNCATION_MARKER in text) == (omitted > 0)
    parsed, _ = parse(text, Path("prime.md"))
    assert parsed.problems == []
    assert len(parsed.items) == len(facts) - omitted
    by_content = {f.content for f in facts}
    assert all(item.content in by_content for item in parsed.items)
