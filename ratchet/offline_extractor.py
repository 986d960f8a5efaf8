"""The deterministic offline extractor, used when no LLM is configured.

User turns only. Each user turn is stripped of code, split into sentences, and a sentence is kept when it is
a declarative statement with a subject, a verb and at least two content words, or a standing rule ("Always
run make lint before pushing"). Questions, requests to the assistant, filler and debugging chatter are
dropped. First person is rewritten to the third person ("I prefer tabs" -> "The user prefers tabs"), and
keyword tables pick the category, tags, tier and the importance modifiers. Same input, same output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ratchet.candidates import Candidate
from ratchet.transcripts import Turn


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


PROVENANCE = "offline-extractor/1"

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_REMEMBER = re.compile(
    r"^(?:please\s+)?(?:remember|don'?t forget|do not forget|keep in mind|make a note|note to self|for the record|"
    r"note|fyi|important)(?:\s+(?:this|that))?\s*[:,-]?\s*(?:that\s+)?",
    re.I,
)
_REMEMBER_ALONE = re.compile(r"^(?:please\s+)?(?:remember|note|keep in mind|don'?t forget)\s+(?:this|that)\W*$", re.I)
_CORRECTION_PREFIX = re.compile(
    r"^(?:actually|correction|update|scratch that|wait|oh|sorry)\s*[:,-]?\s*(?:no\s*[,-]\s*)?", re.I
)
_CORRECTION = re.compile(
    r"\b(?:actually|no longer|not anymore|anymore|switched|changed|moved to|now uses?|now is|instead|replaced|"
    r"correction|turns out|renamed)\b",
    re.I,
)
_QUESTION_START = re.compile(
    r"^(?:what|why|how|when|where|who|which|can|could|would|will|shall|should|do you|does|did|is|are|may|might)\b", re.I
)
_LEAD_IN = re.compile(r"^(?:(?:also|and|so|but|btw|by the way|oh|plus|anyway)\b[,:]?\s+|[\w' ]{1,30}:\s+(?=\S))", re.I)
_REMEMBER_TAIL = re.compile(r"[,;]\s*(?:please\s+)?(?:remember|don'?t forget|keep in mind)\b.*$", re.I)
_RULE_START = re.compile(
    r"^(?:please\s+)?(?:always|never|don'?t ever|do not ever|don'?t|do not|make sure to always)\b", re.I
)
_REQUEST_START = re.compile(
    r"^(?:please|let'?s|lets|can you|could you|would you|i want you|i'?d like you|help me|go ahead|try|now|next|"
    r"ok(?:ay)?|so|show|run|fix|add|make|create|write|update|change|refactor|implement|check|look|open|read|"
    r"find|search|give|tell|explain|list|delete|remove|rename|move|install|start|stop|commit|push|build|test|"
    r"debug|help|continue|go|do it|yes|no|sure|thanks|thank)\b",
    re.I,
)
_CHATTER = re.compile(
    r"\b(?:didn'?t work|doesn'?t work|still (?:fail|broken|get)|try again|same error|that broke|no luck|"
    r"weird|hmm|let me know|sounds good|looks good|thank you|thanks|a few things|before we (?:start|begin)|"
    r"one more thing|quick question)\b",
    re.I,
)
_FILLER = _words(
    """
    hi hello hey thanks thank you ok okay great cool nice perfect awesome yes no yeah yep nope sure lgtm good
    sounds looks fine alright right got it done wow hmm
    """
)
_STOP = _words(
    """
    a an the and or but of to in on at for from by with as is are was were be been being am do does did has
    have had this that these those it its i me my we our you your he she they them their his her user team
    please always also just really very so then than there here which who what when where why how will would
    should could can may might must not no never about into over under again some any all each every one the
    user's want get got make made use used using now still only even too well
    """
)
_VERBS = _words(
    """
    is are was were am be been has have had do does did will would can could should must shall may might use
    uses used prefer prefers preferred like likes liked love loves hate hates want wants need needs live lives
    lived work works worked run runs ran keep keeps kept deploy deploys deployed decide decided switch
    switched move moved change changed buy bought sell sold replace replaced service serviced break broke
    broken go goes went own owns owned drive drives drove call calls called name named host hosts hosted store
    stores stored ship ships shipped start starts started take takes took require requires required expire
    expires expired due release released merge merges merged
    """
)
_ADVERBS = frozenset(
    [
        "always",
        "usually",
        "never",
        "really",
        "also",
        "still",
        "only",
        "just",
        "mostly",
        "often",
        "generally",
        "typically",
        "strongly",
    ]
)
_IRREGULAR_3RD = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is"}
_PAST_OR_MODAL = frozenset(
    ["was", "were", "had", "did", "will", "would", "can", "could", "should", "must", "may", "might", "shall"]
)

_CATEGORY_WORDS: list[tuple[str, tuple[str, ...]]] = [
    (
        "incident",
        (
            "incident",
            "outage",
            "went down",
            "was down",
            "postmortem",
            "post-mortem",
            "rollback",
            "rolled back",
            "sev1",
            "sev2",
            "on-call",
            "paged",
            "data loss",
            "corrupted",
        ),
    ),
    (
        "decision",
        (
            "decided",
            "decision",
            "we chose",
            "chose",
            "going with",
            "we'll go with",
            "settled on",
            "agreed to",
            "adopt",
            "adopted",
        ),
    ),
    (
        "vehicle",
        (
            "car",
            "truck",
            "tacoma",
            "wrx",
            "tire",
            "tires",
            "brake",
            "brakes",
            "oil change",
            "mileage",
            "miles",
            "odometer",
            "vehicle",
            "registration",
            "bike",
            "motorcycle",
        ),
    ),
    (
        "maintenance",
        (
            "serviced",
            "maintenance",
            "filter",
            "renew",
            "renewal",
            "inspection",
            "replace the",
            "furnace",
            "hvac",
            "warranty",
            "expires",
        ),
    ),
    (
        "preference",
        (
            "prefer",
            "prefers",
            "like",
            "likes",
            "love",
            "hate",
            "dislike",
            "favorite",
            "favourite",
            "rather",
            "can't stand",
            "dark mode",
            "light mode",
        ),
    ),
    (
        "process",
        (
            "always",
            "never",
            "before merging",
            "before pushing",
            "workflow",
            "convention",
            "pull request",
            " pr ",
            "code review",
            "commit message",
            "branch",
            "ci ",
            "lint",
            "release process",
            "standup",
        ),
    ),
    (
        "personal",
        (
            "birthday",
            "wife",
            "husband",
            "partner",
            "kid",
            "kids",
            "daughter",
            "son",
            "allergic",
            "allergy",
            "my name",
            "i live",
            "lives in",
            "dentist",
            "doctor",
            "anniversary",
            "dog",
            "cat",
        ),
    ),
    (
        "project",
        (
            "repo",
            "repository",
            "codebase",
            "service",
            "database",
            "api",
            "endpoint",
            "stack",
            "staging",
            "production",
            "deploy",
            "server",
            "module",
            "library",
            "framework",
            "schema",
            "port",
        ),
    ),
    ("operational", ("today", "currently", "for now", "this session", "right now", "at the moment", "temporarily")),
]
_PROJECT_WORDS = re.compile(
    r"\b(?:repo|repository|codebase|this project|the project|service|database|api|endpoint|staging|production|prod|"
    r"deploy\w*|server|module|library|schema|branch|ci|tests?|lint|pipeline|migration|docker|kubernetes|config|"
    r"makefile|readme|pr|pull request|commit|merge|release)\b",
    re.I,
)
_PERSON_CATEGORIES = frozenset({"vehicle", "maintenance", "personal", "preference", "casual"})
_ACTION = re.compile(
    r"\b(?:overdue|due|deadline|need to|needs to|must|todo|to-do|remind|follow up|expires?|renew|"
    r"by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week))\b",
    re.I,
)
_PERMANENT = re.compile(
    r"\b(?:permanent(?:ly)?|always remember|never forget|forever|allerg(?:y|ic)|epipen|safety|life-threatening)\b", re.I
)
_TRANSIENT = re.compile(
    r"\b(?:for now|today|this session|right now|at the moment|temporarily|currently debugging|for this task)\b", re.I
)


def extract(turns: Iterable[Turn], categories: Iterable[str], default_category: str) -> list[Candidate]:
    """Candidate facts from the user turns of ``turns`` (deterministic)."""
    allowed = set(categories)
    out: list[Candidate] = []
    for turn in turns:
        if turn.role != "user":
            continue
        kept_in_turn: list[Candidate] = []
        for sentence in sentences(turn.text):
            if _REMEMBER_ALONE.match(sentence):
                if kept_in_turn:  # "Remember that." points at the statement just before it
                    kept_in_turn[-1].explicit_remember = True
                continue
            candidate = _candidate(sentence, allowed, default_category, turn)
            if candidate is not None:
                kept_in_turn.append(candidate)
        out.extend(kept_in_turn)
    return out


def sentences(text: str) -> list[str]:
    """Prose sentences of ``text``: code blocks, command lines and log output removed."""
    text = _FENCE.sub("\n", text)
    out: list[str] = []
    for line in text.splitlines():
        if _codeish_line(line):
            continue
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        out.extend(s.strip() for s in _SENTENCE_END.split(line) if s.strip())
    return out


def _codeish_line(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return True
    if line.startswith(("    ", "\t")) or stripped.startswith(
        (
            "$ ",
            ">>> ",
            "Traceback",
            'File "',
            "at ",
            "#!",
            "//",
            "import ",
            "from ",
            "def ",
            "class ",
            "{",
            "}",
            "<",
            "diff ",
            "+++",
            "---",
            "@@",
        )
    ):
        return True
    letters = sum(c.isalpha() or c.isspace() for c in stripped)
    return letters / len(stripped) < 0.7


def _candidate(sentence: str, allowed: set[str], default_category: str, turn: Turn) -> Candidate | None:
    original = sentence
    explicit = False
    correction = False
    match = _REMEMBER.match(sentence)
    if match and match.end() < len(sentence):
        explicit = re.sub(r"^please\s+", "", match.group(0).lower()).startswith(
            ("remember", "don", "do not", "keep", "make", "note to", "important")
        )
        sentence = sentence[match.end() :]
    match = _CORRECTION_PREFIX.match(sentence)
    if match and match.end() < len(sentence) and match.group(0).strip():
        correction = True
        sentence = sentence[match.end() :]
    sentence = _LEAD_IN.sub("", sentence, count=1).strip(" \"'")
    tail = _REMEMBER_TAIL.search(sentence)
    if tail:
        explicit = True
        sentence = sentence[: tail.start()] + "."
    if not _worth_keeping(sentence, explicit):
        return None
    correction = correction or bool(_CORRECTION.search(sentence))
    content = third_person(sentence)
    category = _category(original, allowed, default_category)
    about = (
        "project"
        if _PROJECT_WORDS.search(original)
        else (
            "person" if category in _PERSON_CATEGORIES or re.search(r"\b(?:i|my|me)\b", original, re.I) else "project"
        )
    )
    tier = "permanent" if _PERMANENT.search(original) else "transient" if _TRANSIENT.search(original) else "standard"
    return Candidate(
        content=content,
        category=category,
        tags=_tags(content, category),
        tier=tier,
        explicit_remember=explicit,
        action_required=bool(_ACTION.search(original)),
        trusted=turn.trusted,
        trust_reasons=[] if turn.trusted else [turn.reason or "untrusted"],
        evidence=original[:200],
        about=about,
        correction=correction,
        provenance=PROVENANCE,
        turn_uid=turn.uid,
    )


def _worth_keeping(sentence: str, explicit: bool) -> bool:
    words = [w.lower().strip("'") for w in _WORD.findall(sentence)]
    if len(words) < 3 or sentence.rstrip().endswith("?"):
        return False
    if all(w in _FILLER for w in words):
        return False
    if _QUESTION_START.match(sentence) and not explicit:
        return False
    is_rule = bool(_RULE_START.match(sentence))
    if not is_rule and not explicit and _REQUEST_START.match(sentence):
        return False
    if _CHATTER.search(sentence):
        return False
    content_words = [w for w in words if w not in _STOP and len(w) >= 3]
    if len(content_words) < 2:
        return False
    has_verb = any(w in _VERBS or w.endswith("ed") or w.endswith(("'s", "'re", "'m", "'ve", "'ll")) for w in words)
    return is_rule or has_verb


def third_person(sentence: str) -> str:
    """'I prefer tabs' -> 'The user prefers tabs'; 'our CI' -> 'the team's CI'. Ends with a period."""
    tokens = sentence.split(" ")
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        bare = tok.strip(",.;:!\"'()").lower()
        trail = tok[len(tok.rstrip(",.;:!\"')")) :]
        rest = tokens[i + 1 :]
        if bare in ("i", "we"):
            subject = "the user" if bare == "i" else "the team"
            out.append(subject + trail)
            i += 1
            # conjugate the verb (skipping adverbs) unless punctuation ended the subject
            j = i
            while j < len(tokens) and tokens[j].lower().strip(",") in _ADVERBS:
                j += 1
            if not trail and j < len(tokens):
                tokens[j] = _third(tokens[j])
            continue
        mapped = {
            "i'm": "the user is",
            "i've": "the user has",
            "i'll": "the user will",
            "i'd": "the user would",
            "we're": "the team is",
            "we've": "the team has",
            "we'll": "the team will",
            "we'd": "the team would",
            "my": "the user's",
            "mine": "the user's",
            "me": "the user",
            "myself": "themself",
            "our": "the team's",
            "ours": "the team's",
            "us": "the team",
        }.get(bare.replace("\u2019", "'"))
        if mapped:
            out.append(mapped + trail)
        else:
            out.append(tok)
        i += 1
        del rest
    text = " ".join(out).strip()
    text = text[0].upper() + text[1:] if text else text
    if text and text[-1] not in ".!":
        text += "."
    return text


def _third(word: str) -> str:
    """Third person singular of a verb token: 'prefer' -> 'prefers', "don't" -> "doesn't"."""
    core = word.rstrip(",.;:!")
    if core != word:
        return _third(core) + word[len(core) :]
    lower = word.lower()
    if lower in ("don't", "don\u2019t"):
        return "doesn't"
    if lower in ("am", "are"):
        return "is"
    if lower in ("were",):
        return "was"
    if lower in _PAST_OR_MODAL or not lower.isalpha() or lower.endswith("ed") or lower not in _VERBS:
        return word
    if lower in _IRREGULAR_3RD:
        return _IRREGULAR_3RD[lower]
    if lower.endswith("s"):
        return word
    if lower.endswith(("sh", "ch", "x", "z", "o")):
        return word + "es"
    if lower.endswith("y") and lower[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _category(text: str, allowed: set[str], default: str) -> str:
    lower = f" {text.lower()} "
    for category, words in _CATEGORY_WORDS:
        if category in allowed and any(re.search(rf"(?<![a-z]){re.escape(w.strip())}(?![a-z])", lower) for w in words):
            return category
    return default


def _tags(content: str, category: str) -> list[str]:
    tags = [category]
    for word in _WORD.findall(content.lower()):
        word = word.strip("'").removesuffix("'s")
        if len(word) >= 3 and word not in _STOP and word not in tags and word not in _FILLER:
            tags.append(word)
        if len(tags) >= 6:
            break
    return tags
