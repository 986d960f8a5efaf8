"""The credential filter, measured both ways on the corpora in tests/fixtures/secrets/."""

from __future__ import annotations

from pathlib import Path

import pytest

from ratchet.core.secrets import redact, scan

CORPUS = Path(__file__).parent / "fixtures" / "secrets"


def _lines(name: str) -> list[str]:
    return [line for line in (CORPUS / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def test_catches_at_least_99_percent_of_planted_credentials() -> None:
    planted = _lines("planted.txt")
    assert len(planted) >= 200
    missed = [line for line in planted if not scan(line)]
    assert len(missed) / len(planted) <= 0.01, missed[:5]


def test_rejects_at_most_1_percent_of_ordinary_facts() -> None:
    ordinary = _lines("ordinary.txt")
    assert len(ordinary) >= 300
    flagged = [(line, scan(line)) for line in ordinary if scan(line)]
    assert len(flagged) / len(ordinary) <= 0.01, flagged[:5]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("My key is sk-proj-Xq7vB2mN9pL4kR8sT1wY6zA3cD5fG0hJ", "OpenAI Token"),
        ("AWS access key AKIAIOSFODNN7EXAMPLE", "AWS Access Key"),
        ("postgres://app:S3cr3tPass@db.internal:5432/app", "Connection String"),
        ("-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAA", "Private Key"),
        ("The wifi password is Tr0ub4dor&3", "Password"),
        ('token = "aZ3kP9qLm2XvB7nR4tW8yC1d"', "Token"),
    ],
)
def test_names_the_kind_never_the_secret(text: str, kind: str) -> None:
    kinds = scan(text)
    assert kind in kinds
    assert all(part not in " ".join(kinds) for part in text.split() if len(part) > 12)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "The password is stored in 1Password",
        "password: see the vault",
        "Commit 3f2a9c1d4e5b6a7c8d9e0f1a2b3c4d5e6f7a8b9c fixed it",
        "Run docker pull ghcr.io/acme/api:v1.2.3",
        "The tenant id is 3b241101-e2bb-4255-8caf-4136c566a962",
        "The user prefers dark mode in every editor",
    ],
)
def test_ordinary_text_is_clean(text: str) -> None:
    assert scan(text) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("vault login hvs.CAESIJ0123456789abcdefghijklmnopqrstuv", "Vault Token"),
        ("docker login -p dckr_pat_0123456789abcdefghijKLMN", "Docker Token"),
        ("the cache is redis://:s3cretPassw0rd@cache.internal:6379/0", "Connection String"),
        ("db url postgres://app:$ecretPa55@db:5432/app", "Connection String"),
        ("my card is 4111 1111 1111 1111", "Payment Card Number"),
        ("charge 5500-0000-0000-0004 for the renewal", "Payment Card Number"),
    ],
)
def test_more_credential_shapes(text: str, kind: str) -> None:
    assert kind in scan(text)
    assert scan(redact(text)) == []


@pytest.mark.parametrize(
    "text",
    ["order 4111111111111112 shipped", "use ${DB_PASSWORD} from the environment", "password: $PASSWORD", "took 2024 s"],
)
def test_shapes_that_are_not_credentials(text: str) -> None:
    assert scan(text) == []
