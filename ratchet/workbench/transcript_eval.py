"""Extraction quality on labelled real transcripts (``ratchet eval transcripts``).

Each labelled transcript (:mod:`ratchet.workbench.labels`) goes through the real write path: the pipeline of
``memory-extract`` (:func:`ratchet.extract.pipeline.extract_file`, offline unless another mode is asked for) into a
temporary memory directory of its own, so the user's store is never read or written and nothing depends on where
the command runs. What was stored is then scored as the prompt workshop scores a golden case
(:mod:`ratchet.workbench.golden`: meaning match with the bundled local embeddings, one-to-one, numbers must agree):

- found: expected facts matched by a stored fact (each pair is reported with its similarity);
- forbidden hits: stored facts stating a forbidden fact, or holding a ``never_contains`` string;
- unexpected: stored facts matched to no expected fact. A person grades them in a grade file (``good`` true or
  false); precision = (matched + graded good) / stored, a forbidden hit never counting as good. Facts not graded
  yet count as not good, so the figure is a lower bound until every line has an answer.
- recall = found / expected.

Scores are summed per source, per format and overall, separately for the tuning and the held-out transcripts.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.workbench import golden
from ratchet.workbench.labels import Grades, Label

ACTOR = "ratchet-eval"
SPLITS = ("tuning", "holdout")

Progress = Callable[[str], None]


@dataclass
class Stored:
    """One stored fact and what the scoring made of it."""

    content: str
    category: str
    importance: float
    expected: str | None = None  # the expected fact it states
    similarity: float | None = None
    forbidden: dict[str, Any] | None = None
    good: bool | None = None  # a person's grade (matched facts count as good)
    note: str = ""


@dataclass
class TranscriptResult:
    """The score of one labelled transcript."""

    label: Label
    format: str = ""  # as the reader sniffed it
    turns: int = 0
    stored: list[Stored] = field(default_factory=list)
    missed: list[dict[str, Any]] = field(default_factory=list)  # expected facts not found, with the closest
    error: str | None = None

    @property
    def found(self) -> int:
        return sum(1 for s in self.stored if s.expected is not None)

    def tally(self) -> dict[str, int]:
        """Counts this transcript adds to a total (``correct``: stored facts matched or graded good, never a
        forbidden hit)."""
        unexpected = [s for s in self.stored if s.expected is None]
        return {
            "transcripts": 1,
            "stored": len(self.stored),
            "expected": len(self.label.expected),
            "found": self.found,
            "forbidden": sum(1 for s in self.stored if s.forbidden),
            "unexpected": len(unexpected),
            "graded_good": sum(1 for s in unexpected if s.good and not s.forbidden),
            "ungraded": sum(1 for s in unexpected if s.good is None and not s.forbidden),
            "correct": sum(1 for s in self.stored if s.good and not s.forbidden),
            "errors": int(self.error is not None),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "transcript": self.label.transcript,
            "source": self.label.source,
            "format": self.format or self.label.format,
            "holdout": self.label.holdout,
            "turns": self.turns,
            "error": self.error,
            **scores(self.tally()),
            "facts": [dict(s.__dict__) for s in self.stored],  # every stored fact and what the scoring made of it
            "missed": self.missed,
        }


def scores(tally: dict[str, int]) -> dict[str, Any]:
    """``tally`` with precision (matched or graded good, over stored) and recall (found over expected)."""
    out: dict[str, Any] = dict(tally)
    out["precision"] = tally["correct"] / tally["stored"] if tally["stored"] else None
    out["recall"] = tally["found"] / tally["expected"] if tally["expected"] else None
    return out


def _add(total: dict[str, int], tally: dict[str, int]) -> None:
    for key, value in tally.items():
        total[key] = total.get(key, 0) + value


@dataclass
class Report:
    """A whole run: the settings, every transcript, and the grade lines a person fills in."""

    mode: str
    threshold: float
    results: list[TranscriptResult] = field(default_factory=list)

    def groups(self, split: str) -> dict[str, Any]:
        """Scores of one split (``tuning`` or ``holdout``): overall, per source and per format."""
        chosen = [r for r in self.results if r.label.holdout == (split == "holdout")]
        overall: dict[str, int] = {}
        by_source: dict[str, dict[str, int]] = {}
        by_format: dict[str, dict[str, int]] = {}
        for result in chosen:
            tally = result.tally()
            _add(overall, tally)
            _add(by_source.setdefault(result.label.source, {}), tally)
            _add(by_format.setdefault(result.format or result.label.format, {}), tally)
        return {
            "overall": scores(overall) if chosen else None,
            "sources": {k: scores(v) for k, v in sorted(by_source.items())},
            "formats": {k: scores(v) for k, v in sorted(by_format.items())},
        }

    def grade_rows(self) -> list[dict[str, Any]]:
        """One row per stored fact matched to no expected fact, with the answer already known (or null)."""
        rows = []
        for result in self.results:
            for s in result.stored:
                if s.expected is not None:
                    continue
                row: dict[str, Any] = {
                    "transcript": result.label.transcript,
                    "source": result.label.source,
                    "fact": s.content,
                    "category": s.category,
                    "importance": s.importance,
                    "forbidden": s.forbidden["forbidden"] if s.forbidden else None,
                    "good": False if s.forbidden and s.good is None else s.good,
                }
                if s.note:
                    row["note"] = s.note
                rows.append(row)
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "threshold": self.threshold,
            "matcher": f"local embeddings ({golden_model()})",
            "tuning": self.groups("tuning"),
            "holdout": self.groups("holdout"),
            "transcripts": [r.to_json() for r in self.results],
        }


def golden_model() -> str:
    from ratchet.models.embedders import BUNDLED_MODEL

    return BUNDLED_MODEL


def evaluate(
    labels: Iterable[Label],
    config: Config,
    *,
    mode: str = "offline",
    grades: Grades | None = None,
    threshold: float = golden.MATCH_THRESHOLD,
    progress: Progress | None = None,
) -> Report:
    """Extract every labelled transcript into its own temporary memory and score what was stored."""
    labels = list(labels)
    report = Report(mode, threshold)
    for n, label in enumerate(labels, start=1):
        if progress:
            progress(f"[{n}/{len(labels)}] {label.transcript}")
        result = TranscriptResult(label)
        _extract(config, label, mode, result, n)
        if result.error is None:
            _score(config, result, grades or {}, threshold)
        report.results.append(result)
    return report


def _extract(config: Config, label: Label, mode: str, result: TranscriptResult, n: int) -> None:
    from ratchet.errors import TranscriptError
    from ratchet.extract.pipeline import extract_file
    from ratchet.extract.transcripts import read_transcript
    from ratchet.store.memdir import MemoryDir
    from ratchet.store.store import Store

    try:
        transcript = read_transcript(label.path)
    except TranscriptError as exc:  # a file the readers refuse is a result (no facts), not the end of the run
        result.error = str(exc)
        return
    result.format, result.turns = transcript.format, len(transcript.turns)
    with tempfile.TemporaryDirectory(prefix="ratchet-eval-") as tmp:
        store = Store(MemoryDir(Path(tmp) / "memory"))
        extract_file(store, config, transcript, session=f"eval-{n}", cwd=tmp, mode=mode)
        facts = store.facts(include_superseded=False)
    result.stored = [Stored(f.content, f.category, f.importance) for f in facts]


def _score(config: Config, result: TranscriptResult, grades: Grades, threshold: float) -> None:
    label = result.label
    expected = [e["fact"] for e in label.expected]
    stored = [s.content for s in result.stored]
    sim = golden.similarity(config, expected, stored)
    pairs = golden.assign(sim, expected, stored, threshold)
    for i, j in pairs.items():
        result.stored[j].expected, result.stored[j].similarity = expected[i], round(float(sim[i, j]), 3)
        result.stored[j].good = True
    for i, fact in enumerate(expected):
        if i in pairs:
            continue
        missed: dict[str, Any] = {"expected": fact, "closest": None, "similarity": None}
        if stored:
            best = int(sim[i].argmax())
            missed.update(closest=stored[best], similarity=round(float(sim[i, best]), 3))
        result.missed.append(missed)
    forbidden = [f["fact"] for f in label.forbidden]
    fsim = golden.similarity(config, forbidden, stored)
    matched_sim = {j: float(sim[i, j]) for i, j in pairs.items()}
    contained_as = ("a never_contains string", "never_contains")
    hits = golden.forbidden_hits(
        label.forbidden, label.never_contains, stored, fsim, matched_sim, contained_as=contained_as
    )
    by_text = {h["extracted"]: h for h in hits}
    for s in result.stored:
        s.forbidden = by_text.get(s.content)
        if s.expected is None:
            answer = grades.get((label.transcript, s.content))
            if answer is not None:
                s.good, s.note = answer["good"], answer.get("note", "")
        if s.forbidden and s.expected is None:
            s.good = False  # whatever a grade says: it is what the labels forbid


# ----- text ----------------------------------------------------------------------------------------
def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _fraction(num: int, den: int, value: float | None) -> str:
    return f"{_pct(value)} ({num}/{den})"


def table(groups: dict[str, Any]) -> list[str]:
    """Rows of one split: overall, then each source, then each format."""
    head = ("", "transcripts", "stored", "found", "forbidden", "unexpected", "ungraded", "precision", "recall")
    rows: list[tuple[str, ...]] = [head]

    def row(name: str, s: dict[str, Any]) -> None:
        rows.append(
            (
                name,
                str(s["transcripts"]),
                str(s["stored"]),
                f"{s['found']}/{s['expected']}",
                str(s["forbidden"]),
                str(s["unexpected"]),
                str(s["ungraded"]),
                _fraction(s["correct"], s["stored"], s["precision"]),
                _fraction(s["found"], s["expected"], s["recall"]),
            )
        )

    row("overall", groups["overall"])
    for name, s in groups["sources"].items():
        row(f"source {name}", s)
    for name, s in groups["formats"].items():
        row(f"format {name}", s)
    widths = [max(len(r[k]) for r in rows) for k in range(len(head))]
    return [
        "  ".join(cell.ljust(widths[k]) if k == 0 else cell.rjust(widths[k]) for k, cell in enumerate(r)).rstrip()
        for r in rows
    ]


def render(report: Report, brief: bool = False) -> str:
    """The report for a person: each transcript's pairs, hits and unexpected facts, then the tables."""
    lines: list[str] = []
    held = sum(1 for r in report.results if r.label.holdout)
    lines.append(
        f"{len(report.results)} labelled transcripts ({len(report.results) - held} tuning, {held} held out), "
        f"extraction mode {report.mode}"
    )
    lines.append(f"Matching: local embeddings ({golden_model()}), threshold {report.threshold:g}")
    if not brief:
        for result in report.results:
            lines += ["", *_details(result)]
    for split, title in (("tuning", "Tuning"), ("holdout", "Held out")):
        groups = report.groups(split)
        if groups["overall"] is None:
            continue
        lines += ["", f"{title}:", *table(groups)]
    return "\n".join(lines)


def _details(result: TranscriptResult) -> list[str]:
    label = result.label
    mark = " [held out]" if label.holdout else ""
    out = [f"== {label.transcript} ({label.source}, {result.format or label.format}, {result.turns} turns){mark}"]
    if result.error:
        return [*out, f"  error: {result.error}"]
    t = result.tally()
    out.append(f"  stored {t['stored']}, found {t['found']}/{t['expected']}, forbidden {t['forbidden']}")
    for s in result.stored:
        if s.expected is not None:
            out.append(f"  found {s.similarity:.2f}: {s.expected!r}")
            out.append(f"        <- {s.content!r}")
    for m in result.missed:
        closest = f" (closest {m['similarity']:.2f}: {m['closest']!r})" if m["closest"] else ""
        out.append(f"  missed: {m['expected']!r}{closest}")
    for s in result.stored:
        if s.forbidden:
            hit = s.forbidden
            out.append(f"  FORBIDDEN ({hit['why']}, {hit['similarity']:.2f}): {s.content!r} ~ {hit['forbidden']!r}")
    for s in result.stored:
        if s.expected is None and not s.forbidden:
            grade = {True: "good", False: "bad", None: "ungraded"}[s.good]
            out.append(f"  unexpected [{grade}] ({s.category} {s.importance:g}): {s.content!r}")
    return out
