"""The prompt workshop's LLM judge: which extracted facts state which expected (or forbidden) facts of a golden
case, when meaning matching by embeddings is not enough (``ratchet prompt eval --judge``)."""

from __future__ import annotations

from pathlib import Path

from ratchet.config import Config
from ratchet.workbench import golden

RULES = """You check a memory extractor against a person's expectations. You get numbered EXPECTED facts,
numbered FORBIDDEN facts and numbered EXTRACTED facts. For each expected fact, name the extracted fact that states
the same thing: same subject and same values; wording, detail and person ("I" vs "the user") may differ, but a
different value (another number, name or date) is not the same. Each extracted fact matches at most one expected
fact. Then name each extracted fact that states one of the forbidden facts. Omit everything else."""


def judge(
    config: Config,
    case: golden.GoldenCase,
    expected: list[str],
    extracted: list[str],
    forbidden: list[str],
    replies: Path,
    prompt_version: str,
) -> tuple[dict[int, int], dict[int, int], Path | None]:
    """Ask the configured LLM which extracted facts state which expected / forbidden facts: ``(expected index ->
    extracted index, forbidden index -> extracted index, the file the reply was recorded to)``."""
    from ratchet.workbench.replies import Recorder

    pair = {
        "type": "object",
        "additionalProperties": False,
        "required": ["fact", "extracted"],
        "properties": {"fact": {"type": "integer"}, "extracted": {"type": "integer"}},
    }
    schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["expected", "forbidden"],
        "properties": {
            "expected": {"type": "array", "items": pair},
            "forbidden": {"type": "array", "items": pair},
        },
    }

    def listing(title: str, items: list[str]) -> str:
        return title + "\n" + ("\n".join(f"{n}: {t}" for n, t in enumerate(items, 1)) or "(none)")

    body = "\n\n".join(
        [listing("EXPECTED", expected), listing("FORBIDDEN", forbidden), listing("EXTRACTED", extracted)]
    )
    messages = [{"role": "system", "content": RULES}, {"role": "user", "content": body}]
    judge_model = config.llm_model()
    # Kept beside the extraction replies of the same prompt version: the judge reads that version's facts.
    recorder = Recorder(config, replies, prompt_version, f"judge-{judge_model}", case.name)
    reply = recorder(messages, schema, "fact_matches", judge_model)
    saved = recorder.save()
    data = reply.data if isinstance(reply.data, dict) else {}

    def pairs(key: str, size: int) -> dict[int, int]:
        out: dict[int, int] = {}
        taken: set[int] = set()
        for item in data.get(key) or []:
            if not isinstance(item, dict):
                continue
            i, j = item.get("fact"), item.get("extracted")
            if not (isinstance(i, int) and isinstance(j, int) and 1 <= i <= size and 1 <= j <= len(extracted)):
                continue
            if i - 1 not in out and (key == "forbidden" or j - 1 not in taken):
                out[i - 1] = j - 1
                taken.add(j - 1)
        return out

    return pairs("expected", len(expected)), pairs("forbidden", len(forbidden)), saved
