"""Credentials named in the languages the other layers' patterns do not speak: a password, a PIN, a door's code, a
one-time code or a wallet's recovery phrase named with the words of ``ratchet/data/credential-words.json`` (a hundred
languages: "የይለፍ ቃሉ", "cyfrinair", "нууц үг", "კოდია", "Hurðarkóðinn", "engångskoden", "obnovovací fráze"), the
value found after the name as the password layer finds it (:func:`ratchet.core.passwords.value_after`: its
connectors, its judgement of a value); a one-time code is four to eight digits (or "967-350") soon after its name.

Words are looked up, not matched by a pattern: the text's words (lower case, punctuation at their ends left out) and
their runs of up to four are looked up in sets of each kind of name, so a thousand words cost a set lookup each, and
scripts whose marks are no word characters to the regular expression engine (Tamil, Telugu) are read as words; in a
script written without spaces (Thai, Lao, Khmer, Burmese, Chinese, Japanese) names are looked up inside each run. A
word not in the sets may still be a name: after an elided article ("D'Passwuert"), with a case ending after a hyphen
("PIN-ka") or glued on ("գաղտնաբառը"), or ending a compound ("zahlencode", "routerpasswort"). Names in English or
that the password layer matches whole are left to those layers but in a clause with none of English's commonest
words, or fewer than two outside ASCII (their connectors do not reach "... PIN կոդը 4551 է", "Mökin salasana on
88061460"). A door's code needs the word for the code and a word for a door, a gate, an entrance, or anything else a
code opens (a safe, an alarm, a locker, a bike lock, a garage, an intercom: the file's "lock" lists) in the same
clause, or a word that is both ("pordokodo", "Tresorcode"); a PIN and a door's code are digits (the password layer's
judgement, told it is a PIN or a door's code). Where the password layer knows no connector of the language, the
value is taken from the few words after the name (:func:`_value_near`): a password that looks chosen or generated,
digits alone (six or more), capitals no language spells ("KFBAXLMO"), or English words picked at random in another
language's sentence.

The plain word for a code names a one-time code in a text that came by SMS or says not to share it (the file's
``do_not_share`` lists); a security question's, a service key's, a lock's name (a colon or a keypad's verb after it)
lead to the values :mod:`ratchet.core.world_values` reads after them, a gift card's or a recharge card's name
(``gift_card``, English's too) to the code :mod:`ratchet.core.redeem_codes` reads; "把Twilio的token": a name.
:func:`spans` yields ``(start, end, kind)`` like the other detectors; the words load on the first scan.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import lru_cache

from ratchet.core import passwords, seed_words, spoken
from ratchet.core.account_secrets import _NOT_ACCESS, seed_after
from ratchet.core.passphrases import picked_pair
from ratchet.core.password_values import generated, plausible
from ratchet.core.password_words import _BOOKING, _COPULAS, _DESCRIBING, _YEAR, POSTAL_DIGITS
from ratchet.core.redeem_codes import gift_after
from ratchet.core.rules_stamp import VOCABULARY
from ratchet.core.texted_codes import _PUBLIC_AFTER, _WARNING_REACH, PUBLIC_CODE
from ratchet.core.world_values import (
    _CLAUSE,
    _CODE,
    _GLUED_COPULA,
    _MIXED_CASE,
    _WORD,
    _chosen,
    answer_after,
    code_after,
    code_before,
    code_ending,
    counted,
    from_sender,
    key_after,
    labelled_digits,
    random_letters,
    texted,
    unsaid,
    wifi_key,
)

# The file's lists and the kind of name each holds: what a code opens besides a door (a safe, an alarm, a locker, a
# bike lock, a garage, an intercom) reads as a door does, a lock's combination as a door's code.
_KINDS = {
    "password": "password",
    "pin": "pin",
    "door_code_compounds": "door_code_compounds",
    "lock_code_compounds": "door_code_compounds",
    "code": "code",
    "combination": "door_code_compounds",
    "door": "door",
    "lock": "door",
    "recovery_phrase": "recovery_phrase",
    "verification_code": "otp",
    "security_question": "question",
    "do_not_share": "unshared",
    "api_key": "api_key",
    "wifi": "wifi",
    "gift_card": "gift",
}
_LONGEST = 4  # words in a name
_HYPHENED = frozenset({"code", "known code", "otp", "password", "known password", "pin", "known pin"})
_TRIM = ".,;:!?\"'()[]{}«»“”„‘’‚—–…<>。、，：；！？।॥።፣፡፦՝՛՜՞։،؛۔؟"
_DOOR_REACH = 60  # characters between the word for a code and the word for a door in the clause


def vocabulary() -> dict[str, object]:
    """The vocabulary file as ratchet ships it (package data, in a wheel as in a checkout); ``{}`` when it cannot
    be read (the layer is then off, as the learned layer is without its model)."""
    from importlib import resources

    try:
        doc = json.loads(resources.files("ratchet").joinpath(*VOCABULARY).read_bytes())
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def normal(word: str) -> str:
    """A word as the tables hold it: :func:`ratchet.core.spoken.normal` (NFC, lower case), punctuation at its ends left
    out."""
    return spoken.normal(word.strip(_TRIM))


@lru_cache(maxsize=1)
def _index() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each name (a tuple of words) and its kinds. A name in English, or one the password layer matches whole, is
    "known": those layers read it first, with their rules for what follows ("the door code changed in 2023"); it is
    read here only in a clause those layers know no connector of (see :func:`spans`)."""
    from ratchet.core.password_words import _word

    known = _word()
    index: dict[tuple[str, ...], set[str]] = {}
    doc = vocabulary()
    said_in_english = _english()
    for language, lists in doc.items():
        if language == "_about" or not isinstance(lists, dict):
            continue
        # English's names are the pattern layers' to read but for its gift cards' (no pattern knows them all).
        for listed, kind in _KINDS.items() if language != "english" else (("gift_card", "gift"),):
            for phrase in lists.get(listed) or ():
                words = tuple(normal(w) for w in str(phrase).split())
                if not all(words) or kind == "otp" and len(words) == 1 and words[0].isascii() and len(words[0]) <= 5:
                    continue  # "tan", "tac", "token": a colour, a word, a key's name in English before a code's
                said = " ".join(words)
                known_here = said in said_in_english or kind in ("password", "pin") and known.fullmatch(said)
                index.setdefault(words, set()).add(f"known {kind}" if known_here else kind)
    return {name: tuple(sorted(kinds)) for name, kinds in index.items()}


@lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    """The names as English says them (the file's English lists)."""
    english = vocabulary().get("english")
    return (
        frozenset(normal(w) for names in english.values() for w in names) if isinstance(english, dict) else frozenset()
    )


def names(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, kind, name)`` of each name in ``text``, the longest at each word; in a script written without
    spaces (Thai, Lao, Khmer, Burmese, Chinese, Japanese), the names found inside each run of it."""
    index = _index()
    words = [(m.start(), m.end(), normal(m.group(0))) for m in _WORD.finditer(text)]
    found: list[tuple[int, int, str, str]] = []
    at = 0
    while at < len(words):
        for size in range(min(_LONGEST, len(words) - at), 0, -1):
            key = tuple(w for _s, _e, w in words[at : at + size])
            kinds = index.get(key, ()) or (_inflected(key[0]) if size == 1 else ())
            if not kinds and size == 1 and "_" in key[0].strip("_"):  # a configuration's key: "mot_de_passe:"
                kinds = index.get(tuple(part for part in key[0].split("_") if part), ())
            tail, tail_kinds = _tail(key[0], index) if size == 1 and not kinds else ("", ())
            if tail_kinds:  # "WhatsApp-Code:", "把Twilio的token": a name at the end of a word that is none
                start = words[at][0] + text[words[at][0] : words[at][1]].lower().rfind(tail)
                found.extend((start, start + len(tail), kind, tail) for kind in tail_kinds)
                at += 1
                break
            if kinds:
                start, end = words[at][0], words[at + size - 1][1]
                end = start + len(text[start:end].rstrip(_TRIM))
                found.extend((start, end, kind, " ".join(key)) for kind in kinds)
                at += size
                break
        else:
            at += 1
    if _UNSPACED.search(text):
        starts = {start for start, _e, _k, _n in found}
        found.extend(name for name in _glued_names(text) if name[0] not in starts)
    return found


def _tail(word: str, index: dict[tuple[str, ...], tuple[str, ...]]) -> tuple[str, tuple[str, ...]]:
    """The name at the end of a word that is none, and its kinds: after an article elided ("D'Passwuert",
    "l'identifiant"); after a hyphen, a code's, a password's or a PIN's name ("WhatsApp-Code", "Kela-vahvistuskoodisi");
    else one in Latin letters glued to Chinese or Japanese ("把Twilio的token")."""
    if (elided := _ELIDED.match(word)) and (kinds := index.get((elided.group(1),), ())):
        return elided.group(1), kinds
    if "-" in word:
        hyphened = word.rsplit("-", 1)[1]
        kinds = tuple(k for k in index.get((hyphened,), ()) if k in _HYPHENED) if len(hyphened) >= 3 else ()
        if kinds:
            return hyphened, kinds
    latin = _LATIN_TAIL.search(word)
    return (latin.group(0), index.get((latin.group(0),), ())) if latin else ("", ())


def _inflected(word: str) -> tuple[str, ...]:
    """The kinds of a word not in the index as it stands: an ending glued on ("პინ-კოდია": the PIN code is;
    "գաղտնաբառը"), the name without one or two letters; a name and a case ending after a hyphen ("PIN-ka", "PIN-a",
    "wifi-wachtwoord": the name is the part that is one); a compound ending in a name of five letters or more
    ("zahlencode", "tresorcode", "routerpasswort")."""
    index = _index()
    if not word.isascii() and len(word) > 5:
        kinds = index.get((word[:-1],)) or index.get((word[:-2],))
        if kinds:
            return kinds
    if "-" in word.strip("-"):
        if word.rsplit("-", 1)[-1] in _ABOUT_IT:
            return ()  # "Passwort-Manager", "PIN-policy": a thing about the credential, not its name
        for part in word.split("-"):
            if part and (kinds := index.get((part,))) and not _ENGLISH_ONLY.fullmatch(part):
                return kinds
    if len(word) >= 8 and word.isalpha():
        suffixes = _suffixes()
        for cut in range(3, len(word) - 4):
            kinds = suffixes.get(word[cut:])
            if kinds and word not in _NOT_COMPOUNDS:
                return kinds
    return ()


_ABOUT_IT = frozenset("manager managers policy policies rules generator reset field hash hint".split())  # noqa: SIM905
_ABOUT = re.compile(r"(?i)[\s-]+(?:" + "|".join(sorted(_ABOUT_IT)) + r")\b")
_ENGLISH_ONLY = re.compile(r"key|code|pass|login|wifi|wi|fi|w-lan|wlan")
# Words that end in a word for code and name something else: a postal code, a barcode, text's encoding, an error's.
_NOT_COMPOUNDS = frozenset(
    """postcode zipcode barcode unicode qrcode sourcecode errorcode statuscode countrycode areacode shortcode
    opcode bytecode keycode charcode hashcode exitcode colorcode colourcode mastercode quellcode fehlercode
    strichcode ländercode postleitcode""".split()  # noqa: SIM905 - a word list reads better as prose
)


@lru_cache(maxsize=1)
def _suffixes() -> dict[str, tuple[str, ...]]:
    """Names of one word and five letters or more that end a compound: a code's, a password's, a PIN's words."""
    return {
        name[0]: kinds
        for name, kinds in _index().items()
        if len(name) == 1 and len(name[0]) >= 5 and name[0].isalpha() and not _COMPOUNDING.isdisjoint(kinds)
    }


# The kinds whose names end a compound ("zahlencode", "routerpasswort", "enirpordo": the entrance door); a name the
# password layer knows as a PIN's stays with it.
_COMPOUNDING = frozenset({"password", "pin", "code", "door_code_compounds", "door", "known code", "known password"})
_ELIDED = re.compile(r"[^\W\d_]{1,4}['’]([^\W\d_]{3,})$")
_LATIN_TAIL = re.compile(r"(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])[a-z][a-z-]+$")
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


@lru_cache(maxsize=1)
def _glued_index() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[int, ...]]]:
    """The names written in a script without spaces (of two characters or more: "码" alone is in every "号码"), and
    for each first character the lengths of the names it begins, longest first (most characters begin none, so a
    long text costs a set lookup a character)."""
    glued = {"".join(n): kinds for n, kinds in _index().items() if len("".join(n)) > 1 and _UNSPACED.search("".join(n))}
    sizes: dict[str, set[int]] = {}
    for name in glued:
        sizes.setdefault(name[0], set()).add(len(name))
    return glued, {first: tuple(sorted(lengths, reverse=True)) for first, lengths in sizes.items()}


def _glued_names(text: str) -> Iterator[tuple[int, int, str, str]]:
    """The names inside each run of a script without spaces, the longest at each place: "รหัสไวไฟ...", "密碼改咗"."""
    glued, sizes = _glued_index()
    for run in _UNSPACED_RUN.finditer(text):
        at, end = run.start(), run.end()
        while at < end:
            for size in sizes.get(text[at], ()):
                kinds = glued.get(text[at : at + size].lower()) if at + size <= end else None
                if kinds:
                    yield from ((at, at + size, kind, text[at : at + size]) for kind in kinds)
                    at += size
                    break
            else:
                at += 1


_UNSPACED_RUN = re.compile(_UNSPACED.pattern + r"+")


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential named by these words in ``text`` (see the module docstring)."""
    named = names(text)
    if not named:
        return
    doors = [(s, e) for s, e, kind, _n in named if kind in ("door", "known door")]
    coded = any(kind in ("code", "known code", "otp") for *_s, kind, _n in named)
    warnings = unsaid(text, named) if coded else []  # once a text, not once a name
    by_text = coded and texted(text, named, warnings)
    wifis = [s for s, _e, kind, _n in named if kind.endswith("wifi")]
    for start, end, kind, name in named:
        if kind.endswith("wifi"):
            continue
        if kind.removeprefix("known ") == "gift":
            if value := gift_after(text, end):
                yield value[0], value[1], "Gift Card Code"
            continue
        unshared = any(abs(at - start) <= _WARNING_REACH for at in warnings)  # in this message, not a page away
        # "wifi-nyckel", "tal-wifi" (of the Wi-Fi): the Wi-Fi named in a word of another name or none
        wifi = any(abs(at - start) <= _WIFI_REACH for at in wifis) or bool(_WIFI_NAMED.search(text, start, end + 40))
        if wifi and kind.removeprefix("known ") in _WIFI_KEYS and (value := wifi_key(text, end)):
            yield value[0], value[1], "Password"  # "Wifi i sommerhuset: ..., kode klitrose1493"
            continue
        if _BOOKING.match(text, end) or kind.endswith("code") and _PUBLIC_AFTER.match(text, end):
            continue  # "šifra rezervacije BYSY76": a booking's reference; "código de barras 7891234": a barcode
        if kind.startswith("known "):
            kind = kind[len("known ") :]
            clause = _CLAUSE.match(text, end)
            if kind == "code" and unshared and not _near_door(text, start, doors):
                value = code_after(text, end) or code_ending(text, end)  # "Dein WhatsApp-Code: 364-566. Teile ..."
                if value and not _not_access(text, start, end):
                    yield value[0], value[1], "One-Time Code"
                continue
            if kind == "code" and not _near_door(text, start, doors) or kind in _ONLY_UNKNOWN:
                continue
            if _not_access(text, start, end):
                continue
            said = text[max(0, start - 40) : clause.end()] if clause else ""
            english_pin = kind != "pin" or _ENGLISH.search(said)  # not "PIN ya Mobile Money ... ye 6163,"
            if said.isascii() and name in _english() and english_pin or _ABOUT.match(text, end):
                continue  # "password policy requires Upper1!": English, the pattern layers' to read
            english = len(set(_ENGLISH.findall(said.lower())))  # Finnish "on", Dutch "is": not English yet
            if said and english < (1 if said.isascii() else 2):
                value = key_after(text, end) if kind == "api_key" else _value_near(text, end, kind)
                if not value and kind == "code":  # "code autoradio de la Clio (carte ...) : 8139": the door layer's
                    value = passwords.value_after(text, end, "pw", f"door code {name}")
                if value and not (kind == "pin" and _postal(text, end, value)):
                    yield value[0], value[1], _LABEL.get(kind, "Password")
            continue
        if kind == "otp" or kind == "code" and by_text and not _near_door(text, start, doors):
            if _not_access(text, start, end) or kind == "code" and PUBLIC_CODE.search(text, max(0, start - 30), start):
                continue  # "the error code", "promo code 4410 by SMS": a code nobody keeps secret
            value = _value_near(text, end, kind) if kind == "otp" else code_after(text, end)
            value = (
                value
                or code_before(text, start)
                or (code_ending(text, end) if unshared or kind == "otp" or by_text and from_sender(text) else None)
            )
            if value:
                yield value[0], value[1], "One-Time Code"
            continue
        if kind == "api_key":
            value = key_after(text, end)
            if value:
                yield value[0], value[1], "API Key"
            continue
        if kind == "question":
            value = answer_after(text, end)
            if value:
                yield value[0], value[1], "Security Answer"
            continue
        if kind == "password":
            word = f"password {name}"
        elif kind == "pin":
            word = f"pin {name}"
        elif kind == "door_code_compounds" or kind == "code" and _near_door(text, start, doors):
            word = f"door code {name}"
        else:
            found = seed_after(text, end) if kind == "recovery_phrase" else labelled_digits(text, end, name)
            if found and not _not_access(text, start, end):
                yield found[0], found[1], "Seed Phrase" if kind == "recovery_phrase" else "Password"
            continue
        if _not_access(text, start, end):
            continue
        value = passwords.value_after(text, end, "pw", word) or _value_near(text, end, kind)
        if value and kind == "pin" and _postal(text, end, value):
            continue
        if value:
            yield value[0], value[1], "Password"


def _value_near(text: str, at: int, kind: str) -> tuple[int, int] | None:
    """The value among the few words after a name, in its clause, where the password layer knows no connector of the
    language ("... ay m3@d0w97?, pakitandaan", "Koodhka albaabka waa 0934#."): for a password, a word that looks
    chosen or generated, six digits or more, or in a clause not in ASCII capitals no language spells or three words
    or more of the English list passphrases are picked from; for a PIN or a door's code, digits that end the clause but
    for a word or two (a copula after the value: "4551 է", "1963 ਹੈ")."""
    clause = _CLAUSE.match(text, at)
    stop = clause.end() if clause else at
    foreign = not text[at:stop].isascii()  # a clause of a script other than English's
    words = list(_WORD.finditer(text, at, stop))[:_NEAR_WORDS]
    for n, match in enumerate(words):
        token = match.group(0).rstrip(",;:،")  # Arabic's comma too
        if kind == "password":
            value = token.rstrip(".")
            if value.lower() in _DESCRIBING:
                continue  # "see 1Password item ...", "nutze ich KeePassXC": where it is kept, not the password
            if n and words[n - 1].group(0).lower() in _ARTICLES and not any(c.isdigit() for c in value):
                continue  # "steht auf der Rückseite der FRITZ!Box": a thing named after its article, not a password
            if _chosen(value) and (generated(value) or _MIXED_CASE.fullmatch(value)) and plausible(value):
                return match.start(), match.start() + len(value)
            if _LONG_DIGITS.fullmatch(value) or foreign and random_letters(value):
                return match.start(), match.start() + len(value)  # "salasana on 88061460", "là KFBAXLMO nhé"
            if foreign and _LATIN_WORD.fullmatch(value) and _handed_word(words, n):
                return match.start(), match.start() + len(value)  # "პაროლი სახლში არის khachapuri", "पासवर्ड vadapav आहे"
            if "_" in value and picked_pair(value) and (n + 1 == len(words) or token != match.group(0)):
                return match.start(), match.start() + len(value)  # "neno la siri chai_na_maandazi", "... — X, ..."
            picked = _PICKED.match(text, match.start(), stop) if foreign else None
            if picked and all(w.lower() in seed_words.words() for w in picked.group(1).split()):
                # "... wifi-passordet er entire minimum forward —": English words picked at random (a generator's
                # list) in a clause of another language
                return picked.start(), picked.end()
        elif kind == "otp" and n == 0 and _ALNUM_CODE.fullmatch(code := token.lstrip(":：").rstrip(".")):
            begin = match.start() + token.find(code)
            return begin, begin + len(code)  # "確認コード：2ZARY": capitals and digits
        elif (_CODE if kind == "otp" else _DIGITS).fullmatch(
            token := _GLUED_COPULA.sub("", token.rstrip(".\"'”»」"), count=1)  # Zulu's "ngu-8078": the PIN is 8078
        ) and (
            len(words) - n <= _AFTER_DIGITS
            or match.group(0).endswith((",", "，", "、", "،"))  # a comma ends what it says
            or n + 1 < len(words)  # or a comma after a copula: "dina 4455 ne, kada ...", "426034 ပါ၊ ..."
            and len(words[n + 1].group(0)) <= 5
            and words[n + 1].group(0).endswith((",", "，", "、", "၊"))
            # "code de confirmation 3D Secure 844736 pour": six digits a few words after a one-time code's name
            or kind == "otp"
            and n <= _OTP_WORDS
            and len(token) >= 6
            and not counted(text, match.start() + len(token))  # "OTP-Code an 250000 Nutzer gesendet": a count
            or n <= (0 if kind == "otp" else 1)  # the code's name, then its code (a word of what it opens between:
            and len(token.strip("*#")) >= 4  # "kode pintu kos 7203 ya jangan lupa"): not a year or a count said of it
            and not counted(text, match.start() + len(token))
            and not _YEAR.fullmatch(token)
        ):
            value = token.rstrip(".")
            if kind != "pin" and n and _YEAR.fullmatch(value) and not words[n - 1].group(0).endswith((":", "：")):
                return None  # a year said after other words: when the code changed, not the code
            begin = match.start() + match.group(0).find(value)
            return begin, begin + len(value)
    return None


_NEAR_WORDS = 9
_OTP_WORDS = 3  # words between a one-time code's name and six digits or more
_ARTICLES = frozenset("der die das dem den des ein eine einer einem the le la les el los las il lo gli het".split())  # noqa: SIM905
_WIFI_KEYS = frozenset({"api_key", "code", "password"})  # the words a Wi-Fi's key is named by
_WIFI_REACH = 100  # characters between the word for the Wi-Fi and the word for its key
_WIFI_NAMED = re.compile(r"(?i)wi-?fi|wlan")  # a key's name glued to the Wi-Fi's ("Wifi-nyckel", "WLAN-Schlüssel")
_HANDING = _COPULAS | {"არის", "е", "є", "это", "—", ":"}  # "is" in the scripts the password layer's list lacks
_ONLY_UNKNOWN = frozenset({"door", "recovery_phrase", "question", "unshared"})  # left to the layers that know them


_PICKED = re.compile(r"((?:[a-z]{3,8} ){2,7}[a-z]{3,8})(?: \d{1,4})?(?![\w'])")
# A word of Latin letters in a clause of another script, last but for a copula: a password typed as a keyboard gives.
_LATIN_WORD = re.compile(r"[a-z]{5,16}")
_ALNUM_CODE = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{5,8}")  # capitals and digits (Nintendo's, Steam's)
_LONG_DIGITS = re.compile(r"\d{6,16}")  # a password of digits only: six or more (a Wi-Fi's eight, a phone's six)


_INDIC = re.compile(r"[\u0900-\u0dff]")  # Devanagari to Sinhala
_POSTAL = re.compile(POSTAL_DIGITS)


def _handed_word(words: list[re.Match[str]], n: int) -> bool:
    """The ``n``-th word is handed over as a password in a clause of another script: right after the name or a copula,
    last in the clause but for one short word (a copula after it) that ends it or a comma's part of it; no other
    word with Latin letters around it ("пароль от почты в приложении gmail" names an app; "mật khẩu email rồi" is
    Vietnamese, written in them)."""
    before = n == 0 or words[n - 1].group(0).lower() in _HANDING
    after = words[n + 1 :]
    ends = not after or len(after[0].group(0)) <= 6 and (len(after) == 1 or after[0].group(0).endswith((",", "，")))
    alone = all(not re.search(r"[A-Za-z]", w.group(0)) for w in words if w is not words[n])  # not Vietnamese's
    return before and ends and alone and words[n].group(0).lower() not in _DESCRIBING


def _postal(text: str, end: int, value: tuple[int, int]) -> bool:
    """India's postal code is its "PIN code" (six digits): "... பின் கோடு 691904", not "UPI પિન 600195" (the password
    layer's ``_POSTAL_PIN`` is public material to :mod:`ratchet.core.secrets`, blanked before any layer reads)."""
    return bool(_POSTAL.fullmatch(text, *value) and _INDIC.search(text) and _coded(text, end))


def _coded(text: str, end: int) -> bool:
    """The PIN's name says "code" (in its words or the next one): a postal code's name, not a card's or UPI's PIN."""
    name = text[max(0, end - 24) : end]
    after = _WORD.search(text, end)
    said = name.split()[-1:] + ([normal(after.group(0))] if after else [])
    index = _index()
    return any(not {"code", "known code"}.isdisjoint(index.get((w,), ())) for w in said) or bool(
        re.search(r"(?i)co[dt]e|कोड|கோடு|కోడ్|കോഡ്|ಕೋಡ್|কোড|કોડ|ਕੋਡ", " ".join(said))
    )


# A clause in English: one of these words in ASCII, two in a clause that is not (one alone may be another language's:
# Finnish "on", Dutch "is"). Its connectors apply; a name the password layer knows with no value it accepts is not
# read again here.
_ENGLISH = re.compile(
    r"(?i)(?<![\w'-])(?:the|is|was|are|my|our|and|to|of|for|it'?s|in|on|with|from|this|that|a|an|than|be|you|your|i|"
    r"me|we|have|has|what|how|should|would|can|will|not|but|or|if)(?![\w'-])"
)
_AFTER_DIGITS = 3  # the value's word and at most two after it in the clause
_DIGITS = re.compile(r"[*#]?\d{3,8}[*#]?")
_LABEL = {"otp": "One-Time Code"}  # what a name's kind yields where it is not a password's


def _near_door(text: str, start: int, doors: list[tuple[int, int]]) -> bool:
    """A word for a door in the clause of the code's word, close to it."""
    for clause in _CLAUSE.finditer(text):
        if clause.start() <= start < clause.end():
            return any(clause.start() <= s and e <= clause.end() and abs(s - start) <= _DOOR_REACH for s, e in doors)
    return False


def _not_access(text: str, start: int, end: int) -> bool:
    """What the door layer says is no door's code around the name (a postal code, an error's code)."""
    return bool(_NOT_ACCESS.search(text, max(0, start - 40), min(len(text), end + 40)))
