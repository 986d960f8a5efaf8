"""Round 29 of the credential filter (tuned by class on ``heldout-28``, blind until round 28 was final): recharge,
voucher and prepaid electricity codes in groups of four; a one-time code relayed in a dialogue written on one line, a
dash before each reply; a message that names a key and ends with it after a question; backup codes of eight digits in
two groups after their name in more languages; a password column named in another script; a padlock's or a luggage
lock's three digits after "is"; a lock's "combo" of three digits; a PIN named in English in a clause of another
language; a value before an aside in brackets; a Google app password as a config's directive; a PlayStation Store
code. And the look-alikes: postal codes in more languages (and in Bengali digits), a parcel's UPU tracking number, an
IMEI a few words before its colon, "the code is below", a placeholder in Russian, an idempotency key, a URL after a
header's colon, a secret store's reference. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Recharge, voucher and prepaid electricity codes in groups of four.
        ("kod doładowania Orange 30 zł: 5120 8842 0931 7746", "5120 8842 0931 7746"),
        ("codice ricarica TIM 20€: 8841 2209 5533 1020", "8841 2209 5533 1020"),
        ("oplaadcode Lycamobile 10 euro: 6620 1185 4427 9310", "6620 1185 4427 9310"),
        ("كود شحن رصيد اورنج 5 دينار: 2291 7730 5518 4406", "2291 7730 5518 4406"),
        ("the electricity token for the cottage: 1184 5520 9931 0472 6618", "1184 5520 9931 0472 6618"),
        # A one-time code relayed in a dialogue on one line, a dash before the reply.
        ("Papa, da kommt gleich ein Code von der Bank per SMS, den brauche ich — ok, da steht 448127", "448127"),
        ("mamá, te va a llegar un código de Rappi, me lo pasas? — listo mijo: 302-118", "302-118"),
        ("бабушка, тебе придёт смс с кодом, продиктуй его — вот: 550319 это он?", "550319"),
        # A message that names a key and ends with it after a question.
        (
            "czemu ten klucz do Mailguna zwraca 401? 8c2f1e0d9b7a6c5d4e3f2a1b0c9d8e7f",
            "8c2f1e0d9b7a6c5d4e3f2a1b0c9d8e7f",
        ),
        ("varför ger Stripe-nyckeln 401? rk_live_51Hq2xYbQ9mVn4KpLsT8wZ3dFgJ", "rk_live_51Hq2xYbQ9mVn4KpLsT8wZ3dFgJ"),
        # Backup codes of eight digits in two groups after their name, in more languages.
        ("резервные коды Google, сохрани: 4410 2873", "4410 2873"),
        ("kode cadangan akun google: 9120 4478", "9120 4478"),
        ("backup codes: 5521 0934", "5521 0934"),
        # A password column named in another script.
        ("Сотрудник;логин;пароль\nИванов Пётр;pivanov;lada.priora77", "lada.priora77"),
        # A padlock's or a luggage lock's three digits after "is"; a lock's "combo" of three digits.
        ("the TSA lock on the grey suitcase is 538", "538"),
        ("le cadenas du casier : 904", "904"),
        ("bike shed locker #7 combo → 261", "261"),
        # A PIN named in English in a clause of another language.
        ("PIN ya kadi mpya ni 7719, usimwambie mtu", "7719"),
        # A value before an aside in brackets.
        ("a senha do cartão é 82914 (os cinco primeiros do CPF)", "82914"),
        # A Google app password as a config's directive; a PlayStation Store code.
        ("account work\nhost smtp.gmail.com\nuser me@example.org\npassword hxkq zbrt mwpl fdsy", "hxkq zbrt mwpl fdsy"),
        ("PS Store code 7RK2-M4XD-QPL9 for your nephew", "7RK2-M4XD-QPL9"),
    ],
)
def test_round_29_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Postal codes in more languages, and in Bengali digits.
        "codul poștal al blocului: 011842, sector 1",
        "Posta kodea: 48001 Bilbo",
        "পিন কোড ৭৮১০২২, গুৱাহাটী",
        # A parcel's UPU tracking number; an IMEI a few words before its colon.
        "Broj pošiljke: RR123456785HR",
        "IMEI for the police report: 490154203237518",
        # "The code is below" with none below; a placeholder in Russian.
        "Your sign-in code is below. (the message was cut off, there was no code)",
        "# вставь сюда свой ключ\nMISTRAL_API_KEY=ваш_ключ",
        # An idempotency key; a URL after a header's colon; a secret store's reference.
        "Idempotency-Key: 5f0c6a2e-91d4-4b7a-8e3f-2c1d0b9a8e7f",
        "curl -H 'Authorization: Bearer <TOKEN>' https://api.example.com/v1/accounts/current",
        "stringData:\n  mailgun-api-key: op://Ops/Mailgun/credential",
        # A config's password named above a value that is no answer; a word in capitals and digits is a name.
        "database:\n  user: ${DB_USER}\n  password: ${DB_PASSWORD}\n  name: wordpress",
        "The combo meal is 7 dollars",
        "Wi-Fi: Vodafone-7F21\nPassword: ••••••••  (hidden)",
    ],
)
def test_round_29_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
