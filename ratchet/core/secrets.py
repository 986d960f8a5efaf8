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

from ratchet.core import passwords

# detect-secrets plugins we do not want: IPs are not secrets, and the high-entropy/keyword plugins are
# driven separately below with our own limits.
_SKIP_PLUGINS = {"IPPublicDetector", "KeywordDetector", "Base64HighEntropyString", "HexHighEntropyString"}

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("Anthropic API Key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("OpenAI Token", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("AWS Access Key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    (
        "AWS Secret Key",
        re.compile(r"(?i)aws.{0,20}?(?:secret|key).{0,20}?[=:\s\"']([A-Za-z0-9/+]{40})\b"),
    ),
    ("GitHub Token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
    ("GitLab Token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),
    ("Vault Token", re.compile(r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}")),
    ("Docker Token", re.compile(r"\bdckr_pat_[A-Za-z0-9_-]{20,}")),
    ("Slack Token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("Slack Webhook", re.compile(r"hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+")),
    ("Stripe Key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("Google API Key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("Google OAuth Token", re.compile(r"\bya29\.[0-9A-Za-z_-]{20,}")),
    ("Hugging Face Token", re.compile(r"\bhf_[A-Za-z0-9]{30,}")),
    ("NPM Token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
    ("PyPI Token", re.compile(r"\bpypi-[A-Za-z0-9_-]{50,}")),
    ("SendGrid API Key", re.compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}")),
    ("Twilio API Key", re.compile(r"\bSK[0-9a-fA-F]{32}\b")),
    ("Twilio Auth Token", re.compile(r"\bAC[0-9a-f]{32}\b[\"',\s:]{1,6}([0-9a-f]{32})\b")),  # account SID, token
    ("DigitalOcean Token", re.compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")),
    ("Shopify Token", re.compile(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
    ("Mailgun Key", re.compile(r"\bkey-[0-9a-zA-Z]{32}\b")),
    ("Azure Connection String", re.compile(r"(?i)(?:AccountKey|SharedAccessKey|sig)=[A-Za-z0-9%+/=]{20,}")),
    (
        "JSON Web Token",
        re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    ),
    ("Private Key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    (
        "Connection String",
        # scheme://user:password@host, or scheme://:password@host: a password embedded in a URL or DSN.
        re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]*:([^\s@/]{3,})@[^\s/]+", re.I),
    ),
    ("Bearer Token", re.compile(r"(?i)\b(?:bearer|token)\s+([A-Za-z0-9._~+/-]{20,}=*)")),
    ("Discord Bot Token", re.compile(r"\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b")),
    ("Telegram Bot Token", re.compile(r"(?<!\d)\d{8,10}:AA[0-9A-Za-z_-]{32,33}\b")),
    # Provider formats from gitleaks' rules: Stripe webhook secrets, Netlify, Supabase, Notion, Atlassian, Dropbox,
    # age keys, Firebase Cloud Messaging server keys, Sentry DSNs (the key before the @).
    ("Stripe Webhook Secret", re.compile(r"\bwhsec_[A-Za-z0-9]{24,}")),
    ("Netlify Token", re.compile(r"\bnfp_[A-Za-z0-9]{36,}")),
    ("Supabase Key", re.compile(r"\bsb_secret_[A-Za-z0-9_-]{20,}")),
    ("Notion Token", re.compile(r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43})\b")),
    ("Atlassian Token", re.compile(r"\bATATT3[A-Za-z0-9_=-]{100,}")),
    ("Dropbox Token", re.compile(r"\bsl\.[A-Za-z0-9_-]{100,}")),
    ("Age Secret Key", re.compile(r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b")),
    ("Firebase Server Key", re.compile(r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}")),
    ("Sentry DSN", re.compile(r"https?://([0-9a-f]{32})@[\w.-]*sentry\.io/\d+")),
    # A credential as a URL's query parameter (?appid=..., &access_token=...).
    (
        "URL Query Credential",
        re.compile(
            r"(?i)[?&](?:api[_-]?key|apikey|appid|app_id|access[_-]?token|auth[_-]?token|token|secret|client_secret|"
            r"password|passwd|pwd|sig|signature)=([^&\s#]{8,})"
        ),
    ),
    ("New Relic Key", re.compile(r"\bNR(?:AK|II|JS|RA)-[A-Z0-9]{27}\b")),
    # "Authorization: Basic dXNlcjpwYXNz": base64 of user:password.
    (
        "Basic Auth Header",
        re.compile(
            r"(?i)(?:\bauthorization\s*:\s*basic|\bbasic[ -]auth(?:entication)?\s*[:=]?|\"auth\"\s*:)\s*\"?"
            r"([A-Za-z0-9+/]{8,}={0,2})"
        ),
    ),
    # A password on a command line: sshpass -p X, mysql -pX (glued, as mysql wants it), --password=X.
    (
        "Command Line Password",
        re.compile(
            r"\bsshpass\s+-p\s*['\"]?([^\s'\"]{4,})|"
            r"\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?\s-p['\"]?([^\s'\"-][^\s'\"]{3,})|"
            r"--password[= ]['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
            r"\bcurl\b[^\n]*?\s(?:-u|--user)\s+['\"]?[^\s:'\"]+:([^\s'\"$<{][^\s'\"]{3,})|"
            r"\bhttp-basic\.\S+\s+\S+\s+['\"]?([^\s'\"$<{][^\s'\"]{5,})|"
            r"\b(?:echo|printf)\s+['\"]?([^\s'\"$]{6,})['\"]?\s*>>?\s*\S*(?:pass|secret|token|key)\S*"
        ),
    ),
]

_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|[A-Z][A-Z_]*|(?i:x{3,}|\*{3,}|<[^>]*>|%\w+%|\{\{.*\}\}|redacted|changeme|none|"
    r"null|placeholder|example|dummy|pass(?:word)?|secret|your[-_]?\w*))$"
)
# A payment card number: 13-19 digits (spaces or dashes between groups) starting as the card networks do, and
# passing the Luhn check, so order numbers and ids of the same length stay clean.
_CARD = re.compile(r"(?<![A-Za-z0-9_./=-])(?:[2-6]\d{3})(?:[ -]?\d{2,4}){2,4}(?:[ -]?\d{1,4})?(?![A-Za-z0-9_-]|\.\d)")


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _cards(text: str) -> Iterator[tuple[int, int]]:
    for match in _CARD.finditer(text):
        found = match.group(0)
        # The longest run of groups that is a card number: "5105 1051 0510 5100 09/26" ends before the expiry.
        for cut in sorted({len(found), *(m.start() for m in re.finditer(r"[ -]", found))}, reverse=True):
            digits = re.sub(r"\D", "", found[:cut])
            if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and _luhn(digits):
                yield match.start(), match.start() + cut
                break


_MARKER = re.compile(r"\[REDACTED:[^\]\n]{1,40}\]")
_KEY_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\n\s*\n")
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-.~]{20,}")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_WORDISH = re.compile(r"^[A-Za-z][a-z]+(?:[A-Z_.\-/][a-z]+|[A-Z]{2,}|\d{1,4})*[a-z]*$")

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
    text = _MARKER.sub(" ", text)  # our own redaction markers are not secrets
    kinds: set[str] = set()
    for plugin in [] if quick else _detect_secrets_plugins():
        for value in plugin.analyze_string(text):
            if not (isinstance(value, str) and _placeholder(_token_around(text, value))):
                kinds.add(_kind_name(plugin.secret_type))
                break
    for kind, pattern in _PATTERNS:
        if any(not _benign(kind, m.group(m.lastindex or 0) or m.group(0)) for m in pattern.finditer(text)):
            kinds.add(kind)
    for start, end, kind in passwords.spans(text):
        value = text[start:end]
        if not any(pattern.search(value) for _kind, pattern in _PATTERNS):  # a named token says more
            kinds.add(kind)
    if not quick and _keyword_detector_hit(text):
        kinds.add("Password")
    if next(_cards(text), None) is not None:
        kinds.add("Payment Card Number")
    if not kinds and _high_entropy_token(text):
        kinds.add("High Entropy String")
    return tuple(sorted(kinds))


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
    # Earlier markers are blanked (same length, so offsets hold) and scanning sees past them, as scan() does.
    text = _MARKER.sub(lambda m: " " * len(m.group(0)), text)
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
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            group = match.lastindex or 0
            if _benign(kind, match.group(group)):
                continue
            if kind == "Private Key":
                tail = _KEY_END.search(text, match.end())
                add(match.start(), tail.end() if tail else len(text), kind)
            else:
                add(match.start(group), match.end(group), kind)
    for start, end, kind in passwords.spans(text):
        add(start, end, kind)
    offset = 0
    for line in text.splitlines(keepends=True):
        for regex, group in _keyword_groups():
            found = regex.search(line)
            if not found:
                continue
            value = (found.group(group) or "").strip().strip("\"'`").split()
            if value and _looks_secret(value[0]):
                add_value(value[0].strip("\"'`.,;:)("), "Password", offset, offset + len(line))
        offset += len(line)
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


def _keyword_detector_hit(text: str) -> bool:
    """detect-secrets' keyword detector (quoted and config forms), with our value check on top."""
    for line in text.splitlines():
        for regex, group in _keyword_groups():
            match = regex.search(line)
            if not match:
                continue
            value = (match.group(group) or "").strip().strip("\"'`").split()
            if value and _looks_secret(value[0]):
                return True
    return False


def _benign(kind: str, value: str) -> bool:
    """A pattern's match that is not a secret: a placeholder, or a "token" that is base64 of readable data (a
    pagination cursor) rather than a key."""
    if _placeholder(value):
        return True
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
    """A stand-in for a value: a template, a variable, a word like "changeme", or a run of one character
    (``ghp_XXXXXXXX...``)."""
    return bool(_PLACEHOLDER.match(value.strip("\"'`.,;:)(")) or re.search(r"([A-Za-z0-9*])\1{7,}", value))


def _looks_secret(value: str) -> bool:
    """A config value (``password = "..."``) that is plausibly a real secret: not a placeholder, not a reference."""
    if "..." in value or "…" in value or value.startswith("ENC["):
        return False  # elided: a stand-in; encrypted by sops
    value = value.strip("\"'`.,;:)(")
    if _placeholder(value) or value.lower().startswith(("http://", "https://", "/", "~/", "./", "$")):
        return False
    return passwords.generated(value)


def _high_entropy_token(text: str) -> bool:
    """A long random-looking token outside the shapes ordinary facts are full of."""
    return any(True for _ in _high_entropy_spans(text))


def _high_entropy_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the random-looking tokens :func:`_high_entropy_token` looks for."""
    # UUIDs, URLs, digests, public keys are blanked with spaces of the same length so spans still index into ``text``.
    cleaned = _UUID.sub(lambda m: " " * len(m.group(0)), text)
    cleaned = _NOT_SECRET.sub(lambda m: " " * len(m.group(0)), cleaned)
    for match in _TOKEN.finditer(cleaned):
        raw = match.group(0)
        raw = raw[raw.index("=") + 1 :] if re.match(r"[A-Za-z_]\w{0,30}=[^=]", raw) else raw  # id=01JW...: the value
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
        if _ID_WORD.search(text[max(0, match.start() - 48) : match.start()]):
            continue  # "request id Fa0jzX...", "the job id in the queue is ..."
        has_digit = any(c.isdigit() for c in token)
        has_upper = any(c.isupper() for c in token)
        has_lower = any(c.islower() for c in token)
        if not (has_digit and has_upper and has_lower):
            continue
        limit = min(BASE64_ENTROPY_LIMIT, 0.9 * math.log2(len(token)))
        if passwords.entropy(token) > limit:
            start = match.start() + raw.index(token)
            yield start, start + len(token)


# Spans that hold long random-looking characters without being secrets: URLs without credentials (document and
# dashboard ids), digests and integrity hashes, fingerprints, SSH public keys, Go module hashes.
_NOT_SECRET = re.compile(
    r"https?://[^\s@?#]+(?:[?#][^\s]*)?|"
    r"\b(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1)[:-][A-Za-z0-9+/=_-]{16,}|"
    r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+|"
    r"-----BEGIN (?:PUBLIC KEY|CERTIFICATE|CERTIFICATE REQUEST|PGP PUBLIC KEY BLOCK)-----.*?-----END [A-Z ]+-----|"
    r"\bdata:[\w/+.-]+;base64,[A-Za-z0-9+/=]+|\b(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,})\b|"
    r"\b(?:spotify|urn):[\w:.-]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s@?#]*|"
    r"(?:/[\w.-]+){3,}|\bENC\[[^\]\s]*\]",
    re.I | re.S,
)
# Object ids of APIs are a lower-case prefix and an underscore or dash: secrets with such a prefix (sk_live_,
# ghp_, xoxb-...) are named by the patterns above, so what is left here is an id.
_ID_PREFIX = re.compile(r"^[a-z]{2,12}(?:_(?:live|test))?[_-](?=[A-Za-z0-9]{8,})")
_ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
_ID_WORD = re.compile(
    r"(?i)\b(?:ids?|request|trace|span|job|ticket|correlation|channel|cursor|page|build|run|"
    r"deployment|execution|message|event|order|invoice|object|etag|version|public\s+key|pubkey|publickey|digest\w*|"
    r"encrypted\w*|ciphertext|sealed\w*)\b[^.\n]{0,28}$"
)
