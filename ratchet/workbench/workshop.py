"""The prompt workshop: run extraction on a golden set and score it, or compare two prompt versions.

Each case runs the real extraction pipeline (:func:`ratchet.extract.extract_file`, dry run) in a temporary memory
directory seeded with the case's existing facts, so the user's store is never read or written. Precision is the
share of extracted facts that a person expected (the spec's "> 90 % of extracted facts accurate and useful"),
recall the share of expected facts extracted; forbidden hits are extracted facts that state an assistant guess,
a secret, an injected instruction or filler; supersedes correctness checks the corrections replaced the right
existing fact. Token usage and cost come from the LLM replies (cost from :data:`PRICES`).

Where the facts come from:

- ``offline``: the deterministic offline extractor (no LLM configured and no recorded replies); it does not read
  the prompt, so every prompt version scores the same.
- ``replay``: recorded replies (:mod:`ratchet.workbench.replies`) of this prompt version and model; no network.
- ``live``: the configured endpoint; every reply is recorded so the run can be replayed without a key.
"""

from __future__ import annotations

import copy
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.errors import RatchetError, UsageError
from ratchet.extract.llm import PROMPT_PATH, load_prompt
from ratchet.workbench import golden
from ratchet.workbench import judge as llm_judge

# The shipped golden cases: package data (``ratchet/prompts/golden``; the checkout's ``prompts/golden`` links to it),
# so an installed Ratchet finds them as the checkout does.
DEFAULT_SET = Path(str(resources.files("ratchet").joinpath("prompts", "golden")))

# USD per million tokens (input, output), list prices of the providers' pages in 2025. A model is priced by the
# longest key its name starts with ("gpt-4o-mini-2024-07-18" -> "gpt-4o-mini"); any other model costs "n/a".
PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5": (1.25, 10.00),
    "o4-mini": (1.10, 4.40),
    "o3-mini": (1.10, 4.40),
    "claude-3-5-haiku": (0.80, 4.00),
    "claude-haiku-4-5": (1.00, 5.00),
    "claude-sonnet-4": (3.00, 15.00),
}

Progress = Callable[[str], None]


def price(model: str) -> tuple[float, float] | None:
    """(input, output) USD per million tokens of ``model``, or None when it is not in :data:`PRICES`."""
    name = model.lower().rsplit("/", 1)[-1]
    keys = [k for k in PRICES if name.startswith(k)]
    return PRICES[max(keys, key=len)] if keys else None


def cost(model: str, usage: dict[str, int]) -> float | None:
    """USD cost of ``usage`` on ``model``; None (shown as "n/a") for a model without a price."""
    rates = price(model)
    if rates is None:
        return None
    return (usage.get("prompt_tokens", 0) * rates[0] + usage.get("completion_tokens", 0) * rates[1]) / 1_000_000


@dataclass
class Match:
    """One expected fact and the extracted fact it was matched to (or the closest one, unmatched)."""

    expected: str
    extracted: str | None
    similarity: float | None
    closest: str | None = None
    method: str = "embeddings"
    supersedes: str | None = None  # key of the existing fact the expected fact replaces
    supersedes_ok: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class CaseResult:
    """The score of one golden case."""

    case: str
    kind: str
    transcript: str
    format: str = ""
    source: str = ""  # offline | replay | live | mixed
    extracted: list[dict[str, Any]] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    forbidden_hits: list[dict[str, Any]] = field(default_factory=list)
    supersedes_expected: int = 0
    supersedes_correct: int = 0
    supersedes_wrong: list[dict[str, str]] = field(default_factory=list)
    rejected: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    model: str = ""
    cost: float | None = None
    error: str | None = None

    @property
    def matched(self) -> int:
        return sum(1 for m in self.matches if m.extracted is not None)

    @property
    def precision(self) -> float | None:
        return self.matched / len(self.extracted) if self.extracted else None

    @property
    def recall(self) -> float | None:
        return self.matched / len(self.matches) if self.matches else None

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "matches"}
        out["matches"] = [m.to_json() for m in self.matches]
        out.update(matched=self.matched, precision=self.precision, recall=self.recall)
        return out


@dataclass
class EvalReport:
    """A whole evaluation: which prompt, which extractor, each case and the totals."""

    prompt: str
    prompt_version: str
    set_dir: str
    source: str  # offline | replay | live
    label: str
    model: str
    matcher: str
    threshold: float
    replies: str = ""  # the recorded replies directory
    cases: list[CaseResult] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)  # reply files written by this run

    def totals(self) -> dict[str, Any]:
        """Micro-averaged scores over the cases that ran."""
        done = [c for c in self.cases if c.error is None]
        extracted = sum(len(c.extracted) for c in done)
        expected = sum(len(c.matches) for c in done)
        matched = sum(c.matched for c in done)
        usage: dict[str, int] = {}
        for c in done:
            for key, value in c.usage.items():
                usage[key] = usage.get(key, 0) + value
        costs = [c.cost for c in done if c.usage]
        return {
            "cases": len(self.cases),
            "failed": len(self.cases) - len(done),
            "extracted": extracted,
            "expected": expected,
            "matched": matched,
            "precision": matched / extracted if extracted else None,
            "recall": matched / expected if expected else None,
            "forbidden_hits": sum(len(c.forbidden_hits) for c in done),
            "supersedes_expected": sum(c.supersedes_expected for c in done),
            "supersedes_correct": sum(c.supersedes_correct for c in done),
            "supersedes_wrong": sum(len(c.supersedes_wrong) for c in done),
            "usage": usage,
            "cost": None if not costs or any(x is None for x in costs) else sum(x for x in costs if x is not None),
        }

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "cases"}
        out["cases"] = [c.to_json() for c in self.cases]
        out["totals"] = self.totals()
        return out


def prompt_info(prompt_path: Path | None) -> tuple[Path, str]:
    """(path, version) of a prompt file; :class:`UsageError` naming the file when it is missing or unversioned."""
    path = Path(prompt_path) if prompt_path else PROMPT_PATH
    if not path.is_file():
        raise UsageError(f"Prompt file {path} not found")
    try:
        version, _ = load_prompt(path)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return path, version


def evaluate_prompt(
    config: Config,
    *,
    prompt_path: Path | None = None,
    set_dir: Path | None = None,
    replies_root: Path | None = None,
    live: bool = False,
    offline: bool = False,
    judge: bool = False,
    model: str | None = None,
    threshold: float = golden.MATCH_THRESHOLD,
    progress: Progress | None = None,
) -> EvalReport:
    """Run extraction over the golden set at ``set_dir`` and score every case (see the module docstring)."""
    path, version = prompt_info(prompt_path)
    set_dir = Path(set_dir) if set_dir else DEFAULT_SET
    cases = golden.load_set(set_dir)
    replies_root = Path(replies_root) if replies_root else set_dir / golden.REPLIES_DIR
    if live and offline:
        raise UsageError("--live and --offline are mutually exclusive")
    if (live or judge) and not config.llm_configured():
        flag = "--live" if live else "--judge"
        raise UsageError(f"{flag} needs an LLM endpoint: set OPENAI_API_KEY or RATCHET_LLM_BASE_URL")
    run_config = _run_config(config, model)
    wanted_model = str(run_config.section("extraction").get("model") or run_config.llm_model())
    from ratchet.workbench.replies import replies_dir

    if offline:
        source = "offline"
    elif live:
        source = "live"
    elif replies_dir(replies_root, version, wanted_model).is_dir():
        source = "replay"
    elif config.llm_configured():
        source = "live"
    else:
        source = "offline"
    if source == "offline":
        why = "--offline" if offline else f"no LLM configured, no recorded replies for {version} / {wanted_model}"
        label = f"offline extractor ({why}); it does not read the prompt"
    elif source == "replay":
        label = f"LLM {wanted_model}, recorded replies in {replies_dir(replies_root, version, wanted_model)}"
    else:
        label = f"LLM {wanted_model} at {config.llm_base_url() or 'OpenAI'}, live (replies recorded)"
    from ratchet.models.embedders import model_name

    report = EvalReport(
        prompt=str(path),
        prompt_version=version,
        set_dir=str(set_dir),
        source=source,
        label=label,
        model="" if source == "offline" else wanted_model,
        matcher=("LLM judge + " if judge else "") + f"local embeddings ({model_name(config, 'local')})",
        threshold=threshold,
        replies=str(replies_root),
    )
    for number, case in enumerate(cases, 1):
        if progress:
            progress(f"[{number}/{len(cases)}] {case.name}")
        result = CaseResult(case.name, case.kind, _relative(case.transcript, set_dir))
        try:
            _run_case(run_config, case, result, report, path, replies_root, live, judge, source)
        except UsageError:
            raise
        except RatchetError as exc:  # an endpoint failure, a missing recording, a broken transcript: this case only
            result.error = str(exc)
        report.cases.append(result)
    return report


def _run_config(config: Config, model: str | None) -> Config:
    data = copy.deepcopy(config.data)
    data["extraction"]["sync_embeddings"] = False  # temporary stores: nothing to keep in sync
    if model:
        data["extraction"]["model"] = model
    return Config(data=data, path=config.path)


def _relative(path: Path, base: Path) -> str:
    try:
        return str(path.relative_to(base))
    except ValueError:
        return str(path)


def _run_case(
    config: Config,
    case: golden.GoldenCase,
    result: CaseResult,
    report: EvalReport,
    prompt_path: Path,
    replies_root: Path,
    live: bool,
    judge: bool,
    source: str,
) -> None:
    from ratchet.core.facts import new_fact
    from ratchet.extract.pipeline import extract_file
    from ratchet.extract.transcripts import read_transcript
    from ratchet.store.memdir import MemoryDir
    from ratchet.store.store import Store
    from ratchet.workbench.replies import Recorder

    transcript = read_transcript(case.transcript)
    result.format = transcript.format
    with tempfile.TemporaryDirectory(prefix="ratchet-workshop-") as tmp:
        store = Store(MemoryDir(Path(tmp) / "memory"))
        seeded = [
            new_fact(
                e["content"],
                category=e["category"] if e["category"] in config.categories else config.data["default_category"],
                importance=config.category_weight(e["category"]),
                fact_id=f"golden:{e['key']}",
                source_session="golden-existing",
            )
            for e in case.existing
        ]
        if seeded:
            store.add(seeded, "prompt-workshop")
        recorder = None
        if source != "offline":
            recorder = Recorder(
                config, replies_root, report.prompt_version, report.model, case.name,
                live=live, allow_calls=config.llm_configured(),
            )  # fmt: skip
        outcome = extract_file(
            store,
            config,
            transcript,
            session=f"golden-{case.name}",
            cwd=tmp,  # not a repository: every fact is global, nothing depends on where the command runs
            dry_run=True,
            mode="offline" if source == "offline" else "llm",
            prompt_path=prompt_path,
            chat=recorder,
        )
    if recorder is not None:
        saved = recorder.save()
        if saved:
            report.recorded.append(str(saved))
        result.source = "replay" if not recorder.called else "live" if not recorder.replayed else "mixed"
    else:
        result.source = "offline"
    result.usage = dict(outcome.usage)
    result.model = report.model
    result.cost = cost(report.model, outcome.usage) if recorder is not None else None
    result.rejected = len(outcome.rejected)
    result.extracted = [
        {
            "content": f.content,
            "category": f.category,
            "source_trust": f.source_trust,
            "supersedes": [i.removeprefix("golden:") for i in f.supersedes or []],
        }
        for f in outcome.added
    ]
    _score(config, case, result, judge, report)


def _score(config: Config, case: golden.GoldenCase, result: CaseResult, judge: bool, report: EvalReport) -> None:
    expected = [e["fact"] for e in case.expected]
    extracted = [e["content"] for e in result.extracted]
    forbidden = [f["fact"] for f in case.forbidden]
    sim = golden.similarity(config, expected, extracted)
    method = "embeddings"
    if judge and expected and extracted:
        pairs, forbidden_pairs, saved = llm_judge.judge(
            config, case, expected, extracted, forbidden, Path(report.replies), report.prompt_version
        )
        if saved:
            report.recorded.append(str(saved))
        method = "judge"
    else:
        pairs = golden.assign(sim, expected, extracted, report.threshold)
        forbidden_pairs = None
    for i, item in enumerate(case.expected):
        j = pairs.get(i)
        match = Match(item["fact"], None, None, method=method, supersedes=item.get("supersedes"))
        if j is not None:
            match.extracted, match.similarity = extracted[j], round(float(sim[i, j]), 3)
        elif extracted:
            best = int(sim[i].argmax())
            match.closest, match.similarity = extracted[best], round(float(sim[i, best]), 3)
        if match.supersedes:
            # Judged by what was replaced, not by the assignment: some fact stating this one replaced that key.
            result.supersedes_expected += 1
            match.supersedes_ok = any(
                match.supersedes in fact["supersedes"]
                and (
                    pairs.get(i) == k
                    or (sim[i, k] >= report.threshold and golden.numbers_agree(item["fact"], fact["content"]))
                )
                for k, fact in enumerate(result.extracted)
            )
            result.supersedes_correct += bool(match.supersedes_ok)
        result.matches.append(match)
    owner = {j: i for i, j in pairs.items()}
    result.unexpected = [text for j, text in enumerate(extracted) if j not in owner]
    wanted = {m.supersedes for m in result.matches if m.supersedes_ok}
    for fact in result.extracted:
        for key in fact["supersedes"]:
            if key not in wanted:
                result.supersedes_wrong.append({"fact": fact["content"], "superseded": key})
    _forbidden(config, case, result, extracted, forbidden, sim, pairs, forbidden_pairs)


def _forbidden(
    config: Config,
    case: golden.GoldenCase,
    result: CaseResult,
    extracted: list[str],
    forbidden: list[str],
    sim: Any,
    pairs: dict[int, int],
    judged: dict[int, int] | None,
) -> None:
    fsim = golden.similarity(config, forbidden, extracted)
    matched_sim = {j: float(sim[i, j]) for i, j in pairs.items()}
    result.forbidden_hits.extend(
        golden.forbidden_hits(case.forbidden, case.never_contains, extracted, fsim, matched_sim, judged)
    )


# ----- diff ----------------------------------------------------------------------------------------
@dataclass
class DiffReport:
    """Facts gained and lost, case by case, going from the OLD prompt to the NEW one."""

    old: EvalReport
    new: EvalReport
    cases: list[dict[str, Any]] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return all(not c["gained"] and not c["lost"] for c in self.cases)

    def to_json(self) -> dict[str, Any]:
        return {
            "old": {k: v for k, v in self.old.to_json().items() if k != "cases"},
            "new": {k: v for k, v in self.new.to_json().items() if k != "cases"},
            "identical": self.identical,
            "cases": self.cases,
        }


def diff(config: Config, old_prompt: Path, new_prompt: Path, **options: Any) -> DiffReport:
    """Evaluate both prompts on the same set and list, per case, the facts only one of them extracts."""
    old = evaluate_prompt(config, prompt_path=old_prompt, **options)
    new = evaluate_prompt(config, prompt_path=new_prompt, **options)
    report = DiffReport(old, new)
    for before, after in zip(old.cases, new.cases, strict=True):
        entry: dict[str, Any] = {"case": before.case, "gained": [], "lost": []}
        if before.error or after.error:
            entry["error"] = before.error or after.error
            report.cases.append(entry)
            continue
        left = [f["content"] for f in before.extracted]
        right = [f["content"] for f in after.extracted]
        same = golden.assign(golden.similarity(config, left, right), left, right, golden.MATCH_THRESHOLD)
        kept = set(same.values())
        entry["lost"] = [{"fact": t, "status": _status(before, t)} for i, t in enumerate(left) if i not in same]
        entry["gained"] = [{"fact": t, "status": _status(after, t)} for j, t in enumerate(right) if j not in kept]
        entry["scores"] = {
            "precision": [before.precision, after.precision],
            "recall": [before.recall, after.recall],
            "forbidden_hits": [len(before.forbidden_hits), len(after.forbidden_hits)],
        }
        report.cases.append(entry)
    return report


def _status(result: CaseResult, text: str) -> str:
    """expected | forbidden | unexpected: what the golden case says about an extracted fact."""
    if any(h["extracted"] == text for h in result.forbidden_hits):
        return "forbidden"
    return "expected" if any(m.extracted == text for m in result.matches) else "unexpected"
