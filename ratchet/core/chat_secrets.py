"""A credential handed over in a chat export: a message that is nothing but a generated token, a few messages after
one that named a credential ("the token expired I think" ... "do you have the new one?" ... "0d23772509ca..."). An
export pastes one message a line, after a time and a name ("[14:10] Sanne: ...", "Sanne: ...", "<sanne> ...").

:func:`spans` yields ``(start, end, kind)`` like the other detectors. Nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.password_values import random_token
from ratchet.core.random_tokens import _ID_WORD, _UUID, _WORDISH

# A message of one token: an optional time in brackets, a sender ("Name:" or "<nick>"), then the token alone.
_MESSAGE = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{1,24}\][ \t]*)?(?P<who><[\w.@|-]{1,24}>|[^\W\d][\w.@-]{0,23}[:：])[ \t]*"
    r"(?P<token>[A-Za-z0-9._~+/=-]{16,100})[ \t]*$"
)
# A credential named in a message before it, alone or as a variable's name ("the VERCEL_TOKEN").
_NAMED = re.compile(
    r"(?i)(?<![a-z])(?:pass(?:word|wd|phrase)?s?|pw|pwd|tokens?|api[ _-]?keys?|secrets?|credentials?|creds|keys?|"
    r"passwort|contrase[ñn]a|senha|mot\s+de\s+passe)(?![a-z])"
)
_DIGEST = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}|[0-9A-F]{40}|[0-9A-F]{64}")  # a commit, a SHA-256: named by nothing
_LOOK_BACK = 4  # messages


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, "Token")`` of each chat message that is a generated token after a message naming a credential."""
    if "\n" not in text:
        return
    for message in _MESSAGE.finditer(text):
        token = message.group("token")
        if not random_token(token) or _DIGEST.fullmatch(token) or _UUID.fullmatch(token) or _WORDISH.match(token):
            continue
        if sum(c.isdigit() for c in token) < 2 or sum(c.isalpha() for c in token) < 4:
            continue  # a generated token mixes digits and letters; "kind: ClusterSecretStore" is a name
        if _ID_WORD.search(message.group("who")):
            continue  # "Request-Id: ...", "commit: ...": the label says what the token is
        before = text[: message.start()].splitlines()[-_LOOK_BACK:]
        if any(_NAMED.search(line) for line in before):
            yield message.start("token"), message.end("token"), "Token"
