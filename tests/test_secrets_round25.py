"""Round 25 of the credential filter (tuned by class on ``heldout-24``, blind until round 24 was final): a password or
a code that answers a question for it in a chat, in any language the vocabulary speaks (a dialogue's dashes, an
Android export's "date time - name:", quotes, "it's ...", the account's address before it, digits alone past a
code's length); a generated password with an "=" inside; a code that came by text said so in Romance languages; an
e-mail address and its password after a colon or a slash; a word, a symbol and a number in a password's sentence;
security answers listed under their heading; a mail server's AUTH PLAIN, a credentials file printed by cat, Google's
OAuth authorization code; a seed phrase in quotes; an alarm disarmed "with" its code in Romance languages, a safe's
code after a room's number, a code noted to be remembered, Zoom's host key, a memorable word "in case", storerooms'
codes. And the look-alikes: an order's number a few words before its colon, India's postal PIN after an address, a
CAPTCHA's site key, a router's name after an article. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A question for a password or a code in a chat, and the message that answers it.
        ("- Wat is het wachtwoord van de printer?\n- Kaas.broodje44\n- dank je", "Kaas.broodje44"),
        ("- 公司wifi密码多少？\n- shenzhen8821\n- 谢谢", "shenzhen8821"),
        ("- ما هو باسورد الراوتر؟\n- falcon2291\n- شكرا", "falcon2291"),
        ("- mi a jelszó a tévéhez?\n- _Tulipan77_\n- köszi", "_Tulipan77_"),
        ("- jaki jest kod do bramy?\n- 4417#\n- dzięki", "4417#"),
        ("「会社のWi-Fiのパスワード教えて」\n「sakura7731 です」", "sakura7731"),
        ("— Скиньте пароль от роутера\n— Medved_4410\n— спасибо", "Medved_4410"),
        (
            "12/03/2024 09:15 - Ana: qual é a senha do roteador?\n12/03/2024 09:16 - Beto: 83920571648213",
            "83920571648213",
        ),
        ("[10:02] Lea: cual era el codigo del portal\n[10:03] Iker: 2291, y luego la llave", "2291"),
        ("> what's the password for the lab printer?\nit's mango4471, all lower case", "mango4471"),
        ("- 爱奇艺的账号密码是多少？\n- lin.wei@example.cn Panda2023x\n- 好的", "Panda2023x"),
        # A generated password with an "=" inside it.
        ("Ügyfélkapu jelszó: Qx=8mPz4Lr", "Qx=8mPz4Lr"),
        ("mot de passe du NAS : Hf7=kQ2pLm", "Hf7=kQ2pLm"),
        # A code that came, said so; a code noted to be remembered.
        ("le code que j'ai reçu est 582014, tu peux le saisir ?", "582014"),
        ("the code I got is 771204, type it in quickly", "771204"),
        ("el código que me ha llegado es 440918", "440918"),
        ("code d'accès appli (ne pas oublier) : 38291", "38291"),
        # An e-mail address and its password; a word, a symbol and a number in a password's sentence.
        ("j.doe@example.com: Winter2025!", "Winter2025!"),
        ("m.rossi@example.it / gelato4471 for the school portal", "gelato4471"),
        ("is Pumpkin_8841 strong enough as a password?", "Pumpkin_8841"),
        # Security answers listed under their heading; a memorable word before "in case".
        (
            "my security questions for the tax portal:\nmother's maiden name -> Okafor\nfirst car -> Fiat Punto",
            "Okafor",
        ),
        ("my memorable word is Cardigan in case the bank calls", "Cardigan"),
        # Protocols, files and redirects that carry a login.
        (
            "EHLO me\nAUTH PLAIN AGFubmFAZXhhbXBsZS5vcmcAVHIwdWI0ZG9yJjM=\n235 2.7.0 Authentication successful",
            "AGFubmFAZXhhbXBsZS5vcmcAVHIwdWI0ZG9yJjM=",
        ),
        ("cat ~/vpn/credentials.txt\nmarek\nVq8#tLz2pX", "Vq8#tLz2pX"),
        (
            "it sends me to https://app.example.com/oauth2/callback?state=xyz&code=4/0AVHEtk7QpZ2mXc9LwR4tBn8YdK3sF6gH1jV5u"
            "N0eT2yA&scope=openid and hangs",
            "4/0AVHEtk7QpZ2mXc9LwR4tBn8YdK3sF6gH1jV5uN0eT2yA",
        ),
        # A seed phrase in quotes.
        (
            'is this phrase valid? "orbit pepper vessel canoe mimic thunder ladder guitar frozen velvet simple harbor"',
            "orbit pepper vessel canoe mimic thunder ladder guitar frozen velvet simple harbor",
        ),
        # Codes that open: an alarm disarmed with its code, a safe after a room's number, a time-shaped code entered.
        ("l'alarme se désactive avec 7391 puis OK", "7391"),
        ("L'allarme si disattiva con 2864 e poi OFF", "2864"),
        ("Tresor Zimmer 214: 8153", "8153"),
        ("Alarmanlage im Laden: 0915 eingeben und dann AUS", "0915"),
        ("the code for the bike store is 2291, don't share it", "2291"),
        ("koden till cykelförrådet är 4471", "4471"),
        ("Zoom host key for the all-hands: 804215", "804215"),
    ],
)
def test_round_25_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Questions answered by what is no credential.
        "- which port does the password service listen on?\n- 8443",
        "- what's the password policy?\n- Summer2024 style is banned",
        "- wie lang muss das Passwort sein?\n- mindestens 12 Zeichen",
        "- what's the wifi network called?\n- CoffeeHouse_5G",
        # An address and what is no password after it; names assigned as code assigns them.
        "ops@example.com: v2.4.1 is deployed",
        "contact ops@example.com / ticket INC0042 for access",
        # An order's number a few words before its colon; India's postal PIN after an address.
        "Bestellnummer bei Otto: 4539 5787 6362 1486",
        "numéro de commande chez Fnac : 4539578763621486",
        "deliver to: house 4, sector 9, Gurugram, PIN code 122018",
        # A CAPTCHA's site key, which every visitor's page carries.
        '<div class="g-recaptcha" data-sitekey="6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"></div>',
        "turnstile.render('#widget', { sitekey: '0x4AAAAAAADnPIDROrmt1Wwj' })",
        # A thing named after its article; a time; a lock's name with no code; security questions with no answers.
        "Das Passwort steht auf der Unterseite der FRITZ!Box",
        "Wecker: 0630, dann Frühstück",
        "cassaforte camera 12: aperta",
        "security questions for the portal:\n- none set yet",
        "remember: the error code was 4012",
        "code produit (ne pas modifier) : 40125",
        # A line with a question mark that asks nothing of a credential, or a URL's query; then a line that answers.
        "is this config safe to share?\nAPP_ENV=staging\nPORT=8080",
        "GET /search?q=shoes HTTP/1.1\nAccept-Language: fr-FR,fr;q=0.8",
    ],
)
def test_round_25_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text


def test_an_address_pair_takes_the_password_not_a_port_or_the_next_variable() -> None:
    url = "sqlserver://app:Zq81mVw0pLk3Tx@db1.example.local:1433?database=Sales"
    assert secrets.redact(url) == "sqlserver://app:[REDACTED:Connection String]@db1.example.local:1433?database=Sales"
    line = "export TOOL_USER=admin@example.local TOOL_PASSWORD='Kp4!zR8qWm2x'"
    assert secrets.redact(line) == "export TOOL_USER=admin@example.local TOOL_PASSWORD='[REDACTED:Password]'"
