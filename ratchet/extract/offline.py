"""The deterministic offline extractor, used when no LLM is configured.

User turns only (plus an assistant statement the user explicitly confirmed). Each user turn is stripped of code
and split into sentences (abbreviations such as "Dr." do not end one), and sentences into clauses where both
sides of a ";", "and" or "but" are full statements ("Priya is vegetarian and she can't stand spicy food" gives two
facts, the pronoun replaced by the subject it stands for). A clause is kept when it is a declarative statement with
a subject, a verb and at least two content words, or a standing rule ("Always run make lint before pushing").
Questions, requests to the assistant, filler and debugging chatter are dropped; so are instructions and claims
about the user inside untrusted content (tool results, web pages, ``[UNTRUSTED DATA]``): a web page does not get
to say what the user wants. First person becomes the third person ("I prefer tabs" -> "The user prefers tabs";
"we" is the team in work talk, the user otherwise), and keyword tables pick the category, tags (names and
technical terms before other nouns; never verbs or time words), tier and the importance modifiers. Correction cues
("actually", "now", "moved to", a leading "No,") mark a fact that may replace an older one. Same input, same output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ratchet.core.facts import Candidate
from ratchet.extract.grammar import (
    plain_word,
    resolve_leading_pronoun,
    second_to_third,
    subject_of,
    third_person,
    verb_form,
    verb_index,
)
from ratchet.extract.lexicon import (
    AUXILIARIES,
    BASE_VERBS,
    CATEGORY_WORDS,
    CODE_PREFIXES,
    FILLER,
    PREPOSITIONS,
    STOP,
    SUBJECT_PRONOUNS,
    SUBORDINATORS,
    TAG_NOISE,
    VERB_FORMS,
)
from ratchet.extract.transcripts import Turn

PROVENANCE = "offline-extractor/1"

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATION = re.compile(r"(?:\b(?:dr|mr|mrs|ms|st|jr|sr|prof|vs|etc|approx|no|inc|ltd|co|e\.g|i\.e|[A-Z])\.)$", re.I)
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_REMEMBER = re.compile(
    r"^(?:please\s+)?(?:remember|don'?t forget|do not forget|keep in mind|make a note|note to self|for the record|"
    r"note|fyi|important|heads up)(?:\s+(?:this|that))?\s*[:,-]?\s*(?:that\s+)?",
    re.I,
)
_REMEMBER_ALONE = re.compile(r"^(?:please\s+)?(?:remember|note|keep in mind|don'?t forget)\s+(?:this|that)\W*$", re.I)
_CORRECTION_PREFIX = re.compile(
    r"^(?:actually|correction|update|scratch that|wait|oh|sorry)\s*[:,-]?\s*(?:no\s*[,-]\s*)?", re.I
)
# "Yes, that's right, ..." / "No, we deploy on ...": the answer word is not part of the statement.
_ANSWER_PREFIX = re.compile(
    r"^(?P<word>yes|yeah|yep|yup|correct|right|exactly|indeed|no|nope|nah)\s*[,.!:;-]+\s*"
    r"(?:(?:that'?s|that is|it'?s)\s+(?:right|correct|true|it)\s*[,.!:;-]*\s*)?",
    re.I,
)
_CONFIRMATION = re.compile(
    r"^(?:yes|yeah|yep|yup|correct|right|exactly|indeed|that'?s (?:right|correct))\b[\s,.!]*"
    r"(?:(?:that'?s|that is|it is) (?:right|correct)[\s.!]*)?$",
    re.I,
)
_TAG_QUESTION = re.compile(
    r"^(?P<stmt>.+?)[,]?\s+(?:is that (?:right|correct)|right|correct|isn'?t (?:it|that)|am i right)\s*\?$", re.I
)
_REPORTED = re.compile(r"^you (?:mentioned|said|told me|noted)(?: (?:before|earlier|previously|once))?,? that\s+", re.I)
_CORRECTION = re.compile(
    r"\b(?:actually|no longer|not anymore|anymore|switched|changed|moved to|moved from|now \w+s|now uses?|now is|"
    r"(?:is|are|was) now|instead|replaced|correction|turns out|renamed|upgraded|downgraded|migrated)\b",
    re.I,
)
_QUESTION_START = re.compile(
    r"^(?:what|why|how|when|where|who|which|can|could|would|will|shall|should|do you|does|did|is|are|may|might)\b", re.I
)
_LEAD_IN = re.compile(r"^(?:(?:also|and|so|but|btw|by the way|oh|plus|anyway)\b[,:]?\s+|[\w' ]{1,30}:\s+(?=\S))", re.I)
_REMEMBER_TAIL = re.compile(r"[,;]\s*(?:please\s+)?(?:always\s+)?(?:remember|don'?t forget|keep in mind)\b.*$", re.I)
_RULE_START = re.compile(
    r"^(?:please\s+)?(?:always|never|don'?t ever|do not ever|don'?t|do not|make sure to always)\b", re.I
)
_REQUEST_START = re.compile(
    r"^(?:please|let'?s|lets|can you|could you|would you|i want you|i'?d like you|help me|go ahead|try|now|next|"
    r"ok(?:ay)?|so|show|run|fix|add|make|create|write|update|change|refactor|implement|check|look|open|read|"
    r"find|search|give|tell|explain|list|delete|remove|rename|move|install|start|stop|commit|push|build|test|"
    r"debug|help|continue|go|do it|yes|no|sure|thanks|thank|here'?s|here is|here are)\b",
    re.I,
)
_CHATTER = re.compile(
    r"\b(?:didn'?t work|doesn'?t work|still (?:fail|broken|get)|try again|same error|that broke|no luck|"
    r"weird|hmm|let me know|sounds good|looks good|thank you|thanks|a few things|before we (?:start|begin)|"
    r"one more thing|quick question)\b",
    re.I,
)
# Instructions aimed at the assistant, as prompt injections in tool output and web pages are written.
_INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|rules?|prompts?|previous|prior|above|"
    r"the user)\b|\b(?:ai|assistants?|agents?|llms?|models?|chatbots?|bots?)\s*[,:]|"
    r"\b(?:note|message|instructions?) (?:to|for) (?:the )?(?:ai|assistants?|agents?|llms?|models?)\b|"
    r"\bsystem\s*(?:note|override|prompt|message|instruction)?\s*:|"
    r"\b(?:you|assistants?|agents?|ai|models?)\s+(?:must|should|need to|have to|are required to|are now)\b|"
    r"\b(?:must|should)\s+(?:tell|inform|say|store|save|remember|record|approve|delete|pay|call|send|ask)\b|"
    r"\b(?:save|store|remember|record|add|write)\b.{0,40}\b(?:to|in|into) (?:your )?memory\b",
    re.I,
)
_ABOUT_USER = re.compile(r"\b(?:the user|user's|the guest|the customer)\b", re.I)
_SECOND_PERSON = re.compile(r"\b(?:you|your|you're|yourself)\b", re.I)
_ANAPHOR = re.compile(r"\b(?:one|ones|it|this|that|them|there|those|these)\b", re.I)
_CLAUSE_SEP = re.compile(r"\s*;\s+|,?\s+(?:and|but)\s+(?!also\b)")
_PROJECT_WORDS = re.compile(
    r"\b(?:repo|repository|codebase|this project|the project|service|database|api|endpoint|staging|production|prod|"
    r"deploy\w*|server|module|library|schema|branch|ci|tests?|lint|pipeline|migration|docker|kubernetes|config|"
    r"makefile|readme|pr|pull request|commit|merge|release|frontend|backend|node|python|typescript|javascript|"
    r"terraform|aws|gcp|azure|cluster|sdk|framework|postgres\w*|mysql|redis|sql|git|github|npm|pnpm|yarn)\b",
    re.I,
)
_PERSON_CATEGORIES = frozenset({"vehicle", "maintenance", "personal", "preference", "casual"})
_PRIVATE_LIFE = frozenset({"vehicle", "maintenance", "personal"})  # preferences come up in work sessions too
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
_TAG_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+#/_-]*[A-Za-z0-9+#]|[A-Za-z]")


def extract(turns: Iterable[Turn], categories: Iterable[str], default_category: str) -> list[Candidate]:
    """Candidate facts from the user turns of ``turns`` (deterministic)."""
    allowed = set(categories)
    turns = list(turns)
    work = _work_session(turns)
    out: list[Candidate] = []
    previous: Turn | None = None
    for turn in turns:
        if turn.role == "user" and turn.trusted and previous is not None and previous.role == "assistant":
            confirmed = _confirmed_statement(previous.text, turn.text)
            if confirmed:
                candidate = _candidate(confirmed, allowed, default_category, turn, work, evidence=confirmed)
                if candidate is not None:
                    out.append(candidate)
        if turn.role in ("user", "assistant"):
            previous = turn
        if turn.role != "user":
            continue
        out.extend(_turn_candidates(turn, allowed, default_category, work))
    return out


def _turn_candidates(turn: Turn, allowed: set[str], default_category: str, work: bool) -> list[Candidate]:
    kept: list[Candidate] = []
    last_sentence = ""
    for sentence in sentences(turn.text):
        if _REMEMBER_ALONE.match(sentence):
            if kept:  # "Remember that." points at the statement just before it
                kept[-1].explicit_remember = True
            continue
        core, explicit, correction = _prepare(sentence)
        core = resolve_leading_pronoun(core, last_sentence)
        last_sentence = core
        for clause in clauses(core):
            candidate = _candidate(clause, allowed, default_category, turn, work, sentence, explicit, correction)
            if candidate is not None:
                kept.append(candidate)
    return kept


def _work_session(turns: list[Turn]) -> bool:
    """Is this a work session (then "we" is the team) rather than a personal one (then "we" is the user)?"""
    text = " ".join(t.text for t in turns if t.role == "user" and t.trusted)
    work = len(_PROJECT_WORDS.findall(text))
    lower = text.lower()
    personal = sum(1 for c, ws in CATEGORY_WORDS if c in _PRIVATE_LIFE for w in ws if w in lower)
    return work > personal


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
        pieces: list[str] = []
        for piece in _SENTENCE_END.split(line):
            if pieces and _ABBREVIATION.search(pieces[-1]):
                pieces[-1] += " " + piece  # "Dr. Okafor" does not end a sentence
            else:
                pieces.append(piece)
        out.extend(s.strip() for s in pieces if s.strip())
    return out


def _codeish_line(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return True
    if line.startswith(("    ", "\t")) or stripped.startswith(CODE_PREFIXES):
        return True
    letters = sum(c.isalpha() or c.isspace() for c in stripped)
    return letters / len(stripped) < 0.7


def _prepare(sentence: str) -> tuple[str, bool, bool]:
    """(the statement itself, explicit "remember", correction cue) with lead-ins and answer words removed."""
    explicit = correction = False
    for _ in range(3):  # "Oh, no, ..." / "Also, please remember that ..." / "Yes. Heads up: ..."
        before = sentence
        match = _REMEMBER.match(sentence)
        if match and match.end() < len(sentence):
            word = re.sub(r"^please\s+", "", match.group(0).lower())
            explicit = explicit or word.startswith(
                ("remember", "don", "do not", "keep", "make", "note to", "important")
            )
            correction = correction or word.startswith("heads up")
            sentence = sentence[match.end() :]
        match = _CORRECTION_PREFIX.match(sentence)
        if match and match.end() < len(sentence) and match.group(0).strip():
            correction = True
            sentence = sentence[match.end() :]
        match = _ANSWER_PREFIX.match(sentence)
        if match and match.end() < len(sentence):
            correction = correction or match.group("word").lower() in ("no", "nope", "nah")
            sentence = sentence[match.end() :]
        sentence = _LEAD_IN.sub("", sentence, count=1).strip(" \"'")
        if sentence == before:
            break
    tail = _REMEMBER_TAIL.search(sentence)
    if tail:
        explicit = True
        sentence = sentence[: tail.start()] + "."
    return sentence, explicit, correction


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
    return clause[0].upper() + clause[1:] + "." if clause else clause


def _split_right(left: str, right: str, sep: str) -> str | None:
    """The right-hand clause as a full statement, or None when the sentence should not split here."""
    if not _is_statement(left):
        return None
    rtoks = right.split()
    if len(rtoks) < 2:
        return None
    first = plain_word(rtoks[0])
    if (";" in sep or _RULE_START.match(right)) and _ANAPHOR.search(right):
        return None  # "...; always add a new one" leans on the left side
    if _RULE_START.match(right):
        return right
    if first in ("he", "she", "they", "it"):
        subject = subject_of(left)
        vi = verb_index(rtoks)
        if vi != 1:
            return None
        if subject and plain_word(subject.split()[0]) not in SUBJECT_PRONOUNS:
            return subject + " " + " ".join(rtoks[1:])
        return None if first == "it" else right
    vi = verb_index(rtoks)
    if vi is not None and 0 < vi <= 4 and not any(plain_word(t) in SUBORDINATORS | PREPOSITIONS for t in rtoks[:vi]):
        if ";" not in sep and plain_word(rtoks[vi]) in AUXILIARIES and rtoks[vi - 1][:1].islower() and vi == 1:
            return None  # "apples and pears are ..." is one subject, not two clauses
        return right
    ltoks = left.split()
    lvi = verb_index(ltoks)
    if lvi is None or first not in VERB_FORMS or first in AUXILIARIES or len(rtoks) < 3:
        return None
    lverb = plain_word(ltoks[lvi])
    be = lverb in AUXILIARIES or bool(re.fullmatch(r"\w+'(?:re|m|s)", lverb))
    if be and lvi + 1 < len(ltoks) and plain_word(ltoks[lvi + 1]).endswith("ing"):
        if first.endswith("ing"):  # "We're flying to Lisbon and staying at ..."
            return " ".join(ltoks[: lvi + 1]) + " " + right
        return None
    if verb_form(lverb) == verb_form(first) and not be:  # "I keep X in Y and use Z for W"
        return " ".join(ltoks[:lvi]) + " " + right
    return None


def _is_statement(clause: str) -> bool:
    if _RULE_START.match(clause):
        return True
    vi = verb_index(clause.split())
    return vi is not None and (vi > 0 or "'" in clause.split()[0])


def _confirmed_statement(assistant_text: str, user_text: str) -> str | None:
    """The assistant's "X, is that right?" when the user's whole answer is "Yes, that's right."."""
    if not _CONFIRMATION.match(user_text.strip()):
        return None
    said = sentences(assistant_text)
    match = _TAG_QUESTION.match(said[-1]) if said else None
    if not match:
        return None
    statement = _REPORTED.sub("", match.group("stmt").strip())
    return second_to_third(statement)


def _candidate(
    sentence: str,
    allowed: set[str],
    default_category: str,
    turn: Turn,
    work: bool,
    evidence: str | None = None,
    explicit: bool = False,
    correction: bool = False,
) -> Candidate | None:
    original = evidence or sentence
    if not turn.trusted and _untrusted_instruction(sentence):
        return None
    if not _worth_keeping(sentence, explicit):
        return None
    correction = correction or bool(_CORRECTION.search(sentence))
    team = work or bool(_PROJECT_WORDS.search(sentence))
    content = third_person(sentence, team=team)
    category = _category(sentence, allowed, default_category)
    we_is_user = not team and re.search(r"\b(?:we|our|us|we're)\b", sentence, re.I)
    about = (
        "project"
        if _PROJECT_WORDS.search(sentence)
        else (
            "person"
            if category in _PERSON_CATEGORIES or we_is_user or re.search(r"\b(?:i|my|me|i'm)\b", sentence, re.I)
            else "project"
        )
    )
    tier = "permanent" if _PERMANENT.search(original) else "transient" if _TRANSIENT.search(sentence) else "standard"
    return Candidate(
        content=content,
        category=category,
        tags=tags(content, category),
        tier=tier,
        explicit_remember=explicit,
        action_required=bool(_ACTION.search(sentence)),
        trusted=turn.trusted,
        trust_reasons=[] if turn.trusted else [turn.reason or "untrusted"],
        evidence=original[:200],
        about=about,
        correction=correction,
        provenance=PROVENANCE,
        turn_uid=turn.uid,
    )


def _untrusted_instruction(sentence: str) -> bool:
    """Untrusted text that tells the assistant what to do, sets a rule, or claims what the user wants."""
    if _INJECTION.search(sentence) or _ABOUT_USER.search(sentence) or _SECOND_PERSON.search(sentence):
        return True
    if _RULE_START.match(sentence):
        return True
    tokens = sentence.split()
    return bool(tokens) and plain_word(tokens[0]) in BASE_VERBS and not _is_statement(sentence)


def _worth_keeping(sentence: str, explicit: bool) -> bool:
    words = [w.lower().strip("'") for w in _WORD.findall(sentence)]
    stripped = sentence.rstrip()
    if len(words) < 3 or stripped.endswith(("?", ":")):
        return False
    if all(w in FILLER for w in words):
        return False
    if _QUESTION_START.match(sentence) and not explicit:
        return False
    is_rule = bool(_RULE_START.match(sentence))
    if not is_rule and not explicit and _REQUEST_START.match(sentence):
        return False
    if _CHATTER.search(sentence):
        return False
    content_words = [w for w in words if w not in STOP and len(w) >= 3 and not w.endswith("n't")]
    if len(content_words) < 2:
        return False
    return is_rule or _is_statement(sentence)


def _category(text: str, allowed: set[str], default: str) -> str:
    lower = f" {text.lower()} "
    for category, pattern in _CATEGORY_PATTERNS:
        if category in allowed and pattern.search(lower):
            return category
    return default


# One compiled alternation per category (compiling a pattern per word per sentence made long turns quadratic-slow).
_CATEGORY_PATTERNS = [
    (category, re.compile("|".join(rf"(?<![a-z]){re.escape(w.strip())}(?![a-z])" for w in words)))
    for category, words in CATEGORY_WORDS
]


def tags(content: str, category: str, limit: int = 6) -> list[str]:
    """Tags of a fact: its category, then names and technical terms, then other nouns; never verbs, stop words
    or time words."""
    named: list[str] = []
    plain: list[str] = []
    tokens = content.split()
    for index, raw in enumerate(tokens):
        for word in _TAG_TOKEN.findall(raw):
            lower = word.lower().removesuffix("'s")
            if len(lower) < 3 or lower.isdigit() or lower in STOP or lower in FILLER or lower in TAG_NOISE:
                continue
            technical = bool(re.search(r"[0-9.+#/_-]", lower) or re.search(r"[a-z][A-Z]", word) or word.isupper())
            capital = word[:1].isupper() and index > 0 and plain_word(tokens[index - 1]) not in ("", ".")
            if not technical and (
                lower in VERB_FORMS or lower.endswith("ly") or (lower.endswith("ed") and not capital)
            ):
                continue
            (named if technical or capital else plain).append(lower)
    out = [category]
    for word in named + plain:
        if word not in out:
            out.append(word)
    return out[:limit]
