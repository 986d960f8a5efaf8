"""Retrieval quality on LoCoMo: recall@k of the real retrieval code over long conversations.

LoCoMo (Maharana et al., ACL 2024) holds long two-person conversations split into dated sessions, and questions
whose ``evidence`` names the dialog turns (``dia_id`` like ``D3:12``) that answer them. Each conversation becomes
its own temporary memory directory; every dialog turn (``unit="turns"``) or every fact the offline extractor
draws from each session (``unit="facts"``) is stored with the session date as ``created`` and the turns it came
from in ``meta.dia_ids``. Each question then goes through :func:`ratchet.recall.retrieve.retrieve` as an explicit query,
with the clock pinned just after the last session, as at a session start that follows the
conversation.

Reported, overall and per category: LoCoMo's recall@k (per question the share of its evidence turns among the
top-k units, mean over questions, empty evidence counts 1), with the original and with the corrected evidence;
the tokens the top-k units cost; the share of questions whose answer string appears in the block injected under a
token budget; and retrieval latency per query in process.

Both LoCoMo speakers are "the user" of one shared memory: for facts, every turn is read as a user turn and the
extractor's "the user" is replaced by the name of the speaker who said it.
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Fact, new_fact
from ratchet.errors import InvalidFactError, RatchetError
from ratchet.store.files import read_json
from ratchet.workbench.locomo_metrics import CATEGORIES, Outcome, Report, markdown_table

__all__ = ["CATEGORIES", "Outcome", "Report", "evaluate_retrieval", "load", "markdown_table"]

KS = (5, 10, 25, 50)
UNITS = ("turns", "facts")
BUDGET = 2000
CONTEXT_DEPTH = 50  # units ranked per question (at least): the candidates the budgeted context is packed from
ACTOR = "ratchet-eval"
FACT_CATEGORY = "personal"
CORRECTIONS_NAME = "-corrections.json"  # locomo-dev.json -> locomo-dev-corrections.json

Progress = Callable[[str], None]

_DIA = re.compile(r"^D(\d+):0*(\d+)$")
_DATE = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$", re.I)
_MONTHS = {m: n for n, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}  # noqa: SIM905


# ----- data ---------------------------------------------------------------------------------------
@dataclass
class DialogTurn:
    dia_id: str
    speaker: str
    text: str
    caption: str = ""


@dataclass
class Session:
    number: int
    date: str  # ISO-8601 UTC
    turns: list[DialogTurn]


@dataclass
class Question:
    sample_id: str
    index: int
    question: str
    answer: str
    category: int
    evidence: list[str]
    corrected: list[str] | None = None  # evidence after the published corrections (None: unchanged)


@dataclass
class Conversation:
    sample_id: str
    speakers: tuple[str, str]
    sessions: list[Session]
    questions: list[Question]

    @property
    def last_date(self) -> str:
        return max(s.date for s in self.sessions)


def parse_evidence(values: Any) -> list[str]:
    """Evidence dia_ids, with LoCoMo's quirks repaired: ``"D8:6; D9:17"`` split, ``"D30:05"`` unpadded."""
    out: list[str] = []
    for value in values if isinstance(values, list) else []:
        for piece in re.split(r"[;,\s]+", str(value)):
            match = _DIA.match(piece.strip())
            if match:
                out.append(f"D{int(match.group(1))}:{int(match.group(2))}")
    return list(dict.fromkeys(out))


def parse_session_date(text: str) -> str:
    """``"1:56 pm on 8 May, 2023"`` -> ``"2023-05-08T13:56:00Z"``."""
    match = _DATE.match(text or "")
    if not match:
        raise RatchetError(f"Session date '{text}' is not of the form '1:56 pm on 8 May, 2023'")
    hour, minute, half, day, month, year = match.groups()
    month_no = _MONTHS.get(month[:3].lower())
    if month_no is None:
        raise RatchetError(f"Session date '{text}' names an unknown month")
    hour_24 = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    return clock.iso(datetime(int(year), month_no, int(day), hour_24, int(minute), tzinfo=UTC))


def _read_list(path: str | Path, what: str, items: str) -> list[Any]:
    """A JSON file whose top level is a list; one error line naming the file otherwise."""
    try:
        data = read_json(Path(path))
    except FileNotFoundError:
        raise RatchetError(f"{what} {path} not found") from None
    except (OSError, ValueError) as exc:
        raise RatchetError(f"{what} {path} cannot be read: {exc}") from None
    if not isinstance(data, list):
        raise RatchetError(f"{what} {path}: the top level must be a list of {items}")
    return data


def load(path: str | Path) -> list[Conversation]:
    """Read a LoCoMo-shaped JSON file (a list of samples); raise :class:`RatchetError` naming what is wrong."""
    data = _read_list(path, "LoCoMo file", "samples")
    out = []
    for n, sample in enumerate(data):
        try:
            out.append(_conversation(sample))
        except (KeyError, TypeError, AttributeError) as exc:
            raise RatchetError(f"LoCoMo file {path}: sample {n} lacks or mistypes {exc}") from None
    return out


def _conversation(sample: dict[str, Any]) -> Conversation:
    conv = sample["conversation"]
    sessions = []
    for key, turns in conv.items():
        match = re.fullmatch(r"session_(\d+)", key)
        if not match or not isinstance(turns, list) or not turns:
            continue
        number = int(match.group(1))
        date = parse_session_date(str(conv[f"session_{number}_date_time"]))
        dialog = [
            DialogTurn(
                parse_evidence([t["dia_id"]])[0] if parse_evidence([t["dia_id"]]) else str(t["dia_id"]),
                str(t["speaker"]),
                str(t.get("text") or ""),
                str(t.get("blip_caption") or ""),
            )
            for t in turns
        ]
        sessions.append(Session(number, date, dialog))
    sessions.sort(key=lambda s: s.number)
    sample_id = str(sample["sample_id"])
    questions = []
    for index, qa in enumerate(sample.get("qa") or []):
        answer = qa.get("answer")
        if answer is None:
            answer = qa.get("adversarial_answer", "")
        questions.append(
            Question(
                sample_id, index, str(qa["question"]), str(answer), int(qa["category"]), parse_evidence(qa["evidence"])
            )
        )
    return Conversation(sample_id, (str(conv["speaker_a"]), str(conv["speaker_b"])), sessions, questions)


def load_corrections(path: str | Path) -> dict[tuple[str, int], list[str]]:
    """``(sample_id, qa_index) -> corrected evidence`` from the published audit's ``WRONG_CITATION`` rows."""
    rows = _read_list(path, "Corrections file", "rows")
    out: dict[tuple[str, int], list[str]] = {}
    for row in rows:
        if isinstance(row, dict) and row.get("error_type") == "WRONG_CITATION" and "correct_evidence" in row:
            out[(str(row["sample_id"]), int(row["qa_index"]))] = parse_evidence(row["correct_evidence"])
    return out


def corrections_beside(path: str | Path) -> Path | None:
    """``locomo-dev-corrections.json`` next to ``locomo-dev.json``, when it exists."""
    data = Path(path)
    candidate = data.with_name(data.stem + CORRECTIONS_NAME)
    return candidate if candidate.is_file() else None


# ----- units --------------------------------------------------------------------------------------
@dataclass
class Unit:
    """One stored memory item and the dialog turns it stands for."""

    content: str
    created: str
    dia_ids: list[str]
    session: int


def turn_text(turn: DialogTurn) -> str:
    """What a dialog turn stores: who said it, what was said, and the photo they shared."""
    text = f"{turn.speaker}: {' '.join(turn.text.split())}"
    if turn.caption:
        text += f" [shares a photo: {turn.caption}]"
    return text


def turn_units(conv: Conversation) -> list[Unit]:
    """One unit per dialog turn."""
    return [Unit(turn_text(t), s.date, [t.dia_id], s.number) for s in conv.sessions for t in s.turns if t.text]


_THE_USER = re.compile(r"\b([Tt])he user(?:'s)?\b")


def fact_units(conv: Conversation, config: Config) -> list[Unit]:
    """The offline extractor's facts from each session; near-duplicates merge their dia_ids into one unit."""
    from ratchet.core import dedupe
    from ratchet.extract import offline
    from ratchet.extract.transcripts import Turn

    units: list[Unit] = []
    tokens: list[frozenset[str]] = []
    for session in conv.sessions:
        speaker_of = {t.dia_id: t.speaker for t in session.turns}
        turns = [Turn("user", t.text, uid=t.dia_id, line=n) for n, t in enumerate(session.turns, 1) if t.text]
        for cand in offline.extract(turns, config.categories, config.data["default_category"]):
            speaker = speaker_of.get(cand.turn_uid, "")

            def name(match: re.Match[str], who: str = speaker) -> str:
                return who + ("'s" if match.group(0).endswith("'s") else "")

            content = _THE_USER.sub(name, cand.content) if speaker else cand.content
            mine = dedupe._tokens(content)
            same = next((n for n, t in enumerate(tokens) if dedupe.similarity_tokens(mine, t) is not None), None)
            if same is not None:
                units[same].dia_ids = list(dict.fromkeys([*units[same].dia_ids, cand.turn_uid]))
                continue
            units.append(Unit(content, session.date, [cand.turn_uid], session.number))
            tokens.append(mine)
    return units


def store_units(store: Any, units: Sequence[Unit], sample_id: str) -> tuple[list[Fact], int]:
    """Store ``units`` as facts in one batch; units the store would refuse as credentials are counted, not stored."""
    from ratchet.store.store import refuse_secrets

    facts: list[Fact] = []
    skipped = 0
    for n, unit in enumerate(units):
        fact = new_fact(
            unit.content,
            category=FACT_CATEGORY,
            importance=0.6,
            tags=[],
            source_session=f"{sample_id}:session_{unit.session}",
            created=unit.created,
            provenance=ACTOR,
            fact_id=f"{sample_id}-{n:05d}",
            meta={"dia_ids": unit.dia_ids},
        )
        try:
            refuse_secrets(fact)
        except InvalidFactError:
            skipped += 1
            continue
        facts.append(fact)
    store.add(facts, ACTOR)
    return facts, skipped


def eval_config(config: Config) -> Config:
    """The configuration evaluated: the given one, with ``embeddings.backend`` ``auto`` resolved to ``local``
    (the evaluation runs offline on CPU unless an embedding backend is chosen explicitly) and no relative cutoff
    (recall@k measures the ranking to its k-th unit; what the cutoff leaves out is measured by bench/cutoff.py)."""
    import copy

    data = copy.deepcopy(config.data)
    if data["embeddings"]["backend"] == "auto":
        data["embeddings"]["backend"] = "local"
    data["retrieval"]["relative_cutoff"] = 0.0
    return Config(data, config.path)


def evaluate_retrieval(
    path: str | Path,
    config: Config,
    *,
    unit: str = "turns",
    mode: str = "auto",
    corrections: str | Path | None = None,
    ks: Sequence[int] = KS,
    budget: int = BUDGET,
    limit: int | None = None,
    progress: Progress | None = None,
) -> Report:
    """Run the LoCoMo evaluation of ``path`` (see the module docstring); ``limit`` caps questions per sample."""
    from ratchet.models import embedders
    from ratchet.recall import refresh, retrieve
    from ratchet.store.memdir import MemoryDir
    from ratchet.store.store import Store

    if unit not in UNITS:
        raise RatchetError(f"Unknown unit '{unit}' (choose turns or facts)")
    conversations = load(path)
    fixes = load_corrections(corrections) if corrections else {}
    config = eval_config(config)
    ks = tuple(sorted(set(ks)))
    depth = max(*ks, CONTEXT_DEPTH)  # the budgeted context is packed from the same ranking whatever the k
    report = Report(str(path), unit, mode, ks, budget, conversations=len(conversations))
    report.embedding_model = embedders.model_name(config)
    warmed = False
    for conv in conversations:
        for q in conv.questions:
            if (conv.sample_id, q.index) in fixes:
                q.corrected = fixes[(conv.sample_id, q.index)]
                report.corrections += 1
        now = clock.iso(clock.parse(conv.last_date) + timedelta(hours=1))
        with tempfile.TemporaryDirectory(prefix="ratchet-eval-") as tmp, clock.pinned(now):
            started = time.perf_counter()
            store = Store(MemoryDir(Path(tmp) / "memory"))
            units = turn_units(conv) if unit == "turns" else fact_units(conv, config)
            facts, skipped = store_units(store, units, conv.sample_id)
            report.units += len(facts)
            report.skipped_credentials += skipped
            if mode in ("auto", "embeddings"):
                refresh.sync(store, config)
            else:
                from ratchet.recall import catalog

                catalog.refresh(store)
            report.build_seconds += time.perf_counter() - started
            if progress:
                progress(f"{conv.sample_id}: {len(facts)} {unit} stored, {len(conv.questions)} questions")
            dia_of = {f.id: list(f.meta["dia_ids"]) for f in facts}
            from ratchet.recall import catalog

            cat = catalog.get(store)
            tokens_of = {cat.id_of(r): int(cat.full_tokens[r]) for r in range(cat.size)}
            questions = conv.questions[:limit] if limit is not None else conv.questions
            if not warmed and questions:  # load models and caches once, as a running process would have
                retrieve.retrieve(store, config, _request(questions[0].question, mode, depth, budget))
                warmed = True
            for q in questions:
                result = retrieve.retrieve(store, config, _request(q.question, mode, depth, budget))
                report.modes_used.add(result.mode)
                ranked = sorted(
                    [(s.scored.rank, s.fact.id) for s in result.shown] + [(c.rank, c.fact_id) for c in result.cut]
                )
                ids = [fid for _, fid in ranked]
                report.outcomes.append(
                    Outcome(
                        q,
                        [dia_of.get(i, []) for i in ids],
                        [tokens_of.get(i, 0) for i in ids],
                        result.markdown(),
                        result.tokens,
                        result.elapsed_ms,
                    )
                )
    return report


def _request(query: str, mode: str, k: int, budget: int) -> Any:
    from ratchet.recall.retrieve import Request

    return Request(query=query, mode=mode, budget=budget, max_facts=k)
