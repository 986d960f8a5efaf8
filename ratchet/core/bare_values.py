"""Credential values given without a connector between the word and the value: before the word ("M0nt3r3y-Bay#7 is
the password for ..."), after a few words saying whose password it is ("hasło do laptopa warszawa#1*"), or after an
account (an e-mail address on the line, a config file's directive: "requirepass ..."). Without a connector only a
value that looks chosen or generated counts. Also the password of a ``user / pass`` pair after a login word
(:func:`login_pair`), judged by the same standard, a value alone on the line below its word (:func:`below`), and one
a few words on in the same clause that only a password looks like (:func:`floating`), or anywhere in a sentence that
talks of a password (:func:`in_sentence`: "is bubblesprairie985 a good password?"), or named by what was done with
it (:func:`by_action`: "support reset it to lemonade-cinder-mocha-fjord1", "I use zoe82$eclipse for PlayStation").
:mod:`ratchet.core.passwords` asks these when no connector was found. Nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.passphrases import joined_words, words_before
from ratchet.core.password_values import (
    _ASSIGNMENT,
    _MEMORABLE,
    _describes,
    _ordinary_shape,
    generated,
    kept_by,
    password_shaped,
    plausible,
    random_token,
)
from ratchet.core.password_words import (
    _BEFORE,
    _CLAUSE_END,
    _DESCRIBING,
    _NUMBER_OF,
    _NUMERIC_WORD,
    _OTHER_HEADS,
    _PAIR,
    _PLACEHOLDER,
    _YEAR,
    _ambiguous,
)


def before(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """``"M0nt3r3y-Bay#7" is the password for ...``, ``timber5991 — that's the password``, ``use X as the
    passphrase``, ``"2662" - PIN for ...``: a generated-looking value (a PIN's digits, a passphrase's words)
    before the word, unless the word only qualifies the noun after it ("... is our password rule")."""
    if group not in ("pw", "login", "key") or text.startswith("(", at + len(word)):
        return None  # "c.NotebookApp.password = passwd('...')": a function called, not the noun
    after = re.match(r"\s+([^\W\d_]+)", text[at + len(word) : at + len(word) + 30])
    if after and after.group(1).lower() in _OTHER_HEADS:
        return None
    head = text[max(0, at - 160) : at]
    conn = _BEFORE.search(head)
    if not conn:
        return None
    lead, base = head[: conn.start()], at - len(head)
    if "phrase" in word:
        run = words_before(lead)
        if run:
            return base + run[0], base + run[1]
    token = re.search(r"[\"'`“‘]?([!-~]{4,64}?)[\"'`”’]?$", lead)
    if not token or re.search(r"\S", lead[token.start() - 1 : token.start()] if token.start() else ""):
        return None
    value = token.group(1)
    pin = _NUMERIC_WORD.search(word) and re.fullmatch(r"\d{4,12}", value)
    if group == "key" and not (random_token(value) and any(c.isdigit() for c in value)):
        return None  # "put 6HX5QAXGBP87UGS60ZE6 as the api key": only a generated key
    if any(_PLACEHOLDER.match(part) for part in re.split(r"[`\"']*[/:][`\"']*", value.strip("`\"'"))):
        return None  # "use `foo`/`bar` as user/pass": stand-ins
    chosen = generated(value) and plausible(value) or group == "pw" and joined_words(value)
    if (pin or chosen) and not _PLACEHOLDER.match(value):
        return base + token.start(1), base + token.end(1)
    return None


# "hasło do laptopa warszawa#1*", "Password email aku merdeka.bakso55": a few words saying whose password, then the
# value with no connector. Only a value that looks chosen counts, ending its clause.
_QUALIFIED = re.compile(
    r"[ \t]+(?:[^\W\d_][\w'’-]{0,20}[ \t]+){1,3}[\"'`“]?([^\s\"'`”]{6,40}?)[\"'`”]?(?=[.,;!?]?(?:\s|$))"
)


def qualified(text: str, at: int) -> tuple[int, int] | None:
    """The value after a password word and a few words saying whose password it is, with no connector."""
    found = _QUALIFIED.match(text, at)
    if not found or not _CLAUSE_END.match(text, found.end()):
        return None
    if text[at : found.start(1)].split()[0].lower().strip("'’") in _OTHER_HEADS:
        return None  # "password policy requires Upper1!", "password manager on my MacBook2": another thing's words
    value = found.group(1).rstrip(".,;:!?") if not re.search(r"[!?.]{2}$", found.group(1)) else found.group(1)
    digits = sum(c.isdigit() for c in value)
    marked = not value.isalnum() and not re.fullmatch(r"[a-z0-9_]+", value) or digits >= 2 and value != value.lower()
    # Without a digit, a capital and two symbols ("Zxcv!@#", "Penguin!!"): how people make a word a password.
    symbols = sum(c in "!@#$%^&*?+~=" for c in value)  # not an identifier's "_" or "-" (TF_VAR_db_username)
    capped = not digits and symbols >= 2 and any(c.isupper() for c in value) and sum(c.isalpha() for c in value) >= 3
    if not ((digits and marked or capped) and generated(value) and plausible(value)):  # plausible: no ordinary shape
        return None
    if _PLACEHOLDER.match(value) or value.startswith(("http", "/", "~", "@", "#", "-", "--")) or "@" in value:
        return None
    return found.start(1), found.start(1) + len(value)


def after_account(text: str, pos: int) -> bool:
    """An e-mail address earlier on the line, or the word starting the line (a directive of a config file)."""
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    directive = re.fullmatch(r"\s*(\w+)\s+", line)
    return bool(re.search(r"[\w.+-]+@[\w-]+\.[\w.-]+\s", line)) or bool(directive and _DIRECTIVE.search(directive[1]))


# Directives that take a password as their value (Redis' requirepass and masterauth, a config's dbpass, smtp_password).
_DIRECTIVE = re.compile(
    r"(?i)^(?:requirepass|masterauth|(?:auth|admin|root|default|db|smtp|mail)[-_]?pass(?:word|wd)?)$"
)


def login_pair(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``user / pass``, ``user:pass`` or ``user, password pass`` after a login word: the span of the password."""
    pair = _PAIR.match(text, start, end)
    if not pair:
        return None
    value = pair.group(2).rstrip(".,;!?)\"'")
    user = pair.group(1).lower()
    if re.fullmatch(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+/", text[pair.start(1) : pair.start(2)].replace(" ", "")):
        return None  # "registry-creds   kubernetes.io/dockerconfigjson": a domain's path (a Secret's type), no pair
    if user in _DESCRIBING or re.fullmatch(r"[\d.]*\s*[gm]hz", user):
        return None  # "credentials expired: trigger the job", "WLAN 2.4 GHz: FRITZ!Box 7590": a state, a band
    if user in _OTHER_HEADS and re.fullmatch(r":\s+", text[pair.end(1) : pair.start(2)]):
        return None  # "Wi-Fi name: ChinaNet-9xQ2", "ssid: X": a label and the thing's own value, not user:pass
    if _PLACEHOLDER.match(value) or value.lower() in _DESCRIBING or value.startswith(("//", "http")):
        return None
    if re.search(r"<[A-Za-z]", value):
        return None  # "WIFI:T:WPA;S:<network name>;P:<password>;;": a template's stand-in, not a password
    if re.fullmatch(r"[a-z]+(?:_[a-z]+)+[})\]]*", value) and not joined_words(value):
        return None  # {"username": container_registry_username}: a variable
    if not (generated(value) or value.isalpha() and len(value) >= 6 or joined_words(value)):
        return None
    return pair.start(2), pair.start(2) + len(value)


def below(text: str, at: int, line_end: int, group: str, word: str, *, ambiguous: bool) -> tuple[int, int] | None:
    """A command's output: a credential word (not one that is also an ordinary word: "pass", "token") ends a short
    command line (``argocd admin initial-password -n argocd``), and the next line is one token that only a
    generator or a person choosing a password makes, with a digit, and nothing else. Code's lines hold punctuation,
    and its identifiers no digits. ``ambiguous``: the word is also an ordinary one
    (:func:`ratchet.core.password_words._ambiguous`)."""
    labelled_short = word in ("pw", "pwd") and text[at:line_end].rstrip().endswith(":")  # "guest wifi pw:"
    if group not in ("pw", "key", "cjk") or ambiguous and not labelled_short:
        return None
    # "Password:" (or "senha wifi do escritório:", "mot de passe →", "hasło (w następnej linijce)") ending its line,
    # the value below.
    said = _LABEL_END.sub("", text[at:line_end])
    if line_end >= len(text) or len(said) > 40:
        return None
    below = _BELOW.match(text[line_end:])
    labelled = len(said) < len(text[at:line_end].rstrip())
    if re.search(r"[.!?;,()=:{}\[\]]", said):
        return None
    app = _APP_BELOW.match(text, line_end) if labelled and group == "pw" else None
    if app:  # "Generated app password for Thunderbird:" and below it "usxs jigg codh ojzy"
        return app.span(1)
    if not below:
        return None
    value = below.group(1)
    mixed = all(any(test(c) for c in value) for test in (str.islower, str.isupper)) and len(value) >= 10
    words = labelled and bool(joined_words(value) or re.fullmatch(r"(?:[A-Z][a-z]{2,}){3,}", value))
    shaped = bool(password_shaped(value) or random_token(value) or mixed or _MEMORABLE.fullmatch(value))
    shaped = shaped or labelled and generated(value) or words  # alone below "senha wifi:", "пароль от почты:"
    digit = any(c.isdigit() for c in value) or words  # ship.normal.sheriff.paper, OrbitMangoVelvetCrane
    if digit and shaped and plausible(value):
        start = line_end + below.start(1)
        return start, start + len(value)
    return None


# An app password as Google shows it: four groups of four small letters, alone on its line.
_APP_BELOW = re.compile(r"\n[ \t]*([a-z]{4}(?: [a-z]{4}){3})[ \t]*(?:\n|$)")
_LABEL_END = re.compile(r"\s*(?:\([^()\n]{0,60}\))?\s*(?:[:：]|→|->)?\s*$")
# The next line holds one token and nothing else, or a chat's next message does ("[WhatsApp] Dad: 9BQD5p...").
_BELOW = re.compile(
    r"\n[ \t]*(?:(?:\[[^\]\n]{1,24}\][ \t]*)?[^\s:：]{1,20}[:：][ \t]*)?([^\s\"'`]{6,64})[ \t]*(?:\n|$)"
)


def floating(text: str, at: int, end: int, word: str) -> tuple[int, int] | None:
    """Without a connector, a value a few words on in the same clause that only a password looks like: mixed case
    and a digit ("Пароль от роутера Matr3shka_88, как ..."), or, after a word of a language that puts the value
    before its verb, the digits of a PIN ("ПИН-код карты 1902", "카드 비밀번호 4자리는 9268예요"); after a PIN word
    of any language, digits that end the clause ("PIN for my debit card 4821")."""
    clause = re.match(r"[^.!?;\n。！？；]*", text[at:end])
    digits_ok = not word.isascii()
    numeric = bool(_NUMERIC_WORD.search(word))
    for n, match in enumerate(re.finditer(r"[^\s,，、]+", clause.group(0) if clause else "")):
        if n >= 6:
            break
        value = match.group(0).strip("\"'`“”‘’()")
        if value.isalpha() and _describes(value.lower()):
            return None  # "Passwords are hashed with Argon2id": a statement about passwords
        pin = re.match(r"(?<!\d)\d{4,12}(?!\d)", value) if digits_ok and n < 3 or numeric else None
        if pin and not digits_ok and (_YEAR.fullmatch(value) or not _CLAUSE_END.match(text, at + match.end())):
            pin = None  # "pin the dependency to 2024", "pin 1234 rows"
        if pin and _NUMBER_OF.search(text, at, at + match.start()):
            pin = None  # "the otp service listens on 8443": a port's number
        if pin and (numeric or not _YEAR.fullmatch(pin.group(0))):
            start = at + match.start() + match.group(0).index(value)
            return start, start + pin.end()
        chosen = n < 4 and not _ambiguous(word) and joined_words(value)  # "пароль от банка trophy_access_unique"
        if _MEMORABLE.fullmatch(value) and not _ordinary_shape(value) or chosen:
            start = at + match.start() + match.group(0).index(value)
            return start, start + len(value)  # "kata laluan akaun bank saya cactus-tundra-16"
        if (
            8 <= len(value) <= 40
            and any(c.islower() for c in value)
            and any(c.isupper() for c in value)
            and any(c.isdigit() for c in value)
            and not _ordinary_shape(value)
            and not _PLACEHOLDER.match(value)
            and value.lower() not in _DESCRIBING
            and not kept_by(value)  # "1Password-hvelvet", "Argon2id"
            and not re.search(r"[/:@=(]", value.rstrip("="))  # "=" ends a password as often as a padding
        ):
            start = at + match.start() + match.group(0).index(value)
            return start, start + len(value)
    return None


def in_sentence(text: str) -> Iterator[tuple[int, int]]:
    """A value the sentence of a password's word holds before or after it, with no connector between them ("is
    bubblesprairie985 a good password?", "the site rejects oscar&emma2008 as too weak", "change it from X to
    ILoveRex61"): a token only a person choosing a password writes (:func:`_chosen_alone`) or a generator made
    (:func:`_issued`); a word and a number that end the sentence after "so" or "it's", once the password was
    described ("... your surname plus birth year, so for you it's smith1984")."""
    for sentence in _SENTENCE.finditer(text):
        said = sentence.group(0)
        if not _PASSWORD_SAID.search(said):
            continue
        tokens = list(re.finditer(r"[^\s,;()\[\]{}<>]+", said))
        for token in tokens:
            value = token.group(0).strip("\"'`“”‘’.:!?")
            kept = token.group(0).strip("\"'`“”‘’").rstrip(".:?")  # "...WithExtraCheese!": its "!" is the password's
            if token is tokens[-1] and text.startswith("!", sentence.end()):
                kept += "!"  # which ended the sentence
            chosen = kept != value and _chosen_alone(kept)
            value = kept if chosen else value
            if _NAMED_SO.search(said, 0, token.start()):
                continue  # "Guest wifi is called NETGEAR42, ask for the password": a name, said to be one
            resolved = token is tokens[-1] and len(tokens) > 1 and _RESOLVED.fullmatch(tokens[-2].group(0))
            if chosen or _chosen_alone(value) or _issued(value) or resolved and _word_and_number(value):
                start = sentence.start() + token.start() + token.group(0).index(value.rstrip("!") or value)
                yield start, start + len(value)


# An account's e-mail address and its password after a colon or a slash, or a space where a list's slash or the line
# ends after the password, as a combo list or a message writes the pair ("pgarcia@outlook.com: Sunshine2011_",
# "sofia.nguyen@libero.it / hunter119 for the nursery app"); or the same address said again ("spotify mesmo email
# brasil851 / ...").
_ADDRESS_PAIR = re.compile(
    r"(?:(?<![\w.+:/-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"(?::[ \t]*|[ \t]+[/+][ \t]*|[ \t]+(?=\S+(?:[ \t]+/|[ \t]*$|[ \t]*\n)))|"
    r"(?i:\b(?:same|mesmo|mismo|m[êe]me|gleiche|stessa)\s+(?:e-?mail|correo|mail)\s+))([^\s,;/]{6,64})"
)


def after_address(text: str) -> Iterator[tuple[int, int]]:
    """The password of an e-mail address and password pair (:data:`_ADDRESS_PAIR`): letters and a digit a person
    chose or a generator made, not an address, a path, a version or a ticket's number."""
    for match in _ADDRESS_PAIR.finditer(text):
        value = match.group(1).rstrip(".!?")
        mixed = any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= 4 and generated(value)
        # Not a path, an address, a query, a file, the next variable ("... GOVC_PASSWORD='...'": its own word's).
        shaped = not re.search(r"[/:@\\]|\?.|\.[A-Za-z]{2,5}$", value) and not _ASSIGNMENT.match(value)
        if mixed and shaped and plausible(value) and not _describes(value):
            yield match.start(1), match.start(1) + len(value)


def _word_and_number(value: str) -> bool:
    """A word and a number, as a password's description resolves to ("smith1984", "Whiskers1428")."""
    return 8 <= len(value) <= 40 and bool(re.fullmatch(r"[A-Za-z]{3,}\d{2,6}[!?.$#*]?", value)) and plausible(value)


def by_action(text: str) -> Iterator[tuple[int, int]]:
    """A password named by what was done with it, with no password's word: "support reset it to
    lemonade-cinder-mocha-fjord1", "I changed it to teddy02.paprika", "I use zoe82$eclipse for PlayStation Network".
    After a reset or a change said of an account ("locked out", a login, support: not "we set it to production_v2"),
    a value a generator or a person choosing one writes (eight characters or more, a digit, a symbol or mixed case in
    it); after "I use ... for", one only a person choosing a password writes (:func:`_chosen_alone`: "I use
    pytest-xdist for speed" is a tool)."""
    for match in _SET_TO.finditer(text):
        value = match.group(1).rstrip(".,;:!?")
        if (
            _ACCOUNT.search(text, max(0, match.start() - _ACCOUNT_REACH), match.start())
            and 8 <= len(value) <= 64
            and generated(value)
            and plausible(value)  # which an ordinary shape (a version, a path, a file's name) is not
            and not value.isdigit()
            and value.lower() not in _DESCRIBING
            and not re.search(r"[/:@\\]", value)
        ):
            yield match.start(1), match.start(1) + len(value)
    for match in _USE_FOR.finditer(text):
        if _chosen_alone(match.group(1)) or random_token(match.group(1)):
            yield match.start(1), match.end(1)
    if _NETWORK.search(text):  # "join Casa Silva 5G with walnut_tundra_thimble92": a network's key, by what it does
        for match in _JOIN_WITH.finditer(text):
            value = match.group(1).rstrip(".,;:!?")
            mixed = _THREE_CLASSES.match(value) and generated(value) and plausible(value)  # "eNPPZIMg8Stz"
            if _chosen_alone(value) or joined_words(value) or random_token(value) or mixed:
                yield match.start(1), match.start(1) + len(value)


# "(support) reset it to X", "changed my password to X": a reset's or a change's new value.
_SET_TO = re.compile(
    r"(?i)\b(?:reset|changed?|set|updated?)\s+(?:it|(?:the|my|our|his|her|their)\s+(?:password|pw|passcode))\s+"
    r"(?:back\s+)?to\s+[\"'`“‘]?([^\s\"'`”’]+)"
)
_ACCOUNT = re.compile(
    r"(?i)\b(?:locked\s+out|pass(?:word|code)|passwort|pw|log\s*in|login|sign\s*in|account|support|credentials?)\b"
)
_NETWORK = re.compile(r"(?i)wi-?fi|wlan|internet|network|\b[25](?:\.4)?\s?G(?:hz)?\b")
_JOIN_WITH = re.compile(
    r"(?i)\b(?:join|connect\s+to|verbinde\s+dich\s+mit|con[ée]ctate\s+a|connecte-toi\s+[àa])\s+[^\n]{1,40}?\s+"
    r"(?:with|using|mit|con|avec)\s+[\"'`“‘]?([^\s\"'`”’]{8,64})"
)
_ACCOUNT_REACH = 200  # characters before the reset where the account is said
_USE_FOR = re.compile(
    r"(?:\b[Ii]\s+(?:use|used|reuse)|\bj['’]ai\s+(?:mis|utilis[ée])|\b(?:puse|usé|coloquei|usei)(?!\w)|\bho\s+messo|"
    r"\bich\s+habe)\s+[\"'`“‘]?([^\s\"'`”’]{8,40})[\"'`”’]?\s+(?:for|on|pour|para|per|für)\s+"
)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?](?=\S)[^.!?\n]*)*")  # "summer.winter.29" does not end one
# What hands over the value that ends a password's sentence after it was described: "so Whiskers1428", "it's X".
_RESOLVED = re.compile(r"(?i)so|it'?s|it’s|is|was|thus|i\.e\.")
_NAMED_SO = re.compile(r"(?i)\b(?:called|named|heißt|s['’]appelle|se\s+llama|chiamat[ao]|chamad[ao])\s+[\"'`“‘]?$")
_PASSWORD_SAID = re.compile(r"(?i)\b(?:(?:master\s+)?pass(?:word|phrase|code)s?|passwort|pw|pwd)\b")
_TECHNICAL = re.compile(
    r"(?i)sha-?\d|md[45]|pbkdf|argon2|bcrypt|scrypt|aes-?\d|rsa-?\d|ed25519|x25519|blake\d|hmac|crc\d|utf-?\d|"
    r"base\d\d|ipv\d|http\d|oauth\d|x509|pkcs\d|tls\d|ssl\d|win\d\d|x86|amd64|arm64|i18n|k8s"
)
_PASSWORD_SYMBOL = re.compile(r"[&$!#%*^+~]")
_LEET = re.compile(r"[A-Za-z]+\d[A-Za-z]+\d*[A-Za-z]*[_.!@#$%&*-]?\d{2,}")  # N3bul4_4424


_THREE_CLASSES = re.compile(r"(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)")


def _issued(value: str) -> bool:
    """A token a generator made, twelve characters or more, in a password's sentence ("pw rotated, new one:
    GcQkUcdLs7KkFmfLQ2Iy"); not an address, a path, an assignment or a dotted name ("psycopg2.OperationalError")."""
    if not 12 <= len(value) <= 64 or re.search(r"[/:@=.\\]", value) or not _THREE_CLASSES.match(value):
        return False  # a generator's token mixes both cases and digits ("Passwort-Manager" is a word), no dotted name
    if any(re.fullmatch(r"[A-Z]?[a-z]{3,}|[A-Z]{2,}", part) for part in re.split(r"[-_]", value)):
        return False  # words joined ("Casa-Kowalski-5G": a network's name)
    return random_token(value) and generated(value) and plausible(value)


def _chosen_alone(value: str) -> bool:
    """A token that reads as a chosen password with no word to name it, 8 to 40 characters: a symbol a password takes
    and a digit (``oscar&emma2008``), words run together and a symbol after them (``MyLanternIsSofia$``), two
    capitals in a run of words and a number (``ILoveRex61``), digits among letters (``N3bul4_4424``), or ten letters
    or more and a number (``bubblesprairie985``); not an address, a path, a version, a file's name, an algorithm's
    name or a name of code."""
    if not 8 <= len(value) <= 40 or not generated(value) or not plausible(value):  # plausible: no ordinary shape
        return False
    if value.lower() in _DESCRIBING or re.search(r"[/:@=\\]", value) or re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", value):
        return False
    if _TECHNICAL.search(value):
        return False  # "hashed with Pbkdf2Sha512", "Argon2id", "AES256GCM": an algorithm's name
    digit = any(c.isdigit() for c in value)
    symbol = _PASSWORD_SYMBOL.search(value) is not None
    if sum(c.isalpha() for c in value) < 4 or not digit and not symbol:
        return False
    if digit and symbol or _LEET.fullmatch(value):
        return True
    if re.fullmatch(r"[A-Z]?(?:[A-Z][a-z]+){3,}[&$!#%*^+~]+", value):
        return True  # "MyLanternIsSofia$": words run together and a symbol after them, not a brand ("FRITZ!Box")
    if sum(c.isupper() for c in value) >= 2 and re.fullmatch(r"(?:[A-Z][a-z]*)+\d{2,}", value):
        return any(c.islower() for c in value)  # not capitals alone: an error's code ("AADSTS50126")
    if re.fullmatch(r"[A-Z][a-z]{2,}[_.!@#$%&*-]\d{2,}", value):
        return True  # "Orange_1762": a word, a symbol and a number
    return bool(re.fullmatch(r"[a-z]{10,}\d{2,}", value))
