"""Codes a person redeems: a gift card's or a voucher's code a few words after its name (:func:`gift_after`, read by
:mod:`ratchet.core.world_words` after the vocabulary's ``gift_card`` names) or after a store's name alone ("google play
card I scratched: S2A4...", "Amazonギフトカードのコード：ZGRD-DGNEGE-MWQD", "كود بطاقة آيتونز هدية لك: XPHJ..."), a
gift's link ("discord.gift/0yz113lszr39k58q"), and a television's or a console's activation code entered at the
address that asks for it ("go to disneyplus.com/begin and enter WT342X9Q"). Whoever holds one spends it or signs in
with it. :func:`spans` yields ``(start, end, kind)`` like the other detectors; nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.world_values import _CLAUSE, _WORD

# A gift card's code as cards print it: a run of capitals and digits, dashed groups of them, or a recharge card's PIN
# of ten digits or more, whole or in groups of four ("3077 6852 4593 9419"); a few words after its name ("mã thẻ cào
# Viettel 2076213959497994", "Amazonギフトカード 番号：KN5H...", "Apple Gift Card: XEUQ...", "der PIN ist 3297..."),
# in the same sentence, and not a number an order, a booking or a telephone is named by.
_GIFT_VALUE = re.compile(
    r"(?<![\w-])(?:(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{10,25}|"
    r"(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,6}(?:-[A-Z0-9]{3,6}){2,4}|\d{10,20}|"
    r"\d{4}(?:([ -])\d{4}(?:\1\d{4}){1,3}))(?![\w-])"
)
_GIFT_WORDS = 5
_NOT_GIFT = re.compile(
    r"(?i)\b(?:order|booking|reservation|ref(?:erence)?|invoice|tracking|serial|seri|s/n|tel|phone|call|iban|account)\b"
)


def gift_after(text: str, at: int) -> tuple[int, int] | None:
    """The code of a gift card, a voucher or a recharge card named just before ``at`` (see :data:`_GIFT_VALUE`)."""
    return _code_after(text, at, _GIFT_VALUE, _GIFT_WORDS)


def _code_after(text: str, at: int, shape: re.Pattern[str], words: int) -> tuple[int, int] | None:
    clause = _CLAUSE.match(text, at)
    value = shape.search(text, at, clause.end()) if clause else None
    if not value or len(_WORD.findall(text, at, value.start())) > words:
        return None
    if _NOT_GIFT.search(text, at, value.start()) or re.fullmatch(r"[A-Z]{4,18}\d{1,2}", value.group(0)):
        return None  # "voucher for booking 4829301847", a promotion's "SUMMERSALE20"
    if text.startswith("?", value.end()):
        return None  # "gift card code 6007...? no, that's the order reference": asked what a number is
    return value.start(), value.end()


# The stores whose cards are sold for gifts (and asked for by scammers), as people write their names in any script.
_STORE = re.compile(
    r"(?i)(?<![\w.])(?:google\s?play|itunes|app\s?store|apple|amazon|steam|xbox|playstation|psn|nintendo|e-?shop|"
    r"roblox|razer\s?gold|netflix|spotify|paysafecard|sephora|ikea)(?![a-z0-9.])|"
    r"アマゾン|アマギフ|アイチューンズ|グーグルプレイ|亚马逊|亞馬遜|아마존|구글\s?플레이|앱스토어|아이튠즈|"
    r"амазон\w*|гугл\s?плей|айтюнс|[آا]يتونز|أمازون|امازون|جوجل\s?بلاي|גוגל\s?פליי|אמזון"
)
# A store card's code: sixteen to twenty capitals and digits (Apple's, Google Play's), or dashed groups (Amazon's
# 4-6-4, Steam's and Xbox's fives), letters alone only in Amazon's groups; never a tracking number's "TBA...".
_STORE_VALUE = re.compile(
    r"(?<![\w-])(?:(?!TBA|1Z)(?=(?:[A-Z]*\d){2})(?=(?:\d*[A-Z]){4})[A-Z0-9]{12,25}|"
    r"(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,4}|[A-Z]{4}-[A-Z]{6}-[A-Z]{4})(?![\w-])"
)
_STORE_WORDS = 8  # "Apple cards for "the lawyer", first one was X6QA...": a scam's story between
# A gift's link: Discord's Nitro, Steam's gift.
_GIFT_LINK = re.compile(r"(?i)\b(?:discord\.gift|discord(?:app)?\.com/gifts)/([A-Za-z0-9]{16,24})(?![\w-])")
# A device's activation page ("disneyplus.com/begin", "netflix.com/tv8", "amazon.com/mytv", "youtube.com/activate",
# "microsoft.com/devicelogin"), then within its sentence the code typed there...
_ACTIVATE_PAGE = re.compile(
    r"(?i)\b[\w-]+(?:\.[\w-]+)+/(?:begin|activate|activation|tv\w{0,8}|mytv|link|device\w{0,6}|pair|code|signin|start)\b"
)
# ... five to nine capitals and digits, digits among them, or two groups of four ("PCHJ-HDBK"), a few words after it.
_ACTIVATION_CODE = re.compile(r"(?<![\w-])(?:(?=[A-Z0-9]*\d)[A-Z0-9]{5,9}|[A-Z0-9]{4}-[A-Z0-9]{4})(?![\w-])")
_ACTIVATION_WORDS = 6  # "microsoft.com/devicelogin and asked me to enter JGEYX83MM"


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of a store card's code after the store's name, a gift's link and a device's activation
    code after the page it is typed at."""
    for store in _STORE.finditer(text):
        if value := _code_after(text, store.end(), _STORE_VALUE, _STORE_WORDS):
            value_text = text[value[0] : value[1]]
            if not value_text.isdigit() and len(set(value_text) - {"-"}) >= 6:  # not "AAAA-BBBBBB-CCCC"
                yield value[0], value[1], "Gift Card Code"
    for link in _GIFT_LINK.finditer(text):
        yield link.start(1), link.end(1), "Gift Card Code"
    for page in _ACTIVATE_PAGE.finditer(text):
        clause = _CLAUSE.match(text, page.end())
        code = _ACTIVATION_CODE.search(text, page.end(), clause.end()) if clause else None
        if code and len(_WORD.findall(text, page.end(), code.start())) <= _ACTIVATION_WORDS:
            yield code.start(), code.end(), "Activation Code"
