"""The deterministic offline extractor, used when no LLM is configured: precision first.

User turns only (plus an assistant statement the user explicitly confirmed). Each user turn is read for the user's
own prose (:mod:`ratchet.extract.prose`: pasted code, logs, diffs, tables, quotes, quoted email, agent replies and
material introduced by "...:" are not the user's words), split into sentences (abbreviations such as "Dr." do not
end one) and sentences into clauses where both sides of a ";", "and" or "but" are full statements ("I am 30 and
have ten years in sales" gives two facts, the second keeping its subject). A clause is kept only when
:mod:`ratchet.extract.statements` calls it a durable statement of a known kind (a preference, a decision, a rule,
a personal fact, an activity, how the project works, a change, a requirement, a dated plan); questions, requests,
chatter, fragments, hedges, passing states, reactions to the assistant's offers and claims the user took back in the
same message are dropped. When in doubt, leave it out: an empty memory is better than a misleading one.

Untrusted content (tool results, web pages, ``[UNTRUSTED DATA]``) may give a plain third-person statement, stored as
untrusted, never an instruction or a claim about the user. First person becomes the third person ("I prefer tabs"
-> "The user prefers tabs"; "we" is the team in work talk, the user otherwise), names and file paths as written. The
category comes from the kind of statement (a decision is a decision), refined by topic words; tags, tier and the
importance modifiers from keyword tables. Correction cues ("actually", "now", "moved to", a leading "No,") mark a fact
that may replace an older one. Same input, same output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ratchet.core.facts import Candidate
from ratchet.extract import answers, prose
from ratchet.extract.clauses import RULE_START, clauses, is_statement
from ratchet.extract.grammar import (
    in_name,
    plain_word,
    resolve_leading_pronoun,
    second_to_third,
    third_person,
)
from ratchet.extract.lexicon import (
    BASE_VERBS,
    CATEGORY_WORDS,
    FILLER,
    INTERJECTIONS,
    STOP,
    TAG_NOISE,
    VERB_FORMS,
    WANTING,
)
from ratchet.extract.statements import HEDGE, MOMENT, Verdict, classify, of_the_session, one_evening
from ratchet.extract.transcripts import Turn

PROVENANCE = "offline-extractor/2"

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
_LEAD_IN = re.compile(
    r"^(?:(?:also|and|so|but|btw|by the way|oh|plus|anyway|well|ok|okay|alright|hmm|ah|fyi|ps|p\.s\.|yeah|yes|yep|"
    r"hello|hi|hey|"
    r"sure|right|cool|great|nice|perfect|awesome)\b[,:.!]?\s+|"
    r"[\w' ]{1,30}:\s+(?=\S))",
    re.I,
)
_REMEMBER_TAIL = re.compile(r"[,;]\s*(?:please\s+)?(?:always\s+)?(?:remember|don'?t forget|keep in mind)\b.*$", re.I)
# A claim taken back in the same message: the statement before it is not kept.
_WITHDRAW = re.compile(
    r"^(?:(?:actually|oh|wait|sorry|hmm)[,.!]?\s+)?(?:never ?mind|scratch that|forget (?:it|that|what i said)|"
    r"ignore (?:that|what i (?:just )?said)|i was wrong|that'?s (?:not (?:right|true)|wrong)|not true|my bad|"
    r"no,? wait|wait,? no|actually,? no|i take (?:that|it) back)\b",
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
_PROJECT_WORDS = re.compile(
    r"\b(?:repo|repository|codebase|this project|the project|service|database|api|endpoint|staging|production|prod|"
    r"deploy\w*|server|module|library|schema|branch|ci|tests?|lint|pipeline|migration|docker|kubernetes|config|"
    r"makefile|readme|pr|pull request|commit|merge|release|frontend|backend|node|python|typescript|javascript|"
    r"terraform|aws|gcp|azure|cluster|sdk|framework|postgres\w*|mysql|redis|sql|git|github|npm|pnpm|yarn)\b",
    re.I,
)
_PRIVATE_LIFE = frozenset({"vehicle", "maintenance", "personal"})  # preferences come up in work sessions too
_ACTION = re.compile(
    r"\b(?:overdue|due|deadline|need to|needs to|must|todo|to-do|remind|follow up|expires?|renew|"
    r"by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week))\b",
    re.I,
)
_PERMANENT = re.compile(
    r"\b(?:permanent(?:ly)?|always remember|never forget|forever|allerg(?:y|ic)|anaphyla\w*|life-threatening)\b", re.I
)
_TRANSIENT = re.compile(
    r"\b(?:for now|today|this session|right now|at the moment|temporarily|currently debugging|for this task)\b", re.I
)
_TAG_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+#/_-]*[A-Za-z0-9+#]|[A-Za-z]")
# The category a kind of statement is filed under; topic words (an incident, a vehicle, maintenance) outrank it.
KIND_CATEGORY = {
    "preference": "preference",
    "decision": "decision",
    "rule": "process",
    "personal": "personal",
    "activity": "project",
    "project": "project",
    "change": "project",
    "requirement": "project",
    "plan": "personal",
    "incident": "incident",
}
_TOPICS = ("incident", "vehicle", "maintenance")
_ROLE_CLAIM = re.compile(r"^(?:i am|i'm|im)\s+(?:a|an|the|your|his|her)\b", re.I)
_ROLE_PLAY = re.compile(
    r"\b(?:act (?:as|like)|pretend|role-?play|mock interview|play the role|you are (?:a|an|the|my)\b|"
    r"you will be (?:a|an|the|my)\b|in this scenario|stay in character)",
    re.I,
)
# What the user wants done (in a work session: the task at hand), anywhere in a clause after the rewrite.
_WANT = re.compile(rf"\b(?:i|we|the user|the team)\s+(?:really\s+)?(?:{WANTING})\s+to\b", re.I)
# Contractions typed without their apostrophe ("Ive", "dont", a leading "lets"): read, and rewritten, as meant.
_APOSTROPHE_LESS = re.compile(
    r"\b(?:(?P<i>[Ii])(?P<v>ve|m)|(?P<neg>dont|doesnt|didnt|cant|isnt|arent|wasnt|werent|havent|hasnt|wouldnt|"
    r"couldnt|shouldnt|wont)|\A(?P<lets>[Ll]ets))\b"
)

_CLAUSE_STARTS = frozenset({"and", "but", "so", "because", "since", "that", "then", "cause", "as", "if", "when"})


def _apostrophe(match: re.Match[str]) -> str:
    if match.group("i"):
        before = match.string[: match.start()].rstrip()
        if before and before[-1] not in ",;:.!?(" and before.split()[-1].lower() not in _CLAUSE_STARTS:
            return match.group(0)  # "the Ive design": a name, not "I've"
        return f"I'{match.group('v')}"
    if match.group("lets"):
        return match.group("lets")[0] + "et's"
    word = match.group("neg")
    return word[:-1] + "'" + word[-1]


# Places files pass through: Downloads, the desktop, temporary folders.
_SCRATCH = re.compile(r"(?:~|/home/[^/\s]+|/Users/[^/\s]+)/(?:Downloads|Desktop)/|(?<![\w.])/tmp/|\\Downloads\\", re.I)
# Discourse markers at the end of a clause carry no content: "I am a man though" states "I am a man".
_TRAILER = re.compile(r"[,\s]+(?:though|anyway|anyways|lol|haha|btw|tbh|i guess)\s*([.!]?)$", re.I)
# A request tacked onto a statement: "I'm writing a parser in Rust, can you review it?" keeps the statement.
_REQUEST_TAIL = re.compile(
    r"(?:[,;:]|\s-+)\s*(?:and\s+|so\s+|but\s+)?(?:(?:can|could|would|will|shall)\s+(?:you|u|we)|let'?s|please|pls|"
    r"help me|"
    r"any (?:ideas|tips|advice|suggestions))\b.*$",
    re.I,
)


def extract(turns: Iterable[Turn], categories: Iterable[str], default_category: str) -> list[Candidate]:
    """Candidate facts from the user turns of ``turns`` (deterministic)."""
    allowed = set(categories)
    turns = list(turns)
    agent = _agent_at_work(turns)
    work = _work_session(turns, agent)
    out: list[Candidate] = []
    previous: Turn | None = None
    earlier: list[str] = []  # the assistant's turns so far (prose.normal): a stretch of one pasted back is theirs
    for turn in turns:
        offered = previous.text if previous is not None and previous.role == "assistant" else ""
        if turn.role == "user" and turn.trusted and offered:
            confirmed = _confirmed_statement(offered, turn.text)
            verdict = classify(confirmed, work=work) if confirmed else None
            if confirmed and verdict:
                out.append(_candidate(confirmed, verdict, allowed, default_category, turn, work, evidence=confirmed))
        if turn.role == "user" and turn.trusted and offered:
            picked = answers.choice(offered, turn.text, need_topic=agent)
            if picked:
                decision = Verdict("decision", "choice", "team" if work else "user")
                out.append(_candidate(picked, decision, allowed, default_category, turn, work, evidence=turn.text))
        if turn.role in ("user", "assistant"):
            previous = turn
        if turn.role == "assistant":
            earlier.append(f" {prose.normal(turn.text)} ")
        if turn.role != "user":
            continue
        out.extend(_turn_candidates(turn, allowed, default_category, work, offered, agent, earlier))
    return out


def _turn_candidates(
    turn: Turn,
    allowed: set[str],
    default_category: str,
    work: bool,
    offered: str = "",
    agent: bool = False,
    earlier: Sequence[str] = (),
) -> list[Candidate]:
    kept: list[Candidate] = []
    pieces = prose.split(turn.text)
    all_text = " ".join(p.text for p in pieces)
    # "Act as a hiring manager ... I am a new hire": who the user says they are inside a role-play is a role.
    playing = bool(_ROLE_PLAY.search(turn.text))
    # Prose that never speaks as the user and runs past two sentences is pasted (a review, a report, an example).
    speaks = prose.first_person(all_text) or (len(pieces) <= 2 and len(all_text.split()) <= 40)
    last_sentence = ""
    for piece in pieces:
        sentence = piece.text
        if _REMEMBER_ALONE.match(sentence):
            if kept:  # "Remember that." points at the statement just before it
                kept[-1].explicit_remember = True
            continue
        withdrawn = _WITHDRAW.match(sentence)
        if withdrawn:
            if kept:
                kept.pop()  # "... Actually no, scratch that." takes the last statement back
            sentence = sentence[withdrawn.end() :].lstrip(" ,.;:!-")  # "Never mind, we use X" goes on with the rest
            if not sentence:
                continue
        core, explicit, correction = _prepare(_from_subject(_APOSTROPHE_LESS.sub(_apostrophe, sentence)))
        core = _from_subject(_REQUEST_TAIL.sub("", core))
        core = resolve_leading_pronoun(core, last_sentence)
        last_sentence = core
        if core.rstrip().endswith("?") and not explicit:
            continue  # "can we start from scratch (...) and change it?": no clause of a question is a statement
        if piece.listed and work and not explicit:
            continue  # list items in a work session are steps, options and to-dos, not statements
        if not explicit and prose.repeats(sentence, earlier):
            continue  # a lyric, a bio, a draft the assistant wrote, pasted back: its words, not the user's
        own = (piece.own and speaks and not piece.listed) or explicit
        for clause in clauses(core):
            candidate = _clause_candidate(
                clause, allowed, default_category, turn, work, sentence, explicit, correction, own, offered, agent
            )
            if candidate is not None and playing and _ROLE_CLAIM.match(clause):
                continue
            if candidate is not None:
                kept.append(candidate)
    return kept


def _clause_candidate(
    clause: str,
    allowed: set[str],
    default_category: str,
    turn: Turn,
    work: bool,
    sentence: str,
    explicit: bool,
    correction: bool,
    own: bool,
    offered: str,
    agent: bool = False,
) -> Candidate | None:
    if not turn.trusted and (_untrusted_instruction(clause) or re.match(r"(?:i|we|my|our)\b", clause, re.I)):
        return None  # a page does not say what the user wants, nor speak as the user
    if work and MOMENT.search(sentence):
        return None  # "Right now we store ...": the lead-in the clause lost says it is how things stand today
    if work and _WANT.search(clause) and not explicit:
        return None  # "... libraries that I want to bring into this project": what this session is for
    if work and _SCRATCH.search(clause) or agent and not explicit and of_the_session(clause, sentence):
        return None  # where a file waits for this task (~/Downloads/icon.png); to an agent at work, the next step
    if not explicit and _under_hedge(clause, sentence):
        return None  # "I thought we removed X and use Y": a hedge governs the clauses after it in its sentence
    verdict = classify(clause, own=own or not turn.trusted, work=work, offered=offered)
    if not verdict or (agent and verdict.kind == "activity" and not explicit):
        return None  # to an agent at work, "I'm running the build", "I'm working on ENT-98" say what this task is
    if one_evening(clause, sentence) and verdict.kind not in ("change", "decision") and not explicit:
        return None  # "I explained spirits last night": one evening's event ("X moved to Y last night" is a change)
    return _candidate(clause, verdict, allowed, default_category, turn, work, sentence, explicit, correction)


def _under_hedge(clause: str, sentence: str) -> bool:
    """Whether a hedge of ``sentence`` ("I thought", "correct me if") comes before where ``clause`` was taken from."""
    low = sentence.lower()
    hedge = HEDGE.search(low)
    if hedge is None:
        return False
    tail = " ".join(clause.lower().rstrip(".!").split()[-3:])
    at = low.rfind(tail) if tail else -1
    return at < 0 or hedge.start() < at


def _from_subject(sentence: str) -> str:
    """ "yeah sure it is I like spicy food" -> "I like spicy food": a run-on answer's statement starts at its "I"."""
    tokens = sentence.split()
    if not tokens or plain_word(tokens[0]) not in INTERJECTIONS:
        return sentence
    for k in range(1, min(len(tokens), 7)):
        if plain_word(tokens[k]) in ("i", "i'm", "we", "we're", "my", "our") and not in_name(tokens, k):
            return " ".join(tokens[k:])  # not "Oh My Posh ...": a name
    return sentence


def _agent_at_work(turns: list[Turn]) -> bool:
    """An agent ran tools at least as often as the user spoke, five times or more: a coding or agent session."""
    said = sum(t.role == "user" and t.trusted for t in turns)
    return sum(t.role == "tool" for t in turns) >= max(5, said)


def _work_session(turns: list[Turn], agent: bool) -> bool:
    """Is this a work session (then "we" is the team) rather than a personal one (then "we" is the user)? The
    user's words about projects against those about private life; an ``agent`` at work (:func:`_agent_at_work`) is
    worth three such words."""
    text = " ".join(t.text for t in turns if t.role == "user" and t.trusted)
    work = len(_PROJECT_WORDS.findall(text)) + (3 if agent else 0)
    lower = text.lower()
    personal = sum(1 for c, ws in CATEGORY_WORDS if c in _PRIVATE_LIFE for w in ws if w in lower)
    return work > personal


def sentences(text: str) -> list[str]:
    """Prose sentences of ``text``: code blocks, command lines, log output and pasted material removed."""
    return [piece.text for piece in prose.split(text)]


def _prepare(sentence: str) -> tuple[str, bool, bool]:
    """(the statement itself, explicit "remember", correction cue) with lead-ins and answer words removed."""
    explicit = correction = False
    if in_name(sentence.split(), 1):
        return sentence, explicit, correction  # "Oh My Posh renders ...": the "Oh" is the name's, not a lead-in
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
        if sentence.startswith("(") and sentence.rstrip(".!").endswith(")"):  # "(I am a man though)"
            sentence = sentence.rstrip(".!")[1:-1].strip()
        sentence = _TRAILER.sub("", sentence)
        if sentence == before:
            break
    tail = _REMEMBER_TAIL.search(sentence)
    if tail:
        explicit = True
        sentence = sentence[: tail.start()] + "."
    return sentence, explicit, correction


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
    verdict: Verdict,
    allowed: set[str],
    default_category: str,
    turn: Turn,
    work: bool,
    evidence: str | None = None,
    explicit: bool = False,
    correction: bool = False,
) -> Candidate:
    original = evidence or sentence
    correction = correction or bool(_CORRECTION.search(sentence))
    team = verdict.subject == "team" or (verdict.subject != "user" and (work or bool(_PROJECT_WORDS.search(sentence))))
    # A choice among offered options is written in the third person already (the option's words are the assistant's)
    content = sentence if verdict.why == "choice" else third_person(sentence, team=team)
    category = _category(sentence, verdict.kind or "", allowed, default_category)
    if verdict.subject == "user" and not _PROJECT_WORDS.search(sentence):
        about = "person"
    elif verdict.subject == "team" or _PROJECT_WORDS.search(sentence):
        about = "project"
    else:
        about = "person" if category in _PRIVATE_LIFE or category == "preference" else "project"
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
    if RULE_START.match(sentence):
        return True
    tokens = sentence.split()
    return bool(tokens) and plain_word(tokens[0]) in BASE_VERBS and not is_statement(sentence)


def category_of(text: str, categories: Iterable[str], default: str) -> str:
    """The category extraction would give ``text`` said as a statement (what ``ratchet add`` files a fact under when
    no ``--category`` is given): a topic it names, else the kind of statement it is, else ``default``."""
    sentence = _prepare(text.strip())[0]
    return _category(sentence, classify(sentence.rstrip(".!"), own=True).kind or "", set(categories), default)


def _category(text: str, kind: str, allowed: set[str], default: str) -> str:
    """The category of a kept statement: a topic it names (an incident, a vehicle, maintenance), else its kind."""
    lower = f" {text.lower()} "
    for category, pattern in _CATEGORY_PATTERNS:
        if category in _TOPICS and category in allowed and pattern.search(lower):
            return category
    category = KIND_CATEGORY.get(kind, default)
    if category == "personal" and kind == "personal":
        for topic, pattern in _CATEGORY_PATTERNS:  # "I switched to light mode" is a preference, not a life event
            if topic == "preference" and pattern.search(lower):
                return topic if topic in allowed else default
    return category if category in allowed else default


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
