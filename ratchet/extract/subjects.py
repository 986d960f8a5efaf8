"""Statements whose subject is not the speaker, and the verdict type of :mod:`ratchet.extract.statements`.

"My daughter is allergic to peanuts", "Our deploy window is Thursday at 10am" (a possessive subject) and "The API
server listens on port 8081" (a third-person statement, kept only from the user's own prose and only when it names
something concrete: a name, a number, a value, a day). To-dos ("the helper should be removed"), passing states ("the
build is broken", "GitHub now shows 627"), title-like fragments and clauses built on a pronoun are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ratchet.core.text import words
from ratchet.extract.grammar import plain_word, verb_index
from ratchet.extract.lexicon import (
    ADVERBS,
    AUXILIARIES,
    BASE_VERBS,
    BUG_STATES,
    CHANGE_WORDS,
    DEICTIC,
    DETERMINERS,
    INCIDENT,
    IRREGULAR_PAST,
    LIFE_EVENTS,
    META_VERBS,
    MOMENT_STATES,
    NOT_VERBS,
    PASSING_VERBS,
    PREPOSITIONS,
    REACTIONS,
    STATE_WORDS,
    STOP,
    TIME_WORDS,
    TRANSIENT_NOUNS,
    VERB_FORMS,
    WHEN,
    WORK_ITEMS,
)

_IDENTIFIER = re.compile(
    r"`[^`]+`|\b\w+\(\)|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){2,}\b|\b\w+_\w+\b|"
    r"\b\w+\.(?:go|py|js|ts|rs|java|kt|rb|json|md)\b"
)


@dataclass
class Verdict:
    """The kind of statement a clause is, or None and why it was dropped."""

    kind: str | None
    why: str = ""
    subject: str = ""  # user | team | other

    def __bool__(self) -> bool:
        return self.kind is not None


def drop(why: str) -> Verdict:
    return Verdict(None, why)


def base_form(verb: str) -> str | None:
    """The base form of a present-tense verb (``uses`` -> ``use``), or None when it is not a known one."""
    if verb in BASE_VERBS:
        return verb
    if "-" in verb and verb.rsplit("-", 1)[1] in BASE_VERBS:  # squash-merge
        return verb
    for cut, add in (("ies", "y"), ("es", ""), ("s", ""), ("es", "e")):
        if verb.endswith(cut) and verb[: -len(cut)] + add in BASE_VERBS:
            return verb[: -len(cut)] + add
    return None


_TIME_LEAD = words("last yesterday today recently earlier lately on in since")
TIME_NOUNS = words("morning afternoon evening night week weekend month year summer winter spring fall autumn time")
_STATIVE_PARTICIPLES = words(
    "called named based located hosted deployed written built made owned maintained managed scheduled configured "
    "set stored kept licensed backed served"
)
_VALUE = re.compile(r"\d|`|[\w-]+\.[a-z]{2,}\b|/\w|\b[a-z]+[A-Z]\w*|\b\w+_\w+|\b[a-z]+-[a-z]+\b")


def _concrete(text: str, tokens: list[str], vi: int) -> bool:
    """Does a third-person statement carry something concrete to remember: a number, a version, a host or path, an
    identifier, a name, a day or month ("The API server listens on port 8081", "Deploys happen on Thursdays")?"""
    if _VALUE.search(text) or TIME_WORDS.search(text.lower()):
        return True
    names = [t for k, t in enumerate(tokens) if k > 0 and t[:1].isupper() and plain_word(t) not in STOP]
    head = plain_word(tokens[0])
    subject_name = tokens[0][:1].isupper() and head not in STOP and head not in VERB_FORMS and vi <= 3
    return bool(names) or (subject_name and head not in DETERMINERS)


_NUMBER = re.compile(r"[\d.,:%/+-]*\d[\d.,:%/+-]*")
# Words that make a work item one of the moment ("the PR", "an upcoming PR"; not "the main branch").
_ONE_OF = frozenset({"the", "this", "a", "an", "upcoming", "current", "open", "new", "next", "last", "my", "our"})
_OBJECT_START = frozenset({"the", "a", "an", "my", "our", "your", "their", "its", "every", "each"})
_QUANTIFIERS = frozenset({"all", "both", "half", "most", "many", "some", "none", "few", "several", "any", "each"})


# What a work session is after: "the goal", "the task" name this session's aim.
_TASK_NOUNS = frozenset({"goal", "goals", "aim", "objective", "task", "ask", "plan", "todo"})


def _standing(rest: list[str]) -> bool:
    """After "is always"/"are never": a thing or a quality ("breaking changes", "squashed", "in UTC"), not a state of
    the moment ("broken", "flaky") and not something left out."""
    words = [w for w in rest if w]
    return len(words) >= 1 and words[0] not in STATE_WORDS and words[0] not in BUG_STATES and words[0] not in DEICTIC


def _noun_phrase(subject: list[str], tokens: list[str]) -> bool:
    """Does ``subject`` read as a noun phrase (not a verb phrase, an adverb or an imperative)?"""
    first = subject[0]
    if first.endswith("ly") and not tokens[0][1:2].isupper() and first not in ("family", "supply", "italy"):
        return False
    if first in BASE_VERBS and not tokens[0][:1].isupper() or first in ADVERBS:
        return False
    if first in BASE_VERBS and len(subject) > 1 and subject[1] not in PREPOSITIONS:
        return False  # "Strengthen auto-commit tests", "Add the flag": an imperative
    if len(subject) > 1 and subject[1] in _OBJECT_START and first not in _QUANTIFIERS:
        return False  # "Shoot the gold records": a word before "the" is a verb taking its object, not a noun
    return not any(
        w in VERB_FORMS and w not in NOT_VERBS and w not in BASE_VERBS and nxt in DETERMINERS
        for w, nxt in zip(subject, subject[1:], strict=False)
    )  # "uses the agent": a verb and its object


def pronoun(bare: list[str], k: int) -> bool:
    """Is ``bare[k]`` a pronoun pointing back into the conversation ("this shouldn't be an issue"), rather than a
    determiner of a noun ("the commits of that checkpoint")?"""
    word = bare[k]
    if word not in DEICTIC:
        return False
    if word not in ("this", "that", "these", "those"):
        return True
    nxt = bare[k + 1] if k + 1 < len(bare) else ""
    if not nxt or nxt in VERB_FORMS or nxt in AUXILIARIES or nxt.endswith("n't") or nxt in PREPOSITIONS:
        return True
    return word == "that" and k > 0 and bare[k - 1] in VERB_FORMS  # "says that ...": a clause follows


def participle(word: str) -> bool:
    """A past participle ("spawned", "built", "written"): what follows "have" in a one-off event."""
    if word in ("been", "got", "gotten"):
        return False
    if word.endswith("ed") and len(word) > 4:
        return True
    return word in VERB_FORMS and word not in BASE_VERBS and not word.endswith(("s", "ing"))


def possessive(tokens: list[str], bare: list[str], work: bool) -> Verdict:
    """``My daughter is allergic to peanuts``, ``Our deploy window is Thursday``."""
    subject = "user" if bare[0] == "my" else "team" if work else "user"
    vi = verb_index(tokens)
    if vi is None or vi < 2 or vi > 8:
        return drop("fragment")
    noun = bare[1:vi]
    if any(w in TRANSIENT_NOUNS for w in noun):
        return drop("about the conversation")
    verb = bare[vi]
    after = bare[vi + 1 : vi + 3]
    if verb in ("is", "are", "has", "have", "'s") or verb.endswith("'s"):
        clause = after[:1] == ["that"] and len(after) > 1 and after[1] in DETERMINERS | {"we", "i", "every", "all"}
        if after and (after[0] in STATE_WORDS or after[0] in BUG_STATES or after[0] in DEICTIC) and not clause:
            return drop("a passing state")  # ("Our convention is that every migration ..." is a rule, not "that")
        return Verdict("personal" if subject == "user" and not work else "project", subject=subject)
    if verb in ("was", "were"):
        if after and after[0] in ("born", "diagnosed", "founded", "renamed", "moved", "replaced", "called"):
            return Verdict("personal" if not work else "change", subject=subject)
        dated = WHEN.search(" ".join(bare)) or TIME_WORDS.search(" ".join(bare))
        if dated and any(participle(w) for w in bare[vi + 1 : vi + 3]):
            return Verdict("personal", subject=subject)  # "My brakes were last serviced in June 2022"
        return drop("a past state or event")
    if verb in AUXILIARIES or verb in META_VERBS:
        return drop("modal or auxiliary")
    base = base_form(verb)
    if base is not None and base not in META_VERBS:
        return Verdict("personal" if subject == "user" and not work else "project", subject=subject)
    if verb in ("moved", "switched", "migrated", "changed"):
        return Verdict("change", subject=subject)
    return drop("a one-off event")


def third_person_statement(text: str, tokens: list[str], bare: list[str], low: str, work: bool) -> Verdict:
    """``The API server listens on port 8081``: a statement about something named, in the user's own prose."""
    if bare[0] in DEICTIC or bare[0] in ("there", "here", "everything", "nothing", "something", "anything", "all"):
        return drop("points back into the conversation")
    if len(_IDENTIFIER.findall(text)) > 2:
        return drop("technical chatter (many identifiers)")
    if len(bare) > 30:
        return drop("run-on")
    if any(pronoun(bare, k) for k in range(len(bare))) or any(w in REACTIONS for w in bare):
        return drop("points back into the conversation")
    lead = 0  # "Last Friday the fleet-api went down ...": the time is not the subject
    while lead < 3 and lead < len(bare) - 2 and (bare[lead] in _TIME_LEAD or TIME_WORDS.fullmatch(bare[lead])):
        lead += 1
    tokens, bare = tokens[lead:], bare[lead:]
    if any(w in ("i", "we", "me", "us") for w in bare):
        return drop("fragment")  # "In app.py at the top I have ...": a first-person clause behind a phrase
    vi = verb_index(tokens)
    if vi is None or vi == 0:
        return drop("fragment")
    nxt = bare[vi + 1] if vi + 1 < len(bare) else ""
    if bare[vi].endswith("s") and nxt in VERB_FORMS and (nxt.endswith("ed") or nxt in IRREGULAR_PAST):
        vi += 1  # "The session state files remained ...": "files" was the noun, "remained" the verb
    subject = bare[:vi]
    if len(subject) == 1 and re.search(r"[a-z][A-Z]", tokens[0]):
        return drop("not readable without the transcript")  # "CodeLearning needs line number refs"
    if "but" in subject or "or" in subject:
        return drop("fragment")
    if len(subject) > 8 or any(t.endswith((",", ";", ":")) for t in tokens[:vi]) or _NUMBER.fullmatch(subject[-1]):
        return drop("fragment")  # "33.8 is 6.5 as well": arithmetic, not a fact about anyone
    if subject[-1] in TRANSIENT_NOUNS or subject[0] in TRANSIENT_NOUNS:
        return drop("about the conversation")
    if work and any(w in _ONE_OF and nxt in WORK_ITEMS for w, nxt in zip(subject, subject[1:], strict=False)):
        return drop("about the task at hand")  # "Parent on the PR is alex/ent-221", "An upcoming PR tracks ..."
    if not _noun_phrase(subject, tokens[:vi]):
        return drop("fragment")  # "Actually uses the agent name", "Especially the new integration tests"
    verb = bare[vi]
    after = bare[vi + 1 :]
    if not after or not re.match(r"[a-z0-9`'\"(]", after[0]):
        return drop("fragment")  # "Strengthen auto-commit tests - Add ...": the "verb" was a noun of a title
    if INCIDENT.search(low) and re.search(r"\b(?:because|due to|after|caused by|fixed by)\b", low):
        return Verdict("incident", subject="other")
    if verb in ("should", "must"):
        return drop("a suggestion or a to-do")  # in agent sessions nearly always the task at hand
    if work and verb in ("is", "are") and after[:1] in (["always"], ["never"]) and _standing(after[1:]):
        return Verdict("rule", subject="other")  # "Internal changes are never breaking changes": a convention
    if not _concrete(text, tokens, vi):
        return drop("nothing concrete to remember (no name, number, time or value)")
    if base_form(verb) in PASSING_VERBS:
        return drop("a passing state")  # "GitHub now shows 627"
    if work and subject[-1] in _TASK_NOUNS:
        return drop("about the task at hand")  # "The goal is to run Mistral on the VPS"
    copula = verb in ("is", "are", "'s")
    j = 0
    while copula and j < len(after) and after[j] in ADVERBS:
        j += 1
    head = after[j] if copula and j < len(after) else ""
    if copula and (not head or head in STATE_WORDS or head in BUG_STATES or head == "not"):
        return drop("a passing state")  # before a change: in "Tables are good now", "now" dates a state
    if CHANGE_WORDS.search(low) and (verb in LIFE_EVENTS or copula or verb.endswith("s")):
        return Verdict("change", subject="other")
    if copula:
        if work and "still" in after[:j]:
            return drop("a passing state")  # "Repos is still 0": how things stand while the work goes on
        if work and any(w in BUG_STATES or w in MOMENT_STATES for w in after[j : j + 3]):
            return drop("a passing state")  # "The e2e test is also sitll failing": the state after a word or two
        if head.endswith("ing") and head not in ("building",):
            return drop("a passing activity")
        scheduled = TIME_WORDS.search(low) or re.search(r"\b(?:every|daily|nightly|weekly|monthly|hourly)\b", low)
        if head.endswith("ed") and head not in _STATIVE_PARTICIPLES and not scheduled:
            return drop("a passing state")  # "is duplicated", "is broken", "are fixed"
        return Verdict("project" if work else "personal", subject="other")
    if verb in ("has", "have"):
        head = after[0] if after else ""
        if head in VERB_FORMS and (head.endswith(("ed", "en")) or head not in BASE_VERBS) and head not in ("been",):
            return drop("a one-off event")
        return Verdict("project" if work else "personal", subject="other")
    if verb in AUXILIARIES or verb in META_VERBS:
        return drop("modal or auxiliary")
    base = base_form(verb)
    if base == "need" and after[:1] == ["to"]:
        return drop("an obligation of the moment")
    if base in ("want", "wish", "hope", "intend") and after[:1] == ["to"]:
        return drop("an intention")  # "An investment firm wants to evaluate ...": not what is, what someone wants
    if base is None or base in PASSING_VERBS:
        return drop("a passing state or an unknown verb")
    return Verdict("project" if work else "personal", subject="other")
