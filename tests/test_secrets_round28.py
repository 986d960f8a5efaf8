"""Round 28 of the credential filter (tuned by class on ``heldout-27``, blind until round 27 was final): a code read out
digit by digit with a comma after it or glued to Chinese (a voice note's transcript); a chat's answer to a question for
a password that is random letters, words joined by dashes or capitalized words run together; a Wi-Fi's key of picked
words, the Wi-Fi named in a word of another name ("tal-wifi"); a name after an elided article ("D'Passwuert"); a door's
word ending a compound ("enirpordo", "útidyrunum"); a one-time code before Arabic's comma; a locker's number between the
lock's word and "combo"; a luggage lock's code before a full stop; "clé WPA"; Google's app password on the line below
its label; MQTT's ``username_pw_set``; a HomeKit code further from its name; a delivery's code for the driver; Dutch's
"ww". And the look-alikes: a password field shown masked under the network's name, a placeholder with a digit run and
"sk_live_xxxx", a phone's IMEI, a Bitcoin address to donate to, a response's request and ray ids, a one-time code's name
before a count of users. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A code read out digit by digit: a comma after it, or glued to a script written without spaces.
        ("Voice memo: ok so the gate code is 4 7 1 9, then push hard", "4 7 1 9"),
        ("Transkription: der Tresorcode ist 8 0 6 2, nicht vergessen", "8 0 6 2"),
        ("Голосовое: пин-код от карты 3 5 1 8, сними пять тысяч", "3 5 1 8"),
        ("语音：门禁密码是7 2 9 4，进门左转", "7 2 9 4"),
        # A chat's answer to a question for a password: letters alone, picked.
        ("[19:02] Olek: jakie jest hasło do wifi?\n[19:03] Ewa: qxvtrmbnlk", "qxvtrmbnlk"),
        ("Tom: what's the password for the shed laptop?\nAmy: CorvetteLimeRiverFalcon", "CorvetteLimeRiverFalcon"),
        ("Rosa: cuál es la clave del wifi?\nLuis: perro-nube-limon-faro 🙂", "perro-nube-limon-faro"),
        # A Wi-Fi's key of picked words, the Wi-Fi named in a word of another name; an elided article.
        ("Sarah: il-password tal-wifi hija lampa-bahar-lampa", "lampa-bahar-lampa"),
        ("Jeff: D'Passwuert vum WLAN ass 9940217735", "9940217735"),
        ("Marc: l'passwuert ass 5520119874", "5520119874"),
        # A door's word ending a compound.
        ("La kodo de la ĉefenirpordo estas 7713#, poste maldekstren.", "7713#"),
        ("Kóðinn að bakdyrunum er 4402, lykillinn er undir mottunni.", "4402"),
        # A one-time code before Arabic's comma.
        ("اورنج كاش: كود التأكيد بتاعك 550917، متديش الكود لأي حد.", "550917"),
        # A locker's number between the lock's word and "combo"; a luggage lock's code before a full stop.
        ("gym locker #12 combo → 3391", "3391"),
        ("luggage lock (black bag): 581. the other one has none", "581"),
        # "clé WPA": a Wi-Fi's key in French.
        ("Sous le routeur : réseau Bbox-44A1 – clé WPA 2011Caramel", "2011Caramel"),
        # Google's app password on the line below its label.
        ("App password for Outlook (use instead of your normal password):\nwkfa pzhe qomr vtyc", "wkfa pzhe qomr vtyc"),
        # MQTT's login call.
        (
            'mqttc.username_pw_set("hall-sensor", "violet-tractor-moss-52")\nmqttc.connect("10.0.0.9")',
            "violet-tractor-moss-52",
        ),
        # Dutch's "ww" (wachtwoord) after a network's name: the password cut, not the name.
        ("Bram: wifi = Thuis_5G, ww: Tulp88Kade!", "Tulp88Kade!"),
        # A delivery's code for the driver.
        ("DPD: your parcel needs a code. Please give the code to your courier: 307215", "307215"),
        # A HomeKit code further from its name.
        ("HomeKit setup code for the hallway sensor (the label is fading, copying it here): 384-19-207", "384-19-207"),
    ],
)
def test_round_28_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A password field shown masked under the network's name.
        "Wi-Fi: Orange-58A2F1\nPassword: ••••••••  (tap to show)",
        # A placeholder with a digit run; an example env file's runs of x after a key's prefix.
        'Docs: `token = "SAMPLE-1111-TOKEN-PLACEHOLDER"` — create a real one in the console.',
        "# .env.sample\nSTRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxx\nMAILGUN_KEY=key-xxxxxxxxxxxx",
        # A phone's IMEI (Luhn-valid, 15 digits).
        "Warranty claim: IMEI 490154203237518, bought in March",
        # A Bitcoin address, an Ethereum address to donate to.
        "Donations welcome: BTC 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
        "Tip jar (ETH): 0x52908400098527886E0F7030069857D2E4169EE7",
        # A response's request id and a CDN's ray id.
        "HTTP/2 502\ncf-ray: 7d1f0a9b3c2e4f81-AMS\nx-request-id: 0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
        # A one-time code's name before a count of people it went to; a digit read out that is a version.
        "Der Bestätigungscode wurde an 250000 Nutzer gesendet, sagt das Dashboard.",
        "Release notes: version 2 0 1 4 of the docs",
    ],
)
def test_round_28_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text


def test_a_pgp_private_key_is_cut_whole_past_its_armor() -> None:
    """An armored PGP key has headers and a blank line before its body: the cut runs to its END line, not to that
    first blank line (found by heldout-27's redaction row, once the retrained layer no longer cut the lines left)."""
    text = (
        "can you check this?\n\n-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: backup\n\n"
        "lQVYBGT3f0kBDAC7q2m9Zx4yR1vPp8WkT0hN3sLq6JdFe5uA2cY7tBgXo9MiHrVw\n"
        "Kp4sN8bQ1eLz6XyT3fUv0aGhRj5kWc2dEo7Ym9PqBnS4tIxVlZr1JgCuHwFe8Ns\n=Qx7b\n"
        "-----END PGP PRIVATE KEY BLOCK-----\n\nthanks"
    )
    assert secrets.redact(text) == "can you check this?\n\n[REDACTED:Private Key]\n\nthanks"
