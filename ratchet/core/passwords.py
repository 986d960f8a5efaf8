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
    r"pass(?:word|wd|phrase|code)?s?|pwd|pw|pin(?:\s*(?:code|number))?|"
    r"(?:door|gate|alarm|garage|lock|safe|entry|access|security|unlock|lockbox|keypad)\s+code|"
    r"wi-?fi\s+(?:key|code)|wpa2?\s+(?:key|psk)|psk|network\s+key|"
    r"passwort|kennwort|mot\s+de\s+passe|mdp|contrase[ñn]a|clave|senha|wachtwoord|has[łl]o|l[öo]senord|[şs]ifre|"
    r"parola(?:\s+d'ordine)?|heslo|salasana|jelsz[óo]|adgangskode|passord|kodeord|lozinka|geslo|sandi|"
    r"m[ậa]t\s+kh[ẩa]u|пароль|κωδικός|パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|पासवर्ड"
)
# Words that name a login as a pair ("login is admin / hunter22").
_LOGIN_WORDS = r"log-?in|logon|creds|credentials?|zugangsdaten|identifiants|credenciales|credenciais|inloggegevens"
# Words that name a key or a token: only a generated-looking value counts after these.
_KEY_WORDS = (
    r"(?:api|access|auth|client|private|secret|signing|encryption|master|deploy|bot|app|license|licence|webhook|"
    r"refresh|bearer|session|personal\s+access)[ _-]?(?:key|token|secret)s?|api[ _-]?key|apikey|tokens?|secrets?|"
    r"keys?|pat|schl[üu]ssel|cl[ée]|chave|llave|chiave|klucz|ключ|токен|キー|トークン|密钥|秘钥|令牌|토큰"
)
_WORD = re.compile(
    rf"(?i)(?<![\w-])(?:(?P<pw>{_PASSWORD_WORDS})|(?P<login>{_LOGIN_WORDS})|(?P<key>{_KEY_WORDS}))(?![\w-])"
    r"|(?P<cjk>パスワード|暗証番号|密码|密碼|口令|비밀번호|암호|パス)"  # no word boundaries in these scripts
)
# What joins the word to its value. Spoken connectors need a space around them; signs do not.
_SPOKEN = (
    r"is|was|are|were|be|became|reads|ist|lautet|war|est|était|es|era|é|è|jest|är|er|je|это|είναι|"
    r"(?:set|changed|updated|reset|switched|rotated)\s+(?:to|as|auf|à|a|zu|naar|till|til|na|en|para|in)"
)
_STILL = r"now|still|currently|actually|just|simply|literally|nun|jetzt|maintenant|ahora|agora"
_SIGN = re.compile(r"\s*(?:[:=：＝]|->|=>|:=)\s*|\s+[-–—]\s+")
_CJK_CONNECTOR = re.compile(r"\s*(?:は|が|を|：|:|是|为|為|는|은|이|가|=)\s*")
_VALUE = re.compile(r"[\"'`“”‘’«»]?([!-~\u00a1-\u024f]+)")
_QUOTED = re.compile(r"[\"'`“‘«]([^\"'`”’»\n]{4,80})[\"'`”’»]")
_QUALIFIER_LIMIT = 6
_SPOKEN_RE = re.compile(rf"\s+(?:{_SPOKEN})\s+", re.I)
_MORE = re.compile(rf"(?:{_SPOKEN}|{_STILL})\s+|[:=]\s*", re.I)
_QUALIFIER = re.compile(r"\s+[^\s.!?;:=,]{1,30}")
_PAIR = re.compile(r"([^\s/:,]{1,64})\s*(?:/|:|,\s*(?:pw|pass(?:word)?)\s*:?|\s+and\s+)\s*([!-~]{4,80})")
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
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_DESCRIBING_ENDINGS = ("ed", "ing", "able", "ible", "ive", "ous", "ful", "less", "ally", "ly", "ness", "ment")
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%\w+%|<[^>]*>|\{\{.*\}\}|\[[^\]]*\]|x{3,}|\*{3,}|\.{3,}|…|"
    r"(?i:redacted|changeme|change-me|placeholder|example|dummy|foo|bar|baz|test|secret|password|your[-_\w]*|"
    r"my[-_]\w+|todo|tbd|n/?a|hidden|\*+|pass(?:word|phrase|wort)s?|tokens?|keys?|secrets?|pin))$"
)


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential value said in words in ``text``."""
    for match in _WORD.finditer(text):
        group = match.lastgroup or "key"
        kind = {"pw": "Password", "login": "Password", "cjk": "Password"}.get(group, "API Key")
        word = match.group(0).lower()
        if group == "key" and "token" in word or word in ("токен", "トークン", "令牌", "토큰"):
            kind = "Token"
        found = _value_after(text, match.end(), group, word)
        if found:
            yield found[0], found[1], kind


def _value_after(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """The span of the value that follows a credential word ending at ``at``, if it is one."""
    line_end = text.find("\n", at)
    window_end = min(len(text), at + 160, line_end if line_end >= 0 else len(text))
    pos, connected = _past_connector(text, at, window_end, group)
    if pos is None:
        return None
    quoted = _QUOTED.match(text, pos, window_end)
    if quoted and connected and group in ("pw", "cjk", "login") and len(quoted.group(1).strip()) >= 6:
        return quoted.start(1), quoted.end(1)  # a quoted passphrase, spaces and all
    value = _VALUE.match(text, pos, window_end)
    if not value:
        return None
    raw = value.group(1)
    lead = len(raw) - len(raw.lstrip("([{"))
    stripped = raw[lead:].rstrip(".,;:)]}\"'`”’»")
    start = value.start(1) + lead
    end = start + len(stripped)
    if group == "login":
        pair = _login_pair(text, start, window_end)
        if pair:
            return pair
    if _judge(stripped, group, word, connected, clause_final=bool(_CLAUSE_END.match(text, end))):
        return start, end
    return None


def _past_connector(text: str, at: int, end: int, group: str) -> tuple[int | None, bool]:
    """Where the value starts after the word (past qualifiers and a connector) and whether a connector was seen."""
    if group == "cjk":
        sign = _CJK_CONNECTOR.match(text, at, end)
        return (sign.end(), True) if sign else (at, False)
    pos = at
    for _ in range(_QUALIFIER_LIMIT + 1):
        sign = _SIGN.match(text, pos, end)
        if sign:
            return _past_spoken(text, sign.end(), end), True
        spoken = _SPOKEN_RE.match(text, pos, end)
        if spoken:
            return _past_spoken(text, spoken.end(), end), True
        if pos == at:
            bare = re.match(r"\s+", text[pos:end])
            direct = pos + (bare.end() if bare else 0)
        nxt = _QUALIFIER.match(text, pos, end)
        if not nxt:
            break
        pos = nxt.end()
    # No connector: the token right after the word ("password Tr0ub4dor"), judged strictly.
    return (direct if at < end else None), False


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
    return pair.start(2), pair.start(2) + len(value)


def _judge(value: str, group: str, word: str, connected: bool, *, clause_final: bool) -> bool:
    if not value or _PLACEHOLDER.match(value) or value.startswith(("http://", "https://", "/", "~/", "./", "$")):
        return False
    lower = value.lower()
    if lower in _DESCRIBING:
        return False
    digits = value.rstrip("#*")
    if digits.isdigit():
        is_code = group in ("pw", "cjk") and ("pin" in word or "code" in word or "暗証" in word)
        said = group in ("pw", "cjk", "login") and connected
        return is_code and 4 <= len(digits) <= 12 or said and len(digits) >= 6
    if generated(value):
        return True
    if group not in ("pw", "cjk") or not connected or not clause_final:
        return False
    # A one-word password said in words: a word, but not one that describes a password.
    return len(value) >= 5 and value.isalpha() and not lower.endswith(_DESCRIBING_ENDINGS)


def generated(value: str) -> bool:
    """A value that looks made by a person choosing a password or by a generator: at least six characters with two
    classes one of which is a digit or a symbol, or sixteen random-looking characters."""
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
    """Shapes that mix classes without being secret: templates, versions, dates, times, sizes, file names, dotted
    names."""
    if any(mark in value for mark in ("${", "{{", "%(", "<%", "#{")):
        return True
    return bool(
        re.fullmatch(
            r"v?\d+(?:\.\d+)+(?:[-+.]\w+)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?|"
            r"\d+(?:\.\d+)?(?:[kKmMgGtT][bB]?|ms|s|%|px|em|rem)|[\w-]+\.(?:[a-z]{1,5})|[a-z]+(?:[._-][a-z]+)+",
            value,
        )  # fmt: skip
    )


def entropy(data: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(data)
    n = len(data)
    return -sum(c / n * math.log2(c / n) for c in counts.values())
