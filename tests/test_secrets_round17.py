"""Round 17 of the credential filter (tuned by class on ``heldout-16``, blind until round 16 was final): passwords and
PINs read out character by character (case words, symbol names, the spelling alphabet, digits as words), the words
for password, PIN and door code in more languages, seed phrases in other languages' lists, secrets piped into a
secret store or a VPN client, a board's Wi-Fi join call, minisign's secret key, cards in dotted groups and Troy
cards. And the look-alikes they must leave alone: a question's mark after a file name or an account's SID, a
multi-string DNS TXT record (a DKIM key), a Content-Security-Policy nonce, a PKCE challenge, a booking's code in
the languages whose word for it is the word for password, and ordinary lists of letters and numbers. Every example
is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Read out character by character: case words, symbol names, spelling words, digits as words.
        ("ok so the wifi password is: capital B, r, four, lowercase k, dollar sign, nine, nine", "capital B, r, four"),
        ("Kennwort zum Mitschreiben: großes Q, kleines z, sieben, drei, Raute, m", "großes Q, kleines z, sieben"),
        ("la clave: mayúscula T, e, jota, cinco, arroba, dos, ocho", "mayúscula T, e, jota"),
        ("he spelled it: R as in romeo, 4, lowercase v as in victor, hash, 7, 7", "R as in romeo, 4"),
        ("the support guy read it as: bravo, six, kilo, lima, two, echo", "bravo, six, kilo"),
        ("il codice del cancello è tre, nove, zero, uno", "tre, nove, zero, uno"),
        ("the garage keypad code is four one seven seven", "four one seven seven"),
        ("press star, five, eight, two, zero, hash at the side door", "five, eight, two, zero"),
        # A secret piped into the command that stores or reads it; a board joining Wi-Fi.
        (
            "printf '%s' 'Wq82Lmz0PqR7sYt4' | gcloud secrets versions add smtp-relay-token --data-file=-",
            "Wq82Lmz0PqR7sYt4",
        ),
        (
            "echo 'harbor-lantern-52' | sudo openconnect --user=ana --passwd-on-stdin vpn.example.net",
            "harbor-lantern-52",
        ),
        ('WiFi.begin("Attic-Net", "velvet-moth-3391");', "velvet-moth-3391"),
        ("sta = network.WLAN(network.STA_IF)\nsta.connect('GardenAP', 'Qz7pLm20vRw')", "Qz7pLm20vRw"),
        # Cards: four groups joined by dots; Turkey's Troy network.
        ("kart: 4539.1488.0343.6467, son kullanma 08/28", "4539.1488.0343.6467"),
        ("my Troy card is 9792 1122 3344 5564 in case you need it", "9792 1122 3344 5564"),
        # A minisign secret key file's key line.
        (
            "untrusted comment: minisign encrypted secret key\n"
            "RWRTY0IyQm9ndXNLZXlGb3JUZXN0c09ubHlOb3RSZWFsMTIzNDU2Nzg5MGFiY2RlZmdo",
            "RWRTY0Iy",
        ),
    ],
)
def test_round_17_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "does that match the checksum in SHASUMS512.txt?",
        "which project is AC8e2f1a9b7c6d5e4f3a2b1c0d9e8f7a6b? the SID only names the account, right?",
        'mail._domainkey IN TXT ( "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr1" '
        '"x9Lq2B7vT0cHkRzQ4mN8wPa5YdJ3FgUe6sKtVb1nXo7iCy0lHq2Mw5RjZp8TfGa4Nd9Le3Kx6Ub1Ws7Oc2Pv5QIDAQAB" )',
        "Content-Security-Policy: default-src 'self'; script-src 'nonce-r4Nd0mN0nc3Qx7zV2=='",
        "redirect to /authorize?code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
        "Moja rezervacija: let u 7:40, šifra rezervacije KQ7PZM, sjedalo 14C",
        "κωδικός κράτησης 7QXL2M για το ξενοδοχείο στη Νάξο",
        "the options are a, b, c, d, e and f",
        "sizes S, M, L, XL, XXL in stock",
        "we counted one, two, three, four, five, six in the video",
        "points, lines, stars, circles and squares are the shapes",
        "Capital cities: Paris, Rome, Berlin, Madrid, Lisbon, Vienna",
    ],
)
def test_round_17_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
