"""A short answer read with the assistant's question: the user's pick among labelled options.

When the assistant's message offers labelled options (a table row ``| **A. Silent fallback** | Log the error ... |``
or a line ``**B) Nested object** - allows ...``) and ends by asking which one, and the user's short answer picks one
("A.", "B, nested in strategy options", "option 2, detail view only for now"), that choice is a decision the user
made: ``For "How should failures be handled", the user chose Silent fallback: Log the error, proceed without
summary.`` Anything less clear gives nothing (an answer of several lines, a label the message does not offer, a
message that asks no question, a bare option title when the question cannot be kept with it).
"""

from __future__ import annotations

import re

from ratchet.core.text import words

_CHOICE = re.compile(
    r"^\s*(?:(?:ok|okay|yes|yeah|yep|sure|right|hmm)[,.!]?\s+)?"
    r"(?:(?:i think|i'd say|i'd go with|let's go with|let's do|go with|i prefer|i choose|i pick)\s+)?"
    r"(?:option\s+)?\(?(?P<label>[A-Da-d]|[1-5])\)?(?:[.):,!]|\s+(?:is|it|sounds|works|please|for|then)\b|\s*$)",
    re.I,
)
_ROW = re.compile(
    r"^\s*\|\s*\**\s*(?:option\s+)?(?P<label>[A-D1-5])[.):]\s*(?P<title>[^|]+?)\s*\|\s*(?P<desc>[^|]*?)\s*\|",
    re.I | re.M,
)
_LINE = re.compile(
    r"^\s*(?:[-*]\s+)?\**\s*(?:option\s+)?(?P<label>[A-D1-5])[.):]\**\s*(?P<title>[^\n]+?)\s*$", re.I | re.M
)
_QUESTION_LINE = re.compile(r"^.*\?\s*$", re.M)
_ASKED = re.compile(r"\b(?:which|prefer|choose|option|approach|want|should)\b", re.I)
_SPEAKER = re.compile(r"\b(?:i|i'm|i'll|i'd|i've|me|my|we|we'll|we're|our|us)\b", re.I)
_YOU = re.compile(r"\b(?:you|your)\b", re.I)
_MOMENT = re.compile(r"\b(?:this session|right now|for now|this time|today)\b", re.I)
_RECOMMENDED = re.compile(r"\s*\((?:recommended|default|suggested)\)\s*", re.I)
_MAX_ANSWER_WORDS = 25
_APPROVAL = words(
    "is it's fine good ok okay sounds looks works please for now then thanks yes yeah yep sure great perfect "
    "that one the only just go with do let's"
)
# "Want me to ...?", "Shall I ...?": an offer to do something, not a choice between options.
_OFFER = re.compile(r"^(?:want|would you like|shall i|should i|do you want|can i|may i)\b", re.I)


def choice(assistant_text: str, user_text: str, *, need_topic: bool = False) -> str | None:
    """The decision ``user_text`` makes by picking one of the options ``assistant_text`` offered, or None.
    ``need_topic``: only a pick whose question can be said with it (an agent at work offers options of the task at
    hand, whose bare titles say little once the session is over)."""
    lines = user_text.strip().splitlines()
    answer = re.split(r"(?<=[.!?])\s+(?=[A-Z])", lines[0].strip(), maxsplit=1)[0] if lines else ""
    if not answer or len(answer.split()) > _MAX_ANSWER_WORDS:
        return None
    picked = _CHOICE.match(answer)
    if not picked:
        return None
    label = picked.group("label").upper()
    named = bool(re.search(r"\boption\s+\w", answer, re.I))  # "option 2, ..." needs no "which ...?" to be a pick
    questions = _QUESTION_LINE.findall(assistant_text)
    if not questions or not (named or _ASKED.search(questions[-1])):
        return None
    options = _options(assistant_text)
    if label not in options:
        return None
    title, desc = options[label]
    topic = _topic(assistant_text, questions)
    if len(title) < 3 or title.endswith("?") or desc.endswith("?") or _OFFER.match(topic):
        return None  # a numbered list of questions ("4. Should X: stop, or label the run?") offers no options
    if _SPEAKER.search(f"{title} {desc}"):
        return None  # the assistant's "I" and "we" are not the user's: not rewritten, not kept
    if _MOMENT.search(f"{title} {desc} {topic}"):
        return None  # a choice for this session only is not worth remembering
    # Precision first: the rest of the answer may only approve or echo the option; an answer that adds or changes
    # something ("B, but without the model field") is not the option as offered.
    rest = set(re.findall(r"[a-z][a-z'-]+", answer[picked.end() :].lower())) - _APPROVAL
    if rest - set(re.findall(r"[a-z][a-z'-]+", f"{title} {desc}".lower())):
        return None
    generic = len(topic.split()) <= 4 or "?" in topic or bool(_SPEAKER.search(topic) or _YOU.search(topic))
    if generic and (not desc or need_topic):
        return None  # a bare option title without its question does not say what was decided
    fact = f"The user chose {title}" if generic else f'For "{topic}", the user chose {title}'
    return f"{fact}: {desc}." if desc else f"{fact}."


def _options(text: str) -> dict[str, tuple[str, str]]:
    """Label -> (title, first sentence of its description); a later list of the same labels wins."""
    out: dict[str, tuple[str, str]] = {}
    for match in _ROW.finditer(text):
        out[match.group("label").upper()] = (_clean(match.group("title")), _first_sentence(match.group("desc")))
    if out:
        return out
    for match in _LINE.finditer(text):
        raw = match.group("title").lstrip("* ")
        parts = re.split(r"\*\*\s*[-\u2013\u2014:]?\s*|\s+[-\u2013\u2014]\s+|:\s+", raw, maxsplit=1)
        title = parts[0]
        desc = parts[1] if len(parts) > 1 else ""
        out[match.group("label").upper()] = (_clean(title), _first_sentence(desc))
    return out


def _clean(text: str) -> str:
    text = _RECOMMENDED.sub(" ", text.replace("**", "")).strip(" *-:.")
    return re.sub(r"\s+", " ", text)


def _first_sentence(text: str) -> str:
    text = _clean(text)
    first = re.split(r"(?<=[.!?])\s+", text, maxsplit=1)[0].rstrip(".")
    words = first.split()
    return " ".join(words[:25]) if len(words) <= 25 else ""


def _topic(text: str, questions: list[str]) -> str:
    """The question the options answer: a "**Next question:** ..." line if there is one, else the last question."""
    for line in questions:
        if re.search(r"question\**\s*:", line, re.I):
            return _clean(re.split(r"question\**\s*:\**", line, maxsplit=1, flags=re.I)[1]).strip().rstrip("?")
    return _clean(questions[-1]).strip().rstrip("?")
