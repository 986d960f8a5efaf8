"""The secret filter's bar on the bench corpora (bench/corpora/secrets): credentials people type kept out, ordinary
technical facts let through. The end-to-end figures (extraction, output gates) are `make eval-secrets`; this is the
write filter every path shares (`secrets.scan`) and the quick scan the output gates use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratchet.core import secrets

CORPORA = Path(__file__).resolve().parent.parent / "bench" / "corpora" / "secrets"


def _rows(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("corpus", "caught", "refused"),
    [
        ("", 0.99, 0.01),
        ("round-2", 0.99, 0.01),
        ("heldout-2", 0.99, 0.01),
        ("heldout-3", 0.99, 0.01),
        ("heldout-4", 0.99, 0.01),
        ("heldout-5", 0.99, 0.01),
        # Round 7: tuned on by class to 98.8 %; the dozen left are one of a kind each (a code said to be "this
        # season's", a Wi-Fi hotspot's bare word, a passphrase with no connector), kept as misses, not as rules.
        ("heldout-6", 0.985, 0.01),
        # Round 8, tuned on in part: the classes that recur (secrets named in configs, two-field name/value entries,
        # SQL, command lines, provider formats, look-alikes); its one-of-a-kind rows are left as misses.
        ("heldout-7", 0.955, 0.01),
        # Round 9, tuned on by class: passphrases in code, configs and after an account, device and network
        # configurations, codes of locks, cards and sign-ins, what tools print or keep, licence keys, values given
        # with no connector. Left as misses: two-word verbal passwords, three-digit locker codes, a letters-only
        # one-time code, a PDF opened with a date of birth.
        ("heldout-8", 0.99, 0.01),
        # Round 10, tuned on by class: words joined by "=" and "+", a chat's answer to a question for a password or a
        # code, codes in other languages, command lines, the names configs give a password, Markdown and export
        # columns, keys in code and addresses. Left as misses: values pointed at in a sentence ("I always use X",
        # "easy to remember: X"), a password said with no word for it, a few one-of-a-kind configs.
        ("heldout-9", 0.97, 0.005),
        # Round 11, tuned on by class: codes of doors, safes, cards and sign-ins in more languages, a password's new
        # value after a change, keys handed over by the words around them, code's fallback literals, key/value
        # records (Postman, appSettings), UCI and command-line passwords; as ordinary, regex classes, sheet ranges,
        # a secret's name, ids before a number, public client ids. Left as misses: a value with no word for it
        # ("use admin and X", "can you try the integration with this one? X"), a code named a sentence before.
        ("heldout-10", 0.985, 0.002),
        # Round 12, tuned on by class: passwords tools take on command lines and in statements, a login call, a
        # cookie file, typed literals, HCL's name and value, security questions, phone codes, lockers and recovery
        # codes in more languages, a token a chat asked for, a value below its label; as ordinary, translations of
        # the word, a Secret's type, ARNs, regular expressions, postal PIN codes, hashed assets, DNS records. Left as
        # misses: seed phrases in other languages' word lists, tokens pasted with no word for them in chats and
        # tickets, CJK passwords, a password said with no word for it.
        ("heldout-11", 0.95, 0.002),
        # Round 13, tuned on by class: one-time codes a text brought and door codes in more languages, passwords in
        # Greek and Cyrillic letters, two words for a wifi, webhooks whose address is the credential, key formats,
        # a rotated key's new value, cookies set in code, more tools' password flags; as ordinary, placeholders with
        # a provider's prefix, SSH fingerprints, ACME answers, index uuids, message ids in logs, an RFC's examples.
        # Left as misses: tokens pasted alone in chat threads, passwords in exported group chats, a value after a
        # long qualifier in a language whose "is" is also a preposition, a code a Markdown table's column names.
        ("heldout-12", 0.97, 0.002),
        # Round 14, tuned on by class: a key named in quotes or handed to a call, a tool's user and password flags,
        # commands that take a password as an argument or on stdin, SQL's IDENTIFIED BY, a password typed into a field
        # by a script, a user and a key side by side in JSON, a changed password's new value and "my key" in more
        # languages, providers' key formats; as ordinary, a README's vault path and a password manager's name. Left as
        # misses: tokens pasted alone with a question, gift cards and licence serials, PINs said without a PIN's word,
        # passwords in Persian, Tagalog and Japanese sentences whose copula follows the value.
        ("heldout-13", 0.955, 0.002),
        # Round 15, tuned on by class: one-time codes a text brought in more languages (and what it says not to
        # share), gift, voucher, activation and pickup codes, keys handed over in a message or a table's key column,
        # keys given to a client's constructor, values a tool printed (IPython, a rejected request's log line), code
        # inside a JSON string, wifi passwords after more languages' "is" (and a copula after the value), door codes
        # read out digit by digit, providers' key formats; as ordinary, a masked value, a pagination token, a coin's
        # address under its ticker, digest headers, minisign's public key, a Twilio account's SID. Left as misses:
        # dictated values ("zero six two three", NATO spelling), tokens pasted alone, licence files and serials,
        # PINs in Zulu, Hausa, Amharic and Khmer sentences, a Q and A about a bank's text.
        ("heldout-14", 0.965, 0.002),
        # Round 16: no rule tuned on it; it was the learned layer's validation set and is now among the corpora that
        # layer learns from (92.7 % caught, 92.3 % by a model trained without it, 91.7 % by the rules alone). Its
        # eleven refusals are the rules' (the layer adds none).
        ("heldout-15", 0.925, 0.01),
        # Round 17 (tuned by class on it, and learned from): passwords and PINs read out character by character, the
        # credential words of a hundred languages (ratchet/data/credential-words.json: password, PIN, door and code,
        # recovery phrase), seed phrases of other languages' lists, secrets piped into a secret store or a VPN client,
        # a board's Wi-Fi join, minisign's secret key, a JWK's private member, dotted and Troy card numbers; as
        # ordinary, a question's mark after a token, multi-string DNS TXT records, CSP nonces, PKCE challenges,
        # booking codes named with a password's word. Left as misses: session cookies, keys in PHP arrays and SQL
        # rows, values on the line below a tool's message, passphrases of plain words, Irish and Khmer sentences.
        ("heldout-16", 0.955, 0.002),
        # Round 18 (tuned by class on it, and learned from): names inside scripts without spaces, in compounds and
        # with a case ending after a hyphen; what else a code opens (a safe, an alarm, a locker, a bike lock: the
        # vocabulary's "lock" lists); values further after their name, digits-only and random-capital Wi-Fi
        # passwords, English passphrase words in another language's clause; passwords handed to an API, property
        # lists, strongSwan secrets, a pipeline's variable, well-known session cookies, a chosen password in a
        # password's sentence, services' key shapes, licence keys, setup keys in groups, HomeKit codes, a meeting's
        # passcode; as ordinary, a JWKS key id, a page's nonce, percent-encoded text, prices, famous passwords
        # talked about, India's postal PIN code. Left as misses: Hebrew, Tamil, Lao, Uzbek, Igbo, Kinyarwanda,
        # Samoan, Quechua and Latin sentences, Chinese ones with the value glued on, a password in the sentence after
        # its word or named only by what is done to it, a lock's noun alone before its code, a hex key in Hardhat's
        # accounts, a value two lines below its label.
        ("heldout-17", 0.975, 0.002),
        # Round 19 (tuned by class on it, and learned from): one-time codes named in other languages (the
        # vocabulary's verification_code lists), a door's or an alarm's code right after its name though it reads
        # like a year, tokens written in groups with spaces, values read out a character at a time with spaces, in
        # Sino-Korean digits or Chinese numerals, a password named by a reset or by "I use ... for", lifts',
        # mailboxes' and a till's codes, Apple's app-specific passwords, msmtp's and sendmail's files, Consul's ACL
        # tokens, a service's code without a colon, an authenticator's current code; as ordinary, a Thai postal
        # code, a Wi-Fi QR code whose password is a placeholder, a DSN for the frontend, a multipart boundary, a
        # public key named after it. Left as misses: passwords after an arrow or before "is the <service>
        # password", random letters in mixed case, values with "=" after a CJK or Hindi password word, a lock's noun
        # alone (a luggage lock's three digits), family safe words, Japanese kana digits, a hex-encoded password.
        ("heldout-18", 0.97, 0.002),
        # Round 20 (tuned by class on it, and learned from): the plain word for a code in a text that came by SMS
        # or says not to share it (the vocabulary's do_not_share lists), before the word too; security questions'
        # answers and services' keys named in any language (its security_question and api_key lists), a name glued
        # to Chinese; a key in base64 with its id; digit words joined by hyphens; a lock's name labelling its code
        # with a colon; a container's environment, an Authorization header with the key alone; as ordinary, test
        # cards said in other languages or by their decline, WireGuard public keys, a kubeconfig's certificates, a
        # Pix key, an IBAN's account digits, an order number in Chinese. Left as misses: one-time codes told in a
        # story, a lock's noun alone, a value two lines below its label, a password changed "in" another language,
        # three-digit locker codes, a recovery code after an unspaced count.
        ("heldout-19", 0.97, 0.003),
        # Round 21 (tuned by class on it, and learned from): a bank's own text with its code ending a clause about
        # what it confirms and a warning not to share it, a code after a colon glued to its word or in quotes; a
        # Wi-Fi's key after the word for a key or a code (the vocabulary's wifi lists); a security answer after "the
        # answer is" in other languages, with a name's lower-case particles, in scripts without capitals; a password
        # file's line; parcel lockers' pickup codes; a configuration key of another language's password word; an
        # app's resource file, OpenWeatherMap's appid, PostgreSQL's password file, HAProxy's statistics login; as
        # ordinary, an ACME challenge, DKIM and ARC signatures, a KSUID, a page token, an algorithm after
        # "passwords". Left as misses: a lock's noun alone before its code, three-digit combinations, a PIN named
        # in a clause English words make English, a LAPS password, a password manager's CSV line, a seed's last
        # words, a phone's unlock pattern.
        ("heldout-20", 0.97, 0.003),
        # Round 22 (tuned by class on it, and learned from): parcel lockers' pickup codes in the languages of their
        # texts; a bank's code with a copula after it, a warning after an emphasis mark, "if you didn't request
        # this", the code first in a Hindi text; a phone's lock code; a word in capitals and a year as a password; an
        # account's password hash in a user record; backup codes in two groups of four digits; as ordinary, test
        # cards in other languages with their CVC, a password kept in a password manager, a registration code, a
        # stack frame, a JWKS key id, an S3 version id, a search-only key. Left as misses: a locker's number before
        # its combination, three-digit intercom codes, short Wi-Fi codes, fillers inside "the password is, um, ...",
        # a CouchDB admin section, a Traefik label's hash, a passphrase a file is "encrypted with".
        ("heldout-21", 0.97, 0.003),
        # Round 23 (tuned by class on it, and learned from): a security question's answer after the question written
        # out; two words joined by an underscore, and a Latin word in a clause of another script, as a password; a
        # one-time code in a text that opens with its sender's name; a PIN asked for in a dialogue and given on the
        # next line; licence and activation keys in groups; NT hashes, NetNTLMv2 and PMKID lines; a Wi-Fi key named
        # by a compound; as ordinary, a stand-in in words between angle brackets, an empty query parameter, an open
        # network's name, a password's hint, a public key's pin, a barcode, a tracking pixel. Left as misses: three-
        # digit combinations, a PIN in parentheses, Signal's alphanumeric PIN, a password typed with a typo in its
        # word, a passphrase in French after "phrase de passe", a share link's key, a voice transcript's code.
        ("heldout-22", 0.95, 0.003),
        # Round 24 (tuned by class on it, and learned from): a verification word after the word for a code in five
        # more languages, a bank's code after a colon that ends its text, "NNNN est votre code", an e-mail's code
        # alone under its name, a device's sign-in code, a card's security code in a dozen languages, lockers'
        # opening codes, gift, voucher and recharge codes, pass-the-hash arguments, Kerberos keys, tools' arguments
        # (mosquitto_passwd, altool, pulumi), an ODBC file's PWD, Go's DSN; as ordinary, placeholders of words in the
        # user's language, a promotion's code, a Pix key, an open network's QR code, Razorpay's key id, Algolia's
        # search-only key, Microsoft's KMS keys, a test card's CVC after its expiry, a hint, an expired password.
        # Left as misses: bank apps' codes named by the app alone ("code Lydia 2691"), a phrase as a passphrase, a
        # date as a password, Latin, Irish and Quechua, a TAN list's row, a meeting room's voucher in lower case.
        ("heldout-23", 0.96, 0.003),
        # Round 25 (tuned by class on it, and learned from): a password or a code answering a question for it in a
        # chat in any language the vocabulary speaks (dialogue dashes, Android exports, quotes), a generated
        # password with an "=" inside, a code that came said so in Catalan and Spanish, an e-mail address and its
        # password, security answers listed under their heading, AUTH PLAIN, a credentials file printed by cat,
        # Google's OAuth code, a seed phrase in quotes, alarms disarmed "with" a code, a safe after a room's number,
        # a code noted to be remembered, Zoom's host key; as ordinary, an order's number a few words before its
        # colon, India's postal PIN after an address, a CAPTCHA's site key, a router named after its article. Left as
        # misses: a TAN list's rows, three-letter Cl@ve codes, a TSA lock's three digits, a Ledger passphrase's word,
        # a passphrase after an aside with "!!", a login handed over as two bare lines, a lone "NAS → value".
        ("heldout-24", 0.98, 0.003),
        # Round 26 (tuned by class on it, and learned from): one-time codes in Hebrew, German ("-Code" hyphened,
        # Einmalpasswort, "gültig für"), Finnish, Portuguese, Chinese (the code before its name), Russian pickup
        # codes, BLIK inflected, a year-shaped code after "is"; authenticator keys and backup codes in four more
        # languages; consoles' gift codes and 卡密; a building's, a car's immobiliser's, a digicode's code; a card's
        # security code after its expiry; a .pgpass line after words; a board's Wi-Fi join call; an address "+" its
        # password; a network joined "with" its key. As ordinary: a table's cell saying where a password is kept,
        # optional chaining, a network's name, a wallet's address in other languages, "the same as last year", a
        # value called an example. Left as misses: a Japanese alarm's code, three-digit safes, a password on the line
        # after "mot de passe →", a login pair after a service's name, a TOTP key with no digit.
        ("heldout-25", 0.99, 0.003),
        # Round 27 (tuned by class on it, and learned from): a code relayed in a family's chat (asked for without a
        # question mark, "mamo podaj mi kod z esemesa", answered with a word or two around it, "udah nih 567081",
        # "7043って書いてある"), a password handed over in the next message; gift cards' and recharge cards' codes
        # named in any language (the vocabulary's new gift_card list); a password column or a notes list under a
        # password's name in any language ("Şifre", "ПАРОЛИ"); a CVV asked for; a code spelled between hyphens;
        # Steam Guard's code after "is" and its revocation code; a six-digit code a few words after a one-time
        # code's name; a sender cased "eMAG:". As ordinary, all 7 refusals: an error's code in capitals, a public key
        # in French, a reCAPTCHA site key in an env file, a postal PIN closing an address, an order's number before
        # a return code's word. Left as misses: three-digit padlocks, a car radio's code, alarms and key boxes said
        # with a verb ("press 2438 then OFF"), voicemail digits between commas, login pairs in a long message.
        ("heldout-26", 0.95, 0.003),
        # Round 28 (tuned by class on it, and learned from): a code read out digit by digit with a comma after it (a
        # voice note's transcript); a chat's answer to a question for a password in random letters, joined words or
        # capitalized words run together; a Wi-Fi's key of picked words ("tal-wifi"); a name after an elided article
        # ("D'Passwuert"); a door's word ending a compound ("enirpordo"); a code before Arabic's comma; a locker's
        # number before "combo"; "clé WPA"; Google's app password below its label; MQTT's username_pw_set; a
        # delivery's code for the driver; Dutch's "ww". As ordinary, all 9 refusals: a masked password field under a
        # network's name, placeholders, an IMEI, a Bitcoin address, request and ray ids. Left as misses: Steam Guard
        # codes of six characters, a year-shaped code, a card's PIN named "the card's code", Turkmen (no vocabulary).
        ("heldout-27", 0.97, 0.003),
        # Round 29 (tuned by class on it, and learned from): recharge, voucher and prepaid electricity codes in groups
        # of four; a code relayed in a dialogue on one line ("... den brauch ich — ok Schatz, da steht 576397"); a
        # message naming a key and ending with it after a question, in eight languages; backup codes of eight digits
        # in two groups; a password column named in Russian; padlocks' three digits; a PIN named in English in
        # another language; a value before an aside in brackets; an app password as msmtp's directive. As ordinary:
        # postal codes in more languages, a UPU tracking number, an IMEI, a Russian placeholder, "the code is below".
        # Left as misses: safes and locks named by the situation ("la caja fuerte la cerré con 3604"), PDFs'
        # passwords described before their value, PINs in Uyghur, Kurdish, Lao and Cantonese, Zoom passcodes in
        # Arabic and Dutch, table rows with no header.
        ("heldout-28", 0.95, 0.003),
        # Round 30 (tuned by class on it, and learned from): a code relayed in a family's chat, the reply set apart by
        # "> ", "↪ ", "- ", an ellipsis or a blank line (53 of its 136 misses); a gift card's code after the store's
        # name alone, a gift's link, a TV's activation code; weak passwords ("asdf1", "abc00"); "label: user /
        # Word2019" logins; six digits in two groups; a hotel safe's short name; delivery codes. As ordinary: a
        # telephone's number in Swahili and Tigrinya, a Persian address, a MAC address, a clinic card's number.
        # Left as misses: safes and doors with no colon or code word, a Wi-Fi named with a colon and its key,
        # Yiddish and Tatar (no vocabulary), scams told as a story, PINs with Sorani's suffixes.
        ("heldout-29", 0.95, 0.003),
        # Round 31 (tuned by class on it, and learned from): a table's or a CSV's row with no header (a login's cell,
        # then a password someone chose); a code a service texted or sent ("my bank just texted me ...", "Your Lyft
        # code is ..."); safes in Spanish, French, Russian and Arabic; more TV sign-in pages; a gate's code before a
        # remark; "a text with a number" relayed in a family's dialogue; GitHub's recovery codes under any heading. Its
        # misses are spread thin: codes said in words, one-time codes in languages the vocabulary lacks, English door
        # codes said by situation, a password given in a complaint. Two refusals left (a network renamed "to" a name,
        # a default PIN).
        ("heldout-30", 0.90, 0.003),
    ],
)
def test_credentials_are_caught_and_ordinary_facts_pass(corpus: str, caught: float, refused: float) -> None:
    folder = CORPORA / corpus
    creds = _rows(folder / "credentials.jsonl")
    ordinary = _rows(folder / "ordinary.jsonl")
    assert len(creds) >= 200 and len(ordinary) >= 300
    missed = [r["text"] for r in creds if not secrets.scan(r["text"])]
    wrong = [r["text"] for r in ordinary if secrets.scan(r["text"])]
    assert len(missed) <= (1 - caught) * len(creds), missed
    assert len(wrong) <= refused * len(ordinary), wrong


@pytest.mark.parametrize(
    "corpus",
    [
        "",
        "round-2",
        "heldout-2",
        "heldout-3",
        "heldout-4",
        "heldout-5",
        "heldout-6",
        "heldout-7",
        "heldout-8",
        "heldout-9",
        "heldout-10",
        "heldout-11",
        "heldout-12",
        "heldout-13",
        "heldout-14",
        "heldout-16",
        "heldout-15",
        "heldout-17",
        "heldout-18",
        "heldout-19",
        "heldout-20",
        "heldout-21",
        "heldout-22",
        "heldout-23",
        "heldout-24",
        "heldout-25",
        "heldout-26",
        "heldout-27",
        "heldout-28",
        "heldout-29",
        "heldout-30",
    ],
)
def test_a_caught_credential_is_redacted_to_clean_text(corpus: str) -> None:
    """What the filter finds it can also cut out: the redacted text scans clean and no longer holds the value."""
    for row in _rows(CORPORA / corpus / "credentials.jsonl"):
        if not secrets.scan(row["text"]):
            continue  # a miss, counted by the test above
        cleaned = secrets.redact(row["text"])
        assert row["secret"] not in cleaned, row["text"]
        assert secrets.scan(cleaned) == [], (row["text"], cleaned)
