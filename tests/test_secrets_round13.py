"""Round 13 of the credential filter (tuned by class on ``heldout-12``, blind until round 12 was final): one-time
codes a text message brought, in the languages people forward them in; door, gate, alarm and safe codes in more
languages, said first or announced as a new code; passwords with letters outside Latin, two words picked for a
wifi, a passphrase after a word of a script without spaces; webhooks whose address is the credential; key formats
whose shape is their name; a rotated key's new value; a session cookie set in code; the password flags of more
tools; security answers; and the look-alikes they must leave alone (a placeholder with a provider's prefix, an SSH
key's fingerprint, what DNS returns, an index's uuid, a message id in a log, a dotted name of code, the examples of
an RFC, talk about sharing a password). Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # One-time codes a text message brought.
        ("код из смс 481907, куда его вводить?", "481907"),
        ("ho ricevuto il codice 552018 via sms", "552018"),
        ("kod z sms-a: 730416", "730416"),
        ("驗證碼是 604213", "604213"),
        ("인증번호 902144 입니다", "902144"),
        ("the bank texted me 318820 as the code, should I give it to the caller?", "318820"),
        ("SMS ile gelen doğrulama kodu 771309", "771309"),
        # Door, gate, alarm and safe codes.
        ("codul de la interfon este 4471", "4471"),
        ("a széf kódja 558201", "558201"),
        ("mã cửa nhà kho 3087", "3087"),
        ("5519 is the code for the back gate", "5519"),
        ("3382 es el código del portón, no lo compartas", "3382"),
        (
            "Objet : nouveau digicode\nLe digicode de l'entrée B change lundi. Le nouveau code est : B4471",
            "B4471",
        ),
        ("Alarmanlage im Keller: Code 8824 eingeben", "8824"),
        # Passwords outside Latin, two words for a wifi, a passphrase after a word of a script without spaces.
        ("пароль от госуслуг: Сова-Ветер77", "Сова-Ветер77"),
        ("ο κωδικός του router είναι Θάλασσα!58", "Θάλασσα!58"),
        ("the office wifi password is maple-harbor", "maple-harbor"),
        ("密码：copper lantern meadow tiger", "copper lantern meadow tiger"),
        ("van wifi pw:\ncactus-meadow-17", "cactus-meadow-17"),
        # Webhooks whose address is the credential.
        (
            "https://chat.example.org/hooks/Ab3Cd5Ef7Gh9Jk2Lm/Xy7Wv5Ut3Sr1Qp9On7Ml5Kj3Ih1Gf9Ed7Cb5Az3Yx1Wv9Tu",
            "Xy7Wv5Ut3Sr1Qp9On7Ml5Kj3Ih1Gf9Ed7Cb5Az3Yx1Wv9Tu",
        ),
        ("curl -X POST https://api.netlify.com/build_hooks/5f2a9c0d3e4b1a7f6c8d2e90", "5f2a9c0d3e4b1a7f6c8d2e90"),
        (
            "https://open.feishu.cn/open-apis/bot/v2/hook/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
            "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
        ),
        ('{"routing_key": "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "event_action": "trigger"}', "0a1b2c3d4e5f6071"),
        # Formats whose shape is their name; a rotated key's new value; a session cookie set in code.
        ("DEEPL_KEY=1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d:fx", "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d:fx"),
        ("EBAY_CERT_ID=PRD-0a1b2c3d4e5f-6a7b-8c9d-0e1f-2a3b", "PRD-0a1b2c3d4e5f-6a7b-8c9d-0e1f-2a3b"),
        (
            "Authorization: App 0a1b2c3d4e5f60718293a4b5c6d7e8f9-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
            "0a1b2c3d4e5f6071",
        ),
        ("rotated the Sinch token this morning, new value 9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b", "9e8d7c6b5a4f3e2d"),
        ('jar.cookies.set("connect.sid", "s%3AQm8xTz2Lp5Rw9Kv3Nh7Yc1Bd6Fg", domain="example.org")', "Qm8xTz2Lp5Rw"),
        ("const appPw = 'Wq7e Rt2Y uI9o Pa3S dF6g Hj1K';", "Wq7e Rt2Y uI9o Pa3S dF6g Hj1K"),
        # Command lines; a value that starts with a dash after its name; npm's _auth; a key named a passkey.
        ("p4 -u mara -P 'Ledger.Cobalt.82' changes -m 5", "Ledger.Cobalt.82"),
        ("pihole -a -p 'Fennel_Quartz_19'", "Fennel_Quartz_19"),
        ("jdbc:oracle:thin:scott/Tiger2024x@//db.example.net:1521/PROD", "Tiger2024x"),
        ("Environment=APP_CLIENT_SECRET=-Qm8xTz2Lp5Rw9Kv3Nh7Yc1Bd6Fg0Ha", "-Qm8xTz2Lp5Rw9Kv3Nh7Yc1Bd6Fg0Ha"),
        ("_auth=ZGVwbG95OlBhc3NAd29yZDEyMw==", "ZGVwbG95OlBhc3NAd29yZDEyMw=="),
        ('LIPA_PASSKEY = "4f3e2d1c0b9a8f7e6d5c4b3a29180716f5e4d3c2b1a09f8e7d6c5b4a39281706"', "4f3e2d1c0b9a8f7e"),
        # Security answers, a seed phrase in code.
        ("maiden name answer for the credit union: Oyelaran", "Oyelaran"),
        (
            'const w = Wallet.fromPhrase("orbit lamp velvet crane harbor ribbon tunnel maple frost pilot ember glide")',
            "orbit lamp velvet crane harbor ribbon tunnel maple frost pilot ember glide",
        ),
    ],
)
def test_round_13_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "SENDGRID_API_KEY=SG.your-key-here\nSTRIPE_KEY=sk_test_your-key",
        "The fingerprint for the ED25519 key sent by the remote host is\n"
        "SHA256:Xq7Wv5Ut3Sr1Qp9On7Ml5Kj3Ih1Gf9Ed7Cb5Az3Yx1w.",
        "dig TXT _acme-challenge.example.org returns Qm8xTz2Lp5Rw9Kv3Nh7Yc1Bd6Fg0Ha4Je8Ui2Ok6Pl0 but it's stale",
        "health status index uuid pri rep\ngreen open orders-2026.11 Qm8xTz2Lp5Rw9Kv3Nh7Yc1 1 1",
        "11-20 10:00:01.123  1201  1305 I FCM: message id 0:4111111111111111%9f2c7a1e5b3d8f0c",
        "enc := base64.RawStdEncoding.EncodeToString(buf)",
        'RFC 6749 shows "access_token":"2YotnFZFEjr1zCsicMWpAA" in its example response',
        "how do I share the guest wifi password with visitors safely?",
        "the verification code expires after 1800 seconds",
        # Developers get, receive and send code: its numbers are a PR's, a port's, a line's.
        "we received code review comments on PR 4521",
        "I got this code running on port 8080",
        "the code is on line 1234, I got confused",
        "code arrived in the repo, see MR 7812",
        "the code they sent is 2000 lines long",
        "the sms provider returns code 30007 for carrier filtering",
        "We moved the storage layer. The new code: 4521 lines",
        "the db password is env-specific and team-wide",
        "installing the plugin failed, the code is 4412",
        # Older: a number after a one-time password's word, named a port's or a status's.
        "the otp service listens on 8443",
        "the OTP endpoint /v2/otp/verify returns 4001 on expiry",
        "error code 5031 from the sms gateway again",
        "the gate code changed in 2024 and nobody told me",
        "our password policy is open-source and documented",
    ],
)
def test_round_13_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
