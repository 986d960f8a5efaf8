"""A credential read out character by character: "capital T, seven, lowercase r, hash, two", "großes H, kleines a,
u, s, vier", "K as in kilo, 9, at sign", "tango, seven, romeo, niner", or a PIN said in words after its name ("the
alarm code is one nine eight four", "el pin es cuatro, ocho, uno, nueve").

No other layer sees these: the value is not one token but a list of spoken characters. A list of single letters,
digits said as words, the names of symbols, spelling-alphabet words and case words ("capital", "maiuscola",
"заглавная") is found as a run of items between commas (or the list marks of Arabic and the CJK scripts); a run is a
credential when it says the case of a letter or names a symbol or spelling words, which no ordinary list of letters
does, or when a credential's word (password, code, PIN, "spell it out", "read out") comes just before it. Digits said
as words with no commas between them ("one nine eight four") count only after such a word, as do single characters
with a space between each and a digit among them ("k 7 $ m q 2 w x", Sino-Korean "구 팔 팔 육") and Chinese numerals
written for the digits ("七五五四二四").

:func:`spans` yields ``(start, end, kind)`` like the other detectors; the words (:func:`ratchet.core.spoken.words`,
sets looked up item by item) load on the first text that has a list in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core import spoken, world_words
from ratchet.core.password_values import generated

# Items of a spoken list: text between commas (Latin, Arabic and ideographic ones) or "then".
_SEPARATOR = re.compile(r"\s*(?:[,،、，]|\s(?:then|dann|puis|luego|depois|poi|потом|sonra)\b)\s*")
# The cheap tests first: three list marks close together, then three short items between them (or, without commas,
# three digit words in a row: spoken.maybe_digits).
_LISTED = re.compile(r"(?:[^\s,،、，]{1,16}(?:\s+[^\s,،、，]{1,16}){0,3}\s*[,،、，]\s*){3}")
_SEPARATORS = re.compile(r"(?:[,،、，][^,،、，]{0,60}){3}")
_CJK = spoken.CJK
_ITEM_WORDS = 5  # words: "lowercase p as in papa" is an item, a clause is not
_WORDS_READ = 24  # of a stretch that is no item: its first and last words (a long one is prose, not a list)
_MIN_MARKED = 5  # items in a run that says a case, a symbol or spelling words
_MIN_CUED = 4  # items in a run after a credential's word (a four-digit PIN)
_CUE_REACH = 60  # characters before the run where the credential's word may be
_WHOLE = re.compile(r"[^\s\"'“‘(]+")  # a word after the run, quotes around it left out
_WHOLE_REACH = 80  # characters after the run where the value may be written whole
# Single characters with a space between each ("u $ d u y x 4 1 8", "구 팔 팔 육"): a value read out without commas,
# a comma or a full stop after it ("... ist 9 6 8 1, einfach eintippen"), glued to a script written without spaces
# ("密码是1 3 2 9，").
_SPACED = re.compile(rf"(?:(?<!\S)|(?<=[{_CJK}])(?=[^\W_]))\S(?: \S){{3,}}(?![^\s.,;!?\"'”’»」{_CJK}、，。])")
# Digit words joined by hyphens ("seven-one-four-nine"): a code read out as one word.
_HYPHENED = re.compile(r"(?<![\w-])[^\W\d_]+(?:-[^\W\d_]+){3,}(?![\w-])")
_HAN = "零〇一二三四五六七八九两"
_HAN_DIGITS = re.compile(f"[{_HAN}]{{4,}}")


# A letter spelled by a word: "K as in kilo", "B wie Berta", "S comme Sophie" (not "for": "X for x-ray" reads like
# code's "for shape in data").
_AS_IN = re.compile(r"(?i)(?P<head>.+?)\s+(?:as\s+in|wie|comme|como|come)\s+\S+")
_CHAR = re.compile(r"[^\W_]|[#@!$%&*?+=/.\-_~^]")


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, "Password")`` of each spoken credential in ``text`` (see the module docstring)."""
    listed = _SEPARATORS.search(text) is not None and _LISTED.search(text) is not None
    yield from _spaced(text)
    if not listed and not spoken.maybe_digits(text):
        return
    words = spoken.words()
    run: list[tuple[int, int, str]] = []  # (start, end, what) of the items in the current run
    for start, end in _pieces(text):
        what = _what(text[start:end], words)
        if what:
            run.append((start, end, what))
            continue
        # A stretch that is no item as a whole: its words, where a run may end ("five, then push hard") or start
        # ("the password is capital T"), or run whole ("the alarm code is one nine eight four").
        tokens = [(start + m.start(), start + m.end()) for m in re.finditer(r"\S+", text[start:end])]
        if len(tokens) > _WORDS_READ:
            tokens = tokens[: _WORDS_READ // 2] + tokens[-_WORDS_READ // 2 :]
        at = 0
        while at < len(tokens):
            for last in range(min(len(tokens), at + _ITEM_WORDS) - 1, at - 1, -1):
                what = _what(text[tokens[at][0] : tokens[last][1]], words)
                if what:
                    run.append((tokens[at][0], tokens[last][1], what))
                    at = last + 1
                    break
            else:
                yield from _found(text, run, words)
                run = []
                at += 1
    yield from _found(text, run, words)


def _spaced(text: str) -> Iterator[tuple[int, int, str]]:
    """After a credential's word, single characters with a space between each and a digit among them ("the wifi
    password one by one: k 7 $ m q 2 w x", "비밀번호: 구 팔 팔 육"), at most one of them a symbol and none an operator
    ("0 3 * * *" is a schedule, "a = 2 * b" code); or Chinese numerals written for the digits ("密码是七五五四二四").
    The value written whole soon after is cut out with it ("... 4 5 6 6 9 6, o sea 456696"). Digit words joined by
    hyphens are read the same way ("the code for the side gate is seven-one-four-nine"), all of them digits."""
    hyphened = [run for run in _HYPHENED.finditer(text) if all(spoken.digit_word(w) for w in run.group(0).split("-"))]
    runs = [*_SPACED.finditer(text), *_HAN_DIGITS.finditer(text), *hyphened]
    if not runs:
        return
    words = spoken.words()
    for run in runs:
        said = run.group(0)
        items = said.split(" ") if " " in said else said.split("-") if "-" in said else list(said)
        symbols = [item for item in items if not item.isalnum()]
        if len(symbols) > 1 or set(symbols) & set(_OPERATORS):
            continue
        if not any(item.isdigit() or spoken.normal(item) in words.digits or item in _HAN for item in items):
            continue
        if _cued(text[max(0, run.start() - _CUE_REACH) : run.start()], words):
            yield run.start(), run.end(), "Password"
            whole = text.find("".join(items), run.end(), run.end() + _WHOLE_REACH)
            if whole >= 0 and " " in run.group(0):  # "... 4 5 6 6 9 6, o sea 456696": then written whole
                yield whole, whole + len(run.group(0).replace(" ", "")), "Password"


_OPERATORS = "=*+<>/|-^~"
_NAMES = frozenset({"password", "pin", "code", "otp", "door_code_compounds", "combination"})


def _cued(before: str, words: spoken.Words) -> bool:
    """A credential's word before a spoken run: a cue (:func:`ratchet.core.spoken.cued`) or a name the vocabulary
    finds, a compound's end too ("der Tresorcode ist 8 0 6 2")."""
    return spoken.cued(before, words) or any(
        kind.removeprefix("known ") in _NAMES for *_at, kind, _name in world_words.names(before)
    )


def _found(text: str, run: list[tuple[int, int, str]], words: spoken.Words) -> Iterator[tuple[int, int, str]]:
    """The run's span when it is a credential, and the value it spells when the text then writes it whole ("...
    exclamation mark, so that's T56hi!"): a word soon after with letters and digits or symbols, cut out with the run
    (the text is refused anyway; this only decides what redaction removes)."""
    found = _judge(text, run, words)
    if not found:
        return
    yield found
    for token in _WHOLE.finditer(text, found[1], min(len(text), found[1] + _WHOLE_REACH)):
        value = token.group(0).rstrip(".,;:\"'”’)")
        if len(value) >= 4 and (
            generated(value) or any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
        ):
            yield token.start(), token.start() + len(value), "Password"


def _pieces(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each stretch of ``text`` between separators, blanks at its ends left out."""
    last = 0
    for sep in [*_SEPARATOR.finditer(text), None]:
        end = sep.start() if sep else len(text)
        piece = text[last:end]
        begin = last + len(piece) - len(piece.lstrip())
        item = piece.strip()
        if item:
            yield begin, begin + len(item)
        last = sep.end() if sep else len(text)


def _what(item: str, words: spoken.Words) -> str:
    """What a spoken item says: "case" (a letter with its case, or spelled by a word), "symbol", "spelling", "digit",
    "char" (a bare letter or digit), "mark" (a symbol said as itself), or "" when it is not one."""
    item = item.strip(" \t\"'“”‘’()「」『』")
    if len(item) > 1:
        item = item.rstrip(".:!?。：—–")
    if not item:
        return ""
    said = spoken.normal(item)
    if said in words.digits or _number(said, words):
        return "digit"
    if said in words.symbols:
        return "symbol"
    if said in words.spelling:
        return "spelling"
    if _CHAR.fullmatch(item) or said in words.letters:
        return "char" if item.isalnum() or said in words.letters else "mark"  # "+" said as itself: no letter
    spelled = _AS_IN.fullmatch(item)
    if spelled:
        return "case" if _letter(spoken.normal(spelled.group("head")), words) else ""
    return "case" if _letter(said, words, cased=True) else ""


def _number(said: str, words: spoken.Words) -> bool:
    """Digits said with a repeat word ("double seven") or tens and units ("twenty-one", "thirty three")."""
    parts = said.replace("-", " ").split()
    if len(parts) == 2:
        return (
            parts[0] in words.repeat and parts[1] in words.digits or parts[0] in words.tens and parts[1] in words.digits
        )
    return len(parts) == 1 and parts[0] in words.tens


def _letter(said: str, words: spoken.Words, *, cased: bool = False) -> bool:
    """A letter, a letter's name or a spelling word with a case word before or after it ("capital t", "t maiuscola",
    "großes h", "upper case k"); without ``cased``, also a bare one ("k" of "k as in kilo")."""
    parts = said.split()
    if not cased and len(parts) == 1:
        return len(said) == 1 and said.isalnum() or said in words.letters
    for cut in range(1, min(len(parts), 4)):
        head, tail = " ".join(parts[:cut]), " ".join(parts[cut:])
        if head in words.case and _bare_letter(tail, words) or tail in words.case and _bare_letter(head, words):
            return True
    return False


def _bare_letter(said: str, words: spoken.Words) -> bool:
    return len(said) == 1 and _CHAR.fullmatch(said) is not None or said in words.letters or said in words.spelling


def _judge(text: str, run: list[tuple[int, int, str]], words: spoken.Words) -> tuple[int, int, str] | None:
    """The run as a credential's span, or None: long enough and marked (a case, a symbol, spelling words), or long
    enough for a PIN after a credential's word."""
    if not run:
        return None
    kinds = [what for _s, _e, what in run]
    marked = "case" in kinds or "symbol" in kinds or kinds.count("spelling") >= 2
    if kinds.count("mark") * 2 > len(kinds):
        return None  # mostly punctuation: code or a list of symbols, not a value read out
    cued = spoken.cued(text[max(0, run[0][0] - _CUE_REACH) : run[0][0]], words)
    letters = sum(k in ("case", "char", "spelling") for k in kinds)
    digits = kinds.count("digit")
    if marked and len(run) >= _MIN_MARKED and (cued or letters >= 2 or digits >= 3):
        return run[0][0], run[-1][1], "Password"
    if cued and len(run) >= _MIN_CUED and digits + letters >= _MIN_CUED:
        if kinds.count("char") == len(kinds):
            return None  # "the code is in rooms a, b, c and d": bare letters after a word need a case or a digit
        return run[0][0], run[-1][1], "Password"
    return None
