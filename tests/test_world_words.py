"""The credential words of a hundred languages (``ratchet/data/credential-words.json``, read by
:mod:`ratchet.core.world_words` and :mod:`ratchet.core.spoken`): what they find, what they leave alone, that the
rules stamp covers the file, and that without it the layer is off rather than broken. Every example is written here,
none copied from a corpus."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import ratchet.core as core
from ratchet.core import rules_stamp, secrets, spoken, world_words

DATA = Path(world_words.__file__).resolve().parents[1] / "data" / "credential-words.json"
KINDS = {"password", "pin", "code", "door", "door_code_compounds", "recovery_phrase", "digits", "symbols"}
LOCKS = {"lock", "combination", "lock_code_compounds"}  # what a code opens besides a door, and its names


def test_the_vocabulary_holds_a_hundred_languages() -> None:
    doc = world_words.vocabulary()
    languages = [name for name, lists in doc.items() if isinstance(lists, dict)]
    assert len(languages) >= 95
    assert all(set(doc[name]) >= KINDS for name in languages)
    assert sum(set(doc[name]) >= LOCKS for name in languages) >= 95
    assert isinstance(doc["nato"], list) and "niner" in doc["nato"]
    # Stored as the tables read it: lower case, NFC, no duplicates in a list.
    for name in languages:
        for words in doc[name].values():
            assert sorted(set(words)) == words and all(world_words.normal(w) == w or " " in w for w in words), name


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Cyfrinair y rhwydwaith yw Tr4eth-Bach!", "Tr4eth-Bach!"),  # Welsh: no connector the password layer knows
        ("ჩემი ბანკის ბარათის პინ-კოდია 7315", "7315"),  # Georgian: the copula glued on
        ("வீட்டு கதவின் குறியீடு 58213", "58213"),  # Tamil: vowel signs are no word characters to re
        ("የኢሜይሌ የይለፍ ቃል Zebra#4471 ነው", "Zebra#4471"),  # Amharic: the copula after the value
        ("Миний имэйлийн нууц үг Qx7!mongo", "Qx7!mongo"),  # Mongolian
        ("Nenosiri la wifi ni Simba2024!pori", "Simba2024!pori"),  # Swahili
        ("Քարտի PIN կոդը 8642 է", "8642"),  # Armenian: an English name in a clause that is not English
        ("Hurðarkóðinn er 4417.", "4417"),  # Icelandic: the door and the code in one word
        ("La pordokodo estas 7726.", "7726"),  # Esperanto
        ("Koodhka albaabka waa 5521#.", "5521#"),  # Somali
        ("ইমেইলের পাসওয়ার্ড হলো Dhaka@8841", "Dhaka@8841"),  # Bengali
        ("Lambar ƙofar gida ita ce 90217.", "90217"),  # Hausa
        ("obnovovací fráze: kolo hrad strom lampa ryba mrak pero sklo voda les kniha zvon", "kolo hrad strom"),
        ("복구 구문: 사과 바다 하늘 나무 구름 연필 우산 기차 사자 거울 모래 시계", "사과 바다 하늘"),  # Korean
        ("รหัสประตูหอพักคือ 4418 นะ", "4418"),  # Thai: no spaces between the words
        ("保险箱密码是 903315", "903315"),  # Chinese: a safe's password
        ("Seifo kodas namuose: 250817", "250817"),  # Lithuanian: a safe's code, the "lock" list
        ("Tresorcode im Keller: 7391", "7391"),  # German: the lock list's compound
        ("PIN-a txartelarena 5512", "5512"),  # Basque: a case ending after a hyphen
    ],
)
def test_credentials_named_in_other_languages(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Kodi postar i Tiranës është 1001",  # a postal code
        "Hurðin er blá og kóðinn fyrir wifi er á ísskápnum",  # named, no value
        "Nenosiri jipya litatumwa kesho",
        "კარის კოდი შეიცვალა 2023 წელს",  # the year the door's code changed
        "Moj let JU 500 polazi u 7:40, šifra rezervacije KQ7PZM",  # a booking's code
        "Ang password ko ay nasa notebook",
        "მისამართის საფოსტო კოდი 0179",  # a postal code
        "фраза восстановления хранится в сейфе у родителей дома в деревне под Тверью рядом с документами",
        "the door code changed in 2023",  # English names are the other layers'
        "புதிய வீட்டின் பின் கோடு 691904.",  # India's postal code is its PIN code
        "मेरे गांव का पिन कोड 221005 है",  # likewise in Hindi
        "Als Passwort-Manager nutze ich KeePassXC.",  # a compound about the password, and a manager's name
        "Lösenordet är för svagt enligt systemet.",  # no value: Swedish words, not random letters
        "เที่ยวบิน TG 640 รหัสการจอง QX7PLM",  # Thai: a booking's code
        "Der Zahlencode steht im Handbuch auf Seite 2024",  # a page's number, a year's shape
    ],
)
def test_look_alikes_in_other_languages(text: str) -> None:
    assert secrets.scan(text) == [], text


@pytest.fixture
def no_vocabulary(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    derived = (world_words._index, world_words._english, world_words._suffixes, world_words._glued_index, spoken.words)
    monkeypatch.setattr(world_words, "vocabulary", lambda: {})
    for table in derived:
        table.cache_clear()
    yield
    for table in derived:
        table.cache_clear()


def test_without_the_file_the_words_are_off_not_broken(no_vocabulary: None) -> None:
    assert list(world_words.spans("Hurðarkóðinn er 4417.")) == []
    # The spoken lists keep the words written in ratchet.core.spoken.
    assert secrets.scan("the password is capital T, seven, lowercase r, hash, two, two")


def test_the_rules_stamp_covers_the_vocabulary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cached verdicts hold only for the rules that gave them, and the words are rules: editing the file is an
    upgrade of the rules."""
    (tmp_path / "core").mkdir()
    (tmp_path / "data").mkdir()
    shutil.copy(Path(core.__file__), tmp_path / "core" / "__init__.py")
    vocabulary = tmp_path / "data" / "credential-words.json"
    vocabulary.write_text(json.dumps({"english": {"password": ["password"]}}), encoding="utf-8")
    monkeypatch.setattr(core, "__path__", [str(tmp_path / "core")])
    rules_stamp.stamp.cache_clear()
    try:
        before = rules_stamp.stamp()
        vocabulary.write_text(json.dumps({"english": {"password": ["password", "passcode"]}}), encoding="utf-8")
        rules_stamp.stamp.cache_clear()
        assert rules_stamp.stamp() != before
    finally:
        rules_stamp.stamp.cache_clear()
