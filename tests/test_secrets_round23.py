"""Round 23 of the credential filter (tuned by class on ``heldout-22``, blind until round 22 was final): the answer to
a security question written after the question itself ("¿...? Respuesta: ..."); two words joined by an underscore
as a password in any script, and a word of Latin letters handed over in a clause of another script; a one-time code
in a text that opens with its sender's name; the question for a PIN or a code in a dialogue and the answer on the
next line; licence, activation and gift keys in groups; pass-the-hash NT hashes, NetNTLMv2 responses and PMKID
lines; a Wi-Fi key named by a compound of the Wi-Fi's word; a password in Japanese quotes; a login table's row; an
HTML e-mail's code; a few provider formats (Plex's claim, YouTube's stream key, Telegram's api_hash, SNMPv3's auth
password, a Solana keypair, gpg's --passphrase). And the look-alikes: a stand-in in angle brackets with spaces, an
empty query parameter, a hashing algorithm, an open network's name, a password's hint, a Wi-Fi QR template, a path
of routes, a public key's pin, Google Authenticator's example secret, a REST path's id, a barcode and a tracking
pixel. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # The question asked, then its answer.
        ("Pregunta de seguridad: ¿Ciudad donde nació tu padre? Respuesta: Valladolid", "Valladolid"),
        ("Güvenlik sorusu: İlk arabanızın markası? Cevap: Murat Kartal", "Murat Kartal"),
        ("Sicherheitsfrage: Wie hieß Ihre erste Lehrerin? Antwort: Frau Brandt", "Frau Brandt"),
        ("秘密の質問「子供の頃のあだ名は？」の答え：タケちゃん", "タケちゃん"),
        ("Q: What town were you born in? A: Millbrook Falls", "Millbrook Falls"),
        ("my mother's maiden name — Wiśniewska (the real one, sadly)", "Wiśniewska"),
        # Two words joined by an underscore; a word of Latin letters in a clause of another script.
        ("Паролата за телевизора е ruse_dunav, само за гости", "ruse_dunav"),
        ("my password is cobalt_heron", "cobalt_heron"),
        ("Mfumo wa duka: neno la siri mvua_ya_mawe", "mvua_ya_mawe"),
        ("ოფისის ვაიფაის პაროლი არის churchkhela", "churchkhela"),
        ("ऑफिस वाईफाई का पासवर्ड jalebifafda है", "jalebifafda"),
        # A one-time code in a text that opens with its sender's name.
        ("Raiffeisen: Kod za potvrdu placanja 53,10 EUR je 804417.", "804417"),
        ("Revolut: introduce el código 662913 para confirmar la tarjeta", "662913"),
        ("Kód pro přihlášení do portálu: 570218", "570218"),
        # A dialogue: the question for a PIN or a code, the answer on the next line.
        ("— jaki jest PIN do bramy?\n— 7314, ale nie mów sąsiadom", "7314"),
        ("— Какой код из смс?\n— 552817 байна", "552817"),
        ("パスワード教えて\n→ hqzt5521", "hqzt5521"),
        # Keys in groups, a gift card's run.
        ("Lizenz für das Steuerprogramm: 7KQ2-MX9P-R4TW-ZL8N", "7KQ2-MX9P-R4TW-ZL8N"),
        ("ライセンスキー：QW7RT-2ZP9M-KXV4L-N8BHC", "QW7RT-2ZP9M-KXV4L-N8BHC"),
        ("código de la tarjeta regalo de Steam: 4RTZ9KQ2MX7PLW8N", "4RTZ9KQ2MX7PLW8N"),
        ("Amazon Hub Locker: Pickup code: 7QK2MX. Pick up by Friday.", "7QK2MX"),
        # Hashes that log in or are cracked from a capture.
        ("the NT hash for svc_backup is 8846f7eaee8fb117ad06bdd830b7586c, try pth", "8846f7eaee8fb117ad06bdd830b7586c"),
        (
            "web01::LAB:1122334455667788:9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d:0101000000000000a1b2c3d4e5f60718293a4b5c6d7e8f90",
            "9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        ),
        ("WPA*01*0f1e2d3c4b5a69788796a5b4c3d2e1f0*a1b2c3d4e5f6*112233445566*486f6d654e6574***", "0f1e2d3c4b5a6978"),
        # A Wi-Fi's key named by a compound; a password in Japanese quotes; a login table's row; an HTML e-mail.
        ("Wifi-nyckel till sommarstugan: Hq7Zt2Kp9Wm4", "Hq7Zt2Kp9Wm4"),
        ("la clé wifi de la box c'est qrtzvbnk-plmwxc, recopiée de l'écran", "qrtzvbnk-plmwxc"),
        ("新しいパスワードは「sakura2291」です", "sakura2291"),
        ("Sdílené účty:\nHBO Max | rodina@example.cz | kocour88", "kocour88"),
        ("<p>Your code is:</p><p><strong>730418</strong></p>", "730418"),
        ("927 406 is your Instagram code. Don't share it.", "927 406"),
        # Provider formats and tools' arguments.
        ("PLEX_CLAIM=claim-Zq8Rt2Kp9Wm4Xv7Ln3Bc", "claim-Zq8Rt2Kp9Wm4Xv7Ln3Bc"),
        ("stream key for OBS: k2q9-x7mp-4rtw-zl8n-h3bc", "k2q9-x7mp-4rtw-zl8n-h3bc"),
        ('api_id = 1234567\napi_hash = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"', "0a1b2c3d4e5f60718293a4b5c6d7e8f9"),
        ("snmp-server user nms grp1 v3 auth sha Kp9Wm4Xv7Ln3 priv aes 128 Zq8Rt2", "Kp9Wm4Xv7Ln3"),
        (
            "solana keypair: [12,200,3,44,150,6,77,8,99,10,111,12,213,14,15,160,17,18,190,20,21,222,23,24,25,226,27,"
            "28,29,230,31,32]",
            "12,200,3,44",
        ),
        ("gpg --batch --passphrase 'orange tram night 7' -d backup.tar.gpg", "orange tram night 7"),
        ("url,username,password,name,fav\nhttps://bank.example,ana.r,Fl0r!da77,,Bank,0", "Fl0r!da77"),
    ],
)
def test_round_23_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Stand-ins, empty values, how passwords are kept, an open network, a hint, a template.
        "Im README steht nur SECRET_KEY=<hier den echten Schlüssel einsetzen>, der Rest kommt aus dem Vault.",
        "GET /v1/report?api_key=&lang=de returns 403, the client drops the key",
        "Our users' passwords are stored as Argon2id hashes, never in clear text.",
        'The café Wi-Fi "Bean-Guest" is open, no password, just click accept.',
        'My password hint for the tablet is "grandma\'s street", which nobody else would know.',
        "QR format: WIFI:T:WPA;S:<ssid>;P:<key>;; — fill it in yourself.",
        "routes: /account/api-tokens, /account/security/2fa, /admin/secrets-log",
        # Public material and ids: a public key's pin, the authenticator wiki's example, a REST id, a barcode, a pixel.
        'Public-Key-Pins: pin-sha256="d6qzRu9zOECb90Uez27xWltNsj0e1Md7GkYYkVoZWmM="; max-age=5184000',
        "Google's wiki example for otpauth uses the secret JBSWY3DPEHPK3PXP, which is no account's.",
        "GET /orders/-NqZ7xKp2WmR4tLb9VcQ returned 404",
        "EAN 4006381333931 on the box, the scanner app reads it fine",
        "fbq('init', '4111111111111111'); in the page head",
        # Words joined that are a compound or a name of code's; a port asked for; a number counted; a French safe.
        "Le mot de passe est dans le coffre-fort du bureau.",
        "the password field is named password_confirmation in the form",
        "which port does the code server listen on?\n— 8443, as usual",
        "Пароль от почты в приложении gmail",
        # Numbers in grouped shapes that are no key: an ORCID, Windows' product id, a date in a table.
        "ORCID 0000-0002-1694-233X",
        "Product ID 00331-10000-00001-AA404 (not the key)",
        "| Netflix | anna@example.com | 2024-01-02 |",
        # An NT hash named as an algorithm, with no hash.
        "the NTLM hash is MD4 of the UTF-16LE password",
    ],
)
def test_round_23_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
