"""Splitting a sentence into clauses that each state one thing.

"Priya is vegetarian and she can't stand spicy food" gives two clauses, the pronoun replaced by the subject it stands
for; "I am 30 and have ten years in sales" gives two, the second keeping its subject; "We're flying to Lisbon and
staying at Casa do Rio" keeps the auxiliary. A list of nouns, a compound subject, or a right side that leans on the
left one ("...; always add a new one") stays whole. Word-order heuristics over the lexicon's word lists.
"""

from __future__ import annotations

import re

from ratchet.extract.grammar import plain_word, subject_of, verb_form, verb_index
from ratchet.extract.lexicon import (
    AUXILIARIES,
    BASE_VERBS,
    NOT_VERBS,
    PREFERENCE_VERBS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
    SUBORDINATORS,
    VERB_FORMS,
    WANTING,
)

RULE_START = re.compile(
    r"^(?:please\s+)?(?:always|never|don'?t ever|do not ever|don'?t|do not|make sure to always)\b", re.I
)
_ANAPHOR = re.compile(r"\b(?:one|ones|it|this|that|them|there|those|these)\b", re.I)
_CLAUSE_SEP = re.compile(r"\s*;\s+|,?\s+(?:and|but)\s+(?!also\b)|,\s+so\s+(?=\w+ \w)")
_COPULAS = frozenset({"is", "are", "was", "were", "am", "be", "been", "being"})
_MODALS = frozenset({"can", "could", "should", "would", "will", "might", "must", "may", "shall"})


def clauses(sentence: str) -> list[str]:
    """Split ``sentence`` on ";", "and", "but" where both sides are full statements (or rules).

    A right side starting with he/she/they/it gets the left side's subject; one that starts with a verb of the
    same form as the left side's ("are flying ... and staying at") gets the left side's subject (and auxiliary).
    A right side that points back at the left one ("always add a new one") stays attached.
    """
    body = sentence.rstrip().rstrip(".!")
    segments: list[tuple[str, str]] = []  # (text, the separator after it)
    last = 0
    for match in _CLAUSE_SEP.finditer(body):
        segments.append((body[last : match.start()], match.group(0)))
        last = match.end()
    if not segments:
        return [sentence]
    segments.append((body[last:], ""))
    parts = [segments[0][0]]
    for k in range(1, len(segments)):
        sep, right = segments[k - 1][1], segments[k][0]
        resolved = _split_right(parts[-1], right, sep)
        if resolved is None:
            parts[-1] += sep + right
        else:
            parts.append(resolved)
    return [sentence] if len(parts) == 1 else [_finish(p) for p in parts]


def _finish(clause: str) -> str:
    clause = clause.strip(" ,")
    if not clause:
        return clause
    first = clause.split()[0]
    if not re.search(r"[./_\\`\d]|[a-z][A-Z]", first):  # "app.js is ..." keeps its name as written
        clause = clause[0].upper() + clause[1:]
    return clause if clause[-1] in ".!?" else clause + "."


def _split_right(left: str, right: str, sep: str) -> str | None:
    """The right-hand clause as a full statement, or None when the sentence should not split here."""
    if not is_statement(left):
        return None
    rtoks = right.split()
    if len(rtoks) < 2:
        return None
    if _open_relative(left.split()):
        return None  # "a place where humans and agents work together": the "and" joins two nouns of that clause
    first = plain_word(rtoks[0])
    if (";" in sep or RULE_START.match(right)) and _ANAPHOR.search(right):
        return None  # "...; always add a new one" leans on the left side
    if RULE_START.match(right):
        return right
    if first in ("he", "she", "they", "it"):
        subject = subject_of(left)
        vi = verb_index(rtoks)
        if vi != 1:
            return None
        if subject and plain_word(subject.split()[0]) not in SUBJECT_PRONOUNS:
            return subject + " " + " ".join(rtoks[1:])
        return None if first == "it" else right
    lead = plain_word(left.split()[0])
    novel = first in VERB_FORMS and first not in _COPULAS and not first.endswith("ing") and rtoks[0].islower()
    # "... a book to teach people how to protect X, and create Y": the right side goes on the infinitive, not a clause
    infinitive = bool(re.search(r"\bto \w+", left)) and first in BASE_VERBS
    if _WANTS.search(left) and first in BASE_VERBS and first not in PREFERENCE_VERBS and not infinitive:
        return None  # "I want small buttons to edit and delete with icons": the right side is wanted too, not done
    if lead in ("i", "we", "i'm", "we're", "i've", "we've") and novel and not infinitive and first not in NOT_VERBS:
        # "I am 30 and have ten years in sales": the second clause keeps its subject; "we can go back and clean up"
        # keeps its modal too (it is a possibility, not how things are)
        modal = next((t for t in left.split()[1:3] if plain_word(t) in _MODALS), "")
        return " ".join(p for p in (left.split()[0].split("'")[0], modal, right) if p)
    vi = verb_index(rtoks)
    if vi is not None and 0 < vi <= 4 and not any(plain_word(t) in SUBORDINATORS | PREPOSITIONS for t in rtoks[:vi]):
        pronoun = first in SUBJECT_PRONOUNS
        if (
            ";" not in sep
            and plain_word(rtoks[vi]) in AUXILIARIES
            and rtoks[0][:1].islower()
            and vi == 1
            and not pronoun
        ):
            return None  # "apples and pears are ..." is one subject, not two clauses
        return right
    ltoks = left.split()
    lvi = verb_index(ltoks)
    if lvi is None or first not in VERB_FORMS or len(rtoks) < 3:
        return None
    if first in AUXILIARIES:
        return None
    lverb = plain_word(ltoks[lvi])
    be = lverb in AUXILIARIES or bool(re.fullmatch(r"\w+'(?:re|m|s)", lverb))
    if be and lvi + 1 < len(ltoks) and plain_word(ltoks[lvi + 1]).endswith("ing"):
        if first.endswith("ing"):  # "We're flying to Lisbon and staying at ..."
            return " ".join(ltoks[: lvi + 1]) + " " + right
        return None
    if infinitive and lvi + 1 < len(ltoks) and plain_word(ltoks[lvi + 1]) == "to":
        return " ".join(ltoks[: lvi + 2]) + " " + right  # "I want to learn X and travel to Y": "I want to travel to Y"
    if verb_form(lverb) == verb_form(first) and not be:  # "I keep X in Y and use Z for W"
        return " ".join(ltoks[:lvi]) + " " + right
    return None


_WANTS = re.compile(rf"\b(?:{WANTING}|wish|asked for)\b", re.I)
_RELATIVES = frozenset({"where", "which", "who", "whom", "whose", "that", "when"})


def _open_relative(ltoks: list[str]) -> bool:
    """Whether the left side ends inside a relative or subordinate clause that has no verb yet ("... a place where
    humans", "... because the users"): what follows the "and" belongs to that clause."""
    for k in range(len(ltoks) - 1, max(-1, len(ltoks) - 5), -1):
        word = plain_word(ltoks[k])
        if word in _RELATIVES or word in SUBORDINATORS:
            tail = ltoks[k + 1 :]
            return bool(tail) and verb_index(tail) is None
    return False


def is_statement(clause: str) -> bool:
    if RULE_START.match(clause):
        return True
    vi = verb_index(clause.split())
    return vi is not None and (vi > 0 or "'" in clause.split()[0])
