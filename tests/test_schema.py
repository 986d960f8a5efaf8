"""The fact schema, its Python mirror and their agreement."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.core import factcheck, schema
from ratchet.core.facts import Fact, new_fact
from ratchet.errors import InvalidFactError

SPEC_FIELDS = [
    "id",
    "content",
    "category",
    "tags",
    "importance",
    "tier",
    "created",
    "source_session",
    "last_referenced",
    "reference_count",
    "supersedes",
    "superseded_by",
    "promoted",
    "source_trust",
]


def sample() -> dict:
    return new_fact(
        "Aaron's 2020 Tacoma brakes last serviced June 2022",
        category="vehicle",
        importance=0.85,
        tags=["Tacoma", "brakes", "tacoma"],
        source_session="2026-02-28",
        evidence="brakes were last done June 2022",
        created="2026-02-28T10:00:00Z",
    ).to_dict()


def test_schema_has_every_spec_field_and_documents_additions():
    props = schema.load_schema("fact")["properties"]
    for name in [*SPEC_FIELDS, "scope", "evidence", "trust_reasons", "provenance", "prompt_version"]:
        assert name in props, name
        assert props[name].get("description"), f"{name} is undocumented"


def test_round_trip_through_json():
    record = sample()
    again = Fact.from_dict(json.loads(json.dumps(record))).to_dict()
    assert again == record
    assert record["tags"] == ["tacoma", "brakes"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("importance", 1.5, "importance: 1.5 is greater than the maximum of 1"),
        ("tier", "forever", "tier: 'forever' is not one of ['permanent', 'standard', 'transient']"),
        ("content", "", "content: '' should be non-empty"),
        ("created", "yesterday", "created: 'yesterday' does not match"),
        ("scope", "team", "scope: 'team' does not match"),
        ("reference_count", -1, "reference_count: -1 is less than the minimum of 0"),
        ("source_trust", "maybe", "source_trust: 'maybe' is not one of ['trusted', 'untrusted']"),
    ],
)
def test_invalid_fact_is_refused_naming_the_field(field, value, message):
    record = sample()
    record[field] = value
    with pytest.raises(InvalidFactError) as err:
        Fact.from_dict(record)
    assert str(err.value).startswith(f"Invalid fact: {message}")


def test_missing_and_unknown_fields_are_named():
    record = sample()
    del record["category"]
    with pytest.raises(InvalidFactError, match=r"^Invalid fact: category: is required$"):
        Fact.from_dict(record)
    record = sample()
    record["colour"] = "red"
    with pytest.raises(InvalidFactError, match="unknown field"):
        Fact.from_dict(record)


def test_integral_float_counts_are_read_as_int():
    record = sample() | {"reference_count": 2.0}
    assert Fact.from_dict(record).reference_count == 2
    assert isinstance(Fact.from_dict(record).to_dict()["reference_count"], int)


def test_writing_validates_with_jsonschema():
    fact = Fact.from_dict(sample())
    fact.importance = 2.0
    with pytest.raises(InvalidFactError, match="importance"):
        fact.validate()


# ----- the compiled check is the schema -----------------------------------------------------------------
dates = st.one_of(
    st.dates().map(lambda d: d.isoformat()),
    st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")),
    st.text(max_size=12),
)
values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 5),
    st.floats(-1, 2),
    st.text(max_size=6),
    st.lists(st.text(max_size=4), max_size=3),
)

mutations = {
    "id": st.one_of(st.uuids().map(str), st.text(max_size=90)),
    "content": st.text(max_size=50),
    "category": st.one_of(st.sampled_from(["decision", "vehicle", "Bad Cat", ""]), st.text(max_size=8)),
    "tags": st.one_of(st.lists(st.text(max_size=5), max_size=4), values),
    "importance": st.one_of(st.floats(-0.5, 1.5, allow_nan=False), values),
    "tier": st.one_of(st.sampled_from(["permanent", "standard", "transient", "x"]), values),
    "created": dates,
    "last_referenced": dates,
    "source_session": st.one_of(st.none(), st.text(max_size=10), values),
    "reference_count": st.one_of(st.integers(-3, 10), st.sampled_from([0.0, 2.0, 1.5]), values),
    "supersedes": st.one_of(st.none(), st.lists(st.text(max_size=5), max_size=3), values),
    "superseded_by": st.one_of(st.none(), st.text(max_size=5), values),
    "promoted": st.one_of(st.booleans(), values),
    "source_trust": st.one_of(st.sampled_from(["trusted", "untrusted", "x"]), values),
    "scope": st.one_of(st.sampled_from(["global", "repo:github.com/a/b", "repo:", "team"]), values),
    "evidence": st.one_of(st.none(), st.text(max_size=10), values),
    "decayed_through": st.one_of(st.none(), st.sampled_from(["2026-W09", "2026-9"]), values),
    "meta": st.one_of(st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), values),
}


@settings(max_examples=400, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(sorted(mutations)), st.none(), max_size=4), data=st.data())
def test_compiled_check_agrees_with_jsonschema(changes, data):
    record = copy.deepcopy(sample())
    for key in changes:
        record[key] = data.draw(mutations[key], label=key)
    if data.draw(st.booleans(), label="drop a field"):
        record.pop(data.draw(st.sampled_from(sorted(record)), label="dropped"), None)
    try:
        factcheck.validate(record)
        compiled = True
    except factcheck.JsonSchemaValueException:
        compiled = False
    assert compiled == (schema.errors("fact", record) == [])


@pytest.mark.parametrize("name", sorted(schema.GENERATED))
def test_the_compiled_checks_are_generated_from_the_schema_files(name: str) -> None:
    pytest.importorskip("fastjsonschema")
    path = Path(schema.__file__).with_name(schema.GENERATED[name])
    assert path.read_text(encoding="utf-8") == schema.generate_check(name), (
        f"{path} is stale: run python -m ratchet.core.schema"
    )


@pytest.mark.parametrize("field", ["id", "category", "created", "scope", "decayed_through"])
def test_a_value_ending_in_a_newline_is_refused(field: str) -> None:
    record = sample()
    record[field] = {"id": "a1b2c3d4-0000", "category": "decision", "created": "2026-01-02",
                     "scope": "global", "decayed_through": "2026-W02"}[field] + "\n"  # fmt: skip
    assert schema.errors("fact", record)
    with pytest.raises(InvalidFactError, match=field):
        Fact.from_dict(record)
