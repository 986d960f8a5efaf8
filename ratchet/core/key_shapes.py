"""Providers' keys whose documented shape names them: a prefix, a length, a layout (``RGAPI-`` and a UUID, ``re_`` and
two random runs, 24 and 64 hex digits around a colon). Read by :func:`ratchet.core.secret_formats.formats` like its
own list, which holds the most common formats (and detect-secrets' plugins before it); a match is a credential
wherever it stands, with or without a word naming it, since nothing else has these shapes. Each pattern's first
non-empty group (or the whole match) is the secret.
"""

from __future__ import annotations

import re

# Letters in both cases and a digit: what a generator makes, not a word or a hex digest.
_MIXED = r"(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])"


def formats() -> list[tuple[str, re.Pattern[str]]]:
    """``(kind, pattern)`` of each format here (compiled once, with the rest, by the caller's cache)."""
    return [
        # The Things Network's, Infobip's and Checkout.com's API keys, DeepL's free-tier keys (a UUID and ":fx"),
        # eBay's cert ids, Fly.io's tokens, Paddle's API keys, Amazon's Login with Amazon client secrets.
        ("TTN API Key", re.compile(r"\bNNSXS\.[A-Z0-9]{39}\.[A-Z0-9]{52}\b")),
        ("Infobip API Key", re.compile(r"\b[0-9a-f]{32}-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b")),
        ("DeepL API Key", re.compile(r"\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}:fx\b")),
        ("eBay Cert ID", re.compile(r"\b(?:PRD|SBX)-[0-9a-f]{12}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b")),
        ("Fly.io Token", re.compile(r"\bFlyV1\s+(fm[12][ar]?_[A-Za-z0-9_+/=-]{40,})")),
        ("Checkout.com Secret Key", re.compile(r"\bsk_(?:sbox_)?[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b")),
        ("Paddle API Key", re.compile(r"\bpdl_(?:live|sdbx)_apikey_[A-Za-z0-9_]{30,}")),
        ("Amazon LWA Client Secret", re.compile(r"\bamzn1\.oa2-cs\.v1\.[0-9a-f]{64}\b")),
        # Adafruit IO, Resend, Neon, Inngest's signing keys, Riot Games, GoCardless' access tokens, Mercado Pago's
        # access tokens, Stytch's secrets, VK's access tokens, Convex's deploy keys, Ghost's Admin API keys (an id
        # and a secret in hex), New Relic's license keys, a Slack workspace's invitation link.
        ("Adafruit IO Key", re.compile(r"\baio_[A-Za-z0-9]{28}\b")),
        ("Resend API Key", re.compile(r"\bre_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}\b")),
        ("Neon API Key", re.compile(r"\bnapi_[a-z0-9]{64}\b")),
        ("Inngest Signing Key", re.compile(r"\bsignkey-(?:prod|test|branch)-[0-9a-f]{64}\b")),
        ("Riot Games API Key", re.compile(r"\bRGAPI-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b")),
        ("GoCardless Access Token", re.compile(rf"\b(?:live|sandbox)_{_MIXED}[A-Za-z0-9_-]{{40}}(?![\w-])")),
        ("Mercado Pago Access Token", re.compile(r"\b(?:APP_USR|TEST)-\d{16}-\d{6}-[0-9a-f]{32}-\d{6,10}\b")),
        ("Stytch Secret", re.compile(rf"\bsecret-(?:live|test)-{_MIXED}[A-Za-z0-9_=-]{{36}}(?![\w=-])")),
        ("VK Access Token", re.compile(r"\bvk1\.a\.[A-Za-z0-9_-]{100,}")),
        ("Convex Deploy Key", re.compile(r"\b(?:prod|dev|preview):[a-z]+-[a-z]+-\d{2,4}\|[A-Za-z0-9_=-]{40,}")),
        ("Ghost Admin API Key", re.compile(r"\b[0-9a-f]{24}:[0-9a-f]{64}\b")),
        ("New Relic License Key", re.compile(r"\b[0-9a-f]{36}NRAL\b")),
        ("Slack Invite Link", re.compile(r"\bjoin\.slack\.com/t/[\w-]+/shared_invite/(zt-[A-Za-z0-9_-]{10,})")),
        # Xendit's secret keys, Statsig's server secrets, OneSignal's v2 app keys, ClickUp's personal tokens, Omise's
        # secret keys (pkey_ is public), Honeybadger's personal tokens, Voyage AI's API keys.
        ("Xendit Secret Key", re.compile(r"\bxnd_(?:production|development)_[A-Za-z0-9]{40,}")),
        ("Statsig Server Secret", re.compile(rf"\bsecret-{_MIXED}[A-Za-z0-9]{{40,48}}(?![\w-])")),
        ("OneSignal API Key", re.compile(r"\bos_v2_app_[a-z0-9]{100,}")),
        ("ClickUp Token", re.compile(r"\bpk_\d{4,12}_[A-Z0-9]{32}\b")),
        ("Omise Secret Key", re.compile(r"\bskey_(?:test_)?[a-z0-9]{19,}\b")),
        ("Honeybadger Token", re.compile(r"\bhbp_[A-Za-z0-9]{36}\b")),
        ("Voyage AI Key", re.compile(rf"\bpa-{_MIXED}[A-Za-z0-9_-]{{43}}(?![\w-])")),
        # Plex's claim token (a server joins the account that holds it), YouTube's stream key (five groups of four).
        ("Plex Claim Token", re.compile(rf"\bclaim-{_MIXED}[A-Za-z0-9_-]{{20}}(?![\w-])")),
        (
            "YouTube Stream Key",
            re.compile(r"(?<![\w-])(?=(?:[a-z-]*\d){3})(?=(?:[\d-]*[a-z]){6})[a-z0-9]{4}(?:-[a-z0-9]{4}){4}(?![\w-])"),
        ),
    ]


# A Windows product key and the licence, activation and gift keys made like it, which no word need name: four or five
# groups of four or five capitals and digits, or three of five, two groups mixing both (not an ORCID, not Windows'
# Product ID "00330-80000-00000-AA815", not a name "TAXES-2023-FINAL", not an order's "AB12-CD34-EF56"). Read by
# ratchet.core.account_secrets with the codes it names, so a gift card's code keeps its kind, and with these: the
# codes of gift cards, vouchers and prepaid cards named so, read there too.
_MIXED_GROUP = r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{4,5}"  # a group with a capital and a digit
GROUPED_KEY = re.compile(
    rf"(?<![\w-])(?=(?:[A-Z0-9]{{4,5}}-)*{_MIXED_GROUP}(?:-[A-Z0-9]{{4,5}})*-{_MIXED_GROUP}(?![\w]))"
    r"([A-Z0-9]{4,5}(?:-[A-Z0-9]{4,5}){3,4}|[A-Z0-9]{5}(?:-[A-Z0-9]{5}){2})(?![\w-])"
)


# A gift card's or a wallet's code: money to whoever types it ("amazon gift card claim code 23IJ-MU7SF0-Y9N9", "steam
# wallet code: Z915B-IH4XX-Z1I4Z"), in the dashed groups of capitals and digits the cards print.
GIFT_CODE = re.compile(
    r"(?i)\b(?:gift\s*card|e-?gift|wallet|prepaid|voucher|redeem(?:ption)?|psn|steam|xbox|itunes|google\s+play|"
    r"nintendo(?:\s+eshop)?|claim)(?:\s+card)?(?:\s+claim)?\s+(?:code|pin)\b[^\n.;]{0,24}?"
    r"(?<![\w-])((?-i:(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,6}(?:-[A-Z0-9]{3,6}){2,4}))(?![\w-])"
)
# ... or one run of capitals and digits after a gift's, a voucher's or an activation's code in the languages shops
# print it in ("spotify premium gift code 7PFLTWD91A1V", "Netflix-Geschenkcode KJS1E9FQO1X", "código do cartão
# presente: ...", "Bitdefender activation code FUI3FSM").
GIFT_RUN = re.compile(
    r"(?i)(?:\bgift\s*(?:card\s+)?code|\bgift\s+card\s+pin|\w*geschenk\w*|\w*gutschein\w*|\bactivation\s+code|"
    r"\b(?:aktivierungs|freischalt)code|\bкод\s+активации|\bc[óo]digo\s+d[oe](?:\s+la)?\s+(?:cart[ãa]o|tarjeta)\s+(?:de\s+)?(?:presente|regalo)|"
    r"\bcarte\s+cadeau|\bbuono\s+regalo|\b(?:google\s+play|itunes|steam|psn|ps\s+store|playstation\s+store|xbox|nintendo|netflix|spotify)\s+code|"
    r"\bvoucher|\bdownload\s+code|\boyun\s+kodu|\bhediye\s+(?:çeki|kart\w*)|\bkart\w*\s+podarunkow\w*|presentkort\w*|"
    r"gavekort\w*|cadeaukaart\w*|cadeaubon\w*|プリペイド番号|ギフトコード|卡密|礼品卡\w*|"
    r"\b(?:code|codice|c[óo]digo)\s+(?:carte\s+)?(?:playstation|psn|eshop|nintendo|xbox|steam))\b[^\n.;]{0,30}?"
    # Not a promotion's word and its percent ("FRUEHLING20", "WELCOME10"): printed on a flyer for everyone.
    r"(?<![\w-])(?![A-Z]{4,18}\d{1,2}(?![\w-]))"
    r"((?-i:(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])(?:[A-Z0-9]{7,20}|[A-Z0-9]{4,6}(?:-[A-Z0-9]{3,6}){2,4})))"
    r"(?![\w-])"
)
# A prepaid card's PIN is its money (Paysafecard's sixteen digits, a phone's recharge card).
PREPAID_PIN = re.compile(
    r"(?i)\b(?:paysafe(?:card)?|prepaid\s+card|neosurf|recharge\s+card)\b[^\n]{0,40}?\bPIN\b\s*[:=]?\s*(\d{10,20})\b|"
    # A phone's recharge card in Arabic and Hindi ("رقم كرت الشحن ...", "रिचार्ज वाउचर का पिन ..."): twelve digits
    # or more.
    r"(?:(?:كرت|كارت|بطاقة)\s+(?:ال)?شحن|रिचार्ज\s+(?:वाउचर|कूपन|कार्ड))[^\n\d]{0,20}?(\d{12,20})(?!\d)"
)
# A licence's serial in groups of four of lower-case letters and digits ("serial: 06pk-j8w8-xyvr-eix2-migq-e2hm").
SERIAL = re.compile(
    r"(?i:\bserial(?:\s+(?:number|key|no\.?))?)\s*[:=]?\s*"
    r"((?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z]{2})[a-z0-9]{4}(?:-[a-z0-9]{4}){4,7})(?![\w-])"
)
