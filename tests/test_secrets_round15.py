"""Round 15 of the credential filter (tuned by class on ``heldout-14``, blind until round 14 was final): one-time codes
a text brought in more languages, and what such a text says not to share; gift, voucher, activation and pickup
codes; a key handed over in a message or listed in a table's key column; a key given to a client's constructor; what
a tool printed (IPython's Out, a rejected request's log line); code inside a JSON string; wifi passwords after more
languages' "is", or with the copula after the value; door codes read out digit by digit; providers' key formats. And
the look-alikes they must leave alone (a masked value, a pagination token, a coin's address under its ticker, digest
headers, minisign's public key, a Twilio account's SID, an OpenPGP fingerprint, a cache's key). Every example is
written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # One-time codes: the words only such a code has, a text's warning not to share it, a service's "code:".
        ("fwd: Banco Azul: tu código de verificación es 418207. No lo compartas.", "418207"),
        ("SMS: 552913 tek kullanımlık şifrenizdir, kimseyle paylaşmayınız", "552913"),
        ("Je Rabo-bevestigingscode is 730146", "730146"),
        ("kod BLIK 290417, ważny 2 minuty", "290417"),
        ("Ihre mTAN für die Überweisung an Kurt Meyer lautet 604118", "604118"),
        ("Use 734 881 to verify your Pinterest account", "734 881"),
        ("GH-58214 is your GitHub code", "58214"),
        ("Signal code: 611-402\nDo not share this code. Tap to sign in", "611-402"),
        ("Your one-time passcode is 8 1 4 4 0 2. Again, 8 1 4 4 0 2.", "8 1 4 4 0 2"),
        ("Steam Guard code from the email: K7QPD", "K7QPD"),
        # Gift, voucher, activation and pickup codes.
        ("spotify gift code 8QXPLM4T2ZRW for your birthday", "8QXPLM4T2ZRW"),
        ("Zalando Gutschein: Code QW7ZR2MPLK4T, 50 €", "QW7ZR2MPLK4T"),
        ("ESET activation code 4RT8KQZ, three devices", "4RT8KQZ"),
        ("Aktivierungscode: 7KQ2-ZP4M-RX9L", "7KQ2-ZP4M-RX9L"),
        ("Packstation: Abholcode: 480215", "480215"),
        ("recharge card pin 51930482716604, 500 naira", "51930482716604"),
        ("mon code perso 805113 pour la banque", "805113"),
        # A key handed over in a message, and a table's key column.
        (
            "aquí va la clave de Mapbox que me pediste, no la subas: 5e0c7a9b1d3f2e4a6c8b0d2f4e6a8c1b",
            "5e0c7a9b1d3f2e4a6c8b0d2f4e6a8c1b",
        ),
        (
            "rotated the Sendgrid creds for prod, new one → 7c1e9a3b-5d2f-4a8c-9e1b-3d5f7a9c1e2b",
            "7c1e9a3b-5d2f-4a8c-9e1b-3d5f7a9c1e2b",
        ),
        (
            "| Service | Key | Owner |\n|---|---|---|\n| Mapbox | `9f8e7d6c5b4a39281706f5e4d3c2b1a0` | @li |",
            "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        ),
        (
            " id | name  | api_key\n----+-------+----------------------------------\n"
            "  1 | maps  | 0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d",
            "0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d",
        ),
        # A key given to a client's constructor, an HMAC's key, PHP's array of options.
        ("sentry = Analytics.init('3c5e7a9b1d2f4e6a8c0b2d4f6e8a0c1e', debug=True)", "3c5e7a9b1d2f4e6a8c0b2d4f6e8a0c1e"),
        ("c = SearchClient.create('QX41ZPL0', 'b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3')", "b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3"),
        ('mac := hmac.New(sha256.New, []byte("Zk8Pq2Lx7Wm4Tn9Rb3Vc6Yd1"))', "Zk8Pq2Lx7Wm4Tn9Rb3Vc6Yd1"),
        ("$c = new Client(['key' => 'e1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6']);", "e1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6"),
        ('password: <%= ENV.fetch("DB_PASSWORD") { "Lumen4412x" } %>', "Lumen4412x"),
        # What a tool printed: IPython's Out, a log line of a rejected request, .NET's user secrets.
        ("In [3]: settings['stripe_secret']\nOut[3]: 'Lq8Zp2Xw7Nm4Kv9R'", "Lq8Zp2Xw7Nm4Kv9R"),
        (
            "WARN request rejected: unauthorized (token=Qm8Zr2Lp7Xw4Nv9Kt3Bc6Yd, status=401)",
            "Qm8Zr2Lp7Xw4Nv9Kt3Bc6Yd",
        ),
        ('dotnet user-secrets set "Maps:Key" "4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c"', "4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c"),
        # Code inside a JSON string (a notebook's cell).
        (
            '"source": ["os.environ[\\"MAPS_SECRET_KEY\\"] = \\"6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d\\"\\n"]',
            "6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d",
        ),
        # Wifi passwords after more languages' "is"; the copula after the value; a code read out digit by digit.
        ("s Passwort vom WLAN isch Bergli-7731", "Bergli-7731"),
        ("le mot de passe dial wifi howa Sahara2291", "Sahara2291"),
        ("wifi parole ir KLMQZRTPWX", "KLMQZRTPWX"),
        ("la clave del wifi de la casa es 80417352, la cambió mi tía", "80417352"),
        ("ghar ke wifi ka password 77120934 hai", "77120934"),
        ("o kwdikos tou router einai Pelagos77x", "Pelagos77x"),
        ("the code for the garage is 4 1 7 9 then press enter", "4 1 7 9"),
        ("ovikoodi on 5821 ja avain on pöydällä", "5821"),
        # Providers' key formats.
        (
            "xnd_development_Qm8Zr2Lp7Xw4Nv9Kt3Bc6YdQm8Zr2Lp7Xw4Nv9Kt3",
            "xnd_development_Qm8Zr2Lp7Xw4Nv9Kt3Bc6YdQm8Zr2Lp7Xw4Nv9Kt3",
        ),
        ("pk_81234567_Q8ZR2LP7XW4NV9KT3BC6YDQ8ZR2LP7XW", "pk_81234567_Q8ZR2LP7XW4NV9KT3BC6YDQ8ZR2LP7XW"),
        ("hbp_Qm8Zr2Lp7Xw4Nv9Kt3Bc6YdQm8Zr2Lp7Xw4N", "hbp_Qm8Zr2Lp7Xw4Nv9Kt3Bc6YdQm8Zr2Lp7Xw4N"),
        ("user_session=Zq8Lp2Xm7Nw4Kt9Rb3Vc6Yd1; logged_in=yes; theme=dark", "Zq8Lp2Xm7Nw4Kt9Rb3Vc6Yd1"),
        # Round 16 (found by the redaction test on heldout-15): wpa_passphrase's passphrase is its second argument.
        ("wpa_passphrase Harbour-5G teapot-lantern-31 >> /etc/wpa_supplicant.conf", "teapot-lantern-31"),
        ('wpa_passphrase "Cafe Guest" 7hornbill7', "7hornbill7"),
        # ... and of a client's two literals, the second is its secret (the first its id).
        (
            'sp = SpotifyClient(\n    "5c2e9a7b1d3f4e6a8b0c2d4e6f8a0b1c",\n    "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",\n)',
            "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
        ),
    ],
)
def test_round_15_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "API_TOKEN: ***\nDeploying with token *** to eu-west-1",
        "token: XXXX-XXXX-XXXX-XXXX (paste yours here)",
        '{"items": [], "next_page_token": "eyJvZmZzZXQiOiA0MCwgImxpbWl0IjogMjB9"}',
        '{"nextPageToken": "eyJvZmZzZXQiOiA0MCwgImxpbWl0IjogMjB9"}',
        "XRP deposit: rN7qLp2XwZ4Kv9Tb3Yc6Md1Rf8Gh5Js destination tag 48120",
        "Content-MD5: Q2hlY2tzdW1PZkJvZHkxMg==",
        "minisign -Vm app.tar.gz -P RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
        "call failed with 21211 (account AC5f1e9c3a7b2d4f6e8a0c1b3d5f7e9a2c)",
        "the apt repo key is 4A1B2C3D4E5F60718293A4B5C6D7E8F901234567, it expires in 2028",
        "our cache key for that page is 9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a",
        'log: {"msg":"token refreshed","trace_id":"8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f"}',
        "redis keys look like session:4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b",
        "gift card code 20240517? no, that's the order number",
        "use promo code SPRING25 for the discount",
        "the statuspage-api-key secret is created from a literal",
        "Kam harruar fjalëkalimin e llogarisë, si ta rivendos?",
        "the gate has 3 2 0 2 bars",
    ],
)
def test_round_15_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
