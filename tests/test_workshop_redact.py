"""Credentials are redacted before any transcript text reaches the LLM (ratchet.secrets.redact)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from llm_replies import reply_fact

from ratchet.config import load_config
from ratchet.core.secrets import redact, scan
from ratchet.extract.pipeline import extract_file
from ratchet.store.store import Store

CORPUS = Path(__file__).parent / "fixtures" / "secrets"
KEY = "sk-proj-Xq7vB2mN9pL4kR8sT1wY6zA3cD5fG0hJ"
PAT = "ghp_8fK2mQ9xL4vB7nR1tW3yZ6cD0eH5jA2sP9uV"


def _lines(name: str) -> list[str]:
    return [line for line in (CORPUS / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_planted_credential_is_redacted_and_the_result_scans_clean() -> None:
    planted = _lines("planted.txt")
    assert len(planted) >= 200
    leftovers = [(line, redact(line)) for line in planted if scan(redact(line))]
    assert leftovers == []
    assert all("[REDACTED:" in redact(line) for line in planted)


def test_ordinary_text_is_left_alone() -> None:
    ordinary = _lines("ordinary.txt")
    changed = [line for line in ordinary if redact(line) != line]
    assert len(changed) / len(ordinary) <= 0.01, changed[:5]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"My OpenAI key for the sandbox is {KEY}.", "My OpenAI key for the sandbox is [REDACTED:OpenAI Token]."),
        (f"use {PAT} twice: {PAT}", "use [REDACTED:GitHub Token] twice: [REDACTED:GitHub Token]"),
        ("The wifi password is Tr0ub4dor&3 ok", "The wifi password is [REDACTED:Password] ok"),
        (
            "postgres://app:S3cr3tPass@db.internal:5432/app",
            "postgres://app:[REDACTED:Connection String]@db.internal:5432/app",
        ),
        (
            "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nafter",
            "key:\n[REDACTED:Private Key]\nafter",
        ),
        ("The staging database is db-staging-2", "The staging database is db-staging-2"),
        ("", ""),
    ],
)
def test_redact_replaces_the_value_and_keeps_the_words(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected  # idempotent


def test_planted_key_never_reaches_the_llm(llm_env: Any, tmp_path: Path, memory_dir: Path) -> None:
    transcript = tmp_path / "chat.md"
    transcript.write_text(
        "User: The deploy window is Thursday at 10am.\n"
        f"User: My OpenAI key for the sandbox is {KEY} and the GitHub one is {PAT}.\n"
        f"Tool: export OPENAI_API_KEY={KEY}\n"
        "Assistant: I won't keep those keys.\n"
    )
    window = "The deploy window is Thursday at 10am"
    reply = {"facts": [reply_fact(window, window)], "confirmed": []}
    llm_env.chat.default = lambda body: json.dumps(reply)
    result = extract_file(Store(memory_dir), load_config(), transcript)
    assert [f.content for f in result.added] == ["The deploy window is Thursday at 10am"]
    sent = json.dumps(llm_env.chat.requests)
    assert len(llm_env.chat.requests) == 1
    assert KEY not in sent and PAT not in sent and "Xq7vB2mN9pL4" not in sent
    assert "sandbox is [REDACTED:OpenAI Token] and the GitHub one is [REDACTED:GitHub Token]" in sent
