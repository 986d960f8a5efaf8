"""Round 24 of the credential filter (tuned by class on ``heldout-23``, blind until round 23 was final): one-time codes
named by a verification word after the word for a code in five more languages, after a colon at the end of a bank's
text, in Romance languages' "NNNN est votre code", in an e-mail's copy with the code alone on its line, in a device's
sign-in, or read out to a caller; a card's security code in any language; parcel lockers' opening codes; gift and
voucher codes in more languages, a phone's recharge PIN, a licence's serial in lower-case groups; pass-the-hash
arguments, a Kerberos key, a PgBouncer userlist's hash, an LND macaroon; tools' arguments (mosquitto_passwd -b,
altool -p, pulumi config set without --secret, an Ansible Vault password file), an ODBC file's PWD, Go's MySQL DSN,
OCI's pass_phrase; a file "protected with" its password in four more languages; a numbered seed phrase without
spaces; the answer to a security question after an arrow. And the look-alikes: a placeholder of words in the user's
language, a promotion's code, a Pix key, an open network's QR code, Razorpay's key id, Algolia's search-only key,
Microsoft's published KMS keys, a test card's CVC a word or two after its expiry, a password's hint, a password said
to have expired. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A verification word after the word for a code; a code ending a bank's text after a colon.
        ("Codul tău de verificare eMAG este 418203", "418203"),
        ("كود تحقق حسابك في طلبات 739160", "739160"),
        ("Il-kodiċi tal-konferma tiegħek huwa 602941", "602941"),
        ("Ihre pushTAN: 551903 für die Überweisung an Stadtwerke", "551903"),
        ("Code zur Bestätigung deiner Bestellung bei Zalando: 260417", "260417"),
        ("Code de validation pour votre achat de 129,00 EUR chez FNAC : 731846", "731846"),
        ("ドコモアカウント 確認コード：7KQ2M", "7KQ2M"),
        # Romance "NNNN is your code"; an e-mail's copy; a device's sign-in; a page's code to enter; a caller.
        ("4821 es tu código de Glovo. No lo compartas.", "4821"),
        ("603118 est votre code de connexion Doctolib", "603118"),
        ("Verification code\n8QZT4K\nThis code expires in 15 minutes.", "8QZT4K"),
        ("open https://microsoft.com/devicelogin and enter the code K7QZ2MXPT to authenticate", "K7QZ2MXPT"),
        ("Your code is 7QK-2MX — enter it in the window you have open", "7QK-2MX"),
        ("someone called from 'the bank' and wants me to read out 604127 from the SMS", "604127"),
        ("OTP for your HDFC card purchase of Rs.4,999.00 at AMAZON is 318862. Never share it", "318862"),
        ("847120 şifreniz ile ödeme onayı verebilirsiniz. Garanti", "847120"),
        # A card's security code.
        ("el código de seguridad de mi tarjeta es 731", "731"),
        ("CVV на обратной стороне карты: 408", "408"),
        ("カードの裏のセキュリティコード 5521", "5521"),
        ("信用卡背面的安全码是 662", "662"),
        # Parcel lockers.
        ("Budbee: Öppningskod till boxen på Coop: 553018", "553018"),
        ("PostNord: Din åbningskode er 728104", "728104"),
        ("odbierz paczkę z paczkomatu przy Żabce, kod 402918", "402918"),
        ("【丰巢】取件码 4-2-8817，请尽快取件", "4-2-8817"),
        ("DPD Pickup : votre code pour ouvrir le casier est 55120981", "55120981"),
        # Gift and voucher codes, a recharge PIN, a licence's serial.
        ("kod karty podarunkowej Empik: QW7R-2ZPK-XV4L", "QW7R-2ZPK-XV4L"),
        ("Xbox voucher: 4RTZ9-KQ2MX-7PLW8", "4RTZ9-KQ2MX-7PLW8"),
        ("presentkortskod Åhléns: 7QK2MXZT9PLW", "7QK2MXZT9PLW"),
        ("بطاقة الشحن رقمها 482917305561928", "482917305561928"),
        ("Bitwig serial: k2q9-x7mp-4rtw-zl8n-h3bc-9qkz", "k2q9-x7mp-4rtw-zl8n-h3bc-9qkz"),
        # Hashes that log in, keys that forge or spend.
        (
            "nxc smb 10.1.2.0/24 -u admin -H 0a1b2c3d4e5f60718293a4b5c6d7e8f9 --local-auth",
            "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
        ),
        (
            "wmiexec.py -hashes aad3b435b51404eeaad3b435b51404ee:8f9e0d1c2b3a49586776a5b4c3d2e1f0 corp/admin@10.0.0.5",
            "8f9e0d1c2b3a49586776a5b4c3d2e1f0",
        ),
        ("svc_sql:aes128-cts-hmac-sha1-96:0f1e2d3c4b5a69788796a5b4c3d2e1f0", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"),
        ('"reporting" "md5a1b2c3d4e5f60718293a4b5c6d7e8f90"', "md5a1b2c3d4e5f60718293a4b5c6d7e8f90"),
        ("admin macaroon: 0201036c6e6402" + "ab" * 60, "0201036c6e6402" + "ab" * 60),
        # Tools' arguments, config files.
        ("mosquitto_passwd -b /etc/mosquitto/pw grafana Gr4f-mqtt-77", "Gr4f-mqtt-77"),
        ("xcrun altool --validate-app -f Build.ipa -u me@example.org -p qwzt-plmk-rtya-bnvc", "qwzt-plmk-rtya-bnvc"),
        ("pulumi config set apiToken Zq8Rt2Kp9Wm4Xv7Ln3", "Zq8Rt2Kp9Wm4Xv7Ln3"),
        ("echo 'amber kettle orbit' > .vault_password && chmod 600 .vault_password", "amber kettle orbit"),
        ("[Reports]\nDriver=PostgreSQL Unicode\nServername=db.internal\nUID=report\nPWD=Rp7!kq2Zt", "Rp7!kq2Zt"),
        ('dsn := "svc:Kp9Wm4Xv7Ln3@tcp(db:3306)/shop?parseTime=true"', "Kp9Wm4Xv7Ln3"),
        ("pass_phrase = Tq8-kelp-Orbit!", "Tq8-kelp-Orbit!"),
        # Protected with its password; a seed numbered without spaces; an answer after an arrow.
        ("el PDF del contrato está protegido con Contr4to2025, ábrelo tú", "Contr4to2025"),
        ("die Excel-Datei ist geschützt mit Haus!Bau77, bitte nicht weitergeben", "Haus!Bau77"),
        (
            "1.cancel 2.wine 3.cigar 4.accuse 5.betray 6.bring 7.capital 8.word 9.axis 10.actual 11.album 12.budget",
            "cancel 2.wine",
        ),
        ("pergunta de segurança: nome do primeiro professor → dona Cida", "dona Cida"),
        # Words of a few more languages: a password, a Teams passcode, a Wi-Fi key in groups, a door's code.
        ("paswọọdụ kọmputa m bụ Owerri2020", "Owerri2020"),
        ("Kenncode für die Besprechung: 7Hq2kz", "7Hq2kz"),
        ("WLAN-Schlüssel vom Router: 5032 5077 5126 4705 9471", "5032 5077 5126 4705 9471"),
        ("kode pintu rumah 8831 ya, jangan dikasih orang", "8831"),
        ("code autoradio de la 208 (notice dans la boîte à gants) : 4417", "4417"),
        ("初始密码为：726153，请尽快修改", "726153"),
        ("Xbox passkey: 305716", "305716"),
    ],
)
def test_round_24_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Placeholders of words in the user's language, a promotion's code, a Pix key, an open network.
        "no .env.example está DB_SENHA=sua_senha_aqui, troque antes de subir",
        "w przykładzie jest HASLO=wpisz_haslo, prawdziwe mam w menedżerze",
        "README: PASSWORT=dein_passwort_hier",
        "Der Bäcker hat den Gutscheincode SOMMER15 für alle Kunden ausgehängt",
        "minha chave pix é o CPF 123.456.789-09, pode mandar",
        "open network QR: WIFI:S:Library-Guest;T:nopass;;",
        # Keys public by design: Razorpay's key id, Algolia's search-only key, Microsoft's KMS client keys.
        "RAZORPAY_KEY_ID=rzp_test_Kq2Zt8Pw4Mx9Lb",
        "algoliasearch('Q7ZK2M4XPT', '0a1b2c3d4e5f60718293a4b5c6d7e8f9') is the search-only key the site ships",
        "KMS client setup key for Windows 11 Enterprise: NPPR9-FWDCX-D2C8J-H872K-2YT43 (Microsoft's docs)",
        # A test card's CVC after its expiry; a hint; a password said to be expired or forgotten.
        "Stripe's test card 4242 4242 4242 4242 with expiry 12/34 and CVC 123 works in test mode",
        "the hint for my old work password was 'the lake house', no idea what I typed",
        "лозинка за пошту ми је истекла јуче",
        # A card's security code talked about; a "security code" with no card; a serial of four groups.
        "the CVV field must be 3 or 4 digits long",
        "CVV check failed on order 7731, the bank says",
        "the security code feature ships in release 12",
        "serial number: c02x-1234-abcd-9f9f",
        # A locker's id, a voucher's promotion, the words without a value.
        "paczkomat KRA01M przy dworcu, otwarty całą dobę",
        "use voucher code WELCOME10 at checkout",
        "I set up a passkey for my GitHub account yesterday",
        "the radio station is 101.5 FM",
        "el PDF está protegido con contraseña, pídemela por teléfono",
        "pulumi config set aws:region eu-central-1",
        "HOST=web1\nPWD=/home/deploy",
    ],
)
def test_round_24_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
