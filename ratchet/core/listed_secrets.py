"""Credentials laid out rather than said: a table's password column (a password manager's or a browser's CSV export,
a user list with an initial password), a key/value pair whose key names a password (.NET's ``<add
key="ClearTextPassword" value="..."/>``, KeePass XML), a literal handed to PowerShell's ``ConvertTo-SecureString``,
an environment assignment (``RESTIC_PASSWORD=...`` in an env file or a unit's ``Environment=``), cloud-init's
chpasswd list, a login written as an account and then its password with no word for it ("Netflix: sofia@pebble.fr
solnyshko_soccer1"), and a value pointed at instead of named ("konijn_soccer2 is what I use for the NAS", "when it
asks type ...").

The layout names the value, so its shape matters less than after a password word in prose: a column or a key called
password holds one, however ordinary it looks, unless it is a stand-in. A login without a word is the exception: only
a value that looks chosen or generated counts there. :func:`spans` yields ``(start, end, kind)`` as
:mod:`ratchet.core.passwords` does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ratchet.core.passphrases import joined_words
from ratchet.core.password_values import _EMAIL as EMAIL
from ratchet.core.password_values import (
    _REFERENCE,
    _ordinary_shape,
    generated,
    kept_by,
    plausible,
    public_value,
    random_token,
)
from ratchet.core.password_words import _FUNCTION_WORDS, chosen_shape
from ratchet.core.random_tokens import _UUID, placeholder

# A column, a key or a variable named for a password (the names exports and configs give it).
_NAMES = (
    r"(?:initial|temp(?:orary)?|default|new|old|admin|user|login|account|db|database)?[ _-]?"
    r"(?:password|passwd|passwort|passphrase|pwd|pass|kennwort|contrase[ñn]a|senha|mot de passe|wachtwoord|"
    r"has[łl]o|parola|lösenord|salasana)"
)
# A column's name may say more: whose ("root pw", "ftp_pass"), what it holds (a browser's "password_value") or for
# how long ("Mot de passe provisoire").
_COLUMN = re.compile(
    rf"(?i)(?:(?:root|ftp|sftp|ssh|wifi|wlan|vpn|e?mail|app|service|svc|master|current)[ _-]?)?(?:{_NAMES}|pw)"
    r"(?:[ _-]?(?:value|provisoire|temporaire|initial|inicial|temporal))?"
)
# A column named for a key or a token ("Key", "api_key", "Token").
_KEY_COLUMN = re.compile(
    r"(?i)(?:(?:api|access|secret|private|auth)[ _-]?)?(?:key|token|secret)s?|[a-z]+_(?:key|token|secret)"
)
_SEPARATORS = (",", ";", "\t", "|")
_RULE_ROW = re.compile(r"[\s|:+-]*")  # a Markdown table's line under its header
# <add key="ClearTextPassword" value="..."/> (appSettings, nuget.config), and KeePass's <Key>Password</Key><Value>.
_KEY_VALUE = re.compile(
    r"(?i)\bkey\s*=\s*\"[\w.:-]*(?:password|passwd|pwd|secret|token|apikey|api_key)\"\s+value\s*=\s*\"([^\"\n]{4,200})\"|"
    # ... and one named for a service's key ("Mandrillkey", "Braintreeprivatekey"): a value a generator made.
    r"\bkey\s*=\s*\"[A-Za-z][\w.:-]*key\"\s+value\s*=\s*\"((?=[^\"\n]*\d)(?=[^\"\n]*[A-Za-z])[\w-]{20,200})\""
)
# An element named for a password (Hibernate's and Spring's <property name="...password">X</property>, or value="X").
_PROPERTY = re.compile(
    r"(?i)<\w+\s+name\s*=\s*\"[\w.:-]*(?:password|passwd|pwd)\"\s*(?:>([^<\n]{4,200})<|value\s*=\s*\"([^\"\n]{4,200})\")"
)
_KEEPASS = re.compile(r"(?i)<Key>\s*Password\s*</Key>\s*<Value(?:\s[^>]*)?>([^<\n]{1,200})</Value>")
_SECURE_STRING = re.compile(
    r"(?i)\bConvertTo-SecureString\s+(?:-String\s+)?([\"'])([^\"'\n]{4,200})\1\s+(?:-AsPlainText|-Force)"
)
# NAME_PASSWORD=value with no space around the sign: a shell's or an env file's literal, whatever its shape (a joined
# passphrase such as into_noble_again_habit_gas reads like a code name, but an environment holds no code).
_ENV = re.compile(
    r"(?<![\w$.])[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PASSPHRASE|_PWD|_PASS)=([\"']?)([^\s\"'`$<>{}()\[\]]{6,128})\1"
    r"(?=[\s\"';]|$)"
)
_EMAIL = EMAIL.pattern
# An SNMP community string: the password of a switch's management ("public" and "private" are the defaults).
_COMMUNITY = re.compile(
    r"(?i)\b(?:snmp\b[^\n]{0,30}?\bcommunity|community\s+(?:string|name))\b[^\n]{0,40}?\b(?:is|:|=)\s*[\"'`]?"
    r"([^\s\"'`,;()]{6,64})"
)
# A value pointed at rather than named: "konijn_soccer2 is what I use for the NAS", "kanelbulle975\n^ that's the one for
# the staging admin", '"away-inspire-effort-juice" — that one works for the jump host'.
_POINTED = re.compile(
    r"(?im)(?:^|(?<=[\s\"'`(]))[\"'`]?([^\s\"'`]{6,64})[\"'`]?(?:[ \t]+is\s+what\s+(?:I|we)\s+use\s+for|"
    r"[ \t]*(?:\n[ \t]*\^|[ \t]+[—–-])[ \t]*"
    r"(?:that['’]?s\s+the\s+one|that\s+one\s+(?:works|is)|it['’]?s\s+the\s+one)\b)"
)
# What to type at a prompt: "ssh deploy@host, when it asks type bean-enable-obvious-chest-25".
_AT_PROMPT = re.compile(
    r"(?i)\bwhen\s+(?:it|ssh|sudo|the\s+prompt|the\s+box|windows)\s+asks(?:\s+for\s+(?:a|the|my)\s+\w+)?,?\s+"
    r"(?:just\s+)?(?:type|enter|use)\s+[\"'`]?([^\s\"'`]{6,64}?)[\"'`]?(?=[\s.,;)]|$)"
)
# A password spelled out, then said whole ("p e n g u i n capital N ..., so that's penguinNIU75 all together"), or
# pointed at by what sets it apart ("(it's Gattino.Juventus79, the one with the symbol at the end)"); or spelled a
# character at a time between hyphens, letters and digits ("I'll spell it for you: p-e-p-p-e-r-1-9").
_SPELLED = re.compile(
    r"(?i)\bthat['’]?s\s+[\"'`]?([^\s\"'`,]{6,64})[\"'`]?\s+(?:all\s+together|in\s+one\s+word|no\s+spaces)|"
    r"\bit['’]?s\s+[\"'`]?([^\s\"'`,]{6,64}?)[\"'`]?(?=,\s+the\s+one\b|\s+\((?:the|it|I)\b)|"
    r"(?<![\w-])((?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z0-9](?:-[a-z0-9]){5,31})(?![\w-])"
)
# A login said as user and password with a pointer or "pass is": "login → `root` / `lubov_shadow9`", "the login is
# kofi.novak@proton.me and pass is glide-first-agree-load".
_LOGIN_PAIR = re.compile(
    r"(?i)\blog-?in\s*(?:→|->|:|\bis\b)\s*[`\"']?[\w.@+-]{2,64}[`\"']?\s*(?:/|\band\s+(?:the\s+)?pass(?:word)?\s+is\b)\s*"
    r"[`\"']?([^\s`\"']{6,64}?)[`\"']?(?=[\s.,;)—–]|$)"
)
# A labelled line that ends in user and password ("Postgres superuser: `postgres` / `Kanelbulle1980%`",
# "Stadtwerke Kundenportal: maria22 / Bi3n3_536"), an aside after it in brackets, after a dash or in another script
# ("proxmox web ui: root@pam / Saturn1991 (https://...)", "동생 롤 계정: minsu0309 / bluebird_1972 팔지 마"): a value
# someone chose or a generator made, or a word or two and a number ("vet portal: thecatlady2 / BuddyBarcelona02").
_LABELLED_PAIR = re.compile(
    r"(?m)^[ \t]*(?:[-*•][ \t]*)?[^\n:：/]{1,50}[:：][ \t]*[`\"']?([\w.@+-]{2,40})[`\"']?[ \t]+/[ \t]+"
    r"[`\"']?([^\s`\"'/]{6,64}?)[`\"']?(?:[ \t]+(?:[(–—-]|[^\x00-\x7f])[^\n]*)?[ \t]*$"
)
# A table's or a CSV's row with no header: a login's cell (an e-mail address, a handle with a dot or an underscore),
# then the next cell, a password someone chose ("| Disney+ | jess_80@naver.com | Shadow2006 |", "allegro | k.novak |
# kochanie.1606", "olivia@libero.it,Bluebird.0337,2023-11-02"); the same sign between the cells.
_ROW_LOGIN = re.compile(
    rf"(?m)^[ \t]*\|?[ \t]*(?:[^|;,\n]{{1,40}}?[ \t]*(?P<sep>[|;,])[ \t]*)?"
    rf"(?P<user>{_EMAIL}|[a-z]\w*[._][\w.]*[a-z0-9])"
    r"[ \t]*(?P<sep2>[|;,])[ \t]*(?P<value>[^\s|;,]{6,64})[ \t]*(?:(?P=sep2)[^\n]*)?$"
)
_WORDS_NUMBER = re.compile(r"(?:[A-Z]?[a-z]{3,}){1,3}[_.]?\d{2,4}[!@#$%&*.?]?")
# A login without a password word: an account's e-mail after a label ("Netflix:", "Xero login", "uni SSO (...):") or a
# service's name opening the line, then the password after a space, a slash or a dash, ending the clause.
_LOGIN = re.compile(
    rf"(?i)(?:(?:[:：]|->|→|\blogin|\bsign[- ]?in|\baccount|\bcreds|\bcredentials)[ \t]*|"
    # or a service's name opening the line ("Disney+ rosa@web.de Mustang.86.04", a table's "Disney+ | rosa@web.de |")
    rf"(?m:^)[ \t]*(?:\|[ \t]*)?(?-i:[A-Z])[\w+&.'-]*(?:[ \t][\w+&.'-]+){{0,2}}[ \t]+(?:\|[ \t]*)?)"
    rf"[`\"']?{_EMAIL}[`\"']?"
    r"(?:[ \t]*(?:::|[/|—–-])[ \t]*|[ \t]+)[`\"']?([^\s`\"']{6,64})[`\"']?(?=[ \t]*(?:$|\n|[—–(,;]|-\s|\.\s|\.$))|"
    # ... or a line that is only an e-mail address, a slash and the password ("lucia@example.com / Spring2017.").
    rf"(?m:^)[ \t]*{_EMAIL}[ \t]*(?:/|::)[ \t]*[`\"']?([^\s`\"']{{6,64}})[`\"']?[ \t]*$"
)


# A list under a heading that says it holds passwords ("logins:\n* wifi → ...\n* nas admin → ..."): each item's
# value, after an arrow, a colon or an equals sign, is one.
_LIST_HEADING = re.compile(
    r"(?im)^[ \t]*(?:my\s+)?(?:log-?ins|passwords|passw[öo]rter|credentials|creds|zugangsdaten|mots\s+de\s+passe|"
    r"contrase[ñn]as|senhas)[ \t]*:?[ \t]*\n((?:[ \t]*[-*•][^\n]*(?:\n|$))+)"
)
_LIST_ITEM = re.compile(r"(?m)^[ \t]*[-*•][ \t]*[^→:=\n]{1,40}?[ \t]*(?:→|->|:|=)[ \t]*(\S[^\n]{3,63}?)[ \t]*$")


# ... or under a heading that is a password's name in any language, alone or with a word or an emoji ("パスワードメモ",
# "ПАРОЛИ", "Hasła 🔒"), a service and its password a line, after a colon, an arrow or a dash ("Allegro – kotek_k...").
_HEADING_LINE = re.compile(r"(?m)^[ \t]*([^\W\d_][^\n\d:=<>_/#.,;()\[\]]{0,30}?)[ \t]*:?[ \t]*\n")
_NAMED_ITEM = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?[^\s→:=：—–-][^→:=：—–\n]{0,39}?[ \t]*(?:→|->|:|：|=|[ \t][—–-][ \t])[ \t]*"
    r"(\S{4,64})[ \t]*$"
)


def _listed_under_heading(text: str) -> Iterator[tuple[int, int, str]]:
    for heading in _LIST_HEADING.finditer(text):
        for item in _LIST_ITEM.finditer(text, heading.start(1), heading.end(1)):
            value = item.group(1)
            if _given(value) and not value.startswith(("http", "/", "~")) and not _REFERENCE.match(value):
                yield item.start(1), item.end(1), "Password"
    if "\n" not in text:
        return
    from ratchet.core import world_words  # lazy: it reads this layer's neighbours

    for heading in _HEADING_LINE.finditer(text):
        said = heading.group(1)
        if len(said.split()) > 3 or not _item_at(text, heading.end()):
            continue  # no list under it: the vocabulary is not asked
        if not any(kind.removeprefix("known ") == "password" for *_s, kind, _n in world_words.names(said)):
            continue
        at = heading.end()
        while entry := _item_at(text, at):  # the list ends at a line that is no service and its value
            if _chosen(entry.group(1)):
                yield entry.start(1), entry.end(1), "Password"
            at = entry.end() + 1


def _item_at(text: str, at: int) -> re.Match[str] | None:
    """The line starting at ``at`` as a list's service and its value (:data:`_NAMED_ITEM`), if it is one."""
    end = text.find("\n", at)
    return _NAMED_ITEM.fullmatch(text, at, len(text) if end < 0 else end) if at <= len(text) else None


# cloud-init's chpasswd list: a "user:password" a line, indented under it (RANDOM asks cloud-init to make one).
_CHPASSWD = re.compile(r"(?m)^[ \t]*chpasswd:[ \t]*\n(?:[ \t]+[^\n]*(?:\n|$)){0,20}")
_CHPASSWD_LINE = re.compile(r"(?m)^[ \t]+(?:-[ \t]+)?[a-z_][\w.-]*:(?!RANDOM\b)([^\s:|]{4,})[ \t]*$")


def _chpasswd(text: str) -> Iterator[tuple[int, int, str]]:
    for block in _CHPASSWD.finditer(text):
        for line in _CHPASSWD_LINE.finditer(text, block.start(), block.end()):
            if _given(line.group(1)):
                yield line.start(1), line.end(1), "Password"


def spans(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, kind)`` of each credential laid out in ``text``."""
    yield from _table_columns(text)
    yield from _chpasswd(text)
    yield from _listed_under_heading(text)
    yield from _named_values(text)
    yield from _inserted(text)
    for pattern in (_KEY_VALUE, _KEEPASS, _PROPERTY):
        for match in pattern.finditer(text):
            group = match.lastindex or 1
            if _given(match.group(group)):
                yield match.start(group), match.end(group), "Password"
    for match in (*_SECURE_STRING.finditer(text), *_ENV.finditer(text)):
        value = match.group(2)
        if _given(value) and not (_REFERENCE.match(value) or value.startswith(("/", "~", "./")) or "://" in value):
            yield match.start(2), match.end(2), "Password"
    for pattern in (_POINTED, _AT_PROMPT, _LOGIN_PAIR, _COMMUNITY, _SPELLED, _LABELLED_PAIR):
        for match in pattern.finditer(text):
            group = match.lastindex or 1
            value = match.group(group).rstrip(".,;:")
            if group == 3 and pattern is _SPELLED:
                value = value.replace("-", "")  # judged as it is typed
            named = pattern is _LABELLED_PAIR and _WORDS_NUMBER.fullmatch(value) and plausible(value)
            stem = re.sub(r"[\d_.!@#$%&*?]+$", "", value).lower()  # the words before the number
            named = named and len(stem) >= 5 and not match.group(1).lower().startswith(stem)  # "node18 / node20"
            if named or _chosen(value, spelled=pattern is _SPELLED):
                yield match.start(group), match.start(group) + len(match.group(group).rstrip(".,;:")), "Password"
    yield from _handed_keys(text)
    for match in _ROW_LOGIN.finditer(text) if "|" in text or ";" in text or "," in text else ():
        value, sep = match.group("value"), match.group("sep")
        if sep and sep != match.group("sep2") or not plausible(value) or _ordinary_shape(value):
            continue
        worded = _WORDS_NUMBER.fullmatch(value) or re.fullmatch(r"[A-Za-z]{5,}\d[!@#$%&*._]?", value)  # "OmarOmar1"
        if worded or chosen_shape(value) or _chosen(value) and any(c.islower() for c in value):  # not "ENG-2041"
            yield match.start("value"), match.end("value"), "Password"
    for match in _LOGIN.finditer(text):
        group = match.lastindex or 1
        value = match.group(group).rstrip(".,;:")
        # A digit, and a lower-case letter: not a word ("Re-opened") nor a ticket's id (INC0012345).
        shaped = any(c.isdigit() for c in value) and any(c.islower() for c in value)
        if shaped and generated(value) and plausible(value) and not _ordinary_shape(value):
            yield match.start(group), match.start(group) + len(value), "Password"


# A key handed over in a message: its word, what it is for, then a colon, an arrow or "is" and the value at the end
# of the clause ("aquí tienes la clave de VirusTotal que me pediste, no la subas al repo: d1ea...", "rotated the
# Postmark creds for staging, new one → eebef18d-...", "Vimeo ka key ye rha 953b...", "VultrのAPIキーはこれです：...").
_HANDED = re.compile(
    r"(?i)(?:\b(?:keys?|tokens?|secret|creds|credentials|chave|clave|cl[ée]|chiave|schl[üu]ssel|klucz|sleutel|"
    r"nyckel|ключ|токен)(?![\w-])|キー|トークン|密钥|秘钥|키)"
    r"[^\n:\"{}=|]{0,160}?(?::(?=[ \t])|[：→]|->|\bis\b|\bye\s+r[ae]?ha\b|\bnew\s+one\b)[ \t]*(\|\||[`\"'])?"
    r"(0x[0-9a-f]{40,64}|[0-9a-f]{32,128}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,128})"
    r"(?:\1|\|\|)?(?=[ \t]*(?:$|[\s,.;)(—–]))"
)
# ... unless the words say the value is something else's: a cache's key, a row's, a digest, an id, a public key, a
# contract's address, a crash reporter's key.
_NOT_HANDED = re.compile(
    r"(?i)\b(?:cache|idempotency|dedup\w*|primary|foreign|partition|sort|row|composite|object|lookup|routing|shard|"
    r"public|publishable|site|fingerprint|thumbprint|hash|digest|checksum|commit|sha\d*|ids?|uuid|request|trace|"
    r"order|invoice|ticket|build|version|contract|address|wallet|storage|blob|content|crash\w*|reporter)\b"
)


def _handed_keys(text: str) -> Iterator[tuple[int, int, str]]:
    for match in _HANDED.finditer(text):
        value = match.group(2)
        words = text[max(0, match.start() - 30) : match.start(2)]
        if _NOT_HANDED.search(words):
            continue
        if re.fullmatch(r"[0-9A-F]{40}", value) or public_value(value):
            continue  # an OpenPGP key's fingerprint ("the apt repo key is 6ED8FE16..."), a key public by design
        hexed = re.fullmatch(r"(?:0x)?[0-9a-fA-F]{32,128}|" + _UUID.pattern, value)
        if hexed or random_token(value) and generated(value) and any(c.isdigit() for c in value):
            yield match.start(2), match.end(2), "API Key"


# A name that says its value is a secret: an environment variable's, a parameter's, a column's (STRIPE_TOKEN,
# /app/prod/trello_token, api_key, db_password).
_SECRET_NAME = re.compile(
    r"(?i)[\w./-]*?(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"signing[_-]?key|auth[_-]?key|master[_-]?key|license[_-]?key|server[_-]?key|client[_-]?key|certificate)[\w.-]*"
)
_PASSWORD_NAME = re.compile(r"(?i)pass(?:word|wd|phrase)?|pwd")
# ... unless the name says what it holds is about the secret: its hash, its hint, where it is, when it changed.
_ABOUT_SECRET = re.compile(
    r"(?i)hash|digest|salt|hint|policy|length|expir|reset|rotat|changed|updated|created|_at$|url|uri|file|path|"
    r"_id$|_ids$|_name$|_ref$|type|count|enabled|version|prefix|last4"
)
# A name, then its value on the same line or one of the next two: a Kubernetes env entry ("- name: STRIPE_TOKEN" /
# "value: ..."), an AWS SSM parameter ("--name /app/trello_token ... --value '...'").
# YAML's name: and value:, JSON's "name": and "value": (an ECS task's environment, a HAR's cookies), a CLI's --name.
# Postman's environments and auth lists name it "key" ({"key": "pushoverToken", "value": "..."}).
# HCL's name = "..." and value = "..." (an SSM parameter, an ECS task's environment in Terraform).
_NAME_FIELD = re.compile(r"(?i)(?:\b(?:name|key)[\"']?\s*[:=]\s*|--name[= ])[\"']?([\w./-]{3,120})[\"']?")
_VALUE_FIELD = re.compile(r"(?i)(?:\bvalue[\"']?\s*[:=]\s*|--value[= ])([\"']?)([^\s\"']{4,300})\1")


def _named_values(text: str) -> Iterator[tuple[int, int, str]]:
    """The value given under a name that says it is a secret (the name and the value as two fields)."""
    if "name" not in text.lower() and "key" not in text.lower():
        return
    for name in _NAME_FIELD.finditer(text):
        # A HAR's cookie ({"name": "sid", "value": "..."}) holds a session as a secret's name holds the secret.
        cookie = SESSION_COOKIE.fullmatch(name.group(1)) or _APP_SESSION_COOKIE.fullmatch(name.group(1))
        secret = _SECRET_NAME.fullmatch(name.group(1)) and not _ABOUT_SECRET.search(name.group(1).rsplit("/", 1)[-1])
        if not (secret or cookie):
            continue
        at = name.end()
        for n in range(3):  # this line and the next two, up to another entry's name
            line_end = text.find("\n", at)
            line_end = len(text) if line_end < 0 else line_end
            if n and re.search(r"(?i)\b(?:name|key)\b", text[at:line_end]):
                break
            value = _VALUE_FIELD.search(text, at, line_end)
            if value:
                if _secret_value(value.group(2), name.group(1)):
                    yield value.start(2), value.end(2), "Password"
                break
            if line_end >= len(text):
                break
            at = line_end + 1


# The session cookies web frameworks name by default (PHP, Java servlets, ASP.NET, Express, Laravel, Rails,
# Django, CodeIgniter, Rack, ColdFusion, Drupal, WordPress).
SESSION_COOKIE = re.compile(
    r"(?i)PHPSESSID|JSESSIONID|ASP\.NET_SessionId|ASPSESSIONID\w*|connect\.sid|laravel_session|_[\w-]*_session|"
    r"_session_id|sessionid|ci_session|rack\.session|CFTOKEN|SS?ESS[0-9a-f]{32}|wordpress_logged_in_\w*|"
    # More of the web's well-known session and sign-in cookies: ASP.NET's forms and Core cookies, TikTok's, Microsoft
    # sign-in's, Google's, LinkedIn's, Next-Auth's, Rails' remember-me, GitHub's, Grafana's.
    r"\.ASPXAUTH|\.AspNetCore\.[\w.]+|\.AspNet\.\w+|sessionid_ss|sid_tt|sid_guard|ESTSAUTH\w*|[A-Z]?APISID|"
    r"__Secure-[13]P?SID\w*|__Host-[\w.-]+|(?:__Secure-)?next-auth\.session-token|li_at|remember_\w+_token|"
    r"user_session|_gh_sess|grafana_session|auth_token"
)
# ... and the plainer names an app gives its own (a HAR file lists each cookie as a name and a value).
_APP_SESSION_COOKIE = re.compile(r"(?i)sid|session|[\w.-]*_session")


# INSERT INTO t (provider, api_key) VALUES ('mixpanel', '8b43...'): a column named for a secret and its literal.
_INSERT = re.compile(r"(?is)\binsert\s+into\s+([\w.\"`\[\]]+)\s*\(([^()]{1,600})\)\s*values\s*")
# A table of keys or tokens (api_keys, access_tokens): its key, token or secret column holds them.
_KEY_TABLE = re.compile(r"(?i)(?:key|token|secret|credential)s?\W*$")
_KEY_TABLE_COLUMN = re.compile(r"(?i)key|token|secret|value")
_ROW = re.compile(r"\(((?:'(?:[^']|'')*'|\w+\([^()']*\)|[^()'])*)\)")  # a call among the values: now()
_SQL_VALUE = re.compile(r"\s*('(?:[^']|'')*'|[^,]*)\s*(?:,|$)")


def _inserted(text: str) -> Iterator[tuple[int, int, str]]:
    for insert in _INSERT.finditer(text):
        columns = [c.strip().strip('"`[]') for c in insert.group(2).split(",")]
        secret = {n for n, c in enumerate(columns) if _SECRET_NAME.fullmatch(c) and not _ABOUT_SECRET.search(c)}
        if _KEY_TABLE.search(insert.group(1)):
            secret |= {n for n, c in enumerate(columns) if _KEY_TABLE_COLUMN.fullmatch(c)}
        if not secret:
            continue
        at = insert.end()
        while (row := _ROW.match(text, at)) is not None:
            for n, value in enumerate(_SQL_VALUE.finditer(row.group(1))):
                literal = value.group(1)
                if n in secret and literal.startswith("'") and _secret_value(literal[1:-1], columns[n]):
                    start = row.start(1) + value.start(1) + 1
                    yield start, start + len(literal) - 2, "Password"
                if value.end() >= len(row.group(1)):
                    break
            at = row.end()
            comma = re.match(r"\s*,\s*", text[at:])
            if not comma:
                break
            at += comma.end()


def _secret_value(value: str, name: str) -> bool:
    """A value under a secret's name: under a password's, anything given; under a key's or a token's, a value a
    generator made (a UUID or hex digits among them), not a reference, a path or a setting."""
    if not _given(value) or _REFERENCE.match(value) or value.startswith(("/", "~", "./", "http")):
        return False
    if _PASSWORD_NAME.search(name.rsplit("/", 1)[-1]):
        return len(value) >= 4
    return (
        bool(_UUID.fullmatch(value) or re.fullmatch(r"[0-9a-fA-F]{24,}", value)) or _chosen(value) and len(value) >= 16
    )


_NAME_VERSION = re.compile(
    r"[A-Za-z]+[-_]?v?\d+(?:\.\d+)+|[\w-]+\.[a-z]{1,4}|[A-Za-z]+(?:\d{1,2}|(?:19|20)\d\d)|.+[-_]v\d+"
)


def _chosen(value: str, *, spelled: bool = False) -> bool:
    """A value a person chose or a generator made (a digit or a symbol among letters; four words joined by one
    separator, or three and a number), not a word, a path, a placeholder or a shape ordinary facts are full of;
    ``spelled``: said letter by letter first, so a name with a number (penguin75) counts too."""
    if not _given(value) or value.startswith(("http", "/", "~", ".", "-")):
        return False
    joined = re.fullmatch(r"[a-z]{3,12}([-_.])[a-z]{3,12}(?:\1[a-z]{3,12})+(?:\1\d{1,4})?", value)
    if joined and (value.count(joined.group(1)) >= 3 or value[-1].isdigit()):
        words = re.findall(r"[a-z]+", value)  # four words joined by one separator, or three and a number
        return not any(w in _FUNCTION_WORDS for w in words)
    if not spelled and _NAME_VERSION.fullmatch(value):
        return False  # a program and its version (python3.11, node18, es2015), a file's name (main.py)
    return plausible(value) and not _ordinary_shape(value) and generated(value) and any(c.isdigit() for c in value)


def _given(value: str) -> bool:
    """A value, not a stand-in for one (``<your password>``, ``changeme``, ``********``, ``${DB_PASSWORD}``)."""
    value = value.strip()
    return bool(value) and not placeholder(value) and not re.fullmatch(r"[*•xX.\-_]+|[<{$%].*", value)


def _table_columns(text: str) -> Iterator[tuple[int, int, str]]:
    """The cells under a header that names a password column, row by row while the rows have the header's width."""
    if not any(sep in text for sep in _SEPARATORS) or "\n" not in text:
        return  # no separator, or no header above a row
    if not (_COLUMN.search(text) or _KEY_COLUMN.search(text)) and text.isascii():
        return  # a header names a password in English, or in another script (the vocabulary reads it below)
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for n, header in enumerate(lines):
        for sep in _SEPARATORS:
            cells = _cells(header, sep)
            names = [cell.strip("\"'") for cell, _at in cells]
            if sep == "|":  # a Markdown table: its cells are padded, its outer pipes make empty cells at the ends
                names = [name.strip() for name in names]
            indented = header[:1].isspace() and sep != "|"  # psql indents its header; code is indented
            if len(cells) < 3 or indented or not all(re.fullmatch(_HEADER_NAME, name) for name in names):
                continue  # a header is names of columns, not code ("State.new_state("d", None, "pass", m)", a tuple)
            columns = [i for i, (cell, _at) in enumerate(cells) if _COLUMN.fullmatch(cell.strip().strip("\"'"))]
            columns = columns or [i for i, name in enumerate(names) if _password_name(name.strip())]
            keys = [i for i, name in enumerate(names) if _KEY_COLUMN.fullmatch(name.strip())]
            if not columns and not keys:
                continue
            for row_no in range(n + 1, len(lines)):
                if sep == "|" and _RULE_ROW.fullmatch(lines[row_no]):
                    continue  # Markdown's |---|---| and psql's ----+----
                row = _cells(lines[row_no], sep)
                if not len(cells) <= len(row) <= len(cells) + 2:
                    break  # a row of the table (an export may end its rows in a field its header does not name)
                for column in keys:  # a key's column: only a value a generator made
                    cell, at = row[column]
                    value = cell.strip().strip("\"'`")
                    if _secret_value(value, names[column]):
                        start = offsets[row_no] + at + cell.index(value)
                        yield start, start + len(value), "API Key"
                for column in columns:
                    cell, at = row[column]
                    value = cell.strip().strip("\"'")
                    if value.lower() in _VERDICTS or names[column].lower() == "pass" and not generated(value):
                        continue  # a test table's "pass" column holds results (true, 12), not passwords
                    if sep == "|" and (not (generated(value) or joined_words(value)) or _SAYS_HOW.fullmatch(value)):
                        continue  # a document's table: "required", "key only", "see vault" say how, not what
                    if sep == "|" and kept_by(value):
                        continue  # "see 1Password", "in Bitwarden": where it is kept
                    if len(value) >= 4 and _given(value):
                        start = offsets[row_no] + at + cell.index(value)
                        yield start, start + len(value), "Password"
            break


# A table's cell that says how a password is had, in two plain words or after a word that points elsewhere ("in Vault",
# "key only", "siehe KeePass", "via SSO").
_SAYS_HOW = re.compile(
    r"(?i)[^\W\d_]+\s+[^\W\d_]+|(?:in|see|via|only|siehe|im|voir|dans|ver|en|per|zie)\s+[^\n|]{1,30}"
)
_VERDICTS = frozenset("true false yes no none null n/a ok pass passed fail failed skip skipped".split())  # noqa: SIM905
# A column's name as exports write it: words, no space around the separator (code puts one after its commas).
_HEADER_NAME = re.compile(r"(?:[^\W\d](?:[\w .-]{0,40}[\w.])?)?")


def _password_name(name: str) -> bool:
    """A column's name that is a password's in any language, whole ("Şifre", "Jelszó", "パスワード")."""
    from ratchet.core import world_words  # lazy: it reads this layer's neighbours

    found = world_words.names(name) if 3 <= len(name) <= 30 else []
    whole = len(found) == 1 and found[0][1] - found[0][0] == len(name)
    return whole and found[0][2].removeprefix("known ") == "password"


def _cells(line: str, sep: str) -> list[tuple[str, int]]:
    """The cells of one CSV line (a quoted cell may hold the separator), each with the offset of its text."""
    import csv  # lazy: the quick scan of the hooks never reads a table

    try:
        row = next(csv.reader([line], delimiter=sep))
    except (csv.Error, StopIteration):
        return []
    cells: list[tuple[str, int]] = []
    cursor = 0
    for cell in row:
        at = line.find(cell, cursor) if cell else cursor
        if at < 0:
            return []
        cells.append((cell, at))
        cursor = at + len(cell)
    return cells
