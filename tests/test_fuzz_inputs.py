"""Fuzzed transcripts and configs: every malformed input is one clear error (TranscriptError / ConfigError), never a
traceback. Seeded through hypothesis's database-free derandomised mode, so a failure reproduces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratchet.config import load_config
from ratchet.errors import ConfigError, TranscriptError
from ratchet.extract.transcripts import clean_turns, parse_transcript

pytestmark = pytest.mark.slow

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**12), st.floats(allow_nan=False), st.text(max_size=12))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
FIELDS = [
    *("type", "message", "role", "content", "text", "uuid", "id", "timestamp", "sessionId", "cwd", "isMeta"),
    *("planContent", "payload", "toolCalls", "parts", "messages", "session_meta", "conversations", "from", "value"),
]


def _record(draw_base: dict, changes: dict) -> dict:
    out = dict(draw_base)
    out.update(changes)
    return out


BASES = [
    {"type": "user", "message": {"role": "user", "content": "I prefer tabs."}, "uuid": "u1", "sessionId": "s"},
    {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"type": "input_text"}]}},
    {"type": "session_meta", "payload": {"id": "s", "cwd": "/tmp", "git": {"repository_url": "x"}}},
    {"role": "user", "content": "I prefer tabs."},
    {"sessionId": "s", "messages": [{"type": "user", "content": "I prefer tabs."}]},
    {"sessionId": "s", "projectHash": "h", "kind": "subagent"},
    {"id": "u1", "type": "user", "content": [{"text": "I prefer tabs."}], "displayContent": [{"text": "/x"}]},
    {"type": "init", "session_id": "s", "model": "m"},
    {"type": "message", "role": "assistant", "content": "Ok.", "delta": True},
    {"id": "s", "timestamp": "t", "instructions": None},
    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "## My request for Codex:"}]},
    {"session": {"id": "s"}, "items": [{"type": "message", "role": "user", "content": "I prefer tabs."}]},
    {"history": [{"role": "user", "parts": [{"text": "I prefer tabs."}]}], "authType": "x"},
]  # fmt: skip

records = st.builds(_record, st.sampled_from(BASES), st.dictionaries(st.sampled_from(FIELDS), values, max_size=4))
documents = st.one_of(
    st.lists(records, min_size=1, max_size=4).map(lambda rs: "\n".join(json.dumps(r) for r in rs)),
    st.lists(records, min_size=1, max_size=4).map(json.dumps),
    records.map(json.dumps),
    values.map(json.dumps),
    st.text(max_size=200),
    st.integers(1, 3000).map(lambda n: "[" * n),
    st.integers(1, 3000).map(lambda n: '{"a":' * n),
)


@settings(max_examples=1200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(documents)
def test_every_transcript_is_read_or_refused_in_one_line(text: str) -> None:
    try:
        transcript = parse_transcript(text, "fuzz.jsonl")
        clean_turns(transcript.turns)
    except TranscriptError as exc:
        assert "\n" not in str(exc) and str(exc)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(values.map(json.dumps), st.text(max_size=80), st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
)
def test_every_config_is_loaded_or_refused_in_one_line(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = Path(tmp_path_factory.mktemp("cfg")) / "ratchet.config.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        load_config(path)
    except ConfigError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)


# ----- import files ------------------------------------------------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures" / "interop"
IMPORT_SEEDS = {
    "jsonl": (FIXTURES / "facts.jsonl").read_text(encoding="utf-8"),
    "ralph-memories": (FIXTURES / "ralph-memories.md").read_text(encoding="utf-8"),
    "ralph-guardrails": (FIXTURES / "ralph-guardrails-structured.md").read_text(encoding="utf-8"),
    "crabtalk": (FIXTURES / "crabtalk" / "config" / "memory" / "entries" / "staging-database.md").read_text("utf-8"),
    "embeddings-json": (FIXTURES / "embeddings.json").read_text(encoding="utf-8"),
}


def _mutate(seed: str, cuts: list[tuple[int, int, str]]) -> str:
    """``seed`` with each (position, length, replacement) applied, positions taken modulo the current length."""
    text = seed
    for pos, length, new in cuts:
        at = pos % (len(text) + 1)
        text = text[:at] + new + text[at + length :]
    return text


fact_changes = st.dictionaries(
    st.sampled_from(
        ["id", "content", "category", "tags", "importance", "tier", "created", "supersedes", "superseded_by", "scope"]
        + ["source_session", "evidence", "meta", "reference_count", "last_referenced", "source_trust"]
    ),
    values,
    max_size=3,
)
import_documents = st.one_of(
    st.builds(
        _mutate,
        st.sampled_from(list(IMPORT_SEEDS.values())),
        st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 40), st.text(max_size=20)), max_size=4),
    ),
    st.lists(fact_changes, min_size=1, max_size=3).map(
        lambda changes: "".join(
            json.dumps({**json.loads(IMPORT_SEEDS["jsonl"].splitlines()[0]), **c}) + "\n" for c in changes
        )
    ),
    values.map(json.dumps),
    st.integers(1, 3000).map(lambda n: "[" * n),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
)


def _tree(root: Path) -> dict[str, bytes]:
    """Every file's bytes, but the log (it says why) and the empty lock files."""
    files = (p for p in sorted(root.rglob("*")) if p.is_file() and p.name != "ratchet.log")
    return {str(p.relative_to(root)): p.read_bytes() for p in files if not p.name.endswith(".lock")}


@settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(IMPORT_SEEDS)), import_documents, st.booleans())
def test_every_import_file_is_taken_whole_or_refused_in_one_line(
    tmp_path_factory: pytest.TempPathFactory, fmt: str, text: str, latin1: bool
) -> None:
    """All or nothing: an import either succeeds, or says why in one line and leaves the memory directory as it
    was, byte for byte (nothing half-written)."""
    from ratchet.config import Config
    from ratchet.errors import RatchetError
    from ratchet.interop import import_path
    from ratchet.store.store import open_store

    work = Path(tmp_path_factory.mktemp("imp"))
    store = open_store(work / "memory", Config())
    source = work / ("entry.md" if fmt == "crabtalk" else "import.data")
    data = text.encode("latin-1", "replace") if latin1 else text.encode("utf-8", "surrogatepass")
    if fmt == "crabtalk":
        entries = work / "crab" / "memory" / "entries"
        entries.mkdir(parents=True)
        (entries / "entry.md").write_bytes(data)
        source = work / "crab"
    else:
        source.write_bytes(data)
    before = _tree(store.memdir.root)
    try:
        report = import_path(store, Config(), fmt, source)
    except RatchetError as exc:
        assert str(exc) and "\n" not in str(exc)
        assert _tree(store.memdir.root) == before
        return
    if report.malformed or not report.imported:
        assert _tree(store.memdir.root) == before  # all or nothing: a malformed entry (or nothing new) writes nothing
