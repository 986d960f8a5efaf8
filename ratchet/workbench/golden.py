"""The golden set: transcripts with the facts a person expects, and matching extracted facts to them by meaning.

Layout of a set directory (``prompts/golden/`` ships with the project)::

    <set>/<case>/transcript.<ext>   any format extraction reads (Claude Code, Codex, Gemini, JSON, text)
    <set>/<case>/expected.json      ratchet/schema/golden.schema.json: expected, forbidden, existing facts
    <set>/replies/...               recorded LLM replies (see ratchet.replies)

Matching is by meaning, not by wording: expected and extracted facts are embedded with the local model (no
network), and the one-to-one assignment with the highest total cosine similarity is kept where a pair reaches
the threshold. A pair also needs every number of the expected fact in the extracted one ("db-staging-2" is not
"db-staging-3"; static embeddings barely see the difference). Every decision is returned with its similarity so
a person can check it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import schema
from ratchet.errors import UsageError

EXPECTED_NAME = "expected.json"
TRANSCRIPT_STEM = "transcript"
REPLIES_DIR = "replies"
# Cosine similarity (local wordllama embeddings) at which an extracted fact states an expected one. Calibrated on
# the shipped set: paraphrases of one fact score 0.80-0.97, different facts on the same subject 0.45-0.70.
MATCH_THRESHOLD = 0.75
# An extracted fact is a forbidden hit at this similarity to a forbidden fact (and above its expected match).
FORBIDDEN_THRESHOLD = 0.75
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


@dataclass
class GoldenCase:
    """One transcript of the set and what a person expects extraction to make of it."""

    name: str
    transcript: Path
    description: str
    kind: str
    expected: list[dict[str, Any]] = field(default_factory=list)
    forbidden: list[dict[str, Any]] = field(default_factory=list)
    existing: list[dict[str, Any]] = field(default_factory=list)
    never_contains: list[str] = field(default_factory=list)


def load_set(directory: Path) -> list[GoldenCase]:
    """Every case under ``directory`` (sorted by name); :class:`UsageError` naming the file when one is broken."""
    directory = Path(directory)
    if not directory.is_dir():
        raise UsageError(f"Golden set {directory} is not a directory")
    cases = [load_case(d) for d in sorted(directory.iterdir()) if d.is_dir() and (d / EXPECTED_NAME).is_file()]
    if not cases:
        raise UsageError(f"Golden set {directory} has no cases (<case>/{EXPECTED_NAME} + <case>/transcript.*)")
    return cases


def load_case(directory: Path) -> GoldenCase:
    """The case in ``directory`` (its name is the directory's name)."""
    path = directory / EXPECTED_NAME
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None
    problems = schema.errors("golden", raw)
    if problems:
        raise UsageError(f"{path}: {problems[0]}")
    transcripts = sorted(p for p in directory.glob(f"{TRANSCRIPT_STEM}.*") if p.is_file())
    if len(transcripts) != 1:
        raise UsageError(f"{directory}: expected exactly one {TRANSCRIPT_STEM}.* file, found {len(transcripts)}")
    keys = {e["key"] for e in raw.get("existing", [])}
    for item in raw["expected"]:
        if item.get("supersedes") and item["supersedes"] not in keys:
            raise UsageError(f"{path}: expected fact supersedes unknown existing key '{item['supersedes']}'")
    return GoldenCase(
        name=directory.name,
        transcript=transcripts[0],
        description=raw["description"],
        kind=raw["kind"],
        expected=list(raw["expected"]),
        forbidden=list(raw["forbidden"]),
        existing=list(raw.get("existing", [])),
        never_contains=list(raw.get("never_contains", [])),
    )


def numbers(text: str) -> set[str]:
    """The numbers in ``text``, thousands separators dropped ("11,799" and "11799" are one number)."""
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


def numbers_agree(wanted: str, found: str) -> bool:
    """Every number of ``wanted`` appears in ``found``."""
    return numbers(wanted) <= numbers(found)


def similarity(config: Config, left: list[str], right: list[str]) -> Any:
    """Cosine similarity matrix (len(left) x len(right)) with the bundled local model, whatever the configured
    one: the thresholds were calibrated on it."""
    import numpy as np

    from ratchet.models.embedders import BUNDLED_MODEL, embed_texts, with_local_model

    if not left or not right:
        return np.zeros((len(left), len(right)), dtype=np.float32)
    matrix = embed_texts(with_local_model(config, BUNDLED_MODEL), [*left, *right], backend="local")
    return matrix[: len(left)] @ matrix[len(left) :].T


def assign(sim: Any, left: list[str], right: list[str], threshold: float) -> dict[int, int]:
    """One-to-one pairs ``{left index: right index}`` maximising total similarity, each at ``threshold`` or more
    and with the left side's numbers present on the right."""
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    if not left or not right:
        return {}
    valid = np.array(
        [
            [
                float(sim[i, j]) if sim[i, j] >= threshold and numbers_agree(left[i], right[j]) else 0.0
                for j in range(len(right))
            ]
            for i in range(len(left))
        ]
    )
    rows, cols = linear_sum_assignment(-valid)
    return {int(i): int(j) for i, j in zip(rows, cols, strict=True) if valid[i, j] > 0}


def forbidden_hits(
    forbidden: list[dict[str, Any]],
    never_contains: list[str],
    extracted: list[str],
    fsim: Any,
    matched_sim: dict[int, float],
    judged: dict[int, int] | None = None,
    contained_as: tuple[str, str] = ("a planted secret", "secret"),
) -> list[dict[str, Any]]:
    """Extracted facts that state a forbidden fact or contain a ``never_contains`` string, one hit each.

    ``fsim`` is the forbidden x extracted similarity; ``matched_sim`` the similarity of each extracted fact to the
    expected fact it was matched to (a forbidden fact must be closer than that); ``judged`` pairs from an LLM
    judge (forbidden index -> extracted index) replace the threshold. A fact holding a ``never_contains`` string
    is reported as ``contained_as`` (what, why).
    """
    hits: list[dict[str, Any]] = []
    for j, text in enumerate(extracted):
        hit: dict[str, Any] | None = None
        for k, item in enumerate(forbidden):
            score = float(fsim[k, j])
            if judged is not None:
                found = judged.get(k) == j
            else:
                found = (
                    score >= FORBIDDEN_THRESHOLD
                    and numbers_agree(item["fact"], text)
                    and score > matched_sim.get(j, -1.0)
                )
            if found and (hit is None or score > hit["similarity"]):
                hit = {"extracted": text, "forbidden": item["fact"], "why": item["why"], "similarity": round(score, 3)}
        contained = [s for s in never_contains if s.lower() in text.lower()]
        if contained and hit is None:
            secret = contained_as[1] == "secret"  # a planted secret is not echoed into a report
            what = contained_as[0] if secret else f"{contained_as[0]} ({contained[0]!r})"
            hit = {"extracted": text, "forbidden": what, "why": contained_as[1], "similarity": 1.0}
        if hit:
            hits.append(hit)
    return hits
