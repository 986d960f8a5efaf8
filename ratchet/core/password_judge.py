"""Whether a value after a credential's word is a secret, by its shape and how it was said: the last stage of
:mod:`ratchet.core.passwords` (the word and its connectors are :mod:`ratchet.core.password_words`', where the value
starts is :mod:`ratchet.core.passwords`', the shapes themselves :mod:`ratchet.core.password_values`'). A PIN, a door's
code or a combination is digits; after a password's word and a connector, a single word ending its clause counts
unless it describes a password; without a connector, or after a key's or a token's word, only a generated value.
"""

from __future__ import annotations

import re

from ratchet.core.passphrases import joined_words, picked_pair
from ratchet.core.password_values import (
    _WORD_BREAK,
    _describes,
    _ordinary_shape,
    decoded_base64,
    entropy,
    generated,
    key_with_id,
    plausible,
    random_token,
    readable_base64,
)
from ratchet.core.password_words import (
    _CODE_WORD,
    _DESCRIBING,
    _DOOR_CODE,
    _HEX_SECRET,
    _NUMERIC_WORD,
    _SIGNED_WORDS,
    _UUID,
    _YEAR,
    _ambiguous,
    _word,
    chosen_shape,
)

_PASSWORD_NAME_END = re.compile(r"p(?:ass)?w(?:or)?d$")  # a name that ends in a password's word: storepassword, dbpwd
_NAMED_VARIABLE = re.compile(r"[a-z]+(?:[A-Z][a-z]+)*(?:Token|Key|Secret|Password|Passwd|Pwd|Pass)")


def judge(value: str, group: str, word: str, connected: bool, *, clause_final: bool) -> bool:
    if _NAMED_VARIABLE.fullmatch(value):
        return False  # "apiKey: flyApiToken": a variable that holds it, named for what it holds
    digits = value.strip("#*")
    numeric = group in ("pw", "cjk") and bool(_NUMERIC_WORD.search(word))
    if re.fullmatch(r"\d+(?:-\d+)*", digits):  # a PIN, a door code, a combination: before digits read as a number
        if _YEAR.fullmatch(digits) and not (numeric and digits.isdigit()):
            return False  # a date, or a year but as a PIN: "the door code changed on 2023-05-11"
        count = len(digits.replace("-", ""))
        if numeric or group == "pw" and _CODE_WORD.search(word):
            return (3 if "cv" in word or "security" in word or "comb" in word else 4) <= count <= 12
        if connected:  # "a senha do app é 9083 e ...": four digits handed over that end what is said of them
            return group in ("pw", "cjk", "login") and (count >= 6 or count >= 4 and clause_final)
        # Bare, after a word of a language that puts the value before its verb ("şifresi 0664", "पासवर्ड 8789 है").
        return group in ("pw", "cjk") and count >= 4 and not word.isascii()
    if numeric:  # a PIN is digits: "the digest pin from a318a93 to a7e910a" is a version; a lock's combination
        # may be a word and a number ("gym locker combo kitten1065")
        return "comb" in word and value[:1].isalpha() and any(c.isdigit() for c in value) and generated(value)
    chosen = joined_words(value) or chosen_shape(value) or connected and _SIGNED_WORDS.fullmatch(value)
    named = group in ("pw", "cjk") and (not _ambiguous(word) or word in ("pw", "pwd"))
    if chosen and (named or group == "key" and _PASSWORD_NAME_END.search(word)):
        # "lion_antique_grow", "crew.armor.crystal.pear"; "Coffee=Pepper57" (not a name=value of code); after a
        # password's own name too (WEBPASSWORD: 'mojito=nemo+marmalade').
        return True
    if "session" in word and _UUID.fullmatch(value):
        return False  # a transcript's or a request's session id, not a session cookie's value
    if connected and group == "pw" and _CODE_WORD.search(word) and _DOOR_CODE.fullmatch(value):
        return True  # "code de la porte : A1294"
    if len(value) >= 16 and readable_base64(value):
        # base64 of text or JSON is a cursor or a payload; after a password word, one encoded ("SGlja29yeSE5Mzc=")
        decoded = decoded_base64(value)
        user, colon, secret = decoded.partition(":")
        if connected and colon and re.fullmatch(r"[\w.@+-]{1,64}", user) and generated(secret) and plausible(secret):
            return True  # base64 of user:password (npm's _auth and _authToken, a registry's auth)
        if connected and group == "key" and key_with_id(decoded):
            return True  # a key in base64 with its id ("tok:<uuid>:1:0", Elastic's "<id>:<api key>")
        return group == "pw" and connected and len(decoded) <= 64 and generated(decoded)
    if group in ("pw", "cjk") and connected and clause_final and not _ambiguous(word) and picked_pair(value):
        return True  # "es mango-island", "its cobalt-tiger", "е banitsa_sofia": two words picked
    if connected and group == "key" and ("secret" in word or "private" in word) and _HEX_SECRET.fullmatch(value):
        return True  # hCaptcha's secret, a wallet's private key: shaped like an address, named as a secret
    if not plausible(value):
        return False
    lower = value.lower()
    if lower in _DESCRIBING or _describes(lower.rsplit("-", 1)[-1]) and re.fullmatch(r"[a-z]+(?:-[a-z]+)+", lower):
        return False  # "expired", "Bitwarden-managed"
    if "cookie" in word or word == "sessionid":  # a session's value: long, random, with digits
        return (
            len(value) >= 20 and any(c.isdigit() for c in value) and entropy(value) > 3.5 and not _ordinary_shape(value)
        )
    if connected and group == "key" and (_UUID.fullmatch(value) or re.fullmatch(r"[0-9a-fA-F]{32,128}", value)):
        return True  # "Statuspage key: 5e3ef376-...", "AES-256 key for the backups: 93f2...": what providers issue
    if word in ("key", "keys"):
        # "the key is AES-256" is a fact; "the key for X is 35a4ee8f..." is a key; "key: EllipticCurvePrivateKey" and
        # "key=self.font.getGlyphID" are code, with no digit and a dot or a brace.
        code = re.search(r"[{}()'\"]", value) or len(_WORD_BREAK.findall(value)) <= 3  # Ed25519PrivateKey: a type
        return (random_token(value) or key_with_id(value)) and any(c.isdigit() for c in value) and not code
    if not connected and (_ambiguous(word) or group == "key") and not generated(value):
        return False
    if generated(value):
        return True
    if group not in ("pw", "cjk") or not connected or not clause_final:
        return False
    if _ambiguous(word):
        return False  # "pass  # ...: transient" is code; a plain word needs a word that only names a password
    # A one-word password said in words: a word, but not one that describes a password ("LemonPickle!!" too).
    word_only = value.rstrip("!?")
    if _word().fullmatch(word_only):
        return False  # "auth.password": "Wachtwoord": a translation of the word, a label
    return len(word_only) >= 5 and word_only.isalpha() and not _describes(word_only.lower())
