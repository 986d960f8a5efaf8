"""Time in text: whether a question asks *when* (or how long, since when, which year), and whether a memory carries
a time (a date, a weekday or month, "yesterday", "last week", "three years ago", "for 4 years", "since 2019").

Why: a question about when something happened shares its topic words with every mention of the topic, and the
answer is usually in the one mention that says when ("I went to a pride parade last week"). Retrieval indexes the
memories that carry a time under one extra term (:data:`MARK`) and adds it to questions that ask when, so BM25
weighs it like any other word (its idf falls as more memories carry a time). Rules are English; other languages
simply do not get the extra term.
"""

from __future__ import annotations

import re
from functools import cache

# The pseudo-term: no word of any language tokenizes to it.
MARK = "xxdatedxx"

_UNIT = r"(?:second|minute|hour|day|night|week|weekend|fortnight|month|year|decade|summer|winter|spring|autumn|fall)s?"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_NUMBER = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|several|a couple of)"

_TIME = rf"""(?ix)\b(?:
        yesterday|today|tonight|tomorrow|recently|lately|nowadays|ago|anymore|
        (?:last|next|this|past|coming|previous|every|each)\s+(?:{_UNIT}|{_WEEKDAY}|{_MONTH}|time)|
        {_NUMBER}\s+{_UNIT}(?:\s+(?:ago|later|earlier|before|after|old))?|
        (?:since|until|till|in|by|from|during|before|after)\s+(?:{_MONTH}|(?:19|20)\d\d|{_WEEKDAY})|
        {_WEEKDAY}|
        {_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|
        (?:19|20)\d\d-\d\d-\d\d|\d{{1,2}}/\d{{1,2}}/(?:19|20)?\d\d|
        (?:19|20)\d\d|
        when\s+i\s+was|as\s+a\s+(?:kid|child|teen(?:ager)?)|first\s+time|at\s+the\s+time
    )\b"""

_ASKS_WHEN = re.compile(
    r"""(?ix)\b(?:
        when|how\s+long|since\s+when|how\s+(?:many|much)\s+(?:years|months|weeks|days|time)|
        (?:what|which)\s+(?:year|month|day|date|week|weekend|time|season)|
        how\s+old|what\s+age|at\s+what\s+age|
        date\s+of|the\s+date|how\s+recently|how\s+often
    )\b""",
)


@cache
def _time() -> re.Pattern[str]:
    return re.compile(_TIME)  # compiled when the index is built, not by a hook that only asks


def mentions_time(text: str) -> bool:
    """Whether ``text`` carries a time: a date, a weekday or month, a year, or a relative expression."""
    return _time().search(text) is not None


def asks_when(question: str) -> bool:
    """Whether ``question`` asks when, how long, since when or which year/month/day something was."""
    return _ASKS_WHEN.search(question) is not None
