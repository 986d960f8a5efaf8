"""Credentials said in words: "my laptop password is correcthorsebatterystaple", "pw: hunter2!", "the API key for
the weather service is 3f9a...", "mein Passwort ist Sommer2024!", "NAS login is admin / n4sP@ss99".

A pipeline of stages, one module each: a credential word and its connectors (:mod:`password_words`), then here,
where the value starts (after the word, a few qualifying words and a connector; alone on the next line, as a tool
prints it; or before the word: "cedar6canyon! <- that's the password"), then whether it is a secret by how it was said
(:mod:`password_judge`) and by its shape (:mod:`password_values`). How it is said decides what counts:

- after a password word and a connector, a single word that ends its clause is a password even when it is an
  ordinary-looking word ("password: swordfish"), unless it describes a password ("expired", "in 1Password"); a run
  of plain words is a passphrase when it reads as random words rather than a sentence;
- a PIN, a PUK, a card's CVV or a combination is digits (a door code may hold a letter);
- without a connector, or after a key/token word, only a value that looks generated counts, so "the token expires
  daily" and "API key rotation" stay clean.

Secrets no password word names (recovery codes, seed phrases, door codes) are :mod:`ratchet.core.account_secrets`;
:func:`spans` yields ``(start, end, kind)``, on which :mod:`ratchet.core.secrets` builds ``scan`` and ``redact``."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core import bare_values
from ratchet.core.passphrases import _JOINED_PHRASE, _PHRASE_CUE, passphrase
from ratchet.core.password_judge import _PASSWORD_NAME_END, judge
from ratchet.core.password_values import (
    _ordinary_shape,
    _random_words,
    generated,
    password_shaped,
    plausible,
    random_token,
    stand_in_words,
)
from ratchet.core.password_words import (
    _APP_PASSWORD,
    _ASKED,
    _BOOKING,
    _CAMEL,
    _CAMEL_VERB,
    _CJK_CONNECTOR,
    _CJK_QUALIFIED,
    _CLAUSE_END,
    _CODE_WORD,
    _CONTRACTED,
    _COPULAS,
    _DESCRIBING,
    _DIGITS_END,
    _FAMOUS,
    _GIVEN_RE,
    _GIVEN_STAND_IN,
    _ITS,
    _LABEL_START,
    _LITERAL_PAIR,
    _MASKED_NEXT,
    _MORE,
    _NUMBER_OF,
    _NUMERIC_WORD,
    _OTHER_HEADS,
    _PAGING,
    _PAIR,
    _PASSWORD_LATER,
    _PATH_VALUE,
    _PLACEHOLDER,
    _POST_COPULA,
    _PREPOSITIONS,
    _QUALIFIER,
    _QUALIFIER_LIMIT,
    _QUOTED,
    _SENTENCE_END,
    _SETS,
    _SHORT_PIN,
    _SIGN,
    _SPOKEN_RE,
    _TALKED_ABOUT,
    _TEMPLATE,
    _TOKENISH,
    _VALUE,
    _WEAK,
    _X_RUN,
    CMDLET,
    PROPERTY_HEADS,
    _ambiguous,
    _sentence_start,
    _word,
    a_key_for,
    inside_stand_in,
    masked,
    qualifies_other,
)

# A CI step's reference to a task or an action (Azure Pipelines "- task: AzureKeyVault@2", GitHub "uses: x@v4").
_STEP = re.compile(r"\b(?:task|uses|image)\s*:\s*$")


def blank_templates(text: str) -> str:
    """``text`` with template expressions and jsonpaths blanked, same length so offsets hold: they are references
    to a value kept elsewhere, not values."""
    return _TEMPLATE.sub(lambda m: " " * len(m.group(0)), text)


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential value said in words in ``text``."""
    text = blank_templates(text)
    for match in _CAMEL.finditer(text):
        name = _ending(_NAME_END, text, match.end()).lower()  # the whole name: "dbpassword"
        paging = _PAGING.search("_" + name[: -len(match.group(0))] + "_")  # nextPageToken
        found = None if "pub" in name or paging else _camel_value(text, match.end(), name)
        if found:  # "publicKey = ..." (WireGuard, VAPID) is public by design
            yield found[0], found[1], "Password" if re.search(r"(?i)pass|pwd", match.group(0)) else "API Key"
    for match in _word().finditer(text):
        group = match.lastgroup or "key"
        word = match.group(group).lower()  # without a value suffix: secret_key_base is a "secret_key"
        group = "pw" if group == "glued" else group
        if group == "key" and _PAGING.search(text, max(0, match.start() - 12), match.start()):
            continue  # "next_page_token": where a listing goes on, not a credential
        if group == "cjkkey":
            found = value_after(text, match.end(), "cjk", word)
            if found and random_token(text[found[0] : found[1]]):
                yield found[0], found[1], "API Key"  # "接口密钥：61b8...": a key word of a script without spaces
            continue
        before = _ending(_TOKEN_END, text, match.start())
        in_path = group != "login" and "/" in before
        if in_path and not _PATH_VALUE.match(text, match.end()) or "arn:" in before:  # an ARN names a resource
            continue  # a file's name in a path (-e PASSWORD_FILE=/run/secrets/pg_pw), not the credential
        if (
            qualifies_other(text, match.start(), match.end(), group)
            or word in ("key", "keys")
            and not a_key_for(text, match.start(), match.end())
        ):
            continue
        after = _word().match(text, match.end() + 1) if group == "login" else None
        if after and after.lastgroup == "pw" and not re.match(r"\s*[:=]", text[after.end() :]):
            continue  # "wifi password with guests": the password's word says what follows, not the login's
        kind = {"pw": "Password", "login": "Password", "cjk": "Password"}.get(group, "API Key")
        if group == "key" and "token" in word or word in ("токен", "トークン", "令牌", "토큰"):
            kind = "Token"
        found = value_after(text, match.end(), group, word) or bare_values.before(text, match.start(), group, word)
        if not found and group == "pw" and not _ambiguous(word):
            found = bare_values.qualified(text, match.end())
        if found and group == "login" and re.match(r"(?i)\s*\d+(?:[.,]\d+)?\s*[gm]hz\b", text[match.end() :]):
            continue  # "WLAN 2.4 GHz: FRITZ!Box 7590 XQ": a band's network name on a router's status page
        if found and text[found[0] : found[1]].lower() in _FAMOUS and _TALKED_ABOUT.search(text):
            continue  # "the most common leaked passwords are still 123456 ...", "hunter2 — the classic joke"
        if found and "<xxxx" in text[found[0] : found[1]]:
            continue  # "WIFI:T:WPA;S:Guest;P:<ask reception>;;": a value holding a stand-in (a placeholder) is none
        if found and _BOOKING.match(text, match.end()):
            continue  # "šifra rezervacije BYSY76", "κωδικός κράτησης 58PWMH": a booking's reference, not a login's
        if found and group == "login" and ("fi" in word or "wlan" in word) and _PASSWORD_LATER.match(text, found[1]):
            continue  # "guest wifi is 'Casa-5G' and the password is ...": the network's name, its password follows
        locked = _LOCKED.match(text, found[1]) if found and group == "login" and "fi" in word else None
        if locked:  # "Wi-Fi: CasaBlanca-5G 🔒 p36otuexti": the network's name, then its password after the lock
            if not plausible(locked.group(1)):
                continue  # the password after the lock is already a stand-in (redacted), the name is no secret
            found = locked.span(1)
        if found:
            yield found[0], found[1], kind
    for match in _ACCOUNT.finditer(text):
        spaced = match.group("spaced") is not None  # "admin leila280793": no sign between
        if spaced and not _LOGIN_LINE.search(text, text.rfind("\n", 0, match.start()) + 1, match.start()):
            continue  # "root 4096 Mar 3 ..." (a listing): a space connects only on a login's line
        value = _VALUE.match(text, match.end())
        raw = value.group(1).rstrip(".,;:?)]}\"'`”’»") if value else ""
        digit = any(c.isdigit() for c in raw)  # "root: otBase.BaseTable" is a type annotation
        if raw and digit and generated(raw) and plausible(raw) and raw.lower() not in _DESCRIBING:
            start = value.start(1) if value else 0
            yield start, start + len(raw), "Password"  # "admin / saffron3puffin!!", "local admin: Thunder709"
        elif not spaced and (words := passphrase(text, match.end(), len(text), cued=False)):
            yield words.start(), words.end(), "Password"  # "root / autumn bind arrive endorse"
    for match in _TOKENISH.finditer(text):
        token = match.group(0)
        if token.endswith("?") and _ASKED.search(text, _sentence_start(text, match.start()), match.start()):
            token = token[:-1]  # "does that match the SHASUMS256.txt?": the question's mark, not the token's symbol
        if (
            password_shaped(token)
            and not masked(token)
            and not _STEP.search(text, max(0, match.start() - 12), match.start())
        ):
            yield match.start(), match.start() + len(token), "Password"
    for start, end in [*bare_values.in_sentence(text), *bare_values.by_action(text), *bare_values.after_address(text)]:
        yield start, end, "Password"


def _ending(pattern: re.Pattern[str], text: str, end: int) -> str:
    """The match of ``pattern`` (anchored at its end) that ends at ``end``, looked for in the few hundred characters
    before it: a name or a token is never longer, and searching all of ``text[:end]`` at every word made a long text
    cost the square of its length."""
    return pattern.search(text, max(0, end - _REACH_BACK), end).group(0)  # type: ignore[union-attr]


_NAME_END = re.compile(r"\w*$")
_IN_PARENS = re.compile(r"\(\d{4,8}\)[.,;:]?")
_TOKEN_END = re.compile(r"\S*$")
_REACH_BACK = 400
_LOCKED = re.compile(r"\s*[🔒🔐🔑]\s*([^\s\"'`]{4,64})")
# The default accounts of systems and devices, then a pair's separator: what follows is the account's password.
_ACCOUNT = re.compile(
    r"(?i)(?<![\w@./-])(?:admin|administrator|root|superuser)(?:\s*/\s*|\s*:\s+|:(?=\S*\d)|\s*(?:→|->|=>)\s*|"
    r"(?P<spaced>[ \t]+)(?=\S*\d))"  # a space only on a login's line ("NVR login for the cameras: admin x")
)
_LOGIN_LINE = re.compile(r"(?i)\b(?:log-?ins?|credentials?|creds|zugang|anmeldung|identifiants?|acceso)\b")


_CALL_ARGUMENT = re.compile(r"\(\s*(?=[\"'][^\s\"'])")  # a literal, not ''.join(...)


def _camel_value(text: str, at: int, name: str) -> tuple[int, int] | None:
    """The value of a camelCase or glued name ending at ``at`` (``dbPassword = X``, ``initialAdminPassword came out
    as X``): right after a sign or a verb that reports a value, never past other words, which in code are a type
    or an alias (``StrategyCacheKey: TypeAlias = tuple[...]``, ``import DomainSecret as DomainSecret``)."""
    typed = _STRING_TYPE.match(text, at)  # val accessToken: String = "...", Const SecretKey As String = "..."
    at = typed.end() if typed else at
    sign = _SIGN.match(text, at) or _CAMEL_VERB.match(text, at) or _CALL_ARGUMENT.match(text, at)
    if not sign and _PASSWORD_NAME_END.search(name):
        # Gradle's and Groovy's ``storePassword "..."``: a password's name, a space, a literal.
        sign = _SPACED_LITERAL.match(text, at)
        if sign:
            return _value_at(text, sign.end(), min(len(text), sign.end() + 120), "pw", name, False)
    if not sign or not sign.group(0).strip():
        return None
    return _value_at(text, sign.end(), min(len(text), sign.end() + 120), "key", name, False)


_SPACED_LITERAL = re.compile(r"[ \t]+(?=[\"'][^\s\"'])")
_STRING_TYPE = re.compile(r"\s*:\s*(?:String\??|string|str|&'?\w*\s*str)(?=\s*=)|\s+As\s+String(?=\s*=)")


def value_after(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """The span of the value that follows a credential word ending at ``at``, if it is one: past each possible
    connector in turn ("the password to the server is X": "to" leads to "the", then "is" to the value); else alone
    on the next line, as a tool prints it."""
    line_end = text.find("\n", at)
    window_end = min(len(text), at + 160, line_end if line_end >= 0 else len(text))
    closing = _ASIDE_END.match(text, at, window_end)
    if closing and "(" in text[max(0, at - 80) : at]:
        window_end = closing.end() - 1  # "(password comes from ~/.pgpass) — the count is ...": the aside ends
    if _MASKED_NEXT.match(text, at, window_end):
        return None  # "API_TOKEN: ***", "with token *** to eu-west-1": shown masked; what follows is not it
    for pos, connected in _candidates(text, at, window_end, group):
        if connected and _GIVEN_STAND_IN.match(text, pos, window_end):
            return None  # "DB_PASSWORD: <set to the key 'password' in secret 'api-db'>": a stand-in was given
        found = _value_at(text, pos, window_end, group, word, connected)
        if found:
            return None if stand_in_words(text[found[0] : found[1]]) else found  # "SENHA=sua_senha_aqui"
    found = bare_values.floating(text, at, window_end, word) if group in ("pw", "cjk") else None
    return found or bare_values.below(text, at, window_end, group, word, ambiguous=_ambiguous(word))


_ASIDE_END = re.compile(r"[^()\n]*\)")
# "My" after the noun, as languages put it there ("המפתח שלי", "το κλειδί μου", "API key saya", Thai's "คีย์ของผม").
_POSSESSIVE = re.compile(r"(?:\s+(?:שלי|שלנו|μου|μας|saya|aku|ku|kami|benim|mine)|ของ(?:ผม|ฉัน|เรา))\s+")


def _value_at(text: str, pos: int, end: int, group: str, word: str, connected: bool) -> tuple[int, int] | None:
    if inside_stand_in(text, pos):
        return None  # "API_KEY=<hier euren Schlüssel eintragen>": a word of what goes there
    quoted = _QUOTED.match(text, pos, end)
    if quoted and connected and group in ("pw", "cjk", "login") and len(quoted.group(1).strip()) >= 6:
        inner = quoted.group(1).strip()
        said = _word().search(inner)
        if said and said.lastgroup in ("pw", "glued", "cjk"):
            return None  # "auth.forgot_password": "Wachtwoord vergeten?": a label that says the word
        if group == "login" and not (generated(inner) and any(c.isdigit() for c in inner)):
            return None  # credentials: 'include' (fetch's option): a login's value is a pair or a generated one
        joined = _JOINED_PHRASE.fullmatch(inner) and _random_words(inner)
        if not (_PLACEHOLDER.match(inner) or inner.lower() in _DESCRIBING) and (joined or not _ordinary_shape(inner)):
            return quoted.start(1), quoted.end(1)  # a quoted passphrase, spaces and all
    keyed = not _ambiguous(word) or text[pos - len(word) - 1 : pos].lstrip().isupper()  # PSK "...": a config's key
    if quoted and group == "pw" and keyed and not _PLACEHOLDER.match(quoted.group(1)):
        # Quoted right after the word, as code and configuration give one (PSK "...", define('DB_PASSWORD', '...')):
        # four or more random plain words are a passphrase (three when the word names one).
        words = passphrase(text[: quoted.end(1)], quoted.start(1), quoted.end(1), cued="phrase" in word)
        if words and words.end() == quoted.end(1):
            return words.start(), words.end()
    if connected and group in ("pw", "cjk") and not _NUMERIC_WORD.search(word) and not _CODE_WORD.search(word):
        app = _APP_PASSWORD.match(text, pos, end)
        if app and app.group(0).split()[0] not in _DESCRIBING:
            return app.start(), app.end()  # "gqwl rpct lwsl ttsz"
        cued = "phrase" in word or bool(_PHRASE_CUE.search(text, max(0, pos - 12), pos))
        # Not after a word that is also an ordinary one ("pass  # maybe removed already").
        words = passphrase(text, pos, end, cued=cued) if cued or not _ambiguous(word) or word in ("pw", "pwd") else None
        if words:
            return words.start(), words.end()  # "glacier ember quilt seventeen", "blue.train.owl.frozen"
    plain_word = not _ambiguous(word) or word in ("pw", "pwd")
    if not connected and group == "pw" and plain_word and bare_values.after_account(text, pos):
        # No connector, after an account ("... login ana@example.com pw easy dentist donor huge") or as a config
        # file's directive ("requirepass hunt asset corn fragile"): four or more random plain words in lower case.
        words = passphrase(text, pos, end, cued=False)
        if words and words.group(0).islower() and words.group(0).split()[0] not in _OTHER_HEADS:
            return words.start(), words.end()  # not "password reset emails arrive late": a compound's head
    if quoted and not connected and group == "login":
        return None  # "the library Wi-Fi "CityLib-Free" is open": the network's (or the account's) name
    value = _VALUE.match(text, pos, end)
    if not value or re.match(r"&\w+=", text[value.start(1) : value.start(1) + 40]):
        return None  # "?token=&format=csv": no value, the next parameter
    raw = value.group(1).split("</", 1)[0]  # an XML element's value ends at its closing tag
    if not connected and raw.startswith("(") and not _IN_PARENS.fullmatch(raw):
        return None  # "Automatic Signing Key (12/bookworm)": an aside, not a value ("alarm code (7173)" is one)
    if re.search(r"(?:\.{3}|…)[\"'`”’»)\]]*$", raw) or text.startswith(("…", "..."), value.end()) or masked(raw):
        return None  # "sk_test_...", "(github_pat_…)", "rk_live_...Wacj": elided, a stand-in
    if re.search(r"[\"'],[\"']|[\"']:[\"']", raw):
        return None  # 'refreshed","trace_id":"8c7b...': a JSON string's end and the next field, not a value
    if _X_RUN.fullmatch(raw.strip("\"'`")):
        return None  # "token: XXXX-XXXX-XXXX-XXXX", "ghp_xxxxxxxx": a run that stands in for the value
    lead = len(raw) - len(raw.lstrip("([{*"))
    stripped = raw[lead:].rstrip(".,;:?)}\"'`”’»" + ("" if "[" in raw[lead:] else "]"))  # "qwertyuiop[]" whole
    start = value.start(1) + lead
    finish = start + len(stripped)
    if re.fullmatch(r"@(?:[\w./-]*\.[A-Za-z]{1,5}|[A-Za-z_]+)", stripped) or (
        CMDLET.fullmatch(stripped) and re.match(r"\s+-[A-Za-z]", text[finish:])
    ):
        return None  # "password=@password.txt" (read from a file), "@burst" (a variable), "Get-Secret -Name x"
    named = re.match(r"[^/\n,;]{1,40}?\s/\s*([!-~]{6,64})", text[start:end]) if group == "login" else None
    password = named.group(1).rstrip(".,;") if named else ""
    if named and generated(password) and not _PLACEHOLDER.match(named.group(1)):
        return start + named.start(1), start + named.start(1) + len(password)  # "FRITZ!Box 7590 / x"
    if group == "login" and _PAIR.match(text, start, end):
        return bare_values.login_pair(text, start, end)  # "admin:<redacted>" is a pair whose password is a stand-in
    if not connected and stripped.isdigit() and _NUMBER_OF.search(text, max(0, start - 24), start):
        return None  # "the otp service listens on 8443", "returns 4001": a port's, a status's number
    short_pin = _SHORT_PIN.fullmatch(stripped.strip("#*")) or "comb" in word and re.fullmatch(r"\d{3}", stripped)
    if connected and group in ("pw", "cjk") and short_pin and _SENTENCE_END.match(text, finish):
        return start, finish  # "senha do cartão: 7582", "#1234*", a lock's "combo 440": digits that end what is said
    if judge(stripped, group, word, connected, clause_final=bool(_CLAUSE_END.match(text, finish))):
        return start, finish
    return None


def _glued(sign: re.Match[str]) -> bool:
    """A sign with no space on either side ("SHA256:m0e9", "host:5432"), or an "=" glued to the word before it
    ("password changed for user_id=196935"): that word's value, not the credential's."""
    raw = sign.group(0)
    return raw == raw.strip() and raw in (":", "：", ">") or raw.startswith("=")


def _names_other(text: str, at: int, pos: int) -> bool:
    """The qualifying words end in a noun of their own ("the wifi network name is ...", "the password manager is
    ..."): the value that follows is that thing's, not the credential."""
    between = re.split(r"\s[—–-]\s|[,;(]", text[at:pos])[-1]  # the clause the connector is in
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", between)]
    if words == ["header"] and re.search(r"-\w+$", text[max(0, at - 30) : at]):
        return False  # "the X-API-Key header should be ...": a header named for a credential holds one
    # "my password hint for the laptop is ...": a compound's head right after the word, the hint's
    head = between == text[at:pos] and words[:1] != [] and words[0] in PROPERTY_HEADS
    return bool(words) and (head or words[-1] in _OTHER_HEADS and not any(w in _PREPOSITIONS for w in words))


def _candidates(text: str, at: int, end: int, group: str) -> Iterator[tuple[int, bool]]:
    """Where a value may start after the word: right after it (no connector), then past each connector found
    within a few qualifying words."""
    if group == "cjk":
        sign = _CJK_CONNECTOR.match(text, at, end)
        after = text[at:end]
        yield (sign.end(), True) if sign else (at + len(after) - len(after.lstrip()), False)  # "비번 tamarind9978"
        mine = None if sign else _POSSESSIVE.match(text, at, end)
        if mine:
            yield mine.end(), False  # "คีย์ของผม fc01...": "my key", then the value
        qualified = None if sign else _CJK_QUALIFIED.match(text, at, end)
        sign = _CJK_CONNECTOR.match(text, qualified.end(), end) if qualified else None
        if sign:
            yield sign.end(), False  # past a glued qualifier: only a generated value
        return
    mine = _POSSESSIVE.match(text, at, end) if group == "key" else None
    if mine:  # "המפתח שלי 6fca...", "API key saya 0106...": the key's word, "my", the value (only a generated one)
        yield mine.end(), False
    literal = _LITERAL_PAIR.match(text, at, end) if group in ("pw", "key") else None
    if literal:  # only a value that looks chosen or generated: ["password", "username"] is a list of names
        # setenv("GITEA_TOKEN", "cf08..."), Add("X-AIO-Key", "aio_..."): a key's too, judged as after no connector
        yield literal.end(), False
    bare = re.match(r"\s+", text[at:end])
    if bare:  # "password Sommer2024!" (only a generated value), never "DB_PASSWORD=x"
        word_start = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at)) + 1
        # A list's field is connected: "wifi is BTHub6, password 6162789805".
        digits = re.match(r"\s+\S*\d", text[at:end]) and not _ambiguous(text[word_start:at].lower())
        labelled = digits and _LABEL_START.search(text, max(0, word_start - 4), word_start)
        yield at + bare.end(), bool(labelled or _POST_COPULA.match(text, at, end))  # "password 98910646 hai"
    contracted = _CONTRACTED.match(text, at, end)
    if contracted:
        yield contracted.end(), True
    pos = at
    aside = False  # past a relative clause between commas: only a generated value is connected from there
    for n in range(_QUALIFIER_LIMIT + 1):
        sign = _SIGN.match(text, pos, end) or _SPOKEN_RE.match(text, pos, end) or _ITS.match(text, pos, end)
        if sign and n and (_glued(sign) or _names_other(text, at, pos)):
            sign = None  # "... as SHA256:m0e9": a glued colon; "network name is X": another noun's value
        if sign:
            # A weak connector past qualifying words ("the pass to unlock the zip file is", "set the password on the
            # sheet to X") connects only a value that looks generated.
            said = sign.group(0).strip()
            weak = _WEAK.fullmatch(said) and (n or said in ("to", "on", "as", "e") and not _SETS.search(text, 0, at))
            strong = not aside and not _GIVEN_RE.fullmatch(said) and not weak
            # A language's own copula past qualifying words, then six or more digits that end the clause ("la clave
            # del wifi del depa es 42307280, ..."): a PIN or a numeric password, as after a strong connector.
            strong = strong or not aside and said.lower() in _COPULAS and bool(_DIGITS_END.match(text, sign.end()))
            yield _past_spoken(text, sign.end(), end), strong
            pos = sign.end() - 1 if sign.end() > pos + 1 else sign.end()
        nxt = _QUALIFIER.match(text, pos, end)
        if not nxt:
            return
        aside = aside or nxt.group(0).startswith(",")
        pos = nxt.end()


def _past_spoken(text: str, pos: int, end: int) -> int:
    """Past further connector words ("is now", "changed to", "set to")."""
    while True:
        more = _MORE.match(text, pos, end)
        if not more or more.end() == pos:
            return pos
        pos = more.end()
