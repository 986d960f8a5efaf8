"""The LLM extractor: versioned prompt, strict JSON Schema, chunking with overlap, validation of every fact.

The model sees only cleaned turns (private and recalled blocks already removed, credentials replaced by
``[REDACTED:<kind>]`` before anything leaves the machine), with tool results and
untrusted spans wrapped in ``[UNTRUSTED DATA]`` delimiters, and the existing facts most similar to the
conversation numbered 1..N, so it can name what a new fact supersedes or what the user confirmed without
ever seeing (or inventing) real ids. Every returned fact is validated with jsonschema; an invalid one is
dropped with a logged reason, never stored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.config import Config
from ratchet.core import secrets
from ratchet.core.facts import Candidate, Fact
from ratchet.extract.transcripts import Turn

if TYPE_CHECKING:
    from ratchet.models.llm import ChatResult

# (messages, schema, schema name, model) -> reply: how a chunk is sent; the default is llm.chat_json. The prompt
# workshop passes one that replays recorded replies or records live ones.
ChatFn = Callable[[list[dict[str, str]], dict[str, Any], str, str], "ChatResult"]

# Package data (``ratchet/prompts/``; the checkout's ``prompts/extract.md`` links to it). Every install Ratchet supports
# (pip, pipx, uv tool, editable) unpacks the package to files, so the resource is a real path the workshop can stat.
PROMPT_PATH = Path(str(resources.files("ratchet").joinpath("prompts", "extract.md")))
_VERSION = re.compile(r"^\s*version:\s*(\S+)\s*$", re.M)
_EVIDENCE_WORD = re.compile(r"[a-z0-9]+")


@dataclass
class LLMOutcome:
    """What the LLM proposed over all chunks, with token usage and the reasons facts were dropped."""

    candidates: list[Candidate] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)  # existing fact ids the user confirmed
    rejected: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    calls: int = 0
    model: str = ""
    mode: str = ""
    prompt_version: str = ""


def load_prompt(path: Path = PROMPT_PATH) -> tuple[str, str]:
    """(version, template) of the extraction prompt; the version line is the first non-blank line."""
    stat = path.stat()
    # Cached per file state: the prompt workshop edits and re-reads prompt files within one process.
    return _load_prompt(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _load_prompt(path: Path, _mtime_ns: int, _size: int) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    match = _VERSION.search(text.split("\n\n", 1)[0])
    if not match:
        raise ValueError(f"{path}:1: the prompt must start with a 'version: ...' line")
    return match.group(1), text[match.end() :].strip() + "\n"


def response_schema(categories: list[str]) -> dict[str, Any]:
    """The strict JSON Schema the model must answer with (every property required, no extras)."""
    fact = {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "content",
            "category",
            "tags",
            "tier",
            "explicit_remember",
            "action_required",
            "source",
            "about",
            "evidence",
            "supersedes",
        ],
        "properties": {
            "content": {"type": "string", "minLength": 3, "maxLength": 500},
            "category": {"type": "string", "enum": categories},
            "tags": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 40}, "maxItems": 8},
            "tier": {"type": "string", "enum": ["permanent", "standard", "transient"]},
            "explicit_remember": {"type": "boolean"},
            "action_required": {"type": "boolean"},
            "source": {"type": "string", "enum": ["user", "assistant_confirmed", "untrusted"]},
            "about": {"type": "string", "enum": ["person", "project"]},
            "evidence": {"type": "string", "maxLength": 300},
            "supersedes": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        },
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["facts", "confirmed"],
        "properties": {
            "facts": {"type": "array", "items": fact},
            "confirmed": {"type": "array", "items": {"type": "integer", "minimum": 1}},
        },
    }


def render_turn(turn: Turn, number: int, context: bool = False) -> str:
    """One turn as the model sees it; untrusted content always inside the delimiters."""
    label = {
        "user": "USER",
        "assistant": "ASSISTANT",
        "tool": "TOOL RESULT",
        "system": "SYSTEM",
        "summary": "SUMMARY OF EARLIER CONVERSATION",
    }.get(turn.role, turn.role.upper())
    text = turn.text.replace("[UNTRUSTED DATA]", "[UNTRUSTED DATA ]").replace("[/UNTRUSTED DATA]", "[/UNTRUSTED DATA ]")
    if not turn.trusted:
        text = f"[UNTRUSTED DATA]\n{text}\n[/UNTRUSTED DATA]"
    mark = " (context)" if context else ""
    return f"[{number}] {label}{mark}: {text}"


def chunk_turns(rendered: list[str], chunk_chars: int, overlap_chars: int) -> list[tuple[int, list[str]]]:
    """Split rendered turns into chunks of about ``chunk_chars``; each chunk repeats the tail of the previous one
    (at most ``overlap_chars``) as context. Returns (number of leading context lines, lines) per chunk."""
    pieces: list[str] = []
    for line in rendered:
        # A single huge turn (a pasted log) is cut into pieces so no chunk exceeds the budget.
        while len(line) > chunk_chars:
            pieces.append(line[:chunk_chars])
            line = "(continued) " + line[chunk_chars:]
        pieces.append(line)
    chunks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    size = 0
    for piece in pieces:
        if current and size + len(piece) > chunk_chars:
            chunks.append((0, current))
            tail: list[str] = []
            tail_size = 0
            for prev in reversed(current):
                if tail_size + len(prev) > overlap_chars:
                    break
                tail.insert(0, prev)
                tail_size += len(prev)
            current, size = list(tail), tail_size
            chunks.append((-len(tail), []))  # marker: next chunk starts with len(tail) context lines
        current.append(piece)
        size += len(piece)
    if current:
        chunks.append((0, current))
    # fold markers into their following chunk
    out: list[tuple[int, list[str]]] = []
    pending_context = 0
    for lead, lines in chunks:
        if lead < 0:
            pending_context = -lead
            continue
        out.append((pending_context, lines))
        pending_context = 0
    return out


def run(
    config: Config,
    turns: list[Turn],
    context_turns: list[Turn],
    existing: list[Fact],
    *,
    prompt_path: Path | None = None,
    chat: ChatFn | None = None,
) -> LLMOutcome:
    """Ask the model for facts over ``turns`` (``context_turns`` are earlier, already processed turns).

    ``prompt_path`` replaces ``prompts/extract.md``; ``chat`` replaces the call to the endpoint (see ``ChatFn``).
    """
    from ratchet.models import llm

    version, template = load_prompt(Path(prompt_path) if prompt_path else PROMPT_PATH)
    # Credentials never reach the endpoint; evidence is then looked up in the same redacted text the model saw.
    turns = [replace(t, text=secrets.redact(t.text)) for t in turns]
    context_turns = [replace(t, text=secrets.redact(t.text)) for t in context_turns]
    ext = config.section("extraction")
    categories = list(config.categories)
    schema = response_schema(categories)
    numbered = {i + 1: fact for i, fact in enumerate(existing)}
    existing_text = "\n".join(f"{n}: {f.content}" for n, f in numbered.items()) or "(none)"
    rendered = [render_turn(t, i + 1, context=True) for i, t in enumerate(context_turns)]
    offset = len(rendered)
    rendered += [render_turn(t, offset + i + 1) for i, t in enumerate(turns)]
    chunks = chunk_turns(rendered, int(ext["chunk_chars"]), int(ext["chunk_overlap_chars"]))
    rules, _, tail = template.partition("\nEXISTING FACTS (")
    tail = " (" + tail
    rules = rules.replace("{categories}", ", ".join(categories)).replace("{max_facts}", str(ext["max_facts_per_chunk"]))
    outcome = LLMOutcome(prompt_version=version)
    client = None if chat else llm.make_client(config)
    model = ext.get("model") or config.llm_model()
    for lead, lines in chunks:
        conversation = "\n".join(_mark_context(lines, lead))
        body = ("EXISTING FACTS" + tail).replace("{existing}", existing_text).replace("{conversation}", conversation)
        messages = [{"role": "system", "content": rules.strip()}, {"role": "user", "content": body}]
        if chat is not None:
            result = chat(messages, schema, "extracted_facts", model)
        else:
            result = llm.chat_json(config, messages, schema, "extracted_facts", model=model, client=client)
        outcome.calls += 1
        outcome.model, outcome.mode = result.model, result.mode
        for key, value in result.usage.items():
            outcome.usage[key] = outcome.usage.get(key, 0) + value
        _collect(result.data, schema, numbered, turns, outcome, version)
    outcome.confirmed = list(dict.fromkeys(outcome.confirmed))
    return outcome


def _mark_context(lines: list[str], lead: int) -> list[str]:
    out = []
    for i, line in enumerate(lines):
        if i < lead and "(context)" not in line.split(":", 1)[0]:
            head, sep, rest = line.partition(":")
            line = f"{head} (context){sep}{rest}"
        out.append(line)
    return out


def _collect(
    data: Any, schema: dict[str, Any], numbered: dict[int, Fact], turns: list[Turn], outcome: LLMOutcome, version: str
) -> None:
    from jsonschema import Draft202012Validator

    if not isinstance(data, dict):
        outcome.rejected.append({"reason": "reply is not a JSON object"})
        return
    fact_validator = Draft202012Validator(schema["properties"]["facts"]["items"])
    for raw_id in data.get("confirmed") or []:
        if isinstance(raw_id, int) and raw_id in numbered:
            outcome.confirmed.append(numbered[raw_id].id)
    facts = data.get("facts")
    if not isinstance(facts, list):
        outcome.rejected.append({"reason": "reply has no 'facts' list"})
        return
    for index, item in enumerate(facts, 1):
        errors = sorted(fact_validator.iter_errors(item), key=lambda e: list(e.path))
        if errors:
            where = ".".join(str(p) for p in errors[0].path) or "fact"
            outcome.rejected.append({"reason": f"schema: facts[{index}].{where}: {errors[0].message[:160]}"})
            continue
        candidate = _to_candidate(item, numbered, turns, outcome, version)
        if candidate is not None:
            outcome.candidates.append(candidate)


def _to_candidate(
    item: dict[str, Any], numbered: dict[int, Fact], turns: list[Turn], outcome: LLMOutcome, version: str
) -> Candidate | None:
    found = locate_evidence(item["evidence"] or item["content"], turns)
    if found is None:
        outcome.rejected.append(
            {"reason": "evidence not found in the transcript", "content_chars": len(item["content"])}
        )
        return None
    trusted = item["source"] != "untrusted"
    reasons: list[str] = [] if trusted else ["llm_marked_untrusted"]
    if found.role == "assistant" and item["source"] != "assistant_confirmed":
        outcome.rejected.append({"reason": "assistant statement not confirmed by the user"})
        return None
    if not found.trusted:
        # The quote lives in a tool result or an untrusted span: untrusted whatever the model said.
        trusted = False
        reasons = [found.reason or "untrusted"]
    supersedes = [numbered[n].id for n in item["supersedes"] if n in numbered]
    tier = item["tier"] if trusted or item["tier"] != "permanent" else "standard"
    return Candidate(
        content=item["content"].strip(),
        category=item["category"],
        tags=[str(t) for t in item["tags"]],
        tier=tier,
        explicit_remember=bool(item["explicit_remember"]),
        action_required=bool(item["action_required"]),
        trusted=trusted,
        trust_reasons=reasons,
        evidence=(item["evidence"] or "")[:200],
        about=item["about"],
        supersedes=supersedes,
        provenance=f"llm:{outcome.model or 'unknown'}",
        prompt_version=version,
        turn_uid=found.uid,
    )


def locate_evidence(evidence: str, turns: list[Turn]) -> Turn | None:
    """The turn a quote comes from: verbatim (case/space-insensitive) first, then by 70 % word overlap.

    Trusted user turns win ties, so a quote the user repeated from a tool result stays trusted only when
    the user really said it.
    """
    want = " ".join(evidence.lower().split())
    words = set(_EVIDENCE_WORD.findall(want))
    if not words:
        return None
    order = sorted(turns, key=lambda t: (t.role != "user" or not t.trusted, t.role != "user"))
    for turn in order:
        if want and want in " ".join(turn.text.lower().split()):
            return turn
    best: tuple[float, Turn] | None = None
    for turn in order:
        have = set(_EVIDENCE_WORD.findall(turn.text.lower()))
        score = len(words & have) / len(words)
        if score >= 0.7 and (best is None or score > best[0]):
            best = (score, turn)
    return best[1] if best else None
