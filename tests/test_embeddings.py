from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from ratchet.cli.embed import cli
from ratchet.config import Config, config_from_dict
from ratchet.core.facts import new_fact
from ratchet.models import embedders
from ratchet.recall import refresh
from ratchet.store import vectors
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

TEXTS = [
    "The staging database is db-staging-2 on postgres 16",
    "Aaron prefers dark mode in every editor",
    "The Tacoma brakes are overdue for service",
]


def _store(memory_dir: Path, texts=TEXTS) -> Store:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(t, category="project", importance=0.6) for t in texts], actor="test")
    return store


def _local() -> Config:
    return config_from_dict({"embeddings": {"backend": "local"}})


def test_local_backend_matches_wordllama_and_is_semantic():
    import wordllama
    from wordllama import WordLlama

    ours = embedders.embed_texts(_local(), TEXTS)
    model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    theirs = model.embed(TEXTS, norm=True)
    assert ours.shape == (3, 256)
    assert np.allclose(ours, theirs, atol=1e-5)
    query = embedders.embed_texts(_local(), ["which car needs brake work"])[0]
    assert int(np.argmax(ours @ query)) == 2


def test_sync_is_incremental_and_drops_superseded(memory_dir):
    store = _store(memory_dir)
    first = refresh.sync(store, _local())
    assert (first["embedded"], first["dropped"], first["total"], first["dimension"]) == (3, 0, 3, 256)
    again = refresh.sync(store, _local())
    assert (again["embedded"], again["dropped"]) == (0, 0)
    facts = store.facts()
    facts[0].superseded_by = facts[1].id
    store.update([facts[0]], actor="test")
    store.add([new_fact("The dog is called Biscuit", category="personal", importance=0.6)], actor="test")
    third = refresh.sync(store, _local())
    assert (third["embedded"], third["dropped"], third["total"]) == (1, 1, 3)
    ids, matrix = vectors.load_vectors(store.memdir)
    assert facts[0].id not in ids
    assert matrix.dtype == np.float16 and matrix.shape == (3, 256)
    assert vectors.drop_vectors(store.memdir, [ids[0]]) == 1
    assert len(vectors.load_vectors(store.memdir)[0]) == 2
    assert (memory_dir / "state" / "retrieval.npz").exists()  # sync leaves the retrieval cache warm


def test_changing_the_model_re_embeds_everything(memory_dir):
    store = _store(memory_dir)
    refresh.sync(store, _local())
    result = refresh.sync(store, config_from_dict({"embeddings": {"backend": "tfidf"}}))
    assert (result["embedded"], result["dropped"], result["backend"]) == (3, 3, "tfidf")
    meta = vectors.load_meta(store.memdir)
    assert (meta["backend"], meta["dimension"]) == ("tfidf", embedders.TFIDF_DIM)


def test_openai_backend_batches_and_honours_dimensions(memory_dir, llm_env, monkeypatch):
    config = config_from_dict({"embeddings": {"backend": "auto", "dimensions": 32}})
    texts = [f"fact number {i} about postgres" for i in range(2100)] + [""]
    matrix = embedders.embed_texts(config, texts)
    requests = llm_env.embeddings.requests
    assert [len(r["input"]) for r in requests] == [2048, 53]
    assert all(r["dimensions"] == 32 and r["model"] == "text-embedding-3-small" for r in requests)
    assert all(text.strip() for r in requests for text in r["input"])  # no empty input is ever sent
    assert matrix.shape == (2101, 32)
    assert np.allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)


def test_openai_error_is_an_llm_error(memory_dir, llm_env):
    import pytest

    from ratchet.errors import LLMError

    llm_env.embeddings.push(status=400, error="bad input")
    with pytest.raises(LLMError, match="HTTP 400"):
        embedders.embed_texts(Config(), ["x"], backend="openai")


def test_cli_sync_export_import_round_trip(memory_dir, tmp_path):
    store = _store(memory_dir)
    runner = CliRunner()
    config = tmp_path / "ratchet.config.json"
    config.write_text(json.dumps({"embeddings": {"backend": "local"}}))
    result = runner.invoke(cli, ["--config", str(config)], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output == "Embedded 3, dropped 0: 3 vectors (local wordllama-l2-supercat-256, 256-d)\n"
    out = tmp_path / "embeddings.json"
    result = runner.invoke(cli, ["--config", str(config), "--export-json", str(out)], catch_exceptions=False)
    assert result.exit_code == 0
    data = json.loads(out.read_text())
    assert sorted(data) == sorted(f.id for f in store.facts())
    assert all(len(v) == 256 for v in data.values())
    before = vectors.load_vectors(store.memdir)
    result = runner.invoke(cli, ["--config", str(config), "--import-json", str(out)], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output == "Imported 3 vectors (256-d), skipped 0\n"
    after = vectors.load_vectors(store.memdir)
    order = [after[0].index(i) for i in before[0]]
    assert np.allclose(
        np.asarray(before[1], dtype=np.float32), np.asarray(after[1][order], dtype=np.float32), atol=2e-3
    )
    result = runner.invoke(cli, ["--config", str(config), "--all", "--status"])
    assert result.exit_code == 2
    assert "--all and --status are mutually exclusive" in result.output
