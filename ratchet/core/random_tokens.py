"""The filter's last layer: a long random-looking token that nothing named, outside the shapes ordinary facts are
full of (commit hashes, UUIDs, digests, paths, URLs without credentials, identifiers, ids named by the words before
them), and the stand-ins for a value (placeholders, templates, the documentation's examples) every layer skips.
:mod:`ratchet.core.secrets` calls :func:`spans` only where no other detector matched. Nothing here imports anything
heavy.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from ratchet.core import password_values as values

_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|[A-Z][A-Z_]*|\{\w{0,30}\}|%[sdr]|(?i:x{3,}|\*{3,}|<[^>]*>|%\w+%|\{\{.*\}\}|redacted|changeme|none|"
    r"null|placeholder|example|dummy|pass(?:word)?|secret|your[-_]?\w*))$"
)
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-.~]{16,}")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# An identifier: words in camelCase, snake_case or dotted, an acronym, digits. Each run of capitals or digits is
# taken whole (or up to the capital that starts the next word): a run split every way would backtrack
# exponentially on a long run of one letter ("AAAA...AAm").
_WORDISH = re.compile(
    r"^[A-Za-z][a-z]+(?:[A-Z_.\-/][a-z]+|[A-Z]{2,}(?=[A-Z][a-z]|[a-z]*$|[^A-Za-z])|\d+(?!\d)|[_.](?=[A-Z][a-z]))*[a-z]*$"
)
# Shannon entropy (bits per char) a token must exceed to count as random. Tuned on the corpora in
# tests/fixtures/secrets/: identifiers and slugs stay below, generated keys of 20+ chars are above.
BASE64_ENTROPY_LIMIT = 4.2
HEX_ENTROPY_LIMIT = 3.0


def placeholder(value: str) -> bool:
    """A stand-in for a value: a template, a variable, a word like "changeme" (or "zmien_mnie"), a run of one character
    (``ghp_XXXXXXXX...``), a value that ends in one (``.../T000/B000/XXXX``), or the documentation's example
    (``AKIAIOSFODNN7EXAMPLE``)."""
    value = value.strip("\"'`.,;:)(")
    return bool(_PLACEHOLDER.match(value) or _stand_in_run(value) or values.stand_in_words(value))


# Also a value that says it is one ("xoxb-your-token", "sk-...-here", "replace-me"), and the examples the providers'
# documentation prints (Telegram's bot token, Stripe's test key, jwt.io's token's signature, OAuth 2.0's RFC 6749,
# Google Authenticator's example secret).
_EXAMPLES = (
    r"ABC-DEF1234ghIkl-zyx57W2v1u123ew11|4eC39HqLyjWDarjtT1zdp7dc|SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c|"
    r"2YotnFZFEjr1zCsicMWpAA|tGzv3JOkF0XG5Qx2TlKWIA|SplxlOBeZQQYbYS6WxSbIA|"
    r"JBSWY3DPEHPK3PXP"  # Google Authenticator's wiki's TOTP secret ("Hello!" in base32)
)
_STAND_IN = re.compile(
    r"([A-Za-z0-9*])\1{7,}|(?i:example|[-_]your[-_]|^your[-_]|[-_]here$|replace[-_]?me|insert[-_])|"
    r"(?:^|[/_.:=-])(?:X{4,}|x{4,}|\*{4,})$|" + _EXAMPLES
)
_DOCUMENTED = re.compile(_EXAMPLES)


def documented(value: str) -> bool:
    """One of the examples the providers' documentation prints, whichever layer found it."""
    return bool(_DOCUMENTED.search(value))


def _stand_in_run(value: str) -> bool:
    """A value that a run of one character stands in for (``ghp_XXXXXXXXXXXXXXXX``, ``sk-proj-0000000000...``), not a
    token that holds such a run among random characters (base64 of a msgpack header: ``fm2_lJPECAAAAAAAAoWv3z...``)."""
    for found in _STAND_IN.finditer(value):
        if not found.group(1) or 3 * len(found.group(0)) >= len(value.strip("\"'`.,;:)(")) or len(value) < 40:
            return True
    return False


def found(text: str) -> bool:
    """A long random-looking token outside the shapes ordinary facts are full of."""
    return any(True for _ in spans(text))


def spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the random-looking tokens :func:`found` looks for."""
    # UUIDs, URLs, digests, public keys are blanked with spaces of the same length so spans still index into ``text``.
    cleaned = blank(_NOT_SECRET, blank(_UUID, text))
    for match in _TOKEN.finditer(cleaned):
        raw = match.group(0)
        named = re.match(r"[A-Za-z_][\w.]{0,30}=[^=]", raw)  # id=01JW..., signing.keyId=...: the value
        skip = raw.index("=") + 1 if named else 0
        raw = raw[skip:]
        token = raw.strip(".-_~")
        if len(token) < 16 or "://" in text[max(0, match.start() - 8) : match.start()]:
            continue
        if _AT_SERVER.match(cleaned, match.end()):
            continue  # an id on a server (a Matrix room "!XNAoost...:matrix.org", a user "@x:example.org")
        if len(token) < 20 and (
            not _short_random(token)
            or _NAMED_BY_NOUN.search(text, max(0, match.start() - 40), match.start())
            or text[match.start() - 1 : match.start()] == "\\"
        ):
            # Under twenty characters, only a token with no trace of words or structure, not right after a noun it
            # is the id of ("record 0015VAexwNRRWrMwEs", "table tbl00I3N8OtHcN0xg"), nor an escape's tail
            # (b"\016FieldMaskProtoP", a serialized descriptor).
            continue
        if _HEX.match(token):
            # Commit hashes and digests are everywhere in developer facts; only long hex with a
            # password-ish neighbour is caught (by the keyword layer), never bare hex.
            continue
        if "/" in token and all(part.isalpha() or part.isdigit() or not part for part in re.split(r"[/._-]", token)):
            continue  # a path, a branch named for its ticket (fix/WEB-1271-timeout)
        if _WORDISH.match(token) or token.count("-") + token.count("_") + token.count(".") >= 3:
            continue  # identifiers, slugs, dotted module paths
        if (
            _ID_PREFIX.match(token)
            or _ULID.fullmatch(token)
            or values.readable_base64(token)
            or (values.public_value(token))
        ):
            continue  # pi_3Nx..., chatcmpl-..., a ULID, base64 of text or JSON (a cursor, not a key)
        before = text[max(0, match.start() - 48) : match.start()]
        if _ID_WORD.search(before) or placeholder(token) or _PUBLIC_KEY_AFTER.match(text, match.end()):
            continue  # "request id Fa0jzX...", "the job id in the queue is ..."; the docs' "...EXAMPLEKEY"; "... the
            # peer public key"
        if (
            _BASE58.fullmatch(token)
            and (len(token) <= 44 or _MONERO.fullmatch(token))
            and (
                _ADDRESS_WORD.search(text, max(0, match.start() - 300), match.start())
                or _ADDRESS_AFTER.match(text, match.end())
            )
        ):
            continue  # a wallet's address (Solana, Bitcoin): public; its private key is longer
        has_digit = any(c.isdigit() for c in token)
        has_upper = any(c.isupper() for c in token)
        has_lower = any(c.islower() for c in token)
        if not (has_digit and has_upper and has_lower):
            continue
        limit = min(BASE64_ENTROPY_LIMIT, 0.9 * math.log2(len(token)))
        if values.entropy(token) > limit:
            at = raw.index(token)
            lead = at - len(raw[:at].rstrip("_"))  # "__GQCPgqo3...": underscores lead a base64url token
            start = match.start() + skip + at - lead
            yield start, start + lead + len(token)


def _short_random(token: str) -> bool:
    """A token of 16 to 19 characters that a generator made: upper and lower case and two digits, the case changing
    at random (not a camelCase name) and hardly a character repeated."""
    if sum(c.isdigit() for c in token) < 2 or not token.isalnum():
        return False
    changes = sum(
        a.isupper() != b.isupper() for a, b in zip(token, token[1:], strict=False) if a.isalpha() and b.isalpha()
    )
    return changes >= 4 and values.entropy(token) >= 0.9 * math.log2(len(token))


def blank(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with ``pattern``'s matches replaced by spaces of the same length, so offsets still index ``text``."""
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


# Spans that hold long random-looking characters without being secrets: URLs without credentials (document and
# dashboard ids), digests and integrity hashes, fingerprints, Go module hashes, content ids, sops values.
_NOT_SECRET = re.compile(
    r"https?://[^\s@?#]+(?:[?#][^\s]*)?|"
    r"\b(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1)[:-][A-Za-z0-9+/=_-]{16,}|"
    # A header that carries a digest of the body (Content-MD5, Digest, S3's and GCS's checksums), a minisign
    # public key (what a release is verified with).
    r"\b(?:content-md5|content-digest|digest|x-amz-checksum-\w+|x-goog-hash|x-ms-content-(?:md5|crc64))\s*:\s*\S+|"
    r"\bminisign\b[^\n]*?\s-P\s+\S+|\bminisign\s+public\s+key\b[^\n]*\n?\s*RW[A-Za-z0-9+/]{54}|"
    r"\bdata:[\w/+.-]+;base64,[A-Za-z0-9+/=]+|\b(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,})\b|"
    r"\b(?:spotify|urn):[\w:.-]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s@?#]*|"
    r"(?:/[\w.-]+){3,}|\bENC\[[^\]\s]*(?:\]|$)|"  # a sops value, or one cut short where a length limit ends the text
    # A resource's id in a REST path after its collection ("/messages/-NER0MO4xc0XGxHV0HtIa", a Firebase push id).
    r"/(?!(?:secrets|tokens|keys|passwords|credentials)/)[a-z]+s/[\w-]+(?=[/?#\s\"']|$)|"
    # Kubernetes' generated names (ReplicaSet/api-7d9f8c6b5d, a Deployment's pod api-7d9f8c6b5d-x2k9p).
    r"\b(?:ReplicaSet|Deployment|StatefulSet|DaemonSet|Job|CronJob|Pod|Node)/[a-z0-9.-]+|"
    r"\barn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:[^\s\"',;)]+|"  # an ARN names a resource (a secret's, too): a reference
    r"\b[a-z][a-z0-9-]*-[a-z0-9]{8,10}-[a-z0-9]{5}\b|"
    # A bundler's hashed asset (dist/assets/index-vq7rUDUh.js): a file's name.
    r"\b[\w.-]+(?:/[\w.-]+)+\.(?:m?js|cjs|css|woff2?|svg|png|jpe?g|gif|webp|map|wasm|ttf|html?|json|ico)\b|"
    # An Elasticsearch index's uuid in the rows of _cat/indices (health, status, name, uuid).
    r"(?<![^\n])(?:green|yellow|red)\s+(?:open|close)\s+\S+\s+[\w-]{22}(?=\s)|"
    # What a domain publishes in DNS to prove it is owned: a verification record, an ACME challenge.
    r"\b[a-z0-9-]+-(?:site|domain)-verification=[\w-]+|"
    r"\b_acme-challenge\S*\s+(?:(?:\d+\s+)?(?:IN\s+)?TXT|returns|shows|gives|has|is|=|:)\s+\"?[\w-]+",
    re.I | re.S,
)
# Object ids of APIs are a lower-case prefix and an underscore or dash: secrets with such a prefix (sk_live_,
# ghp_, xoxb-...) are named by the patterns above, so what is left here is an id.
_ID_PREFIX = re.compile(r"^[a-z]{2,12}(?:_(?:live|test))?[_-](?=[A-Za-z0-9]{8,})")
_AT_SERVER = re.compile(r":[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b")
_NAMED_BY_NOUN = re.compile(
    r"(?i)\b(?!(?:is|was|are|use|used|uses|using|with|as|to|be|try|typed|type|enter|entered|set|it|its|it's|now)\s)"
    r"[a-z]{3,}\s+$"
)
_ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")
_MONERO = re.compile(r"[48][1-9A-HJ-NP-Za-km-z]{94}(?:[1-9A-HJ-NP-Za-km-z]{11})?")  # a standard or integrated address
_ADDRESS_WORD = re.compile(
    r"(?i)\b(?:wallet|address|addr|contract|deployed\s+at|deposit\s+to|send\s+(?:[\w()]+\s+){0,3}to|donat\w*\s+to|"
    # A wallet's or an address's word in the languages people write ("Cüzdan adresim:", "dirección de la billetera").
    r"c[üu]zdan\w*|adres\w*|direcci[óo]n|endere[çc]o|indirizzo|adresse|адрес\w*|кошел[её]к\w*|billetera|carteira|"
    r"portafoglio|portefeuille|portfel\w*|عنوان|محفظ\w*|כתובת|"
    r"donations?\s*:\s*(?:btc|bitcoin|eth|ltc|xmr|doge)|tips?\s*:\s*(?:btc|bitcoin|eth|ltc|xmr|doge))\b"
    r"[^.\n]{0,24}$|\baddresses\b|(?:地址|アドレス|주소|钱包|錢包|ウォレット|지갑)[^.\n。]{0,24}$|"
    # A coin's ticker as the label ("XMR: 4...", "XRP deposit: r..."): where to send it.
    r"\b(?-i:BTC|ETH|LTC|XMR|XRP|DOGE|SOL|TRX|BCH|DASH|ZEC|ADA|XLM|USDT|USDC)(?:\s+(?:deposit|address|wallet))?\s*:\s*$"
)
# "is 4o1WRuU5...= the peer public key?": named a public key after it.
_PUBLIC_KEY_AFTER = re.compile(r"(?i)=*\s+(?:is\s+)?(?:the|my|our|its|their)\s+(?:\w+\s+){0,2}public\s+key\b")
_ADDRESS_AFTER = re.compile(r"(?i)\s+(?:is\s+|was\s+)?(?:a\s+|an\s+|the\s+|my\s+)?(?:\w+\s+){0,2}address\b")
# Words that say what a random-looking token is when it is no secret: an id of some kind, a digest or fingerprint,
# encrypted or encoded data, a key said to be public ("site key", "(public)").
_ID_WORD = re.compile(
    r"(?i)(?:\b(?:ids?|u?uid|guid|ksuid|ulid|identifier|request|trace|span|job|ticket|correlation|channel|cursor|"
    r"page|build|run|deployment|execution|message|event|order|invoice|object|etag|version|public\s+key|pubkey|"
    r"publickey|site[\s_-]?key|publishable|digest\w*|thumbprint|fingerprint|encrypted\w*|ciphertext|sealed\w*|"
    r"payload|base64|protobuf|slugs?|nanoid|short\s+links?|share\s+links?|[\w-]*verification|[\w-]*public(?:_\w+)?|"
    # An OAuth client's or an app's id (client_id: ..., public by design), a design file's key (Figma's).
    r"\w+_ids?|client\s*id|file\s+key|"
    # A public key in other languages ("la clé publique WireGuard du serveur est ...").
    r"cl[ée]\s+publique|clave\s+p[úu]blica|chave\s+p[úu]blica|chiave\s+pubblica|[öo]ffentliche[rn]?\s+schl[üu]ssel|"
    r"publieke\s+sleutel|klucz\w*\s+publiczn\w*|публичн\w+\s+ключ\w*|открыт\w+\s+ключ\w*|ve[řr]ejn\w+\s+kl[íi][čc]\w*|"
    r"offentlig\w*\s+(?:nyckel|n[øo]gle|n[øo]kkel)|julkinen\s+avain|kunci\s+publik|kh[óo]a\s+c[ôo]ng\s+khai|"
    r"a[çc][ıi]k\s+anahtar\w*|公钥|公鑰|公開鍵|공개\s*키)\b|"
    r"\(public[^)]*\)|-bin\b)(?:[^.\n]|\b(?:e\.g|i\.e)\.){0,36}$"
)
