"""Round 26 of the credential filter (tuned by class on ``heldout-25``, blind until round 25 was final): one-time codes
said in Hebrew ("N הוא הקוד החד-פעמי שלך"), German (a service's "-Code" hyphened, "Einmalpasswort", "nicht mit
anderen", "gültig für"), Finnish ("vahvistuskoodisi", "älä kerro"), Portuguese and Spanish ("use o código N para
confirmar"), Chinese (the code before its name in brackets), Russian (a parcel point's pickup code), Polish (BLIK
inflected), a year-shaped code after "is"; Steam Guard's code named in other languages; authenticator setup keys and
backup codes in French, Korean, Japanese and Chinese; gift codes of consoles' stores and 卡密; a building's, a car's
immobiliser's and a digicode's code with a letter; a card's security code after its number and expiry, whatever its
name; a .pgpass line after words; a board's Wi-Fi join call; "j'ai mis X pour le compte"; an address "+" its
password; a network joined "with" its key; a password on the line below its word after an arrow or an aside. And the
look-alikes: a table's cell that says where a password is kept, optional chaining in code, a Wi-Fi network's name, a
wallet's address in other languages, "the same as last year", a value the text calls an example, a MAC address, an
HTTP code. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # One-time codes in more languages and shapes.
        ("9182 הוא הקוד החד-פעמי שלך לכניסה לבנק", "9182"),
        ("Dein Lieferando-Code: 512-904. Teile ihn nicht mit anderen.", "512-904"),
        ("Posti-vahvistuskoodisi on 448120. Älä kerro sitä kenellekään.", "448120"),
        ("Deine Sparkasse: 771204 ist dein Einmalpasswort. Nicht weitergeben.", "771204"),
        ("zrobiłem blika 552018, przelej na parking", "552018"),
        ("Kod Steam Guard: 7QX2M", "7QX2M"),
        ("Dein Flink-Code: 61842093. Gültig für 10 Minuten.", "61842093"),
        ("use o código 518204 para confirmar sua conta", "518204"),
        ("Use 730519 para verificar tu número", "730519"),
        ("【美团】604218（登录验证码），请勿泄露", "604218"),
        ("Пункт выдачи: код получения 330918", "330918"),
        ("Your one-time passcode for the purchase of $89.00 at IKEA is 2017. Never share it.", "2017"),
        # Authenticator setup keys and backup codes.
        ("Clé de configuration de l'authentificateur : JBSX 3DPE HPK7 KQ2M", "JBSX 3DPE HPK7 KQ2M"),
        ("2단계 인증 설정 키: MZXW 6YTB OI4Q 2LKM", "MZXW 6YTB OI4Q 2LKM"),
        ("备用验证码：\n4821 7730\n1902 5518", "4821 7730"),
        # Gift codes.
        ("Code carte PlayStation Store : K4QZ-7XMB-RP2W", "K4QZ-7XMB-RP2W"),
        ("天猫超市卡卡密：QW7R-2ZPK-XV4L-9MNB", "QW7R-2ZPK-XV4L-9MNB"),
        ("Codice eShop Nintendo: K7QZ2MXPT4LW9RBN", "K7QZ2MXPT4LW9RBN"),
        # Codes that open or start.
        ("code for the building is 4471, then take the stairs", "4471"),
        ("Code de démarrage du scooter : 8812", "8812"),
        ("El código del inmovilizador es 40318", "40318"),
        ("Pour entrer : digicode 4821B, deuxième porte", "4821B"),
        # A card's security code after its number and expiry.
        ("Carte : 4539 5787 6362 1486, exp. 05/28, cryptogramme 163", "163"),
        ("Kreditkarte 4539 5787 6362 1486, gültig bis 08/29, Prüfziffer 093", "093"),
        # Files, calls and sentences that hand a password over.
        ("config: db.internal:5432:crm:app:Zq81mVw0pLk3", "Zq81mVw0pLk3"),
        ("wlan.connect('Casa_Verde', 'Tr0mb0ne-55')", "Tr0mb0ne-55"),
        ('WiFi.begin("Lab-2G", "qK8!vR2zpL");', "qK8!vR2zpL"),
        ("j'ai mis Loutre_2291 pour le compte de la piscine", "Loutre_2291"),
        ("Zugang geht mit jan.berg@example.de + Moewe2291", "Moewe2291"),
        ("If you need internet, join Villa Sol 5G with lantern_quartz_mosaic41", "lantern_quartz_mosaic41"),
        # ESPHome's API encryption key.
        (
            'api:\n  encryption:\n    key: "Kq2Zt8Pw4Mx9Lb7Rn3Vd5Hs1Jf6Gc0Ye2Wu4Ti8Oa9m="',
            "Kq2Zt8Pw4Mx9Lb7Rn3Vd5Hs1Jf6Gc0Ye2Wu4Ti8Oa9m=",
        ),
        # The password on the line below its word, after an arrow or an aside.
        ("identifiant →\nmkowalski\nmot de passe →\nbrioche4471", "brioche4471"),
        ("login:\nanna.nowak\nhasło (w następnej linijce)\nk7vdq-51mxz-e2lp9", "k7vdq-51mxz-e2lp9"),
    ],
)
def test_round_26_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A table's cells that say where a password is kept, not what it is.
        "| Host | IP | User | Password |\n|---|---|---|---|\n| NAS | 10.0.0.5 | admin | in Vault |\n"
        "| Router | 10.0.0.1 | root | key only |",
        "| Gerät | Benutzer | Passwort |\n|---|---|---|\n| Drucker | admin | siehe KeePass |",
        # Code, a network's name, a wallet's address, a code said to be unchanged.
        "const token = req.headers.authorization?.split(' ')[1];",
        "Wi-Fi name: Telekom-7QX2 (no password, captive portal)",
        "The guest network is called FRITZBOX77, ask the front desk for the password",
        "Cüzdan adresim: 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        "De code van de poort is hetzelfde als vorig jaar",
        # A value the text calls an example; a MAC address; an HTTP code; a year; a barcode.
        "The MySQL image docs use MYSQL_ROOT_PASSWORD=my-secret-pw in the example",
        "DHCP lease: 3C:22:FB:90:1A:46 -> 10.46.151.239 (printer)",
        "The HTTP-Code 4040 is valid for nothing",
        "the OTP feature shipped in 2019",
        "use o código de barras 7891234 para pagar",
        "join the team call with everyone at 10",
        "password (see below)\nREADME.md",
        # "use" is no "usé": a key's file named for a client.
        "use ~/.ssh/id_rsa_deploy for the staging box, the default one for the rest",
    ],
)
def test_round_26_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
