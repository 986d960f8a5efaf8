"""Round 9 of the credential filter (tuned by class on the blind ``heldout-8``): passphrases given in code,
configuration and after an account, device and network configurations, the codes of locks, cards and sign-ins, what
tools print or keep, licence keys, values given with no connector; and the look-alikes each rule must leave alone.
Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Passphrases: quoted as a literal, unquoted after an account or a directive, before an aside or a tag.
        ('signingConfigs { release { keyPassword "velvet orbit canyon mural" } }', "velvet orbit canyon mural"),
        ("define('DB_PASSWORD', 'lantern pickle harbor quartz');", "lantern pickle harbor quartz"),
        ('10.0.0.1 10.0.0.2 : PSK "ember walnut tractor slate"', "ember walnut tractor slate"),
        ("<password>copper meadow violin anchor</password>", "copper meadow violin anchor"),
        ("school app: tom.berg@example.org pw crisp rocket elbow fossil", "crisp rocket elbow fossil"),
        ("requirepass marble thunder pocket gravel", "marble thunder pocket gravel"),
        ("masterauth shovel pepper island comet", "shovel pepper island comet"),
        ("Vereinspasswort: nebel kiste fuchs lampe (Nutzer jb)", "nebel kiste fuchs lampe"),
        ("/ppp secret add name=kim password=tulip engine saddle brook profile=default", "tulip engine saddle brook"),
        # Command lines and network devices.
        ("sqlplus anna.kovac/Rt7!pepper@//db7.internal:1521/XE", "Rt7!pepper"),
        ("htpasswd -b /etc/apache2/.htpasswd ops 'cobalt fern ridge lamp'", "cobalt fern ridge lamp"),
        ("lftp -u deploy,Quill-8842x sftp://files.example.net", "Quill-8842x"),
        ("mosquitto_pub -h broker.local -u plant -P 'Fig-river-43' -t a/b -m 1", "Fig-river-43"),
        ("username ops privilege 15 password 7 094F471A1A0A1E1C0B", "094F471A1A0A1E1C0B"),
        ("radius-server host 10.1.1.5 key Otter-44-ridge", "Otter-44-ridge"),
        ('set interfaces ge-0/0/2 unit 0 authentication-key "sprocket.7731"', "sprocket.7731"),
        ("    set psksecret Harbor_2291_x", "Harbor_2291_x"),
        ("/interface wireless security-profiles add wpa2-pre-shared-key=Pine-cone-977", "Pine-cone-977"),
        ('reg add "HKLM\\Winlogon" /v DefaultPassword /t REG_SZ /d "Mosaic!4411" /f', "Mosaic!4411"),
        ("<AdministratorPassword>\n  <Value>Gecko-5521!</Value>", "Gecko-5521!"),
        ('$db = new PDO("mysql:host=h;dbname=x", "app", "prism lemon arrow kettle");', "prism lemon arrow kettle"),
        ('return new PasswordAuthentication("mailer", "Tundra*6613");', "Tundra*6613"),
        # Codes of locks, cards, devices and sign-ins.
        ("PIN2: 4471  PUK2: 90813357", "90813357"),
        ("Hoftor Code 7310", "7310"),
        ("Safe-Kombination 4821", "4821"),
        ("Zahlenschloss vom Keller: 6629", "6629"),
        ("code CB : 8154 (secret)", "8154"),
        ("tablet code for grandma: 2718", "2718"),
        ("Votre code de vérification : 55120934", "55120934"),
        ('SMS: "Your code is 730215. Do not share it."', "730215"),
        # What tools print or keep.
        (
            "Please use the following password to proceed to installation:\n\n0f9e8d7c6b5a49382716a5b4c3d2e1f0\n",
            "0f9e8d7c6b5a49382716a5b4c3d2e1f0",
        ),
        (
            '"type": "random_password",\n  "instances": [{"attributes": {"result": "Kq8!vT2#pL"}}]',
            "Kq8!vT2#pL",
        ),
        ("$ cat ~/vpn/auth.txt\nmkowal\nRowan_7731x\n", "Rowan_7731x"),
        ("*:*:shop:app:frost cedar pilot wagon", "frost cedar pilot wagon"),
        ("[smtp.gmail.com]:587 ana@example.org:qzvt hwpl bmxe rnok", "qzvt hwpl bmxe rnok"),
        # Tokens by format or by link.
        (
            "https://login.example.com/callback?code=Zx81bQv3Lm9TqR2wKp0sYd7FhJ4nUc&state=1",
            "Zx81bQv3Lm9TqR2wKp0sYd7FhJ4nUc",
        ),
        ("https://shop.example.com/password/reset/Q7mTz2LkP9vWx4RcN8bHs1Jd", "Q7mTz2LkP9vWx4RcN8bHs1Jd"),
        (
            "https://calendar.google.com/calendar/ical/x%40gmail.com/private-0a1b2c3d4e5f60718293a4b5c6d7e8f9/basic.ics",
            "private-0a1b2c3d4e5f60718293a4b5c6d7e8f9",
        ),
        ("MATRIX_TOKEN=syt_Ym90_AbCdEfGhIjKlMnOpQrSt_1a2B3c", "syt_Ym90_AbCdEfGhIjKlMnOpQrSt_1a2B3c"),
        ("1/1204455667788990:0123456789abcdef0123456789abcdef", "1/1204455667788990:0123456789abcdef0123456789abcdef"),
        ("License: QW7E-RT2Y-UI9O-PA3S", "QW7E-RT2Y-UI9O-PA3S"),
        ("Clé de secours : H2KD-9PLM-QX4T-7WNB-3VRC-J8YF-M5ZA", "H2KD-9PLM-QX4T-7WNB-3VRC-J8YF-M5ZA"),
        (
            "INSERT INTO access_tokens (owner, token) VALUES ('ci', 'tk_9fQ2mLw8ZxV4rT6yP1sK3dN7');",
            "tk_9fQ2mLw8ZxV4rT6yP1sK3dN7",
        ),
        # A value after an account or a few words, with no connector; a chat's answer to a named variable.
        ("Wasserwerk Portal: jkrause / Fl4mingo_29", "Fl4mingo_29"),
        ("- Redis admin: `default` / `Ocelot#5521`", "Ocelot#5521"),
        ("camera login: admin Juniper_408", "Juniper_408"),
        ("router admin → Nimbus.7719", "Nimbus.7719"),
        ("hasło do routera sokol#88x", "sokol#88x"),
        ("chat:\nAna: send me the NETLIFY_AUTH_TOKEN pls\nBo: Vk82nQpL3xT9mWz4Rs1Yh6Jd\n", "Vk82nQpL3xT9mWz4Rs1Yh6Jd"),
        ("printer p/w: Lark2291!", "Lark2291!"),
    ],
)
def test_round_9_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        'the password "is too weak for us"',
        "password 'hello world again'",
        "password reset emails arrive late",
        "the password field accepts unicode characters",
        "bob@example.com password reset emails arrive late",
        'keyPassword "must be set"',
        "the OAuth flow redirects to /callback?code=AUTHORIZATION_CODE_HERE_123&state=xyz",
        "see /password/reset/confirm for the view",
        "License: MIT-2024-ABC1",
        "serial number SN-1234-ABCD-5678",
        "error code 4078 on the iPad",
        "the iPad code review is done",
        "zip code: 10115 - never share your address online",
        "drwxr-xr-x 2 root root 4096 Mar 3 12:00 etc",
        "Controlled By:    ReplicaSet/platform-api-7c9d8f6b5",
        "Versions: node18 / node20",
        "password policy requires Upper1!",
        "password1 and password2 fields must match",
        "branch fix/OPS-4410-retry is merged",
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/api/db-Ab3XyZ holds it",
        "tips: BTC 1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
        "INSERT INTO settings (key, value) VALUES ('theme', 'dark');",
        "$ cat notes/auth.txt\nremember to rotate\nthe vpn keys soon",
    ],
)
def test_round_9_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
