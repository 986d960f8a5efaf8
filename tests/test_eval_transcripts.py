"""ratchet eval transcripts: labelled transcripts through the real pipeline, matched, graded, held out, reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ratchet.cli.main import cli
from ratchet.config import Config
from ratchet.errors import NotFoundError, UsageError
from ratchet.workbench import labels as labelled
from ratchet.workbench import transcript_eval

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = ROOT / "bench" / "corpora" / "transcripts"


def _label(transcript: str, source: str, expected: list[str], **extra: object) -> dict[str, object]:
    return {
        "transcript": transcript,
        "source": source,
        "format": "text",
        "kind": "assistant",
        "description": "written for this test",
        "expected": [{"fact": f} for f in expected],
        "forbidden": [{"fact": "The user wants a reminder set.", "why": "filler"}],
        "never_contains": ["hunter2hunter2"],
        **extra,
    }


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """Two small transcripts and their labels under tmp_path/corpus (labels.jsonl beside them)."""
    root = tmp_path / "corpus"
    (root / "chat").mkdir(parents=True)
    (root / "chat" / "one.txt").write_text(
        "User: I live in Porto and I prefer tea over coffee.\n"
        "Assistant: Want me to set a reminder?\n"
        "User: I'm writing a novel about lighthouse keepers.\n"
    )
    (root / "chat" / "two.txt").write_text("User: I am a nurse in Leeds. My password is hunter2hunter2 btw.\n")
    lines = [
        _label("chat/one.txt", "chat/alpha", ["The user lives in Porto.", "The user has two cats."]),
        _label("chat/two.txt", "chat/beta", ["The user works as a nurse in Leeds."]),
    ]
    (root / "labels.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    return root


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["eval", "transcripts", *args])
    return result.exit_code, result.stdout, result.stderr


def test_report_pairs_unexpected_facts_and_grade_file(corpus: Path, tmp_path: Path) -> None:
    grades = tmp_path / "grades.jsonl"
    code, out, err = run(str(corpus / "labels.jsonl"), "--root", str(corpus), "--write-grades", str(grades))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "2 labelled transcripts (2 tuning, 0 held out), extraction mode offline"
    assert "  found 1.00: 'The user lives in Porto.'" in lines
    assert "        <- 'The user lives in Porto.'" in lines
    assert any(line.startswith("  missed: 'The user has two cats.'") for line in lines)
    assert "  unexpected [ungraded] (preference 0.6): 'The user prefers tea over coffee.'" in lines
    rows = [json.loads(line) for line in grades.read_text().splitlines()]
    assert {r["fact"] for r in rows} >= {
        "The user prefers tea over coffee.",
        "The user is writing a novel about lighthouse keepers.",
    }
    assert all(r["good"] is None for r in rows if not r["forbidden"])
    assert err.splitlines()[-1].endswith(f"unexpected facts are not graded yet: fill in {grades}")

    for row in rows:  # a person grades: everything good
        row["good"] = True
    grades.write_text(labelled.grade_lines(rows))
    code, out, err = run(str(corpus / "labels.jsonl"), "--root", str(corpus), "--grades", str(grades), "--json")
    assert code == 0, err
    data = json.loads(out)
    overall = data["tuning"]["overall"]
    assert overall["ungraded"] == 0
    assert overall["precision"] == overall["correct"] / overall["stored"] == 1.0
    assert overall["recall"] == overall["found"] / overall["expected"]
    assert set(data["tuning"]["sources"]) == {"chat/alpha", "chat/beta"}
    assert set(data["tuning"]["formats"]) == {"text"}
    assert data["holdout"]["overall"] is None


def test_forbidden_and_never_contains_hits_never_count_as_good(corpus: Path) -> None:
    found = labelled.load_labels([corpus / "labels.jsonl"], corpus)
    report = transcript_eval.evaluate(found, Config())
    two = next(r for r in report.results if r.label.source == "chat/beta")
    # the password sentence is refused by the secret filter; nothing stored holds the planted string
    assert not any("hunter2hunter2" in s.content for s in two.stored)
    facts = [transcript_eval.Stored("My key is hunter2hunter2 and more.", "casual", 0.3)]
    two.stored = facts
    transcript_eval._score(Config(), two, {(two.label.transcript, facts[0].content): {"good": True}}, 0.75)
    assert facts[0].forbidden is not None and facts[0].forbidden["why"] == "never_contains"
    assert facts[0].good is False and two.tally()["correct"] == 0


def test_holdout_by_prefix_and_by_field_is_reported_apart(corpus: Path) -> None:
    path = corpus / "labels.jsonl"
    code, out, _ = run(str(path), "--root", str(corpus), "--holdout", "chat/beta", "--brief")
    assert code == 0
    assert out.splitlines()[0] == "2 labelled transcripts (1 tuning, 1 held out), extraction mode offline"
    assert "Held out:" in out and out.index("Tuning:") < out.index("Held out:")
    code, out, _ = run(str(path), "--root", str(corpus), "--holdout", "chat/beta", "--only", "tuning", "--json")
    assert [t["source"] for t in json.loads(out)["transcripts"]] == ["chat/alpha"]

    rows = [json.loads(line) for line in path.read_text().splitlines()]
    rows[0]["holdout"] = True
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    found = labelled.load_labels([path], corpus)
    assert [x.holdout for x in found] == [True, False]


def test_errors_are_one_line_with_the_right_exit_code(corpus: Path, tmp_path: Path) -> None:
    path = corpus / "labels.jsonl"
    (corpus / "chat" / "two.txt").unlink()
    code, out, err = run(str(path), "--root", str(corpus))
    assert (code, out) == (1, "")
    assert err == f"Error: Transcript {corpus / 'chat' / 'two.txt'} not found ({path}:2)\n"
    (corpus / "chat" / "two.txt").write_text("User: I am a nurse in Leeds.\n")

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_label("chat/one.txt", "chat/alpha", [])) + "\n{not json\n")
    code, _, err = run(str(bad), "--root", str(corpus))
    assert code == 2 and err.startswith(f"Error: {bad}:2: not a JSON line") and err.count("\n") == 1

    bad.write_text(json.dumps({"transcript": "chat/one.txt", "source": "x"}) + "\n")
    code, _, err = run(str(bad), "--root", str(corpus))
    assert (code, err) == (2, f"Error: {bad}:1: format: is required\n")

    grades = tmp_path / "grades.jsonl"
    grades.write_text(json.dumps({"transcript": "chat/one.txt", "fact": "x", "good": None}) + "\n")
    code, _, err = run(str(grades), "--root", str(corpus))
    assert (code, err) == (2, f"Error: {grades}:1: a grade line, not a label (grade files go to --grades)\n")

    grades.write_text(json.dumps({"transcript": "chat/one.txt", "fact": "x", "good": "yes"}) + "\n")
    code, _, err = run(str(path), "--root", str(corpus), "--grades", str(grades))
    assert code == 2 and err.startswith(f"Error: {grades}:1: good: ")

    code, _, err = run(str(path), "--root", str(corpus), "--only", "holdout")
    assert code == 2 and "--only holdout: no such transcripts in the labels" in err


def test_library_errors_name_the_file() -> None:
    with pytest.raises(NotFoundError, match="Labels file missing.jsonl not found"):
        labelled.load_labels(["missing.jsonl"], ".")
    with pytest.raises(NotFoundError, match="Grade file missing.jsonl not found"):
        labelled.load_grades(["missing.jsonl"])
    with pytest.raises(UsageError, match="No labelled transcripts"):
        labelled.load_labels([], ".")


@pytest.mark.skipif(not (SHARED / "eval" / "repro").is_dir(), reason="../shared/eval is not present")
def test_shipped_repro_labels_run_through_the_real_pipeline() -> None:
    code, out, err = run(str(CORPUS / "repro.jsonl"), "--root", str(SHARED), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tuning"]["overall"]["forbidden"] == 0
    assert all(t["error"] is None for t in data["transcripts"])


def test_shipped_labels_are_valid_and_hold_out_paul_and_the_second_half_of_the_chats() -> None:
    rows = {
        name: [json.loads(line) for line in (CORPUS / f"{name}.jsonl").read_text().splitlines() if line.strip()]
        for name in ("claude", "chat", "repro")
    }
    for name, lines in rows.items():
        for line in lines:
            assert not labelled.schema.errors("labels", line), (name, line["transcript"])
    assert [r["source"] for r in rows["claude"] if r.get("holdout")] == ["claude/paul"] * 4
    chat = rows["chat"]
    assert [bool(r.get("holdout")) for r in chat] == [False] * (len(chat) // 2) + [True] * (len(chat) - len(chat) // 2)
    assert not any(r.get("holdout") for r in rows["repro"])
