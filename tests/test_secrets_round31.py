"""Round 31 of the credential filter (tuned by class on ``heldout-30``, blind until round 30 was final): a table's or
a CSV's row with no header, a login's cell then a password someone chose; a safe named in Spanish, French, Russian or
Arabic with the digits it is set to; a device's sign-in code after the page it is typed at (more pages, two groups of
four letters); a code a service texted or sent, "a 6 digit code (...)", a text's own "Your ... code is"; a message
that starts with the code and says what it is; a list's line naming a door or a gate with a remark after the code; a
family's dialogue relaying "a text with numbers"; GitHub's recovery codes under a heading in any language; 2FA's
code further from its name. And the look-alikes: money and counts sent or texted, a year or an error's code before a
dash, a CSV's row with no password in it, a documentation's "example123", an invoice's number in a dialogue. Every
example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A row with no header: a login's cell, then a password someone chose.
        ("| HBO Max | t.nguyen | Dolphin2015 |", "Dolphin2015"),
        ("m.rossi@libero.it;Girasole77;vecchio account", "Girasole77"),
        # A safe named in another language, and the digits it is set to.
        ("he cerrado la caja fuerte con 80315522, las joyas están dentro", "80315522"),
        ("сейф в спальне на 55219043, документы там", "55219043"),
        ("Le coffre du bureau est réglé sur 4471, ne le dis à personne", "4471"),
        # A device's sign-in code after the page it is typed at.
        ("open youtube.com/activate on the phone and type KQWX-HTRM", "KQWX-HTRM"),
        ("go to microsoft.com/devicelogin then enter HX7PQ2KMD", "HX7PQ2KMD"),
        # A code a service texted or sent; a text's own words.
        ("the bank just texted me 604218, do I give it to the caller?", "604218"),
        ("Steam sent 55029 to my email and it says it expired", "55029"),
        ("why does Instagram send a 6 digit code (318207) every time I open it", "318207"),
        ("Your Bolt code is 4821. Don't share it.", "4821"),
        ("the code from the dentist text is 9920", "9920"),
        ("the clinic sent 4 digits — 7702 — but the page wants six", "7702"),
        # A message that starts with the code and says what it is.
        ("318844 — that's the code the pharmacy texted", "318844"),
        # A list's line naming a gate with a remark after the code.
        ("storage gate: 448120 — our unit is B-12", "448120"),
        # A family's dialogue relaying "a text with numbers".
        ("Gran: I got a message with numbers on it\nMe: read them to me\nGran: 559301", "559301"),
        # GitHub's recovery codes under a heading in another language; 2FA's code further from its name.
        ("Códigos de recuperación de GitHub:\n1a2b3-4c5d6\n7e8f9-0a1b2\n3c4d5-6e7f8", "7e8f9-0a1b2"),
        ("2FA for the company GitHub org, right now: 771203", "771203"),
    ],
)
def test_round_31_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # Money and counts sent or texted.
        "they sent 20000 to the charity last year",
        "we texted 15000 customers about the outage",
        "Mailchimp sent 12000 newsletters on Monday",
        # A year or an error's code before a dash.
        "2024 — the year the code of conduct came in",
        "4040 — that's the error code the printer shows",
        "Gate: 2019 — when it was built",
        # A CSV's row with no password in it; a safe's price.
        "alice@example.com,Manager,Berlin",
        "j.smith@acme.com,ENG-2041,2024-01-03",
        "la caja fuerte cuesta 1500 euros",
        # A documentation's example value; an invoice's number in a dialogue.
        "(example only) set PASSWORD=example123 in your local .env, then replace it with your own",
        "Tom: the invoice came as a message with numbers in the subject\nAna: which one\nTom: 2024-118",
        # A page to sign in at, with no code.
        "to link the TV, open youtube.com/activate on your phone",
    ],
)
def test_round_31_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
