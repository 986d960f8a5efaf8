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
