"""A credential handed over in a chat export: a message that is nothing but a generated token, a few messages after
one that named a credential ("the token expired I think" ... "do you have the new one?" ... "0d23772509ca..."); or
the answer to a question for a password or a code ("what's the wifi password again?" ... "rocket69", "what's the
code for the gate?" ... "8746#27"). An export pastes one message a line, after a time and a name ("[14:10] Sanne:
...", "Sanne: ...", "<sanne> ..."), or the name and time on a line of their own and the message below (Telegram).

:func:`spans` yields ``(start, end, kind)`` like the other detectors. Nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core import world_words
from ratchet.core.passphrases import joined_words as _joined
from ratchet.core.password_values import _ordinary_shape, generated, random_token
from ratchet.core.password_words import _YEAR
from ratchet.core.random_tokens import _ID_WORD, _UUID, _WORDISH
from ratchet.core.texted_codes import PUBLIC_CODE
from ratchet.core.world_values import random_letters

# A message of one token: an optional time in brackets, a sender ("Name:" or "<nick>"), then the token alone.
_MESSAGE = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?(?P<who><[\w.@|-]{1,24}>|[^\W\d][\w.@-]{0,23}[:：])[ \t]*"
    r"(?P<token>[A-Za-z0-9._~+/=-]{16,100})[ \t]*$"
)
# A password's name in the languages chats are written in.
_PASSWORDS = (
    r"pass(?:word|wd|phrase)?s?|pw|pwd|passwort|kennwort|mot\s+de\s+passe|senha|contrase[ñn]a|wachtwoord|has[łl]o|"
    r"пароль|parola|salasan\w{0,3}|lösenord|lösen|adgangskode|heslo|hesla|κωδικ[όο]\w{0,2}|clave|contrasenya|wagwoord|"
    r"passord|kodeord|kode|koden|m[ậa]t\s+kh[ẩa]u|mk"
)
# A credential named in a message before it, alone or as a variable's name ("the VERCEL_TOKEN").
_NAMED = re.compile(
    rf"(?i)(?<![a-z])(?:{_PASSWORDS}|tokens?|api[ _-]?keys?|secrets?|credentials?|creds|keys?)(?![a-z])"
)
_DIGEST = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}|[0-9A-F]{40}|[0-9A-F]{64}")  # a commit, a SHA-256: named by nothing
_LOOK_BACK = 4  # messages


# A password changed, then its new value: "changed the Wi-Fi password, now it's X", "WLAN-Passwort geändert, jetzt:
# X", "clave del WiFi ... Ahora es X", in the languages of the words above.
_NOW_IS = re.compile(
    rf"(?i)(?<![a-z])(?:{_PASSWORDS})(?![a-z])[^\n]{{0,80}}?[,.;:—–-]?\s+"
    r"(?:now|jetzt|ahora|ora|adesso|acum|ara|nu|nå|nyt|teď|τώρα|agora|maintenant|teraz|nyní|sekarang|şimdi|теперь|"
    r"тепер|(?:bây\s+)?giờ|(?:den|det)\s+er\s+nu|se\s+on\s+nyt|dis\s+nou)"
    r"(?:\s+(?:it'?s|it\s+is|is|es|è|e|este|és|är\s+det|er\s+(?:det|den)|se\s+on|je\s+to|είναι|é|c'est|est|jest|ist|"
    r"ini|là|adalah|ialah))?\s*[:=]?\s+"
    r"[\"'`“]?(?P<value>[^\s\"'`”<>\[]{4,64}?)[\"'`”]?(?=[.,;!?)]?(?:\s|$))"
)
# A key handed over by the words around it rather than a name: "Rotated the key, new value is 6730b17e-...", "when I
# use this key? STGYWE...", "here is the production credential for Scaleway:\n\n18a945cc-...", "set KAGGLE_KEY (... or
# use the shared one: `3f3d...`)".
_HANDED = re.compile(
    r"(?i)(?:(?<![a-z])(?:credentials?|creds|keys?|tokens?|secrets?)(?![a-z])[^\n]{0,60}?"
    r"(?:new\s+value\s+is|(?:the|a)\s+shared\s+one|\bfor\s+[\w .-]{2,30}:)|"
    r"\b(?:with|use|try)\s+this\s+(?:key|token|secret)\b)"
    r"[\s?:—–`'\"]{1,6}(?P<value>[A-Za-z0-9._~+/=-]{15,99}[A-Za-z0-9_~+/=-])(?![\w/])"
)


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each chat message that is a generated token after a message naming a credential,
    a password or a code that answers a question for one (:func:`answers`, a dialogue's turns on one line too), a
    password's new value after it was changed, a key handed over by the words around it, and a key ending a message
    that asks about it (:func:`_asked_about`)."""
    for match in _NOW_IS.finditer(text):
        value = match.group("value")
        digits = sum(c.isdigit() for c in value)
        if not _YEAR.fullmatch(value) and (
            digits >= 6 and value.isdigit() or generated(value) or _joined(value) or _cased(value)
        ):
            yield match.start("value"), match.end("value"), "Password"
    for match in _HANDED.finditer(text):
        value = match.group("value")
        if re.search(r"(?i)\bpub(?:lic)?\b", text[max(0, match.start() - 24) : match.start("value")]):
            continue  # "server public key for the peer section: FYGM...=": public by design
        if random_token(value) or _UUID.fullmatch(value) or re.fullmatch(r"[0-9a-fA-F]{32,}", value):
            yield match.start("value"), match.end("value"), "API Key"
    yield from _asked_about(text)
    if "\n" not in text and not any(mark in text for mark in _TURN_MARKS):
        return
    yield from answers(text)
    if "\n" not in text:
        return
    for message in _MESSAGE.finditer(text):
        token = message.group("token")
        if not random_token(token) or _DIGEST.fullmatch(token) or _UUID.fullmatch(token) or _WORDISH.match(token):
            continue
        if sum(c.isdigit() for c in token) < 2 or sum(c.isalpha() for c in token) < 4:
            continue  # a generated token mixes digits and letters; "kind: ClusterSecretStore" is a name
        if _ID_WORD.search(message.group("who")):
            continue  # "Request-Id: ...", "commit: ...": the label says what the token is
        if any(_NAMED.search(line) for line in _lines_before(text, message.start(), _LOOK_BACK)):
            yield message.start("token"), message.end("token"), "Token"


# A key asked about, then the key itself ending the message ("kan du kolla varför Auth0-nyckeln ger 401? 1q5d...",
# "帮我看下这个Azure OpenAI的key为啥报401：1e35..."): a question mark (or Chinese's colon), then a token, nothing after.
_ENDING_TOKEN = re.compile(r"[?？：]\s*([A-Za-z0-9._~+/=!@#$%^&*()-]{20,100})\s*$")  # not "cache key: 5d41..."
_NOT_A_KEY = re.compile(
    r"(?i)\b(?:commit|sha|hash|checksum|digest|revision|build|trace|request|session\s+id|idempotency|nonce|etag)"
)


def _asked_about(text: str) -> Iterator[tuple[int, int, str]]:
    """A generated token ending a message that names a key, a token or a password before it, in English or in the
    vocabulary's words (a UUID or hex too, as Heroku's and Sentry's keys are; not after a commit's or an id's word)."""
    end = _ENDING_TOKEN.search(text)
    if not end:
        return
    value, before = end.group(1), text[max(0, end.start() - 160) : end.start()]
    if not (random_token(value) or _UUID.fullmatch(value) or re.fullmatch(r"[0-9a-fA-F]{32,64}", value)):
        return
    if _ID_WORD.search(before) or _NOT_A_KEY.search(before):
        return
    named = {kind.removeprefix("known ") for *_at, kind, _name in world_words.names(before)}
    if _NAMED.search(before) or not named.isdisjoint({"api_key", "password"}):
        yield end.start(1), end.end(1), "API Key"


def _cased(value: str) -> bool:
    """Letters alone, eight or more, three capitals and three small ones at least: words run together and each
    capitalized ("PalmeirasPrincesaCorinthians"), or letters mixed at random."""
    return value.isalpha() and len(value) >= 8 and min(sum(map(str.isupper, value)), sum(map(str.islower, value))) >= 3


def _lines_before(text: str, at: int, count: int) -> list[str]:
    """``text[:at].splitlines()[-count:]`` without splitting all that comes before ``at`` for every message of a
    long paste: a window before ``at``, widened until it holds more than ``count`` lines (only its first may be cut)
    or reaches the start."""
    size = 256
    while True:
        start = max(0, at - size)
        lines = text[start:at].splitlines()
        if start == 0 or len(lines) > count:
            return lines[-count:]
        size *= 4


# A chat export's message starts with an optional time in brackets (or an Android export's "16/06/2023 13:50 - ") and
# its sender ("Ana:", "Karim :", "<nick>").
_SENT = (
    r"(?:\[[^\]\n]{1,24}\][ \t]*|\d{1,2}[./]\d{1,2}[./]\d{2,4},?[ \t]+\d{1,2}:\d{2}(?:[ \t]?[APap][Mm])?[ \t]+-[ \t]+)?"
    r"(?P<who>[^\W\d][^\s:：\[\]<>/\\\"'`]{0,23}[ \t]?[:：]|<[\w.@|-]{1,24}>)"
)
_SENDER = re.compile(rf"^[ \t]*{_SENT}")
# A message that is one short value: after its time and sender, or nothing (the sender on the line above, as Telegram
# exports it), or a dialogue's dash or an arrow; the value may be quoted (「Hunt3r34 だよ」), said ("it's sarah1234")
# or follow the account's e-mail address, and a code a few words ("udah nih 567081", "oui c'est 515897", "نعم
# 315923"); after it, what follows a comma or a dash ("— 2387, ale tylko na paliwo", "@Apfel1999A – mit großem
# Anfangsbuchstaben") or a few short words ("— 853698 байна", "125062 आया है बेटा", "7043って書いてある").
_ANSWER = re.compile(
    rf"(?m)^[ \t]*(?:{_SENT}[ \t]*|(?:[—–→↪>…]|-(?=[ \t]))[ \t]*)?[「『“\"]?"
    r"(?:(?i:here(?:\s+it\s+is|\s+you\s+go)?)\s*[:,-]\s*|(?i:it'?s|it\s+is)[ \t]+)?"
    r"(?P<lead>(?:[^\W\d][^\s\d]{0,11}(?:[ \t]+[:：])?[ \t]+){1,4}(?=[#*]?\d[\d#*-]{2,13}(?![^\s\d]*\d)))?"
    r"(?:[\w.+-]+@[\w-]+\.[\w.-]+[ \t]+(?:/[ \t]+)?)?`?(?P<value>[^\s\[\]<>()`「」『』“”\"]{3,64}?)`?"
    r"(?:[,，][ \t][^\n]*|[ \t]+[—–-][ \t][^\n]*|(?P<tail>(?:[ \t]+[^\s\d]{1,12}){1,3})|"
    r"(?<=\d)(?![A-Za-z_])[^\W\d][^\s\d]{0,11})?"
    r"[」』”\"]?[ \t]*$"
)
# A question for a password or a code: the word, and a question mark or a word that asks.
_ASKED_FOR = re.compile(
    rf"(?i)(?<![a-z])(?:{_PASSWORDS}|パスワード|비밀번호|密码|(?P<code>codes?|pin|c[óo]digo|codice|kod\w{{0,3}}|kood\w{{0,4}}|(?:push|sms|chip)?tan|tac|(?:text|sms|message|nachricht)\s+(?:with|mit|avec|con|com)\s+(?:\w+\s+)?(?:numbers?|digits|zahlen|chiffres|n[úu]meros)|код\w*|კოდ\w*|otp|blik\w{{0,2}})|"
    r"(?P<cvv>cvv2?|cvc2?|csc)|"
    r"(?P<key>tokens?|api[ _-]?keys?|keys?|secrets?|credentials?|creds))(?![a-z])"
)
_ASKS = re.compile(
    r"(?i)\?(?![A-Za-z0-9_=&])|[？؟]|教えて|อะไร|\b(?:what'?s|what\s+is|what\s+was|send\s+me|qual|wie\s+war|was\s+ist|quel|i\s+need\s+the|"
    r"can\s+(?:you|someone)\s+(?:send|share|dm)|cu[aá]l\s+(?:era|es)|скинь(?:те)?|пришли(?:те)?)(?!\w)"
)
# A dialogue written on one line: a dash or an ellipsis between its turns, read as a line each (same length).
_TURN_MARKS = (" — ", " … ")
_DIGITS_CODE = re.compile(r"[#*]?\d[\d#*-]{2,13}")
_NUMBER_ASKED = re.compile(r"(?i)\b(?:port|version|build|line|issue|ticket|status|error|how\s+many|number\s+of)\b")
_NUMBER_SAID = re.compile(r"(?i)\b(?:pr|mr|issue|ticket|build|port|line|page|room|order|version|v|no|nr|#)\W*$")


def answers(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, "Password")`` of a message that is only a value and answers a question for a password or a
    code (the last question in the three lines before it, the credential named by this module's words or, in the
    other languages, by the vocabulary's: "mi a jelszó a laptophoz?", "넷플 비번 뭐였지?"): a code of four to twelve
    digits (with # or *) after a question for a code or a PIN, else a value a person chose or a generator made
    (letters and digits, or digits alone past a code's length: a Wi-Fi's twenty), never a year, a word or a name."""
    # A dialogue's turns on one line, a dash before each reply ("... mit einem Code, den brauch ich — ok Schatz, da
    # steht 576397"): read as a line each (the same length, so offsets hold), the turn before a reply as its question.
    turns = text
    for mark in _TURN_MARKS:
        turns = turns.replace(mark, "\n" + mark[1:])
    for message in _ANSWER.finditer(turns):
        value = message.group("value").rstrip(".!")
        dashed = _replied(turns, message.start())
        before = _lines_before(turns, message.start(), 3)
        question, asked = _question(before, value, sent=bool(message.group("who")), dashed=dashed)
        if not asked:
            continue
        lead = message.group("lead")
        if lead and (not _DIGITS_CODE.fullmatch(value) or _NUMBER_SAID.search(lead)):
            continue  # a few words before a code only ("udah nih 567081"), not before a number named ("PR 4512")
        tail = message.group("tail") or ""
        if len(tail.split()) > 2 and not _DIGITS_CODE.fullmatch(value):
            continue  # three words after a code ("125062 आया है बेटा"); after a password two ("... style is banned")
        start, end = message.start("value"), message.start("value") + len(value)
        digits = sum(c.isdigit() for c in value)
        if "cvv" in asked and re.fullmatch(r"\d{3,4}", value):
            yield start, end, "Password"  # "I can't see the CVV" ... "oh sorry, it's 701"
            continue
        if asked == {"key"}:  # asked for a token or a key: only what a generator made answers
            if re.search(r"(?i)\b(?:commit|sha|hash|checksum|digest|revision)\b", question):
                continue  # "which commit broke the token refresh?": a commit answers
            shaped = re.fullmatch(r"[A-Za-z0-9_-]{20,}", value) and random_token(value)
            if shaped or _DIGEST.fullmatch(value) or re.fullmatch(r"[0-9a-f]{32}", value):
                yield start, end, "Token"
            continue
        if _NUMBER_ASKED.search(question) and value.isdigit():
            continue  # "which port does the code server use?" ... "8443": a number asked for, not a code
        if value.isdigit() and "password" in asked and 13 <= len(value) <= 64:
            yield start, end, "Password"  # "qual é a senha do wifi?" ... "61868253739581724838"
            continue
        if _DIGITS_CODE.fullmatch(value):
            dated = _YEAR.fullmatch(value) or re.match(r"(?:19|20)\d\d-", value)  # a year, an invoice's "2024-118"
            if 4 <= digits <= 12 and not dated and ("code" in asked or digits >= 6):
                yield start, end, "Password"
            continue
        judged = value[1:-1] if len(value) > 2 and value[0] == value[-1] == "_" else value  # "_Shadow24_": emphasis
        chosen = digits and any(c.isalpha() for c in value) and generated(judged) and not _ordinary_shape(judged)
        # Asked for a password with a question, letters alone answer too when picked: random ones, words joined or
        # run together ("pzrqlhhvsa", "Mahal-Mahal-Ginebra-Pusa", "PalmeirasPrincesaCorinthiansFlamengo"); not after
        # a line that only names one (a config's "password: ${DB_PASSWORD}" above "name: wordpress").
        picked = "password" in asked and bool(_ASKS.search(question))
        picked = picked and (random_letters(judged) or _joined(judged.lower()) or _cased(judged))
        chosen = chosen or picked
        if chosen and not re.search(r"[/:]|\w@|\.[A-Za-z]{2,5}$|\.\w+\.", value):  # a path, a URL, an address, a file
            yield start, end, "Password"


# What marks a reply in a relayed dialogue: a dash, an arrow, a quote's ">" or an ellipsis before it.
_REPLY_MARKS = "—–→↪>…-"
_NON_SPACE = re.compile(r"\S")


def _replied(text: str, at: int) -> bool:
    """Whether the message at ``at`` is a reply set apart from the turn before it: after a dash, an arrow, a quote's
    ">" or an ellipsis ("... schick ihn mir bitte\n> 740506", "Schéck mer en w.e.g. … 171700"), or after a blank
    line below a turn ("... send it quickly\n\n878881 बेटा")."""
    end = text.find("\n", at)
    line = text[at : end if end >= 0 else len(text)].lstrip()
    if line[:1] in _REPLY_MARKS and line[1:2] in (" ", "\t"):
        return True
    start = at  # the blank line and a turn above it, read in place (not a copy of all before ``at`` per message)
    while start and text[start - 1] in " \t":
        start -= 1
    return start >= 2 and text.startswith("\n\n", start - 2) and bool(_NON_SPACE.search(text, 0, start))


def _question(lines: list[str], value: str, *, sent: bool, dashed: bool = False) -> tuple[str, set[str]]:
    """The line a message answers and what it asked for: the last of ``lines`` that asks for a password or a code, or
    in a chat (both messages after their senders) one that names it without asking ("mamo podaj mi kod z esemesa",
    "te paso la contraseña en otro mensaje": a code relayed, a password handed over in the next message). A question
    nearer that names nothing ("which usual??") answers a number itself, not a password. ``dashed``: the message is a
    dialogue's reply after a dash, and the turn before it names what it asks for as a chat's message does."""
    for line in reversed(lines):
        asking = bool(_ASKS.search(line))
        asked = _asked(line)
        if asked and asking:
            return line, asked
        sender = _SENDER.match(line) if sent else None
        said = line if dashed else line[sender.end() :] if sender else ""
        named = _asked(said) - {"key"} if said else set()  # not a field's name ("code: 'E...'")
        named = named & {"code"} if dashed else named  # a dialogue relays a code ("(password in ~/.pgpass) — 2889968")
        if named:
            return line, named
        if asking and _DIGITS_CODE.fullmatch(value):
            return line, set()
    return "", set()


def _asked(question: str) -> set[str]:
    """What a question asks for ("password", "code" or "key"): by this module's words, or where they name nothing,
    by the vocabulary's (a password's name or a PIN's, a code's or a door's in a hundred languages). A code no one
    keeps secret ("which error code?", "promo code?") is not asked for."""
    found = list(_ASKED_FOR.finditer(question))
    asked = {
        "code" if m.group("code") else "cvv" if m.group("cvv") else "key" if m.group("key") else "password"
        for m in found
        if not (m.group("code") and PUBLIC_CODE.search(question, 0, m.start()))
    }
    if found:
        return asked
    for _start, _end, kind, _name in world_words.names(question):
        kind = kind.removeprefix("known ")
        if kind == "password":
            asked.add("password")
        elif kind in ("pin", "code", "otp", "door_code_compounds"):
            asked.add("code")  # not a lock's word alone: "is this safe to commit?"
    return asked
