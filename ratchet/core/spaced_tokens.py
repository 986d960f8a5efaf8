"""A token written in groups with spaces between them, so that a filter (or a chat's bot) will not read it whole:
"ghp_ eXG6 rq5M cKqh fzTK oDJU ...", "sk-pro j-73i1 5Iiqvl ...", an AWS secret in groups of five. The groups are
joined and the joined token judged as the other layers judge one written whole: a provider's format
(:func:`ratchet.core.secret_formats.formats`, those that need no words around them) or a random-looking token
(:func:`ratchet.core.random_tokens.spans`).

What is grouped with spaces in ordinary text is not read: words of a sentence (no group has a digit or a capital
inside it), a fingerprint, an IBAN or a card in groups of four (capitals and digits only, or digits: the random test
wants both cases and digits, and a card number is the card layer's).

:func:`spans` yields ``(start, end, kind)`` like the other detectors.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core import random_tokens
from ratchet.core.secret_formats import formats

# Five groups or more of two to eight token characters, one space between each (a line break ends the run).
_GROUPS = re.compile(r"(?<![\w-])[\w-]{2,8}(?: [\w-]{2,8}){4,}(?![\w-])")
_WORDS_BEFORE = 8  # words of the run before the token's first group ("the new token is ghp_ ...")
_MOST_GROUPS = 48  # an OpenAI key in groups of six is thirty; a longer run is no token
_MIN_JOINED = 30  # characters: a provider's token or a secret key, not a code in groups (those are other layers')
_MIXED = re.compile(r"\d|[a-z][A-Z]|[A-Z]{2}[a-z]")  # a digit, or a capital inside a word in lower case


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each token written in groups (see the module docstring)."""
    if text.count(" ") < 4:
        return
    for run in _GROUPS.finditer(text):
        groups = run.group(0).split(" ")
        if len(groups) > _MOST_GROUPS:
            continue  # a dump of hex or a listing in columns, not one token (and each start tried costs the run)
        mixed = [_MIXED.search(g) is not None for g in groups]
        if 2 * sum(mixed) < len(groups):
            continue  # words of a sentence, most of them plain
        while len(groups) > 5 and not mixed[-1]:
            groups, mixed = groups[:-1], mixed[:-1]  # "... Wt9e Qa1u thanks": a plain word after the token
        end = run.start() + len(" ".join(groups))
        for first in range(min(len(groups) - 4, _WORDS_BEFORE + 1)):
            joined = "".join(groups[first:])
            if len(joined) < _MIN_JOINED:
                break
            # A random token starts with a group of it, not a word, and its groups are nearly all mixed.
            kind = _kind(joined, random=mixed[first] and 4 * sum(mixed[first:]) >= 3 * (len(groups) - first))
            if kind:
                start = run.start() + sum(len(g) + 1 for g in groups[:first])
                yield start, end, kind
                break


def _kind(joined: str, *, random: bool) -> str:
    """What the joined token is: a provider's format matched from its first character, or (``random``) a
    random-looking token from its first character to its last but a few."""
    for kind, pattern in formats():
        found = pattern.match(joined)
        if found and found.end() >= len(joined) - 2:
            return kind
    if random and any(s == 0 and e >= len(joined) - 2 for s, e in random_tokens.spans(joined)):
        return "High Entropy String"
    return ""
