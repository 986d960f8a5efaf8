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
   ``hf_``, ``glpat-``...).
3. A high-entropy token check with tuned limits. detect-secrets' ad-hoc scanner flags plain English, so we
   only consider long unbroken tokens, skip the shapes ordinary facts are full of (commit hashes, UUIDs,
   digests, paths, URLs without credentials, identifiers) and require the entropy of a random string.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ratchet.core import account_secrets, passwords
from ratchet.core.secret_formats import formats as _patterns

# detect-secrets plugins we do not want: IPs are not secrets, the high-entropy/keyword plugins are driven
# separately below with our own limits, and our private key pattern replaces theirs.
_SKIP_PLUGINS = {
    "IPPublicDetector",
    "KeywordDetector",
    "Base64HighEntropyString",
    "HexHighEntropyString",
    "PrivateKeyDetector",  # ours knows more headers, and a template's elided block
}


_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|[A-Z][A-Z_]*|(?i:x{3,}|\*{3,}|<[^>]*>|%\w+%|\{\{.*\}\}|redacted|changeme|none|"
    r"null|placeholder|example|dummy|pass(?:word)?|secret|your[-_]?\w*))$"
)
# A payment card number: 13-19 digits (spaces or dashes between groups) starting as the card networks do, and
# passing the Luhn check, so order numbers and ids of the same length stay clean.
_CARD = re.compile(r"(?<![A-Za-z0-9_./=-])(?:[2-6]\d{3})(?:[ -]?\d{2,4}){2,4}(?:[ -]?\d{1,4})?(?![A-Za-z0-9_-]|\.\d)")
# A card number as a form field or a query parameter (ccnum=4116..., card_number: ...).
_CARD_FIELD = re.compile(r"(?i)\b(?:cc|card|pan)[\w-]*\s*[=:]\s*[\"']?([2-6]\d{12,18})(?!\d)")


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _cards(text: str) -> Iterator[tuple[int, int]]:
    """Spans of Luhn-valid card numbers. A documented test number is refused too: a memory cannot tell it from a
    real card said to be one. The tail of a longer grouped number (a tracking number, an IBAN) is not a card."""
    for match in [*_CARD.finditer(text), *_CARD_FIELD.finditer(text)]:
        found = match.group(match.lastindex or 0)
        at = match.start(match.lastindex or 0)
        if re.search(r"\d[ -]$", text[max(0, at - 2) : at]):
            continue  # "USPS tracking 9400 18289 3148 9876 8739 83"
        # The longest run of groups that is a card number: "5105 1051 0510 5100 09/26" ends before the expiry.
        for cut in sorted({len(found), *(m.start() for m in re.finditer(r"[ -]", found))}, reverse=True):
            digits = re.sub(r"\D", "", found[:cut])
            if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and _luhn(digits):
                yield at, at + cut
                break


_MARKER = re.compile(r"\[REDACTED:[^\]\n]{1,40}\]")
_KEY_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\n\s*\n")
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-.~]{20,}")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# An identifier: words in camelCase, snake_case or dotted, an acronym, digits. Each run of capitals or digits is
# taken whole (or up to the capital that starts the next word): a run split every way would backtrack
# exponentially on a long run of one letter ("AAAA...AAm").
_WORDISH = re.compile(
    r"^[A-Za-z][a-z]+(?:[A-Z_.\-/][a-z]+|[A-Z]{2,}(?=[A-Z][a-z]|[a-z]*$|[^A-Za-z])|\d+(?!\d))*[a-z]*$"
)

# Shannon entropy (bits per char) a token must exceed to count as random. Tuned on the corpora in
# tests/fixtures/secrets/: identifiers and slugs stay below, generated keys of 20+ chars are above.
BASE64_ENTROPY_LIMIT = 4.2
HEX_ENTROPY_LIMIT = 3.0


def scan(text: str, *, quick: bool = False) -> list[str]:
    """Kinds of credential found in ``text`` (sorted, unique); an empty list means clean.

    The secret value itself is never returned, so the result is safe to log. ``quick`` leaves out the layers that
    need detect-secrets (about 300 ms of imports): the hooks' last look at what they are about to print, where
    everything stored was already scanned in full on the way in and only a planted line can carry a secret.
    """
    if not text:
        return []
    return list(_scan(text, quick))


@lru_cache(maxsize=4096)
def _scan(text: str, quick: bool) -> tuple[str, ...]:
    """:func:`scan`, remembered: a record's fields are scanned on every write path (the candidate, the record, the
    line) and tags and categories repeat across facts."""
    text = _unmark(text)  # our own redaction markers are not secrets
    text = _blank(_PUBLIC_MATERIAL, text)
    kinds: set[str] = set()
    for plugin in [] if quick else _detect_secrets_plugins():
        for value in plugin.analyze_string(text):
            if not (isinstance(value, str) and _placeholder(_token_around(text, value))):
                kinds.add(_kind_name(plugin.secret_type))
                break
    for kind, pattern in _patterns():
        if any(not _benign(kind, m) for m in pattern.finditer(text)):
            kinds.add(kind)
    for start, end, kind in _said(text):
        value = text[start:end]
        if not any(pattern.search(value) for _kind, pattern in _patterns()):  # a named token says more
            kinds.add(kind)
    if not quick and next(_keyword_values(text), None):
        kinds.add("Password")
    if next(_cards(text), None) is not None:
        kinds.add("Payment Card Number")
    if not kinds and _high_entropy_token(text):
        kinds.add("High Entropy String")
    return tuple(sorted(kinds))


def _said(text: str) -> Iterator[tuple[int, int, str]]:
    """Credentials said in words: after a password, key or token word, and the account secrets named otherwise."""
    yield from passwords.spans(text)
    yield from account_secrets.spans(text)


def redact(text: str) -> str:
    """``text`` with every credential :func:`scan` would find replaced by ``[REDACTED:<kind>]``.

    The same detectors, applied to spans: the secret value is replaced, the words around it ("my key is") stay
    so the conversation still reads. A private key block is removed up to its END line (or the next blank line).
    """
    # A second pass catches a value that only reads as a secret once its neighbour is gone
    # ("credential: Protocol=https;Account=..."): redacted text must scan clean.
    for _ in range(4):
        spans = _spans(text) if text else []
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


def _spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every credential value in ``text``, found by the detectors :func:`scan` uses."""
    protected = [(m.start(), m.end()) for m in _MARKER.finditer(text)]
    # Earlier markers and public material are blanked (same length, so offsets hold), as scan() does.
    text = _blank(_PUBLIC_MATERIAL, _unmark(text))
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

    for plugin in _detect_secrets_plugins():
        kind = _kind_name(plugin.secret_type)
        for value in set(plugin.analyze_string(text)):
            if isinstance(value, str) and len(value) >= 4 and not _placeholder(_token_around(text, value)):
                add_value(value, kind)
    for kind, pattern in _patterns():
        for match in pattern.finditer(text):
            group = match.lastindex or 0
            if _benign(kind, match):
                continue
            if kind == "Private Key":
                tail = _KEY_END.search(text, match.end())
                add(match.start(), tail.end() if tail else len(text), kind)
            else:
                add(match.start(group), match.end(group), kind)
    for start, end, kind in _said(text):
        add(start, end, kind)
    for begin, end, value in _keyword_values(text):
        add_value(value.strip("\"'`.,;:)("), "Password", begin, end)
    for start, end in _cards(text):
        add(start, end, "Payment Card Number")
    # Last and only where nothing else matched, as in scan(): a named kind beats "High Entropy String".
    for start, end in _high_entropy_spans(text):
        if not any(s < end and start < e for s, e, _ in spans):
            add(start, end, "High Entropy String")
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


def is_clean(text: str) -> bool:
    """True when :func:`scan` finds nothing."""
    return not scan(text)


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
            if value and not call and _looks_secret(value[0]):
                yield offset, offset + len(line), value[0]
        offset += len(line)


def _benign(kind: str, match: re.Match[str]) -> bool:
    """A pattern's match that is not a secret: a placeholder, a "token" that is base64 of readable data (a
    pagination cursor) rather than a key, a key that is public by design (a publishable key, a DSN said to be the
    public part), a session value outside a Cookie header."""
    value = match.group(match.lastindex or 0) or match.group(0)
    if _placeholder(value) or passwords.public_value(value):
        return True
    before = match.string[max(0, match.start() - 48) : match.start()]
    if kind == "Sentry DSN" and _PUBLIC_CONTEXT.search(before):
        return True
    if kind == "Session Cookie":
        line_start = match.string.rfind("\n", 0, match.start()) + 1
        in_cookie = "cookie" in match.string[line_start : match.start()].lower()
        cookie_attribute = _COOKIE_ATTRIBUTE.match(match.string, match.end())
        return not (in_cookie or cookie_attribute or _SESSION_COOKIE.fullmatch(match.group(1)))
    if kind == "Command Line Token":
        return not (_UUID.fullmatch(value) or passwords.random_token(value))
    if kind in ("Password File Entry", "SQL Password"):
        return not passwords.generated(value) or not passwords.plausible(value) or value.startswith(("md5", "SCRAM-"))
    if kind == "Encoded Private Key":
        return "PRIVATE KEY" not in passwords.decoded_base64(value[:80])
    if kind == "Basic Auth Header":
        return ":" not in passwords.decoded_base64(value)  # user:password, or not a credential
    return kind == "Bearer Token" and "." not in value and passwords.readable_base64(value)


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


def _placeholder(value: str) -> bool:
    """A stand-in for a value: a template, a variable, a word like "changeme", a run of one character
    (``ghp_XXXXXXXX...``), a value that ends in one (``.../T000/B000/XXXX``), or the documentation's example
    (``AKIAIOSFODNN7EXAMPLE``)."""
    value = value.strip("\"'`.,;:)(")
    return bool(_PLACEHOLDER.match(value) or _STAND_IN.search(value))


_STAND_IN = re.compile(r"([A-Za-z0-9*])\1{7,}|(?i:example)|(?:^|[/_.:=-])(?:X{4,}|x{4,}|\*{4,})$")


def _looks_secret(value: str) -> bool:
    """A config value (``password = "..."``) that is plausibly a real secret: not a placeholder, not a reference."""
    if "..." in value or "…" in value:
        return False  # elided: a stand-in
    value = value.strip("\"'`.,;:)(")
    if _placeholder(value) or value.startswith("$"):
        return False
    return passwords.plausible(value) and passwords.generated(value)


def _high_entropy_token(text: str) -> bool:
    """A long random-looking token outside the shapes ordinary facts are full of."""
    return any(True for _ in _high_entropy_spans(text))


def _high_entropy_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the random-looking tokens :func:`_high_entropy_token` looks for."""
    # UUIDs, URLs, digests, public keys are blanked with spaces of the same length so spans still index into ``text``.
    cleaned = _blank(_NOT_SECRET, _blank(_UUID, text))
    for match in _TOKEN.finditer(cleaned):
        raw = match.group(0)
        skip = raw.index("=") + 1 if re.match(r"[A-Za-z_]\w{0,30}=[^=]", raw) else 0  # id=01JW...: the value
        raw = raw[skip:]
        token = raw.strip(".-_~")
        if len(token) < 20 or "://" in text[max(0, match.start() - 8) : match.start()]:
            continue
        if _HEX.match(token):
            # Commit hashes and digests are everywhere in developer facts; only long hex with a
            # password-ish neighbour is caught (by the keyword layer), never bare hex.
            continue
        if "/" in token and all(part.isalpha() or not part for part in re.split(r"[/._-]", token)):
            continue  # a path
        if _WORDISH.match(token) or token.count("-") + token.count("_") + token.count(".") >= 3:
            continue  # identifiers, slugs, dotted module paths
        if _ID_PREFIX.match(token) or _ULID.fullmatch(token) or passwords.readable_base64(token):
            continue  # pi_3Nx..., chatcmpl-..., a ULID, base64 of text or JSON (a cursor, not a key)
        before = text[max(0, match.start() - 48) : match.start()]
        if _ID_WORD.search(before) or _placeholder(token):
            continue  # "request id Fa0jzX...", "the job id in the queue is ..."; the docs' "...EXAMPLEKEY"
        if _ADDRESS_WORD.search(before) and _BASE58.fullmatch(token) and len(token) <= 44:
            continue  # a wallet's address (Solana, Bitcoin): public; its private key is longer
        has_digit = any(c.isdigit() for c in token)
        has_upper = any(c.isupper() for c in token)
        has_lower = any(c.islower() for c in token)
        if not (has_digit and has_upper and has_lower):
            continue
        limit = min(BASE64_ENTROPY_LIMIT, 0.9 * math.log2(len(token)))
        if passwords.entropy(token) > limit:
            start = match.start() + skip + raw.index(token)
            yield start, start + len(token)


def _unmark(text: str) -> str:
    """``text`` with our redaction markers turned into a placeholder of the same length (``<xxxx>``): a stand-in
    for the value that was there, so the word after it is not read as the value of the flag before it
    ("-p [REDACTED] registry.local")."""
    return _MARKER.sub(lambda m: "<" + "x" * (len(m.group(0)) - 2) + ">", text)


def _blank(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with ``pattern``'s matches replaced by spaces of the same length, so offsets still index ``text``."""
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


# Public keys and certificates (a block cut short by a length limit too), SSH public keys and hashed known_hosts
# entries, DKIM records, DER public keys in base64 (RSA, P-256, Ed25519): public by design, blanked before any
# detector looks, so their random-looking base64 is never taken for a key.
_PUBLIC_MATERIAL = re.compile(
    r"-----BEGIN (?:PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|X509 CRL|"
    r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)-----[A-Za-z0-9+/=\s\\]*?(?:-----END [A-Z0-9 ]+-----|$)|"
    r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+|"
    r"\|1\|[A-Za-z0-9+/]+=*\|[A-Za-z0-9+/]+=*|\bv=DKIM1;[^\"\n]*|"
    r"\bMI[A-Za-z0-9+/]{2,4}(?:A0GCSqGSIb3DQEBAQUAA4|ANBgkqhkiG9w0BAQEFAAO)[A-Za-z0-9+/]+={0,2}|"
    r"\bMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]+={0,2}|\bMCowBQYDK2VwAyEA[A-Za-z0-9+/]+={0,2}",
)
# Spans that hold long random-looking characters without being secrets: URLs without credentials (document and
# dashboard ids), digests and integrity hashes, fingerprints, Go module hashes, content ids, sops values.
_NOT_SECRET = re.compile(
    r"https?://[^\s@?#]+(?:[?#][^\s]*)?|"
    r"\b(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1)[:-][A-Za-z0-9+/=_-]{16,}|"
    r"\bdata:[\w/+.-]+;base64,[A-Za-z0-9+/=]+|\b(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,})\b|"
    r"\b(?:spotify|urn):[\w:.-]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s@?#]*|"
    r"(?:/[\w.-]+){3,}|\bENC\[[^\]\s]*\]",
    re.I | re.S,
)
# The session cookies web frameworks name by default (PHP, Java servlets, ASP.NET, Express, Laravel, Rails,
# Django, CodeIgniter, Rack, ColdFusion, Drupal, WordPress), and the attributes a Set-Cookie line gives one.
_SESSION_COOKIE = re.compile(
    r"(?i)PHPSESSID|JSESSIONID|ASP\.NET_SessionId|ASPSESSIONID\w*|connect\.sid|laravel_session|_[\w-]*_session|"
    r"_session_id|sessionid|ci_session|rack\.session|CFTOKEN|SS?ESS[0-9a-f]{32}|wordpress_logged_in_\w*"
)
_COOKIE_ATTRIBUTE = re.compile(r"(?i);\s*(?:path|domain|expires|max-age|httponly|secure|samesite)\b")
# "(public part only)", "the public DSN": said to be the public half of a key.
_PUBLIC_CONTEXT = re.compile(r"(?i)\(public[^)]*\)|\bpublic\s+(?:part|half|dsn|key|token)\b|\bpublishable\b")
# Object ids of APIs are a lower-case prefix and an underscore or dash: secrets with such a prefix (sk_live_,
# ghp_, xoxb-...) are named by the patterns above, so what is left here is an id.
_ID_PREFIX = re.compile(r"^[a-z]{2,12}(?:_(?:live|test))?[_-](?=[A-Za-z0-9]{8,})")
_ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")
_ADDRESS_WORD = re.compile(r"(?i)\b(?:wallet|address|addr|deposit\s+to|send\s+to)\b[^.\n]{0,24}$")
# Words that say what a random-looking token is when it is no secret: an id of some kind, a digest or fingerprint,
# encrypted or encoded data, a key said to be public ("site key", "(public)").
_ID_WORD = re.compile(
    r"(?i)(?:\b(?:ids?|u?uid|guid|ksuid|ulid|identifier|request|trace|span|job|ticket|correlation|channel|cursor|"
    r"page|build|run|deployment|execution|message|event|order|invoice|object|etag|version|public\s+key|pubkey|"
    r"publickey|site\s+key|publishable|digest\w*|thumbprint|fingerprint|encrypted\w*|ciphertext|sealed\w*|"
    r"payload|base64|protobuf)\b|\(public[^)]*\)|-bin\b)[^.\n]{0,36}$"
)
