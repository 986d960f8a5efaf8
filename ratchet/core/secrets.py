"""Credential filter: does a piece of text carry a secret?

:func:`scan` returns the *kinds* of credential found (``"OpenAI Token"``, ``"Password"``...), never the secret
itself, so callers can log a rejection safely. An empty list means clean.

Three layers, cheapest first:

1. detect-secrets' format detectors (AWS, GitHub, Slack, Stripe, JWT, private keys...), run through their
   ``analyze_string`` so no global settings or baseline files are involved. Its public-IP detector is left out:
   an IP address in a fact is not a credential.
2. detect-secrets' keyword detector (``password = "..."``, ``api_key: ...``) plus our own patterns for the
   prose forms people actually type to an agent ("my password is hunter2x!"), connection strings with an
   embedded password, bearer tokens and newer token formats the library does not know (``sk-ant-``,
   ``hf_``, ``glpat-``...): :mod:`secret_formats`, then the layers :func:`_said` reads in turn (each says there
   what it finds): :mod:`passwords`, :mod:`account_secrets`, :mod:`seed_words`, :mod:`chat_secrets`,
   :mod:`listed_secrets`, :mod:`dictated`, :mod:`world_words`, :mod:`spaced_tokens` and :mod:`redeem_codes`.
3. A high-entropy token check with tuned limits (:mod:`random_tokens`). detect-secrets' ad-hoc scanner flags
   plain English, so we only consider long unbroken tokens, skip the shapes ordinary facts are full of (commit
   hashes, UUIDs, digests, paths, URLs without credentials, identifiers) and require the entropy of a random string.
4. Where no rule found anything, in the full and the quick scan alike: a learned scorer of each word as a
   credential's value (:mod:`secret_scorer`, trained on the tuning corpora).

Public material (public keys, certificates, password hashes, what DNS publishes: :mod:`public_material`) and a
format's match that is public or a stand-in (a publishable key, a placeholder) are replaced by a stand-in before the
later layers look.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ratchet.core import (
    account_secrets,
    cards,
    chat_secrets,
    dictated,
    keys_in_use,
    listed_secrets,
    passwords,
    random_tokens,
    redeem_codes,
    secret_scorer,
    seed_words,
    spaced_tokens,
    world_words,
)
from ratchet.core import password_values as values
from ratchet.core.password_words import _APP_PASSWORD
from ratchet.core.password_words import _PLACEHOLDER as _WORD_PLACEHOLDER
from ratchet.core.public_material import ACCOUNT_HASH
from ratchet.core.public_material import PUBLIC_MATERIAL as _PUBLIC_MATERIAL
from ratchet.core.random_tokens import _UUID, placeholder
from ratchet.core.secret_formats import formats as _patterns
from ratchet.core.world_values import random_letters

# detect-secrets plugins we do not want: IPs are not secrets, the high-entropy/keyword plugins are driven
# separately below with our own limits, and our private key pattern replaces theirs.
_SKIP_PLUGINS = {
    "IPPublicDetector",
    "KeywordDetector",
    "Base64HighEntropyString",
    "HexHighEntropyString",
    "PrivateKeyDetector",  # ours knows more headers, and a template's elided block
}


# What a detect-secrets plugin matches that is an id, not a secret: a Twilio account's SID (its API keys are SK...), a
# parcel's UPU tracking number (two letters, nine digits, a country: "AP847489425PL", which Artifactory's rule reads).
_ID_SHAPED = re.compile(r"AC[0-9a-f]{32}|[A-Z]{2}\d{9}[A-Z]{2}")
_MARKER = re.compile(r"\[REDACTED:[^\]\n]{1,40}\]")
_TAG = re.compile(r"</?(?:p|strong|b|span|div|td|tr|br|h\d|em|font|center)\b[^<>\n]{0,200}>", re.I)
_KEY_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\n\s*\n")
_ARMOR = re.compile(r"\s*(?:[\w-]+: [^\n]*\n)*\s*")  # PGP's armor headers and blank line before the key's body


def scan(text: str, *, quick: bool = False) -> list[str]:
    """Kinds of credential found in ``text`` (sorted, unique); an empty list means clean.

    The secret value itself is never returned, so the result is safe to log. ``quick`` leaves out the layers that
    need detect-secrets (about 300 ms of imports): the hooks' last look at what they are about to print, where
    everything stored was already scanned in full on the way in and only a planted line can carry a secret (the
    learned layer runs in both).
    """
    if not text:
        return []
    return list(_scan(text, quick))


@lru_cache(maxsize=4096)
def _scan(text: str, quick: bool) -> tuple[str, ...]:
    """:func:`scan`, remembered: a record's fields are scanned on every write path (the candidate, the record, the
    line) and tags and categories repeat across facts."""
    text = _unmark(text)  # our own redaction markers are not secrets
    text = _stand_in(text)
    kinds: set[str] = set()
    for plugin in [] if quick else _detect_secrets_plugins():
        if any(not _not_secret(text, value) for value in plugin.analyze_string(text)):
            kinds.add(_kind_name(plugin.secret_type))
    named, text = _formats(text)
    kinds.update(kind for kind, _match in named)
    for start, end, kind in _said(text):
        value = text[start:end]
        if not any(pattern.search(value) for _kind, pattern in _patterns()):  # a named token says more
            kinds.add(kind)
    if not quick and next(_keyword_values(text), None):
        kinds.add("Password")
    if next(cards.spans(text), None) is not None:
        kinds.add("Payment Card Number")
    if not kinds and ('\\"' in text or _TAG.search(text)):  # code in a JSON string, an HTML e-mail: as it reads
        kinds.update(_scan(_unescaped(text), quick))
    if not kinds and random_tokens.found(text):
        kinds.add("High Entropy String")
    if not kinds and secret_scorer.found(text):
        kinds.add(secret_scorer.KIND)
    return tuple(sorted(kinds))


def _not_secret(text: str, value: object) -> bool:
    """A detect-secrets plugin's match that is none: a placeholder where it stands, or an id (:data:`_ID_SHAPED`)."""
    return isinstance(value, str) and bool(
        placeholder(_token_around(text, value)) or _ID_SHAPED.fullmatch(value.strip())
    )


def _unescaped(text: str) -> str:  # as a JSON string's reader or an HTML e-mail's ("<strong>463794</strong>") reads it
    return _TAG.sub(" ", text.replace('\\"', '"').replace("\\n", "\n"))


def _formats(text: str) -> tuple[list[tuple[str, re.Match[str]]], str]:
    """The format detectors' matches that are secrets, and ``text`` with the others (a publishable key, a DSN said to
    be public, a placeholder) turned into a stand-in, so no later layer reads them as a value."""
    found: list[tuple[str, re.Match[str]]] = []
    public: list[tuple[int, int]] = []
    for kind, pattern in _patterns():
        for match in pattern.finditer(text):
            if _public(kind, match):
                public.append(match.span(match.lastindex or 0))
            elif not _benign(kind, match):
                found.append((kind, match))
    for start, end in public:
        if end - start > 2 and not any(m.start() < end and start < m.end() for _k, m in found):
            text = text[:start] + "<" + "x" * (end - start - 2) + ">" + text[end:]
    return found, text


def _said(text: str) -> Iterator[tuple[int, int, str]]:
    """Credentials said in words: after a password, key or token word, and the account secrets named otherwise (not
    the documentation's examples: "the RFC's example access_token is 2YotnFZFEjr1zCsicMWpAA")."""
    layers = (
        passwords,  # word, connector, value (password_words, password_values, passphrases; no connector: bare_values)
        account_secrets,  # a card's code, a bank's login, an account's PIN...
        seed_words,  # a BIP-39 phrase with no name for it
        chat_secrets,  # a chat's message that is only a token, an answer to a question for a password or a code
        listed_secrets,  # a table's password column, a key/value pair, an environment literal, a login...
        dictated,  # a value read out character by character
        world_words,  # a credential named in the words of a hundred languages
        spaced_tokens,  # a token written in groups with spaces between them
        redeem_codes,  # a gift card's code after a store's name, a gift's link, a device's activation code
    )
    for layer in layers:
        yield from (span for span in layer.spans(text) if not random_tokens.documented(text[span[0] : span[1]]))


def redact(text: str, *, quick: bool = False) -> str:
    """``text`` with every credential :func:`scan` would find replaced by ``[REDACTED:<kind>]``.

    The same detectors, applied to spans: the secret value is replaced, the words around it ("my key is") stay
    so the conversation still reads. A private key block is removed up to its END line (or the next blank line).
    ``quick``: the layers :func:`scan` runs with ``quick`` (no detect-secrets), for outputs of what was stored.
    """
    # A second pass catches a value that only reads as a secret once its neighbour is gone
    # ("credential: Protocol=https;Account=..."): redacted text must scan clean.
    for _ in range(4):
        spans = _spans(text, quick) if text else []
        if not spans:
            break
        out: list[str] = []
        last = 0
        for start, end, kind in _merge(spans):
            out.append(text[last:start])
            out.append(f"[REDACTED:{kind}]")
            last = end
        out.append(text[last:])
        text = "".join(out)
    return text


def _spans(text: str, quick: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every credential value in ``text``, found by the detectors :func:`scan` uses (``quick``:
    those of its quick scan)."""
    protected = [(m.start(), m.end()) for m in _MARKER.finditer(text)]
    # Earlier markers and public material are blanked (same length, so offsets hold), as scan() does.
    text = _stand_in(_unmark(text))
    spans: list[tuple[int, int, str]] = []

    def add(start: int, end: int, kind: str) -> None:
        if end > start and not any(s < end and start < e for s, e in protected):
            spans.append((start, end, kind))

    def add_value(value: str, kind: str, begin: int = 0, end: int | None = None) -> None:
        """Every occurrence of ``value`` between ``begin`` and ``end``."""
        if not value:
            return
        pos = text.find(value, begin, end)
        while pos >= 0:
            add(pos, pos + len(value), kind)
            pos = text.find(value, pos + len(value), end)

    for plugin in [] if quick else _detect_secrets_plugins():
        kind = _kind_name(plugin.secret_type)
        for value in set(plugin.analyze_string(text)):
            if isinstance(value, str) and len(value) >= 4 and not _not_secret(text, value):
                add_value(value, kind)
    named, text = _formats(text)
    for kind, match in named:
        group = match.lastindex or 0
        if kind == "Private Key":
            tail = _KEY_END.search(text, _ARMOR.match(text, match.end()).end())  # type: ignore[union-attr]
            add(match.start(), tail.end() if tail else len(text), kind)
        else:
            add(match.start(group), match.end(group), kind)
    for start, end, kind in _said(text):
        add(start, end, kind)
    for begin, end, value in [] if quick else _keyword_values(text):
        add_value(value.strip("\"'`.,;:)("), "Password", begin, end)
    for start, end in cards.spans(text):
        add(start, end, "Payment Card Number")
    if not spans and ('\\"' in text or _TAG.search(text)):  # as scan() does: each value found as the text reads
        plain = _unescaped(text)
        for start, end, kind in _spans(plain, quick):
            add_value(plain[start:end], kind)
    # Last and only where nothing else matched, as in scan(): a named kind beats "High Entropy String".
    for start, end in random_tokens.spans(text):
        if not any(s < end and start < e for s, e, _ in spans):
            add(start, end, "High Entropy String")
    if not spans:  # last, as in scan(): what no rule found, the learned layer may
        for start, end in secret_scorer.spans(text):
            add(start, end, secret_scorer.KIND)
    # A value found once is a secret wherever else it stands as a whole token ("Invalid user V3lv3t69" before
    # "Failed password for invalid user V3lv3t69"), as add_value does for a plugin's value.
    for start, end, kind in list(spans):
        if end - start >= 5:
            for other in re.finditer(rf"(?<![\w.-]){re.escape(text[start:end])}(?![\w-])", text):
                add(other.start(), other.end(), kind)
    return spans


def _merge(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Overlapping spans joined (the first kind found at a position wins), in text order."""
    merged: list[tuple[int, int, str]] = []
    for start, end, kind in sorted(spans, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], end), prev[2])
        else:
            merged.append((start, end, kind))
    return merged


def record_kinds(record: dict[str, Any], *, quick: bool = False) -> list[str]:
    """Kinds of credential in any string anywhere in ``record`` (every field, nested lists and dicts included):
    what may be written and what may be shown is judged on the whole record, not on its content alone."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(str(key))
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(record)
    # One scan of all the parts: each scan pays a fixed cost for every detector, whatever the length of the text.
    return scan("\n".join(parts), quick=quick)


def shareable(content: str, tags: list[str] | tuple[str, ...] = ()) -> bool:
    """True when a fact's text may leave through a bulk output (MEMORY.md, an export): the quick scan of its
    content and tags finds nothing. The store refuses credentials in every field on every write, so this only
    catches a line planted in a file by hand, and it must stay cheap for 100k facts (about 20 us a fact, where the
    full scan costs about 500 us)."""
    return not scan(" ".join([content, *tags]), quick=True)


def _kind_name(secret_type: str) -> str:
    return {"Basic Auth Credentials": "Connection String", "NPM tokens": "NPM Token"}.get(secret_type, secret_type)


@lru_cache(maxsize=1)
def _detect_secrets_plugins() -> list[Any]:
    """Instances of every regex-based detect-secrets detector we use (imported lazily: ~60 ms)."""
    import importlib
    import pkgutil

    from detect_secrets import plugins as ds_plugins
    from detect_secrets.plugins.base import RegexBasedDetector

    found: list[Any] = []
    for info in pkgutil.iter_modules(ds_plugins.__path__):
        module = importlib.import_module(f"detect_secrets.plugins.{info.name}")
        for name in dir(module):
            obj = getattr(module, name)
            if (
                isinstance(obj, type)
                and issubclass(obj, RegexBasedDetector)
                and obj is not RegexBasedDetector
                and obj.__module__ == module.__name__
                and name not in _SKIP_PLUGINS
            ):
                found.append(obj())
    return found


@lru_cache(maxsize=1)
def _keyword_groups() -> list[tuple[re.Pattern[str], int]]:
    from detect_secrets.plugins import keyword

    groups = dict(keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP)
    groups.update(keyword.CONFIG_DENYLIST_REGEX_TO_GROUP)
    return list(groups.items())


_NAMES_A_SECRET = re.compile(r"(?i)(?:name|ref|keyref|_id|id)[\"']?\s*[:=]\s*[\"']?\s*$")


def _keyword_values(text: str) -> Iterator[tuple[int, int, str]]:
    """detect-secrets' keyword detector (quoted and config forms), with our value check on top: ``(start, end,
    value)`` of each line holding a value that looks secret. A value followed by ``(`` is code that reads the
    secret (``boto3.client(...)``, ``viper.GetString(...)``), not the secret."""
    offset = 0
    for line in text.splitlines(keepends=True):
        for regex, group in _keyword_groups():
            match = regex.search(line)
            if not match or not match.group(group):
                continue
            value = match.group(group).strip().strip("\"'`").split()
            call = value and (value[0].endswith("(") or line.startswith("(", match.end(group)))
            # secretName: x, secret_ref: y, secretKeyRef: the name of a secret kept elsewhere, not its value.
            call = call or _NAMES_A_SECRET.search(line, 0, match.start(group))
            if value and not call and _looks_secret(value[0]):
                yield offset, offset + len(line), value[0]
        offset += len(line)


def _benign(kind: str, match: re.Match[str]) -> bool:
    """A pattern's match that is not a secret: a placeholder, a "token" that is base64 of readable data (a
    pagination cursor) rather than a key, a key that is public by design (a publishable key, a DSN said to be the
    public part), a session value outside a Cookie header."""
    value = match.group(match.lastindex or 0) or match.group(0)
    if _public(kind, match):
        return True
    if kind == "Session Cookie":
        line_start = match.string.rfind("\n", 0, match.start()) + 1
        # In a Cookie header, after document.cookie on the line before, or in a jar's "a=1; b=2" list.
        in_cookie = "cookie" in match.string[max(0, line_start - 40) : match.start()].lower()
        line_end = match.string.find("\n", match.end())
        in_cookie = in_cookie or bool(
            _JAR.search(match.string, line_start, line_end if line_end >= 0 else len(match.string))
        )
        cookie_attribute = _COOKIE_ATTRIBUTE.match(match.string, match.end())
        return not (in_cookie or cookie_attribute or listed_secrets.SESSION_COOKIE.fullmatch(match.group(1)))
    if kind == "Tool Output Password":
        if value.startswith("eyJ"):  # a pull secret: registry logins inside
            return not re.search(r'"(?:auth|password)"', values.decoded_base64(value))
        return match.lastgroup == "auth_file" and not (values.generated(value) and values.plausible(value))
    if kind == "Sign-in Link Token":  # random (hex of a verify link's path too), not the docs' AUTHORIZATION_CODE_HERE
        hexed = re.fullmatch(r"[0-9a-f]{40,64}", value)
        return not hexed and values.entropy(value) < 4.2 or bool(_WORD_PLACEHOLDER.match(value))
    if kind in ("Command Line Token", "Authorization Header") or kind in keys_in_use.RANDOM_ONLY:
        return not (_UUID.fullmatch(value) or values.random_token(value))
    if kind == "Connection String Password":  # the docs' "Password=myPassword;", "Pwd={your_password}"
        return bool(_WORD_PLACEHOLDER.match(value.strip("{}")))
    if kind == "Mollie API Key":
        return len(values._WORD_BREAK.findall(value)) <= 8  # test_Float64ArrayRoundTrip: a test's name
    if kind == "Password File Entry" and " " in value:  # a passphrase, or an app password's four groups
        return not (values._random_words(value) or _APP_PASSWORD.fullmatch(value))
    if kind == "Tool Output Secret" and match.lastindex == 2:  # a log's key=: a key, or a UUID a provider issued
        return not (_UUID.fullmatch(value) or values.random_token(value) and values.generated(value))
    if kind == "Client Key Literal":  # a key: hex of 32 digits or more, or characters a generator made (of two, either)
        return not any(
            re.fullmatch(r"[0-9a-fA-F]{32,}", v) or values.random_token(v) and values.generated(v)
            for v in match.groups()
            if v
        )
    if kind == "Variable Default Secret" and match.group(0).startswith(("ENV", "os")):
        return not values.generated(value)  # a default that is a stand-in ("changeme", "dev") is none
    if kind == "Login Call Password":  # auth=("admin", "admin") in a tutorial: a chosen value has a digit or symbol
        return not (values.generated(value) or _random_letters(value))
    if kind in ("Password File Entry", "SQL Password"):  # chosen, generated, or random letters (Gmail's app password)
        chosen = values.generated(value) and values.plausible(value) or random_letters(value)
        return not chosen or value.startswith(("md5", "SCRAM-"))
    if kind == "Encoded Private Key":
        return "PRIVATE KEY" not in values.decoded_base64(value[:80])
    if kind == "Basic Auth Header":  # user:password, or not a credential; the docs' "username:password"
        decoded = values.decoded_base64(value)
        return ":" not in decoded or placeholder(decoded.split(":", 1)[1])
    if kind == "Bearer Token" and "/" in value and re.fullmatch(r"[a-z]+(?:[/._~+-]+[a-z]+)*", value):
        return True  # vault kv get -field=token secret/acme-billing/shop: a path of words
    return kind == "Bearer Token" and "." not in value and values.readable_base64(value)


def _public(kind: str, match: re.Match[str]) -> bool:
    """A pattern's match whose value is public or a stand-in: no other layer should read it as a secret either."""
    value = match.group(match.lastindex or 0) or match.group(0)
    if placeholder(value) or values.public_value(value):
        return True
    if kind == "Sentry DSN" and (
        _PUBLIC_CONTEXT.search(match.string[max(0, match.start() - 300) : match.start()])
        or _PUBLIC_AFTER.match(match.string, match.end())
    ):
        return True  # said to be public, or given to a browser: Sentry documents DSNs as public
    # A Firebase client config said to be public: it ships in every web page and app.
    return kind == "Google API Key" and bool(_CLIENT_CONFIG.search(match.string) and _SAID_PUBLIC.search(match.string))


def _token_around(text: str, value: str) -> str:
    """The whole token of ``text`` that holds ``value`` (a plugin may report only part of it: ``ghp`` of
    ``ghp_XXXX...``), or ``value`` when it is not found."""
    at = text.find(value)
    if at < 0:
        return value
    start = at
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
        start -= 1
    end = at + len(value)
    while end < len(text) and (text[end].isalnum() or text[end] in "_-"):
        end += 1
    return text[start:end]


def _looks_secret(value: str) -> bool:
    """A config value (``password = "..."``) that is plausibly a real secret: not a placeholder, not a reference."""
    if "..." in value or "…" in value:
        return False  # elided: a stand-in
    value = value.strip("\"'`.,;:)(")
    if placeholder(value) or value.startswith("$"):
        return False
    return values.plausible(value) and (values.generated(value) or _random_letters(value))


def _random_letters(value: str) -> bool:
    """Twelve letters or more that no language's words are made of, alone or in groups ("biguczzlkkaghywl",
    "sk_uguuodva-rflc-lxwh-ggdj-tdhbgqrnzdam"): what a generator of lower-case keys and app passwords writes."""
    letters = re.sub(r"[-_]", "", value)
    return len(letters) >= 12 and random_letters(letters)


def _unmark(text: str) -> str:
    """``text`` with our redaction markers turned into a placeholder of the same length (``<xxxx>``): a stand-in
    for the value that was there, so the word after it is not read as the value of the flag before it
    ("-p [REDACTED] registry.local")."""
    return _MARKER.sub(lambda m: "<" + "x" * (len(m.group(0)) - 2) + ">", text)


def _stand_in(text: str) -> str:
    """``text`` with the public material's matches (:data:`_PUBLIC_MATERIAL`) replaced by a placeholder of the same
    length (:func:`_blank`): a public value (a public key, a password's hash) is what the word before it names, so
    nothing further on is read as its value ("deploy key (public part): ssh-ed25519 AAAA..."). Not an account's
    password hash (:data:`ratchet.core.public_material.ACCOUNT_HASH`): the format layer finds it as a credential. A
    processor's test card said to be one is blanked with its CVC (:func:`ratchet.core.cards.documented`)."""
    kept = [m.span(m.lastindex or 0) for m in ACCOUNT_HASH.finditer(text)] if "$" in text or "*" in text else []

    def public(m: re.Match[str]) -> str:
        return m.group(0) if any(s < m.end() and m.start() < e for s, e in kept) else _blank(len(m.group(0)))

    text = _PUBLIC_MATERIAL.sub(public, text)
    for start, end in cards.documented(text):  # a processor's test card, its CVC and expiry: documentation
        text = text[:start] + _blank(end - start) + text[end:]
    return text


def _blank(length: int) -> str:
    """A stand-in of ``length`` characters (``<xxxx>``), which no layer reads as a value."""
    return "<" + "x" * (length - 2) + ">" if length > 2 else " " * length


_SAID_PUBLIC = re.compile(r"(?i)\bpublic\b")
_PUBLIC_AFTER = re.compile(r"(?i)[^\n]{0,60}?\b(?:(?:is|are)\s+public|browser|frontend|client[- ]side)\b")
# A Firebase client config (web, google-services.json, GoogleService-Info.plist): its API key restricts nothing.
_CLIENT_CONFIG = re.compile(
    r"\bauthDomain\b|\bmessagingSenderId\b|google-services\.json|GoogleService-Info|\bcurrent_key\b"
)
_JAR = re.compile(r"[\w.-]+=[^;\s]*;\s+[\w.-]+=[^;\s]*;")  # two cookies of a jar, each ended by "; "
# The attributes a Set-Cookie line gives a session cookie.
_COOKIE_ATTRIBUTE = re.compile(r"(?i);\s*(?:path|domain|expires|max-age|httponly|secure|samesite)\b")
# "(public part only)", "the public DSN", "DSN for the frontend": said to be the public half of a key, or given to
# every browser.
_PUBLIC_CONTEXT = re.compile(
    r"(?i)\([^()\n]*\bpublic\b[^()\n]*\)|\bpublic\s+(?:part|half|dsn|key|token)\b|\bpublishable\b|"
    r"\bfor\s+the\s+(?:frontend|browser|web\s+app|client)\b"
)
