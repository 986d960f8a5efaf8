"""The benchmark harness (bench/) at a tiny scale, so `make bench` cannot rot unnoticed."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import pin_clock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import report, run  # noqa: E402
from bench.baselines import fts5, phase3  # noqa: E402
from bench.synth import generate  # noqa: E402
from bench.transcript import write as write_transcript  # noqa: E402

EVAL = "## Retrieval quality (make eval)\n\n| R@5 | 70.1 |\n"


def test_parse_scale_and_label_round_trip():
    assert [run.parse_scale(s) for s in ("1k", "10k", "100k", "250", "2.5k")] == [1000, 10000, 100000, 250, 2500]
    assert [run.label_of(n) for n in (1000, 100000, 250, 2500)] == ["1k", "100k", "250", "2500"]


def test_write_keeps_the_retrieval_quality_section(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmarks\n\nold speed tables\n\n" + EVAL, encoding="utf-8")
    report.write(results, "# Benchmarks\n\nnew speed tables\n")
    assert results.read_text(encoding="utf-8") == "# Benchmarks\n\nnew speed tables\n\n" + EVAL
    fresh = tmp_path / "fresh.md"
    report.write(fresh, "# Benchmarks\n")
    assert fresh.read_text(encoding="utf-8") == "# Benchmarks\n"


def test_transcript_has_the_requested_size_and_claude_shape(tmp_path):
    path = tmp_path / "t.jsonl"
    lines = write_transcript(path, 50_000, seed=3)
    size = path.stat().st_size
    assert 50_000 <= size < 70_000
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(entries) == lines
    assert {e["type"] for e in entries} == {"summary", "user", "assistant"}
    kinds = {
        b["type"] for e in entries[1:] if isinstance(e["message"]["content"], list) for b in e["message"]["content"]
    }
    assert {"text", "tool_use", "tool_result"} <= kinds
    assert all(e["parentUuid"] == p["uuid"] for p, e in zip(entries[1:], entries[2:], strict=False))


def _fact(i: int, content: str, **extra: object) -> dict:
    base = {"id": f"{i:032x}", "content": content, "category": "vehicle", "tags": [], "importance": 0.8}
    stamps = {"created": "2026-11-01T00:00:00Z", "last_referenced": "2026-11-01T00:00:00Z"}
    return {**base, **stamps, "tier": "standard", "source_session": "s", "scope": "global", **extra}


def test_baselines_rank_the_matching_fact_first(tmp_path, monkeypatch):
    memdir = tmp_path / "store"
    memdir.mkdir()
    facts = [
        _fact(1, "The furnace filter is replaced every three months."),
        _fact(2, "The Tacoma brakes need new pads at 60000 miles."),
        _fact(3, "The team chose postgres over mysql for billing."),
        _fact(4, "The Tacoma brakes were checked in May.", superseded_by=f"{2:032x}"),
    ] + [_fact(10 + i, f"Lunch was about topic number {i} today.") for i in range(60)]
    (memdir / "facts-2026-Q4.jsonl").write_text("".join(json.dumps(f) + "\n" for f in facts), encoding="utf-8")
    pin_clock(monkeypatch, "2026-11-20T00:00:00Z")
    assert phase3.embed_all(memdir) == "embedded 63"
    for mode in ("embeddings", "keyword"):
        shown = phase3.retrieve(memdir, "when do the Tacoma brakes need pads", mode).splitlines()
        assert shown[2] == "- [vehicle] The Tacoma brakes need new pads at 60000 miles. (2026-11-01)"
        assert not any("checked in May" in line for line in shown)
    db = tmp_path / "fts.db"
    assert fts5.index(memdir, db) == "indexed 63"
    assert (
        fts5.retrieve(db, "Tacoma brakes pads")
        .splitlines()[2]
        .endswith("The Tacoma brakes need new pads at 60000 miles. (2026-11-01)")
    )
    monkeypatch.setattr(
        sys, "stdin", io.StringIO(json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": "furnace"}))
    )
    out = json.loads(fts5.hook(db))["hookSpecificOutput"]
    assert out["hookEventName"] == "UserPromptSubmit" and "furnace filter" in out["additionalContext"]


def test_baseline_lifecycles_purge_what_decayed(tmp_path, monkeypatch):
    memdir = tmp_path / "store"
    generate(memdir, 300, seed=1)
    before = sum(1 for path in memdir.glob("facts-*.jsonl") for _ in path.open())
    phase3.embed_all(memdir)
    db = tmp_path / "fts.db"
    fts5.index(memdir, db)
    pin_clock(monkeypatch, "2030-01-01T00:00:00Z")  # years later: all but permanent facts decay away
    assert fts5.manage(db).startswith("decayed ")
    assert phase3.manage(memdir).startswith("purged ")
    remaining = [json.loads(line) for path in memdir.glob("facts-*.jsonl") for line in path.open()]
    assert 0 < len(remaining) < before
    assert {f["tier"] for f in remaining} == {"permanent"}
    import sqlite3

    tiers = sqlite3.connect(db).execute("SELECT DISTINCT json_extract(metadata, '$.tier') FROM observations").fetchall()
    assert tiers == [("permanent",)]


def _bench(tmp_path: Path, *extra: str) -> tuple[str, dict]:
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmarks\n\nstale\n\n" + EVAL, encoding="utf-8")
    raw = tmp_path / "raw.json"
    args = ["--scales", "80", "--runs", "1", "--warmup", "0", "--transcript-kb", "30", "--model-texts", "100"]
    args += ["--out", str(tmp_path / "out"), "--results", str(results), "--json", str(raw), *extra]
    assert run.main(args) == 0
    return results.read_text(encoding="utf-8"), json.loads(raw.read_text())


@pytest.mark.slow
def test_bench_smoke_measures_ratchet_and_both_baselines(tmp_path):
    text, raw = _bench(tmp_path, "--only", "retrieve_keyword,hook_prompt")
    rows = raw["scales"]["80"]["rows"]
    assert set(rows) == {"retrieve_keyword", "hook_prompt"}
    for key in rows:
        for system in ("ratchet", "phase3", "fts5"):
            assert rows[key][system]["median_s"] > 0
            assert rows[key][system]["rss_mb"] > 1
    assert "| memory-retrieve --mode keyword |" in text
    assert "| memory-retrieve --hook (UserPromptSubmit) |" in text
    assert "stale" not in text
    assert text.endswith("\n" + EVAL)
    assert "Machine:" in text and "nproc" in text


@pytest.mark.slow
def test_bench_runs_every_operation(tmp_path, minilm, mpnet):
    text, raw = _bench(tmp_path)
    rows = raw["scales"]["80"]["rows"]
    assert set(rows) == {
        "retrieve_keyword",
        "retrieve_hybrid",
        "hook_start",
        "hook_start_cold",
        "hook_prompt",
        "extract_offline",
        "embed",
        "manage",
        "manage_week",
        *(f"{op}_{tag}" for tag in ("minilm", "mpnet") for op in ("retrieve", "hook_start", "hook_prompt", "embed")),
    }
    for tag, name in (("minilm", "all-MiniLM-L6-v2"), ("mpnet", "all-mpnet-base-v2")):
        assert rows[f"retrieve_{tag}"]["phase3"] is None and rows[f"embed_{tag}"]["ratchet"]["rate"] > 0
        assert raw[f"{tag}_model_rate"] > 0 and raw[f"{tag}_model_rate_numpy"] > 0
        assert 0 < raw[f"{tag}_query_ms"] < 5000 and 0 < raw[f"{tag}_query_ms_numpy"] < 5000
        assert f"| memory-retrieve --mode embeddings ({name}) |" in text
        speed = f"{name} {raw[f'{tag}_model_rate']:,.0f} facts/s, a query {raw[f'{tag}_query_ms']:.1f} ms"
        plain = f"(`embeddings.runtime` numpy: {raw[f'{tag}_model_rate_numpy']:,.0f} facts/s, "
        assert f"{speed} {plain}{raw[f'{tag}_query_ms_numpy']:.1f} ms)" in text
    assert rows["retrieve_hybrid"]["fts5"] is None and rows["extract_offline"]["phase3"] is None
    assert rows["embed"]["ratchet"]["rate"] > 0
    assert raw["extract_hook"]["median_s"] < 5
    assert raw["embed_model_rate"] > 0 and 0 < raw["embed_query_ms"] < 1000
    assert "memory-extract --hook return time" in text


def test_tune_scores_a_grid_and_chooses_held_out(tmp_path, capsys):
    from bench import tune

    sample = json.loads((Path(__file__).parent / "fixtures" / "locomo" / "mini.json").read_text())[0]
    twin = json.loads(json.dumps(sample))
    twin["sample_id"] = "mini-2"
    data = tmp_path / "two.json"
    data.write_text(json.dumps([sample, twin]))
    out = tmp_path / "tune.json"
    grid = ["--grid", "retrieval.session_weight=0,0.3", "--grid", "retrieval.prior_weight=0.1"]
    assert tune.main([str(data), "--mode", "keyword", *grid, "--json", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith('{"retrieval.session_weight": 0, "retrieval.prior_weight": 0.1}  all: ')
    assert [line.split(":")[0] for line in lines[2:4]] == ["held out mini-1", "held out mini-2"]
    assert lines[4].startswith("held out, pooled: ") and lines[5].startswith("best on all conversations: ")
    doc = json.loads(out.read_text())
    assert len(doc["results"]) == 2 and set(doc["results"][0]["conversations"]) == {"mini-1", "mini-2"}
    assert [f["held_out"] for f in doc["leave_one_out"]["folds"]] == ["mini-1", "mini-2"]


def test_tune_refuses_bad_input(tmp_path, capsys):
    from bench import tune

    with pytest.raises(SystemExit) as usage:
        tune.main([str(tmp_path / "x.json"), "--grid", "cosine_weight=0.1"])
    assert usage.value.code == 2
    assert "--grid 'cosine_weight=0.1': expected section.key=value" in capsys.readouterr().err
    one = tmp_path / "one.json"
    one.write_text((Path(__file__).parent / "fixtures" / "locomo" / "mini.json").read_text())
    assert tune.main([str(one), "--mode", "keyword"]) == 1
    assert capsys.readouterr().err == f"Error: {one}: leave-one-out needs at least two conversations\n"
    assert tune.main([str(one), "--mode", "keyword", "--grid", "retrieval.cosine_weight=7"]) == 2


def test_tune_embeds_each_text_once_and_changes_no_vector():
    from bench import tune
    from ratchet.models import embedders

    name = embedders.BUNDLED_MODEL
    model = embedders.local_model(name)
    with tune.remember_vectors(embedders, name):
        wrapped = embedders.local_model(name)
        assert isinstance(wrapped, tune._Remembered)
        texts = ["the staging database", "a greyhound named Pixel", "the staging database"]
        assert np.array_equal(wrapped.embed(texts), model.embed(texts))
        assert list(wrapped.vectors) == texts[:2]
        wrapped.embed(["a greyhound named Pixel", "standup at 9:30"])
        assert list(wrapped.vectors) == [*texts[:2], "standup at 9:30"]
        assert wrapped.embed([]).shape[0] == 0
    assert embedders.local_model(name) is model  # restored when the grid is done


def test_keepclass_finds_signal_where_there_is_some_and_reads_the_project_grades(tmp_path):
    """The classifier check is not broken when it reports no gain: on grades where the good facts differ in kind,
    the held-out filter raises precision; and every grade file of the project loads, blind rows with provenance."""
    from bench import keepclass

    rows = []
    for check in ("a", "b", "c"):
        for n in range(12):
            rows.append({"check": check, "fact": f"The user prefers tool {check}{n} for everything.", "good": True})
            rows.append({"check": check, "fact": f"Is it broken again, /tmp/x{n}? Just now.", "good": False})
            rows.append({"check": check, "fact": f"Why does {check}{n} fail? It is failing now!", "good": False})
    path = tmp_path / "grades.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    loaded = keepclass.load([path])
    scores = keepclass.held_out_scores(loaded, keepclass.features(loaded, "surface"), 0.1)
    assert sorted(scores) == ["a", "b", "c"]
    lines = keepclass.report(scores, [0.5])
    assert lines[0] == "without a filter: precision 0.33 (36/108)"
    assert lines[1] == "threshold 0.5: precision 1.00 (36/36), good kept 36/36"

    project = keepclass.load(keepclass.DEFAULT_GRADES)
    blind = [r for r in project if r["where"].startswith("grades-blind.jsonl")]
    assert len(blind) == 105 and sum(r["good"] for r in blind) == 23
    assert all(r["repository"].count("/") == 1 and r["path"] and r["group"].startswith("blind") for r in blind)
    assert {r["group"] for r in project} >= {"grades-offline-1", "grades-offline-2", "blind9"}


def test_the_secrets_bench_does_not_count_a_pin_found_inside_a_made_up_id():
    """A four-digit PIN turns up in a fact's random id now and then ("- [3f7110ab] ..."): no leak. An id that was
    said (it may be the secret) stays."""
    from bench.secrets import _without_ids

    shown = b"- [3f7110ab] note, 2026-11-20: the code is kept. 0a7110cd-1111-2222-3333-444455556666"
    assert b"7110" not in _without_ids(shown, b"the PIN is 7110")
    assert b"3f7110ab" in _without_ids(shown, b"my key is 3f7110ab")


def test_the_secrets_bench_counts_a_paste_too_long_for_a_fact_apart_from_the_filter(tmp_path):
    """An ordinary paste longer than one fact may be is refused by `ratchet add` for its length: counted as "not a
    fact", not as a refusal of the credential filter; a look-alike the filter refuses is counted as refused."""
    from bench.secrets import measure

    long_paste = "\n".join(f"line {n}: the nightly build finished in {n % 60} minutes" for n in range(200))
    flagged = "my wifi password is Harbor4471"  # a credential, in the ordinary file: the filter refuses it
    creds = [{"text": "the alarm code is 5813", "secret": "5813"}]
    ordinary = [{"text": long_paste}, {"text": flagged}, {"text": "I moved to Lisbon in 2021."}]
    out = measure(creds, ordinary, tmp_path)
    assert (out.not_a_fact, out.refused) == ([long_paste], [flagged])
