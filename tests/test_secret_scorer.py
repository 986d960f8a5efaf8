"""The credential filter's learned layer (:mod:`ratchet.core.secret_scorer`): the shipped model learned from the tuning
corpora as they are, is read back as written, catches what no rule names in the full scan and in the quick scan of
the output gates alike; without its file the layer is off, never in the way. Every example is written here,
none copied from a corpus."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import secret_scorer as training
from bench.secrets import CORPORA
from ratchet.core import secret_scorer, secrets


def test_the_shipped_model_learned_from_the_tuning_corpora_as_they_are() -> None:
    head = secret_scorer.header()
    assert head["trained_on"] == training.digests(training.tuning_corpora()), "corpora changed: run make secret-scorer"
    held_out = training.digests({"held out": CORPORA["held out"]})
    assert held_out.keys().isdisjoint(head["trained_on"])  # the held-out corpus is never learned from
    assert head["version"] == secret_scorer.FEATURES_VERSION and head["bits"] == secret_scorer.BITS
    # The threshold is the cross-validated one, stored as a logit.
    probability = float(head["probability"])
    assert probability in training.GRID
    assert math.isclose(float(head["threshold"]), math.log(probability / (1 - probability)))
    assert secret_scorer.model() is not None


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), bias=st.floats(-20, 20), probability=st.sampled_from(training.GRID))
def test_a_written_model_reads_back_within_its_quantisation(tmp_path_factory, seed, bias, probability) -> None:
    rng = random.Random(seed)
    weights = [rng.gauss(0, 1.5) if rng.random() < 0.3 else 0.0 for _ in range(1 << secret_scorer.BITS)]
    path = tmp_path_factory.mktemp("model") / "m.bin"
    threshold = math.log(probability / (1 - probability))
    training.write_model(path, weights, bias, threshold, {"note": "test"})
    model = secret_scorer.load(path)
    assert model is not None
    assert model.bias == bias and model.threshold == threshold
    for i in rng.sample(range(len(weights)), 500):
        assert abs(model.weights[i] * model.scale - weights[i]) <= model.scale / 2 + 1e-12
    assert secret_scorer.header(path)["note"] == "test"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: data[:-1],  # an odd number of weight bytes
        lambda data: data[: data.index(b"\n") + 1 + 1000],  # truncated
        lambda data: b"not json\n" + data.partition(b"\n")[2],
        lambda data: (
            json.dumps({"version": 99, "bits": secret_scorer.BITS}).encode() + b"\n" + data.partition(b"\n")[2]
        ),
        lambda data: b"[]\n" + data.partition(b"\n")[2],
    ],
)
def test_a_damaged_or_foreign_model_file_turns_the_layer_off(tmp_path: Path, damage) -> None:
    path = tmp_path / "m.bin"
    path.write_bytes(damage(secret_scorer.model_file().read_bytes()))
    assert secret_scorer.load(path) is None
    assert secret_scorer.load(tmp_path / "missing.bin") is None


# What no rule names and the model scores as a credential: short random values beside words that introduce one.
LEARNED = [
    ("u: build-agent  p: MangoTiger71", "MangoTiger71"),
    ("u: deploy  p: Winter-Oak-2020", "Winter-Oak-2020"),
    ("plex admin rkowalski GreenFALCON44 — share it with dad", "GreenFALCON44"),
    ("printer panel svcprint Harbor2015", "Harbor2015"),  # with " / " between, a rule's since round 30
    ("ok it's Kiwi82$", "Kiwi82$"),
]


@pytest.mark.parametrize(("text", "secret"), LEARNED)
def test_both_scans_catch_what_only_the_learned_layer_knows(text: str, secret: str) -> None:
    assert secrets.scan(text) == [secret_scorer.KIND]
    assert secrets.scan(text, quick=True) == [secret_scorer.KIND]  # the output gates' quick scan has the layer too
    assert secret not in secrets.redact(text)
    assert f"[REDACTED:{secret_scorer.KIND}]" in secrets.redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "commit 9f2c4e1a7b3d5f6e8c0a2b4d6f8e0c2a4b6d8f0e fixed the flaky login test",
        "request id 7f3c9a2e-1b4d-4c6e-8f0a-2b4d6f8e0c2a timed out after 30 s",
        "my flight is LH 454 on Friday, booking reference QX7PLM",
        "the tracking number is 1Z999AA10123456784, due Monday",
        "set OPENAI_API_KEY in the environment, never in the repository",
        "the password policy requires 12 characters and one symbol",
        "we rotated the Stripe key yesterday after the leak",
        "The deploy key fingerprint is SHA256:Qx7pL2mK9zVn3Wq8RtY6uJc0bHs4aDf5gEi2oPl1nM",
        "the intercom at the gate is broken again, call 0171 4402 931 instead",
    ],
)
def test_ordinary_facts_pass_the_learned_layer(text: str) -> None:
    assert secrets.scan(text) == []


def test_the_layer_adds_a_constant_per_text_once() -> None:
    """The text's words add the same to every token's score: scoring them once per text gives each token's full
    linear score (what training saw: the token's features and the text's, in one row)."""
    model = secret_scorer.model()
    assert model is not None
    text = "the SIP trunk registers with Xq7pL2mK9z from the office"
    candidates, shared = secret_scorer.text_features(text)
    assert {text[a:b] for a, b, _ids in candidates} == {"trunk", "registers", "with", "Xq7pL2mK9z", "from", "office"}
    full = [sum(model.weights[i] for i in [*ids, *shared]) for _a, _b, ids in candidates]
    limit = (model.threshold - model.bias) / model.scale
    assert [
        s for (a, b, _ids), score in zip(candidates, full, strict=True) if score >= limit for s in [(a, b)]
    ] == list(model.spans(text))


def test_the_rules_stamp_covers_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The output gates' cached verdicts hold only for the rules that gave them, and the quick scan reads the model:
    retraining it is an upgrade of the rules, as editing a module is."""
    import shutil

    import ratchet.core as core
    from ratchet.core import rules_stamp

    (tmp_path / "core").mkdir()
    (tmp_path / "data").mkdir()
    shutil.copy(Path(core.__file__), tmp_path / "core" / "__init__.py")
    model = tmp_path / "data" / "secret-scorer.bin"
    model.write_bytes(b'{"version": 1}\n' + bytes(8))
    monkeypatch.setattr(core, "__path__", [str(tmp_path / "core")])
    rules_stamp.stamp.cache_clear()
    try:
        before = rules_stamp.stamp()
        model.write_bytes(b'{"version": 1}\n' + bytes(16))
        rules_stamp.stamp.cache_clear()
        assert rules_stamp.stamp() != before
    finally:
        rules_stamp.stamp.cache_clear()
