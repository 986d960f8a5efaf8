"""Passphrases: plain words chosen at random ("glacier ember quilt seventeen") or joined by a separator
(``blue.train.owl.frozen``, ``lion_antique_grow``, ``grid-warm-subway``), told apart from a sentence and from a
dotted or snake_case name of code. :mod:`ratchet.core.passwords` asks these after a password word. Nothing here
imports anything heavy.
"""

from __future__ import annotations

import re

from ratchet.core.password_values import _describes, _random_words
from ratchet.core.password_words import (
    _CLAUSE_END,
    _DESCRIBING,
    _FUNCTION_WORDS,
    COMPOUND_FIRST,
    COMPOUND_LAST,
    TWO_WORDS,
)


def passphrase(text: str, pos: int, end: int, *, cued: bool) -> re.Match[str] | None:
    """A passphrase of plain words at ``pos``: three to eight words that read as random words rather than a
    sentence (no function words of the languages we know, mostly not words that describe), ending the clause; four
    or more unless a passphrase was named, and then a function word may be among them ("midnight train to
    georgia"). Words joined by one separator (``blue.train.owl.frozen``, ``lion_antique_grow``) likewise, three or
    more, when a passphrase was named or they read as words picked at random (:func:`joined_words`), never a
    snake_case or dotted name of code."""
    joined = _JOINED_PHRASE.match(text, pos, end)
    picked = joined and joined_words(joined.group(0))
    found = _PHRASE.match(text, pos, end) or (joined if joined and (cued or picked) else None)
    if found and text.startswith("=", found.end()) and " " in found.group(0):
        # "password=blouse library life churn profile=default": the last word names the next key
        found = _PHRASE.match(text, pos, found.start() + found.group(0).rindex(" "))
    if not found:
        return None
    words = [w.lower() for w in re.split(r"[\s.,_-]+", found.group(0)) if w]
    function = sum(w in _FUNCTION_WORDS for w in words)
    if len(words) < (3 if cued or picked else 4) or words[0] in _FUNCTION_WORDS or function > (1 if cued else 0):
        return None
    if words[0] in _DESCRIBING and (function or len(words) < 4):
        return None  # "the passphrase is stored in ...", "correct but ..."; not "correct seven winter sings"
    describing = sum(w in _DESCRIBING or _describes(w) for w in words)
    ends = _CLAUSE_END.match(text, found.end()) or _ASIDE.match(text, found.end())  # "... (user chen)"
    if 2 * describing > len(words) or not (cued or ends):
        return None
    return found


# An unquoted passphrase, a number after its words as a manager adds one ("harbor maple pillow pencil 96").
_PHRASE = re.compile(r"[A-Za-z][a-z]{1,14}(?: [A-Za-z][a-z]{1,14}){2,7}(?: \d{1,4})?(?![\w'])\.?")
_ASIDE = re.compile(r"\s+\(|</|\s+[\w-]+=")  # an aside, an XML element's end, the next key=value of a command
_PHRASE_CUE = re.compile(r"(?i)\b(?:phrase|sentence|words)\s+$")  # "my password is the sentence ..."
_JOINED_PHRASE = re.compile(r"[a-z]{2,15}(?P<sep>[.\-_])[a-z]{2,15}(?:(?P=sep)[a-z]{2,15}){1,6}(?![\w-]|\.\w)")
# Words joined by a password's symbols, mixed with dashes ("seahorse=cactus+hanabi", "rosebud=lighthouse-harley"):
# no name of code is written so, so one "=" or "+" among them makes it a chosen password's shape.
_SYMBOL_JOINED = re.compile(r"(?=[a-z-]*[=+])[a-z]{3,15}(?:[-=+][a-z]{3,15}){2,7}")


def words_before(lead: str) -> tuple[int, int] | None:
    """The passphrase ending ``lead``: its last token when that is words joined by dots or dashes, else the plain
    words after the last function word ("ok so valley wild lemons owl")."""
    last = re.search(r"\S+$", lead)
    if last and _JOINED_PHRASE.fullmatch(last.group(0)):
        return last.start(), last.end()
    words = list(re.finditer(r"[A-Za-z]+", lead))
    run: list[re.Match[str]] = []
    for match in reversed(words):
        between = lead[match.end() : run[0].start() if run else len(lead)]
        if between.strip() or match.group(0).lower() in _FUNCTION_WORDS or len(run) == 8:
            break
        run.insert(0, match)
    if len(run) < 3 or not _random_words(" ".join(m.group(0).lower() for m in run)):
        return None
    return run[0].start(), run[-1].end()


# Words that name the parts of code and configuration: a dotted or snake_case name a third of whose words are these
# is a name (config.settings.prod, django.contrib.auth, password_reset_timeout), not words picked at random.
_CODE_PARTS = frozenset(
    """
    config configs conf settings setting prod production dev develop development staging stage test tests testing
    local default defaults main app apps api apis auth core utils util lib libs src contrib models model views view
    admin user users db database env envs hash hashers backend backends service services client server servers data
    file files path name names id ids type types value values get set new old reset validation validators validator
    password passwords secret secrets key keys token tokens com org net io www json yaml yml http https sql py js ts
    txt md html css module modules package packages internal common shared base helpers helper handler handlers
    controller controllers schema schemas migrations tasks task jobs job worker workers queue cache session sessions
    login logout log logs version versions build dist docs doc example examples sample demo tmp temp cli cmd bin
    run runtime web mobile ios android aws gcp azure cloud kube docker image images static media assets public
    private account accounts email mail ssl tls cert certs max min timeout size limit count enabled disabled enable
    disable true false none null string int str bool list dict map array object class method field fields
    self cls this request req response resp res ctx context args kwargs params param opts options cfg os environ
    url uri host port username registry container namespace hook hooks assertion callback handler payload header
    headers query stream buffer socket thread mutex
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def joined_words(value: str) -> bool:
    """Three to eight plain words of three letters or more joined by one separator (``lion_antique_grow``,
    ``crew.armor.crystal.pear``) or by "=" and "+" (:data:`_SYMBOL_JOINED`) that read as words picked at random: no
    function word, few that describe, and not a name of code (half its words or more a part of one)."""
    if not (_JOINED_PHRASE.fullmatch(value) or _SYMBOL_JOINED.fullmatch(value)):
        return False
    words = re.split(r"[._=+-]", value)
    if len(words) < 3 or any(len(w) < 3 for w in words) or words[0] in _DESCRIBING:
        return False
    if sum(w in _DESCRIBING for w in words) > 1:
        return False
    return 2 * sum(w in _CODE_PARTS for w in words) < len(words) and _random_words(" ".join(words))


def picked_pair(value: str) -> bool:
    """Two words picked for a password, joined by a dash or an underscore (:data:`TWO_WORDS`: "mango-island",
    "banitsa_sofia", "kava_z_molokom"): neither one that describes, not an ordinary compound ("open-source",
    "team-wide"), not a name of code's ("user_name", "db-secret")."""
    if not TWO_WORDS.fullmatch(value):
        return False
    parts = re.split(r"[-_]", value)
    first, last = parts[0], parts[-1]
    if first in COMPOUND_FIRST or last in COMPOUND_LAST or first in _CODE_PARTS or last in _CODE_PARTS:
        return False
    return not any(w in _DESCRIBING or _describes(w) for w in (first, last))
