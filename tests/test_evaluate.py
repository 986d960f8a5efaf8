"""ratchet eval locomo: data parsing, recall, corrections, units, the CLI, and the retrieval context it relies on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from ratchet.cli.main import cli
from ratchet.config import Config
from ratchet.core import text
from ratchet.errors import RatchetError
from ratchet.recall import bm25, catalog
from ratchet.workbench import locomo as evaluate

FIXTURE = Path(__file__).parent / "fixtures" / "locomo" / "mini.json"
CORRECTIONS = FIXTURE.with_name("mini-corrections.json")


def test_parse_evidence_repairs_locomo_quirks() -> None:
    assert evaluate.parse_evidence(["D8:6; D9:17", "D30:05", "D1:3", "junk", "D1:3"]) == [
        "D8:6",
        "D9:17",
        "D30:5",
        "D1:3",
    ]
    assert evaluate.parse_evidence([]) == []


def test_parse_session_date() -> None:
    assert evaluate.parse_session_date("1:56 pm on 8 May, 2023") == "2023-05-08T13:56:00Z"
    assert evaluate.parse_session_date("12:09 am on 13 October, 2023") == "2023-10-13T00:09:00Z"
    with pytest.raises(RatchetError, match="not of the form"):
        evaluate.parse_session_date("yesterday")


def test_load_reads_sessions_questions_and_adversarial_answers() -> None:
    (conv,) = evaluate.load(FIXTURE)
    assert conv.sample_id == "mini-1"
    assert conv.speakers == ("Ada", "Bram")
    assert [(s.number, s.date, len(s.turns)) for s in conv.sessions] == [
        (1, "2024-03-03T09:05:00Z", 5),
        (2, "2024-04-12T16:30:00Z", 4),
    ]
    assert conv.questions[0].evidence == ["D1:1", "D1:3"]
    assert conv.questions[4].answer == "a sailing boat"
    assert evaluate.turn_text(conv.sessions[0].turns[3]) == (
        "Bram: I restored an old sailing boat on the lake last weekend. "
        "[shares a photo: a photo of a small blue sailboat on a lake]"
    )


def test_load_names_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a list"}')
    with pytest.raises(RatchetError, match="must be a list of samples"):
        evaluate.load(bad)
    bad.write_text('[{"sample_id": "x"}]')
    with pytest.raises(RatchetError, match="sample 0 lacks or mistypes 'conversation'"):
        evaluate.load(bad)


def test_only_wrong_citations_are_corrections() -> None:
    assert evaluate.load_corrections(CORRECTIONS) == {("mini-1", 2): ["D2:3"]}
    assert evaluate.corrections_beside(FIXTURE) == CORRECTIONS


def test_turns_recall_corrections_and_credential_skips() -> None:
    report = evaluate.evaluate_retrieval(
        FIXTURE, Config(), unit="turns", mode="keyword", corrections=CORRECTIONS, ks=(1, 5)
    )
    assert report.units == 8  # the turn holding an AWS key is refused, counted, not stored
    assert report.skipped_credentials == 1
    assert report.corrections == 1
    by_question = {o.question.index: o for o in report.outcomes}
    # Two evidence turns: the greyhound turn ranks first; "Pixel, after my first camera." shares no query word
    # and is found through its neighbours within the top 5.
    assert by_question[0].recall(1) == 0.5
    assert by_question[0].recall(5) == 1.0
    assert by_question[1].ranked[0] == ["D2:1"]
    # The original evidence of question 2 is wrong (D2:2); the corrected one (D2:3) ranks first.
    assert by_question[2].recall(1) == 0.0
    assert by_question[2].recall(1, corrected=True) == 1.0
    assert by_question[3].recall(1) == 1.0  # empty evidence counts as found
    # Session recall counts the session, not the turn: the wrong citation D2:2 is in the session of the top unit.
    assert by_question[2].session_recall(5) == 1.0
    assert (by_question[2].reciprocal_rank(), by_question[2].reciprocal_rank(corrected=True)) == (0.5, 1.0)
    assert by_question[0].reciprocal_rank() == 1.0
    summary = report.summary()
    assert summary["recall"]["all"]["R@1"] == 70.0
    assert summary["recall"]["all"]["R@1 corrected"] == 90.0
    assert set(summary["recall"]) == {"all", "1 multi-hop", "3 open-domain", "4 single-hop", "5 adversarial"}
    assert by_question[1].answer_in_context  # "cello" is in the block injected under the budget
    assert summary["recall"]["5 adversarial"]["answer_in_context"] is None
    assert summary["topk_tokens"]["top1"] > 0
    assert summary["latency_ms"]["p50"] > 0


def test_turns_are_stored_with_session_dates_and_dia_ids(tmp_path: Path) -> None:
    from ratchet.store.memdir import MemoryDir
    from ratchet.store.store import Store

    (conv,) = evaluate.load(FIXTURE)
    store = Store(MemoryDir(tmp_path / "memory"))
    facts, skipped = evaluate.store_units(store, evaluate.turn_units(conv), conv.sample_id)
    stored = {f.id: f for f in store.facts()}
    assert skipped == 1 and len(stored) == 8
    first = stored[facts[0].id]
    assert (first.created, first.meta, first.source_session) == (
        "2024-03-03T09:05:00Z",
        {"dia_ids": ["D1:1"]},
        "mini-1:session_1",
    )
    assert stored[facts[-1].id].created == "2024-04-12T16:30:00Z"


def test_fact_units_name_the_speaker_and_keep_dia_ids() -> None:
    (conv,) = evaluate.load(FIXTURE)
    units = evaluate.fact_units(conv, Config())
    contents = {u.content: u.dia_ids for u in units}
    assert contents["Ada works as a volcanologist at the observatory."] == ["D2:4"]
    assert contents["Bram started learning the cello at the community music school."] == ["D2:1"]
    assert all("the user" not in u.content.lower() for u in units)


def test_facts_unit_end_to_end() -> None:
    report = evaluate.evaluate_retrieval(FIXTURE, Config(), unit="facts", mode="keyword", ks=(5,))
    assert report.unit == "facts"
    cello = next(o for o in report.outcomes if o.question.index == 1)
    assert cello.recall(5) == 1.0


def test_cli_json(tmp_path: Path) -> None:
    data = tmp_path / "mini.json"
    shutil.copy(FIXTURE, data)
    shutil.copy(CORRECTIONS, tmp_path / "mini-corrections.json")  # found beside the data file
    result = CliRunner().invoke(
        cli, ["eval", "locomo", str(data), "--mode", "keyword", "--k", "1", "--json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["corrections"] == str(tmp_path / "mini-corrections.json")
    assert (summary["questions"], summary["units"], summary["skipped_credentials"]) == (5, 8, 1)
    assert summary["recall"]["all"]["R@1"] == 70.0
    assert summary["recall"]["all"]["R@1 corrected"] == 90.0


def test_cli_table_without_corrections() -> None:
    result = CliRunner().invoke(
        cli,
        ["eval", "locomo", str(FIXTURE), "--mode", "keyword", "--k", "1", "--no-corrections"],
        catch_exceptions=False,
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"LoCoMo {FIXTURE}: 1 conversations, 5 questions, 8 turns stored, mode keyword"
    assert lines[3:6] == [
        "| category | questions | R@1 | session R@5 | session R@10 | MRR | answer in context |",
        "|---|---|---|---|---|---|---|",
        "| all | 5 | 70.0 | 100.0 | 100.0 | 0.900 | 75.0 |",
    ]
    assert "corrected" not in result.stdout
    assert result.stderr == "1 units refused as credentials were not stored\n"


def test_cli_usage_errors() -> None:
    result = CliRunner().invoke(
        cli, ["eval", "locomo", str(FIXTURE), "--corrections", str(CORRECTIONS), "--no-corrections"]
    )
    assert result.exit_code == 2
    assert "mutually exclusive" in result.stderr
    assert CliRunner().invoke(cli, ["eval", "locomo", str(FIXTURE), "--unit", "words"]).exit_code == 2


def test_porter_stemming_joins_derived_forms() -> None:
    assert text.tokenize("Symbols symbolizes") == ["symbol", "symbol"]
    assert text.stem("adoption") == text.stem("adopting") == "adopt"
    assert text.stem("brakes") == text.stem("brake")


def test_neighbours_stay_within_a_session() -> None:
    rows = catalog.neighbours(["a", "a", "a", None, "b"])
    assert rows.tolist() == [[-1, 1, -1, 2], [0, 2, -1, -1], [1, -1, 0, -1], [-1, -1, -1, -1], [-1, -1, -1, -1]]


def test_context_spread_and_smoothing() -> None:
    docs = ["which cello teacher", "yes the one downtown", "bought new tyres"]
    index = bm25.build([text.tokenize(d) for d in docs])
    near = catalog.neighbours(["s", "s", "t"])
    alone = index.relevance("cello teacher downtown")
    spread = index.relevance("cello teacher downtown", near, 0.3)
    assert alone[1] < spread[1]  # the reply borrows its question's terms
    assert alone[2] == spread[2] == 0.0  # another session lends nothing
    smoothed = bm25.smooth(spread.astype(float), near, 0.5)
    assert smoothed[1] > spread[1] and smoothed[2] == 0.0
    assert (smoothed <= 1.0).all()


def test_a_line_that_asks_lends_to_the_next_line_of_its_session() -> None:
    assert bm25.asks("Caroline: Any pets at home?")
    assert bm25.asks('Melanie: Got any fave styles?" [shares a photo: a dancer on a stage]')
    assert not bm25.asks("Jon: Why not? I went anyway.") and not bm25.asks("")
    values = np.array([0.8, 0.0, 0.0, 0.4])
    near = catalog.neighbours(["s", "s", "s", "t"])
    lent = bm25.replies(values, near, np.array([True, False, False, True]), 0.5)
    assert lent.tolist() == [0.8, 0.4, 0.0, 0.4]  # only the reply right after the question, in its session
    assert bm25.replies(values, near, None, 0.5) is values and bm25.replies(values, near, lent > 0, 0.0) is values


def test_session_codes_and_session_relevance() -> None:
    codes = catalog.session_codes(["a", "b", "a", None, None])
    assert codes.tolist() == [0, 1, 0, 2, 3]  # a fact without a session is a group of its own
    docs = ["booked the ferry", "to the island in june", "bought new tyres", "ferry island"]
    index = bm25.build([text.tokenize(d) for d in docs])
    own, by_session = index.relevance_by_group("ferry island", groups=catalog.session_codes(["s", "s", "t", "u"]))
    assert by_session is not None
    # Session s covers both words across two turns, as fully as the one fact holding both; t covers none.
    assert by_session[0] == pytest.approx(by_session[2]) and by_session[1] == 0.0
    assert own[0] < by_session[0] and (by_session <= 1.0).all()
    assert index.relevance_by_group("ferry island")[1] is None


def test_feedback_terms_come_from_the_best_rows() -> None:
    docs = ["pottery class clay bowl", "clay bowl glaze kiln", "glaze kiln pottery", "tyres garage", "garage"]
    index = bm25.build([text.tokenize(d) for d in docs])
    positions, weights = index.feedback([0, 1], [1.0, 0.5], text.tokenize("pottery"), 3)
    terms = [bytes(index.terms[p]).decode() for p in positions]
    # The query's own word is left out; "class" is in one document only, so it brings nothing new.
    assert "potteri" not in terms and "class" not in terms
    assert set(terms) <= {"clai", "bowl", "glaze", "kiln"} and weights[0] == 1.0
    raw, _ = index.accumulate(positions, weights)
    assert raw[2] > 0 and raw[3] == raw[4] == 0.0  # the third pottery fact is reached through the topic words
    assert index.feedback([], [], [], 3) == ([], [])


def test_cli_reports_each_conversation_and_the_spread(tmp_path: Path) -> None:
    """Two conversations: the second is the first with its last question's evidence moved to a turn that does not
    hold the answer, so the two differ and the spread is theirs."""
    sample = json.loads(FIXTURE.read_text())
    sample = sample[0] if isinstance(sample, list) else sample
    other = json.loads(json.dumps(sample))
    other["sample_id"] = "mini-2"
    other["qa"][-1]["evidence"] = ["D1:1"]
    data = tmp_path / "two.json"
    data.write_text(json.dumps([sample, other]))
    result = CliRunner().invoke(
        cli, ["eval", "locomo", str(data), "--mode", "keyword", "--k", "1", "--no-corrections", "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["by_conversation"]
    assert list(rows) == ["mini-1", "mini-2", "spread"]
    assert rows["spread"]["R@1"] == round(abs(rows["mini-1"]["R@1"] - rows["mini-2"]["R@1"]), 3) > 0
    assert rows["spread"]["questions"] == rows["mini-1"]["questions"] + rows["mini-2"]["questions"]
    text = CliRunner().invoke(cli, ["eval", "locomo", str(data), "--mode", "keyword", "--k", "1", "--no-corrections"])
    lines = text.stdout.splitlines()
    at = lines.index("Per conversation (spread: best minus worst):")
    assert lines[at + 1] == "| conversation | questions | R@1 | session R@5 | session R@10 | MRR | answer in context |"
    assert [line.split(" | ")[0] for line in lines[at + 3 : at + 6]] == ["| mini-1", "| mini-2", "| spread"]
