"""The agent's own login as the LLM: the extraction prompt run through Claude Code, Codex or Gemini CLI headless.

Most people with these hooks have an agent signed in and no API key. ``llm.backend`` picks the way (user config
only: it runs a program, so a repository's config cannot choose it, see :data:`ratchet.config.PROJECT_SAFE`):

- ``claude-cli``: ``claude -p --output-format json --max-turns 1``, the prompt on stdin; the reply is one JSON
  object whose ``result`` holds the model's text and ``usage`` its tokens (Claude Code's headless reference).
- ``codex-cli``: ``codex exec --ephemeral --skip-git-repo-check --sandbox read-only --output-schema FILE -``, the
  prompt on stdin (``-``); Codex prints only the final message on stdout, progress on stderr (``codex exec`` docs).
- ``gemini-cli``: ``gemini --output-format json -p INSTRUCTION`` with the prompt on stdin (piped input is read as
  context), ``GEMINI_CLI_TRUST_WORKSPACE=true`` (a headless run in an untrusted folder exits 55); the reply is
  ``{"response", "stats"}`` (gemini-cli's headless reference).
- ``auto``: the agent that wrote the transcript, when its CLI is on PATH; else the OpenAI-compatible endpoint when
  one is configured; else the offline extractor.

Every reply goes through the same JSON parsing, schema check and evidence-quote check as the OpenAI path
(:func:`ratchet.extract.llm.run`). Codex CLI 0.169 and Gemini CLI 0.61 run for real against loopback servers in
``tests/test_agent_cli_real.py``. The child runs with ``RATCHET_HOOKS=off`` so its own session does not run
Ratchet's hooks (no extraction of the extraction). ``llm.daily_token_cap`` bounds the tokens spent per day (UTC),
counted in ``state/llm-usage.json``; past it the call fails and the offline extractor runs instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.errors import LLMError
from ratchet.models import HOOKS_OFF
from ratchet.models.llm import ChatResult, parse_reply
from ratchet.store.files import atomic_write, hold_lock, read_json

BACKENDS = ("claude-cli", "codex-cli", "gemini-cli")
PROGRAMS = {"claude-cli": "claude", "codex-cli": "codex", "gemini-cli": "gemini"}
# The transcript formats each agent writes: what ``auto`` picks for a transcript.
FORMATS = {
    "claude": "claude-cli",
    "codex": "codex-cli",
    "codex-ts": "codex-cli",
    "gemini": "gemini-cli",
    "gemini-jsonl": "gemini-cli",
    "gemini-stream": "gemini-cli",
}
USAGE_NAME = "llm-usage.json"

ChatFn = Callable[[list[dict[str, str]], dict[str, Any], str, str], ChatResult]


def backend_for(config: Config, transcript_format: str | None) -> str | None:
    """The agent CLI to use for a transcript of ``transcript_format``, or None (the endpoint or offline)."""
    wanted = str(config.section("llm").get("backend", "openai"))
    if wanted in BACKENDS:
        return wanted
    if wanted == "auto" and transcript_format in FORMATS:
        candidate = FORMATS[transcript_format]
        return candidate if shutil.which(PROGRAMS[candidate]) else None
    return None


def chat_fn(config: Config, backend: str, state_dir: Path) -> ChatFn:
    """A chat function for :func:`ratchet.extract.llm.run` that runs ``backend``'s CLI once per call."""
    program = shutil.which(PROGRAMS[backend])
    if program is None:
        raise LLMError(f"llm.backend is {backend} but '{PROGRAMS[backend]}' is not on PATH")
    section = config.section("llm")
    timeout = float(section["timeout_seconds"])
    cap = int(section.get("daily_token_cap", 200_000))

    def chat(messages: list[dict[str, str]], schema: dict[str, Any], name: str, model: str) -> ChatResult:
        prompt = _prompt(messages, schema)
        _check_budget(state_dir, cap, _estimate(prompt))
        raw, usage = _run(backend, program, prompt, schema, timeout)
        _spend(state_dir, usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0) or _estimate(prompt + raw))
        return ChatResult(data=parse_reply(raw), raw=raw, usage=usage, mode="text", model=backend)

    return chat


def _prompt(messages: list[dict[str, str]], schema: dict[str, Any]) -> str:
    """One text prompt: the system rules, the conversation, and the JSON the reply must be."""
    parts = [m["content"] for m in messages]
    parts.append(
        "Reply with one JSON object only, no prose and no code fence, matching this JSON Schema:\n" + json.dumps(schema)
    )
    return "\n\n".join(parts)


def _run(backend: str, program: str, prompt: str, schema: dict[str, Any], timeout: float) -> tuple[str, dict[str, int]]:
    env = {**os.environ, HOOKS_OFF: "off"}
    if backend == "gemini-cli":
        # Gemini CLI refuses a headless run in a folder the user has not trusted (exit 55, "not running in a trusted
        # directory"); it runs in our own empty temp folder, with nothing to read or change there.
        env["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
    with tempfile.TemporaryDirectory(prefix="ratchet-agent-") as tmp:
        if backend == "claude-cli":
            argv = [program, "-p", "--output-format", "json", "--max-turns", "1"]
        elif backend == "codex-cli":
            schema_file = Path(tmp) / "schema.json"
            schema_file.write_text(json.dumps(schema), encoding="utf-8")
            argv = [program, "exec", "--ephemeral", "--skip-git-repo-check", "--sandbox", "read-only"]
            argv += ["--output-schema", str(schema_file), "-"]
        else:
            argv = [program, "--output-format", "json", "-p", "Do exactly what the text on standard input asks."]
        try:
            done = subprocess.run(
                argv, input=prompt, capture_output=True, text=True, timeout=timeout, env=env, cwd=tmp, check=False
            )
        except subprocess.TimeoutExpired:
            raise LLMError(f"{backend}: no reply within {timeout:g}s") from None
        except OSError as exc:
            raise LLMError(f"{backend}: cannot run {program}: {exc.strerror}") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:200]
        raise LLMError(f"{backend} exited with {done.returncode}: {last}")
    return _reply(backend, done.stdout)


def _reply(backend: str, stdout: str) -> tuple[str, dict[str, int]]:
    """The model's text and token usage from the CLI's stdout."""
    if backend == "codex-cli":
        return stdout.strip(), {}
    try:
        doc = json.loads(stdout)
    except json.JSONDecodeError:
        raise LLMError(f"{backend}: the reply is not the documented JSON object") from None
    if not isinstance(doc, dict):
        raise LLMError(f"{backend}: the reply is not the documented JSON object")
    if backend == "claude-cli":
        if doc.get("is_error") or not isinstance(doc.get("result"), str):
            raise LLMError(f"claude-cli: the run failed ({str(doc.get('subtype') or 'no result')[:80]})")
        usage = _dict(doc.get("usage"))
        tokens = {
            "prompt_tokens": _int(usage.get("input_tokens")),
            "completion_tokens": _int(usage.get("output_tokens")),
        }
        return doc["result"], tokens
    if isinstance(doc.get("error"), dict) or not isinstance(doc.get("response"), str):
        error = _dict(doc.get("error"))
        raise LLMError(f"gemini-cli: the run failed ({str(error.get('message') or 'no response')[:80]})")
    prompt_tokens = completion_tokens = 0
    for stats in _dict(_dict(doc.get("stats")).get("models")).values():
        counted = _dict(_dict(stats).get("tokens"))
        prompt_tokens += _int(counted.get("prompt"))
        completion_tokens += _int(counted.get("candidates"))
    return doc["response"], {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _estimate(text: str) -> int:
    return len(text) // 4 + 1


def _today() -> str:
    return clock.now().date().isoformat()


def _check_budget(state_dir: Path, cap: int, wanted: int) -> None:
    spent = spent_today(state_dir)
    if spent + wanted > cap:
        raise LLMError(f"llm.daily_token_cap reached ({spent:,} of {cap:,} tokens today)")


def spent_today(state_dir: Path) -> int:
    """Tokens the agent-CLI backends have spent today (UTC), as counted in ``state/llm-usage.json``."""
    doc = read_json(state_dir / USAGE_NAME)
    return _int(doc.get(_today())) if isinstance(doc, dict) else 0


def _spend(state_dir: Path, tokens: int) -> None:
    state_dir.mkdir(parents=True, exist_ok=True)
    path = state_dir / USAGE_NAME
    with hold_lock(state_dir / "llm-usage.lock", timeout=10, busy=f"Timed out waiting for {path}"):
        doc = read_json(path)
        doc = doc if isinstance(doc, dict) else {}
        today = _today()
        kept = {day: n for day, n in doc.items() if isinstance(day, str) and day >= today}  # only today matters
        kept[today] = _int(kept.get(today)) + max(0, int(tokens))
        atomic_write(path, json.dumps(kept))
