"""What a value looks like: the last stage of :mod:`ratchet.core.passwords`, and the shape tests the rest of the
filter (:mod:`ratchet.core.secrets`, :mod:`ratchet.core.account_secrets`) shares.

:func:`plausible` (a value that could be a secret at all: not a URL, a path, code, a reference, a placeholder),
:func:`generated` (made by a person choosing a password or by a generator), :func:`random_token` (made by a
generator), :func:`password_shaped` (a token nobody writes but as a password), :func:`public_value` (a key public by
design), and the helpers they share (entropy, base64). Nothing here imports anything heavy.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from ratchet.core.password_words import _DESCRIBING, _FUNCTION_WORDS, _PLACEHOLDER, _UUID, MANAGERS

# "$unsh1ne_22": a dollar sign then letters and digits mixed inside a word is a password, not a shell variable.
_LEET_VARIABLE = re.compile(r"\$[A-Za-z_]*[A-Za-z]\d+[A-Za-z]")
_PASSWORD_SYMBOLS = frozenset("!#$%^&*+=?~@|\\")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ENV_REFERENCE = re.compile(r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|\$\{\{.*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$")
# A password manager's name, in a word of another language ("1Password-boks", "ב-1Password"): where it is kept.
_MANAGER = re.compile("(?i)" + "|".join(MANAGERS))
# A word in capitals and a year or two digits after an underscore ("GALATASARAY_95", "ZVEZDA_2019"): typed as a
# password, where a variable's name joins words ("DB_PASSWORD") or ends in a version ("PYTHON_3", "PHP_81").
_SHOUTED_YEAR = re.compile(r"[A-Z]{5,}_(?:\d\d|(?:19|20)\d\d)")
# A name assigned to (user_id=196935, m=65536): a=b is code or a log field, not a password with an "=" in it.
# A name and "=" ("user=admin", "DB_HOST=", "maxRetries=", "Path="): a name is cased as code cases one, so a
# generated password with an "=" inside ("LWjw=fatBBJ9", "G=w0yU1jaaZ4", "qmD=AXY_3H") is not an assignment.
_ASSIGNMENT = re.compile(
    r"_*(?:[a-z][a-z_.]+(?:[A-Z][a-z_.]+)*|[A-Z][A-Z_.]+|[A-Z][a-z_.]+(?:[A-Z][a-z_.]+)*|[a-z](?=\d*=[a-z0-9_.&=]+$))\d*="
)
_DESCRIBING_ENDINGS = ("ed", "ing", "able", "ible", "ive", "ous", "ful", "less", "ally", "ly", "ness", "ment")


_ALGORITHM = re.compile(
    r"(?i)argon2(?:id|i|d)?|bcrypt|scrypt|yescrypt|pbkdf2(?:[-_]?sha-?\d+)?|sha-?\d+(?:crypt)?|md5(?:crypt)?"
)


def plausible(value: str) -> bool:
    """A value that could be a secret as far as its shape goes: not a URL, a path, a flag, code that reads it
    (``env('DJANGO_SECRET_KEY')``, ``boto3.client(...)``), a reference (``${X}``, ``DB_PASSWORD``, an ARN), a
    value sops encrypted, a placeholder, an assignment, or one of the shapes ordinary facts are full of."""
    # base64url may start with "-"; a flag ("--from-literal=X") is no value
    flag = value.startswith("-") and not (value[1:2] != "-" and "=" not in value and random_token(value))
    if "<xxxx" in value:
        return False  # our stand-in for a value already redacted or public (secrets._unmark), glued to a word
    if not value or flag or value.startswith(("http://", "https://", "/", "~/", "./")) or _EMAIL.fullmatch(value):
        return False  # a URL, a path, a flag; an e-mail address is a login's user name
    # Django's generated keys hold "(" among their symbols ("y1ws(io%lkyi@f3^dtx9e@$$t3a*..."): not a call.
    django = len(value) >= 40 and len(set(value) & set("!@#$%^&*")) >= 2 and not re.search(r"[\"',\s]", value)
    # A call, a subscript or a method's ("''.join(secrets.choice(alphabet)", "cfg.get('db')"); not a keyboard's row
    # ending in its brackets ("qwertyuiop[]").
    call = (
        re.match(r"[A-Za-z_][\w.]*(?:\(|\[(?!\]$))|(?:env|file|fd):\S", value) or _METHOD_CALL.search(value)
    ) and not django
    if call or value.startswith("ENC[") or value.count(":") >= 2:
        # Code (a call, a subscript, a type: Optional[str]), openssl's -pass env:VAR, sops, an ARN or a path with a
        # key (kv/data/ldap:bind_password).
        return False
    if _PLACEHOLDER.match(value) and not _LEET_VARIABLE.match(value) or public_value(value) or _REFERENCE.match(value):
        return False
    if stand_in_words(value):
        return False  # "sua_senha_aqui", "zmien_mnie", "dein_passwort_hier": a placeholder in the user's language
    if kept_by(value):
        return False  # "we store passwords as argon2id hashes", "i 1Password-boksen": how or where they are kept
    if re.fullmatch(r"(?:[\w.-]+:)?latest", value):
        return False  # a secret manager's name and version (db-password:latest): where the value is kept
    assignment = _ASSIGNMENT.match(value) and not (len(value) >= 20 and entropy(value) > 4.0)
    reference = _ENV_REFERENCE.match(value) and not _SHOUTED_YEAR.fullmatch(value)
    return not (reference or assignment or _ordinary_shape(value))


# What stands for a value kept elsewhere: a secret store's address (op://, ssm:/, ref+vault://, any scheme:// with no
# password in it), a template variable ($__env{X}, %env(X)%), a masked value (ghp_****7f2a, ••••1234).
_REFERENCE = re.compile(
    r"[a-z][\w+.-]{0,30}://[^\s@]*$|(?:ssm|secretsmanager|vault|op|sops|awssm|gcpsm|azkv):\S|\$\w*\{|%env\(|"
    r".*(?:\*{4,}|[•●]{3,})"
)


def kept_by(value: str) -> bool:
    """How or where passwords are kept, named where a value would stand: a hashing algorithm ("Argon2id") or a
    password manager, in a word of another language too ("1Password-hvelvet")."""
    return bool(_ALGORITHM.fullmatch(value) or _MANAGER.search(value))


def public_value(value: str) -> bool:
    """A key that is public by design: Stripe's publishable keys, Mapbox's public tokens."""
    return bool(_PUBLIC_VALUE.match(value))


# Stripe, Mapbox, PostHog's project key; a GitHub App's or OAuth app's client ID (Iv1., Ov23); Razorpay's key id
# (fourteen characters after rzp_live_: the checkout page carries it; its secret has no prefix).
_PUBLIC_VALUE = re.compile(
    r"pk_(?:live|test)_|pk\.eyJ|phc_|Iv1\.[0-9a-f]{16}$|Ov2\d[A-Za-z0-9]{16}$|rzp_(?:live|test)_[A-Za-z0-9]{14}$"
)
_METHOD_CALL = re.compile(r"(?:^|[\"'\w)\]?])\.[A-Za-z_]\w*\(")  # "?." too: optional chaining
_PATTERN_OR_RANGE = re.compile(
    r"(?:a-z|A-Z|0-9|a-f|A-F)(?:a-z|A-Z|0-9|a-f|A-F|[_/+=.])|\\[sdwSDWb][*+?{]|^\^(?:a-z|A-Z|0-9)|\(\?[=!<:]|"
    r"\.\*\\?\S*\)|\.\{\d+,\d*\}|"
    r"^\w+!\$?[A-Z]{1,3}\$?\d*:\$?[A-Z]{1,3}\$?\d*,?$"
)


def random_token(value: str) -> bool:
    """Sixteen or more characters a generator made: mixed classes and a high entropy (hex keys, base62 tokens)."""
    classes = sum(any(test(c) for c in value) for test in (str.islower, str.isupper, str.isdigit))
    # build-cache-v3-linux: words joined, a name (not MgKRH2WdpHIG9FgJ-8Sdkz36VhCEp_CfJLm4o-1N, random parts).
    parts = re.split(r"[-_.]", value)
    slug = (
        len(parts) >= 4 and sum(bool(re.fullmatch(r"[a-z0-9]*|[A-Z]?[a-z]+", p)) for p in parts) * 4 >= len(parts) * 3
    )
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
    if token.rstrip("?!").lower() in _DESCRIBING:
        return False  # a word about a password, a manager's name among them ("... or 1Password?")
    assignment = re.match(r"[A-Za-z_][\w.-]*=(?=.)", token)
    if assignment:
        return password_shaped(token[assignment.end() :])  # id=01JW8PN7...: judge the value
    token = token.rstrip("=")  # base64 padding is not a password's symbol
    if not 8 <= len(token) <= 64 or "://" in token or token.count("/") > 1 or token.count("\\") > 1:
        return False  # a URL, a path (\\fs01\Projects, C:\Users\ana)
    if len(token) >= 20 and re.fullmatch(r"[A-Za-z0-9+/_-]+={0,2}", token):
        return False  # base64 nobody types as a password (a digest, a key, a certificate line): other layers judge it
    if re.search(r"[,:;].*[,:;]", token) or re.match(r"\|\d\|", token):
        return False  # structured data (key:value,key:value), a hashed known_hosts entry (|1|salt|hash)
    if re.fullmatch(r"\(?\d+(?:\.\d+)?\s*[*/]\s*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\)*", token):
        return False  # arithmetic in code: 5*time.Second, 30*units.Minute
    if re.match(r"#\d+\b", token) or re.search(r"\$\w+\$\d+$", token):
        return False  # a number: #40-Ubuntu, a build, an issue; a JVM's synthetic name (Service.lambda$run$0)
    if re.fullmatch(r"[#@]\w*[A-Za-z]\w*|[\w./-]+@(?:v\d[\w.]*|\d+(?:\.\d+)+)", token) or _PINNED.search(token):
        return False  # a hashtag or a handle; a version pin (checkout@v4, lodash@4.17.21); a digest, a query
    if _EMAIL.search(token) or _ordinary_shape(token) or _ENV_REFERENCE.match(token) or _ID_PARTS.search(token):
        return False
    symbols = [c for c in token if not c.isalnum()]
    if _WORD_SYMBOL_DIGITS.fullmatch(token):
        return True  # violet!1995, 1995*violet: a word and a number joined by a password's symbol
    return (
        any(c.islower() for c in token)
        and any(c.isupper() for c in token)
        and any(c.isdigit() for c in token)
        and any(c in _PASSWORD_SYMBOLS for c in symbols)
        and not re.search(r"[({\[]['\"]|\)$|\.\w+\(", token)  # code: f("x"), a.b(
    )


# A memorable password as managers generate it: words and a number joined by dashes, dots or underscores.
_MEMORABLE = re.compile(r"[a-z]{3,12}(?:[-_.][a-z]{3,12})+[-_.]\d{1,4}|[a-z]{3,12}[-_.]\d{1,4}(?:[-_.][a-z]{3,12})+")
# Where a name starts a new word or number (Ed25519PrivateKey): a key's value with few of them is a name.
_WORD_BREAK = re.compile(r"[a-z](?=[A-Z\d])|[A-Za-z](?=\d)|\d(?=[A-Za-z])")
# A word and a number joined by a symbol that is no notation ("#12" is a number, "$1995" a price, "width*72" and
# "10**decimals" arithmetic).
_WORD_SYMBOL_DIGITS = re.compile(r"[A-Za-z]{4,}[!~]{1,3}\d{2,6}[!~#$]?|\d{2,6}[!~]{1,3}[A-Za-z]{4,}[!~#$]?")
# Parts of ids: a UUID (USER#c746fdf6-3d34-...), a server after a colon (!Nf8Ohrv9A8:matrix.org, a Matrix room).
_ID_PARTS = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-|:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$")
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
    if _PATTERN_OR_RANGE.search(value):
        return True  # a regular expression's class ("^a-zA-Z0-9", "\\s*=\\s*"), a sheet's range ("Sheet2!B:B")
    if re.search(r"\{[A-Za-z_][\w.]*\}", value) or re.fullmatch(r"_\w+|(?:self|cls|this)\.\w+", value):
        return True  # an f-string's field ({cookie.name}); a private name (_BinaryToken), an attribute (self._token)
    return bool(
        re.fullmatch(
            # A price ("Rp535.000", "₹1,299"), then versions, dates, times, numbers.
            r"(?:Rp|Rs|RM|R\$|US\$|S\$|A\$|C\$|NT\$|HK\$|kr|Kč|zł|Ft|lei|₹|€|£|\$|¥|₩|₦|₱|₫|₺|₴|₽)\.?\d[\d.,]*[?!]?|"
            r"v?\d+(?:\.\d+)+(?:[-+.]\w+)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}:\d{2}(?::\d{2})?|[\d,._ ]+|"
            r"\d+(?:\.\d+)?(?:[kKmMgGtT][bB]?|ms|s|%|px|em|rem)|[\w-]+\.(?:[a-z]{1,5})|[a-z]+(?:[._-][a-z]+)+|"
            r"[\w.-]*[a-z][\w.-]*(?:/[\w.:-]+)+|(?:SHA\d+|sha\d+|MD5|md5|h1|blake2b?)[:-]\S+|(?:[0-9a-fA-F]{2}:){5,}[0-9a-fA-F]{2}|"
            r"(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})|(?:arn|urn|spotify|s3|gs):\S+|\S*(?i:sha\d+|md5):[0-9a-fA-F]{32,}\S*|0x[0-9a-fA-F]{40}|0x(?:[0-9A-Fa-f]{8}){1,2}|"
            r"ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-\S+|sk-ssh-\S+|"
            # The names of encodings and standards (base64, utf-8, x509, oauth2, ipv6, k8s).
            r"(?i:base(?:16|32|36|58|62|64)(?:url)?|utf-?(?:8|16|32)|x\.?509|rot13|ascii85|oauth2|http[23]|ipv[46]|"
            r"k8s|i18n|l10n|a11y|web3|mp[34]|h26[45])",
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


def key_with_id(decoded: str) -> bool:
    """Decoded base64 that is a key with its id or its fields ("tok:<uuid>:1:0", Elastic's "<id>:<api key>"): words
    joined by colons, one of them a UUID or a random token (base64 of JSON or of a sentence is data)."""
    return bool(re.fullmatch(r"[\w.+/=-]+(?::[\w.+/=-]+)+", decoded)) and any(
        _UUID.fullmatch(part) or random_token(part) for part in decoded.split(":")
    )


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


# The words a placeholder says in the languages an example's README is written in: "your", "here", "change", "me",
# "example", the password's own word ("sua_senha_aqui", "zmien_mnie", "tu_contraseña", "dein_passwort_hier").
_STAND_IN_PARTS = frozenset(
    """
    your here change me example password secret sua seu tua teu su tu votre ton dein deine ihr ihre twoje twoj twój
    jouw uw din ditt senin aqui aquí aca acá hier ici qui tutaj tady burada zmien zmień zmienic zmienić mnie wijzig
    andern ändern aendern cambiar cambiame cámbiame changer changez mudar troque trocar altere cambia cambiami
    senha contraseña contrasena hasło haslo passwort wachtwoord parola şifre sifre heslo salasana lösenord losenord
    passord adgangskode motdepasse clave ejemplo exemplo beispiel przyklad przykład esempio voorbeeld exemple
    placeholder dummy fake sample ваш ваша ваше свой своя твой твоя сюда здесь ключ пароль токен твій свій сюди тут
    wpisz podaj inserir insira introducir ingresa inserisci eingeben
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def stand_in_words(value: str) -> bool:
    """Words joined by an underscore or a dash, half of them or more a placeholder's (:data:`_STAND_IN_PARTS`); not
    a key's prefix ("secret_QAKzUlAU3YD1..."): words, each a word's length, or one digit repeated
    ("EXAMPLE-0000-KEY-PLACEHOLDER")."""
    parts = [p.lower() for p in re.split(r"[-_]", value) if p]
    if len(parts) < 2 or not all(p.isalpha() and len(p) <= 14 or p.isdigit() and len(set(p)) == 1 for p in parts):
        return False
    return 2 * sum(p in _STAND_IN_PARTS for p in parts) >= len(parts)
