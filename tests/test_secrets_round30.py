"""Round 30 of the credential filter (tuned by class on ``heldout-29``, blind until round 29 was final): a one-time
code relayed in a family chat, the reply set apart by "> ", "↪ ", "- ", "— ", an ellipsis or a blank line; the
code's name in more forms (Kurmanji "kodek", Maltese "kodiċi", Estonian "kood", Malaysia's TAC, Germany's TAN); a
gift card's code after the store's name alone, a gift's link, a TV's activation code after the page it is typed at;
a weak password after a password's name ("qwerty!", "asdf1", "abc00"); a login written "label: user / password" with
a word and a number for the password, or an aside after it; six digits in two groups after a code's name; a hotel
safe's short name; a delivery's code; a PDF's and a till drawer's code after "opens with" and "code"; a gym
locker's dial number and a food pickup code in Japanese and Chinese. And the look-alikes: a telephone's and a till's
number in Swahili and Tigrinya (the word only means "number"), a Persian address whose "in" was read as a door, a
MAC address, a Korean clinic card's number, a network's name before the word for its password in another
language. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # A one-time code relayed in a family chat, the reply set apart.
        ("Tata, przyszedł ci kod z banku? Wyślij mi proszę\n> 406213", "406213"),
        ("Baba, bankadan sana kod geldi mi? Bana yollar mısın\n↪ 551902 bu mu", "551902"),
        ("Mama, prišla ti je koda z banke, pošlji mi jo prosim\n- 730418", "730418"),
        ("Tatë, të erdhi një kod nga banka? Ma dërgo të lutem … 284406", "284406"),
        ("Papa, tu as dû recevoir un code de la banque par SMS, envoie-le moi stp\n\n667120 voilà", "667120"),
        ("Nanna, waslek kodici mill-bank? Ibgħathuli\n↪ 318864", "318864"),
        ("Isa, kas sulle tuli kood? Saada mulle\n> 902215", "902215"),
        ("Ayah, dapat TAC dari bank tak? Hantar kat saya\n> 447019", "447019"),
        # A gift card's code after the store's name alone; a gift's link; a TV's activation code.
        ("grandpa bought apple cards for the 'tax office', first one was XQ7MRK2D9PL4WZ8N", "XQ7MRK2D9PL4WZ8N"),
        ("карта Гугл Плей для Пети: 9QXM4KD2WZ7PHN3RT6BA", "9QXM4KD2WZ7PHN3RT6BA"),
        ("buono Amazon per Marta: Q7RT-4KD9WX-M2PL", "Q7RT-4KD9WX-M2PL"),
        ("here's your nitro: https://discord.gift/Qm7Zr2Kx9LpW4tNb", "Qm7Zr2Kx9LpW4tNb"),
        ("on the tv go to netflix.com/tv8 and type 48213307", "48213307"),
        # A weak password after a password's name.
        ("ps4 account pw: monkey! dont tell mum", "monkey!"),
        ("Passwort vom Drucker-Admin: asdf1", "asdf1"),
        ("kid's tablet password abc00", "abc00"),
        # A login "label: user / password": a word and a number, an aside after it.
        ("Strava: jan.novak / Mountain2021", "Mountain2021"),
        ("choir portal: anna.k / Sunflower88 (shared with the altos)", "Sunflower88"),
        ("ゲームのアカウント：haru_k / SnowLeopard42 内緒ね", "SnowLeopard42"),
        # Six digits in two groups after a code's name and a colon.
        ("the code my bank's app shows: 481 207", "481 207"),
        # A hotel safe's short name; a delivery's code; a PDF's and a till drawer's code.
        ("sef u sobi hotela: 4417", "4417"),
        ("delivery code for the courier: 5531", "5531"),
        ("the pension PDF opens with 19026633", "19026633"),
        ("cash drawer code for the evening shift: 3318", "3318"),
        # A locker's dial number in Japanese; a food pickup code in Chinese.
        ("プールのロッカー、ダイヤル番号は7203", "7203"),
        ("您的取餐码 6618，请到前台取餐", "6618"),
    ],
)
def test_round_30_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        # A telephone's and a till's number in Swahili; a Persian address whose "in" was read as a door.
        "namba yangu ya simu imebadilika: 0712 330 918",
        "Lipa kwa M-Pesa: Till 882014, Account namba 55021",
        "دفتر ما در خیابان آزادی است، کد پستی ۱۴۵۸۸۶۳۱۱۷",
        # A MAC address; a Korean clinic card's number.
        "the printer's MAC is A4:5E:60:1B:C2:0F, reserve 192.168.1.40 for it",
        "병원 진료카드 번호 204518, 다음 예약은 금요일",
        # A dash list under a code's name (error codes, a zip code), a reply that is a number asked for.
        "error codes we saw:\n- 5003\n- 5012",
        "what's the zip code there?\n> 94110",
        # A store's name and a number that is an order's, a tracking number.
        "Amazon order 114-3941689-8772232 arrives Tuesday",
        "Amazon tracking TBA304918276000, left at the door",
        # A weak password talked about, not given.
        "qwerty123 is still among the most common passwords",
        # A network's name after "Wifi:" or "WLAN:", its password named after it in another language (not given).
        "Wifi: Telia-8QXM, parool kleebisel ruuteri all",
        "WLAN: Telekom-8XQ2, hasło na naklejce",
        "Wi-Fi: Vivo-4K2P, senha na etiqueta",
        # A link page with no code after it; a label with a user and a word, no number.
        "to sign in on the TV, go to disneyplus.com/begin on your phone",
        "route: Berlin / Hamburg",
    ],
)
def test_round_30_look_alikes_pass(text: str) -> None:
    assert secrets.scan(text) == [], text
