"""Values said in any language that are not passwords, and the word-level pieces :mod:`ratchet.core.world_words`
reads every name with: a one-time code said with the word for a code in a text that came by text message or says
not to give it to anyone (before the word too, as languages that put the noun last say it); a service's key or token
right after its name ("kulcsom: <key>", "把Twilio的token <key>"); the answer to a security question after a sign
("密保问题答案：张老师", "Sicherheitsfrage ...: Wanne-Eickel"). The names themselves are the vocabulary file's
(``code``, ``do_not_share``, ``api_key``, ``security_question``), found by :mod:`ratchet.core.world_words`; a gift
card's code after the file's ``gift_card`` names is :mod:`ratchet.core.redeem_codes`' to read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.cards import ORDER_WORDS
from ratchet.core.passphrases import _CODE_PARTS, joined_words
from ratchet.core.password_values import generated, random_token
from ratchet.core.password_words import _UUID, _YEAR
from ratchet.core.texted_codes import _COUNTED, _DO_NOT_SHARE, _TEXTED

_WORD = re.compile(r"\S+")
_CLAUSE = re.compile(r"(?:[^.!?;\n。！？।։۔؟]|[.!?](?=[^\s.!?]))+")  # "winter.turtle.1429" ends no clause
_CODE = re.compile(r"\d{4,8}|\d{3}-\d{3}")  # a one-time code: "881488", "967-350"
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_BARE = re.compile(r"[^\s\"'`{}()\[\]<>]+")  # a word as said, not a piece of code or markup
# Letters in both cases, changing case three times or more: generated ("iIPHrmWcfL"), not a name ("McDonald").
_MIXED_CASE = re.compile(r"(?=\w{8,64}$)(?:[a-z_]*[A-Z]+[a-z_]+){2,}[A-Z]*[a-z_]*[A-Z]\w*")  # "Quinta_XPwJgnWD" too


def _chosen(value: str) -> bool:
    """A word typed as a password: ASCII, not code or markup, with a digit or a symbol other than a hyphen, or in
    mixed case ("Tr4eth-Bach!", "iIPHrmWcfL"); not a hyphenated word ("e-Građane", "Wi-Fi", "BankID-appen") or a
    dotted name ("asyncio.Task", "np.float64", "config.Prod2"; "taivas.Summer5", with a capital and a number at its
    end and no word of code's names, is chosen)."""
    parts = [part.lower().rstrip("0123456789") for part in value.split(".")]
    chosen = value[-1:].isdigit() and re.search(r"[A-Z]", value) and _CODE_PARTS.isdisjoint(parts)
    dotted = _DOTTED.fullmatch(value) and not chosen
    if not value.isascii() or not _BARE.fullmatch(value) or dotted:  # "Sara.ruusu62" is chosen, "np.float64" code
        return False
    return any(c.isdigit() for c in value) or bool(re.search(r"[^\w-]", value)) or bool(_MIXED_CASE.fullmatch(value))


def random_letters(value: str) -> bool:
    """Eight letters or more in one case that no language's words are made of: in capitals, a vowel in three letters
    or fewer and three consonants running ("KFBAXLMO"); in lower case, five consonants running, or four and a vowel
    in four letters or fewer ("oyxzyblxjv", not "fortsatt"); not a word with a capital ("Schwachsinn")."""
    if len(value) < 8 or not value.isascii() or not value.isalpha() or not (value.islower() or value.isupper()):
        return False
    lower = value.lower()
    vowels = sum(c in "aeiouy" for c in lower)  # "y" too: Polish "trzymamy", Swedish "systemet"
    run = max(len(r) for r in re.findall(r"[^aeiouy]+", lower) or [""])
    if value.isupper():  # capitals: no word is shouted with a vowel in four letters or fewer
        return run >= 3 and vowels * 10 <= 3 * len(lower)
    return run >= 5 or run >= 4 and vowels * 4 <= len(lower)


def texted(text: str, names: list[tuple[int, int, str, str]], warnings: list[int]) -> bool:
    """The text says a code came by text message, or not to give it to anyone (``warnings``, from :func:`unsaid`):
    the word for a code then names a one-time code ("m'ha arribat un codi 068650 per SMS", "стигао ми је код 908254,
    пише да га не дајем никоме")."""
    return bool(warnings or _TEXTED.search(text) or from_sender(text)) or any(
        k == "known unshared" for *_s, k, _n in names
    )


def from_sender(text: str) -> bool:
    """The text opens with its sender's name, as a text message a service sent does (:data:`_SENDER`)."""
    return bool(_SENDER.match(text))


# A text message's sender before a colon, as it opens the text: a name of up to three words with a capital ("DSK:",
# "NLB Klik:", "BOV Mobile:", "【菜鸟驿站】"), a bank's in lower case ("monobank:") or a brand's cased so ("eMAG:",
# "mBank:"); not a note's label.
_SENDER = re.compile(
    r"\s*(?:【[^】\n]{1,24}】|(?!(?i:note|notes|error|warning|todo|update|reminder|info|tip|fyi|re|fwd|ps|step|q|a|"
    r"nota|hinweis|achtung|wichtig|uwaga|remarque|attention|aviso|ojo)\b)"
    r"(?:[A-Z][\w&.'’+-]*|[a-z]+bank|[a-z]{1,2}[A-Z][\w&.'’+-]*)(?:[ -][A-Za-z0-9][\w&.'’+-]*){0,2}\s?[:：]\s)"
)


def unsaid(text: str, names: list[tuple[int, int, str, str]]) -> list[int]:
    """Where the text says not to give the code to anyone, in a language that is not English ("Teile diesen Code mit
    niemandem", "Nu il comunica nimanui"), or in English's own words."""
    return [m.start() for m in _DO_NOT_SHARE.finditer(text)] + [s for s, _e, k, _n in names if k == "unshared"]


def counted(text: str, end: int) -> bool:
    """What follows the number counts it ("2500 users", "30 seconds"), but for a text message it came in."""
    unit = _COUNTED.match(text, end)
    return unit is not None and "sms" not in unit.group(0).lower()


_ORDER_BEFORE = re.compile(rf"(?i)\b{ORDER_WORDS}[^\n\d.!?]{{0,16}}$")


def code_before(text: str, start: int) -> tuple[int, int] | None:
    """A one-time code said before the word for a code, as languages that put the noun last do ("SMS bidez 226416
    kodea iritsi zait", "918309 гэсэн код ирсэн", "bankadan 979075 diye bir kod geldi"): in the same clause, at most
    two words between; not a year."""
    words = list(_WORD.finditer(text, max(0, start - 60), start))[-3:]
    for n, match in enumerate(reversed(words)):
        token = match.group(0).rstrip(",")
        if re.search(r"[.!?;\n]", text[match.end() : start]):
            return None  # another clause
        if _ORDER_BEFORE.search(text, max(0, match.start() - 30), match.start()):
            return None  # "sipariş numaram 024874, iade kodu": an order's number before another code's word
        if _CODE.fullmatch(token) and not _YEAR.fullmatch(token) and (n or not counted(text, match.end())):
            return match.start(), match.start() + len(token)  # not "Pedido 48213: código ...": a number named
    return None


def code_after(text: str, at: int) -> tuple[int, int] | None:
    """A one-time code right after the word for a code ("codi 068650 per SMS", "kodą 219291,"): the next word, four to
    eight digits, not a year and not a count; a word between says what code it is ("kod pocztowy 00950", "kodem
    rabatowym 4410": a postal code, a discount's)."""
    match = _WORD.search(text, at)
    if match and match.group(0) in (":", "："):  # "kodunuz: 597900": the sign glued to the word, then the code
        match = _WORD.search(text, match.end())
    if not match or text[at : match.start()].strip(" :：") or match.start() - at > 3:
        return None
    begin, token = _unwrapped(match)
    if _CODE.fullmatch(token) and not _YEAR.fullmatch(token) and not counted(text, begin + len(token)):
        return begin, begin + len(token)
    return None


def _unwrapped(word: re.Match[str]) -> tuple[int, str]:
    """Where a word's value starts and the value, without the quotes around it, the stop after it ('"652356".') or
    the copula Zulu and Xhosa glue before it with a hyphen ("ngu-446131")."""
    token = _GLUED_COPULA.sub("", word.group(0).rstrip(",.;").strip(_QUOTES), count=1)
    return word.start() + word.group(0).find(token), token


_QUOTES = "\"'“”„«»「」"
_GLUED_COPULA = re.compile(r"^(?:ngu|ng|yi|ngi)-(?=\d)")
# A word of one to three letters (four in Ethiopic or Armenian, whose copulas are syllables) that ends the clause
# after the code: its copula ("da", "ni", "है", "ነው", "է").
_COPULA_AFTER = re.compile(r"(?:[^\W\d_]{1,3}|[\u1200-\u137f\u0530-\u058f\u0900-\u0dff]{1,4})[.!।։።]?")
_ENDING_WORDS = 16  # words from the word for a code to the code that ends its clause
_COLON_WORDS = 4  # words from the word for a code to the code after a colon ("código do WhatsApp: 234-642")


def code_ending(text: str, at: int) -> tuple[int, int] | None:
    """The one-time code a bank's or a service's own text gives after words about what it confirms, in a text that
    says not to share it: the only code in the clause of the word for a code, ending it ("Tu código para confirmar
    el Bizum de 45,00 EUR es 643256. No lo compartas", "vahvistuskoodisi on 663146. Älä ...") or right after a colon
    ("Seu código do WhatsApp: 234-642 Não compartilhe"); not a year, not a count."""
    clause = _CLAUSE.match(text, at)
    if not clause:
        return None
    words = list(_WORD.finditer(text, at, clause.end()))
    codes = [m for m in words if _CODE.fullmatch(_unwrapped(m)[1])]
    if len(codes) != 1:
        return None
    found = codes[0]
    n = words.index(found)
    # The code ends the clause, or a copula after it does ("kode bakarra 667211 da", "ኮድዎ 464915 ነው").
    ending = found is words[-1] or found is words[-2] and _COPULA_AFTER.fullmatch(words[-1].group(0))
    last = ending and len(words) <= _ENDING_WORDS
    colon = 0 < n <= _COLON_WORDS and words[n - 1].group(0).endswith((":", "："))
    begin, token = _unwrapped(found)
    if not (last or colon) or _YEAR.fullmatch(token) or counted(text, begin + len(token)):
        return None
    return begin, begin + len(token)


_WIFI_GROUPS = re.compile(r"\d{4,5}(?: \d{4,5}){3,5}(?![\w])")  # a router's key in groups: "5032 5077 5126 4705 9471"
_WIFI_COLON = re.compile(r"[:：፦]\s*")  # "密碼寫在杯子上：latte7075": after a colon further on in the clause
_WIFI_IS = re.compile(r"(?i)\s(?:is|c['’]est|est|ist|er|är|es|é|è|on|je|jest|este)\s+")  # "... c'est <key>"
_WIFI_WORDS = 3  # words after the word for a key where a Wi-Fi's key may be ("kode klitrose1493", "key is <key>")


def wifi_key(text: str, at: int) -> tuple[int, int] | None:
    """A Wi-Fi network's key after the word for a key, a code or a password in a text about a Wi-Fi ("clé
    dj-iwyxdm-hbocy-vysrcst", "kode klitrose1493", "Schlüssel 5032 5077 5126 4705 9471", "密碼寫在杯子上：latte7075"):
    eight characters or more (WPA's least), letters and digits or random letters, or digits in groups; after a
    colon in the clause too. Not the network's name, which comes after the word for the Wi-Fi, not for its key."""
    clause = _CLAUSE.match(text, at)
    stop = clause.end() if clause else at
    said = [sign.end() for sign in (_WIFI_COLON.search(text, at, stop), _WIFI_IS.search(text, at, stop)) if sign]
    starts = [m.start() for m in list(_WORD.finditer(text, at, stop))[:_WIFI_WORDS]] + said
    for start in starts:
        groups = _WIFI_GROUPS.match(text, start)
        if groups:
            return start, groups.end()
        word = _BARE.match(text, start)
        value = word.group(0).rstrip(".,;:!?") if word else ""
        letters = value.replace("-", "")
        if len(value) >= 8 and (
            _chosen(value)
            and re.search(r"[^\W\d_]", value)
            and re.search(r"\d", value)
            or random_letters(letters)
            or "-" in value  # "festa-Malta-festa": words picked and joined (not a name's "Free_WiFi", "wifi_ssid")
            and joined_words(value.lower())
            and not re.search(r"(?i)wi-?fi|ssid|pass", value)
            or start in said
            and value.isdigit()  # "הקוד לווייפיי במשרד: 4501580851": digits after a sign
        ):
            return start, start + len(value)
    return None


# What a lock's name labels (an alarm, a safe, a gate: "Alarmanlage: 8738 eingeben", "alarme de casa: 8348"): up to
# three words after the name (a room's number among them: "cassaforte camera 191: 0472"), a colon, then four to eight
# digits ("#" or "*" beside them) that end the clause or come before a few words of what to press next.
_LABELLED = re.compile(
    r"(?:\s+(?:[^\W\d_]+|\d{1,4}(?=\s*[:：]))){0,3}\s*[:：]\s*\n?\s*([*#]?\d{4,8}[*#]?)(?=[,.;]?(?:\s|$))"
)
# What to do with a code, right after it: a time of day ("0825") is not entered ("Alarmanlage: 0825 eingeben").
_ENTERED = re.compile(
    r"(?i)\s+(?:eingeben|eintippen|drücken|enter|type|marcar|digitar|digitare|taper|composer|intoetsen)\b"
)
# ... or keys in after a keypad's verb, a word or three after the lock's name ("al garaje marca 0064 en el teclado",
# "Домофон: набираешь 023147 и ключ").
_KEYED = re.compile(
    r"(?i)[:：]?(?:\s+[^\W\d_]+){0,3}?\s+(?:marca|marque|teclea|digita|digite|press|dial|punch\s+in|key\s+in|"
    r"набира\w*|набери\w*|введи\w*|tippe|tape[zr]?|compose[zr]?|premi|inserisci|wpisz|naciśnij|toets|druk)"
    r"\s+([*#]?\d{4,8}[*#]?)(?=[,.;]?(?:\s|$))"
)
_MORE_WORDS = 4
_SAFES = frozenset("safe sef sefa sefe sefu seif sejf seyf valv".split())  # noqa: SIM905 - a list reads better so
_TIME = re.compile(r"0\d[0-5]\d")  # "0630": when an alarm rings, not its code
_CONFIG_LINES = re.compile(r"(?m)^[ \t-]*[\w.-]+:[ \t]*\S")  # "port: 8080": a configuration file's keys


def labelled_digits(text: str, at: int, name: str) -> tuple[int, int] | None:
    """The code a lock's name labels with a colon (see :data:`_LABELLED`) or keys in (:data:`_KEYED`), not a time of
    day written "0630"; not in a configuration file, whose keys a lock's short names are in some language ("port", a
    gate in Swedish); a short name in Latin letters only if it names a safe ("sejf w pokoju hotelowym: 9956")."""
    if len(name) <= 4 and name.isascii() and name not in _SAFES or len(_CONFIG_LINES.findall(text, 0, 2000)) >= 2:
        return None
    found = _LABELLED.match(text, at) or _KEYED.match(text, at)
    if not found or _YEAR.fullmatch(found.group(1)):
        return None
    if _TIME.fullmatch(found.group(1)) and not _ENTERED.match(text, found.end()):
        return None
    clause = _CLAUSE.match(text, found.end())
    if clause and len(clause.group(0).split()) > _MORE_WORDS or counted(text, found.end()):
        return None  # "Tresor: 1500 Euro": what it cost; a sentence after it says what the number is
    return found.start(1), found.end(1)


_KEY_TOKEN = re.compile(r"[A-Za-z0-9_+/=.~-]{20,200}")
_AFTER_KEY = frozenset(",;:，；。、！？")  # what may end the key's word, or start a script without spaces after it
_KEY_WORDS = 3  # words after a key's name where its value may be ("kulcsom: <key>", "klíč <key>,", "金鑰：<key>")


def key_after(text: str, at: int) -> tuple[int, int] | None:
    """A service's key or token right after its name ("itt a OpenWeatherMap kulcsom: 2865...", "把Twilio的token
    8ff4..."): among the few words after it in its clause, a token a generator made (twenty characters or more, letters
    and digits in no word's order) or a UUID; not an address, a path or a dotted name."""
    clause = _CLAUSE.match(text, at)
    stop = clause.end() if clause else at
    for match in list(_WORD.finditer(text, at, stop))[:_KEY_WORDS]:
        word = match.group(0)
        lead = len(word) - len(word.lstrip("：:"))
        found = _KEY_TOKEN.match(word, lead)  # "：b759...，幫我看一下": the key, what is glued after it left out
        if not found or found.end() < len(word) and word[found.end()] not in _AFTER_KEY:
            continue
        token, begin = found.group(0).rstrip("."), match.start() + lead
        if "//" in token or token.startswith("/") or _DOTTED.fullmatch(token):
            continue  # an address, a path ("/settings/security/2fa"), a dotted name
        if _UUID.fullmatch(token) or generated(token) and random_token(token):
            return begin, begin + len(token)
    return None


# The answer to a security question: after a sign (a colon, a dash, an arrow) in the clause of the question's name.
_ANSWER_SIGN = re.compile(r"\s*(?::|：|=|->|→|\s[—–-]|答案(?:是|为|為)|の?答えは|답은)\s*")
_ANSWER_END = re.compile(r"\s*(?:\(|（|[.!;,，。；\n]|$)")
_NOT_ANSWERS = frozenset("yes no none set done ok n/a changed updated unknown same sim não nein oui non".split())  # noqa: SIM905


# The question itself after its name, and the word for its answer: "Pregunta de seguridad: ¿Nombre de tu primera
# mascota? Respuesta: Chispita", "秘密の質問「初めて飼ったペットの名前は？」の答え：ポチ丸", "Q: ...? A: ...".
_ASKED = re.compile(
    r"[\s:：]*[¿«“„「『\"']?[^\n?？]{3,150}[?？](?:\s*[」』»“”\"')])?(?:\s*(?:の答え|の回答|(?i:answers?|a|respuesta|"
    r"resposta|r[ée]ponse|antwort|risposta|cevap|yan[ıi]t|odpowied[źz]|ответ|відповідь|odgovor|odpov[ěe]ď|v[áa]lasz|"
    r"svar|vastaus|antwoord|jawaban|jawab|απάντηση|답|답변|答え|答案|回答|תשובה|الجواب|جواب|trả\s+lời))(?![\w'-]))?"
)


def asked(text: str, at: int) -> int:
    """Where the question written out after a security question's name ends, its answer's sign next; else 0."""
    question = _ASKED.match(text, at)
    return question.end() if question and _ANSWER_SIGN.match(text, question.end()) else 0


def answer_after(text: str, at: int) -> tuple[int, int] | None:
    """The answer given to a security question named in any language ("câu trả lời bảo mật: Nguyễn Thị Lựu",
    "密保问题答案：张老师", "Sicherheitsfrage „Name des ersten Haustiers“: Wanne-Eickel"): after a sign in the name's
    clause, one to four words ending it (or before an aside in parentheses), each capitalised in a script with
    capitals, or a short word in a script without them; not a question, not a yes or a no. The question may be
    written out between the name and its answer (:data:`_ASKED`)."""
    at = asked(text, at) or at
    clause = _CLAUSE.match(text, at)
    stop = min(clause.end() if clause else at, at + 120)
    for sign in _ANSWER_SIGN.finditer(text, at, stop):
        begin = sign.end()
        end = _ANSWER_END.search(text, begin, stop + 1)
        value = text[begin : end.start() if end else stop].strip().strip(_QUOTES + "『』")
        if "?" in text[begin:stop] or "？" in text[begin:stop]:
            continue
        # After an arrow (the question, then its answer: "prima auto → Fiat Panda rossa"), a name with a word in
        # lower case: an adjective after it, a title before it ("pani Grażyna").
        arrowed = "→" in sign.group(0) or "->" in sign.group(0)
        named = arrowed and _answer(value.title()) and any(w[:1].isupper() for w in value.split())
        if value and not named and not _answer(value):
            value = _named_last(value)  # "– meine Antwort war Knuddel": words that say it, then the answer
        if value and (named or _answer(value)):
            found = text.index(value, begin)
            return found, found + len(value)
    return None


_SAYING_WORDS = 4  # lower-case words that may say "my answer was" before the answer
# "is" and "was" in the languages written with capitals, English's among them (password_words._COPULAS holds only
# other languages', for a value handed over after a password's word): the word right before the answer.
_ANSWER_COPULAS = frozenset(
    """is was ist war es era fue est était é è er var är on oli je jest był była было был была это olan ialah adalah
    là e ήταν είναι""".split()  # noqa: SIM905 - a word list reads better as prose
)


def _named_last(value: str) -> str:
    """The capitalised words that end ``value`` after at most four lower-case words saying what they are ("meine
    Antwort war Knuddel" in German, whose nouns are capitalised too, keeps "Knuddel")."""
    words = value.split()
    cut = len(words)
    while cut > 0 and (words[cut - 1][0].isupper() or words[cut - 1][0].isdigit()):
        cut -= 1
    said = words[:cut]
    if not said or cut == len(words) or len(said) > _SAYING_WORDS or said[-1].lower() not in _ANSWER_COPULAS:
        return ""  # "Name des ersten Haustiers": the question's words, German nouns capitalised
    return " ".join(words[cut:])


def _answer(value: str) -> bool:
    """One to four words, each capitalised (or a number) in a script with capitals ("Wanne-Eickel", "Nguyễn Thị Lựu"),
    at most two short ones in a script without ("张老师", "청주"), or one word typed as a password."""
    words = value.split()
    if not 1 <= len(words) <= 4 or len(value) > 40 or value.lower() in _NOT_ANSWERS:
        return False
    first = value[0]
    if first.isalpha() and not first.isupper() and not first.islower():  # a script without capitals
        return len(words) <= 3 and len(value) <= 24
    inner = words[1:-1]  # "San Ignacio de Loyola": a name's particles in lower case between its words
    capitals = [w for w in words if w not in inner or not (w.islower() and len(w) <= 3)]
    return all(w[0].isupper() or w[0].isdigit() for w in capitals) or len(words) == 1 and _chosen(value)


# Security questions' answers listed under their heading, a line each: the question, an arrow or a colon, the answer.
_HEADING_END = re.compile(r"[^\n]{0,60}:[ \t]*\n")
_LISTED_ANSWER = re.compile(
    r"[ \t]*[-*•]?[ \t]*[^\W\d][^\n:→>]{2,60}?[ \t]*(?:->|→|=>|:)[ \t]*([^\W\d_][^\n]{1,39}?)[ \t.]*(?:\n|$)"
)


def listed_answers(text: str, at: int) -> Iterator[tuple[int, int]]:
    """Answers listed a line each under a heading that names security questions ("security questions for the pension
    portal:\nfirst pet -> Coco\nstreet you grew up on -> Maple Road")."""
    heading = _HEADING_END.match(text, at)
    pos = heading.end() if heading else len(text)
    while line := _LISTED_ANSWER.match(text, pos):
        yield line.start(1), line.end(1)
        pos = line.end()
