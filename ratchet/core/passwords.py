"""Credentials said in words: "my laptop password is correcthorsebatterystaple", "pw: hunter2!", "the API key for
the weather service is 3f9a...", "mein Passwort ist Sommer2024!", "NAS login is admin / n4sP@ss99".

A credential word (in about forty languages, glued into a compound too: "Masterpasswort"), then at most a few
qualifying words ("for the staging postgres"), then a connector ("is", ":", "=", "ist", "est", "は", "it's", "printed"
...), then the value, or alone on the next line as a tool prints it. The value is judged by how it is said:

- after a password word and a connector, a single word that ends its clause is a password even when it is an
  ordinary-looking word ("password: swordfish"), unless it is a word people use to *describe* a password
  ("expired", "required", "too short", "in 1Password"); a run of plain words is a passphrase when it reads as
  random words rather than a sentence ("correct seven winter sings", "bucket-yodel-pilot-rhubarb");
- a PIN, a PUK, a card's CVV or a combination is digits (a door code may hold a letter);
- without a connector, or after a key/token word, only a value that looks generated counts (two character classes
  with a digit or a symbol, or long and random), so "the token expires daily" and "API key rotation" stay clean;
- the value may come first: "cedar6canyon! <- that's the password", "valley wild lemons owl is the passphrase".

Beside these, the secrets people keep for their accounts that no password word names: 2FA recovery and backup
codes, TOTP seeds, wallet seed phrases, answers to security questions, the codes of doors, gates and alarms, and
what a password-protected file is opened with.

:func:`spans` yields ``(start, end, kind)`` of each value; :mod:`ratchet.core.secrets` builds ``scan`` and
``redact`` on it. Nothing here imports anything heavy.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

# Words that name a password (or PIN, or login), in the languages people write to an agent in. Common misspellings
# of "password" count: people type fast. A passphrase has its own name in the Romance languages (phrase secrète).
_PASSWORD_WORDS = (
    r"(?:phrase|frase)[\s-]+(?:secr[èe]te|de\s+passe|secreta|segreta|senha|de\s+(?:contrase[ñn]a|senha|paso))|"
    r"pass\s+phrase|pass?wo?r?ds?|passwrods?|passowrds?|pass(?:phrase|code)?s?|pwd|requirepass|masterauth|pw|"
    r"(?:pin|puk)(?:[\s-]*(?:code|number|nummer|numero|número|koodi|kode|kod))?|cvv2?|cvc2?|"
    r"(?:door|gate|alarm|garage|lock|safe|entry|access|security|unlock|lockbox|keypad|disarm|padlock|locker)\s+"
    r"(?:code|combination|combo)|"
    r"combination|wi-?fi\s+(?:key|code)|wpa2?\s+(?:key|psk)|psk|network\s+key|"
    r"passwort|kennwort|mot\s+de\s+passe|mdp|code\s+(?:de\s+la\s+porte|d'acc[èe]s|du\s+portail)|digicode|"
    r"contrase[ñn]a|contrasenya|contrasinal|pasahitza|palavra[- ]passe|parolă|συνθηματικό|jelsz[óo]|jelszava|"
    r"clave|senha|wachtwoord|has[łl]o|l[öo]senord(?:et)?|[şs]ifre(?:m|si|niz)?|"
    r"parola(?:\s+d'ordine)?|heslo|salasana|tunnusluku|adgangskode(?:n)?|passord(?:et)?|kodeord(?:et)?|lozinka|geslo|"
    r"sandi|kata\s+laluan|nenosiri|slapta[žz]od[žz]i\w*|parool|lykilor[ðd]\w*|[šs]ifr[ae]|fjal[ëe]kalim\w*|"
    r"m[ậa]t\s+kh[ẩa]u|парол\w{0,4}|лозинк[аеуи]|гасло|пин(?:-?код)?|κωδικός|पासवर्ड|पिन|ה?סיסמ[האת]|"
    r"كلمة\s+(?:ال)?(?:مرور|سر)|الرقم\s+السري|رمز\s+عبور"
)
# Words that name a login as a pair ("login is admin / hunter22", "u/p: admin / papaya9047").
_LOGIN_WORDS = (
    r"log-?in|logon|creds|credentials?|zugangsdaten|identifiants|credenciales|credenciais|inloggegevens|wi-?fi|wlan|"
    r"u/pw?|user(?:name)?\s*/\s*pass(?:word)?|(?:ال)?واي\s*فاي"
)
# Words that name a key or a token: only a generated-looking value counts after these.
_KEY_WORDS = (
    r"(?:api|access|auth|client|private|secret|signing|encryption|master|deploy|bot|app|application|license|licence|"
    r"webhook|refresh|bearer|session|personal\s+access|user|ingest|admin|service|account|integration|server|"
    r"consumer|project|management|unseal)"
    r"[ _-]?(?:key|token|secret)s?|master\.key|api[ _-]?key|apikey|kl[íi][čc](?:\s+api)?|tokens?|secrets?|keys?|"
    r"pat|api-schl[üu]ssel|schl[üu]ssel|cl[ée]\s+(?:api|d'api|secr[èe]te)|chave(?:\s+(?:da\s+)?api)?|"
    r"llave|clave\s+(?:de\s+)?api|chiave(?:\s+api)?|klucz(?:\s+api)?|ключ(?:\s+api)?|токен|キー|トークン|密钥|秘钥|令牌|토큰"
)
# A snake_case suffix that names the value's form, not another thing: Rails' secret_key_base, token_value, key_b64.
_VALUE_SUFFIX = r"(?:_(?:base|value|b64|base64|hex|raw|plain(?:text)?))?"
# Germanic and Finnic languages glue a qualifier on: the word is found at the end of the compound, in lower case as
# it is written there (Masterpasswort, routerlösenordet, wifisalasana); matched case-sensitively, which is cheaper.
_GLUED_PASSWORD_WORDS = r"(?:passwort|kennwort|wachtwoord|l[öo]senord|passord|kodeord|salasana)(?:et|en|s)?"


@lru_cache(maxsize=1)
def _word() -> re.Pattern[str]:
    """The credential words of every language, the largest pattern here: compiled on the first scan, not at import
    (hooks import this module on every run)."""
    return re.compile(
        rf"(?i)(?:(?<![^\W_])(?:(?P<pw>{_PASSWORD_WORDS})|(?P<login>{_LOGIN_WORDS})|(?P<key>{_KEY_WORDS}))|"
        rf"(?<=[^\W\d_])(?-i:(?P<glued>{_GLUED_PASSWORD_WORDS}))){_VALUE_SUFFIX}(?![^\W_]|-\w)"
        # No word boundaries in these scripts.
        r"|(?P<cjk>パスワード|暗証番号|密码|密碼|口令|비밀번호|비번|암호|パス|รหัสผ่าน)"
    )


# Words whose value is digits: a PIN, a PUK, a card's CVV, a combination lock.
_NUMERIC_WORD = re.compile(r"(?i)pin|puk|cvv|cvc|combination|combo|暗証|пин|पिन|tunnusluku")
# Words whose value is a code: digits, or digits and a letter or two ("A1294").
_CODE_WORD = re.compile(r"(?i)code|combo|combination|digicode|kod|koodi|код|codice|código")
# Verbs that report a value a tool or a person handed over ("the CLI printed X", "initialAdminPassword came out as X"):
# they connect only a value that looks generated.
_GIVEN = (
    r"printed|prints|returned|returns|gave(?:\s+me)?|gives|showed(?:\s+me)?|shows|displayed|displays|outputs?|"
    r"generated|(?:came|comes)\s+(?:out|back)\s+as|spat\s+out|spits\s+out"
)
# What joins the word to its value. Spoken connectors need a space around them; signs do not.
_SPOKEN = (
    r"is|was|are|were|became|reads|ist|lautet|war|est|c'est|était|es|era|é|è|jest|to|är|er|je|on|это|είναι|là|"
    r"adalah|ialah|คือ|היא|הוא|هي|هو|је|е|є|це|este|ay|ni|var|"
    r"contains|holds|(?:set|changed|updated|reset|switched|rotated)\s+(?:to|as|auf|à|a|zu|naar|till|til|na|en|para)|to|as|"
    rf"{_GIVEN}"
)
_STILL = r"now|still|currently|actually|just|simply|literally|nun|jetzt|maintenant|ahora|agora"
# A JSON key's or a subscript's closing quote first ("token": ..., config['SECRET_KEY'] = ...).
# An XML element's ">" ("<password>X</password>", up to its closing tag) only right after the word.
_SIGN = re.compile(r"[\"']?\]?\s*(?:->|=>|:=|[:=：＝→])\s*|\s+[-–—]\s+|>(?=[^\s<>][^<>\n]{0,200}</)")
# "the wifi password? it's X", "grandma's computer password, it's X": a new clause that hands over the value.
_ITS = re.compile(r"\s*[,;?!.]?\s+(?:it['’]?s|it\s+is|that['’]?s)\s+", re.I)
_CONTRACTED = re.compile(r"['’]s\s+")  # "the PIN's 0064"
_CJK_CONNECTOR = re.compile(r"\s*(?:は|が|を|：|:|是|为|為|는|은|이|가|=|คือ|เป็น)\s*")
# In scripts written without spaces, a short qualifier glued between the word and its connector ("รหัสผ่านไวไฟคือ",
# "密码wifi是").
_CJK_QUALIFIED = re.compile(r"[^\s!-/:-@\[-`{-~。、，！？]{1,12}?(?=\s*(?:は|が|是|为|為|는|은|คือ|เป็น))")
# A value: up to its closing quote when quoted ("client_secret":"GOCSPX-...","redirect_uris":...), else a token.
_VALUE = re.compile(r"[\"'`“”‘’«»]?((?<=[\"'`“”‘’«»])[^\s\"'`“”‘’«»]+|[!-~\u00a1-\u024f]+)")
_QUOTED = re.compile(r"[\"'`“‘«]([^\"'`”’»\n]{4,80})[\"'`”’»]")
_QUALIFIER_LIMIT = 12
# Words that are also ordinary English verbs or nouns: a value must follow a connector ("pin: 4821"), never bare.
_AMBIGUOUS = frozenset(
    "pin pins pass passes puk combination pat token tokens secret secrets code psk key keys".split()  # noqa: SIM905
)
# Connectors that are ordinary prepositions too: they connect only right after the credential word.
_WEAK = re.compile(r"(?i)to|on|as|je|er|es|era|é|è|ni|var|-|–|—")
_GIVEN_RE = re.compile(rf"(?i){_GIVEN}")
_CAMEL_VERB = re.compile(rf"(?i)\s+(?:is|was|{_GIVEN})\s+")
_PREPOSITIONS = frozenset(
    "for of to on in at with from by de del des du da di för för til voor für pour para per".split()  # noqa: SIM905
)
# Nouns that, ending the qualifying words, make the value theirs ("network name is CoffeeLab_Guest"); before the
# credential word ("the fingerprint of the signing key is ...") or right after it ("X is our password rule") they
# make the credential word a qualifier of theirs.
_OTHER_HEADS = frozenset(
    """
    name names ssid id ids user users username usernames email emails url urls uri endpoint host hostname server
    port address policy policies length hint hints manager managers field fields file files path paths variable
    variables env location format prefix header scope type expiry rotation owner label title count limit
    provider service vault store page link model router network band channel standard speed plan version firmware
    fingerprint thumbprint hash hashes hashing digest checksum rule rules requirement requirements regex pattern
    complexity strength prompt dialog screen form input reset resets change changes attempt attempts validator
    validators
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_OWNED = re.compile(r"(?i)\b([a-z]+)\s+(?:of|for)\s+(?:the|my|our|your|this|that|a|an|its)?\s*(?:[\w-]+\s+)?$")
_SPOKEN_RE = re.compile(rf"\s+(?:{_SPOKEN})\s+", re.I)
# Past a connector, more words that hand over the value: "is now", "is literally the phrase", "is the sentence".
_MORE = re.compile(rf"(?:{_SPOKEN}|{_STILL})\s+|[:=]\s*|the\s+(?:phrase|sentence|words?)\s+", re.I)
# One qualifying word; or, as one step, a parenthesis or a relative clause between commas ("the password on the old
# box, the one with the photos, is X").
_QUALIFIER = re.compile(
    r"\s+\([^()\n]{1,60}\)|\s+(?:[^\s.!?;:=,]|\.(?=\S)){1,40}|"
    r",\s+(?:the\s+one|which|that|who|where|whose)\b[^,.;!?\n]{0,60},"
)
_PAIR = re.compile(r"([^\s/:,]{1,64})\s*(?:/|:|,\s*(?:pw|pass(?:word)?)\s*:?|\s+and\s+)\s*([!-~]{4,80})")
_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}\b")  # Google app passwords
_BEFORE = re.compile(
    r"(?:\s+(?:is|was|as|=)|\s*(?:[-–—=]|<-|←)\s*(?:that['’]?s|this\s+is|it['’]?s)?)\s+"
    r"(?:the|my|our|your|a|an|for)?\s*(?:new\s+|current\s+)?(?:[\w-]+\s+){0,2}$",
    re.I,
)
# "$unsh1ne_22": a dollar sign then letters and digits mixed inside a word is a password, not a shell variable.
_LEET_VARIABLE = re.compile(r"\$[A-Za-z_]*[A-Za-z]\d+[A-Za-z]")
_DOOR_CODE = re.compile(r"[*#]?(?=[A-Za-z]*\d)[A-Za-z0-9]{4,8}[*#]?")
_TOKENISH = re.compile(r"(?<![\w@/.=&?-])[^\s\"'`“”‘’<>()\[\]]{8,66}")
_PASSWORD_SYMBOLS = frozenset("!#$%^&*+=?~@|\\")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ENV_REFERENCE = re.compile(r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|\$\{\{.*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$")
# Where a value's clause ends: punctuation, a conjunction, a dash; in Japanese and Korean, the copula that closes the
# sentence right after the value ("パスワードはLemonPickle!!です", "비번은 tamarind9978이에요").
_CLAUSE_END = re.compile(
    r"\s*(?:$|[.,;!?)\]}\n。、，！？]|です|でした|입니다|이에요|예요|에요|\s(?:and|but|so|or|btw|though|then|which|if|when)\b|"
    r"\s[—–-]\s)",
    re.I,
)
_SHORT_PIN = re.compile(r"(?!(?:19|20)\d\d$)\d{4,5}")  # not a year
_SENTENCE_END = re.compile(r"\s*(?:$|[.;!?\n])")
_YEAR = re.compile(r"(?:19|20)\d\d(?:-\d\d){0,2}")  # a year or an ISO date, not a PIN
# A name assigned to (user_id=196935, m=65536): a=b is code or a log field, not a password with an "=" in it.
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z_.]*\d*=")
# Template expressions and jsonpaths are references to a value kept elsewhere ({{ lookup(...) }}, {.data.password}).
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{\.[\w.\[\]'\"-]*\}")

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
    lowercase uppercase alphanumeric numeric capitalized
    monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday weekly daily monthly
    january february march april june july august september october november december
    abgelaufen falsch richtig korrekt ungültig vergessen geändert sicher schwach stark lang kurz erforderlich
    verlopen onjuist ongeldig gewijzigd vergeten nieprawidłowe nieprawidłowy wygasło zmienione expiré expirée
    oublié changé obligatoire caducada incorrecta olvidada expirada errada scaduta sbagliata utgått fel feil
    udløbet forkert vanhentunut väärin неверный истёк 間違い 错误 过期
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_DESCRIBING_ENDINGS = ("ed", "ing", "able", "ible", "ive", "ous", "ful", "less", "ally", "ly", "ness", "ment")
# Words that make a run of words a sentence, not a passphrase of random words ("is stored in the vault", "ist
# nicht mehr im Tresor"): articles, pronouns, auxiliaries, negations, conjunctions and prepositions of English and
# of the European languages whose password words we know.
_FUNCTION_WORDS = frozenset(
    """
    a an the my your our their his her its this that these those it i you we they he she me us them
    is are was were be been being am do does did has have had will would can could should must may might
    not no never and or but so if then than because since until when while where which who what how
    in on at of for from by with without via to into onto as about after before over through
    ok okay yes yeah just also still now only very too please thanks
    der die das den dem des ein eine einen einem einer ist sind war wird wurde nicht kein keine und oder aber
    mit im am zum zur auf bei nach noch schon mehr sehr ich du wir ihr es sie er mein dein unser
    le la les un une est sont pas ne et ou mais avec pour dans sur du au aux je tu nous vous il elle ce cette mon
    el los las una es son y pero con para en del por que muy mi su
    os um uma são não ou com em do da dos das na no meu minha
    il lo gli è sono non ma per di nel della mio
    het een niet en maar voor op van ik mijn
    och är inte på för med till jag min det
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(.*|`.*|%\w+%|<.*|\{\{.*\}\}|\[[^\]]*\]|x{3,}|\*{3,}|\.{3,}|…|"
    r"my[A-Z][a-z]+(?:[A-Z][a-z]+)*|.*(?:\.{3}|…)|"
    r"(?i:redacted|changeme|change-me|placeholder|example|dummy|foo|bar|baz|test|secret|password|your[-_\w]*|"
    r"my[-_]\w+|todo|tbd|n/?a|hidden|\*+|pass(?:word|phrase|wort)s?|tokens?|keys?|secrets?|pin))$"
)


# The end of a camelCase or glued upper-case name (adminPassword, dbPasswd, clientSecret, apiKey, PGPASSWORD,
# MYSQLPWD, REDISCLI_AUTH): the value after its sign.
_CAMEL = re.compile(
    r"(?<=[a-z0-9])(?:Password|Passwd|Pwd|Secret|Token|ApiKey|Key)(?![a-z])|"
    r"(?<=[A-Z])(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|APIKEY)(?![A-Za-z])|(?<=[A-Z]_)AUTH(?![A-Za-z])"
)


def blank_templates(text: str) -> str:
    """``text`` with template expressions and jsonpaths blanked, same length so offsets hold: they are references
    to a value kept elsewhere, not values."""
    return _TEMPLATE.sub(lambda m: " " * len(m.group(0)), text)


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential value said in words in ``text``."""
    text = blank_templates(text)
    for match in _CAMEL.finditer(text):
        name = re.findall(r"\w*$", text[: match.end()])[0].lower()  # the whole name: "dbpassword"
        found = None if "pub" in name else _camel_value(text, match.end(), name)
        if found:  # "publicKey = ..." (WireGuard, VAPID) is public by design
            yield found[0], found[1], "Password" if "P" in match.group(0) else "API Key"
    for match in _word().finditer(text):
        group = match.lastgroup or "key"
        word = match.group(group).lower()  # without a value suffix: secret_key_base is a "secret_key"
        group = "pw" if group == "glued" else group
        if (
            _qualifies_other(text, match.start(), match.end(), group)
            or word in ("key", "keys")
            and not _a_key_for(text, match.start(), match.end())
        ):
            continue
        kind = {"pw": "Password", "login": "Password", "cjk": "Password"}.get(group, "API Key")
        if group == "key" and "token" in word or word in ("токен", "トークン", "令牌", "토큰"):
            kind = "Token"
        found = _value_after(text, match.end(), group, word) or _value_before(text, match.start(), group, word)
        if found:
            yield found[0], found[1], kind
    for match in _TOKENISH.finditer(text):
        if password_shaped(match.group(0)) and not _STEP.search(text, max(0, match.start() - 12), match.start()):
            yield match.start(), match.end(), "Password"


def _qualifies_other(text: str, start: int, end: int, group: str) -> bool:
    """The credential word only qualifies another noun, whose value follows: "the fingerprint of the signing key
    is ...", "パスワードマネージャーは...", "the public token is ..." (public by design)."""
    if group == "cjk":
        return bool(re.match(r"[\u30a0-\u30ff]", text[end : end + 1]))  # a katakana compound: password manager
    before = text[max(0, start - 40) : start]
    owner = _OWNED.search(before)
    if owner and owner.group(1).lower() in _OTHER_HEADS:
        return True
    return group == "key" and bool(re.search(r"(?i)\b(?:public|publishable|site)[\s_-]*$", before))


def _a_key_for(text: str, start: int, end: int) -> bool:
    """The bare word "key" names a credential only as "the key for (or to) something": a cache key, a config key, an
    idempotency key or a primary key is a name, not a secret."""
    return bool(_DETERMINER.search(text, max(0, start - 8), start) and re.match(r"\s+(?:for|to)\b", text[end:]))


_DETERMINER = re.compile(r"(?i)\b(?:the|my|our|your|this|that|his|her|their)\s+$")


def _camel_value(text: str, at: int, name: str) -> tuple[int, int] | None:
    """The value of a camelCase or glued name ending at ``at`` (``dbPassword = X``, ``initialAdminPassword came out
    as X``): right after a sign or a verb that reports a value, never past other words, which in code are a type
    or an alias (``StrategyCacheKey: TypeAlias = tuple[...]``, ``import DomainSecret as DomainSecret``)."""
    sign = _SIGN.match(text, at) or _CAMEL_VERB.match(text, at)
    if not sign or not sign.group(0).strip():
        return None
    return _value_at(text, sign.end(), min(len(text), sign.end() + 120), "key", name, False)


def _value_after(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """The span of the value that follows a credential word ending at ``at``, if it is one: past each possible
    connector in turn ("the password to the server is X": "to" leads to "the", then "is" to the value); else alone
    on the next line, as a tool prints it."""
    line_end = text.find("\n", at)
    window_end = min(len(text), at + 160, line_end if line_end >= 0 else len(text))
    for pos, connected in _candidates(text, at, window_end, group):
        found = _value_at(text, pos, window_end, group, word, connected)
        if found:
            return found
    found = _floating(text, at, window_end, word) if group in ("pw", "cjk") else None
    return found or _value_below(text, at, window_end, group, word)


def _value_below(text: str, at: int, line_end: int, group: str, word: str) -> tuple[int, int] | None:
    """A command's output: a credential word (not one that is also an ordinary word: "pass", "token") ends a short
    command line (``argocd admin initial-password -n argocd``), and the next line is one token that only a
    generator or a person choosing a password makes, with a digit, and nothing else. Code's lines hold punctuation,
    and its identifiers no digits."""
    if group not in ("pw", "key") or _ambiguous(word) or line_end >= len(text) or line_end - at > 40:
        return None
    below = re.match(r"\n[ \t]*([^\s\"'`]{6,64})[ \t]*(?:\n|$)", text[line_end:])
    if not below or re.search(r"[.!?;,()=:{}\[\]]", text[at:line_end]):
        return None
    value = below.group(1)
    if any(c.isdigit() for c in value) and (password_shaped(value) or random_token(value)) and plausible(value):
        start = line_end + below.start(1)
        return start, start + len(value)
    return None


def _floating(text: str, at: int, end: int, word: str) -> tuple[int, int] | None:
    """Without a connector, a value a few words on in the same clause that only a password looks like: mixed case
    and a digit ("Пароль от роутера Matr3shka_88, как ..."), or, after a word of a language that puts the value
    before its verb, the digits of a PIN ("ПИН-код карты 1902", "카드 비밀번호 4자리는 9268예요"); after a PIN word
    of any language, digits that end the clause ("PIN for my debit card 4821")."""
    clause = re.match(r"[^.!?;\n]*", text[at:end])
    digits_ok = not word.isascii()
    numeric = bool(_NUMERIC_WORD.search(word))
    for n, match in enumerate(re.finditer(r"[^\s,]+", clause.group(0) if clause else "")):
        if n >= 6:
            break
        value = match.group(0).strip("\"'`“”‘’()")
        if value.isalpha() and _describes(value.lower()):
            return None  # "Passwords are hashed with Argon2id": a statement about passwords
        pin = re.match(r"(?<!\d)\d{4,12}(?!\d)", value) if digits_ok and n < 3 or numeric else None
        if pin and not digits_ok and (_YEAR.fullmatch(value) or not _CLAUSE_END.match(text, at + match.end())):
            pin = None  # "pin the dependency to 2024", "pin 1234 rows"
        if pin and (numeric or not _YEAR.fullmatch(pin.group(0))):
            start = at + match.start() + match.group(0).index(value)
            return start, start + pin.end()
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
        joined = _JOINED_PHRASE.fullmatch(inner) and _random_words(inner)
        if not _PLACEHOLDER.match(inner) and (joined or not _ordinary_shape(inner)):
            return quoted.start(1), quoted.end(1)  # a quoted passphrase, spaces and all
    if connected and group == "pw" and not _NUMERIC_WORD.search(word) and not _CODE_WORD.search(word):
        app = _APP_PASSWORD.match(text, pos, end)
        if app and app.group(0).split()[0] not in _DESCRIBING:
            return app.start(), app.end()  # "gqwl rpct lwsl ttsz"
        cued = "phrase" in word or bool(_PHRASE_CUE.search(text, max(0, pos - 12), pos))
        # Not after a word that is also an ordinary one ("pass  # maybe removed already").
        words = (
            _passphrase(text, pos, end, cued=cued) if cued or not _ambiguous(word) or word in ("pw", "pwd") else None
        )
        if words:
            return words.start(), words.end()  # "glacier ember quilt seventeen", "blue.train.owl.frozen"
    value = _VALUE.match(text, pos, end)
    if not value:
        return None
    raw = value.group(1).split("</", 1)[0]  # an XML element's value ends at its closing tag
    if re.search(r"(?:\.{3}|…)[\"'`”’»)\]]*$", raw) or text.startswith(("…", "..."), value.end()):
        return None  # "sk_test_...", "(github_pat_…)": elided, a stand-in
    lead = len(raw) - len(raw.lstrip("([{*"))
    stripped = raw[lead:].rstrip(".,;:?)]}\"'`”’»")
    start = value.start(1) + lead
    finish = start + len(stripped)
    if group == "login" and _PAIR.match(text, start, end):
        return _login_pair(text, start, end)  # "admin:<redacted>" is a pair whose password is a stand-in
    if connected and group in ("pw", "cjk") and _SHORT_PIN.fullmatch(stripped) and _SENTENCE_END.match(text, finish):
        return start, finish  # "senha do cartão: 7582": four or five digits that end what is said about a password
    if _judge(stripped, group, word, connected, clause_final=bool(_CLAUSE_END.match(text, finish))):
        return start, finish
    return None


def _passphrase(text: str, pos: int, end: int, *, cued: bool) -> re.Match[str] | None:
    """A passphrase of plain words at ``pos``: three to eight words that read as random words rather than a
    sentence (no function words of the languages we know, mostly not words that describe), ending the clause; four
    or more unless a passphrase was named, and then a function word may be among them ("midnight train to
    georgia"). Words joined by dots or dashes (``blue.train.owl.frozen``) likewise when a passphrase was named;
    else only by dashes, as password managers generate them (``bucket-yodel-pilot-rhubarb``), never a snake_case
    or dotted name of code."""
    joined = _JOINED_PHRASE.match(text, pos, end)
    found = _PHRASE.match(text, pos, end) or (joined if joined and (cued or joined.group("sep") == "-") else None)
    if not found:
        return None
    words = [w.lower() for w in re.split(r"[\s.,_-]+", found.group(0)) if w]
    function = sum(w in _FUNCTION_WORDS for w in words)
    if len(words) < (3 if cued else 4) or words[0] in _FUNCTION_WORDS or function > (1 if cued else 0):
        return None
    if words[0] in _DESCRIBING and (function or len(words) < 4):
        return None  # "the passphrase is stored in ...", "correct but ..."; not "correct seven winter sings"
    describing = sum(w in _DESCRIBING or _describes(w) for w in words)
    if 2 * describing > len(words) or not (cued or _CLAUSE_END.match(text, found.end())):
        return None
    return found


_PHRASE = re.compile(r"[A-Za-z][a-z]{1,14}(?: [A-Za-z][a-z]{1,14}){2,7}(?![\w'])\.?")  # an unquoted passphrase
_PHRASE_CUE = re.compile(r"(?i)\b(?:phrase|sentence|words)\s+$")  # "my password is the sentence ..."
_JOINED_PHRASE = re.compile(r"[a-z]{2,15}(?P<sep>[.\-_])[a-z]{2,15}(?:(?P=sep)[a-z]{2,15}){1,6}(?![\w.-])")


def _glued(sign: re.Match[str]) -> bool:
    """A sign with no space on either side ("SHA256:m0e9", "host:5432"), or an "=" glued to the word before it
    ("password changed for user_id=196935"): that word's value, not the credential's."""
    raw = sign.group(0)
    return raw == raw.strip() and raw in (":", "：", ">") or raw.startswith("=")


def _names_other(text: str, at: int, pos: int) -> bool:
    """The qualifying words end in a noun of their own ("the wifi network name is ...", "the password manager is
    ..."): the value that follows is that thing's, not the credential."""
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text[at:pos])]
    return bool(words) and words[-1] in _OTHER_HEADS and not any(w in _PREPOSITIONS for w in words)


def _candidates(text: str, at: int, end: int, group: str) -> Iterator[tuple[int, bool]]:
    """Where a value may start after the word: right after it (no connector), then past each connector found
    within a few qualifying words."""
    if group == "cjk":
        sign = _CJK_CONNECTOR.match(text, at, end)
        after = text[at:end]
        yield (sign.end(), True) if sign else (at + len(after) - len(after.lstrip()), False)  # "비번 tamarind9978"
        qualified = None if sign else _CJK_QUALIFIED.match(text, at, end)
        sign = _CJK_CONNECTOR.match(text, qualified.end(), end) if qualified else None
        if sign:
            yield sign.end(), False  # past a glued qualifier: only a generated value
        return
    bare = re.match(r"\s+", text[at:end])
    if bare:  # "password Sommer2024!" (only a generated value), never "DB_PASSWORD=x"
        yield at + bare.end(), False
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
            strong = not aside and not _GIVEN_RE.fullmatch(said) and (not n or not _WEAK.fullmatch(said))
            yield _past_spoken(text, sign.end(), end), strong
            pos = sign.end() - 1 if sign.end() > pos + 1 else sign.end()
        nxt = _QUALIFIER.match(text, pos, end)
        if not nxt:
            return
        aside = aside or nxt.group(0).startswith(",")
        pos = nxt.end()


def _value_before(text: str, at: int, group: str, word: str) -> tuple[int, int] | None:
    """``"M0nt3r3y-Bay#7" is the password for ...``, ``timber5991 — that's the password``, ``use X as the
    passphrase``, ``"2662" - PIN for ...``: a generated-looking value (a PIN's digits, a passphrase's words)
    before the word, unless the word only qualifies the noun after it ("... is our password rule")."""
    if group not in ("pw", "login"):
        return None
    after = re.match(r"\s+([^\W\d_]+)", text[at + len(word) : at + len(word) + 30])
    if after and after.group(1).lower() in _OTHER_HEADS:
        return None
    head = text[max(0, at - 160) : at]
    conn = _BEFORE.search(head)
    if not conn:
        return None
    lead, base = head[: conn.start()], at - len(head)
    if "phrase" in word:
        run = _words_before(lead)
        if run:
            return base + run[0], base + run[1]
    token = re.search(r"[\"'`“‘]?([!-~]{4,64}?)[\"'`”’]?$", lead)
    if not token or re.search(r"\S", lead[token.start() - 1 : token.start()] if token.start() else ""):
        return None
    value = token.group(1)
    pin = _NUMERIC_WORD.search(word) and re.fullmatch(r"\d{4,12}", value)
    if (pin or generated(value)) and not _PLACEHOLDER.match(value):
        return base + token.start(1), base + token.end(1)
    return None


def _words_before(lead: str) -> tuple[int, int] | None:
    """The passphrase ending ``lead``: its last token when that is words joined by dots or dashes, else the plain
    words after the last function word ("ok so valley wild lemons owl")."""
    last = re.search(r"\S+$", lead)
    if last and _JOINED_PHRASE.fullmatch(last.group(0)):
        return last.start(), last.end()
    words = list(re.finditer(r"[A-Za-z]+", lead))
    run: list[re.Match[str]] = []
    for match in reversed(words):
        between = lead[match.end() : run[0].start() if run else len(lead)]
        if between.strip() or match.group(0).lower() in _FUNCTION_WORDS or len(run) == 8:
            break
        run.insert(0, match)
    if len(run) < 3 or not _random_words(" ".join(m.group(0).lower() for m in run)):
        return None
    return run[0].start(), run[-1].end()


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
    numeric = group in ("pw", "cjk") and bool(_NUMERIC_WORD.search(word))
    if re.fullmatch(r"\d+(?:-\d+)*", digits):  # a PIN, a door code, a combination: before digits read as a number
        if _YEAR.fullmatch(digits) and not (numeric and digits.isdigit()):
            return False  # a date, or a year but as a PIN: "the door code changed on 2023-05-11"
        count = len(digits.replace("-", ""))
        if numeric or group == "pw" and _CODE_WORD.search(word):
            return (3 if "cv" in word else 4) <= count <= 12
        if connected:
            return group in ("pw", "cjk", "login") and count >= 6
        # Bare, after a word of a language that puts the value before its verb ("şifresi 0664", "पासवर्ड 8789 है").
        return group in ("pw", "cjk") and count >= 4 and not word.isascii()
    if numeric:
        return False  # a PIN is digits: "the digest pin from a318a93 to a7e910a" is a version
    if connected and group == "pw" and _CODE_WORD.search(word) and _DOOR_CODE.fullmatch(value):
        return True  # "code de la porte : A1294"
    if len(value) >= 16 and readable_base64(value):
        # base64 of text or JSON is a cursor or a payload, not a key; after a password word, the encoding of one
        # (a Kubernetes secret's data: "POSTGRES_PASSWORD: SGlja29yeSE5Mzc=").
        decoded = decoded_base64(value)
        return group == "pw" and connected and len(decoded) <= 64 and generated(decoded)
    if not plausible(value):
        return False
    lower = value.lower()
    if lower in _DESCRIBING or _describes(lower.rsplit("-", 1)[-1]) and re.fullmatch(r"[a-z]+(?:-[a-z]+)+", lower):
        return False  # "expired", "Bitwarden-managed"
    if word in ("key", "keys"):
        return random_token(value)  # "the key is AES-256" is a fact; "the key for X is 35a4ee8f..." is a key
    if not connected and (_ambiguous(word) or group == "key") and not generated(value):
        return False
    if generated(value):
        return True
    if group not in ("pw", "cjk") or not connected or not clause_final:
        return False
    # A one-word password said in words: a word, but not one that describes a password ("LemonPickle!!" too).
    word_only = value.rstrip("!?")
    return len(word_only) >= 5 and word_only.isalpha() and not _describes(word_only.lower())


def _ambiguous(word: str) -> bool:
    """A credential word that is also an ordinary word ("pin", "pass", "token") or a short abbreviation ("pw")."""
    return word in _AMBIGUOUS or word.isascii() and word.isalpha() and len(word) <= 3


def plausible(value: str) -> bool:
    """A value that could be a secret as far as its shape goes: not a URL, a path, a flag, code that reads it
    (``env('DJANGO_SECRET_KEY')``, ``boto3.client(...)``), a reference (``${X}``, ``DB_PASSWORD``, an ARN), a
    value sops encrypted, a placeholder, an assignment, or one of the shapes ordinary facts are full of."""
    if not value or value.startswith(("http://", "https://", "/", "~/", "./", "-")) or _EMAIL.fullmatch(value):
        return False  # a URL, a path, a flag; an e-mail address is a login's user name
    if re.match(r"[A-Za-z_][\w.]*[(\[]|(?:env|file|fd):\S", value) or value.startswith("ENC[") or value.count(":") >= 2:
        # Code (a call, a subscript, a type: Optional[str]), openssl's -pass env:VAR, sops, an ARN or a path with a
        # key (kv/data/ldap:bind_password).
        return False
    if _PLACEHOLDER.match(value) and not _LEET_VARIABLE.match(value) or public_value(value):
        return False
    assignment = _ASSIGNMENT.match(value) and not (len(value) >= 20 and entropy(value) > 4.0)
    return not (_ENV_REFERENCE.match(value) or assignment or _ordinary_shape(value))


def public_value(value: str) -> bool:
    """A key that is public by design: Stripe's publishable keys, Mapbox's public tokens."""
    return bool(_PUBLIC_VALUE.match(value))


_PUBLIC_VALUE = re.compile(r"pk_(?:live|test)_|pk\.eyJ")


def random_token(value: str) -> bool:
    """Sixteen or more characters a generator made: mixed classes and a high entropy (hex keys, base62 tokens)."""
    classes = sum(any(test(c) for c in value) for test in (str.islower, str.isupper, str.isdigit))
    slug = len(re.findall(r"[-_.]", value)) >= 3  # build-cache-v3-linux: words joined, a name
    return len(value) >= 16 and classes >= 2 and entropy(value) > 3.0 and not slug and not _ordinary_shape(value)


def _describes(word: str) -> bool:
    """A word that says something about a password (English, and the inflections of a few other languages). Long
    run-together words ("forgottenlemonscrooked") are a password, whatever their ending."""
    if len(word) > 16:
        return False
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
    if re.search(r"[,:;].*[,:;]", token) or re.match(r"\|\d\|", token):
        return False  # structured data (key:value,key:value), a hashed known_hosts entry (|1|salt|hash)
    if re.fullmatch(r"[#@]\w*[A-Za-z]\w*|[\w./-]+@(?:v\d[\w.]*|\d+(?:\.\d+)+)", token) or _PINNED.search(token):
        return False  # a hashtag or a handle; a version pin (checkout@v4, lodash@4.17.21); a digest, a query
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


# A CI step's reference to a task or an action (Azure Pipelines "- task: AzureKeyVault@2", GitHub "uses: x@v4").
_STEP = re.compile(r"\b(?:task|uses|image)\s*:\s*$")
_PINNED = re.compile(r"(?i)(?:sha\d+|md5):[0-9a-f]{32,}|[?&][\w.-]+=")


def generated(value: str) -> bool:
    """A value that looks made by a person choosing a password or by a generator: at least six characters with two
    classes one of which is a digit or a symbol, or sixteen random-looking characters. The apostrophe of a
    contraction or an elision ("you'll", "Aidan's", "dell'email", "l'accès") is not a password's symbol."""
    value = value.strip(".,;:!?\"'()")  # punctuation around a word is not a symbol in it ("computer.")
    if len(value) < 6 or re.fullmatch(r"[^\W\d_]+(?:['’][^\W\d_]+)+", value):
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
    file names, paths, dotted names, digests and fingerprints, GPG key ids, SSH public keys."""
    if any(mark in value for mark in ("${", "{{", "%(", "<%", "#{", "os.environ", "process.env", "getenv", "ENV[")):
        return True
    return bool(
        re.fullmatch(
            r"v?\d+(?:\.\d+)+(?:[-+.]\w+)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?|[\d,._ ]+|"
            r"\d+(?:\.\d+)?(?:[kKmMgGtT][bB]?|ms|s|%|px|em|rem)|[\w-]+\.(?:[a-z]{1,5})|[a-z]+(?:[._-][a-z]+)+|"
            r"[\w.-]*[a-z][\w.-]*(?:/[\w.:-]+)+|(?:SHA\d+|sha\d+|MD5|md5|h1|blake2b?)[:-]\S+|(?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{2}|"
            r"(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})|(?:arn|urn|spotify|s3|gs):\S+|\S*(?i:sha\d+|md5):[0-9a-fA-F]{32,}\S*|0x[0-9a-fA-F]{40}|0x(?:[0-9A-Fa-f]{8}){1,2}|"
            r"ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-\S+|sk-ssh-\S+",
            value,
        )
    )


def _random_words(run: str, per_function_word: int = 0) -> bool:
    """Words picked from a list, not a sentence: few that describe, and no function words; or, in a long seed
    phrase, at most one in ``per_function_word`` (BIP-39's list holds "because", "about", "above"...)."""
    words = re.findall(r"[a-z]+", run)
    function = sum(w in _FUNCTION_WORDS for w in words)
    allowed = len(words) // per_function_word if per_function_word else 0
    return function <= allowed and 3 * sum(_describes(w) for w in words) < len(words)


def _function_word_in(run: str) -> bool:
    """A function word among the words of ``run``: they make a sentence ("changed in 2023"), not a code's name."""
    return any(w.lower() in _FUNCTION_WORDS for w in re.findall(r"[^\W\d_]+", run))


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
