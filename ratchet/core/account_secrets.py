"""Secrets of an account that no password word names: 2FA recovery and backup codes, TOTP seeds and setup keys,
wallet seed phrases, answers to security questions and memorable words, the codes of doors, gates, alarms and
locks, gift cards', vouchers' and activation codes, parcel lockers' pickup codes, one-time codes a text brought
(:mod:`ratchet.core.texted_codes`), and what a password-protected file is opened with. Each is found after the words
that do name it, in the languages people write in; the value is judged with the word rules of
:mod:`ratchet.core.passwords`.

:func:`spans` yields ``(start, end, kind)`` like :func:`ratchet.core.passwords.spans`; :mod:`ratchet.core.secrets`
reads both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core import cards
from ratchet.core.key_shapes import GIFT_CODE, GIFT_RUN, GROUPED_KEY, PREPAID_PIN, SERIAL
from ratchet.core.password_values import (
    _describes,
    _function_word_in,
    _ordinary_shape,
    _random_words,
    generated,
    plausible,
)
from ratchet.core.password_words import _CLAUSE_END, _DESCRIBING, _FUNCTION_WORDS, _YEAR
from ratchet.core.passwords import blank_templates
from ratchet.core.texted_codes import _COUNTED, _SENT_CODE, _UNSHARED_CODE, GUARD_CODE, PUBLIC_CODE, texted_codes
from ratchet.core.world_values import answer_after, asked, listed_answers

# 2FA recovery and backup codes, TOTP seeds and authenticator setup keys, recovery keys (BitLocker, Apple).
_OTP_WORDS = re.compile(
    r"(?i)\b(?:(?:recovery|backup|bypass|emergency|scratch|one[- ]time|verification|2fa|mfa|otp|totp|two[- ]factor|"
    r"two[- ]step|2[- ]step|authenticator|setup|restore)[\s_-]+(?:codes?|keys?|seeds?|secrets?)|"
    # A domain's transfer code (not OAuth's authorization_code grant, whose code= follows in a command).
    r"(?:epp|transfer)\s+(?:auth(?:ori[sz]ation)?\s+)?codes?|auth(?:ori[sz]ation)?\s+code\s+for\s+[\w-]+\.[a-z]{2,}|"
    r"(?:totp|otp|2fa|mfa)\s+seed|"
    r"cl[ée]\s+de\s+(?:secours|r[ée]cup[ée]ration)|wiederherstellungsschl[üu]ssel|clave\s+de\s+recuperaci[óo]n|"
    r"chave\s+de\s+recupera[çc][ãa]o|codes?\s+de\s+secours|c[óo]digos?\s+de\s+(?:respaldo|recupera(?:[çc][ãa]o|ci[óo]n)|backup)|"
    r"kody?\s+(?:zapasow[ey]|odzyskiwania|jednorazowe)|backup-codes?|wiederherstellungscodes?|sicherungscodes?|"
    r"codic[ei]\s+di\s+(?:backup|recupero)|herstelcodes?|reservekoder|varakoodit|yedek\s+kod(?:u|lar[ıi])?|"
    r"kod[óo]w\s+zapasowych|बैकअप\s+कोड|резервн\w*\s+код\w*|kode\s+(?:cadangan|pemulihan)|"
    # The codes a sign-in sends by text or e-mail, in the languages people forward them in.
    r"(?:sign[- ]?in|log[- ]?in|access|security|confirmation)\s+codes?|"
    r"code\s+de\s+(?:connexion|v[ée]rification|confirmation|s[ée]curit[ée])|"
    r"c[óo]digo\s+de\s+(?:verifica[cç][ãaió]o?n?|acceso|acesso|seguridad|seguran[çc]a|confirma[cç][ãaió]o?n?)|"
    r"(?:anmelde|best[äa]tigungs|sicherheits|verifizierungs)code)\b|"
    # Glued to the words before them: no word's edge.
    r"バックアップコード|復旧コード|リカバリーコード|备用码|備用碼|备用验证码|備用驗證碼|恢复码|恢復碼|백업\s*코드|복구\s*코드"
)
# A code of such a list: letters and digits with a digit ("4d7c8-c86a5", "7984", "i8127d08"), or a base32 seed.
_OTP_CODE = re.compile(
    r"(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]{4,64}(?:-[A-Za-z0-9]{2,8}){0,8}|[A-Z2-7]{16,64}|[A-Z]{4}(?:-[A-Z]{4}){5,7}\b|"
    r"[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b"
)  # the last two: a recovery key in groups of capitals ("FHCI-CZVC-LVDD-...": Apple's; Microsoft's five of five)
# "hmvj hege xfte gavt bajx lbkc", "t6y0 ijbp gwnb"; Google's backup code, eight digits shown in two groups.
_OTP_GROUPS = re.compile(r"[a-z0-9]{4}(?: [a-z0-9]{4}){2,7}\b|(?<!\d)(?<!\w )\d{4} \d{4}(?![ \t]?\d)")
# A wallet's seed phrase (BIP-39: 12 to 24 words) or a recovery phrase, by its names ("mnemonic", "24 words"...).
_SEED_WORDS = re.compile(
    r"(?i)\b(?:(?:seed|recovery|mnemonic|backup|secret|wallet)\s+(?:phrase|words)|mnemonic|seed|bip-?39|fromphrase|"
    r"(?:12|15|18|21|24|25)[\s-]+words?|frase\s+(?:d[ei]\s+)?(?:recuperaci[óo]n|recupera[çc][ãa]o|semilla|semente|recupero)|"
    r"phrase\s+(?:de\s+)?(?:r[ée]cup[ée]ration|mn[ée]monique)|wiederherstellungs(?:phrase|wörter|sätze))\b"
)
_SEED = re.compile(r"\b[a-z]{3,8}(?:[ ,]+[a-z]{3,8}){11,23}\b")
# The lists of the other languages (French and Spanish with accents, Czech, Korean, Japanese kana between ideographic
# spaces): any letters, read only after a seed phrase's name.
_LINE_END = re.compile(r"[ \t.。]*(?:\n|$)")
_SEED_WIDE = re.compile(r"(?<![^\W\d_])[^\W\d_]{2,12}(?:[ ,\u3000]+[^\W\d_]{2,12}){11,23}(?![^\W\d_])")
# Where a one-time-password seed is handed over: an authenticator, 2FA or its setup screen, a QR code's text form,
# the tools that make codes from it (oathtool, otpauth:// URIs), in the languages people write in.
_HANDED_SEED = re.compile(r"(?i)(?:\b(?:key|secret|seed|cl[ée])|キー|키)\s*(?:is|:|：)\s*$")
_TOTP_CONTEXT = re.compile(
    r"(?i)(?:authenticator|\b(?:2fa|mfa|totp|hotp|otp|qr)\b|two[- ]?factor|two[- ]step|2[- ]step|zwei[- ]?faktor|"
    r"einrichtungsschl[üu]ssel|oathtool|otpauth|double\s+authentification|deux\s+facteurs|dos\s+factores|"
    r"dois\s+fatores|due\s+fattori|twee\s*staps|dwuetapow|двухфактор|二段階|双重验证|两步验证|验证器|驗證器|二次验证|"
    r"authentificat\w*|autenticador\w*|autenticatore|二要素|2단계\s*인증|2\s*단계|セットアップキー)"
)
# A base32 seed (RFC 4648: A-Z and 2-7), in one case, whole or in groups of four ("q24r zata dgcj d5pl v2xb ztgn").
_BASE32 = re.compile(
    r"(?<![\w/+=.-])(?:[A-Z2-7]{16,64}|[a-z2-7]{16,64}|"
    r"[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,15}|[a-z2-7]{4}(?: [a-z2-7]{4}){3,15})=*(?![\w/+.-])"
)
# What a password-protected file is opened with: "the payslip PDF is encrypted, open it with rhubarb233", "the zip is
# password-protected, extract it using Tq8-kelp".
# "Protected with" in the languages a spreadsheet is shared in ("la hoja está protegida con Nomina7233").
_GUARDED = (
    r"(?:protected\s+with|protegid[ao]s?\s+(?:con|com)|prot[ée]g[ée]e?s?\s+par|gesch[üu]tzt\s+mit|protett[ao]\s+con)"
)
_PROTECTED = re.compile(r"(?i)\b(?:encrypted|password[- ]protected|locked|" + _GUARDED + r")\b")
_UNLOCK = re.compile(
    r"(?i)\b(?:(?:open|unlock|decrypt|unzip|extract|unseal)\s+(?:it|them|this|that|the\s+[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?:with|using)\s+(?:the\s+(?:password|passphrase|key)\s+)?|" + _GUARDED + r"\s+)[\"'“‘]?([^\s\"'”’]{6,64})"
)
# Answers to security questions, and the "memorable word" or "security word" banks ask for on the phone.
_ANSWER_WORDS = re.compile(
    r"(?i)\b(?:security|secret|sec)\s+(?:question|answer|q)s?\b|(?:security|memorable|verbal)\s+(?:word|phrase)s?|"
    r"maiden\s+name(?:\s+answer)?|nazwisko\s+panie[ńn]skie(?:\s+matki)?|"
    r"memorable\s+(?:answer|information)|\banswer\s+to\s+(?=[\"'“‘])|"
    # A question and its answer written "Q: ... A: ...", the question one a site asks of a person's past.
    r"\bQ:(?=[^?\n]{0,100}\byou(?:r)?\b)(?=[^?\n]{0,100}\b(?:(?:grand)?(?:mother|father)|parents?|pet|street|school|city|"
    r"town|teacher|car|friend|born|grew|maiden|nickname|childhood)\b)[^?\n]{5,100}\?(?=\s*A:)|"
    r"\bwhat\s+(?:was|is|were)\s+your\b[^?\n]{3,60}\?|\bthe\s+answer\s+I\s+(?:gave|used|put|chose|set)|"
    # ... in the languages people write to an assistant in.
    r"domanda\s+di\s+sicurezza|pregunta\s+de\s+seguridad|pergunta\s+de\s+seguran[çc]a|question\s+secr[èe]te|"
    r"question\s+de\s+s[ée]curit[ée]|sicherheitsfrage|beveiligingsvraag|g[üu]venlik\s+sorusu|pytanie\s+pomocnicze|"
    r"pytanie\s+bezpiecze[ńn]stwa|pertanyaan\s+keamanan|контрольн\w+\s+вопрос\w*|секретн\w+\s+вопрос\w*|"
    r"سؤال\s+الأمان|秘密の質問|安全问题|密保问题|보안\s*질문|câu\s+hỏi\s+bảo\s+mật"
)
_FOR_ACCOUNTS = re.compile(r"(?i)\s+(?:for|on|at|with)\s+(?:all|every|each|both|my|the)\b")  # "... for all my accounts"
_ASIDE = re.compile(r"\s+\(")  # "answer is QuibbleFox24 (I made it up)": a parenthesis ends the answer
_ANSWER_CONNECTOR = re.compile(
    r"(?i)(?:\s(?:is|was|it['’]s)|\s*(?:->|→|=|:(?=\s))|\s[-–—](?=\s)|\bI\s+(?:put|used|gave|answered|said|wrote|typed|entered|chose)|"
    # "la respuesta es X", "ответ X", "の答えは X", "cevabı: X", "jawabannya X", "odpowiedź: X", "é X"
    r"(?<!\S)(?:la\s+respuesta|a\s+resposta|la\s+r[ée]ponse|r[ée]ponse|die\s+antwort|het\s+antwoord|"
    r"la\s+risposta|risposta|ответ|cevab[ıi]|odpowied[źz]|jawabannya|الجواب|جواب\w*|答えは|答案是|답은)"
    r"(?:\s*(?:es|est|é|è|ist|is|:|=|→))?|\s(?:é|è|es|est|ist))\s*"
)
# One to four capitalised words ("Honda Civic"), random lower-case words ("napkin radish lemonade"), one of 6+ letters.
_ANSWER = re.compile(
    r"[\"'“‘`]?([A-Z0-9][\w'’]*(?: [A-Z][\w'’]*){0,3}|[a-z]{3,12}(?: [a-z]{3,12}){2,5}(?![\w'])|[a-z][\w]{5,})[\"'”’`]?"
)
# The code of a door, a gate, an alarm, a safe or a lockbox (or of the house it opens), in the languages people write
# in; Russian, Hebrew and Arabic nouns with their inflections and prefixes.
_ACCESS = re.compile(
    r"(?i)\b(?:(?:front\s+)?doors?|gates?|garage|garagentor|gartentor|hoftor|alarm|lockbox|key\s*(?:safe|box)|padlock|lock|safe|locker|keypad|storage|"
    # Alarm companies named for their panel ("ADT code 6629", "Verisure code 9272"), a key safe in German.
    r"adt|verisure|simplisafe|vivint|securitas|brinks|frontpoint|schl[üu]ssel(?:tresor|kasten|box|safe)|tresor|"
    # A till's cash drawer, a PDF a bank locks ("statement PDF opens with 35593200").
    r"entrance|shed|intercom|buzzer|house|flat|apartment|condo|cabin|cottage|(?:bin|bike|cycle)\s+(?:store|room)|storeroom|drawer|pdf|"
    # A building's door; a car's immobiliser or start code ("code de démarrage", "código del inmovilizador").
    r"building|digicode|interphone|citofono|portero|immobili[sz]er|d[ée]marrage|inmovilizador|imobilizador|immobilizzatore|wegfahrsperre|"
    # A device's unlock code, a bank card's ("code CB", the French card's PIN).
    r"ipad|iphone|tablet|smartphone|screen\s+time|cb|carte\s+bleue|carte\s+bancaire|bankkarte|ec-karte|girocard|"
    r"celular|telem[óo]vel|m[óo]vil|handy|portable|cellulare|alarmanlage|"
    r"porte|portail|portal|tür|haustür|puerta|portón|portão|portao|cancello|portone|porta|porten|d[øo]ren|"
    r"dörren|alarm(?:a|en|e|u|y|em|ie)|allarme|deur|poort|drzwi|brama|dve[řr]\w{0,3}|br[áa]n[auy]|portti|kapı|"
    r"двер[ьия]|ворот[аам]?|домофон\w{0,2}|сигнализаци[яи]|сейф\w{0,2}|"
    r"[הלב]?דלת|[הלב]?שער|[הלב]?אזעקה|[הלב]?כספת|[הלב]?אינטרקום|(?:ال)?باب|(?:ال)?بوابة|(?:ال)?إنذار|(?:ال)?خزنة|"
    # An entrance, a lobby, an intercom, a safe or a key safe in more languages (Czech, Polish, Dutch, Swedish,
    # Turkish, Indonesian, Greek, Ukrainian, Russian), and a device one unlocks.
    r"lobby|foyer|vchod\w{0,2}|domofon\w{0,2}|sejf\w{0,2}|(?:sleutel)?kluis|sleutelkast\w{0,3}|n[øo]kkelboks\w{0,3}|larm(?:et)?|kassask[åa]p\w{0,2}|"
    r"kap[ıi]\w{0,2}|kasa(?:s[ıi])?|pintu|gerbang|brankas|loker|"
    r"π[όο]ρτα[ςσ]?|εξώπορτα[ςσ]?|συναγερμ\w{0,2}|χρηματοκιβ[ώω]τιο\w{0,2}|"
    r"п[іи]д'?[ъ’']?[їи]зд\w{0,2}|сигнал[іи]зац\w{0,2}|"
    r"unlock|copier|printer|simu|điện\s+thoại|телефон\w{0,2}|telefoon|telefon\w{0,2}|telefone|hp|ponsel|"
    # A bike shed, a building's entrance, an intercom, a safe and a gate in more languages (Romanian, Hungarian,
    # Dutch, Vietnamese, Swahili, Polish, Ukrainian and Russian, Persian, Hebrew), a bank card in Romanian.
    r"alarm[ăa]|interfon\w{0,2}|sz[ée]f\w{0,2}|(?:fietsen|auto|motor)?stalling|cửa|geti|furtk\w{1,2}|вход\w{0,2}|вх[іо]д\w{0,2}|coffre|"
    r"card(?:ul|ului)|ساختم[وا]ن|[הלב]?בניין|"
    r"\w*deur|immeuble|गेट|दरवाज़?|लॉकर|ताल|अलार्म|तिजोर|"  # Devanagari stems: a vowel sign ends no \b
    # A bank card, whose code is its PIN.
    r"(?:bank|debit|credit|kredit|pankki)?kort(?:et|s)?|bankkortet|cart[ãa]o|tarjeta|karta|karty|kaart|"
    r"girokarte|kreditkarte|debitkarte|carta|bancomat|multibanco|kart[ıi]|kartu|"
    r"карт[аиуыкі]\w{0,2}|[הלב]?כרטיס|(?:ال)?بطاقة)\b"
)
# Scripts without spaces between words: a safe, a door, an entrance, an intercom, a key box, a bank card (Japanese,
# Chinese, Korean, Thai; Korean's card with its PIN's word: not "진료카드 번호"), the words for its code or number.
_CJK_ACCESS = re.compile(
    r"(?:金庫|金库|保险箱|保險箱|ドア|玄関|オートロック|門禁|门禁|大门|大門|キーボックス|銀行卡|银行卡|キャッシュカード|スマホ|携帯|手机|"
    r"금고|현관|도어락|공동현관|카드(?=\s*(?:의\s*)?비밀번호)|ตู้เซฟ|ประตู)\s*(?:の|的|의)?\s*"
    r"(?:番号|暗証番号|パスコード|コード|密码|密碼|号码|號碼|解锁密码|비밀번호|번호|코드|รหัส)\s*(?:は|是|为|為|는|은|:|：)?\s*(\d{4,8})(?!\d)|"
    # A dial lock's number, said new ("ダイヤル錠、新しい番号は9996です").
    r"(?:ダイヤル錠|南京錠|番号錠|ロッカー)[^\n。]{0,12}?番号\s*(?:は|:|：)\s*(\d{3,8})(?!\d)|"
    # A parcel locker's pickup code ("取件码38580306").
    r"(?:取件|取货|取貨|提货|提貨|开箱|開箱|取餐)(?:码|碼)\s*(?:是|为|為|:|：)?\s*(\d{4,8})(?!\d)"
)
# Locks that only a code opens: named, they need no word for "code" ("padlock on the shed: 8060", "сейф ... на 0930").
_CODE_LOCK = re.compile(
    r"(?i)\b(?:padlock|lockbox|key\s*(?:safe|box)|schl[üu]ssel(?:tresor|kasten|box|safe)|keypad|"
    r"(?:combination|bike|cable|locker|luggage|suitcase)\s+lock|(?:hotel|room|in-room|wall|home)\s+safe|"
    r"lock\s+on\s+(?:the|my|your|our|his|her)\s+(?:\w+\s+)?(?:bike|bicycle|scooter|locker|shed|suitcase)|"
    r"fahrradschloss|zahlenschloss|vorh[äa]ngeschloss|cadenas|candado|lucchetto|kłódka|cadeado|fietsslot|casillero|taquilla|"
    r"szafk\w*|casier|armadietto|kluisje|spind|z[áa]m(?:e)?k\w{0,2}|ekran\s+kilidi|"
    r"desbloqueio\s+d[oa]\s+(?:celular|telem[óo]vel|telefone|iphone)|"
    r"caixa\s+de\s+chaves|cofre|bo[îi]te\s+[àa]\s+cl[ée]s|cajet[íi]n(?:\s+de\s+llaves)?|"
    r"caja\s+fuerte|coffre(?:-fort)?|сейф\w{0,2}|(?:ال)?خزن[ةه]|cassaforte|kluis|sejf\w{0,2}|trezor\w{0,2}|kassaskåp)\b"
)
# A compound of an access noun and "code" ("Portkoden", "Türcode", "dørkode"), or the words of a code beside one.
_ACCESS_COMPOUND = re.compile(
    r"(?i)\b(?:port|poort|portti|tür|haustür|tor|dør|dörr|deur|ovi|alarm|larm|garage|gate|door|kluis|kapu)\w{0,3}?"
    r"(?:code|kod|kode|koden|koodi|k[óo]d(?:ja|ot)?)\b"
)
_ACCESS_CODE_WORD = re.compile(
    r"(?i)\b(?:code|combo|combination|kombination|combinaison|combinaci[óo]n|combinazione|kombinacja|keypad|"
    r"opens?\s+with|unlocks?\s+with|set\s+(?:it\s+)?to|codice|c[óo]digo|disarm(?:s|ed)?\s+with|"
    r"se\s+(?:desactiva|abre)\s+con|s['’]ouvre\s+avec|se\s+d[ée]sactive\s+avec|si\s+(?:disattiva|apre)\s+con|"
    r"(?:desativa|abre)(?:-se)?\s+com|"
    r"(?:type|enter|punch\s+in|key\s+in)(?=\s+\d)|"
    r"k[oó]d(?:en|e|u|unu|y|ja|ot)?|koodi|код|clave|senha|contrase[ñn]a|[הלב]?קוד|(?:ال)?رمز|(?:ال)?كود|(?:ال)?رقم|"
    r"codul|pinul|codi|کد|mã|"
    r"pin|пін|пин|κωδικ[όο][ςσ]?|συνδυασμ[όο][ςσ]?|nomor|numara(?:s[ıi])?|şifre(?:si)?|sandi|"
    r"(?:entry|access|lobby|gate|door|service)\s+code|कोड|mật\s+mã|namba\s+ya\s+siri|(?:toegangs|ontgrendel)code|"
    r"szyfr|digicode)\b"
)
_NOT_ACCESS = re.compile(
    r"(?i)\b(?:error|area|postal|post|zip|promo|discount|coupon|country|status|exit|qr|source|building\s+codes?)\b|"
    # A postal code's word in other languages ("codul poștal", "Posta kodea", "почтовый индекс", "индекси почта").
    r"\b(?:po[sșş]tal\w*|posta\s+kod\w*|poštov\w*|pocztow\w*|(?:почтов|поштов)\w*\s+[иі]ндекс|индекс\w*\s+почт\w*)\b|"
    # A company's or a taxpayer's registration number (Ukraine's, Russia's), which every invoice prints.
    r"(?<!\w)(?:ЄДРПОУ|ЕДРПОУ|ЕГРПОУ|РНОКПП|ІПН|ИНН|ОГРН|КПП|БИК|ОКПО)(?!\w)"
)
_TWO_DIGITS = re.compile(r"\d ?\d")  # "3 2 0 2": a code read out digit by digit
_VERB_AFTER = re.compile(r"\s+(?:है|हैं|था|थी|hai|hain|tha|eingeben|eintippen|tippen|drücken)(?!\w)")
_AND_AFTER = re.compile(
    r"(?i)\s+(?:(?:and|ja|und|et|y|og|och|en|ve|dan|és|i|a)\s+(?!(?:\d|then|dann|puis)\b)|"
    r"(?:then|dann|puis|luego|despu[ée]s|poi|depois)\s+[^\W\d])"  # "... avec 7391 puis OK": what to press next
)
# A condition after the code ends what is said of it: "le code c'est 227597 si tu arrives avant moi".
_CONDITION = re.compile(
    r"(?i)\s+(?:if|when|in\s+case|si|quand|wenn|falls|cuando|se|caso|als|om|for\s+(?:the|our|my|your))\b"
)
# The code said first, then what it opens: "3116 es el código de la alarma", "67377 is the code for the side door".
_CODE_FIRST = re.compile(
    r"(?i)^\s*[\"']?([*#]?\d{4,8}[*#]?)[\"']?\s+(?:is|was|es|est|ist|è|é|je|er|är)\s+"
    r"(?:(?:the|el|la|le|il|o|a|der|die|das|de|het|my|our)\s+)?(?:new\s+|nuevo\s+|nouveau\s+)?"
    r"(?:code|c[óo]digo|codice|kod|k[óo]d|pin|combo|combination|passcode)\s+"
    r"(?:for|of|to|de|del|da|do|du|für|per|van|voor|na|della|dello)\b"
)
# A list's line naming a door, a gate, an alarm or a safe, then digits alone ("* Garage door: 7886", "alarm: 1561"):
# the notes people leave for a house sitter.
_LABEL_CODE = re.compile(
    r"(?im)^[ \t]*(?:[-*•·]\s*)?(?:[A-Za-z][\w'-]*\s+){0,2}?"
    r"(?:(?:front|back|side|main|garage|gate|house|building|office|room|hotel|wall)\s+)?"
    r"(?:doors?|gates?|garage|alarm|lockbox|key\s*(?:safe|box)|safe|padlock|keypad|intercom|buzzer|entry|package\s+room)"
    r"(?:\s+(?:in|on|by|at|behind|under|inside|next\s+to)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?"
    r"(?:\s+\([^()\n]{1,30}\))?\s*:\s*(\d{1,2}(?:-\d{1,2}){2,3}|(?!(?:19|20)\d\d\b)[*#]?\d{4,8}[*#]?)[ \t]*"
    # ... alone, or before an aside, what to press, or a remark after a dash or "then" ("gate: 950927 — unit C-117")
    r"(?:\([^()\n]{1,40}\)[ \t]*)?(?:then\s+(?:OFF|ON|enter|press\s+\w+|[#*])[ \t]*|(?:[—–]|then)[ \t][^\n]*)?$"
)
_ARTICLE = re.compile(r"(?i)\b(?:the|der|die|das|den|dem|des|la|le|les|el|los|las|il|lo|het)\b")
_CODE_DIGITS = (
    r"(\d{1,2}(?:-\d{1,2}){2,3}|[A-Z]?\d{4,6}[A-Z#*]?|[*#]?\d{4,8}[*#]?|\d(?: \d){3,7})(?![\w.,:/-]\w|\d| \d)"
)
_ACCESS_DIGITS = re.compile(
    r"(?i)(?:\bis|\bwas|:|=|->|\bwith|\bto|\ber|\bär|\bè|\bist|\best|\bc['’]est|\bes|\bé|\bon|\bjest|\bje|\bје|\bе|"
    # "changed to" in the languages of the nouns above.
    r"\bpara|\bauf|\bà|\bsur|\bnaar|\bcon|\bavec|(?<!\w)на|رقمها|\bcom|\btill|\btil|\bna|\bzu|\btype|\benter|\bpunch\s+in|\bkey\s+in|"
    r"\bay|\bni|\bés|\be(?=\s+\d)|הוא|היא|هو|هي|→|\bείναι|\bє)\s+(?:(?:the\s+)?(?:code|combo|pin)\s+)?[\"']?"
    + _CODE_DIGITS
)
# With no connector, right after the words that name it ("Türcode Garage 1496", "код домофона 9473").
_BARE_CODE = re.compile(r"\s+(?:[^\W\d_]+\s+){0,2}" + _CODE_DIGITS)

# A new code announced after the sentence that says what it opens ("... Le nouveau code est : H8203", "Nowy kod: 6556").
_NEW_CODE = re.compile(
    r"(?i)\b(?:new|nouveau|nuevo|novo|nuovo|neue[rn]?|nowy|nieuwe|nya|yeni)\s+(?:code|kod|k[óo]d|c[óo]digo|codice|"
    r"digicode|pin|kodu)\s*(?:is|est|es|ist|è|é|je|to)?\s*[:=]?\s*" + _CODE_DIGITS
)


# A parcel locker's, a shop's or a courier's pickup or delivery code: the parcel to whoever types or says it
# ("Abholcode: 292827", "código de entrega do iFood: 8235"), the words of what it collects between ("kod odbioru
# paczki w Paczkomacie WAW123M to 940510", "код для отримання посилки в поштоматі 275304"); not an order's number.
_PICKUP_CODE = re.compile(
    r"(?i)\b(?:(?:pick-?up|collection|locker)\s+(?:code|pin)|abholcode|abhol-?pin|kod\s+odbioru|"
    r"(?:give|provide|show|tell)\s+(?:this|the)\s+(?:code|pin)\s+to\s+(?:your|the)\s+(?:driver|courier)|"
    r"c[óo]digo\s+(?:de|para)\s+(?:recogida|retirada|coleta|recoger|retirar|levantamento|recolha|entrega)|"
    r"(?:delivery|teslimat)\s+(?:code|pin|kodu)|code\s+de\s+livraison|kod\s+dostawy|codice\s+di\s+consegna|"
    r"code\s+de\s+retrait|код\s+(?:для\s+|за\s+)?(?:отримання|получения|получаване)|"
    # Parcel lockers' words in the languages of their texts: Norwegian, Danish, Dutch, Swedish, Finnish, Estonian,
    # Romanian, Turkish, Italian, Czech, Hungarian, Lithuanian, Latvian, Croatian.
    r"hentekode|afhentningskode|ophaalcode|upphämtningskod|uthämtningskod|upplåsningskod|noutokoodi|avamiskood|"
    r"cod(?:ul)?\s+de\s+(?:deschidere|ridicare)|teslim\s+alma\s+kodu|codice\s+(?:di\s+)?(?:ritiro|sblocco)|"
    r"(?:výdejní|vyzvedávací)\s+kód|kód\s+(?:pro|k|na)\s+(?:vyzvednutí|vyzdvihnutie)|átvételi\s+kód|"
    r"atsiėmimo\s+kodas|saņemšanas\s+kods|kod\s+za\s+preuzimanje|öppningskod|åbningskode|åpningskode|"
    r"code\s+(?:pour\s+ouvrir|de\s+remise)|paczkomat\w*[^\n\d]{0,40}?\bkod|取件码|取貨碼|取货码|取件碼)"
    r"(?:\s+(?![\d#-]|(?:order|number|nr|no|pedido|zam[óo]wieni\w*|замовлення|заказ\w*)\b)\S+){0,7}?"
    # Four to eight digits (a shelf, row and number: "12-3-7906"), six to eight capitals and digits ("3OM3F6").
    r"\s*(?:is|est|es|é|to|это|[:：—-])?\s*(\d{4,8}|\d{1,3}-\d{1,3}-\d{3,6}|(?-i:(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{6,8}))"
    r"\b(?![.,/:-]\d)"
)
# A bank's personal code in French ("mon code perso 361312", "code confidentiel : 4821").
_PERSONAL_CODE = re.compile(
    r"(?i)\bcode\s+(?:perso(?:nnel)?|confidentiel)\s*(?:est|:|c['’]est)?\s*(\d{4,8})\b(?![.,/:-]\d)"
)


# A keypad's code said first, with its # or * ("#31582# opens the garage at the cabin").
_KEYPAD_FIRST = re.compile(
    r"(?im)(?:^|(?<=[:;(—–]\s))[ \t]*([*#]\d{4,8}[*#]?|\d{4,8}[*#])\s+(?:opens|unlocks|disarms)\s+"
    r"(?:the\s+)?(?:\w+\s+)?"
    r"(?:doors?|gates?|garage|lock|safe|alarm|lockbox|shed|entrance|building)\b"
)
# A luggage lock's or a padlock's three or four digits ("TSA lock on the blue suitcase: 133", "cadenas ... : 367").
_TRAVEL_LOCK = re.compile(
    r"(?i)\b(?:(?:tsa|luggage|suitcase|bike)\s+lock|padlock|cadenas|candado|lucchetto|cadeado|kłódk\w*|hangslot|"
    r"zahlenschloss|kofferschloss)\b[^\n]{0,40}?(?:[:=]|\s(?:is|est|es|é|ist|jest)\b)\s*(?!(?:19|20)\d\d\b)(\d{3,4})\b"
    r"(?![\d/:]|[.,]\d)"
)
# A bank's transaction number at the end of its SMS line ("mTAN für Überweisung an ..., Betrag 1.250,00 EUR: 275203").
# A prepaid electricity meter's token (STS: twenty digits in five groups of four) after the word "token".
_METER_TOKEN = re.compile(r"(?i)\btoken\b[^\n\d]{0,40}?(\d{4}(?:[ -]\d{4}){4})\b(?![ -]?\d)")
_BANK_TAN = re.compile(r"(?m)\b(?:m|push|chip|SMS-?)?TAN\b[^\n]{0,120}?(?::|\slautet)[ \t]*(\d{6,8})\b(?![.,/:-]\d)")
# Each code its own words name, and its kind (the value is the pattern's first group).
_NAMED_CODES = (
    (_UNSHARED_CODE, "Recovery Code"),
    (_TRAVEL_LOCK, "Access Code"),
    (_METER_TOKEN, "Access Code"),
    (_BANK_TAN, "Password"),
    (GIFT_RUN, "Gift Card Code"),
    (_PICKUP_CODE, "Access Code"),
    (_PERSONAL_CODE, "Password"),
    (_KEYPAD_FIRST, "Access Code"),
    (GIFT_CODE, "Gift Card Code"),
    (PREPAID_PIN, "Gift Card Code"),
    (_SENT_CODE, "One-Time Code"),
    (GUARD_CODE, "One-Time Code"),
    (_CJK_ACCESS, "Access Code"),
    (GROUPED_KEY, "Product Key"),
    (SERIAL, "Product Key"),
)


def seed_after(text: str, at: int) -> tuple[int, int] | None:
    """The seed phrase after its name (ending at ``at``): in the same sentence, or listed below the name ("recovery
    phrase (24 words):\n..."), twelve to twenty-four words picked from a list, not a sentence."""
    reach = min(len(text), at + 60 + 24 * 9)
    seed = _SEED.search(text, at, reach)
    if seed is None:
        seed = _SEED_WIDE.search(text, at, reach)
        # Another language's list: as many words as a seed has, and nothing after them but the end of the line.
        if seed and (len(seed.group(0).split()) not in (12, 15, 18, 21, 24) or not _LINE_END.match(text, seed.end())):
            return None
    between = text[at : seed.start()] if seed else ""
    if not seed or re.search(r"[.!?;\n]", re.sub(r":\s*\n", ":", between)):
        return None
    if re.search(r"[a-z]", seed.group(0)) and not _random_words(seed.group(0), 6):
        return None  # a sentence, not words picked from a list
    return seed.start(), seed.end()


def _account_secrets(text: str) -> Iterator[tuple[int, int, str]]:
    """Recovery and backup codes, TOTP seeds, seed phrases, security answers and door codes: secrets that are not
    named by a password word, each found after the words that do name it."""
    for match in _OTP_WORDS.finditer(text):
        yield from _otp_codes(text, match.end())
    yield from _totp_seeds(text)
    for match in _SEED_WORDS.finditer(text):
        found = seed_after(text, match.end())
        if found:
            yield found[0], found[1], "Seed Phrase"
    for match in _ANSWER_WORDS.finditer(text):
        found = _security_answer(text, match.end())
        if found:
            yield found[0], found[1], "Security Answer"
        yield from ((start, end, "Security Answer") for start, end in listed_answers(text, match.end()))
    for label in _LABEL_CODE.finditer(text):
        yield label.start(1), label.end(1), "Access Code"
    for clause in re.finditer(r"[^.!?;\n]+", text):
        found = _access_code(clause.group(0))
        if found:
            yield clause.start() + found[0], clause.start() + found[1], "Access Code"
    yield from _unlocked_with(text)
    yield from ((start, end, "Password") for start, end in cards.security_codes(text))  # a card's CVC, its CID
    yield from texted_codes(text)
    yield from _new_codes(text)
    for pattern, kind in _NAMED_CODES:
        for match in pattern.finditer(text):
            if pattern is _UNSHARED_CODE and PUBLIC_CODE.search(text, 0, match.start()):
                continue
            group = match.lastindex or 1
            yield match.start(group), match.end(group), kind


def _new_codes(text: str) -> Iterator[tuple[int, int, str]]:
    """A new code announced (:data:`_NEW_CODE`) after the sentence that names what it opens, within 300 characters:
    a door, a gate, a lock, a digicode; not a count ("The new code: 4521 lines") nor a year."""
    for new in _NEW_CODE.finditer(text):
        before = text[max(0, new.start() - 300) : new.start()]
        opens = _ACCESS.search(before) or _CODE_LOCK.search(before) or _ACCESS_COMPOUND.search(before)
        opens = opens or re.search(r"(?i)\bdigicode\b", before)  # a door's keypad, by its name
        if not opens or _NOT_ACCESS.search(before[opens.start() :]) or _YEAR.fullmatch(new.group(1)):
            continue
        if _COUNTED.match(text, new.end(1)) or not _CLAUSE_END.match(text, new.end(1)):
            continue  # "new code: 4521 lines"
        yield new.start(1), new.end(1), "Access Code"


def _totp_seeds(text: str) -> Iterator[tuple[int, int, str]]:
    """A one-time-password seed after the words of a 2FA setup, on the same line or the next: base32 of sixteen
    characters or more with digits among its letters (a word in capitals has none, a hex digest has 0, 1, 8, 9)."""
    for context in _TOTP_CONTEXT.finditer(text):
        lines = text[context.end() :].split("\n", 2)
        window = "\n".join(lines[:2])  # this line and the next
        for found in _BASE32.finditer(window):
            seed = found.group(0).replace(" ", "")
            digits = sum(c.isdigit() for c in seed)
            # Handed over as the key ("the text key is RSXWIW5BYUPFUWAL"), one digit is enough: base32 has only six.
            handed = _HANDED_SEED.search(window[: found.start()])
            if (2 if not handed else 1) <= digits <= len(seed) // 2 and len(set(seed.lower())) >= 8:
                yield context.end() + found.start(), context.end() + found.end(), "TOTP Seed"
                return


def _unlocked_with(text: str) -> Iterator[tuple[int, int, str]]:
    """The value a password-protected file is opened with: no password word names it, the file's state does."""
    if not _PROTECTED.search(text):
        return
    for match in _UNLOCK.finditer(text):
        value = match.group(1).rstrip(".,;:!?)")
        if generated(value) and plausible(value) and _CLAUSE_END.match(text, match.start(1) + len(value)):
            yield match.start(1), match.start(1) + len(value), "Password"


def _otp_codes(text: str, at: int) -> Iterator[tuple[int, int, str]]:
    """The codes listed after a recovery-code word ending at ``at``: in the same sentence (a list after a colon may
    run over lines), two or more codes, or one of eight characters or more."""
    # A list after a colon, or after a file's name ("github-recovery-codes.txt\n5fff1-fcace\n..."), may run over lines.
    # A dot inside a word ("admin@lumenfreight.nl") does not end the sentence.
    sentence = re.match(
        r"(?:\.\w{2,4})?(?:(?:[^.!?\n]|\.(?=\w)){0,80}?:?[ \t]*\n(?:[^\n]*\n?){0,16}|(?:[^.!?\n]|\.(?=\w))*)", text[at:]
    )
    window = sentence.group(0) if sentence else ""
    listed = [
        groups
        for groups in _OTP_GROUPS.finditer(window)
        if any(not re.search(r"[aeiouy]", g) or re.search(r"\d", g) for g in groups.group(0).split())
    ]
    for groups in listed:  # every code of the list ("0495 1051\n0350 4322\n..."), not the first alone
        yield at + groups.start(), at + groups.end(), "Recovery Code"
    if listed:
        return
    codes = [m for m in _OTP_CODE.finditer(window) if _is_code(m.group(0))]
    if len(codes) >= 2 or codes and len(codes[0].group(0)) >= 8:
        for code in codes:
            yield at + code.start(), at + code.end(), "Recovery Code"


def _is_code(token: str) -> bool:
    """A code of a recovery list, not a word or a number of the sentence around it (a year, "2FA")."""
    if token.isdigit():
        return not _YEAR.fullmatch(token)
    if _ordinary_shape(token):
        return False
    # 2FA, 6th, 1Password, v2, build42, JIRA-1234: a word and a number, where a code mixes them at random.
    # "nwcj-1687" is a code: letters no word is made of before its number.
    return not re.fullmatch(
        r"\d+[A-Za-z]{1,3}|\d+[A-Z]?[a-z]+|[A-Z]?[a-z]+\d+|[A-Za-z]*[AEIOUYaeiouy][A-Za-z]*-\d+|[A-Z]+-\d+", token
    )


def _security_answer(text: str, at: int) -> tuple[int, int] | None:
    """The answer given to a security question: after the question's words, the first connector of the sentence
    ("is", "->", "I put", "I answered") and one to four words ending the clause; or, the question asked after the
    words, the answer after it (:func:`world_values.answer_after`)."""
    if asked(text, at):
        return answer_after(text, at)
    sentence = re.match(r"[^.!?\n]{0,120}", text[at:])
    for conn in _ANSWER_CONNECTOR.finditer(sentence.group(0) if sentence else ""):
        answer = _ANSWER.match(text, at + conn.end())
        if not answer or not (
            _CLAUSE_END.match(text, answer.end())
            or _ASIDE.match(text, answer.end())
            or _FOR_ACCOUNTS.match(text, answer.end())
            or _CONDITION.match(text, answer.end())  # "... is "lantern_504" in case I forget it again"
        ):
            continue
        value = answer.group(1)
        first = value.split()[0].lower()
        if first in _FUNCTION_WORDS or first in _DESCRIBING or _describes(first) or not plausible(value.split()[0]):
            continue
        if value.islower() and " " in value and not _random_words(value):
            continue  # "is the name of my first pet": a sentence, not the answer
        return answer.start(1), answer.end(1)
    return None


def _access_code(clause: str) -> tuple[int, int] | None:
    """The code in a clause that names a door, a gate, an alarm or a safe and its code ("Portkoden är 7712", "the
    lockbox at the Airbnb opens with 7424", "padlock combo on the gym locker is 14-25-03"), or that starts with it
    ("67377 is the code for the side door")."""
    if not _TWO_DIGITS.search(clause):
        return None  # a code has two digits or more: the cheap test first
    first = _CODE_FIRST.match(clause)
    opens = first and (_ACCESS.search(clause, first.end()) or _CODE_LOCK.search(clause, first.end()))
    if first and opens and not _YEAR.fullmatch(first.group(1)) and not _NOT_ACCESS.search(clause):
        return first.start(1), first.end(1)
    access, code = _ACCESS.search(clause), _ACCESS_CODE_WORD.search(clause)
    named = _ACCESS_COMPOUND.search(clause) or _CODE_LOCK.search(clause) or access and code
    if not named or _NOT_ACCESS.search(clause):
        return None
    last = max(m.end() for m in (named, access, code) if m)
    found = _ACCESS_DIGITS.search(clause) or _BARE_CODE.match(clause, last)
    if not found or not _TWO_DIGITS.search(found.group(1)):
        return None
    ends = _CLAUSE_END.match(clause, found.end()) or _CONDITION.match(clause, found.end())  # "... 227597 si tu ..."
    ends = ends or _VERB_AFTER.match(clause, found.end())  # "गेट का कोड 510315 है": the verb after the value
    ends = ends or _AND_AFTER.match(clause, found.end())  # "ovikoodi on 3230 ja postilaatikon avain ..."
    if not (ends or clause.startswith(" (", found.end())):  # "2872 (tell no one)"
        return None  # "the storage code is 2048 lines": a number of something, not the code
    words = _ARTICLE.sub("", found.group(0)[: found.start(1) - found.start()])  # the words before it: "0594A" has none
    if found.re is _BARE_CODE and (_YEAR.fullmatch(found.group(1)) or _function_word_in(words)):
        return None  # "the gate code changed in 2023"; not "Torcode der Tiefgarage 0423" (an article)
    return found.start(1), found.end(1)


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each account secret in ``text`` (template expressions are references, not values)."""
    yield from _account_secrets(blank_templates(text))
