"""The words of a credential read out loud (:mod:`ratchet.core.dictated`): digits, case words, the names of symbols,
the spelling alphabet, and the words that announce a spoken password or PIN, in the languages people write to an
agent in. Plain tables, no patterns: :func:`words` makes them sets (with the vocabulary file's words) when first
needed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# fmt: off
# Digits said as words (zero to nine; "oh" and "niner" as people read codes out).
DIGIT_WORDS: tuple[str, ...] = (
    # English
    "zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "niner",
    # German, Dutch, Swedish, Danish, Norwegian
    "null", "eins", "zwei", "zwo", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
    "nul", "een", "twee", "drie", "vijf", "zes", "zeven", "negen",
    "noll", "ett", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio",
    "nul", "et", "to", "fire", "seks", "syv", "otte", "ni", "null", "én", "sju", "åtte",
    # Romance
    "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
    "um", "dois", "três", "quatro", "sete", "oito", "nove",
    "due", "quattro", "cinque", "sei", "sette", "otto",
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
    "unu", "doi", "trei", "patru", "cinci", "șase", "șapte", "opt", "nouă",
    # Slavic
    "ноль", "нуль", "один", "одна", "два", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять",
    "чотири", "п'ять", "шість", "сім", "вісім", "дев'ять",
    "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć",
    "nula", "jedna", "dvě", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět",
    "jedan", "tri", "četiri", "pet", "šest", "sedam", "osam", "devet",
    # Others
    "sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz",
    "nolla", "yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän", "kahdeksan", "yhdeksän",
    "nulla", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc",
    "μηδέν", "ένα", "δύο", "τρία", "τέσσερα", "πέντε", "έξι", "επτά", "εφτά", "οκτώ", "οχτώ", "εννέα", "εννιά",
    "صفر", "واحد", "اثنان", "اثنين", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة",
    "אפס", "אחת", "אחד", "שתיים", "שניים", "שלוש", "ארבע", "חמש", "שש", "שבע", "שמונה", "תשע",
    "nol", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan",
    "không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín",
    # Korean (Sino-Korean, as a PIN is read out)
    "영", "공", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구",
)
# Tens and teens, in English: a combination lock's numbers ("twenty-one, thirty-three, five").
TENS_WORDS: tuple[str, ...] = (
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
)
# Letters said by their names where the language has names for them (Spanish "ese", "ele"; English "ess").
LETTER_NAMES: tuple[str, ...] = (
    "be", "ce", "de", "efe", "ge", "hache", "jota", "ka", "ele", "eme", "ene", "eñe", "cu", "erre", "ese", "te",
    "uve", "uve doble", "equis", "ye", "i griega", "zeta", "bee", "cee", "dee", "gee", "jay", "kay", "ell", "em",
    "ess", "tee", "vee", "double-u", "ex", "wye", "zed", "zee", "acca", "elle", "emme", "enne", "esse", "vu", "zeta",
)
# "double seven", "triple zero".
REPEAT_WORDS: tuple[str, ...] = ("double", "triple", "doppel", "doppelt", "doble", "dupla", "duplo", "doppia")
# Words that give a letter's case as it is read out ("capital T", "großes H", "B maiuscola", "S كبيرة").
CASE_WORDS: tuple[str, ...] = (
    "capital", "capital letter", "uppercase", "upper case", "upper-case", "upper", "big", "caps", "cap",
    "lowercase", "lower case", "lower-case", "lower", "small", "little",
    "großes", "großer", "grosses", "grosser", "groß", "gross", "kleines", "kleiner", "klein",
    "hoofdletter", "kleine letter", "kleine", "stor", "stort", "liten", "litet", "lille",
    "majuscule", "minuscule", "mayúscula", "mayúsculo", "minúscula", "minúsculo", "maiúscula", "maiúsculo",
    "maiuscola", "maiuscolo", "minuscola", "minuscolo",
    "заглавная", "заглавную", "большая", "большую", "прописная", "строчная", "маленькая", "маленькую",
    "велика", "мала", "wielka", "wielkie", "mała", "małe", "velké", "malé", "velko", "malo",
    "büyük", "küçük", "iso", "pieni", "nagy", "kis", "κεφαλαίο", "μικρό",
    "كبيرة", "صغيرة", "كبير", "صغير", "גדולה", "קטנה", "besar", "kecil", "hoa", "thường",
)
# The names of the symbols a password holds, as people read them out.
SYMBOL_WORDS: tuple[str, ...] = (
    "hash", "hashtag", "hash sign", "pound", "pound sign", "number sign", "at", "at sign", "at symbol", "exclamation",
    "exclamation mark", "exclamation point", "bang", "dot", "period", "full stop", "dash", "hyphen", "minus",
    "underscore", "star", "asterisk", "dollar", "dollar sign", "ampersand", "and sign", "question mark", "plus",
    "plus sign", "percent", "percent sign", "caret", "tilde", "slash", "forward slash", "backslash", "equals",
    "ausrufezeichen", "punkt", "bindestrich", "unterstrich", "raute", "doppelkreuz", "stern", "sternchen",
    "fragezeichen", "klammeraffe", "at-zeichen", "dollarzeichen", "prozent",
    "uitroepteken", "apenstaartje", "streepje", "liggend streepje", "sterretje", "hekje", "punt",
    "arroba", "almohadilla", "signo de exclamación", "exclamación", "guion", "guión", "guion bajo", "asterisco",
    "punto", "signo de dólar", "interrogación",
    "cerquilha", "jogo da velha", "ponto de exclamação", "exclamação", "traço", "hífen", "sublinhado", "ponto",
    "chiocciola", "punto esclamativo", "esclamativo", "cancelletto", "trattino", "trattino basso", "asterisco",
    "arobase", "arobas", "point d'exclamation", "dièse", "tiret", "tiret bas", "étoile", "point",
    "собака", "решётка", "решетка", "восклицательный знак", "точка", "тире", "дефис", "подчёркивание", "звёздочка",
    "małpa", "wykrzyknik", "kropka", "myślnik", "zavináč", "vykřičník", "tečka", "pomlčka",
    "nokta", "ünlem", "ünlem işareti", "tire", "diyez", "kare", "et işareti", "yıldız",
    "huutomerkki", "piste", "viiva", "risuaika", "kukkamerkki", "felkiáltójel", "kukac", "pont", "kötőjel",
    "θαυμαστικό", "παπάκι", "τελεία", "παύλα", "علامة تعجب", "نقطة", "شرطة", "هاشتاغ", "سلة",
    "utropstecken", "snabel-a", "punkt", "bindestreck", "understreck", "stjärna", "udråbstegn", "snabel-a",
    "utropstegn", "krøllalfa", "tanda seru", "titik", "tanda pagar", "strip", "chấm than", "chấm", "a còng",
    "gạch ngang", "thăng",
)
# The spelling alphabet (NATO's, as used on the phone).
SPELLING_WORDS: tuple[str, ...] = (
    "alfa", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "juliett",
    "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
    "whiskey", "whisky", "x-ray", "xray", "yankee", "zulu", "eco", "julieta", "quebeque",
)
# Words just before a spoken value that say it is a credential.
CUE_WORDS: tuple[str, ...] = (
    "card number", "password", "passwort", "passcode", "passphrase", "pin", "pin code", "code", "combination", "combo",
    "spell", "spelling", "spelled", "spelt", "read out", "read it out", "dictate", "dictated", "letter by letter",
    "kennwort", "wachtwoord", "mot de passe", "contraseña", "senha", "parola", "пароль", "hasło", "heslo",
    "şifre", "şifresi", "salasana", "jelszó", "κωδικός", "كلمة السر", "كلمة المرور", "סיסמה", "kata sandi",
    "mật khẩu", "lösenord", "passord", "adgangskode", "código", "codice", "kod", "код", "kodu", "koodi",
    "diktuju", "диктую", "буква за буквой", "buchstabiert", "deletreo", "soletrando", "lettera per lettera",
    "حرفاً حرفاً", "حرفا حرفا",
)
# fmt: on

_DIGITS = frozenset(w for w in DIGIT_WORDS if " " not in w)


def normal(text: str) -> str:
    """Words as the tables hold them: NFC, lower case, one space between."""
    return " ".join(unicodedata.normalize("NFC", text).lower().split())


@dataclass(frozen=True)
class Words:
    """The tables as sets, with the vocabulary file's words of a hundred languages
    (:func:`ratchet.core.world_words.vocabulary`) added to the ones above."""

    digits: frozenset[str]
    repeat: frozenset[str]
    tens: frozenset[str]
    case: frozenset[str]
    symbols: frozenset[str]
    spelling: frozenset[str]
    letters: frozenset[str]
    cues: frozenset[str]
    longest_cue: int


@lru_cache(maxsize=1)
def words() -> Words:
    """The tables, loaded on the first text with a spoken list in it."""
    from ratchet.core.world_words import vocabulary

    more: dict[str, set[str]] = {k: set() for k in ("digits", "case", "symbols", "cues")}
    doc = vocabulary()
    for lists in doc.values():
        if not isinstance(lists, dict):
            continue
        for key, into in (
            ("digits", "digits"),
            ("capital_letter", "case"),
            ("lowercase_letter", "case"),
            ("symbols", "symbols"),
            ("password", "cues"),
            ("pin", "cues"),
            ("code", "cues"),
            ("door_code_compounds", "cues"),
        ):
            # A word of one letter is too common to read as a digit or a case ("a", "大"): those stay out.
            more[into].update(said for said in map(normal, lists.get(key) or ()) if len(said) > 1)
    nato = doc.get("nato")
    spelling = {normal(w) for w in nato if isinstance(w, str)} if isinstance(nato, list) else set()
    cues = {normal(w) for w in CUE_WORDS} | more["cues"]
    return Words(
        digits=frozenset({normal(w) for w in DIGIT_WORDS} | more["digits"]),
        repeat=frozenset(normal(w) for w in REPEAT_WORDS),
        tens=frozenset(normal(w) for w in TENS_WORDS),
        case=frozenset({normal(w) for w in CASE_WORDS} | more["case"]),
        symbols=frozenset({normal(w) for w in SYMBOL_WORDS} | more["symbols"]),
        spelling=frozenset({normal(w) for w in SPELLING_WORDS} | spelling),
        letters=frozenset(normal(w) for w in LETTER_NAMES),
        cues=frozenset(cues),
        longest_cue=max(len(c.split()) for c in cues),
    )


def cued(before: str, words: Words) -> bool:
    """A credential's word (or phrase) among the words of ``before`` (what precedes a spoken list); in a script
    written without spaces, inside a word ("取款密码是...", "비밀번호는")."""
    if _UNSPACED.search(before) and any(cue in before for cue in _glued_cues(words)):
        return True
    said = [re.sub(r"['’]s$", "", w.strip(".,;:!?\"'()«»“”「」『』")) for w in normal(before).split()]  # "door code's"
    for size in range(1, words.longest_cue + 1):
        for at in range(len(said) - size + 1):
            if " ".join(said[at : at + size]) in words.cues:
                return True
    return False


CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"  # kana, Han, Hangul: scripts written without spaces
_UNSPACED = re.compile(f"[{CJK}]")


@lru_cache(maxsize=1)
def _glued_cues(words: Words) -> tuple[str, ...]:
    """The cues in scripts written without spaces (two characters or more), found inside a run of text."""
    return tuple(cue for cue in words.cues if len(cue) > 1 and _UNSPACED.search(cue) and " " not in cue)


def digit_word(word: str) -> bool:
    """Whether ``word`` (punctuation at its ends ignored) is a digit said as a word, in the tables above (the cheap
    test, before the vocabulary file is read)."""
    return word.strip(".,;:!?\"'()").lower() in _DIGITS


def maybe_digits(text: str) -> bool:
    """Three digit words in a row ("one nine eight four"): a PIN said without commas may be there."""
    row = 0
    for word in text.split():
        row = row + 1 if digit_word(word) else 0
        if row >= 3:
            return True
    return False
