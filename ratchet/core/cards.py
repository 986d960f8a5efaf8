"""Payment card numbers: Luhn-valid numbers of the card networks' lengths and prefixes, as people write them (in
groups, in a form field), except the test numbers processors publish when they are said to be test cards; and the
code on a card's back named in any of the languages people write it in (:func:`security_codes`, read by
:mod:`ratchet.core.account_secrets`). :func:`spans` is read by :mod:`ratchet.core.secrets`' scan and redaction like
the other layers. Nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# A payment card number: 13-19 digits (spaces or dashes between groups) starting as the card networks do, and
# passing the Luhn check, so order numbers and ids of the same length stay clean.
# Turkey's Troy cards start with 9792. Four groups of four may be joined by dots ("4368.7452.4728.9745").
_CARD = re.compile(
    r"(?<![A-Za-z0-9_./=:-])(?:[2-6]\d{3}|9792)(?:(?:[ -]?\d{2,4}){2,4}(?:[ -]?\d{1,4})?|(?:\.\d{4}){3})"
    r"(?![A-Za-z0-9_%-]|\.\d)"
)
# A card number as a form field or a query parameter (ccnum=4116..., card_number: ...).
_CARD_FIELD = re.compile(r"(?i)\b(?:cc|card|pan)[\w-]*\s*[=:]\s*[\"']?([2-6]\d{12,18}|9792\d{12})(?!\d)")


# The card numbers payment processors publish for testing (Stripe, Adyen, Braintree, PayPal, Midtrans, Checkout.com,
# Mercado Pago, Redsys, YooKassa, Paystack, Flutterwave, PayU): no bank issues them, so one said to be a test card, or
# a decline it triggers, is documentation ("kartu uji", "tarjeta de prueba", "тестовая карта", "insufficient_funds"),
# and so are the CVC and the expiry given with it (:func:`documented`). Said to be someone's card ("my visa is 4111
# 1111 1111 1111") it stays refused: that is how people write a card down for an example, and a memory cannot check
# which was meant.
_SAID_TEST = re.compile(
    r"(?i)\btest(?:ing|s)?\b|\bsandbox\b|\bdeclines?\b|\binsufficient_funds\b|\b(?:uji|prueba|teste|testowa)\b|"
    r"\bтест\w*|\bтестов\w*|اختبار|تجريبي|\bδοκιμ\w*|\bdeneme\b|\btestovac\w*|ทดสอบ|테스트|テスト|测试|測試"
)
_TEST_CARDS = frozenset(
    """
    4242424242424242 4000056655665556 5555555555554444 2223003122003222 5200828282828210 5105105105105100
    378282246310005 371449635398431 378734493671000 6011111111111117 6011000990139424 6011981111111113
    3056930009020004 36227206271667 30569309025904 38520000023237 3566002020360505 3530111333300000
    6200000000000005 4000000000000002 4000000000009995 4000000000009987 4000000000009979 4000000000000069
    4000000000000127 4000000000000119 4000000000000077 4000000000003220 4000002500003155 4000002760003184
    4000000000003063 4111111111111111 4012888888881881 4222222222222 5454545454545454 4000000000000010
    4000000000000036 4000000000000044 4000000000000101 4000000000000341 4111111145551142 5555341244441115
    370000000000002 4917610000000000 4811111111111114 5211111111111117 4911111111111113
    5031433215406351 4509953566233704 4000003920000003 5555555555554477 4548812049400004 4084084084084081
    5531886652142950 5123456789012346 4005519200000004 4009348888881881 4012000033330026 4012000077777777
    4217651111111119 5101180000000007 2222400070000005 4988438843884305 4543474002249996 5436031030606378
    6703444444444449 4035501000000008 4360000001000005 4012001037141112
    """.split()  # noqa: SIM905 - a list of numbers reads better as a block
)


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


# An order's, an invoice's, a parcel's word in the languages shops write (read by ratchet.core.world_values too).
ORDER_WORDS = (
    r"(?:order|invoice|tracking|pedido|orden|commande|bestell\w*|ordine|zam[óo]wieni\w*|sipari[şs]\w*|"
    r"заказ\w*|objedn[áa]vk\w*|rendel[ée]s\w*|pesanan|đơn\s+hàng)"
)
_AN_ID_BEFORE = re.compile(
    r"(?i)\b(?:ids?|snowflake|tweet|order|invoice|tracking|barcode|ean|gtin|upc|isbn|imei\d?|iccid|meid)\b\s*(?:#|no\.?|number|:)?\s*$|"
    # An order's number a few words before its colon, in the languages shops write ("order number ko sa Lazada:",
    # "numéro de commande chez Fnac :", "Bestellnummer bei Otto:"), or a phone's IMEI ("IMEI for the claim:").
    rf"\b(?:{ORDER_WORDS}|imei|iccid|meid)(?:\s+(?:number|no\.?|#|n[º°o]\.?))?"
    r"(?![^\n\d:：]{0,30}(?:card|karte|tarjeta|carte|cart[ãa]o|carta|kart))[^\n\d:：]{0,30}[:：#]\s*$|"
    r"\bfbq\(\s*'init',\s*'$|"  # a product's barcode; Facebook's pixel id as its snippet passes it
    r"(?:订单号|訂單號|注文番号|주문\s*번호)\s*[:：]?\s*$|"  # an order's number in Chinese, Japanese, Korean
    r"\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){1,4} $|"  # an IBAN's country, check digits and bank code before its account
    # A JSON field of an amount or a counter (a transaction's value in wei, a block's number, a nonce, an id).
    r"\"(?:value|gas\w*|nonce|block\w*|timestamp|amount|balance|wei|\w*_?id)\"\s*:\s*\"?$"
)


# What a test card's documentation gives after its number: the CVC and the expiry, each after its word in any
# language, a word or two before it ("..., CVC 737", "expiry 03/2030", "caduca 12/34", "with expiry 03/30 and CVC 737").
_DETAILS = re.compile(
    r"(?i)(?:[\s,;:—–-]*(?:security\s+code|valid\s+thru|(?:[^\W\d_]{2,12}\s+){0,2}[^\W\d_]{2,12}(?:\s+date)?)?[\s:]*"
    r"(?:\d{2}\s*/\s*\d{2,4}|\d{3,4})\b)*"
)


def documented(text: str) -> Iterator[tuple[int, int]]:
    """Spans of a processor's published test card said to be one (:data:`_TEST_CARDS`), with the CVC and expiry
    given after it: documentation, which :mod:`ratchet.core.secrets` blanks before its layers read a CVC's word."""
    if not _SAID_TEST.search(text):
        return
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        details = _DETAILS.match(text, match.end())  # matches at least nothing: the number alone
        if details and any(digits[:size] in _TEST_CARDS for size in (13, 14, 15, 16)):  # "... 0002 737": a CVC on
            yield match.start(), details.end()


# A card's expiry after its number, then three or four digits a word or three on: the code on its back, whatever the
# language calls it ("exp. 05/28, cryptogramme 163", "تاريخ الانتهاء 07/31 رمز الأمان 593", "gültig bis 08/29,
# Prüfziffer 093").
_CODE_AFTER = re.compile(
    r"[\s,;:—–-]*(?:[^\W\d_]{2,14}\.?\s+){0,3}\d{2}\s*/\s*\d{2,4}"
    # then a comma (a CSV's row), or a few words, one of them maybe the code's count ("les 3 chiffres au dos 191",
    # "4-digit CID on the front: 8896")
    r"(?:,|[\s,;:—–-]*(?:(?:[^\W\d_]{2,14}\.?|\d(?:-[^\W\d_]{2,8})?)[\s:]+){1,5})[:\s]*"
    r"(\d{3,4})\b(?![/.,]\d)"
)


def spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of Luhn-valid card numbers, except a processor's published test number said to be one
    (:data:`_TEST_CARDS`), and of any card number an expiry and a security code follow (:data:`_CODE_AFTER`). The
    tail of a longer grouped number (a tracking number, an IBAN) is not a card."""
    for match in [*_CARD.finditer(text), *_CARD_FIELD.finditer(text)]:
        found = match.group(match.lastindex or 0)
        at = match.start(match.lastindex or 0)
        if re.search(r"\d[ -]$", text[max(0, at - 2) : at]) or _AN_ID_BEFORE.search(text, max(0, at - 60), at):
            continue  # "USPS tracking 9400 18289 3148 9876 8739 83"; "Discord message id 6749420350985889440"
        # The longest run of groups that is a card number: "5105 1051 0510 5100 09/26" ends before the expiry.
        for cut in sorted({len(found), *(m.start() for m in re.finditer(r"[ .-]", found))}, reverse=True):
            digits = re.sub(r"\D", "", found[:cut])
            if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and _luhn(digits):
                if digits not in _TEST_CARDS or not _SAID_TEST.search(text):
                    yield at, at + cut
                    code = _CODE_AFTER.match(text, at + cut)  # "..., exp. 05/28, cryptogramme 163": its CVC too
                    if code:
                        yield code.start(1), code.end(1)
                break
    for match in _GROUPED.finditer(text):  # not Luhn-valid, mistyped maybe: a card for its expiry and code after it
        if _luhn(match.group(0).replace(" ", "")):
            continue  # a valid number is the loop's above, with its exceptions (a test card said to be one)
        code = _CODE_AFTER.match(text, match.end())
        if code:
            yield match.start(), match.end()
            yield code.start(1), code.end(1)


_GROUPED = re.compile(r"(?<![\d-])(?<!\d )\d{4}(?: \d{4}){3}(?![\d-])")  # "1222 4742 9592 4504, exp 11/26, cvv 571"


# The code on a card's back by its names: its abbreviations (CID is American Express's, said of a card), "security
# code" in the languages cards are used in, then three or four digits in the same clause ("CVC на обороте карты 216",
# "el código de seguridad de la tarjeta es 542", "信用卡背面安全码 203", "カード裏のセキュリティコードは 094").
_CVC_WORD = re.compile(r"(?i)\b(?:cvv2?|cvc2?|cvn2?|csc|cav2|kartenprüfnummer)\b")
_SECURITY_WORD = re.compile(
    r"(?i)\b(?:(?:card\s+)?security\s+code|c[óo]digo\s+de\s+(?:seguridad|seguran[çc]a)|code\s+de\s+s[ée]curit[ée]|"
    r"codice\s+di\s+sicurezza|sicherheitscode|prüfziffer|güvenlik\s+kodu|код\s+безопасности|kod\s+bezpieczeństwa|"
    r"(?-i:CID))\b|安全码|安全碼|セキュリティコード|보안\s*코드"
)
# ... which, but for the abbreviations, needs the card in the clause (a "security code" alone is a texted one's).
_CARD_WORD = re.compile(
    r"(?i)\b(?:card|karte|carte|cart[ãa]o|tarjeta|carta|karta|kart\w*|карт\w*|amex|american\s+express|visa|"
    r"mastercard|back)\b|کارت|بطاقة|卡|カード|카드"
)
# American Express's CID said of the card, its value after "is" or a colon further on ("the CID on the back of the
# amex (last 5 digits of number are 18046) is 9610").
_CARD_CID = re.compile(
    r"\b(?-i:CID)\b(?=[^\n]{0,40}\b(?i:amex|american\s+express|card|back)\b)[^\n]{0,90}?\b(?:is|:)\s+(\d{3,4})\b(?![\d.,/])"
)
_CLAUSE = re.compile(r"[^\n.;!?]*")  # what follows a name, to the clause's end
_CVC_VALUE = re.compile(r"(?<![\d/.,:-])(\d{3,4})(?![\d]|[/.,:-]\d)")
_FIELD_RULE = re.compile(r"\s*(?:digits?|chars?|x)\b")  # "3 digits": what a field takes, not a code
_NOT_CVC = re.compile(r"(?i)\b(?:order|invoice|ticket|digits?|error|field|length|chars?|characters)\b|\d")


def security_codes(text: str) -> Iterator[tuple[int, int]]:
    """Spans of a card's security code after one of its names, in the same clause: the first three or four digits
    within 40 characters, with no other number or word of a field's rules between ("the CVV field must be 3 digits")."""
    for word in [*_CVC_WORD.finditer(text), *_SECURITY_WORD.finditer(text)]:
        found = _CLAUSE.match(text, word.end())
        clause = found.group(0) if found else ""
        before = text[max(0, word.start() - 40) : word.start()].rsplit(".", 1)[-1]
        if word.re is _SECURITY_WORD and not _CARD_WORD.search(before + " " + clause[:40]):
            continue
        value = _CVC_VALUE.search(clause, 0, 48)
        if value and not _NOT_CVC.search(clause[: value.start()]) and not _FIELD_RULE.match(clause, value.end()):
            yield word.end() + value.start(1), word.end() + value.end(1)
    for cid in _CARD_CID.finditer(text):
        yield cid.start(1), cid.end(1)
