"""Sensitive facts: health, relationships, family history, finances, identity.

A fact about one of these is kept (it may matter) but marked with the reserved tag ``sensitive``: retrieval never
shows it at a plain session start, in MEMORY.md or for a prompt about something else, only when the query is about
one of these topics itself ("what did I tell you about my health?"). ``ratchet list --sensitive`` lists them and the
weekly report counts them.

The words are deliberately plain and few: a topic is named by words people use when they disclose it ("I was
diagnosed with", "my divorce", "I lost my job", "my salary"), not by every word that could touch it, so "the build
is sick" or "we pay the invoice on Fridays" stay ordinary. Nothing here imports anything heavy.
"""

from __future__ import annotations

import re

TAG = "sensitive"

_TOPICS = {
    "health": (
        r"diagnos(?:ed|is|es)|therap(?:y|ist)|psychiatr\w*|psycholog(?:ist|ical)|counsell?(?:ing|or)|depress(?:ion|ed)|"
        r"anxiety|panic attacks?|bipolar|adhd|autis(?:m|tic)|ocd|ptsd|eating disorder|anorexi\w*|bulimi\w*|"
        r"cancer|tumou?r|chemo\w*|diabet\w*|hiv|std|sti|epilep\w*|seizures?|chronic (?:pain|illness|fatigue)|"
        r"illness|disorder|surgery|operat(?:ion|ed) on|hospital(?:i[sz]ed)?|medication|meds|antidepressants?|"
        r"prescri(?:bed|ption)|pregnan(?:t|cy)|miscarriage|ivf|infertil\w*|disabilit(?:y|ies)|disabled|addict\w*|"
        r"rehab|sober|sobriety|alcoholi\w*|mental health|suicid\w*|self-harm|insomnia|migraines?"
    ),
    "relationships": (
        r"divorc\w*|separat(?:ed|ion) from|break-?up|broke up|split up|affair|cheat(?:ed|ing) on|my ex\b|"
        r"custody|marriage (?:problems|counsell?ing)"
    ),
    "family": (
        r"passed away|death of|funeral|grie(?:f|ving)|widow(?:ed|er)?|estranged|abused|abusive|"
        r"was adopted|foster care|orphan\w*|family history"
    ),
    "finances": (
        r"debts?|in debt|loans?|bankrupt\w*|salary|income|earn(?:s|ed)? \$?\d|mortgage|savings|credit score|"
        r"can't afford|cannot afford|owe\b|overdraft|unemploy\w*|laid off|lost (?:my|his|her|their) job|"
        r"got fired|was fired|been fired|job ?less|welfare|benefits claim|finances|financial"
    ),
    "identity": (
        r"religio(?:n|us)|muslim|christian|jewish|hindu|buddhist|atheist|church|mosque|synagogue|"
        r"gay|lesbian|bisexual|queer|transgender|trans (?:man|woman)|non-?binary|coming out|came out as|"
        r"sexual orientation|immigration status|undocumented|asylum|refugee|green card|visa status|"
        r"criminal record|arrested|convicted|prison|political (?:views|party)"
    ),
}
# A disclosure is about someone: "the debts table" is a schema, "I am in debt" is not.
_PERSON = re.compile(
    r"(?i)(?<![\w-])(?:i|i'm|i've|i'd|me|my|mine|myself|the user(?:'s)?|he|she|his|her|him|they|their|them|"
    r"mom|mum|dad|mother|father|parents?|wife|husband|partner|son|daughter|kids?|children|brother|sister|grand(?:ma|pa|mother|father)|"
    r"aunt|uncle|cousin|friend|boyfriend|girlfriend|fianc[ée]e?)(?![\w-])"
)
_PATTERNS = {topic: re.compile(rf"(?i)(?<![\w-])(?:{words})(?![\w-])") for topic, words in _TOPICS.items()}
# A query may name the topic itself without the words of a disclosure.
_QUERY_WORDS = re.compile(
    r"(?i)(?<![\w-])(?:health|medical|doctor|mental|money|finances?|financial|salary|debts?|relationships?|"
    r"partner|marriage|family|religio(?:n|us)|faith|identity|sensitive|private|personal life)(?![\w-])"
)


def topics(text: str) -> list[str]:
    """The sensitive topics ``text`` discloses something about (empty: none)."""
    if not _PERSON.search(text):
        return []
    return [topic for topic, pattern in _PATTERNS.items() if pattern.search(text)]


def about_sensitive(query: str) -> bool:
    """Whether a query asks about a sensitive topic, so that sensitive facts may answer it."""
    return bool(_QUERY_WORDS.search(query) or any(p.search(query) for p in _PATTERNS.values()))


def mark(tags: list[str], content: str) -> list[str]:
    """``tags`` with :data:`TAG` added when ``content`` discloses something sensitive."""
    return [*tags, TAG] if TAG not in tags and topics(content) else tags
