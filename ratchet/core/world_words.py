"""Credentials named in the languages the other layers' patterns do not speak: a password, a PIN, a door's code or a
wallet's recovery phrase named with the words of ``ratchet/data/credential-words.json`` (a hundred languages: "የይለፍ
ቃሉ", "cyfrinair", "нууц үг", "კოდია", "Hurðarkóðinn", "obnovovací fráze"), the value found after the name as the
password layer finds it (:func:`ratchet.core.passwords.value_after`: its connectors, its judgement of a value).

Words are looked up, not matched by a pattern: the text's words (lower case, punctuation at their ends left out) and
their runs of up to four are looked up in sets of each kind of name, so a thousand words cost a set lookup each, and
scripts whose marks are no word characters to the regular expression engine (Tamil, Telugu, Bengali) are read as
words. Names in English or that the password layer matches whole are left to those layers but in a clause that is
not all ASCII and has no English word in it (their connectors do not reach "... PIN կոդը 4551 է"). A door's code
needs the word for the code and a word for a door, a gate or an entrance in the same clause, or a word that is both
("pordokodo"); a PIN and a door's code are digits (the password layer's judgement, told it is a PIN or a door's
code). Where the password layer knows no connector of the language, the value is taken from the few words after the
name (:func:`_value_near`).

:func:`spans` yields ``(start, end, kind)`` like the other detectors; the words load on the first scan.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import lru_cache

from ratchet.core import passwords, spoken
from ratchet.core.account_secrets import _NOT_ACCESS, seed_after
from ratchet.core.password_values import generated, plausible
from ratchet.core.password_words import _BOOKING, _YEAR
from ratchet.core.rules_stamp import VOCABULARY

_KINDS = ("password", "pin", "door_code_compounds", "code", "door", "recovery_phrase")
_LONGEST = 4  # words in a name
_TRIM = ".,;:!?\"'()[]{}«»“”„‘’‚—–…<>。、，：；！？।॥።፣፡՝։،؛۔؟"
_WORD = re.compile(r"\S+")
_CLAUSE = re.compile(r"[^.!?;\n。！？।։۔؟]+")
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
    english = doc.get("english")
    said_in_english = {normal(w) for names in english.values() for w in names} if isinstance(english, dict) else set()
    for language, lists in doc.items():
        if language in ("_about", "english") or not isinstance(lists, dict):
            continue
        for kind in _KINDS:
            for phrase in lists.get(kind) or ():
                words = tuple(normal(w) for w in str(phrase).split())
                if not all(words):
                    continue
                said = " ".join(words)
                if said in said_in_english or kind in ("password", "pin") and known.fullmatch(said):
                    kind = f"known {kind}"
                index.setdefault(words, set()).add(kind)
    return {name: tuple(sorted(kinds)) for name, kinds in index.items()}


def _names(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, kind, name)`` of each name in ``text``, the longest at each word."""
    index = _index()
    words = [(m.start(), m.end(), normal(m.group(0))) for m in _WORD.finditer(text)]
    found: list[tuple[int, int, str, str]] = []
    at = 0
    while at < len(words):
        for size in range(min(_LONGEST, len(words) - at), 0, -1):
            key = tuple(w for _s, _e, w in words[at : at + size])
            kinds = index.get(key, ())
            if not kinds and size == 1 and not key[0].isascii() and len(key[0]) > 5:
                # An ending glued on ("პინ-კოდია": the PIN code is; "գաղտնաբառը"): the name without one or two letters.
                kinds = index.get((key[0][:-1],)) or index.get((key[0][:-2],)) or ()
            if kinds:
                start, end = words[at][0], words[at + size - 1][1]
                end = start + len(text[start:end].rstrip(_TRIM))
                found.extend((start, end, kind, " ".join(key)) for kind in kinds)
                at += size
                break
        else:
            at += 1
    return found


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential named by these words in ``text`` (see the module docstring)."""
    names = _names(text)
    if not names:
        return
    doors = [(s, e) for s, e, kind, _n in names if kind in ("door", "known door")]
    for start, end, kind, name in names:
        if _BOOKING.match(text, end):
            continue  # "šifra rezervacije BYSY76": a booking's reference (the password layer's rule)
        if kind.startswith("known "):
            kind = kind[len("known ") :]
            clause = _CLAUSE.match(text, end)
            if kind == "code" and not _near_door(text, start, doors) or kind in ("door", "recovery_phrase"):
                continue
            if _not_access(text, start, end):
                continue
            said = text[max(0, start - 40) : clause.end()] if clause else ""
            if not said.isascii() and not _ENGLISH.search(said):
                value = _value_near(text, end, kind)
                if value:
                    yield value[0], value[1], "Password"
            continue
        if kind == "password":
            word = f"password {name}"
        elif kind == "pin":
            word = f"pin {name}"
        elif kind == "door_code_compounds" or kind == "code" and _near_door(text, start, doors):
            word = f"door code {name}"
        else:
            found = seed_after(text, end) if kind == "recovery_phrase" else None
            if found:
                yield found[0], found[1], "Seed Phrase"
            continue
        if _not_access(text, start, end):
            continue
        value = passwords.value_after(text, end, "pw", word) or _value_near(text, end, kind)
        if value and kind == "pin" and _POSTAL.fullmatch(text, *value) and _INDIC.search(text):
            continue  # India's postal code is its "PIN code" (six digits): "... பின் கோடு 691904"
        if value:
            yield value[0], value[1], "Password"


def _value_near(text: str, at: int, kind: str) -> tuple[int, int] | None:
    """The value among the few words after a name, in its clause, where the password layer knows no connector of the
    language ("... ay m3@d0w97?, pakitandaan", "Koodhka albaabka waa 0934#."): for a password, a word that looks
    chosen or generated; for a PIN or a door's code, digits that end the clause but for a word or two (a copula
    after the value: "4551 է", "1963 ਹੈ")."""
    clause = _CLAUSE.match(text, at)
    stop = clause.end() if clause else at
    words = list(_WORD.finditer(text, at, stop))[:_NEAR_WORDS]
    for n, match in enumerate(words):
        token = match.group(0).rstrip(",;:")
        if kind == "password":
            value = token.rstrip(".")
            if _chosen(value) and (generated(value) or _MIXED_CASE.fullmatch(value)) and plausible(value):
                return match.start(), match.start() + len(value)
        elif _DIGITS.fullmatch(token.rstrip(".")) and len(words) - n <= _AFTER_DIGITS:
            value = token.rstrip(".")
            if kind != "pin" and _YEAR.fullmatch(value):
                return None  # a year: when the code changed, not the code
            return match.start(), match.start() + len(value)
    return None


_NEAR_WORDS = 6
_INDIC = re.compile(r"[\u0900-\u0dff]")  # Devanagari to Sinhala
_POSTAL = re.compile(r"[1-9]\d{5}")


def _chosen(value: str) -> bool:
    """A word typed as a password: ASCII, not code or markup, with a digit or a symbol other than a hyphen, or in
    mixed case ("Tr4eth-Bach!", "iIPHrmWcfL"); not a hyphenated word ("e-Građane", "Wi-Fi", "BankID-appen") or a
    dotted name ("asyncio.Task")."""
    if not value.isascii() or not _BARE.fullmatch(value) or _DOTTED.fullmatch(value):
        return False
    return any(c.isdigit() for c in value) or bool(re.search(r"[^\w-]", value)) or bool(_MIXED_CASE.fullmatch(value))


_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_BARE = re.compile(r"[^\s\"'`{}()\[\]<>]+")  # a word as said, not a piece of code or markup
# A clause in English (or all in ASCII, as English and the languages the password layer knows mostly are): its
# connectors apply, and a name it knows followed by no value it accepts is not read again here.
_ENGLISH = re.compile(r"(?i)\b(?:the|is|was|are|my|our|and|to|of|for|it'?s|in|on|with|from|this|that)\b")
_AFTER_DIGITS = 3  # the value's word and at most two after it in the clause
_DIGITS = re.compile(r"[*#]?\d{3,8}[*#]?")
# Letters in both cases, changing case three times or more: generated ("iIPHrmWcfL"), not a name ("McDonald").
_MIXED_CASE = re.compile(r"(?=\w{8,64}$)(?:[a-z]*[A-Z]+[a-z]+){2,}[A-Z]*[a-z]*[A-Z]\w*")


def _near_door(text: str, start: int, doors: list[tuple[int, int]]) -> bool:
    """A word for a door in the clause of the code's word, close to it."""
    for clause in _CLAUSE.finditer(text):
        if clause.start() <= start < clause.end():
            return any(clause.start() <= s and e <= clause.end() and abs(s - start) <= _DOOR_REACH for s, e in doors)
    return False


def _not_access(text: str, start: int, end: int) -> bool:
    """What the door layer says is no door's code around the name (a postal code, an error's code)."""
    return bool(_NOT_ACCESS.search(text, max(0, start - 40), min(len(text), end + 40)))
