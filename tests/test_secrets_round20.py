"""Round 20 of the credential filter (tuned by class on ``heldout-19``, blind until round 19 was final): a one-time
code said with the plain word for a code in a text that came by SMS or says not to give it to anyone, in the
vocabulary's hundred languages, before the word too where the noun comes last; the answer to a security question
named in any language; a service's key or token right after its name in any language (glued to Chinese too); a key
wrapped in base64 with its id; digit words joined by hyphens; a container's environment as Kubernetes lists it; an
Authorization header that carries the key alone. And the look-alikes: a postal or a discount code that came by SMS,
a security question without its answer, a key word with no key after it, a non-secret environment entry. Every
example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets, world_words


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # The plain word for a code, in a text that came by SMS or says not to share it.
        ("ens ha arribat un codi 731904 per SMS al mòbil de la mare", "731904"),
        ("gavome SMS su kodu 604218, sako niekam nesakyti", "604218"),
        ("SMS-ով եկավ 820473 կոդը", "820473"),
        ("მომივიდა კოდი 552091, არავის უთხრაო", "552091"),
        ("gelen kod 308172, kimseyle paylaşmayın diyor", "308172"),
        # The answer to a security question, in a script with capitals or without.
        ("보안 질문 답: 수원", "수원"),
        ("pergunta secreta: Ribeirão Preto (cidade onde nasci)", "Ribeirão Preto"),
        ("Sicherheitsfrage „Lieblingslehrer“: Frau Kowalski-Brandt", "Frau Kowalski-Brandt"),
        # A service's key right after its name, in another language, glued to Chinese, in base64 with its id.
        ("ovo je moj Mapbox ključ: 9f3a7c1e5b2d4f6a8c0e1b3d5f7a9c2e zašto ne radi?", "9f3a7c1e5b2d4f6a8c0e"),
        ("帮我把Sendgrid的token 4be8c0d2f6a1e3b5c7d9f0a2b4c6d8e1 写进配置", "4be8c0d2f6a1e3b5c7d9"),
        ("mijn Zendesk key: dG9rOjNmOGE5YjJjLTFkNGUtNGY1YS05YjhjLTdkNmU1ZjRhM2IyYzoxOjA= werkt niet", "dG9rOjNm"),
        # A lock's name labelling its code with a colon.
        ("Alarmanlage im Keller: 5193 eingeben, dann OK drücken", "5193"),
        ("сигнализация на даче: 2846, потом решётка", "2846"),
        # Digit words joined by hyphens.
        ("the code for the bike shed is two-eight-zero-six", "two-eight-zero-six"),
        # A container's environment, an Authorization header with the key alone.
        ("env:\n  - name: MAILGUN_API_KEY\n    value: k3Xv9QmT2zLp7RwB4nYc8Hs1", "k3Xv9QmT2zLp7RwB4nYc8Hs1"),
        ('{"name": "SLACK_BOT_TOKEN", "value": "q7Wm2Rk9Zt4Lx8Pv3Nb6"}', "q7Wm2Rk9Zt4Lx8Pv3Nb6"),
        ("curl https://api.example.com/v1/jobs -H 'Authorization: 5d1e8a7c3b9f2e6d4a0c8b1f7e3d9a2c'", "5d1e8a7c3b9f"),
    ],
)
def test_round_20_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A code of a kind nobody keeps secret, though it came by SMS: a word between says which.
        "dostałam SMS z kodem rabatowym 5120 na następne zakupy",
        "kod pocztowy 00950 przyszedł SMS-em razem z adresem",
        # A year after the word for a code, a count of messages.
        "SMS kodu 2019 yılında değişti, artık yeni sistem var",
        # A security question asked, not answered; an answer that is a yes.
        "Sicherheitsfrage: Name des ersten Haustiers",
        "контрольный вопрос: девичья фамилия матери?",
        "보안 질문: 첫 번째 학교 이름은?",
        # A key word with no key after it, or a name after it.
        "mój klucz API wygasł wczoraj, trzeba wygenerować nowy",
        "把Sendgrid的token 换成新的，旧的已经撤销了",
        "ovo je moj Mapbox ključ: com.example.maps.Config, ne radi",
        # A lock's name and a time or a price after a colon; base64 of JSON after a key's name.
        "Wecker Alarm: 0645, dann aufstehen",
        "Tresor: 1500 Euro gekostet, aber sehr stabil",
        "LastEvaluatedKey token: eyJpZCI6IDQyLCAic29ydCI6ICJhc2MifQ==",
        # Hyphenated numbers that are no code.
        "we need twenty-one chairs and forty-two plates",
        "count one-two-three-four then jump",
        # An environment entry that is no credential, or whose value is a reference.
        "env:\n  - name: LOG_LEVEL\n    value: debug-verbose-structured-json",
        "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db",
        "  - name: API_KEY\n    value: ${API_KEY}",
        # Test cards said in other languages or by the decline they trigger, a WireGuard public key, a kubeconfig's
        # certificate, a Pix key, an IBAN's account digits, an order number in Chinese.
        "kartu uji Midtrans untuk 3DS: 4911 1111 1111 1113",
        "to see a decline with insufficient_funds, pay with 4000000000009995",
        "peer wg_public_key=Qm9vT2pZc3dFeXl0c0JxWkRlZ0tYbnVhbWJ0c0hHcGM= joined",
        "clé publique WireGuard du serveur : hX8kT2mQ9vLp4ZrW7nB3cY6sD1fJ5gA0eK8uR2tV4yM=",
        "clusters:\n- cluster:\n    certificate-authority-data: MIIC5zCCAc+gAwIBAgIBADANBgkqhkiG9w0BAQsFADAV",
        "minha chave pix aleatória: 3f2a9c1e-7b4d-4e8f-a1b2-c3d4e5f6a7b8",
        "IBAN: RO49 AAAA 1B31 0075 9384 0000, titular Ana Pop",
        "订单号466481842771795123，明天送到",
        # An Authorization header named, no key in it.
        "Authorization: Bearer",
        "the Authorization: header is required on every call",
    ],
)
def test_round_20_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text


def test_the_vocabulary_has_the_new_lists() -> None:
    """Every language of the vocabulary names security questions, not sharing, and keys (the lists world_words reads
    for this round's rules)."""
    doc = world_words.vocabulary()
    languages = {k: v for k, v in doc.items() if k not in ("_about", "nato") and isinstance(v, dict)}
    assert len(languages) >= 99
    for name in ("security_question", "do_not_share", "api_key"):
        assert all(lists.get(name) for lists in languages.values()), name
