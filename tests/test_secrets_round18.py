"""Round 18 of the credential filter (tuned by class on ``heldout-17``, blind until round 17 was final): names read
inside scripts written without spaces (Thai, Khmer, Chinese), in compounds ("Zahlencode") and with a case ending
after a hyphen ("PIN-ka"); the codes of safes, alarms, lockers, bike locks and intercoms (a second vocabulary list);
values a few more words after their name, digits-only Wi-Fi passwords, random capitals and English words picked at
random in another language's sentence; passwords handed to an API (SetBasicAuth, NetworkCredential, CURLOPT_USERPWD,
ldap3's Connection, a password property); property lists, strongSwan secrets, a pipeline's variable; session
cookies of well-known names; a chosen password in a password's sentence without a connector; services' key shapes
(Azure Functions' code, Loggly, Braintree, NATS seeds, NT hashes, live stream keys), licence keys, an authenticator's
setup key in groups, HomeKit codes, a meeting's passcode. And the look-alikes: a JWKS key id, a page's nonce,
percent-encoded text, a price, famous passwords talked about, India's postal PIN code, "reset your password to
continue", a plate's number. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Scripts without spaces: the name inside a run of them.
        ("รหัสไวไฟของบ้านคือ pine&owl4471 นะ", "pine&owl4471"),
        ("ពាក្យសម្ងាត់កុំព្យូទ័រ Kestrel55bay", "Kestrel55bay"),
        # Compounds and case endings after a hyphen.
        ("Zahlencode Gartentor: 8152 (für den Gärtner)", "8152"),
        ("PIN-ka kaarka bangiga waa 6630", "6630"),
        # The codes of what is not a door: a safe, an alarm, a bike lock.
        ("код от сейфа на даче — 739150", "739150"),
        ("Ο κωδικός του συναγερμού στο σπίτι είναι 5821", "5821"),
        ("combinazione del lucchetto della bici: 4096", "4096"),
        # Values further on, digits alone, random capitals, English words picked at random.
        ("Fjalëkalimi i wifi-t në zyrë është 55019274 — shkruaje në tabelë.", "55019274"),
        ("Mật khẩu wifi phòng họp là QWTRZPLK nha", "QWTRZPLK"),
        ("Lozinka za wifi u vikendici je orbit velvet lunar — napiši cedulju.", "orbit velvet lunar"),
        ("Ko te PIN o taku kāri pēke ko 4827", "4827"),
        # Passwords handed to an API or a property.
        ('req.SetBasicAuth("exporter", "Tulip-Ridge-88")', "Tulip-Ridge-88"),
        ('var c = new NetworkCredential("svc_print", "Marigold7Stone", "CORP");', "Marigold7Stone"),
        ('curl_easy_setopt(h, CURLOPT_USERPWD, "deploy:Fj29vq0Lx");', "Fj29vq0Lx"),
        ('System.setProperty("javax.net.ssl.trustStorePassword", "Quartz71Lake");', "Quartz71Lake"),
        ('c = Connection(srv, "cn=reader,dc=corp,dc=lan", "amberfield4410", auto_bind=True)', "amberfield4410"),
        # Files: a property list, strongSwan's secrets, a pipeline's variable named for a token.
        ("<key>password</key>\n<string>maple&fox1993</string>", "maple&fox1993"),
        ('carol : EAP "r7hx2p-wq81zm-lk33"', "r7hx2p-wq81zm-lk33"),
        (
            "variables:\n  - name: RELEASE_PAT\n    value: k2v8m3n7x1q9p4r6t5w0z8y7u2i3o4a5s6d7f8g9",
            "k2v8m3n7x1q9p4r6t5w0",
        ),
        # Session cookies of well-known names, alone on a line.
        (".ASPXAUTH=9F3C2A7B1D4E6F8091A2B3C4D5E6F708192A3B4C5D6E7F80", "9F3C2A7B1D4E6F8091A2B3C4D5E6F70"),
        ("sid_tt=7c1e9a4b2d8f6e3a5c0b9d7e1f2a3b4c", "7c1e9a4b2d8f6e3a5c0b9d7e1f2a3b4c"),
        # A chosen password in a sentence about a password, without a connector.
        ("would copper&wren2011 pass the new password rules?", "copper&wren2011"),
        ("the bank says lanternharbor4471 is too weak for a password", "lanternharbor4471"),
        # Services' shapes, licence keys, setup keys, pairing codes, a meeting's passcode.
        ("https://orders-fn.azurewebsites.net/api/sync?code=Qm9vb2tzX3JlYWxseV9yYW5kb21fa2V5XzQ0MTk=", "Qm9vb2tz"),
        (
            "access_token$sandbox$9f8e7d6c5b4a3b2c$0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
        ),
        ("svc_backup:1104:aad3b435b51404eeaad3b435b51404ee:5f4dcc3b5aa765d61d8327deb882cf99:::", "5f4dcc3b5aa765d61d8"),
        ("rtmp://a.rtmp.example.tv/live/live_48213_Zx8QmP2vLw5RtY7uKd3N", "Zx8QmP2vLw5RtY7uKd3N"),
        ("Windows product key from the sticker: 7KQ2M-R8TXP-4HJ9W-C3VDY-BN6FG", "7KQ2M-R8TXP-4HJ9W"),
        ("the authenticator setup key is MZXW 6YTB OI3T QNBR GE2D KMZQ", "MZXW 6YTB OI3T QNBR"),
        ("HomeKit code on the back of the lock: 314-15-926", "314-15-926"),
        ("webex meeting 2517 884 1203, passcode Tq8Rw2 — can you join?", "Tq8Rw2"),
        # A network's name and its password after a lock, as a sign or a note writes them (redaction used to cut out
        # the name and leave the password).
        ("📶 Wi-Fi: Attic-Net-2G 🔒 q7vl2mwx0e", "q7vl2mwx0e"),
    ],
)
def test_round_18_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        'the JWKS lists "kid": "rG8kd03_Yq2mLp7Xs9Vb1A", which key signed this token?',
        '<script nonce="dGhpcyBpcyBhIG5vbmNl8Qw">init()</script>',
        "what does %F0%9F%8E%89%20launch%20day%20%28beta%29 decode to?",
        "Berapa 15% dari Rp1.250.000?",
        "the most common passwords are still 123456, qwerty and password, write that up for the newsletter",
        "For example: user bob, password hunter2 (the classic joke), no real account",
        "the PIN code for Indiranagar is 560038, do you deliver there?",
        "Your account is locked. Reset your password to continue.",
        "ሰሌዳ ቁጥር 3-51892 የሆነ መኪና በሩን ዘግቷል።",
        "Jeg byttet passordet i går, men appen spør fortsatt om det gamle.",
        "sudo: 3 incorrect password attempts",
        "is a 6-word passphrase better than a random 14-character password?",
        "palette: #3fa2c1 primary, #ffcc00 accent — does it pass contrast?",
        "Zahlencode und Barcode stehen auf dem Etikett, Artikel 4006381333931",
        "Das neue Routerpasswort muss mindestens 12 Zeichen lang sein.",
        "我们的门禁系统升级到了2024版",
        "how do I reset the admin password on a FRITZ!Box 7530?",  # a brand's "!", not a password's symbol
    ],
)
def test_round_18_ordinary_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
