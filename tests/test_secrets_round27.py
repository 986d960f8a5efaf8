"""Round 27 of the credential filter (tuned by class on ``heldout-26``, blind until round 26 was final): a one-time code
relayed in a family's chat (asked for without a question mark, answered with a word or two around the digits), a
password handed over in the next message; a gift card's or a phone's recharge card's code named in any language (the
vocabulary's ``gift_card`` list); a password column or a notes list under a password's name in any language; a CVV
asked for and given; a password spelled between hyphens; Steam Guard's code after "is" and its revocation code; six
digits a few words after a one-time code's name; a text message from a sender cased "eMAG:"; a card's security code
after its expiry with the count of its digits said. And the look-alikes: an error's code in capitals before
"password", a public key in other languages, a CAPTCHA's site key in an env file, a postal PIN closing an address, an
order's number before a return code's word, a field named "code" in an error object, a chat's commit after "Secret:",
a question about what a number is, a list under "Password reset". Every example is written here, none copied from a
corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A code relayed in a chat: asked for without a question mark, answered with words around it.
        ("Ana: mami pásame el código que te llegó del banco\nMamá: 482913", "482913"),
        ("Rudi: kak, kode OTP Tokopedia sudah masuk?\nSiska: sudah nih 730412\nRudi: makasih", "730412"),
        ("Jan: mamo podaj mi kod z SMS-a z ING\nMama: 551902\nJan: dzięki", "551902"),
        ("Kerem: annecim telefonuna gelen kodu söyler misin\nAnne: 640218 yazıyor", "640218"),
        ("[09:12] Lea : tu peux me donner le code reçu de Doctolib ?\n[09:13] Paul : oui c'est 902714", "902714"),
        ("민준: 엄마 폰으로 인증번호 왔지? 불러줘\n엄마: 318540 이거 맞니", "318540"),
        ("स्नेहा: माँ, फ़ोन पर जो OTP आया है वो बता दीजिए\nमाँ: 774120 आया है बेटा", "774120"),
        ("สมศรี: แม่ อ่านรหัส OTP ให้หน่อย\nแม่: 508213 จ้ะ", "508213"),
        ("王芳：妈，你手机收到的验证码发我一下\n妈妈：663091", "663091"),
        ("[18:02] Ola: dawaj blika\n[18:03] Piotr: 447120\n[18:03] Ola: poszło", "447120"),
        # A password handed over in the next message, or after a question that names nothing.
        ("[10:01] Marta: te paso la contraseña en otro mensaje\n[10:02] Marta: gatito84", "gatito84"),
        (
            "[21:10] Kim: the password is the usual plus the year\n[21:11] Lee: which usual??\n"
            "[21:12] Kim: W1nter#2024",
            "W1nter#2024",
        ),
        ("[14:52] Jonas: wie war das Passwort vom NAS?\n[14:55] Eva: @Birne1987B – mit großem B", "@Birne1987B"),
        # A CVV asked for, then given.
        ("Assistant: I can't read the CVV on that photo.\nUser: sorry, it's 482", "482"),
        # Gift cards and recharge cards named in any language.
        ("앱스토어 기프트카드 코드 QW7R2TZP9KXM4D8N", "QW7R2TZP9KXM4D8N"),
        ("Voici ta carte cadeau Fnac : 7HQ2-PL39XK-ZR8M, bon anniversaire !", "7HQ2-PL39XK-ZR8M"),
        ("mã thẻ cào Mobifone 418203955172, nạp giúp mình", "418203955172"),
        ("کد شارژ همراه اول: 771920348812", "771920348812"),
        ("Ich hab dir eine Guthabenkarte gekauft: 5512093847120934", "5512093847120934"),
        ("Tarjeta regalo de El Corte Inglés: 9KD2XQ7MZ4PL", "9KD2XQ7MZ4PL"),
        # A password's column or a notes list under a password's name in any language.
        ("Hizmet\tKullanıcı\tŞifre\nNetflix\tmehmet\tkaplan1983!", "kaplan1983!"),
        ("ПАРОЛИ\nАвито — vesna_2019!\nпочта — та же", "vesna_2019!"),
        ("Hasła 🔒\nOLX – zielony_kot77\nbank – w sejfie", "zielony_kot77"),
        # A password spelled between hyphens.
        ("ok I'll spell it: m-a-n-g-o-4-2", "m-a-n-g-o-4-2"),
        ("Ich buchstabiere: k-a-t-z-e-7-1", "k-a-t-z-e-7-1"),
        # Steam Guard.
        ("Steam Guard code for my alt is K7Q2M, quick", "K7Q2M"),
        ("Steam Guard revocation code: R40913 (keep it safe)", "R40913"),
        # One-time codes a few words after their name, and a sender cased as a brand.
        ("BNP : code de confirmation 3D Secure 663104 pour l'achat de 54,20 EUR.", "663104"),
        ("eMAG: Codul de autorizare pentru plata de 99,90 RON este 418230.", "418230"),
        # A lock's code keyed in after the lock's name.
        ("Para entrar al garaje marca 4417 en el teclado", "4417"),
        ("Домофон: набираешь 772019 и ключ", "772019"),
        # A card's security code after its expiry, its digits counted or a CSV's next cell.
        ("carte 4970 1012 3456 7893, exp 11/27, les 3 chiffres au dos 845", "845"),
        ("name,card,exp,cvc\nLuis,4970 1012 3456 7893,11/27,309", "309"),
        # A card number mistyped (no Luhn check passes) but with its expiry and its code: both cut.
        ("card 1222 4742 9592 4509, exp 04/29, cvc 318, name Ana", "1222 4742 9592 4509"),
    ],
)
def test_round_27_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # An error's code in capitals before "password"; a field named "code" in an error object.
        "AADSTS50034: The user account does not exist or the username or password is wrong.",
        "Error: connect ECONNREFUSED\n  code: 'ECONNREFUSED',\n  port: 5432\n}",
        # Public keys in other languages; a CAPTCHA's site key in an env file.
        "Clave pública del servidor WireGuard: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
        "Der öffentliche Schlüssel des Servers: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
        "NEXT_PUBLIC_RECAPTCHA_SITE_KEY=6LcQ3xMqAAAAAJ8rT2uVbN1kX0pZ7yWd4eFgHs9a",
        # A postal PIN closing an address; an order's number before a return code's word.
        "Ship to: 22 Park Street, Kolkata, West Bengal - PIN 700016",
        "Hepsiburada sipariş numaram 318204, iade kodu bekliyorum",
        # A scanner's finding that names a secret, then the commit it was found in.
        "Finding: REDACTED\nSecret: REDACTED\nCommit: 9f1c2ab34de56f7890a1b2c3d4e5f6a7b8c9d0e1",
        # A question about what a number is; a voucher that is a booking's number.
        "gift card code 4401992083312? no, that's the parcel's reference",
        "Hotel voucher for booking 8812093341 attached",
        # A processor's test card said to be one, with an expiry and a code after it.
        "4242 4242 4242 4242, exp 12/34, cvc 123 (Stripe test card)",
        # A password policy's list, not a list of passwords.
        "Password reset flow:\n1. User asks -> we send a link\n2. Link opens the form",
        # A chat that names a code and answers with a number that is something else.
        "[10:00] Ana: the code review is done\n[10:01] Ben: PR 4512 merged",
        "[10:00] Ana: which port does the code server use?\n[10:01] Ben: 8443",
    ],
)
def test_round_27_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
