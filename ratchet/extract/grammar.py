"""Grammar for the offline extractor: finding a clause's verb and subject, and rewriting first and second person
into the third ("I prefer tabs" -> "The user prefers tabs"; "you live in Denver" -> "the user lives in Denver").

Word-order heuristics over the lexicon's word lists: no tagger is needed for facts this short.
"""

from __future__ import annotations

import re

from ratchet.extract.lexicon import (
    ADVERBS,
    AUXILIARIES,
    BASE_VERBS,
    DETERMINERS,
    FIRST_PERSON,
    FIRST_PLURAL,
    IRREGULAR_PAST,
    MODALS,
    NOT_VERBS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
    TAG_NOISE,
    VERB_FORMS,
)

PUNCT = ",.;:!?\"'()[]"


def verb_form(verb: str) -> str:
    if verb.endswith("ing"):
        return "ing"
    if verb.endswith("ed"):
        return "ed"
    if verb in BASE_VERBS:
        return "base"
    return "s" if verb.endswith("s") else "other"


def plain_word(token: str) -> str:
    return token.strip(PUNCT).lower().replace("\u2019", "'")


def verb_index(tokens: list[str]) -> int | None:
    """Index of the main verb of a clause (a word-order heuristic; no tagger is needed for facts this short)."""
    bare = [plain_word(t) for t in tokens]
    for i, word in enumerate(bare):
        if re.fullmatch(r"(?:i|we|they|he|she|it|you|that|there)'(?:m|re|s|ve|ll|d)", word):
            return i
        if word in SUBJECT_PRONOUNS and word != "it" and (i == 0 or bare[i - 1] in ("and", "but", "so", "because")):
            j = i + 1
            while j < len(bare) and bare[j] in ADVERBS:
                j += 1
            if j < len(bare) and bare[j] not in DETERMINERS | PREPOSITIONS and re.fullmatch(r"[a-z'-]+", bare[j]):
                return j
    for i, word in enumerate(bare):  # a copula or modal
        if word in AUXILIARIES or word in ("isn't", "aren't", "wasn't", "can't", "won't", "doesn't", "don't"):
            in_name = 0 < i < len(tokens) - 1 and tokens[i - 1][:1].isupper() and tokens[i + 1][:1].isupper()
            if i > 0 and not in_name:  # "Casa do Rio" is a name, not a verb
                return i
    for i, word in enumerate(bare):  # an inflected verb not right after a determiner
        if i == 0 or word in NOT_VERBS or bare[i - 1] in DETERMINERS or not tokens[i][:1].islower():
            continue
        if word in VERB_FORMS and word not in BASE_VERBS:
            return i
    for i, word in enumerate(bare):  # a base-form verb after a plural subject ("Deploys happen on ...")
        if (
            i > 0
            and word in BASE_VERBS
            and tokens[i].islower()
            and (
                bare[i - 1].endswith("s")
                or bare[i - 1] in SUBJECT_PRONOUNS
                # a plural head with a modifier before the verb: "Deploys to production happen on ..."
                or (i <= 6 and bare[0].endswith("s") and not bare[0].endswith("ss") and bare[1] in PREPOSITIONS)
            )
            and bare[i - 1] not in DETERMINERS | PREPOSITIONS
        ):
            return i
    for i in range(1, len(bare) - 1):  # an unknown verb: "-s" word followed by a preposition or determiner
        word = bare[i]
        if (
            word.endswith("s")
            and not word.endswith(("ss", "us", "is", "'s"))
            and word.isalpha()
            and tokens[i].islower()
            and bare[i - 1] not in DETERMINERS | PREPOSITIONS
            and (bare[i + 1] in PREPOSITIONS | DETERMINERS | ADVERBS or bare[i + 1][:1].isdigit())
        ):
            return i
    return None


def subject_of(clause: str) -> str:
    tokens = clause.split()
    vi = verb_index(tokens)
    if not vi:
        return ""
    if re.fullmatch(r"\w+'(?:m|re|s|ve|ll|d)", plain_word(tokens[vi])) and vi == 0:
        return ""
    subject = " ".join(tokens[:vi]).strip(PUNCT)
    return subject if len(subject.split()) <= 6 else ""


def object_np(sentence: str) -> str:
    """The first definite noun phrase after the verb ("I replaced the furnace filter today" -> "the furnace
    filter"): what a following "It ..." most likely means."""
    tokens = sentence.rstrip(".!").split()
    vi = verb_index(tokens)
    if vi is None:
        return ""
    for k in range(vi + 1, len(tokens)):
        if plain_word(tokens[k]) in ("the", "my", "our", "his", "her", "their"):
            np = [tokens[k]]
            for tok in tokens[k + 1 : k + 6]:
                bare = plain_word(tok)
                if bare in PREPOSITIONS or bare in TAG_NOISE or bare in VERB_FORMS or bare in ("and", "or", "but"):
                    break
                np.append(tok.strip(PUNCT))
                if tok[-1:] in PUNCT:
                    break
            return " ".join(np) if len(np) > 1 else ""
    return ""


def resolve_leading_pronoun(sentence: str, previous: str) -> str:
    """'It needs replacing every 90 days' after 'I replaced the furnace filter' -> 'The furnace filter needs ...'."""
    match = re.match(r"(?:it|they)\s+(?=\w)", sentence, re.I)
    if not match or not previous or re.match(r"it'?s\b", sentence, re.I):
        return sentence
    np = object_np(previous)
    if not np:
        return sentence
    return np[0].upper() + np[1:] + " " + sentence[match.end() :]


def second_to_third(text: str) -> str:
    """'you live in Denver' -> 'the user lives in Denver' (the assistant speaking to the user)."""
    text = re.sub(r"\byou're\b", "the user is", text, flags=re.I)
    text = re.sub(r"\byour\b", "the user's", text, flags=re.I)
    text = re.sub(r"\byou (\w+)", lambda m: "the user " + third(m.group(1), force=True), text, flags=re.I)
    text = re.sub(r"\byou\b", "the user", text, flags=re.I)
    return text[0].upper() + text[1:] if text else text


def third_person(sentence: str, *, team: bool = True) -> str:
    """'I prefer tabs' -> 'The user prefers tabs'; 'our CI' -> 'the team's CI' (with ``team``; else 'the user's').

    Once the clause's subject is the user, later "my", "me", "myself" become "their", "them", "themselves" ("I use
    neovim as my editor" -> "... as their editor"). "US" (the country) stays. Ends with a period (or the "!" it had).
    """
    we = "the team" if team else "the user"
    tokens = sentence.split(" ")
    out: list[str] = []
    subject = ""  # "i" or "we" once the user (or the team) is the subject
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        bare = tok.strip(",.;:!\"'()").lower().replace("\u2019", "'")
        trail = tok[len(tok.rstrip(",.;:!\"')")) :]
        if bare in ("i", "we"):
            out.append(("the user" if bare == "i" else we) + trail)
            subject = subject or bare
            compound = i > 0 and tokens[i - 1].lower() == "and"
            i += 1
            # conjugate the verb (skipping adverbs) unless punctuation ended the subject
            j = i
            while j < len(tokens) and tokens[j].lower().strip(",") in ADVERBS:
                j += 1
            if not trail and j < len(tokens) and not compound:
                tokens[j] = third(tokens[j], force=True)
            continue
        if bare == "us" and tok.strip(",.;:!\"'()") == "US":  # the country, not the pronoun
            out.append(tok)
            i += 1
            continue
        if in_name(tokens, i):  # "Oh My Posh", "Oh My Zsh": a name, not the user's
            out.append(tok)
            i += 1
            continue
        if subject == "i" and bare in _OBJECT_FORMS:
            out.append(_OBJECT_FORMS[bare] + trail)
            i += 1
            continue
        if subject == "we" and bare in ("our", "ours") and not team:
            out.append("their" + ("s" if bare == "ours" else "") + trail)
            i += 1
            continue
        template = FIRST_PERSON.get(bare) or FIRST_PLURAL.get(bare)
        out.append(template.format(u="the user", w=we) + trail if template else tok)
        i += 1
    text = " ".join(out).strip()
    if team:  # "We're on Node 20" means the project runs on it
        text = re.sub(r"^the team is on (?=[A-Z0-9])", "the project runs on ", text, flags=re.I)
    first = text.split(" ", 1)[0] if text else ""
    if text and not re.search(r"[./_\\`\d]|[a-z][A-Z]", first):  # "app.js is ..." keeps its name as written
        text = text[0].upper() + text[1:]
    if text and text[-1] not in ".!":
        text = text.rstrip("?:;,") + "."
    return text


_NAME_WORDS = frozenset({"My", "Our", "Me", "Us", "We"})


def in_name(tokens: list[str], i: int) -> bool:
    """Is ``tokens[i]`` a capitalised "My", "Our" ... inside a name ("Oh My Posh"): after a capitalised word that
    ends no sentence, and followed by one?"""
    if i == 0 or i + 1 >= len(tokens):
        return False
    word = tokens[i].strip(",.;:!\"'()")
    if word not in _NAME_WORDS:
        return False
    before, after = tokens[i - 1], tokens[i + 1]
    return before[:1].isupper() and before[-1:] not in ".!?:" and after[:1].isupper()


# After "I ..." has made the user the subject: "my editor" is "their editor", not "the user's editor".
_OBJECT_FORMS = {"my": "their", "mine": "theirs", "me": "them", "myself": "themselves"}


def third(word: str, force: bool = False) -> str:
    """Third person singular of a verb token: 'prefer' -> 'prefers', "don't" -> "doesn't".

    With ``force`` the word is known to be a verb by its position (right after "I"), so unknown verbs conjugate too.
    """
    core = word.rstrip(",.;:!")
    if core != word:
        return third(core, force) + word[len(core) :]
    lower = word.lower()
    if lower in ("don't", "don\u2019t"):
        return "doesn't"
    if lower in ("am", "are"):
        return "is"
    if lower in ("were",):
        return "was"
    if lower in ("haven't", "haven\u2019t"):
        return "hasn't"
    if lower in MODALS or lower in ("was", "had", "did") or lower.endswith("ed"):
        return word
    if lower in IRREGULAR_PAST and lower not in BASE_VERBS:
        return word  # "went" stays "went", never "wents"
    known = lower in BASE_VERBS or lower in ("have", "do", "go", "be")
    # A word not known as a verb is conjugated only when its last part is one ("squash-merge" -> "squash-merges").
    known = known or (force and "-" in lower and lower.rsplit("-", 1)[1] in BASE_VERBS)
    if not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", lower) or not known or lower in NOT_VERBS:
        return word
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is"}
    if lower in irregular:
        return irregular[lower]
    if lower.endswith("s") and not lower.endswith(("ss", "sh")):
        return word
    if lower.endswith(("sh", "ch", "x", "z", "o", "ss")):
        return word + "es"
    if lower.endswith("y") and lower[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
