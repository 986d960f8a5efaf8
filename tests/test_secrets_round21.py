"""Round 21 of the credential filter (tuned by class on ``heldout-20``, blind until round 20 was final): a bank's or a
service's own text with its one-time code at the end of a clause of words about what it confirms, and a warning not
to share it; the code right after a colon glued to its word, or in quotes; a Wi-Fi's key after the word for a key,
a code or a password; the answer to a security question after "the answer is" in other languages, with a name's
particles in lower case, in scripts without capitals; a password file's line (a user's name and their password's
hash); a parcel locker's pickup code; a configuration key that is a password word of another language; a token a
generator made in a sentence about a password; the value that resolves a password's description ("so it's
smith1984"); an app's resource file naming its key; PostgreSQL's password file; HAProxy's statistics login; Ruby's
basic_auth; a recovery key in groups of capitals. And the look-alikes: a postal code in a text that says not to
share, a Wi-Fi network's name, a question without its answer, a hash said in prose or as a configuration's value,
an order number after a pickup code's word, an ACME challenge, DKIM signatures, a KSUID, a page token, an
algorithm's name after "passwords". Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A one-time code at the end of a clause about what it confirms, with a warning not to share it.
        ("Su código para autorizar la transferencia de 120,50 EUR es 408317. No lo compartas con nadie.", "408317"),
        ("Codul de autorizare pentru plata catre Orange este 772914. Nu il comunica nimanui.", "772914"),
        ("Nordea: kertakäyttöinen vahvistuskoodisi on 530281. Älä kerro sitä kenellekään.", "530281"),
        # Right after a colon glued to the word, or in quotes.
        ("Giriş kodunuz: 604117. Bu kodu kimseyle paylaşmayın.", "604117"),
        ('ส่งต่อจากพ่อ: "รหัสยืนยัน Shopee ของคุณคือ 318802" ใครขอก็อย่าให้', "318802"),
        ("RM0 CIMB: TAC anda ialah 480391 untuk bayaran RM250.00. Jangan kongsi TAC anda.", "480391"),
        ("the code just came in: 661093", "661093"),
        ("Enter this code to finish signing in to Notion: 275019\nIt expires in 10 minutes.", "275019"),
        ("Authy shows 402 718 for the staging console right now", "402 718"),
        # A Wi-Fi's key after the word for a key, a code or a password.
        ("Wifi på hytta: nettverk «Fjellbu», kode fjellrype8841", "fjellrype8841"),
        ("le wifi du gîte : réseau Livebox-7F2A, clé qzvtrmxw-kplbn-hwd", "qzvtrmxw-kplbn-hwd"),
        ("WLAN im Ferienhaus: Netz „Seeblick“, Schlüssel 4821 0937 5512 6604 1183", "4821 0937 5512 6604 1183"),
        ("the cabin wifi is Lakeside-5G and the key is QW7RT2ZP9MKX", "QW7RT2ZP9MKX"),
        # The answer to a security question after "the answer is", a name with lower-case particles, no capitals.
        ("Sicherheitsfrage „Geburtsort der Mutter“ – die Antwort ist Wuppertal", "Wuppertal"),
        ("pregunta de seguridad «calle de la infancia»: Paseo de la Castellana", "Paseo de la Castellana"),
        ("密保问题“第一辆自行车的牌子”答案是 永久牌", "永久牌"),
        ("秘密の質問「母の旧姓」の答えは 佐々木", "佐々木"),
        ('the answer to "first concert" is Pearl Jam for every bank I use', "Pearl Jam"),
        ("Q: What street did your grandmother live on? A: Maple Terrace", "Maple Terrace"),
        # A password file's line.
        ("backup:$2b$10$Qm8zLr2VtXk9WpN4sYc7HeJd3FgA1bKu6RoT5iEyM0nZlCxPqSvW.", "$2b$10$Qm8zLr2VtXk9WpN4s"),
        (
            "svc:$6$n8Hq2Lx$Wb3Vd7Kp1Zr9Tm5Yc2Qf8Js4Ng6Hx0Ra1Ue3Io7Pl9Kj2Mh5Gd8Fs4Aq6Zw1Xe3:19800:0:99999:7:::",
            "$6$n8Hq",
        ),
        # A parcel locker's pickup code, words of what it collects between.
        ("InPost: kod odbioru przesyłki w Paczkomacie KRA07M to 615093", "615093"),
        ("Нова пошта: код для отримання посилки у поштоматі №5521 — 808146", "808146"),
        # A configuration key that is a password word of another language.
        ("compte:\n  utilisateur: facturation\n  mot_de_passe: Fact_QrZtLmWp\n", "Fact_QrZtLmWp"),
        # A generated token in a sentence about a password; the value that resolves a description.
        ("heads up, staging db pw changed, new one: Vt8qLm2XzR4pWn6K", "Vt8qLm2XzR4pWn6K"),
        ("the password is our street name plus the house number, so it's Elmwood482", "Elmwood482"),
        ("Password is the whole phrase IWalkTheDogAtSeven!", "IWalkTheDogAtSeven!"),
        # Formats: an app's resources, OpenWeatherMap's appid, PostgreSQL's password file, HAProxy, Ruby, Apple.
        ('<string name="maps_api_key">7c4e1a9b3d6f2e8a0c5b7d9f1e3a6c8b</string>', "7c4e1a9b3d6f2e8a0c5b"),
        ("weather?q=Oslo&appid=5d2b8e1f9a3c7e4b6d0f2a8c1e5b9d3f", "5d2b8e1f9a3c7e4b6d0f"),
        ("my ~/.pgpass line: db.internal:5432:billing:report:Rk9vX2mQ4tLz", "Rk9vX2mQ4tLz"),
        ("listen stats\n    bind :9000\n    stats auth ops:Stat5_Pw!2024", "Stat5_Pw!2024"),
        ("req.basic_auth 'svc', 'f3a9c1e7b5d2084c6e1a9f3b7d5c2e80'", "f3a9c1e7b5d2084c6e1a"),
        ("IMAP: conn.login('me@fastmail.test', 'qhxztrbwkvnpmgls')", "qhxztrbwkvnpmgls"),
        ("Apple recovery key: KQTM-WZRD-HPLX-VNCB-JFGS-TRMQ-ZXWY", "KQTM-WZRD-HPLX"),
        ("one of my backup codes: tkrv-5082", "tkrv-5082"),
    ],
)
def test_round_21_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A postal code or an order's number where the text says not to share; a count after the code's word.
        "El código postal de la oficina es 28013, no lo compartas en redes por favor.",
        "the pickup code for order 48213 is ready at the front desk",
        "Tu pedido de 3 artículos llegó. No lo compartas.",
        # A Wi-Fi network's name, a Wi-Fi's key asked for, a key's size.
        "the guest wifi is called Harbor-Guest-5G, ask the front desk for the key",
        "WLAN-Router neu: Schlüssellänge 2048 Bit, WPA3",
        # A security question asked, not answered; an answer that says nothing.
        "Sicherheitsfrage „Name des ersten Haustiers“ – die Antwort weiß ich nicht mehr",
        "Q: What port does your server listen on? A: 8080",
        # A hash said in prose, or as a configuration's value (what a login is checked against).
        "we hash with bcrypt, for example $2b$12$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ012",
        "admin_password_hash: $2b$12$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ012",
        # What DNS and mail publish, ids and cursors named as such, an algorithm's name.
        "the _acme-challenge TXT record is gX3vR9kLm2pQ7zT4wY8nB1cF6hJ0dS5aE2uI9oK3lMx, waiting on DNS",
        "DKIM-Signature: v=1; a=rsa-sha256; d=example.org; s=mail; bh=Xq2vR8kLm4pQ7zT1wY9nB3cF6hJ0dS5aE2uI=;",
        'ksuid=2GnJxQ8vRkLm4pT7zW1yB3cF6hN level=info msg="queued"',
        "next_page_token: Zm9vYmFyLWN1cnNvci0xMjM0NTY3ODkw (pass it back to get the next page)",
        "we store passwords as scrypt hashes, never in plain text",
        # A Wi-Fi or a warning not to share named a page away from a key's or a code's word (a long paste).
        "the office wifi is slow again today.\n" + "Notes from the planning meeting follow. " * 8 + "\n"
        "RSA key fingerprint is SHA256x9Kq2Lm7Pz4Wn8Rt",
        "Don't share the draft outside the team.\n" + "Minutes of the weekly sync, nothing decided. " * 8 + "\n"
        "Kod zamówienia w sklepie to 48213556",
        # A configuration key of another language whose value is a reference, a placeholder.
        "mot_de_passe: ${DB_PASSWORD}",
        "DB_PASSWORD=op://Infra/Postgres Main/password",
    ],
)
def test_round_21_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
