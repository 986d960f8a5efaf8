"""Words: the one tokenizer, stemmer and stop list that recall, dedupe and the offline extractor share.

Tokenisation: lower-case Unicode words, English stop words removed, and Porter stemming so "brakes"/"brake",
"deployed"/"deploy" and "symbols"/"symbolizes" meet. Porter beat a plural/-ing/-ed stripper by about one point of
recall on LoCoMo (bench/RESULTS.md). Why hand-written and not PyStemmer or snowballstemmer: both implement Porter2
(Snowball English), which stems differently ("generously", "dying") and so would move the measured rankings, and
the hand-written Porter costs no import on the hook path (it is cached per word).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being below between
    both but by can could did do does doing down during each few for from further had has have having he her here
    hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of
    off on once only or other our ours ourselves out over own same she should so some such than that the their
    theirs them themselves then there these they this those through to too under until up very was we were what
    when where which while who whom why will with would you your yours yourself yourselves also let lets get got
    us s t don""".split()  # noqa: SIM905 - a word list reads better as text
)


_VOWELS = frozenset("aeiou")
# Porter (1980) step 2-4 suffix tables: (suffix, replacement) applied when the stem keeps enough syllables.
_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("bli", "ble"),
    ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"),
    ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
    ("iviti", "ive"), ("biliti", "ble"), ("logi", "log"),
)  # fmt: skip
_STEP3 = (("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""))
_STEP4 = (
    "al ance ence er ic able ible ant ement ment ent ion ou ism ate iti ous ive ize".split()  # noqa: SIM905
)


def _consonant(word: str, i: int) -> bool:
    if word[i] in _VOWELS:
        return False
    return word[i] != "y" or i == 0 or not _consonant(word, i - 1)


def _measure(word: str) -> int:
    """Porter's m: the number of vowel-consonant sequences in ``word``."""
    n, i, size = 0, 0, len(word)
    while i < size and _consonant(word, i):
        i += 1
    while i < size:
        while i < size and not _consonant(word, i):
            i += 1
        if i >= size:
            break
        n += 1
        while i < size and _consonant(word, i):
            i += 1
    return n


def _has_vowel(word: str) -> bool:
    return any(not _consonant(word, i) for i in range(len(word)))


def _double(word: str) -> bool:
    return len(word) >= 2 and word[-1] == word[-2] and _consonant(word, len(word) - 1)


def _cvc(word: str) -> bool:
    n = len(word)
    return (
        n >= 3
        and _consonant(word, n - 1)
        and not _consonant(word, n - 2)
        and _consonant(word, n - 3)
        and word[-1] not in "wxy"
    )


def _suffix(word: str, table: Sequence[tuple[str, str]], min_measure: int) -> str:
    for suffix, replacement in table:
        if word.endswith(suffix):
            head = word[: -len(suffix)]
            return head + replacement if _measure(head) >= min_measure else word
    return word


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """The Porter stemmer (steps 1-5): "symbols"/"symbolizes" -> "symbol", "adoption"/"adopting" -> "adopt"."""
    if len(word) <= 2 or not word.isalpha():
        return word
    if word.endswith(("sses", "ies")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    trimmed = False
    if word.endswith("eed"):
        if _measure(word[:-3]) > 0:
            word = word[:-1]
    elif word.endswith("ed") and _has_vowel(word[:-2]):
        word, trimmed = word[:-2], True
    elif word.endswith("ing") and _has_vowel(word[:-3]):
        word, trimmed = word[:-3], True
    if trimmed:
        if word.endswith(("at", "bl", "iz")):
            word += "e"
        elif _double(word) and word[-1] not in "lsz":
            word = word[:-1]
        elif _measure(word) == 1 and _cvc(word):
            word += "e"
    if word.endswith("y") and _has_vowel(word[:-1]):
        word = word[:-1] + "i"
    word = _suffix(word, _STEP2, 1)
    word = _suffix(word, _STEP3, 1)
    for suffix in _STEP4:
        if word.endswith(suffix):
            head = word[: -len(suffix)]
            if _measure(head) > 1 and (suffix != "ion" or head.endswith(("s", "t"))):
                word = head
            break
    if word.endswith("e"):
        head = word[:-1]
        if _measure(head) > 1 or (_measure(head) == 1 and not _cvc(head)):
            word = head
    if _measure(word) > 1 and _double(word) and word.endswith("l"):
        word = word[:-1]
    return word


def words(text: str) -> frozenset[str]:
    """A frozen set of the whitespace-separated words of ``text`` (how word lists are written)."""
    return frozenset(text.split())


def tokenize(text: str) -> list[str]:
    """Index terms of ``text``: lower-cased words without stop words, lightly stemmed."""
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]
