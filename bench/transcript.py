"""A realistic Claude Code session transcript of a chosen size: ``write(path, size_bytes, seed)``.

The mix follows real sessions: most bytes are tool results (file reads, test and build output), then assistant
text with tool calls and thinking blocks, then short user turns, some of which state durable facts (preferences,
decisions, incidents, reminders) that an extractor should keep. One JSON object per line, in the shape documented
in /work/shared/reference/agent-hooks.md and used by tests/fixtures/transcripts/claude.jsonl.
"""

from __future__ import annotations

import json
import random
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.synth import MONTHS, THINGS

USER_FACTS = [
    "I prefer {a} over {b} for every new service, please remember that.",
    "We decided to move the {a} jobs to {b} next quarter.",
    "Remember that the staging {a} cluster is called {a}-stg-{n}.",
    "The {a} outage last week lasted {n} minutes because {b} was misconfigured.",
    "My Tacoma needs new {a} at {n} miles, remind me in {month}.",
    "Always run {a} before pushing; CI uses {b} and it is slow.",
    "Our on-call rotation changes every {month}; I am the {a} owner.",
    "Don't use {b} in this repo, we standardised on {a}.",
]
USER_CHATTER = [
    "ok, go on",
    "yes please",
    "can you look at the failing test?",
    "what does the {a} config do here?",
    "try again with {a} enabled",
    "looks good, commit it",
    "hmm, that broke {a}. revert it",
    "why is {b} slower than {a}?",
]
ASSISTANT_TEXT = [
    "I'll start by reading the {a} module to see how {b} is wired in.",
    "The failure comes from the {a} fixture: it expects {b} to be running. I'll stub the connection.",
    "Done. The {a} settings now read from the environment, and the {b} tests pass locally.",
    "Let me check the logs for the {a} service before changing anything.",
]
TOOLS = ["Bash", "Read", "Edit", "Grep", "Glob", "Write"]
CODE_LINES = [
    "def handle_{a}(request, *, retries=3):",
    "    client = {B}Client(timeout=30)",
    "    for attempt in range(retries):",
    "        result = client.fetch(request.id)",
    "        if result.ok:",
    "            return result.json()",
    "    raise {B}Error(f'failed after {{retries}} attempts')",
    "",
    "class {B}Settings(BaseSettings):",
    "    url: str = 'postgres://localhost/{a}'",
    "    pool_size: int = {n}",
]
TEST_LINES = [
    "tests/test_{a}.py::test_roundtrip PASSED",
    "tests/test_{a}.py::test_{b}_timeout FAILED",
    "E   AssertionError: expected {n} rows, got {m}",
    "tests/test_{b}.py::test_migrate PASSED",
    "WARNING: {b} is deprecated, use {a}",
]


def _fill(rng: random.Random, template: str) -> str:
    a, b = (t.replace("-", "_") for t in rng.sample(THINGS, 2))
    return template.format(
        a=a, b=b, B=b.title().replace("_", ""), n=rng.randint(2, 9000), m=rng.randint(2, 9000), month=rng.choice(MONTHS)
    )


def _tool_output(rng: random.Random, tool: str) -> str:
    lines = CODE_LINES if tool in ("Read", "Grep") else TEST_LINES
    count = rng.choice([5, 20, 60, 150])
    return "\n".join(f"{i + 1:>5}\t{_fill(rng, rng.choice(lines))}" for i in range(count))


def write(path: Path, size: int = 1_000_000, seed: int = 0, *, session: str = "bench-session") -> int:
    """Write a Claude Code JSONL transcript of about ``size`` bytes to ``path``; return the number of lines."""
    rng = random.Random(seed)
    clock = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    cwd = "/home/aaron/src/fleet-api"
    parent: str | None = None
    written = 0
    lines: list[str] = [json.dumps({"type": "summary", "summary": "Fleet API work", "leafUuid": "x"})]

    def emit(kind: str, message: dict[str, object]) -> None:
        nonlocal parent, clock, written
        clock += timedelta(seconds=rng.randint(5, 120))
        entry_id = str(uuid.UUID(int=rng.getrandbits(128)))
        entry = {
            "parentUuid": parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": cwd,
            "sessionId": session,
            "version": "2.1.3",
            "gitBranch": "main",
            "type": kind,
            "message": message,
            "uuid": entry_id,
            "timestamp": clock.isoformat().replace("+00:00", "Z"),
        }
        parent = entry_id
        line = json.dumps(entry)
        lines.append(line)
        written += len(line) + 1

    turn = 0
    while written < size:
        turn += 1
        template = rng.choice(USER_FACTS) if rng.random() < 0.35 else rng.choice(USER_CHATTER)
        emit("user", {"role": "user", "content": _fill(rng, template)})
        for _step in range(rng.randint(1, 4)):
            tool = rng.choice(TOOLS)
            tool_id = f"toolu_{turn:04d}_{_step}"
            content: list[dict[str, object]] = []
            if rng.random() < 0.3:
                content.append(
                    {"type": "thinking", "thinking": _fill(rng, rng.choice(ASSISTANT_TEXT)), "signature": ""}
                )
            content.append({"type": "text", "text": _fill(rng, rng.choice(ASSISTANT_TEXT))})
            content.append({"type": "tool_use", "id": tool_id, "name": tool, "input": {"command": _fill(rng, "{a}")}})
            emit("assistant", {"role": "assistant", "content": content, "id": f"msg_{turn}_{_step}", "type": "message"})
            result = {"type": "tool_result", "tool_use_id": tool_id, "content": _tool_output(rng, tool)}
            emit("user", {"role": "user", "content": [result]})
        emit(
            "assistant",
            {"role": "assistant", "content": [{"type": "text", "text": _fill(rng, rng.choice(ASSISTANT_TEXT))}]},
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)
