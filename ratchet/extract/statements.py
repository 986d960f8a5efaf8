"""What a clause of the user's is: a durable statement worth keeping (and of which kind), or why it is not.

Precision first: a clause is kept only when it clearly is one of the kinds of fact worth remembering, and dropped
whenever it is something else or cannot be told:

- ``preference`` ("I prefer tabs", "We don't like ORMs"), ``decision`` ("We decided to use Postgres", "We'll go with
  pnpm"), ``rule`` ("Always run make lint before pushing"), ``personal`` (who the user is, where they live, what
  they have, what happened in their life: "I'm a construction lawyer", "My daughter is allergic to peanuts"),
  ``activity`` (what the user is working on: "I'm writing a Go package for handling time"), ``project`` (how the
  user's project or team works: "We deploy on Fridays", "The API server listens on port 8081"), ``change`` ("The
  staging database moved to db-staging-3"), ``requirement`` ("The detail view should show the commits", in a work
  session) and ``plan`` ("We're moving to Berlin in May").
- dropped: questions, requests and instructions to the assistant, anything addressed to it ("you"), hedges and
  hypotheses ("maybe", "I think", "if ..."), passing states ("I'm stuck", "I'm getting this error"), one-off
  events ("I tried", "I ran the tests"), clauses built on a pronoun that points back into the conversation ("It
  looks off", "I like that one"), reactions to what the assistant just offered ("I like the second option"),
  third-person text the user did not write (pasted reviews, reports, examples), fragments and run-ons.

The verdict says why a clause was dropped, so ``--explain`` and tests can show it.
"""

from __future__ import annotations

import re

from ratchet.core.text import words
from ratchet.extract.grammar import plain_word
from ratchet.extract.lexicon import (
    ACTIVITY_WORDS,
    ADVERBS,
    AUXILIARIES,
    BASE_VERBS,
    BUG_STATES,
    CHATTER,
    CONTRACTIONS,
    DANGLING,
    DECISION_WORDS,
    DEICTIC,
    DETERMINERS,
    DOING_VERBS,
    GENERIC,
    HEDGES,
    IDENTITY_WORDS,
    IRREGULAR_PAST,
    LIFE_EVENTS,
    META_VERBS,
    MOMENT_STATES,
    NEGATIONS,
    PEOPLE,
    PLAN_VERBS,
    PREFERENCE_VERBS,
    PREPOSITIONS,
    QUESTION_START,
    REACTIONS,
    REQUEST_START,
    STATE_WORDS,
    STOP,
    THIRD_PERSONS,
    TIME_WORDS,
    TRANSIENT_NOUNS,
    VERB_FORMS,
    WHEN,
    WORK_ITEMS,
)
from ratchet.extract.subjects import (
    TIME_NOUNS,
    Verdict,
    base_form,
    drop,
    participle,
    possessive,
    third_person_statement,
)

KINDS = tuple(
    ["preference", "decision", "rule", "personal", "activity", "project", "change", "requirement", "plan", "incident"]
)

_SCOPES = words("project repo repository codebase team company app organisation organization")
# What the assistant puts forward, named at the end of an object ("the CRDT idea", "your caching approach").
_OFFERS = words("idea ideas suggestion suggestions proposal approach option options plan solution")
# Phases a project passes through ("we're in stabilization mode", "we are in a code freeze").
_PHASES = words("mode phase stage freeze sprint crunch")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|you're|you've|you'll|you'd|u|ur|chatgpt|gpt)\b")
HEDGE = re.compile(r"(?:^|\b)(?:" + "|".join(re.escape(h.strip()) for h in HEDGES) + r")\b")
_RULE = re.compile(r"^(?:please\s+)?(?:always|never(?! mind)|don't ever|do not ever)\s+(?P<verb>[a-z][a-z-]*)")
# A state of the moment in a work session: how things stand now, not how they are.
# In any session, what happened or is planned for one evening or one day: "I explained spirits last night", "the user
# hurts less today than yesterday", "we build that tonight".
_TONIGHT = re.compile(r"\b(?:tonight|last night|this (?:morning|evening|afternoon)|today than)\b", re.I)
# ... unless it is a change that lasts ("I moved to Porto last night").
_LASTING = re.compile(
    r"\b(?:moved|switched|changed|migrated|started|began|bought|adopted|married|divorced|joined|left|quit|became|"
    r"renamed|replaced|upgraded|retired|hired)\b",
    re.I,
)


def one_evening(clause: str, sentence: str) -> bool:
    """In any session, what one evening or one day held ("I explained spirits last night", "I hurt less today than
    yesterday"), unless it changed something that lasts ("I moved to Porto last night")."""
    return bool(_TONIGHT.search(sentence)) and not _LASTING.search(clause)


MOMENT = re.compile(r"\b(?:currently|right now|at the moment|for now|so far|today|yesterday|this session|atm)\b", re.I)
# In a work session, what the user is about to do next, and an error or a bug they have, are of the session.
_GOING_TO = re.compile(
    r"\b(?:i|we|the user|the team)(?:\s+(?:am|are|is)|['’](?:m|re))\s+(?:just\s+)?going\s+to\b", re.I
)
# ... and the setup of a problem report: "I have the user stored in Supabase but the same user cannot log in".
_BUT_FAILS = re.compile(
    r"\bbut\b[^.!?]*?\b(?:not|no longer|n['’]t|cannot|fails?|failing|failed|errors?|broken|crash\w*)\b", re.I
)
_HAS_ERROR = re.compile(
    r"\b(?:i|we|the user|the team)\s+(?:have|has|'ve|got|get|am getting|are getting|is getting)\s+(?:(?:a|an|the|this|"
    r"that|some|another|\d+)\s+)?(?:[\w.-]+\s+){0,4}(?:errors?|exceptions?|bugs?|warnings?|failures?|crash(?:es)?)\b",
    re.I,
)
# "We have an import cycle now": what the session has run into ("we use Helm now" is a change, kept).
_HAVE_NOW = re.compile(r"^(?:i|we)\s+(?:have|has|'ve|got)\b.*\bnow\s*[.!]?$")
# "..., right" asks for confirmation: a question without its question mark.
_TAG_QUESTION = re.compile(r"[\s,](?:right|correct)\s*[.!]?$")


def of_the_session(clause: str, sentence: str) -> bool:
    """To an agent at work, a clause about the session itself: what the user is about to do next ("I'm going to use
    the reviewer"), an error they have ("we have a pnpm run lint error"), the setup of a problem report ("I have the
    user stored in Supabase but the same user cannot log in")."""
    return bool(_GOING_TO.search(clause) or _HAS_ERROR.search(clause) or _BUT_FAILS.search(sentence))


def classify(clause: str, *, own: bool = True, work: bool = False, offered: str = "") -> Verdict:
    """What ``clause`` is (see the module docstring).

    ``own``: the clause is the user's own prose (not pasted or introduced material) in a turn that speaks as the
    user; third-person statements are kept only then. ``work``: a work session (requirements count as facts).
    ``offered``: what the assistant said just before, so a reaction to one of its offers is not a preference.
    """
    text = clause.strip()
    low = text.lower().replace("\u2019", "'")
    words = [w.strip("'") for w in _WORD.findall(low)]
    every = re.findall(r"[a-z0-9][\w'-]*", low)
    count = len(every)
    if "?" in text or _TAG_QUESTION.search(low):
        return drop("question")
    if text[:1] in "~/" or ".." in text or "\u2026" in text:  # a path where a subject should be, or an omission
        return drop("fragment (something left out)")
    if text.count("'") % 2 and not re.search(r"\w'\w|s'\s", text):
        return drop("fragment (output cut mid-line)")  # "ta/ghq/github.com/x/dotnix' is dirty": a wrapped log line
    if re.search(r"\bthe following\b", low):
        return drop("points back into the conversation")  # "... throwing the following error:" names what comes next
    if (count < 3 and not (count == 2 and every[0] in ("i'm", "we're"))) or not words:
        return drop("fragment")
    if count > 45:
        return drop("run-on")
    if _SECOND_PERSON.search(low):
        return drop("addressed to the assistant")
    if CHATTER.search(low):
        return drop("chatter")
    if HEDGE.search(low):
        return drop("hedge or hypothesis")
    if GENERIC.search(low):
        return drop("a general claim, not about the user")
    if every[-1] in DANGLING:
        return drop("fragment")
    if work and (MOMENT.search(low) or _HAVE_NOW.search(low)):
        return drop("a state of the moment in a work session")
    rule = _RULE.match(low)
    if rule:
        verb = rule.group("verb")
        if verb in BASE_VERBS or "-" in verb or verb in ("be", "have"):
            return Verdict("rule", subject="other")
        return drop("fragment")
    tokens = _expand(text.split())
    bare = [plain_word(t) for t in tokens]
    if not bare:
        return drop("fragment")
    # "for this topic", "these articles" point back into the conversation; "this morning", "this project" do not
    pairs = zip(bare, [*bare[1:], ""], strict=True)
    if any(w in ("this", "these") and nxt not in TIME_NOUNS and nxt not in _SCOPES for w, nxt in pairs):
        return drop("points back into the conversation")  # "... for this topic", "... in these articles"
    if bare[0] in ("i", "we"):
        if _unnamed_person(bare, tokens):
            return drop("points back into the conversation")  # "I've worked with him 5 years": who is he?
        return _first_person(bare, low, work, offered, " ".join(tokens[1:]))
    if bare[0] in ("my", "our"):
        return possessive(tokens, bare, work)
    if QUESTION_START.match(low):
        return drop("question")
    if REQUEST_START.match(low):
        return drop("request to the assistant")
    if not own:
        return drop("not the user's own words")
    return third_person_statement(text, tokens, bare, low, work)


def _unnamed_person(bare: list[str], tokens: list[str]) -> bool:
    """A "he" or "him" in the user's clause with nobody named before it: the person is in an earlier message."""
    for k, word in enumerate(bare):
        if word in THIRD_PERSONS:
            before = zip(bare[1:k], tokens[1:k], strict=True)
            return not any(w in PEOPLE or (t[:1].isupper() and w != "i") for w, t in before)
    return False


def _expand(tokens: list[str]) -> list[str]:
    """``I'm`` -> ``I am`` (and the like) so the verb sits in its own token."""
    out: list[str] = []
    for tok in tokens:
        parts = CONTRACTIONS.get(plain_word(tok))
        if parts:
            out.append(tok[: len(parts[0])] if tok[:1].isupper() else parts[0])
            out.append(parts[1] + tok[len(tok.rstrip(",.;:!")) :])
        else:
            out.append(tok)
    return out


def _skip(bare: list[str], i: int) -> int:
    while i < len(bare) and (
        bare[i] in ADVERBS
        or bare[i] in ("also", "still", "really", "just", "now", "all")
        or (bare[i].endswith("ly") and bare[i] not in ("only", "reply", "apply", "supply"))
    ):
        i += 1
    return i


def _first_person(bare: list[str], low: str, work: bool, offered: str, original: str = "") -> Verdict:
    subject = "user" if bare[0] == "i" else "team" if work else "user"
    i = _skip(bare, 1)
    if i >= len(bare):
        return drop("fragment")
    verb = bare[i]
    rest = bare[i + 1 :]
    if verb in ("always", "never", "usually", "often", "mostly", "rarely", "generally", "typically"):
        return _habit(bare, i + 1, subject, work, offered, rule=verb in ("always", "never"))
    if verb in ("am", "are", "was", "were"):
        names = frozenset(w.lower() for w in re.findall(r"\b[A-Z][\w-]*\b", original))
        return _be(rest, verb, subject, work, names - {"i"})
    if verb in ("have", "has", "had"):
        if work and "already" in bare[1 : i + 3]:
            return drop("a reply about what exists already")  # "we already have a scripts/test-e2e.sh"
        return _have(rest, verb, subject, work)
    if verb in NEGATIONS or verb in ("do", "does", "did"):
        base = NEGATIONS.get(verb, verb)
        j = _skip(bare, i + 1)
        if j < len(bare) and bare[j] == "not":
            j = _skip(bare, j + 1)
        if base == "can" and j < len(bare) and bare[j] in ("stand", "tolerate", "bear"):
            blocked = _object_ok(bare[j + 1 :], offered)
            return blocked if blocked is not None else Verdict("preference", subject=subject)
        if base == "can" and j < len(bare) and bare[j] in ("eat", "drink", "have", "drive", "fly", "swim"):
            return Verdict("personal", subject=subject)
        if work and j < len(bare) and bare[j] in ("have", "got"):
            return drop("a passing state")  # "We don't have a lot of time", "I dont have anything to add"
        if base in ("do", "does") and verb != base:  # "I don't eat meat", "We don't use an ORM"
            return _habit(bare, j, subject, work, offered)
        return drop("modal or auxiliary")
    if verb in ("will", "would", "shall"):
        j = _skip(bare, i + 1)
        if verb == "will" and j + 1 < len(bare) and bare[j] == "go" and bare[j + 1] == "with":
            return Verdict("decision", subject=subject)
        if verb == "will" and j < len(bare) and bare[j] in PLAN_VERBS and TIME_WORDS.search(low):
            return Verdict("plan", subject=subject)
        return drop("intention or request")
    if verb in ("started", "began", "start", "begin") and rest[:1] and rest[0] in ACTIVITY_WORDS:
        return Verdict("activity", subject=subject)  # "I started learning the cello"
    if verb in DECISION_WORDS or (verb == "went" and rest[:1] == ["with"]):
        return Verdict("decision", subject=subject)
    if verb in LIFE_EVENTS and verb not in ("been", "used", "owned"):
        if verb in ("moved", "switched", "migrated", "replaced", "upgraded", "downgraded", "renamed") and work:
            return Verdict("decision", subject=subject)
        return Verdict("personal" if not work else "project", subject=subject)
    if not work and _past(verb) and WHEN.search(low):
        # A dated event of the user's life ("I ran my first marathon last May"); in a work session a dated one-off
        # ("I ran the tests yesterday") is not worth keeping.
        blocked = _object_ok(rest, offered) if rest else drop("fragment")
        if blocked is None and _base_of_past(verb) not in META_VERBS | DOING_VERBS:
            return Verdict("personal", subject=subject)
    return _habit(bare, i, subject, work, offered)


def _past(verb: str) -> bool:
    return (verb in IRREGULAR_PAST and verb not in AUXILIARIES) or (verb.endswith("ed") and verb in VERB_FORMS)


def _base_of_past(verb: str) -> str:
    for cut, add in (("ied", "y"), ("ed", ""), ("ed", "e"), ("d", "")):
        if verb.endswith(cut) and verb[: -len(cut)] + add in BASE_VERBS:
            return verb[: -len(cut)] + add
    return verb


def _habit(bare: list[str], i: int, subject: str, work: bool, offered: str, rule: bool = False) -> Verdict:
    """``I <verb> ...`` in the simple present: a habit, a preference, how the user's project works."""
    i = _skip(bare, i)
    if i >= len(bare):
        return drop("fragment")
    verb = bare[i]
    base = base_form(verb)
    if base is None:
        return drop(f"not a verb the extractor knows ({verb})")
    if base in META_VERBS or base in DOING_VERBS:
        return drop("thinking, asking or doing, not a fact")
    if base in ("intend", "plan", "aim", "hope", "wish", "expect", "mean") and not TIME_WORDS.search(" ".join(bare)):
        return drop("intention or request")
    if base in PREFERENCE_VERBS:
        blocked = _object_ok(bare[i + 1 :], offered)
        return blocked if blocked is not None else Verdict("preference", subject=subject)
    blocked = _object_ok(bare[i + 1 :], offered)
    if blocked is not None:
        return blocked
    if rule:
        return Verdict("rule", subject=subject)
    return Verdict("project" if work or subject == "team" else "personal", subject=subject)


def _object_ok(obj: list[str], offered: str) -> Verdict | None:
    """None when the object of a preference or habit names something; else why it does not."""
    words: list[str] = []
    for w in obj:  # the object ends where another clause begins ("I like `tardis` but it's taken")
        if w in ("but", "because", "though", "although", "which", "since", "so", "and", "except"):
            break
        if w:
            words.append(w.strip("`*_"))
    if not words:
        return drop("fragment")
    head = words[0] if words[0] not in ("to", "the", "a", "an") else (words[1] if len(words) > 1 else "")
    if head in DEICTIC or head in ("one", "ones", "option", "both", "all", "number", "idea", "2nd", "1st", "3rd"):
        return drop("points back into the conversation")
    if words[0] in ("the", "that", "your") and (words[-1] in _OFFERS or any(w in _OFFERS for w in words[1:3])):
        return drop("points back into the conversation")  # "I like the CRDT idea", "the proposal wiring": offers
    if head.isdigit() or re.fullmatch(r"\d+(?:st|nd|rd|th)", head):
        return drop("points back into the conversation")
    content = [w for w in words if w not in STOP and len(w) > 2]
    if not content:
        return drop("fragment")
    offer = offered.lower()
    if offer and sum(w in offer for w in content) >= max(1, 0.6 * len(content)):
        return drop("a reaction to what the assistant offered")
    return None


def _be(rest: list[str], verb: str, subject: str, work: bool, names: frozenset[str] = frozenset()) -> Verdict:
    """``I am ...`` / ``we are ...``."""
    j = 0
    while j < len(rest) and rest[j] in ("also", "currently", "still", "now", "actually", "really", "just"):
        j += 1
    negated = j < len(rest) and rest[j] == "not"
    if negated:
        j += 1
    if j >= len(rest):
        return drop("fragment")
    head = rest[j]
    if verb in ("was", "were"):
        if head in ("born", "raised", "diagnosed", "married", "hired", "promoted"):
            return Verdict("personal", subject=subject)
        return drop("a past state or event")
    if head == "going" and rest[j + 1 : j + 2] == ["to"]:
        nxt = rest[j + 2] if j + 2 < len(rest) else ""
        if nxt in PLAN_VERBS:
            return Verdict("plan", subject=subject)
        return drop("intention or request")
    if head in ("a", "an") and j + 1 < len(rest):
        if rest[j + 1] in ("bit", "little", "lot"):
            return drop("a passing state")
        if "fan" in rest[j + 1 : j + 4]:
            return Verdict("preference", subject=subject)
        return Verdict("personal", subject=subject)
    if head in ("into", "fond"):
        return Verdict("preference", subject=subject)
    if head in ACTIVITY_WORDS:
        return Verdict("activity", subject=subject)
    if head.endswith("ing"):
        return drop("a passing activity")
    if head in STATE_WORDS or head in BUG_STATES or head in DEICTIC or head in REACTIONS:
        return drop("a passing state")
    if head in PREPOSITIONS and any(w in _PHASES for w in rest[j + 1 :]):
        return drop("a passing state")  # "We're in stabilization and QA mode"
    if head in PREPOSITIONS and head != "from":
        # "I'm in Lisbon", "We're on Node 20" name a place or a thing; "I'm on vacation", "I'm in a meeting" do not
        if not any(w in names or w[:1].isdigit() for w in rest[j + 1 : j + 4]):
            return drop("a passing state")
        return Verdict("project" if subject == "team" else "personal", subject=subject)
    if head in IDENTITY_WORDS or head.isdigit() or head == "from" or head in DETERMINERS or head in names:
        # "I'm vegetarian", "I'm 34", "I'm from Lyon", "I'm the lead of the platform team", "I'm Brazilian"
        return Verdict("project" if subject == "team" else "personal", subject=subject)
    return drop("a passing state")  # "I'm swamped", "I'm lucky": how the user feels, not who they are


def _have(rest: list[str], verb: str, subject: str, work: bool) -> Verdict:
    """``I have ...``: possession, duration ("have been ... for"), or a life event in the present perfect."""
    if verb == "had" or not rest:
        return drop("a past state or event")
    k = 0
    while k < len(rest) - 1 and rest[k] in ("just", "already", "also", "recently", "finally", "yet", "now", "still"):
        k += 1
    rest = rest[k:]
    head = rest[0]
    if work and head in ("more", "another"):
        return drop("a passing state")  # "we have more inbound changes coming from parent ..."
    if head == "been":
        nxt = rest[1] if len(rest) > 1 else ""
        if nxt in ("a", "an") or nxt in ACTIVITY_WORDS or "for" in rest or "since" in rest:
            return Verdict("personal" if subject == "user" else "project", subject=subject)
        return drop("a passing state")
    if head in ("to", "got"):
        return drop("an obligation of the moment")
    if work and head in ("nothing", "no"):
        return drop("a passing state")  # "I have nothing to review so far"
    if len(rest) >= 3 and rest[-2] == "to" and rest[-1] not in DETERMINERS:
        return drop("an obligation of the moment")  # "I have two more charts to implement"
    if head in ("never", "always", "not", "no") and len(rest) > 1:
        done = rest[2] if rest[1] in ("yet", "ever") and len(rest) > 2 else rest[1]
        if done in LIFE_EVENTS and head != "not":
            return Verdict("personal", subject=subject)
        if participle(done):
            return drop("a one-off event")
    if head in LIFE_EVENTS:
        return Verdict("decision" if head in DECISION_WORDS else "personal", subject=subject)
    if participle(head) or (head in VERB_FORMS and head not in DETERMINERS and not head[:1].isdigit()):
        return drop("a one-off event")  # "I've fixed it", "I have just reset to main"
    blocked = _object_ok(rest, "")
    if blocked is not None:
        return blocked
    if any(
        re.fullmatch(r"[\w-]+\.(?:py|js|ts|go|rs|java|kt|rb|json|md|txt|ya?ml|toml|csv|sh|c|h|cpp|html|css|log)", w)
        for w in rest
    ):
        return drop("a setup detail of the moment (files)")  # "I have app.py and log.py in the same directory"
    if any(w in TRANSIENT_NOUNS or w in ("trouble", "issue", "issues", "bug", "bugs", "problem") for w in rest[:4]):
        return drop("about the conversation")
    if work and not any(w[:1].isdigit() or "-" in w or "." in w for w in rest) and len(rest) < 4:
        return drop("nothing concrete to remember")  # "we have token info" in a debugging session
    if work and any(w in MOMENT_STATES or w in BUG_STATES for w in rest[:4]):
        return drop("a passing state")  # "we have two idle workers for sync feature"
    if work and rest[0] == "the":
        return drop("points back into the conversation")  # "I have the keys in .env.local": which keys?
    if work and any(w in WORK_ITEMS for w in rest[:3]):
        return drop("about the task at hand")  # "I have branch https://...", "we have two open PRs"
    return Verdict("personal" if subject == "user" and not work else "project", subject=subject)
