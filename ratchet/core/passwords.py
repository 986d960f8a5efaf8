"""Credentials said in words: "my laptop password is correcthorsebatterystaple", "pw: hunter2!", "the API key for
the weather service is 3f9a...", "mein Passwort ist Sommer2024!", "NAS login is admin / n4sP@ss99".

A credential word (in about thirty languages), then at most a few qualifying words ("for the staging postgres"),
then a connector ("is", ":", "=", "ist", "est", "は"...), then the value. The value is judged by how it is said:

- after a password word and a connector, a single word that ends its clause is a password even when it is an
  ordinary-looking word ("password: swordfish"), unless it is a word people use to *describe* a password
  ("expired", "required", "too short", "in 1Password");
- a PIN or a door code is digits;
- without a connector, or after a key/token word, only a value that looks generated counts (two character classes
  with a digit or a symbol, or long and random), so "the token expires daily" and "API key rotation" stay clean.

:func:`spans` yields ``(start, end, kind)`` of each value; :mod:`ratchet.core.secrets` builds ``scan`` and
``redact`` on it. Nothing here imports anything heavy.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

# Words that name a password (or PIN, or login), in the languages people write to an agent in.
_PASSWORD_WORDS = (
    r"pass\s+phrase|pass(?:word|wd|phrase|code)?s?|pwd|requirepass|masterauth|pw|puk|pin(?:\s*(?:code|number))?|"
    r"(?:door|gate|alarm|garage|lock|safe|entry|access|security|unlock|lockbox|keypad)\s+(?:code|combination)|"
    r"combination|wi-?fi\s+(?:key|code)|wpa2?\s+(?:key|psk)|psk|network\s+key|"
    r"passwort|kennwort|mot\s+de\s+passe|mdp|code\s+(?:de\s+la\s+porte|d'acc[èe]s|du\s+portail)|digicode|"
    r"contrase[ñn]a|contrasenya|jelsz[óo]|jelszava|clave|senha|wachtwoord|has[łl]o|l[öo]senord(?:et)?|[şs]ifre(?:m|si|niz)?|"
    r"parola(?:\s+d'ordine)?|heslo|salasana|jelsz[óo]|adgangskode(?:n)?|passord(?:et)?|kodeord(?:et)?|lozinka|geslo|"
    r"sandi|m[ậa]t\s+kh[ẩa]u|пароль|κωδικός|パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|पासवर्ड"
)
# Words that name a login as a pair ("login is admin / hunter22").
_LOGIN_WORDS = (
    r"log-?in|logon|creds|credentials?|zugangsdaten|identifiants|credenciales|credenciais|inloggegevens|wi-?fi|wlan"
)
# Words that name a key or a token: only a generated-looking value counts after these.
_KEY_WORDS = (
    r"(?:api|access|auth|client|private|secret|signing|encryption|master|deploy|bot|app|license|licence|webhook|"
    r"refresh|bearer|session|personal\s+access|user|ingest|admin|service|account|publishable)"
    r"[ _-]?(?:key|token|secret)s?|master\.key|api[ _-]?key|apikey|kl[íi][čc](?:\s+api)?|tokens?|secrets?|"
    r"pat|api-schl[üu]ssel|schl[üu]ssel|cl[ée]\s+(?:api|d'api|secr[èe]te)|chave(?:\s+(?:da\s+)?api)?|"
    r"llave|clave\s+(?:de\s+)?api|chiave(?:\s+api)?|klucz(?:\s+api)?|ключ(?:\s+api)?|токен|キー|トークン|密钥|秘钥|令牌|토큰"
)
_WORD = re.compile(
    rf"(?i)(?<![^\W_])(?:(?P<pw>{_PASSWORD_WORDS})|(?P<login>{_LOGIN_WORDS})|(?P<key>{_KEY_WORDS}))(?![^\W_]|-\w)"
    r"|(?P<cjk>パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|パス)"  # no word boundaries in these scripts
)
# What joins the word to its value. Spoken connectors need a space around them; signs do not.
_SPOKEN = (
    r"is|was|are|were|became|reads|ist|lautet|war|est|c'est|était|es|era|é|è|jest|to|är|er|je|on|это|είναι|"
    r"contains|holds|(?:set|changed|updated|reset|switched|rotated)\s+(?:to|as|auf|à|a|zu|naar|till|til|na|en|para|in)|to|as"
)
_STILL = r"now|still|currently|actually|just|simply|literally|nun|jetzt|maintenant|ahora|agora"
# A JSON key's or a subscript's closing quote first ("token": ..., config['SECRET_KEY'] = ...).
_SIGN = re.compile(r"[\"']?\]?\s*(?:[:=：＝→]|->|=>|:=)\s*|\s+[-–—]\s+")
_CJK_CONNECTOR = re.compile(r"\s*(?:は|が|を|：|:|是|为|為|는|은|이|가|=)\s*")
_VALUE = re.compile(r"[\"'`“”‘’«»]?([!-~\u00a1-\u024f]+)")
_QUOTED = re.compile(r"[\"'`“‘«]([^\"'`”’»\n]{4,80})[\"'`”’»]")
_QUALIFIER_LIMIT = 8
# Words that are also ordinary English verbs or nouns: a value must follow a connector ("pin: 4821"), never bare.
_AMBIGUOUS = frozenset(
    "pin pins pass passes puk combination pat token tokens secret secrets code psk".split()  # noqa: SIM905
)
# Connectors that are ordinary prepositions too: they connect only right after the credential word.
_WEAK = re.compile(r"(?i)to|on|as|je|er|es|era|é|è|-|–|—")
_PREPOSITIONS = frozenset(
    "for of to on in at with from by de del des du da di för för til voor für pour para per".split()  # noqa: SIM905
)
# Nouns that, ending the qualifying words, make the value theirs ("network name is CoffeeLab_Guest").
_OTHER_HEADS = frozenset(
    """
    name names ssid id ids user users username usernames email emails url urls uri endpoint host hostname server
    port address policy policies length hint hints manager managers field fields file files path paths variable
    variables env location format prefix header scope type expiry rotation owner label title count limit
    provider service vault store page link
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_SPOKEN_RE = re.compile(rf"\s+(?:{_SPOKEN})\s+", re.I)
_MORE = re.compile(rf"(?:{_SPOKEN}|{_STILL})\s+|[:=]\s*", re.I)
_QUALIFIER = re.compile(r"\s+(?:[^\s.!?;:=,]|\.(?=\S)){1,40}")
_PAIR = re.compile(r"([^\s/:,]{1,64})\s*(?:/|:|,\s*(?:pw|pass(?:word)?)\s*:?|\s+and\s+)\s*([!-~]{4,80})")
_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}\b")  # Google app passwords
_PHRASE = re.compile(r"[A-Za-z][a-z]+(?:[ -][A-Za-z][a-z]+){2,7}")  # an unquoted passphrase of 3-8 words
_BEFORE = re.compile(
    r"(?P<value>[\"'`“‘]?[!-~]{6,64}[\"'`”’]?)\s+(?:is|was|as|=)\s+(?:the|my|our|your|a|an)?\s*(?:new\s+|current\s+)?"
    r"(?:[\w-]+\s+){0,2}$",
    re.I,
)
# "$unsh1ne_22": a dollar sign then letters and digits mixed inside a word is a password, not a shell variable.
_LEET_VARIABLE = re.compile(r"\$[A-Za-z_]*[A-Za-z]\d+[A-Za-z]")
_DOOR_CODE = re.compile(r"[*#]?(?=[A-Za-z]*\d)[A-Za-z0-9]{4,8}[*#]?")
_TOKENISH = re.compile(r"(?<![\w@/.-])[^\s\"'`“”‘’<>()\[\]]{8,66}")
_PASSWORD_SYMBOLS = frozenset("!#$%^&*+=?~@|\\")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ENV_REFERENCE = re.compile(r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|\$\{\{.*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$")
_CLAUSE_END = re.compile(r"\s*(?:$|[.,;!?)\]}\n]|\s(?:and|but|so|or|btw|though|then|which|if|when|—|-)\b)", re.I)

# Words that say something about a password rather than being one ("the password is weak"). A one-word password
# after a connector must not be one of these, nor end like an adjective or participle.
_DESCRIBING = frozenset(
    """
    a an the my your our their his her its this that in on at of for from by with without via under inside into
    not no never always also still now just only same different new old current previous default temporary
    required optional mandatory needed necessary missing empty blank null none nil unset set saved stored kept
    correct incorrect wrong right valid invalid expired expiring expires rotated reset changed updated locked
    weak strong long short simple complex complicated easy hard secure insecure safe unsafe good bad fine ok okay
    great terrible random unique generated hashed encrypted salted hidden visible shown masked known unknown
    secret private public shared personal sensitive compromised leaked exposed breached stolen case sensitive
    too very quite pretty really rather so enough longer shorter stronger weaker better worse easier harder
    something anything nothing everything whatever one two three four five six seven eight nine ten twelve
    characters chars digits letters words symbols minimum maximum min max least most
    managed handled kept synced autofilled remembered forgotten lost written noted here there elsewhere
    same-as identical similar unchanged protected enforced disabled enabled active inactive pending working
    policy rules manager managers vault keychain bitwarden lastpass 1password dashlane keepass keeper
    please thanks thank yes yeah nope what which who where why how unclear ready
    monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday weekly daily monthly
    january february march april june july august september october november december
    abgelaufen falsch richtig korrekt ungültig vergessen geändert sicher schwach stark lang kurz erforderlich
    verlopen onjuist ongeldig gewijzigd vergeten nieprawidłowe nieprawidłowy wygasło zmienione expiré expirée
    oublié changé obligatoire caducada incorrecta olvidada expirada errada scaduta sbagliata utgått fel feil
    udløbet forkert vanhentunut väärin неверный истёк 間違い 错误 过期
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_DESCRIBING_ENDINGS = ("ed", "ing", "able", "ible", "ive", "ous", "ful", "less", "ally", "ly", "ness", "ment")
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(.*|`.*|%\w+%|<[^>]*>|\{\{.*\}\}|\[[^\]]*\]|x{3,}|\*{3,}|\.{3,}|…|"
    r"my[A-Z][a-z]+(?:[A-Z][a-z]+)*|.*(?:\.{3}|…)|"
    r"(?i:redacted|changeme|change-me|placeholder|example|dummy|foo|bar|baz|test|secret|password|your[-_\w]*|"
    r"my[-_]\w+|todo|tbd|n/?a|hidden|\*+|pass(?:word|phrase|wort)s?|tokens?|keys?|secrets?|pin))$"
)


# The end of a camelCase name (adminPassword, dbPasswd, clientSecret, apiKey): the value after its sign.
_CAMEL = re.compile(r"(?<=[a-z0-9])(?:Password|Passwd|Pwd|Secret|Token|ApiKey|Key)(?![a-z])")


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential value said in words in ``text``."""
    for match in _CAMEL.finditer(text):
        sign = _SIGN.match(text, match.end())
        if sign and sign.group(0).strip():
            found = _value_at(text, sign.end(), min(len(text), sign.end() + 120), "key", "key", False)
            if found:
                yield found[0], found[1], "Password" if "P" in match.group(0) else "API Key"
    for match in _WORD.finditer(text):
        group = match.lastgroup or "key"
        kind = {"pw": "Password", "login": "Password", "cjk": "Password"}.get(group, "API Key")
        word = match.group(0).lower()
        if group == "key" and "token" in word or word in ("токен", "トークン", "令牌", "토큰"):
            kind = "Token"
        found = _value_after(text, match.end(), group, word) or _value_before(text, match.start(), group)
        if found:
            yield found[0], found[1], kind
    for match in _TOKENISH.finditer(text):
        if password_shaped(match.group(0)):
            yield match.start(), match.end(), "Password"


def _value_after(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """The span of the value that follows a credential word ending at ``at``, if it is one: past each possible
    connector in turn ("the password to the server is X": "to" leads to "the", then "is" to the value)."""
    line_end = text.find("\n", at)
    window_end = min(len(text), at + 160, line_end if line_end >= 0 else len(text))
    for pos, connected in _candidates(text, at, window_end, group, word):
        found = _value_at(text, pos, window_end, group, word, connected)
        if found:
            return found
    if group in ("pw", "cjk"):
        return _floating(text, at, window_end)
    return None


def _floating(text: str, at: int, end: int) -> tuple[int, int] | None:
    """Without a connector, a value a few words on in the same clause that only a password looks like: mixed case
    and a digit ("Пароль от роутера Matr3shka_88, как ...")."""
    clause = re.match(r"[^.!?;\n]*", text[at:end])
    for n, match in enumerate(re.finditer(r"[^\s,]+", clause.group(0) if clause else "")):
        if n >= 6:
            break
        value = match.group(0).strip("\"'`“”‘’()")
        if (
            8 <= len(value) <= 40
            and any(c.islower() for c in value)
            and any(c.isupper() for c in value)
            and any(c.isdigit() for c in value)
            and not _ordinary_shape(value)
            and not _PLACEHOLDER.match(value)
            and value.lower() not in _DESCRIBING
            and not re.search(r"[/:@=(]", value)
        ):
            start = at + match.start() + match.group(0).index(value)
            return start, start + len(value)
    return None


def _value_at(text: str, pos: int, end: int, group: str, word: str, connected: bool) -> tuple[int, int] | None:
    quoted = _QUOTED.match(text, pos, end)
    if quoted and connected and group in ("pw", "cjk", "login") and len(quoted.group(1).strip()) >= 6:
        inner = quoted.group(1).strip()
        if not _PLACEHOLDER.match(inner) and not _ordinary_shape(inner):
            return quoted.start(1), quoted.end(1)  # a quoted passphrase, spaces and all
    if connected and group == "pw":
        words = _APP_PASSWORD.match(text, pos, end) or (_PHRASE.match(text, pos, end) if "phrase" in word else None)
        if words and words.group(0).split()[0].lower() not in _DESCRIBING:
            return words.start(), words.end()  # "gqwl rpct lwsl ttsz", "glacier ember quilt seventeen"
    value = _VALUE.match(text, pos, end)
    if not value:
        return None
    raw = value.group(1)
    if re.search(r"(?:\.{3}|…)[\"'`”’»)\]]*$", raw):
        return None  # "sk_test_...": elided, a stand-in
    lead = len(raw) - len(raw.lstrip("([{*"))
    stripped = raw[lead:].rstrip(".,;:?)]}\"'`”’»")
    start = value.start(1) + lead
    finish = start + len(stripped)
    if group == "login":
        pair = _login_pair(text, start, end)
        if pair:
            return pair
    if _judge(stripped, group, word, connected, clause_final=bool(_CLAUSE_END.match(text, finish))):
        return start, finish
    return None


def _glued(sign: re.Match[str]) -> bool:
    """A sign with no space on either side ("SHA256:m0e9", "host:5432")."""
    return sign.group(0) == sign.group(0).strip() and sign.group(0) in (":", "：")


def _names_other(text: str, at: int, pos: int) -> bool:
    """The qualifying words end in a noun of their own ("the wifi network name is ...", "the password manager is
    ..."): the value that follows is that thing's, not the credential."""
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text[at:pos])]
    return bool(words) and words[-1] in _OTHER_HEADS and not any(w in _PREPOSITIONS for w in words)


def _candidates(text: str, at: int, end: int, group: str, word: str = "") -> Iterator[tuple[int, bool]]:
    """Where a value may start after the word: right after it (no connector), then past each connector found
    within a few qualifying words."""
    if group == "cjk":
        sign = _CJK_CONNECTOR.match(text, at, end)
        yield (sign.end(), True) if sign else (at, False)
        return
    bare = re.match(r"\s+", text[at:end])
    if bare:  # "password Sommer2024!" (only a generated value), never "DB_PASSWORD=x"
        yield at + bare.end(), False
    pos = at
    for n in range(_QUALIFIER_LIMIT + 1):
        sign = _SIGN.match(text, pos, end) or _SPOKEN_RE.match(text, pos, end)
        if sign and n and (_glued(sign) or _names_other(text, at, pos)):
            sign = None  # "... as SHA256:m0e9": a glued colon; "network name is X": another noun's value
        if sign:
            # A weak connector past qualifying words ("the pass to unlock the zip file is", "set the password on the
            # sheet to X") connects only a value that looks generated.
            strong = not n or not _WEAK.fullmatch(sign.group(0).strip())
            yield _past_spoken(text, sign.end(), end), strong
            pos = sign.end() - 1 if sign.end() > pos + 1 else sign.end()
        nxt = _QUALIFIER.match(text, pos, end)
        if not nxt:
            return
        pos = nxt.end()


def _value_before(text: str, at: int, group: str) -> tuple[int, int] | None:
    """``"M0nt3r3y-Bay#7" is the password for ...``, ``use X as the password``: a generated-looking value before."""
    if group not in ("pw", "login"):
        return None
    found = _BEFORE.search(text, max(0, at - 120), at)
    if not found or found.end() != at:
        return None
    value = found.group("value").strip("\"'`“”‘’")
    start = found.start("value") + found.group("value").index(value)
    if generated(value) and not _PLACEHOLDER.match(value):
        return start, start + len(value)
    return None


def _past_spoken(text: str, pos: int, end: int) -> int:
    """Past further connector words ("is now", "changed to", "set to")."""
    while True:
        more = _MORE.match(text, pos, end)
        if not more or more.end() == pos:
            return pos
        pos = more.end()


def _login_pair(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``user / pass``, ``user:pass`` or ``user, password pass`` after a login word: the span of the password."""
    pair = _PAIR.match(text, start, end)
    if not pair:
        return None
    value = pair.group(2).rstrip(".,;!?)\"'")
    if _PLACEHOLDER.match(value) or value.lower() in _DESCRIBING or value.startswith(("//", "http")):
        return None
    if not generated(value) and not (value.isalpha() and len(value) >= 6):
        return None
    return pair.start(2), pair.start(2) + len(value)


def _judge(value: str, group: str, word: str, connected: bool, *, clause_final: bool) -> bool:
    digits = value.strip("#*")
    if re.fullmatch(r"\d+(?:-\d+)*", digits):  # a PIN, a door code, a combination: before digits read as a number
        is_code = group in ("pw", "cjk") and any(w in word for w in ("pin", "puk", "code", "combination", "暗証"))
        said = group in ("pw", "cjk", "login") and connected
        return is_code and 4 <= len(digits.replace("-", "")) <= 12 or said and len(digits) >= 6
    if connected and group == "pw" and any(w in word for w in ("code", "pin")) and _DOOR_CODE.fullmatch(value):
        return True  # "code de la porte : A1294"
    if len(value) >= 16 and readable_base64(value):
        return False  # base64 of text or JSON: a cursor or a payload, not a key
    if not value or value.startswith(("http://", "https://", "/", "~/", "./", "-")):
        return False  # a URL, a path, a command-line flag
    if re.match(r"[A-Za-z_][\w.]*\(", value) or value.startswith("ENC["):
        return False  # code (env('DJANGO_SECRET_KEY')), a value sops encrypted
    if _PLACEHOLDER.match(value) and not _LEET_VARIABLE.match(value):
        return False
    assignment = "=" in value.strip("=") and not (len(value) >= 20 and entropy(value) > 4.0)  # a=b, not a key
    if _ENV_REFERENCE.match(value) or assignment or _ordinary_shape(value):
        return False
    lower = value.lower()
    if lower in _DESCRIBING:
        return False
    if not connected and (word in _AMBIGUOUS or group == "key") and not generated(value):
        return False
    if generated(value):
        return True
    if group not in ("pw", "cjk") or not connected or not clause_final:
        return False
    # A one-word password said in words: a word, but not one that describes a password.
    return len(value) >= 5 and value.isalpha() and not _describes(lower)


def _describes(word: str) -> bool:
    """A word that says something about a password (English, and the inflections of a few other languages)."""
    return word.endswith(_DESCRIBING_ENDINGS) or (len(word) >= 9 and word.endswith(("en", "et", "te", "ta")))


def password_shaped(token: str) -> bool:
    """A token nobody writes but as a password: 8-64 characters with lower and upper case letters, a digit and a
    symbol (``Ruby&Jasper2017``, ``Adm!n#4410``), not a URL, an e-mail address, a path or code."""
    token = token.strip("\"'`“”‘’.,;:()[]<>")
    assignment = re.match(r"[A-Za-z_][\w.-]*=(?=.)", token)
    if assignment:
        return password_shaped(token[assignment.end() :])  # id=01JW8PN7...: judge the value
    token = token.rstrip("=")  # base64 padding is not a password's symbol
    if not 8 <= len(token) <= 64 or "://" in token or token.count("/") > 1:
        return False
    if len(token) >= 20 and re.fullmatch(r"[A-Za-z0-9+/_-]+={0,2}", token):
        return False  # base64 nobody types as a password (a digest, a key, a certificate line): other layers judge it
    if re.search(r"[,:;].*[,:;]", token):
        return False  # structured data (key:value,key:value), not a password
    if re.fullmatch(r"[#@][A-Za-z]\w*", token) or re.search(r"(?i)(?:sha\d+|md5):[0-9a-f]{32,}", token):
        return False  # a hashtag or a handle; an image reference pinned by digest
    if _EMAIL.fullmatch(token) or _ordinary_shape(token) or _ENV_REFERENCE.match(token):
        return False
    symbols = [c for c in token if not c.isalnum()]
    return (
        any(c.islower() for c in token)
        and any(c.isupper() for c in token)
        and any(c.isdigit() for c in token)
        and any(c in _PASSWORD_SYMBOLS for c in symbols)
        and not re.search(r"[({\[]['\"]|\)$|\.\w+\(", token)  # code: f("x"), a.b(
    )


def generated(value: str) -> bool:
    """A value that looks made by a person choosing a password or by a generator: at least six characters with two
    classes one of which is a digit or a symbol, or sixteen random-looking characters."""
    value = value.strip(".,;:!?\"'()")  # punctuation around a word is not a symbol in it ("computer.")
    if len(value) < 6:
        return False
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )
    if classes >= 2 and any(c.isdigit() or not c.isalnum() for c in value):
        return not _ordinary_shape(value)
    return len(value) >= 16 and entropy(value) > 3.5


def _ordinary_shape(value: str) -> bool:
    """Shapes that mix classes without being secret: templates and code, versions, dates, times, sizes, numbers,
    file names, paths, dotted names, digests and fingerprints, GPG key ids."""
    if any(mark in value for mark in ("${", "{{", "%(", "<%", "#{", "os.environ", "process.env", "getenv", "ENV[")):
        return True
    return bool(
        re.fullmatch(
            r"v?\d+(?:\.\d+)+(?:[-+.]\w+)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?|[\d,._ ]+|"
            r"\d+(?:\.\d+)?(?:[kKmMgGtT][bB]?|ms|s|%|px|em|rem)|[\w-]+\.(?:[a-z]{1,5})|[a-z]+(?:[._-][a-z]+)+|"
            r"[\w.-]*[a-z][\w.-]*(?:/[\w.-]+)+|(?:SHA\d+|sha\d+|MD5|md5|h1|blake2b?)[:-]\S+|(?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{2}|"
            r"(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})|(?:arn|urn|spotify|s3|gs):\S+|\S*(?i:sha\d+|md5):[0-9a-fA-F]{32,}\S*|0x[0-9a-fA-F]{40}",
            value,
        )
    )


def decoded_base64(token: str) -> str:
    """``token`` decoded as (standard or URL-safe) base64 into text, or "" when it is not base64."""
    import base64
    import binascii

    body = token.rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if "-" in body or "_" in body else None)
    except (binascii.Error, ValueError):
        return ""
    return raw.decode("latin-1")


def readable_base64(token: str) -> bool:
    """Base64 whose bytes are mostly printable text (encoded JSON, a protobuf of words): data, not a key."""
    raw = decoded_base64(token)
    if raw.startswith(("\x89PNG", "GIF8", "\xff\xd8\xff", "%PDF", "\x1f\x8b", "PK\x03\x04", "RIFF")):
        return True  # an image, a PDF, an archive: a file, not a key
    printable = sum(" " <= c < "\x7f" or c in "\t\n\r" for c in raw)
    return len(raw) >= 8 and printable / len(raw) >= 0.75


def entropy(data: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(data)
    n = len(data)
    return -sum(c / n * math.log2(c / n) for c in counts.values())
