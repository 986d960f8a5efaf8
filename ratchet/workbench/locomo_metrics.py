"""What ``ratchet eval locomo`` reports of each question and of a run: turn recall@k, session recall@k (the share of
the evidence sessions among the first k distinct sessions of the ranking, the unit Basic Memory publishes), MRR (1
over the rank of the first unit holding an evidence turn), whether the answer is in the budgeted context, tokens and
latency; per question category, with the original and the corrected evidence."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ratchet.workbench.locomo import Question

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
SESSION_KS = (5, 10)  # session-level recall, as Basic Memory reports it


@dataclass
class Outcome:
    """One question's result."""

    question: Question
    ranked: list[list[str]]  # dia_ids of each ranked unit, best first
    tokens: list[int]  # full-line tokens of each ranked unit
    context: str  # the block injected under the budget
    context_tokens: int
    elapsed_ms: float

    def _wanted(self, corrected: bool) -> set[str]:
        evidence = self.question.corrected if corrected and self.question.corrected is not None else None
        return set(evidence if evidence is not None else self.question.evidence)

    def recall(self, k: int, corrected: bool = False) -> float:
        """Turn recall@k: the share of the evidence turns among the turns of the top k units."""
        wanted = self._wanted(corrected)
        if not wanted:
            return 1.0
        found = {d for ids in self.ranked[:k] for d in ids}
        return len(wanted & found) / len(wanted)

    def session_recall(self, k: int, corrected: bool = False) -> float:
        """Session recall@k: the share of the evidence sessions among the first k distinct sessions of the ranking
        (the unit Basic Memory publishes)."""
        wanted = {_session(d) for d in self._wanted(corrected)}
        if not wanted:
            return 1.0
        sessions = list(dict.fromkeys(_session(d) for ids in self.ranked for d in ids))
        return len(wanted & set(sessions[:k])) / len(wanted)

    def reciprocal_rank(self, corrected: bool = False) -> float:
        """1 / the rank of the first unit holding an evidence turn (0 when none is ranked)."""
        wanted = self._wanted(corrected)
        if not wanted:
            return 1.0
        return next((1.0 / n for n, ids in enumerate(self.ranked, 1) if wanted & set(ids)), 0.0)

    @property
    def answer_in_context(self) -> bool:
        answer = " ".join(self.question.answer.split()).lower()
        return bool(answer) and answer in " ".join(self.context.split()).lower()


@dataclass
class Report:
    """Every outcome of a run and how the memory was built."""

    path: str
    unit: str
    mode: str
    ks: tuple[int, ...]
    budget: int
    outcomes: list[Outcome] = field(default_factory=list)
    units: int = 0
    skipped_credentials: int = 0
    conversations: int = 0
    corrections: int = 0
    build_seconds: float = 0.0
    modes_used: set[str] = field(default_factory=set)
    embedding_model: str | None = None  # the model of the vectors when the hybrid ran

    def _row(self, outs: list[Outcome]) -> dict[str, Any]:
        """Recall at each k (turns and sessions), MRR and answer-in-context of ``outs``."""
        row: dict[str, Any] = {"questions": len(outs)}
        for k in self.ks:
            row[f"R@{k}"] = _pct(statistics.fmean(o.recall(k) for o in outs))
            row[f"R@{k} corrected"] = _pct(statistics.fmean(o.recall(k, True) for o in outs))
        for k in SESSION_KS:
            row[f"S@{k}"] = _pct(statistics.fmean(o.session_recall(k) for o in outs))
            row[f"S@{k} corrected"] = _pct(statistics.fmean(o.session_recall(k, True) for o in outs))
        row["MRR"] = round(statistics.fmean(o.reciprocal_rank() for o in outs), 3)
        row["MRR corrected"] = round(statistics.fmean(o.reciprocal_rank(True) for o in outs), 3)
        answerable = [o for o in outs if o.question.category != 5]
        found = statistics.fmean(o.answer_in_context for o in answerable) if answerable else None
        row["answer_in_context"] = None if found is None else _pct(found)
        return row

    def by_conversation(self) -> dict[str, Any]:
        """Per conversation, the same figures, and their spread (best minus worst conversation): what a setting
        chosen leave-one-conversation-out must hold across."""
        groups: dict[str, list[Outcome]] = {}
        for outcome in self.outcomes:
            groups.setdefault(outcome.question.sample_id, []).append(outcome)
        rows = {sample: self._row(outs) for sample, outs in groups.items()}
        spread: dict[str, Any] = {"questions": len(self.outcomes)}
        for key in next(iter(rows.values()), {}):
            values = [row[key] for row in rows.values()]
            if key != "questions" and all(isinstance(v, float) for v in values):
                spread[key] = round(max(values) - min(values), 3)
            elif key != "questions":
                spread[key] = None
        return {**rows, "spread": spread} if len(rows) > 1 else rows

    def summary(self) -> dict[str, Any]:
        """The figures as a JSON-ready mapping (recall in percent)."""
        groups: dict[str, list[Outcome]] = {"all": self.outcomes}
        for number, name in CATEGORIES.items():
            groups[f"{number} {name}"] = [o for o in self.outcomes if o.question.category == number]
        table = {name: self._row(outs) for name, outs in groups.items() if outs}
        latencies = sorted(o.elapsed_ms for o in self.outcomes)
        return {
            "data": self.path,
            "unit": self.unit,
            "mode": "+".join(sorted(self.modes_used)) or self.mode,
            "embedding_model": self.embedding_model if "embeddings" in self.modes_used else None,
            "conversations": self.conversations,
            "questions": len(self.outcomes),
            "units": self.units,
            "skipped_credentials": self.skipped_credentials,
            "corrected_questions": self.corrections,
            "recall": table,
            "by_conversation": self.by_conversation() if self.outcomes else {},
            "topk_tokens": {
                f"top{k}": round(statistics.fmean(sum(o.tokens[:k]) for o in self.outcomes), 1) if self.outcomes else 0
                for k in self.ks
            },
            "budget": self.budget,
            "context_tokens_mean": round(statistics.fmean(o.context_tokens for o in self.outcomes), 1)
            if self.outcomes
            else 0,
            "latency_ms": {"p50": _quantile(latencies, 0.5), "p95": _quantile(latencies, 0.95)},
            "build_seconds": round(self.build_seconds, 2),
        }


def _session(dia_id: str) -> str:
    """``D3:12`` -> ``D3``."""
    return dia_id.split(":", 1)[0]


def _pct(value: float) -> float:
    return round(100.0 * value, 1)


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    return round(values[min(len(values) - 1, int(q * len(values)))], 2)


def markdown_table(summary: dict[str, Any], corrected: bool = False, part: str = "recall") -> str:
    """The recall table of :meth:`Report.summary` as markdown (original or corrected evidence); ``part``
    ``by_conversation`` gives the table per conversation with its spread."""
    recall = summary[part]
    ks = [int(key[2:]) for key in next(iter(recall.values())) if key.startswith("R@") and " " not in key]
    suffix = " corrected" if corrected else ""
    sessions = [k for k in SESSION_KS if f"S@{k}" in next(iter(recall.values()))]
    head = f"| {'conversation' if part == 'by_conversation' else 'category'} | questions | " + " | ".join(
        f"R@{k}" for k in ks
    )
    head += "".join(f" | session R@{k}" for k in sessions) + " | MRR | answer in context |"
    lines = [head, "|" + "---|" * (len(ks) + len(sessions) + 4)]
    for name, row in recall.items():
        found = row["answer_in_context"]
        cells = " | ".join(f"{row[f'R@{k}{suffix}']:.1f}" for k in ks)
        cells += "".join(f" | {row[f'S@{k}{suffix}']:.1f}" for k in sessions)
        cells += f" | {row['MRR' + suffix]:.3f}" if "MRR" in row else " | -"
        lines.append(f"| {name} | {row['questions']} | {cells} | {'-' if found is None else f'{found:.1f}'} |")
    return "\n".join(lines)
