"""Round 11 of the credential filter (tuned by class on ``heldout-10``, blind until round 10 was final): codes of
doors, safes, cards and sign-ins in more languages, a password's new value after it was changed, keys handed over by
the words around them, the literals code falls back to, key/value records (Postman, appSettings), UCI files and
command lines, Django keys and dotted property names; and the look-alikes each rule must leave alone (a regular
expression's classes, a sheet's range, the name of a secret kept elsewhere, an id before a long number, a public
client id). Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Codes of doors, safes, intercoms and cards, in more languages; a PIN said before a comma.
        ("Filho, o PIN do cartão é 4817, tira 50 euros", "4817"),
        ("Koden till kassaskåpet är 583920", "583920"),
        ("Kod do domofonu: 318204", "318204"),
        ("Kód od vchodu je 77315", "77315"),
        ("Kode pintu belakang 440918", "440918"),
        ("Ο κωδικός για την πόρτα: 912274", "912274"),
        ("Код від під'їзду 5521", "5521"),
        ("הקוד לכספת 620419", "620419"),
        ("金庫の暗証番号は482915", "482915"),
        ("तिजोरी का कोड 739104 है", "739104"),
        ("Notiz: PIN Kreditkarte 6604", "6604"),
        ("set the room safe to 2291", "2291"),
        ("- Safe behind the mirror (spare cash): 847301", "847301"),
        ("- alarm: 5580 then OFF", "5580"),
        # One-time codes handed on while they still work.
        ("Mia: code from the text is 730418", "730418"),
        ("448210 is your Acme verification code. It expires in 5 minutes.", "448210"),
        ("I just got an email with the code 615502", "615502"),
        # A password's new value after it was changed.
        ("[Family] Ben: changed the wifi password, now it's tidepool7742", "tidepool7742"),
        ("hab das WLAN-Passwort geändert, jetzt: hRtqPmWvKs", "hRtqPmWvKs"),
        ("ho cambiato la password del router, ora è 30019822471", "30019822471"),
        # Keys handed over by the words around them.
        ("Rotated the token, new value is 8f3c1d2e-77ab-4c10-9e5f-0a1b2c3d4e5f. Please redeploy.", "8f3c1d2e"),
        ("Why do I get 403 when I use this key? Q7mX2pL9vR4tK8wN3zB6yH1c", "Q7mX2pL9vR4tK8wN3zB6yH1c"),
        (
            "here is the staging credential for Acme:\n\nb81f0c9e2d7a4c6b8e1f0a2d3c4b5e6f\n\nthanks",
            "b81f0c9e2d7a4c6b8e1f0a",
        ),
        # The literal code falls back to, and the values of key/value records.
        ("'key' => env('ACME_TOKEN', 'c0ffee12-3456-4789-abcd-ef0123456789'),", "c0ffee12"),
        ('apiKey: process.env.ACME_API_KEY || "Zx81Kq_Lm4Pw-Rt7Vy2Nb9Hs3Jd6Fg0",', "Zx81Kq_Lm4Pw-Rt7Vy2Nb9Hs3Jd6Fg0"),
        ("token = ENV.fetch('ACME_SECRET') { 'Hq2Wm8Rt5Zx1Kv7Np3Lb9Yc4Df6Gs0Ja' }", "Hq2Wm8Rt5Zx1Kv7Np3Lb9Yc4Df6Gs0Ja"),
        ('{"key": "acmeToken", "value": "1f8e2d3c4b5a69788796a5b4c3d2e1f0", "enabled": true}', "1f8e2d3c4b5a6978"),
        ('<add key="Acmeprivatekey" value="7Qm2Xv9Lp4Rt8Kw3Zb6Nh1Yc5Jd0Fg2s" />', "7Qm2Xv9Lp4Rt8Kw3Zb6Nh1Yc5Jd0Fg2s"),
        ('- name: ACME_MASTER_KEY\n  value: "Pq7Lm2Xz9Rt4Kv8Nb3Hy6Jc1Wd5Fs0Ga"', "Pq7Lm2Xz9Rt4Kv8Nb3Hy6Jc1Wd5Fs0Ga"),
        # Files and command lines.
        ("\toption proto 'pppoe'\n\toption password 'KvTqwMnRzpLx'", "KvTqwMnRzpLx"),
        ('nmcli dev wifi connect "Home_5G" password "7719044302"', "7719044302"),
        ('echo "Gravel7Orchid" | gpg --batch --passphrase-fd 0 -c notes.txt', "Gravel7Orchid"),
        ("sqlplus scott/Tiger7781@db01.corp:1521/ORCL", "Tiger7781"),
        ("mcrcon -H 10.0.0.5 -P 25575 -p Rc0nPa55word list", "Rc0nPa55word"),
        (
            "$ sudo cat /var/lib/app/secrets/adminPassword\n9c1f33ab07de44c1b2a8f6e0d4c3b2a1",
            "9c1f33ab07de44c1b2a8f6e0d4c3b2a1",
        ),
        ('proxy_set_header Authorization "Basic bWlhOkdsaWRlcjIyOTBY";', "bWlhOkdsaWRlcjIyOTBY"),
        ('-H "Authorization: SSWS 00Qx_7Lm-Pw2Rt9Kv4Nb8Hy3Jc6Wd1Fs5"', "00Qx_7Lm-Pw2Rt9Kv4Nb8Hy3Jc6Wd1Fs5"),
        ('curl "https://api.acme.io/v1/geo?key=Kx7Pq2Lm9Rt4Vw8Nb3Zc6Hy1"', "Kx7Pq2Lm9Rt4Vw8Nb3Zc6Hy1"),
        ("php artisan key:generate --show\nbase64:q7Lm2Xz9Rt4Kv8Nb3Hy6Jc1Wd5Fs0GaPq7Lm2Xz9Rt4=", "base64:q7Lm2Xz9"),
        ("Mail on the desktop uses app password qwer tyui opas dfgh", "qwer tyui opas dfgh"),
        # Django's keys hold symbols code has, and Java properties dot their names.
        (
            "DJANGO_SECRET_KEY=k3(p%w9@x^2m*r7$z&q1!v8#n4)t6+b0=h5-yq2(c8@l5^j9*d",
            "k3(p%w9@x^2m*r7$z&q1!v8#n4)t6+b0=h5-yq2(c8@l5^j9*d",
        ),
        ("acme.api.key=Zq81Kx.Lm4Pw:Rt7Vy2Nb9Hs3Jd6Fg0Ws5Ua", "Zq81Kx.Lm4Pw:Rt7Vy2Nb9Hs3Jd6Fg0Ws5Ua"),
        # A word, "=" and capitals with digits, after a password's word.
        ("The password is Pebble=771. Thanks", "Pebble=771"),
    ],
)
def test_round_11_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "allowed = re.sub(r'[^a-zA-Z0-9_]+', '', name)",
        "pre-commit pattern: (?i)api_token\\s*=\\s*[A-Za-z0-9]{32}",
        '=VLOOKUP(A2, Prices!C:C, 2, FALSE) & "n/a"',
        "volumes:\n  - name: certs\n    secret:\n      secretName: web-tls",
        "GitHub App client_id: Iv1.0a1b2c3d4e5f6a7b (the secret lives in Vault)",
        "Slack message id 8451270359928174401 in #general",
        "the password policy changed, now it is 12 characters minimum",
        "we changed the code review rules; now it's two approvals",
        "the server public key for the peer: Jq3Vn8Kx2Lm7Pw4Rt9Zb6Yc1Hs5Df0Ga3Eu8Wi2Qo=",
        "option ssid 'Cottage'\noption encryption 'none'",
        "the error code from the app is 5003 again",
        "user=admin, host=db1, port=5432",
        "ticket: order 4539578763621486 shipped",
    ],
)
def test_round_11_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
