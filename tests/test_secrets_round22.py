"""Round 22 of the credential filter (tuned by class on ``heldout-21``, blind until round 21 was final): a parcel
locker's pickup code in the languages of its texts; a bank's one-time code with a copula after it, a warning glued
to an emphasis mark, "if you didn't request this", Zulu's copula glued before it, the code first in a Hindi text;
a phone's lock code; a word in capitals and a year typed as a password after a password's word; an account's
password hash as a user record holds it (a cloud-init passwd, a fixture's password field, a users table's row, a
Caddyfile's basicauth, pfSense, MySQL); a backup code shown in two groups of four digits, a Microsoft recovery code,
a domain's transfer code. And the look-alikes: a processor's published test card with its CVC, in other languages;
a sentence about a password kept in a password manager; a password's strength in quotes; a company's registration
code; a stack frame's module and offset; a JSON Web Key's id; an S3 version id; Algolia's search-only key; a hash
said alone. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A parcel locker's pickup code.
        ("Bring: pakken er klar i pakkeautomaten på Kiwi Majorstuen. Hentekode: 551903", "551903"),
        ("DAO: Din pakke kan hentes i pakkeboksen ved Føtex. Afhentningskode: 803214", "803214"),
        ("DHL: je pakket ligt in de automaat bij Albert Heijn. Ophaalcode: 640128", "640128"),
        ("Budbee: paketet finns i boxen vid Coop. Upplåsningskod: 287741", "287741"),
        ("Fan Courier: coletul e in FANbox Lidl Berceni. Cod de deschidere: 930615", "930615"),
        ("Trendyol Express: paketiniz dolapta. Teslim alma kodu: 418207", "418207"),
        ("【菜鸟驿站】您的包裹已到站，取件码 62-3-1907 不对，请用取件码50718832取件", "50718832"),
        # A bank's one-time code: a copula after it, a warning with an emphasis mark, a request nobody made.
        ("Inecobank: Ձեր հաստատման կոդն է 725146։ Մի՛ կիսվեք այն որևէ մեկի հետ։", "725146"),
        ("BBK: Zure kode bakarra 318864 da. Ez partekatu inorekin.", "318864"),
        ("Standard Bank: Ikhodi yakho ye-OTP ngu-905371. Ungayinikezi muntu.", "905371"),
        ("Bradesco: use o código 611093 para confirmar o Pix de R$ 80,00. Nunca informe este código.", "611093"),
        (
            "Código para confirmar el pago de 12,90 € en Glovo: 275508. Si no has solicitado esta operación, llámanos.",
            "275508",
        ),
        (
            "here is your code to sign in on a new browser: 840326. If you didn't request this, reset your password.",
            "840326",
        ),
        ("482915 आपके HDFC खाते से ₹1,200 के भुगतान के लिए OTP है। इसे किसी के साथ साझा न करें।", "482915"),
        ("Akbank: 662018 nolu şifre ile 320,00 TL tutarındaki işleminizi onaylayın.", "662018"),
        ("2fa: 903417", "903417"),
        # A phone's lock code; a Zulu PIN with its copula glued on.
        ("mijn telefooncode is 390518, voor als ik hem kwijt ben", "390518"),
        ("मेरे फोन का लॉक कोड 604193 है", "604193"),
        ("code de mon téléphone : 281736", "281736"),
        ("i-PIN yekhadi lami ngu-5093", "5093"),
        # A word in capitals and a year after a password's word.
        ("heslo na notebook je BARCELONA_19", "BARCELONA_19"),
        ("login della banca: utente pr0v4 password JUVENTUS_2011", "JUVENTUS_2011"),
        # Two words joined by a dot with a capital and a number (a password, not a dotted name of code); a password's
        # word as Mongolian and Persian write it in Latin letters; a key with its id (fal.ai's).
        ("is é pasfhocal an ríomhphoist ná Ciara.sneachta41", "Ciara.sneachta41"),
        ("minii bankny nuuts ug TuulGol2019Mod, martchikhval", "TuulGol2019Mod"),
        ("lotfan vared sho, ramz Sepideh1402Bahar", "Sepideh1402Bahar"),
        ("FAL_KEY=1f0c9a2e-7b4d-4e8a-9c3f-5d6b7a8e9f01:3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b", "3c5e7a9b1d2f4a6c8e0b"),
        # An account's password hash as a user record holds it.
        (
            "users:\n  - name: deploy\n    passwd: $6$k2Lx9Pq4Rt$Zm8Wn3Vb7Xc1Qa5Sd9Fg2Hj6Kl0Po4Iu8Yt3Re7Wq1Ez5Xc9Vb2",
            "$6$k2Lx9Pq4Rt$Zm8",
        ),
        (
            '{"model": "auth.user", "fields": {"username": "ops", "password": "pbkdf2_sha256$600000$Hq3Lr8Vx2Kp9$Tz5Wn'
            '1Mb7Xc4Qa8Sd2Fg6Hj0Kl3Po7Iu9Yt="}}',
            "pbkdf2_sha256$600000$Hq3Lr8Vx2Kp9",
        ),
        (
            "id,login,password_hash\n3,ines@example.test,$2b$12$Rk4Lm8Vx2Qp7Wz3Nb9Tc5Hy1Jd6Gf0Sa4Ue8Io2Pl7Kj3Mh5Xc9Zq1W",
            "$2b$12$Rk4Lm8Vx2Qp7Wz3Nb9Tc",
        ),
        (
            "basicauth /ops/* {\n    alice $2a$14$Pq3Lr8Vx2Kp9Tz5Wn1Mb7Xc4Qa8Sd2Fg6Hj0Kl3Po7Iu9Yt1Re5Wq\n}",
            "$2a$14$Pq3Lr8Vx2",
        ),
        ("<bcrypt-hash>$2y$10$Lm8Vx2Qp7Wz3Nb9Tc5Hy1Jd6Gf0Sa4Ue8Io2Pl7Kj3Mh5Xc9Zq1Wr5T</bcrypt-hash>", "$2y$10$Lm8Vx2"),
        (
            "| app | % | *6C8A9F5B2E1D7C3A4B8E9F0D1C2B3A4E5F6D7C8B | mysql_native_password |",
            "*6C8A9F5B2E1D7C3A4B8E9F0D1C2B3A4E5F6D7C8B",
        ),
        # Backup and recovery codes.
        ("Gmail का बैकअप कोड: 7391 0548", "7391 0548"),
        ("Dropboxのバックアップコード：8302 1975", "8302 1975"),
        ("账号的两步验证备用码：7kq2vxm9rt，先存着", "7kq2vxm9rt"),
        ("Facebook yedek kodu: 40917263", "40917263"),
        ("Microsoft account recovery code: K7QX2-M9TRP-W4ZLB-H8NCV-F3JYD", "K7QX2-M9TRP-W4ZLB"),
        ("The EPP code for lumen-atlas.org is: Wq7Rt2Zp9MkXv4Ln. Give it to the new registrar.", "Wq7Rt2Zp9MkXv4Ln"),
    ],
)
def test_round_22_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A processor's published test card said to be one, with its CVC and expiry, in other languages.
        "Tarjeta de prueba de Redsys: 4548 8120 4940 0004, caduca 12/34, CVV 123.",
        "Тестовая карта ЮKassa 5555 5555 5555 4477, CVC 123 — из документации.",
        "Stripeのテストカード 4000 0039 2000 0003 を使ってください。",
        "بطاقة الاختبار 4242 4242 4242 4242 في بيئة Stripe التجريبية",
        "Adyen test Visa: 4111 1111 4555 1142, CVC 737, expiry 03/30",
        # A file's dotted name after a password's word; where a password is kept, said in another language; a
        # password's strength in quotes.
        "heslo k serveru je v souboru config.Prod2",
        "Hasło do routera jest w 1Password-sejfie zespołu. [item 3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f]",
        "服务器密码在团队的1Password保险库里，问小王要权限。",
        "Passordet til skriveren står i Bitwarden-hvelvet, spør Kari.",
        'the form finally said my new password is "excellent" after I added symbols',
        # Ids and names everyone sees: a company's code, a stack frame, a key's id, a version id, a search-only key.
        "Код ЄДРПОУ підприємства: 40213587",
        "crash at 0x00007FFB1C2D3E4F (module ntdll.dll+0x9D4E2) after resume",
        "the kid in the JWKS is Zk3Lm8Vq2Xp7Wr4Nt9Bc5Hy1Jd6Gf0Sa, rotate the cache hourly",
        'aws s3api get-object ... "VersionId": "3sL4kqtJlcpXroDTDmJ.rmSpXd3dIbrH"',
        "Algolia search-only API key for the site search: 9f2c4e6a8b0d1f3e5a7c9b2d4f6e8a0c",
        # A hash said alone, not an account's; a user's e-mail and a count, no hash.
        "is this a valid bcrypt hash? $2b$12$Rk4Lm8Vx2Qp7Wz3Nb9Tc5Hy1Jd6Gf0Sa4Ue8Io2Pl7Kj3Mh5Xc9Zq1W — compare fails",
        "id,email,logins\n3,ines@example.test,42",
        # Numbers that are no backup code: a phone number, a year and a count; no code after the OTP's word.
        "backup code expires in 2024 1234",
        "Port 8443 serves the OTP endpoint",
        "OAuth authorization code flow per RFC 6749",
    ],
)
def test_round_22_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
