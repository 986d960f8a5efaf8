"""One-time codes that a sign-in or a payment sent by text, handed on while they still work: "code from the SMS is
964125", "079786 is your verification code", "код из смс: 532621", a bank's SMS forwarded whole. Found by the words
only such a code has, or by the word for a code and the word for a text message, in the languages people forward
them in; not the codes nobody keeps secret (:data:`PUBLIC_CODE`: a zip code, an error code, a booking code).
:mod:`ratchet.core.account_secrets` reads :func:`texted_codes` with the other secrets of an account.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.password_words import _YEAR

# Codes nobody keeps secret, named right before the word "code": "the zip code", "the error code", "the booking code".
PUBLIC_CODE = re.compile(
    r"(?i)\b(?:zip|post(?:al)?|area|country|dial(?:ling)?|status|error|exit|return|source|promo|discount|coupon|"
    r"voucher|qr|bar|dress|colou?r|language|currency|airport|product|tracking|sort|swift|bic|routing|tax|referral|"
    r"returns|returned|response|reason|carrier|"
    r"invite|invitation|booking|confirmation|reservation|reference|course|class)[\s-]*$"
)
# A code the message itself says not to share ("Your code is 251133. Don't share it with anyone."): what a sign-in
# or a payment sends by text; not a code of a kind nobody keeps secret (:data:`PUBLIC_CODE`).
_UNSHARED_CODE = re.compile(
    r"(?i)\bcode\b[^.\n]{0,24}?(?:\bis\b|:)\s*[\"'“]?(\d{4,8}|(?-i:[A-Z0-9]{6,10}))\b[^\n]{0,60}?"
    r"(?:\b(?:don'?t|do\s+not|never)\s+(?:share|give|tell|forward)|\bne\s+(?:le\s+)?(?:partagez|dis|communiquez)|"
    r"\bnicht\s+weiter|\bno\s+(?:lo\s+)?compartas|\bnon\s+condividere)"
)
# A one-time code a sign-in sent, handed on while it still works: "code from the SMS is 964125", "I just got a text
# with the code 153509", "079786 is your verification code", "verification code: 482913".
_SENT_CODE = re.compile(
    r"(?i)(?<!error )(?<!status )(?<!exit )(?<!return )\bcode\s+(?:from|in)\s+(?:the|my|your|an?)\s+(?:[\w-]+\s+)?"
    r"(?:sms|text|e-?mail|app|authenticator)\s*(?:is|was|:)?\s*(\d{4,8})\b|"
    # A service that texted a code, sent it to an address, or sent "a 6 digit code" ("my bank just texted me 989773",
    # "Epic sent 399016 to my email", "Facebook sends a 6 digit code (996571)"); not money sent, not a count.
    r"\btexted\s+(?:(?:me|you)\s+(\d{5,8})|(\d{5,8})(?=\s+to\s+(?:confirm|verify|approve|log|sign)))\b(?![.,/:-]\d)"
    r"(?!\s+(?:dollars|euros|pounds|rupees|naira|pesos)\b)|"
    r"\b(?:sent|sends|emailed)\s+(?:me\s+)?(\d{5,8})\s+to\s+my\s+(?:e-?mail|phone|number|inbox|cell|mobile)\b|"
    r"\b(?:sent|sends?|texted|emailed)\s+(?:me\s+|you\s+)?an?\s+\d[- ]digit\s+code\s*[(:]?\s*(\d{4,8})\b(?![.,/:-]\d)|"
    r"\b(?:sent|texted)\s+(?:me\s+)?(?:\d|four|five|six|eight)[- ]digits\s*[—–:(-]\s*(\d{4,8})\b(?![.,/:-]\d)|"
    # A message that starts with the code, then says what it is ("962928 — that's what came through just now", "700901
    # ← c'est le code que la Poste m'a envoyé").
    r"(?m:^)[ \t]*(?!(?:19|20)\d\d\b)(\d{4,8})[ \t]*(?:[—–←]|<-)[ \t]*"
    r"(?:that['’]?s|this\s+is|it['’]?s|c['’]est|es|ist|è|é|это)\s[^\n]{0,50}?"
    r"(?<!error )(?<!zip )(?<!status )(?<!exit )(?<!postal )\b(?:code|c[óo]digo|codice|kod|came\s+(?:through|in))\b|"
    # A text's own words: "Your Lyft code is 90847" (not a code of the kinds nobody keeps secret: "your zip code is").
    r"\byour\s+(?:(?!(?:zip|postal|post|area|country|promo|discount|coupon|referral|booking|confirmation|reservation|"
    r"tracking|voucher|reference|order|error|invite)\b)[\w.&-]+\s+){1,2}code\s+is\s*:?\s*(\d{4,8})\b(?![.,/:-]\d)|"
    r"\b(?:got|received|get)\s+(?:a|an|the)\s+(?:text|sms|e-?mail)\s+with\s+(?:the|a)\s+code\s+(\d{4,8})\b|"
    r"(?<![\d.,:/-])(?:[A-Z]{1,3}-)?(\d{4,8}|\d{3} \d{3})\s+is\s+your\s+(?:[\w-]+\s+)?"
    r"(?:(?:verification|security|login|sign-?in|one-?time|confirmation|access|authentication|2fa)\s+)?code\b|"
    # The same in French, Spanish, Portuguese, Italian, German ("1046 est votre code Leboncoin").
    r"(?<![\d.,:/-])(\d{4,8})\s+(?:est\s+votre|es\s+tu|[ée]\s+o\s+seu|è\s+il\s+tuo|ist\s+(?:dein|Ihr))\s+"
    r"(?:code|c[óo]digo|codice)\b|"
    # A sign-in's e-mail as copied: the code's name alone on its line, the code alone on the next ("Login Code\nFG5HE").
    r"(?m:^[ \t]*(?:your\s+)?(?:login|sign-?in|verification|security|one-?time|access|authentication)\s+code[ \t]*:?"
    r"[ \t]*\n[ \t]*((?-i:(?=[A-Z]*\d)[A-Z0-9]{5,8})|\d{3}[ -]?\d{3})[ \t]*$)|"
    # A device's sign-in ("... open the page https://microsoft.com/devicelogin and enter the code 1OHLOPAEC to
    # authenticate"), a code the page says to enter ("Your confirmation code is 0II-SYC — enter it in your browser").
    r"\benter\s+the\s+code\s+((?-i:[A-Z0-9]{4,5}-?[A-Z0-9]{4,5}))\s+to\s+(?:authenticate|sign\s+in|verify)\b|"
    r"\bcode\s+is\s+((?-i:[A-Z0-9]{3}-[A-Z0-9]{3})|\d{4,8})\b[^\n]{0,12}?\benter\s+it\b|"
    # The code that came, said so ("the code I got is 4821", "el codi que m'ha arribat és 386392", "le code que j'ai
    # reçu est 5521", "o código que recebi é 1180").
    r"\b(?:code|c[óo]digo|codi|codice)\s+(?:(?:that\s+)?I\s+(?:just\s+)?(?:got|received)|que\s+(?:me\s+ha\s+llegado|"
    r"m['’]ha\s+arribat|recib[íi]|recebi|j['’]ai\s+re[çc]u|me\s+chegou)|che\s+mi\s+è\s+arrivato|che\s+ho\s+ricevuto)"
    r"[^\n\d]{0,24}?\s(?:is|was|es|és|est|é|è|era)\s*:?\s*(\d{4,8})\b(?![.,/:-]\d)|"
    # A code someone on the phone asks to be read out: what a bank's caller (or a scammer) wants.
    r"\bread\s+(?:out|back)\s+(?:the\s+(?:code\s+)?)?(\d{6,8})\b(?![.,/:-]\d)|"
    # "Use 8151604 as Microsoft account security code", "Use 086 742 to verify your Instagram account".
    r"\buse\s+(\d{3}[ -]\d{3}|\d{4,8})\s+(?:as\s+(?:your\s+)?(?:[\w-]+\s+){0,2}(?:security|verification|login|"
    r"sign-?in|confirmation|authentication)\s+code|to\s+(?:verify|confirm|sign\s+in|log\s+in))\b|"
    # "use o código 680236 para confirmar", "Use 254295 para confirmar seu e-mail", "usa el código 4821 para verificar".
    r"\bus[ae]\s+(?:o\s+c[óo]digo\s+|el\s+c[óo]digo\s+)?(\d{4,8})\s+para\s+(?:confirmar|verificar|validar|acessar|acceder|entrar)|"
    # A code before its name in brackets, as Chinese texts print it ("【拼多多】47919（动态验证码）").
    r"(?<![\d.,])(\d{4,8})\s*[（(][^）)\n]{0,6}(?:验证码|驗證碼|確認コード|認証コード)|"
    # A Russian parcel point's pickup code ("код получения заказа 794591").
    r"\bкод\s+получения(?:\s+заказа)?\s*:?\s*(\d{4,8})\b|"
    r"\b(?:verification|one-?time|2fa|otp|sms)\s+code\s*(?:is|:)\s*(\d{4,8})\b(?![.,/:-]\d)|"
    # Six digits in two groups after a code's name and a colon ("Apple ID code that popped up on my Mac: 925 340",
    # "Kod BLIK: 365 372"): a sign-in's or a payment's code as the screen shows it; not a postal code's.
    r"(?<!zip )(?<!postal )(?<!post )(?<!pin )\b(?:code|kod|c[óo]digo|codice)\b[^\n:.]{0,40}:\s*(\d{3} \d{3})\b"
    r"(?![ .,/:-]?\d)|"
    # "2fa: 352302", "SecurID tokencode right now: 41285165": six to eight digits after the name of such a code.
    r"\b(?:2fa|mfa|totp|otp|tokencode)\b[^\n:]{0,40}:\s*(\d{6,8})\b(?![.,/:-]\d)|"
    # "the code just came in: 759157", "Enter this code to finish signing in to Figma: 607335", "Google
    # Authenticator shows 809 153": a code that has come, a sign-in's own words, an authenticator's current code.
    r"\bcode\s+(?:just\s+)?(?:came|arrived|has\s+come)(?:\s+(?:in|through))?\s*[:,]\s*(\d{4,8})\b|"
    r"\benter\s+this\s+code\b[^\n]{0,60}?:\s*(\d{4,8})\b(?![.,/:-]\d)|"
    r"\b(?:authenticator|authy|2fa\s+app)\s+(?:app\s+)?(?:now\s+|currently\s+|right\s+now\s+)?"
    r"(?:shows|says|displays|gives\s+me|reads)\s+(\d{3}\s?\d{3})\b|"
    # A Turkish bank's "351810 nolu şifre ile ... onaylayabilirsiniz": the password numbered so, for one payment.
    r"(?<![\d.,])(\d{4,8})\s+(?:nolu|numaral[ıi])\s+(?:tek\s+kullan[ıi]ml[ıi]k\s+)?(?:şifre|sifre|kod)|"
    # ... or "822308 şifreniz ile işlem onayı": "with your password 822308", the text's own words.
    r"(?<![\d.,])(\d{6,8})\s+[şs]ifreniz\s+ile\b"
)
# The same, said in any of the languages people forward such a text in ("код из смс: 532621", "kod z sms: 809305",
# "收到的验证码是328578"): a line with a word only a one-time code has, or with the word for a code and the word for a
# text message or its arrival, and four to eight digits near that word (not a year, not a count of something).
_OTP_NAME = re.compile(
    r"(?i)\b(?:otp|one[- ]time\s+(?:code|pin|pass(?:word|code))|verification\s+code|(?:sms|text)[- ]?code|"
    r"ověřovací\s+kód|(?:kod\s+)?blik\w{0,3}|einmal(?:passwort|kennwort|code)|\w*vahvistuskoodi\w*|"
    r"החד[- ]פעמי|(?-i:TAC)|tek\s+kullan[ıi]ml[ıi]k\s+(?:şifre|kod)\w*|\w*bevestigingscode|verificatiecode|"
    r"best[äa]tigungscode|verifizierungscode|doğrulama\s+kodu|kod\s+weryfikacyjny|код\s+подтверждения|"
    r"код\s+п[іи]дтвердження|kode\s+verifikasi|m[ãa]\s+(?:x[áa]c\s+(?:nh[ậa]n|th[ựu]c)|otp)|"
    r"nambari\s+ya\s+uthibitisho|c[óo]digo\s+de\s+verifica(?:[cç][ãa]o|ci[óo]n)|code\s+de\s+v[ée]rification|"
    r"codice\s+di\s+verifica|ওটিপি|ओटीपी|کد\s+(?:پیامکی|تایید|تأیید)|رمز\s+التحقق|קוד\s+ה?אימות)(?!\w)|"
    r"인증\s*번호|인증\s*코드|验证码|驗證碼|校验码|認証コード|認証番号|確認コード|ワンタイムパスワード|ワンタイムキー|รหัส\s*OTP"
)
_CODE_NAME = re.compile(
    r"(?i)(?<!\w)(?:code|codes|codice|c[óo]digo|codul|kod|kodu|kodem|k[óo]d|k[óo]dot|k[óo]du|код|коду|кода|kode|"
    r"kodunuz|koodi|pin|tan|קוד|كود|هالكود|الكود|رمز|الرمز|کد|mã)(?!\w)|コード|번호|코드|码|碼"
)
# What such a text says after its code, in the languages it comes in: not to share it, not to give it to anyone.
_DO_NOT_SHARE = re.compile(
    r"(?i)\b(?:(?:don'?t|do\s+not|never)\s+(?:share|give|tell|forward)|(?:no|nunca)\s+(?:lo\s+|la\s+)?compartas|"
    r"n[ãa]o\s+(?:compartilhe|informe|partilhe|divulgue)|ne\s+(?:le\s+)?(?:partagez|communiquez|transmettez)|"
    r"nicht\s+weiter|nicht\s+mit\s+anderen|non\s+condividere|(?<!\w)älä\s+(?:kerro|anna|jaa)|никому\s+(?:(?:его|не)\s+)?(?:не\s+)?(?:сообщайте|говорите|передавайте)|"
    r"nikomu\s+(?:go\s+)?nie\s+(?:podawaj|udostępniaj)|kimseyle\s+payla[şs]may\w*|kh[ôo]ng\s+chia\s+s[ẻe]|"
    r"jangan\s+(?:berikan|bagikan|kasih|dikasih|memberikan)|niet\s+(?:delen|doorgeven)|dela\s+inte|del\s+ikke|"
    # Or that whoever did not ask for it should say so: a sign-in's or a payment's own text too.
    r"if\s+you\s+did(?:n['’]?t|\s+not)\s+(?:request|ask\s+for|try)|si\s+no\s+(?:has|ha)\s+solicitado|"
    r"se\s+(?:voc[êe]\s+)?n[ãa]o\s+(?:solicitou|foi\s+voc[êe])|nunca\s+(?:informe|compartilhe|partilhe|forne[çc]a))\b|"
    r"请勿|請勿|不要(?:告诉|告訴|泄露)|誰にも教えない|절대\s*타인|לא\s+למסור|لا\s+تشارك"
)
# The same kinds named after the word for a code, as the Romance and Slavic languages say them ("código postal",
# "codice sconto", "kod pocztowy", "code promo").
_PUBLIC_AFTER = re.compile(
    r"(?i)\s+(?:postal|postale|pocztowy|promo\w*|de\s+(?:descuento|barras|error|reserva|pedido|r[ée]duction|"
    r"r[ée]servation)|di\s+(?:sconto|errore|prenotazione)|sconto|rabatowy|kreskowy|barre|zip)\b"
)
# A service's name and "code" in a text that signs one in ("Telegram code: 38519 ... tap on this link to log in",
# "WhatsApp code 967-350, use it to register").
_SERVICE_CODE = re.compile(
    r"\b(?:[Yy]our\s+|[Dd]ein\s+|Ihr\s+)?[A-Z][\w.]+[\s-](?:login\s+|sign-?in\s+)?[Cc]ode\s*:?\s*(\d{3}-\d{3}|\d{4,8})\b"
)
# A code the text says to remember, after a colon a few words on from its name, ending what is said of it.
_REMEMBERED = re.compile(
    r"(?i)\b(?:remember|don['’]?t\s+forget|ne\s+pas\s+oublier|n['’]oublie\s+pas|nicht\s+vergessen|"
    r"no\s+(?:olvidar|te\s+olvides)|non\s+dimenticare|kom\s+ih[åa]g|husk|onthoud|zapami[ęe]taj|не\s+забудь\w*)\b|"
    r"记住|記住|覚えて|기억"
)
_NOTED = re.compile(r"[^\n:：\d]{0,30}[:：]\s*(\d{4,8})(?=\s*(?:[.,;!)]|$))")
_SERVICE_NOT = re.compile(r"(?i)\b(?:http|status|error|exit|return|response|fehler|antwort)\b")  # "HTTP-Code 4040"
# What a sign-in's text says its code is for, or how long it lasts ("Gültig für 15 Minuten", "valid for 10 minutes").
_SIGNS_IN = re.compile(
    r"(?i)\b(?:log\s*in|sign\s*in|verify|confirm|share|forward|send\s+it|register|valid\s+for|g[üu]ltig\s+f[üu]r|"
    r"v[áa]lid[oa]\s+(?:por|durante)|valable\s+\d|valido\s+per|geldig\s+voor)\b"
)
# The words of a text message or of its coming. Not English's "got", "received" or "arrived": developers say them of
# code ("we received code review comments on PR 4521"); a text, an SMS, or "they sent" it.
_TEXTED = re.compile(
    r"(?i)(?<![^\W\d_])(?:sms|смс|a\s+text|the\s+text|texted|text\s+message|texto|mensaje|mensagem|messaggio|"
    r"mesaj|pesan|پیامک\w*|برسالة|رسالة|(?:they|he|she)\s+sent|lleg(?:ó|ar|ado)|arribat|arrivé|chegou|arrivato|přišel|"
    r"пришёл|пришел|прийшов|reçu|ricevuto|recib[íi]|recebi|otrzyma\w+|"
    r"primit|kaptam|aldım|geldi|nimepokea|وصل\w*|קיבלתי|收到|届いた|왔어|来た)(?![^\W\d_])|"
    r"sms|смс|短信"  # glued to a word ("בSMS", "SMSで")
)
_LATIN_OR_CYRILLIC = "0-9A-Za-z_\u00c0-\u024f\u0400-\u04ff"
# Four to eight digits, or six read out one by one ("5 6 0 2 2 5").
_CODE_NUMBER = re.compile(
    rf"(?<![{_LATIN_OR_CYRILLIC}.,:/+#№₹$€£¥-])(\d{{4,8}}|\d(?: \d){{3,7}}(?! \d))(?![{_LATIN_OR_CYRILLIC}]|[.,:/-]\d)"
)
# What the number counts when it is not a code ("expires in 1800 seconds", "sent to 2500 users").
_COUNTED = re.compile(
    r"\s*(?:%|seconds?|secs?|minutes?|mins?|hours?|days?|ms|chars?|characters?|digits?|times|attempts?|tries|users?|"
    r"customers?|messages?|sms|texts?|people|rows?|lines?|requests?|euros?|dollars?|usd|eur|gbp|rub|zł|kr|lei|ft|"
    # users in the languages a dashboard counts them in
    r"(?:be)?nutzer\w*|utilisateurs?|usuari[oa]s?|usuários?|utenti|użytkownik\w*|пользовател\w*|kullanıcı\w*|"
    r"€|\$)\b",
    re.I,
)


# What may stand right before the code (its word, a connector, the text it came in) or right after it ("312683 is
# my code"); any other word of Latin letters names the number as something else's.
_BEFORE_CODE = re.compile(
    r"(?i)(?:\b(?:is|was|are|es|est|ist|era|je|jest|este|e|é|è|to|ni|l[àa]|ialah|adalah|er|c['’]est|sms|otp|tan|pin|code|codes|kod|kodu|"
    r"k[óo]d|k[óo]dot|k[óo]du|codul|codice|c[óo]digo|kode|koodi|number|nummer|numero|número)|[^\sA-Za-z])\s*$"
)
_FROM_SENDER = re.compile(r"^\s*(?:from|dari|de|von|van|od|от)\s+[A-Z][\w.-]*\s*$")
# A Steam Guard code: five capitals and digits, sent by e-mail.
GUARD_CODE = re.compile(
    r"(?i:\b(?:Steam\s+Guard\s+code|(?:kod|code|c[óo]digo|codice|код)\s+Steam\s+Guard)\b)(?:[^\n]{0,60}?(?::|\bis\b))?"
    r"\s*([A-Z0-9]{5})\b|"
    # ... and the revocation code that removes its authenticator from the account ("R77127").
    r"(?i:\bSteam\s+Guard\b[^\n]{0,40}?\brevocation\s+code\b)\W{0,3}(R\d{5})\b"
)
_AFTER_CODE = re.compile(r"(?i)\s+(?:is|was|as|es|est|ist|c['’]est|é|è|je|jest)\b")


def _handed_over(body: str, number: re.Match[str], named: re.Match[str]) -> bool:
    """The number is the code the words name: only its word, a connector or a sign between them."""
    if number.start() < named.start():  # "312683 is my code", "5077 — код для входа", "113163 tek kullanımlık"
        return bool(
            _AFTER_CODE.match(body, number.end()) or re.fullmatch(r"[\s:—–-]*", body[number.end() : named.start()])
        )
    before = body[named.end() : number.start()]
    if _FROM_SENDER.search(before):
        return True  # "kode OTP dari Gojek 6791": the code from whoever sent it
    return not re.search(r"[A-Za-z]{2,}\s*$", before) or bool(_BEFORE_CODE.search(before))


_WARNING_REACH = 200  # characters between a code's line and the warning not to share it
_OPENING = re.compile(r"\s*(?:[A-Z][\w .&-]{0,30}:\s*)?")  # the message's start, or its sender's name: "SBI: "
_OPENS_REACH = 80  # characters from a code that opens a message to the word that names it


def _opens(body: str, number: re.Match[str], named: re.Match[str]) -> bool:
    """The code opens the message, and the clause it opens ends with a word only a one-time code has, in a script
    that says the code first ("560446 आपके SBI खाते से ₹2,500 के लेनदेन के लिए OTP है।"): no other code, no end of a
    clause, no English word between, within 80 characters."""
    between = body[number.end() : named.start()]
    if not _OPENING.fullmatch(body, 0, number.start()) or len(between) > _OPENS_REACH:
        return False
    # No English words ("8443 serves the OTP endpoint"); a brand's name may stand there ("आपका Paytm OTP है").
    return not re.search(r"[.!?।]\s|\d{4}|\b[a-z]{2}", between)


def texted_codes(text: str) -> Iterator[tuple[int, int, str]]:
    """The one-time codes a text message brought, in the languages of :data:`_OTP_NAME` and :data:`_TEXTED`."""
    if not re.search(r"\d ?\d", text):
        return
    warnings = [m.start() for m in _DO_NOT_SHARE.finditer(text)]  # "... Nunca lo compartas.": once, not at every line
    for line in re.finditer(r"[^\n]+", text):
        body = line.group(0)
        named = _OTP_NAME.search(body)
        otp = named is not None
        if not named:
            code = _CODE_NAME.search(body)
            if not code or PUBLIC_CODE.search(body, 0, code.start()) or _PUBLIC_AFTER.match(body, code.end()):
                continue
            # The warning in the same message (a line or two away), not a page away in a long paste.
            near = any(line.start() - _WARNING_REACH <= at <= line.end() + _WARNING_REACH for at in warnings)
            if not (near or _TEXTED.search(body)):
                continue
            named = code
        for number in _CODE_NUMBER.finditer(body):
            opens = otp and number.end() <= named.start() and _opens(body, number, named)
            near = (
                number.start() - named.end() <= 40
                # farther after "is": "OTP for your SBI transaction of Rs.12,500 is 559860"
                or number.start() - named.end() <= 80
                and bool(re.search(r"\bis\s*$", body[: number.start()]))
                if number.start() >= named.end()
                else named.start() - number.end() <= 40 or opens
            )
            value = number.group(1)
            said = otp and re.search(r"\bis\s*$", body[: number.start()])  # "... passcode ... is 1995": not a year
            year = len(value) == 4 and _YEAR.fullmatch(value) and not said
            if not near or year or _COUNTED.match(body, number.end()):
                continue
            if not (opens or _handed_over(body, number, named)):
                continue  # "on PR 4521", "port 8080", "line 1234": another thing's number
            yield line.start() + number.start(1), line.start() + number.end(1), "One-Time Code"
            break
    if _REMEMBERED.search(text):  # "code itsme (ne pas oublier) : 96720": a code noted to be remembered
        for code in _CODE_NAME.finditer(text):
            found = _NOTED.match(text, code.end())
            if found and not PUBLIC_CODE.search(text, 0, code.start()) and not _YEAR.fullmatch(found.group(1)):
                yield found.start(1), found.end(1), "Password"
    if _SIGNS_IN.search(text):
        for found in _SERVICE_CODE.finditer(text):
            if _COUNTED.match(text, found.end()):
                continue  # "Python code 3000 lines": a count of something
            word = found.start() + found.group(0).lower().rfind("code")
            if not PUBLIC_CODE.search(text, 0, word) and not _SERVICE_NOT.search(text, found.start(), word):
                yield found.start(1), found.end(1), "One-Time Code"
