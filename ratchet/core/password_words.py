"""The words that name a credential and the words that hand its value over: the first stage of
:mod:`ratchet.core.passwords`.

A credential word (password, PIN, login, key, token), in about forty languages and glued into a compound too
("Masterpasswort"); the connectors between the word and its value ("is", ":", "=", "ist", "est", "は", "it's",
"printed"); the words that describe a password rather than being one ("expired", "required"); the function words
that make a run of words a sentence rather than a passphrase. Patterns only, compiled at import except the largest
(:func:`word_pattern`, on the first scan). Nothing here imports anything heavy.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Words that name a password (or PIN, or login), in the languages people write to an agent in. Common misspellings
# of "password" count: people type fast. A passphrase has its own name in the Romance languages (phrase secrète).
_PASSWORD_WORDS = (
    r"(?:phrase|frase)[\s-]+(?:secr[èe]te|de\s+passe|secreta|segreta|senha|de\s+(?:contrase[ñn]a|senha|paso))|"
    r"pass[\s_]+phrase|pass?wo?r?ds?|passwrods?|passowrds?|psswo?r?ds?|p/w|pass(?:phrase|code|key)?s?|pwd|requirepass|"
    r"masterauth|pw|"
    r"(?:[mt]?pin|puk)2?(?:[\s-]*(?:code|number|nummer|numero|número|koodi|kode|kod))?|cvv2?|cvc2?|atm\s+(?:pin|code)|"
    r"säkerhetskod(?:en)?|sikkerhedskode(?:n)?|sikkerhetskode(?:n)?|sicherheitscode|turvakoodi|pinkod(?:en)?|"
    r"pinkode(?:n)?|পিন|পাসওয়ার্ড|رمز|"
    r"(?:door|gate|alarm|garage|lock|safe|entry|access|security|unlock|lockbox|keypad|disarm|padlock|locker|"
    r"elevator|lift|mailbox|override|luggage|suitcase|radio|purchas(?:e|ing)|parental(?:\s+control)?)\s+"
    r"(?:#?\d{1,4}\s+)?(?:code|combination|combo)|code\s+de\s+d[ée]verrouillage|c[óo]digo\s+de\s+desbloqueo|"
    r"entsperr(?:code|ungscode|-pin)|"
    # One-time codes a bank or a login sends (an SMS code, a TAN, a verification code): digits, valid for minutes.
    # In capitals, AUTH CODE is a card terminal's approval code as a receipt prints it, not a login's.
    r"(?!(?-i:AUTH\s+CODE))(?:sms|text|tan|otp|one[- ]time|verification|login|sign[- ]in|2fa|mfa|auth(?:entication)?)"
    r"\s+(?:code|pin)|"
    r"(?-i:TAN)|otp|"  # a bank's transaction number, not the colour
    r"combination|wi-?fi\s+(?:key|code)|wpa2?\s+(?:key|psk)|(?:cl[ée]|clave|chave|chiave)\s+wpa2?|psk|network\s+key|zoom\s+host\s+key|"
    r"passwort|kennwort|mot\s+de\s+passe|mdp|code\s+(?:de\s+la\s+porte|d'acc[èe]s|du\s+portail)|digicode|"
    r"contrase[ñn]a|contrasenya|contrasinal|pasahitza|palavra[- ]passe|parolă|συνθηματικό|jelsz[óo]|"
    r"jelszav(?:a|am|ad|unk|uk)|"
    r"clave|senha|wachtwoord|wagwoord|has[łl]o|l[öo]senord(?:et)?|[şs]ifre(?:m|si|niz)?|"
    r"parola(?:s[ıi]|m|n[ıi]z)?(?:\s+d'ordine)?|geheimzahl|code\s+confidentiel|c[óo]digo\s+secreto|codice\s+segreto|heslo|salasana[nt]?|tunnusluku|adgangskode(?:n)?|passord(?:et)?|kodeord(?:et)?|lozinka|geslo|"
    r"sandi(?:nya|ne)?|kata\s+laluan|nenosiri|slapta[žz]od[žz]?i\w*|parole|k[wo]dikos|parool|lykilor[ðd]\w*|[šs]ifr[ae]|fjal[ëe]kalim\w*|"
    r"m[ậa]t\s+kh[ẩa]u|парол\w{0,4}|лозинк[аеуи]|гасло|пин(?:-?код)?|κωδικός|पासवर्ड|पिन|ה?סיסמ[האת]|"
    r"و?كلمة\s+(?:ال)?(?:مرور|سر)|الرقم\s+السري|رمز\s+عبور|(?:ال)?باسو?ورد|پسورد"
)
# Words that name a login as a pair ("login is admin / hunter22", "u/p: admin / papaya9047").
_LOGIN_WORDS = (
    r"log-?in|logon|creds|credentials?|zugangsdaten|identifiants|credenciales|credenciais|inloggegevens|wi-?fi|wlan|"
    r"u/pw?|user(?:name)?\s*/\s*pass(?:word)?|admin\s+(?:user|account)|(?:user|root)\s+account|(?:ال)?واي\s*فاي"
)
# Words that name a key or a token: only a generated-looking value counts after these.
_KEY_WORDS = (
    r"(?:api|access|auth|client|private|secret|signing|encryption|master|deploy|bot|app|application|license|licence|"
    r"webhook|refresh|bearer|session|personal\s+access|user|ingest|admin|service|account|integration|server|pass|"
    r"consumer|project|management|unseal|product|activation|registration|serial|cd)"
    r"[ _.-]?(?:key|token|secret)s?|(?:session\s+|auth\s+|login\s+)?cookies?|sessionid|"
    r"master\.key|api[ _.-]?ke?ye?|apikey|tokn|app(?:lication)?[ _.-]?certificate|kl[íi][čc](?:\s+api)?|tokens?|"
    r"secrets?|keys?|"
    r"pat|api-schl[üu]ssel|schl[üu]ssel|cl[ée]\s+(?:api|d'api|secr[èe]te)|chave(?:\s+(?:da\s+)?api)?|"
    r"llave|clave\s+(?:de\s+)?api|chiave(?:\s+api)?|klucz(?:\s+api)?|ключ(?:\s+api)?|токен|キー|トークン|密钥|秘钥|令牌|토큰|"
    r"(?:api\s+)?anahtar(?:ım|ımız|ı)?|κλειδί|ה?מפתח|(?:ال)?مفتاح|"
    # "the plain one I chose was X" beside a stored hash: as after a key's word, only a generated value.
    r"plain(?:[\s-]?text)?\s+one"
)
# A snake_case suffix that names the value's form, not another thing: Rails' secret_key_base, token_value, key_b64.
# A suffix naming the value's encoding, or a slot's number (a SIM's PIN1 and PUK2, Tasmota's Password1).
_VALUE_SUFFIX = r"(?:_(?:base|value|b64|base64|hex|raw|plain(?:text)?)|[1-9](?!\d))?"
# Germanic and Finnic languages glue a qualifier on: the word is found at the end of the compound, in lower case as
# it is written there (Masterpasswort, routerlösenordet, wifisalasana); matched case-sensitively, which is cheaper.
_GLUED_PASSWORD_WORDS = r"(?:passwort|kennwort|wachtwoord|l[öo]senord|passord|kodeord|salasana)(?:et|en|s)?"


@lru_cache(maxsize=1)
def _word() -> re.Pattern[str]:
    """The credential words of every language, the largest pattern here: compiled on the first scan, not at import
    (hooks import this module on every run)."""
    return re.compile(
        rf"(?i)(?:(?<![^\W_])(?:(?P<pw>{_PASSWORD_WORDS})|(?P<login>{_LOGIN_WORDS})|(?P<key>{_KEY_WORDS}))|"
        rf"(?<=[^\W\d_])(?-i:(?P<glued>{_GLUED_PASSWORD_WORDS}))){_VALUE_SUFFIX}(?![^\W_]|-\w|_[^\W\d_])"
        # No word boundaries in these scripts.
        r"|(?P<cjk>パスワード|暗証番号|ロック解除コード|解锁密码|密码|密碼|口令|비밀번호|비번|암호|パス|รหัสผ่าน|รหัส)"
        r"|(?P<cjkkey>私钥|私鑰|授权码|授權碼|密钥|秘钥|金鑰|令牌|アクセストークン|トークン|APIキー|API\s*키|シークレット|시크릿|คีย์)"
    )


# Words whose value is digits: a PIN, a PUK, a card's CVV, a combination lock.
_NUMERIC_WORD = re.compile(
    r"(?i)pin|puk|cvv|cvc|combination|combo|geheimzahl|confidentiel|secreto|segreto|\btan\b|otp|host\s+key|"
    r"暗証|пин|पिन|পিন|tunnusluku|رمز"
)
# Words whose value is a code: digits, or digits and a letter or two ("A1294").
_CODE_WORD = re.compile(r"(?i)code|combo|combination|digicode|kod|koodi|код|codice|código")
# Verbs that report a value a tool or a person handed over ("the CLI printed X", "initialAdminPassword came out as X"):
# they connect only a value that looks generated.
_GIVEN = (
    r"printed|prints|returned|returns|gave(?:\s+me)?|gives|showed(?:\s+me)?|shows|displayed|displays|outputs?|"
    r"generated|(?:came|comes)\s+(?:out|back)\s+as|spat\s+out|spits\s+out|(?:should|must|will|would|shall)\s+be"
)
# What joins the word to its value. Spoken connectors need a space around them; signs do not.
_SPOKEN = (
    r"is|was|are|were|became|reads|ist|lautet|war|est|c'est|était|es|és|era|é|è|jest|to|är|er|je|on|это|είναι|là|"
    r"adalah|ialah|คือ|היא|הוא|هي|هو|је|е|є|це|este|ay|ni|var|isch|howa|hiya|ir|yra|einai|e|"
    r"contains|holds|(?:set|changed|updated|reset|switched|rotated)\s+(?:to|as|auf|à|a|zu|naar|till|til|na|en|para)|to|as|"
    # "changed to" in the languages of the words above
    r"(?:ge[äa]ndert|gesetzt)\s+(?:auf|in|zu)|chang[ée]e?\s+(?:en|pour|à)|cambi(?:ado|ada|é|ata|ato)\s+(?:a|en|in)|"
    r"(?:mudei|mudou|alterad[ao]|trocad[ao])\s+para|(?:по|с|из)мен(?:ял|ил)[аи]?\s+на|"
    rf"{_GIVEN}"
)
_STILL = r"now|still|currently|actually|just|simply|literally|nun|jetzt|maintenant|ahora|agora"
# A JSON key's or a subscript's closing quote first ("token": ..., config['SECRET_KEY'] = ...).
# An XML element's ">" ("<password>X</password>", up to its closing tag) only right after the word.
_SIGN = re.compile(r"[\"']?\]?\s*(?:->|=>|:=|\?\??=|\|\|=|[:=：＝→])\s*|\s+[-–—]\s+|>(?=[^\s<>][^<>\n]{0,200}</)")
# "the wifi password? it's X", "grandma's computer password, it's X": a new clause that hands over the value.
_ITS = re.compile(
    r"\s*[,;?!.]?\s+(?:(?:the|le|la|el|der|die|das|o|a)\s+(?:new|nouveau|nouvelle|nuevo|nueva|neue|neues|nuovo|nuova|novo|nova)"
    r"(?:\s+one)?\s+(?:is|c['’]est|est|es|ist|è|é)|it['’]?s|it\s+is|that['’]?s|c['’]est)\s+",
    re.I,
)
_CONTRACTED = re.compile(r"['’]s\s+")  # "the PIN's 0064"
# "is" and "changed to" ("改成了", "设为", "に変更").
_CJK_CONNECTOR = re.compile(
    r"\s*(?:[（(][^）)\n]{1,12}[）)]\s*)?"  # an aside first: "暗証番号（4桁）：7596"
    r"(?:は|が|を|：|:|是|係|为|為|는|은|이|가|=|คือ|เป็น|改成了?|改为|换成了?|设为|设置为|更新为)(?:\s*[：:])?\s*"
)  # "为：": a colon after the copula
# In scripts written without spaces, a short qualifier glued between the word and its connector ("รหัสผ่านไวไฟคือ",
# "密码wifi是").
_CJK_QUALIFIED = re.compile(r"[^\s!-/:-@\[-`{-~。、，！？]{1,12}?(?=\s*(?:は|が|是|係|为|為|는|은|คือ|เป็น))")
# A value: up to its closing quote when quoted ("client_secret":"GOCSPX-...","redirect_uris":...), else a token.
_VALUE = re.compile(r"[\"'`“”‘’«»]?((?<=[\"'`“”‘’«»])[^\s\"'`“”‘’«»]+|[!-~\u00a1-\u024f\u0370-\u03ff\u0400-\u04ff]+)")
_QUOTED = re.compile(r"[\"'`“‘«「『]([^\"'`”’»」』\n]{4,80})[\"'`”’»」』]")
_QUALIFIER_LIMIT = 12
# Words that are also ordinary English verbs or nouns: a value must follow a connector ("pin: 4821"), never bare.
_AMBIGUOUS = frozenset(
    "pin pins pass passes puk combination pat token tokens secret secrets code psk key keys tan otp".split()  # noqa: SIM905
)
# Connectors that are ordinary prepositions too: they connect only right after the credential word.
_WEAK = re.compile(r"(?i)to|on|as|je|er|es|era|ni|var|e|ir|-|–|—")
_GIVEN_RE = re.compile(rf"(?i){_GIVEN}")
# A verb that sets a password, a few words before its word: "set the password to X", "change the PIN to X".
_SETS = re.compile(
    r"(?i)\b(?:set|sets|setting|change|changed|changing|reset|update|updated|switch|switched|make|made)\b"
    r"[^.!?\n]{0,30}$"
)
# "initialAdminPassword came out as X", "..., the file says X".
_CAMEL_VERB = re.compile(rf"(?i),?\s+(?:(?:it|the\s+\w+)\s+)?(?:is|was|says|said|reads|{_GIVEN})\s+")
_PREPOSITIONS = frozenset(
    "for of to on in at with from by de del des du da di för för til voor für pour para per".split()  # noqa: SIM905
)
# Nouns that, ending the qualifying words, make the value theirs ("network name is CoffeeLab_Guest"); before the
# credential word ("the fingerprint of the signing key is ...") or right after it ("X is our password rule") they
# make the credential word a qualifier of theirs.
_OTHER_HEADS = frozenset(
    """
    name names ssid id ids user users username usernames email emails url urls uri endpoint host hostname server
    port address policy policies length hint hints manager managers field fields file files path paths variable
    variables env location format prefix header scope type expiry rotation owner label title count limit
    provider service vault store page link model router network band channel standard speed plan version firmware
    fingerprint thumbprint hash hashes hashing digest checksum rule rules requirement requirements regex pattern
    complexity strength prompt dialog screen form input reset resets change changes attempt attempts validator
    validators
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# What a compound of a password's word names (its hint, its manager, its rules), not the password itself.
PROPERTY_HEADS = frozenset(
    "hint hints manager managers policy policies length rule rules requirements strength".split()  # noqa: SIM905
)
# A stand-in in angle brackets that says where the value is or what goes there (<set to the key 'x' in secret 'y'>,
# <YOUR_TOKEN>, <db password>), not an HTML tag; one written in words ("<hier euren Schlüssel eintragen>"), not an
# element's attributes, around a word.
_GIVEN_STAND_IN = re.compile(r"[\"']?<(?=[^<>\n]*[\s_A-Z])[^<>\n]{2,80}>")
_WORDS_STAND_IN = re.compile(r"<[^<>\n=\"']{2,80}\s[^<>\n=\"']{1,80}>")


def inside_stand_in(text: str, pos: int) -> bool:
    """``pos`` is inside a stand-in written in words between angle brackets: what goes there, not a value."""
    opened = text.rfind("<", max(0, pos - 80), pos)
    stand_in = _WORDS_STAND_IN.match(text, opened) if opened >= 0 else None
    return bool(stand_in and stand_in.end() > pos)


# Two words picked for a wifi ("mango-island"; "banitsa_sofia", "kava_z_molokom" with a language's short word between,
# in any script), unless the first makes an ordinary compound ("open-source").
TWO_WORDS = re.compile(r"[a-z]{3,12}-[a-z]{3,12}|(?!.*[A-Z])[^\W\d_]{3,12}_(?:[^\W\d_]{1,2}_)?[^\W\d_]{3,12}")
COMPOUND_FIRST = frozenset(
    "open front back single multi plain full half cross read write built third first per non pre post anti semi sub "  # noqa: SIM905
    "self auto".split()
)
# ... nor if the second makes one ("team-wide", "env-specific", "sso-only").
COMPOUND_LAST = frozenset(
    "wide specific only based level scoped bound like free less safe proof friendly side facing aware agnostic "  # noqa: SIM905
    "dependent independent".split()
)
_OWNED = re.compile(r"(?i)\b([a-z]+)\s+(?:of|for)\s+(?:the|my|our|your|this|that|a|an|its)?\s*(?:[\w-]+\s+){0,2}$")
_SPOKEN_RE = re.compile(rf"\s+(?:{_SPOKEN})\s+", re.I)
# Past a connector, more words that hand over the value: "is now", "is literally the phrase", "is the sentence".
_MORE = re.compile(rf"(?:{_SPOKEN}|{_STILL})\s+|[:=]\s*|the\s+(?:phrase|sentence|words?)\s+", re.I)
# One qualifying word; or, as one step, a parenthesis or a relative clause between commas ("the password on the old
# box, the one with the photos, is X").
_QUALIFIER = re.compile(
    r"\s+\([^()\n]{1,60}\)|\s+(?:[^\s.!?;:=,]|\.{2,}|\.(?=\S)){1,40}|"
    r",\s+[^,.;:!?=\n]{1,60},"
)
# A user and a password: "admin / x", "a@b.c // x", "u:x", "me, pw: x", "my email and x", "the email with x".
_PAIR = re.compile(
    r"((?:my|our|the)\s+(?:[\w-]+\s+)?(?:e-?mail(?:\s+address)?|user\s*name|phone\s+number)|[^\s/:,]{1,64})"
    r"\s*(?:/{1,2}|:|,\s*(?:pw|pass(?:word)?)\s*:?|\s+(?:and|with|\+)\s+)\s*([!-~]{4,80})"
)
_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}\b")  # Google app passwords
_BEFORE = re.compile(
    r"(?:\s+(?:is|was|as|als|comme|como|come|=)|\s*(?:[-–—=]|<-|←)\s*(?:that['’]?s|this\s+is|it['’]?s)?)\s+"
    r"(?:the|my|our|your|a|an|for)?\s*(?:new\s+|current\s+)?(?:[\w-]+\s+){0,2}$",
    re.I,
)
_DOOR_CODE = re.compile(r"[*#]?(?=[A-Za-z]*\d)[A-Za-z0-9]{4,8}[*#]?")
_TOKENISH = re.compile(r"(?<![\w@/.=&?+-])[^\s\"'`“”‘’<>()\[\]]{8,66}")
# Where a value's clause ends: punctuation, a conjunction, a dash; in Japanese and Korean, the copula that closes the
# sentence right after the value ("パスワードはLemonPickle!!です", "비번은 tamarind9978이에요").
_CLAUSE_END = re.compile(
    r"\s*(?:$|[.,;!?)\]}\n。、，！？]|です|でした|입니다|이에요|예요|에요|\s(?:and|but|so|or|btw|though|then|which|if|when)\b|"
    # "and" and "but" in the other languages a password is said in ("senha ... é X e tá dando erro").
    r"\s(?:e|y|et|und|ed|en|och|og|ve|dan|và|mas|pero|mais|aber|ma|но|а|и|pero|nao|não)\s|"
    # ... and "in case" or "if" ("la contraseña es mango-island por si la necesitas").
    r"\s(?:por\s+si|si|se|caso|wenn|falls|quand|als|om|в\s+случае|якщо|если)\s|"
    r"\s[—–-]\s)",
    re.I,
)
_SHORT_PIN = re.compile(r"(?!(?:19|20)\d\d$)\d{4,5}")  # not a year
# A comma ends what is said of a PIN too ("a senha do cartão é 3582, pode sacar"), but not inside a list of numbers.
# ... or an aside in brackets after the value ("é 41974 (5 primeiros dígitos do CPF)").
_SENTENCE_END = re.compile(r"\s*(?:$|[.;!?\n]|,(?!\s*\d)|，|です|입니다|이에요|예요|에요)|\s\((?!\d+\))")
_YEAR = re.compile(r"(?:19|20)\d\d(?:-\d\d){0,2}")  # a year or an ISO date, not a PIN
# Template expressions and jsonpaths are references to a value kept elsewhere ({{ lookup(...) }}, {.data.password}).
# A shell's parameter expansion (${API_KEY:?must be set}) likewise.
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{\.[\w.\[\]'\"-]*\}|\$\{[A-Za-z_][^{}\n]*\}")

# Words that say something about a password rather than being one ("the password is weak"). A one-word password
# after a connector must not be one of these, nor end like an adjective or participle.
# Password managers by name: where a password is kept ("see 1Password", "i 1Password-boksen"), never one.
MANAGERS = (
    "1password bitwarden vaultwarden keepass keepassxc lastpass dashlane nordpass enpass roboform passbolt".split()  # noqa: SIM905
)
_DESCRIBING = frozenset(
    """
    a an the my your our their his her its this that in on at of for from by with without via under inside into
    not no never always also still now just only same different new old current previous default temporary
    required optional mandatory needed necessary missing empty blank null none nil unset set saved stored kept
    correct incorrect wrong right valid invalid expired expiring expires rotated reset changed updated locked
    weak strong long short simple complex complicated easy hard secure insecure safe unsafe good bad fine ok okay
    excellent fair medium moderate poor acceptable
    great terrible random unique generated hashed encrypted salted hidden visible shown masked known unknown
    secret private public shared personal sensitive compromised leaked exposed breached stolen case sensitive
    too very quite pretty really rather so enough longer shorter stronger weaker better worse easier harder
    something anything nothing everything whatever one two three four five six seven eight nine ten twelve
    characters chars digits letters words symbols minimum maximum min max least most
    managed handled kept synced autofilled remembered forgotten lost written noted here there elsewhere below above
    same-as identical similar unchanged protected enforced disabled enabled active inactive pending working
    policy rules manager managers vault keychain keeper
    please thanks thank yes yeah nope what which who where why how unclear ready true false value undefined
    lowercase uppercase alphanumeric numeric capitalized
    continue proceed
    monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday weekly daily monthly
    january february march april june july august september october november december
    abgelaufen falsch richtig korrekt ungültig vergessen geändert sicher schwach stark lang kurz erforderlich
    verlopen onjuist ongeldig gewijzigd vergeten nieprawidłowe nieprawidłowy wygasło zmienione expiré expirée
    oublié changé obligatoire caducada incorrecta olvidada expirada errada scaduta sbagliata utgått fel feil
    udløbet forkert vanhentunut väärin неверный истёк 間違い 错误 过期
    истекла истекао истекло истек истекла истёкла истекли закључана промењена заборављена istekla istekao isteklo
    promijenjena promenjena zaboravljena просрочен просрочена поменяла поменял изменён изменена забыл забыла
    закінчився прострочений змінено expirou expirado alterada cambiada caducó scaduto cambiata dimenticata
    değişti unuttum kadaluarsa kedaluwarsa tamat lejárt elfelejtettem expirat schimbată
    hetzelfde dezelfde dasselbe derselbe dieselbe gleiche selbe même mismo misma mesmo mesma stesso stessa samma
    samme sama stejný stejné такой такая тот
    """.split()  # noqa: SIM905 - a word list reads better as prose
) | frozenset(MANAGERS)
# Words that make a run of words a sentence, not a passphrase of random words ("is stored in the vault", "ist
# nicht mehr im Tresor"): articles, pronouns, auxiliaries, negations, conjunctions and prepositions of English and
# of the European languages whose password words we know.
_FUNCTION_WORDS = frozenset(
    """
    a an the my your our their his her its this that these those it i you we they he she me us them
    is are was were be been being am do does did has have had will would can could should must may might
    not no never and or but so if then than because since until when while where which who what how
    in on at of for from by with without via to into onto as about after before over through
    ok okay yes yeah just also still now only very too please thanks
    der die das den dem des ein eine einen einem einer ist sind war wird wurde nicht kein keine und oder aber
    mit im am zum zur auf bei nach noch schon mehr sehr ich du wir ihr es sie er mein dein unser
    le la les un une est sont pas ne et ou mais avec pour dans sur du au aux je tu nous vous il elle ce cette mon
    el los las una es son y pero con para en del por que muy mi su
    os um uma são não ou com em do da dos das na no meu minha
    il lo gli è sono non ma per di nel della mio
    het een niet en maar voor op van ik mijn
    och är inte på för med till jag min det
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(.*|`.*|%\w+%|<.*|\{\{.*\}\}|\[[^\]]*\]|x{3,}|\*{3,}|\.{3,}|…|"
    r"my[A-Z][a-z]+(?:[A-Z][a-z]+)*|.*(?:\.{3}|…)|"
    r"(?i:redacted|changeme|change-me|placeholder|(?:example|sample|dummy)\d{0,4}|foo|bar|baz|test|secret|password|(?:\w{1,8}[._-])?your[-_\w]*|"
    r"my[-_]\w+|todo|tbd|n/?a|hidden|\*+|pass(?:word|phrase|wort)s?|tokens?|keys?|secrets?|pin))$"
)


# The end of a camelCase or glued upper-case name (adminPassword, dbPasswd, clientSecret, apiKey, PGPASSWORD,
# MYSQLPWD, REDISCLI_AUTH, keystorePass, remotepass): the value after its sign.
_CAMEL = re.compile(
    r"(?<=[a-z0-9])(?:Password|Passwd|Pwd|Secret|Token|ApiKey|Key|AppCertificate)(?![a-z])|"
    r"(?<=[A-Z])(?:PASSWORD|PASSWD|PWD|SECRET|TOKEN|APIKEY)(?![A-Za-z])|(?<=[A-Z]_)AUTH(?![A-Za-z])|"
    # keystorePass, and the glued lower-case names of configuration files (offlineimap's remotepass, keytool's
    # storepass, an ini's smtppass): a thing a password opens, then "pass".
    r"(?<=[a-z0-9])Pass(?![a-z])|"
    r"(?<![\w-])(?:remote|local|store|key|trust|db|mail|smtp|imap|pop3?|root|admin|auth|ftp|sftp|ldap|bind|proxy|"
    r"vnc|master|mqtt|redis|sasl|rpc|web|wifi|wlan)pass(?:wd)?(?![A-Za-z])"
)

# Two words and a number joined by a password's symbol, as people choose them ("Coffee=Pepper57", "Napoli+Max3").
_WORDS_JOINED = re.compile(r"[A-Z]?[a-z]{2,12}[=+&^*~]{1,2}[A-Z]?[a-z]{2,12}\d{1,6}[!?#$%&*]?")
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")

# Keys that are names of data, not credentials: their value is a lookup key, an index, a signature's public half.
_NAME_KEYS = frozenset(
    """
    cache idempotency primary foreign partition sort composite unique natural surrogate row object map dict
    dictionary lookup hash hashing s3 redis registry config configuration setting settings i18n translation public
    gpg pgp ssh host shard crashreporter reporter device machine installation
    sharding bucket index join lock dedup dedupe group lookup music sort range storage blob content cursor
    record document entity file
    a an the
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# What hands over a file's content when the credential word names a file ("config/master.key contents: X").
_PATH_VALUE = re.compile(r"(?i)[\"']?\s*(?:contents?\s*)?[:=]|\s+(?:is|contains|holds|reads|says)\s")
# A key and its value as two literals in code: define('DB_PASSWORD', 'x'), ["password", "x"], put("token", "x").
_LITERAL_PAIR = re.compile(r"[\"']\s*,\s*(?=[\"'])")


_LABEL_START = re.compile(r"(?:^|[,;/]\s*|\n[ \t]*)$")
_DETERMINER = re.compile(r"(?i)\b(?:the|my|our|your|this|that|his|her|their)\s+$")
# "AES-256 key"; a quoted name in capitals ("KAGGLE_KEY"), not a quoted phrase ("'s3 key'").
_KEY_OWNER = re.compile(r"(?:(?<![\"'`])\b|(?<=[\"'`])(?=[A-Z0-9]+_))([^\W\d_][\w.]*?(?:-\d+)?)(?:['’]s)?[\s_-]+$")


CMDLET = re.compile(r"[A-Z][a-z]{2,}-[A-Z][A-Za-z]{2,}")  # PowerShell's Verb-Noun


def masked(value: str) -> bool:
    """A value shown masked or elided in its middle ("ghp_****AL7m", "sk-proj-***...LX0y", "rk_live_...Wacj")."""
    return bool(re.search(r"\*{3,}|\.{3}|…|•{3,}", value))


def qualifies_other(text: str, start: int, end: int, group: str) -> bool:
    """The credential word only qualifies another noun, whose value follows: "the fingerprint of the signing key
    is ...", "パスワードマネージャーは...", "the public token is ..." (public by design)."""
    if group == "cjk":
        return bool(re.match(r"[\u30a0-\u30ff]", text[end : end + 1]))  # a katakana compound: password manager
    before = text[max(0, start - 40) : start]
    owner = _OWNED.search(before)
    if owner and owner.group(1).lower() in _OTHER_HEADS:
        return True
    if group == "key" and re.search(r"(?i)public\w*$", before):
        return True  # NEXT_PUBLIC_SEARCH_KEY, PUBLIC_API_TOKEN: a name that says the value is shipped to browsers
    return group == "key" and bool(re.search(r"(?i)\b(?:public|publishable|site|search[\s_-]?only)[\s_-]*$", before))


def a_key_for(text: str, start: int, end: int) -> bool:
    """The bare word "key" names a credential as "the key for (or to) something", or as the key of a thing named
    before it ("AssemblyAI key: ...", "X-ERP-Key: ...", "the provider's key is ..."); a cache key, a config key, an
    idempotency key or a primary key is a name, and a JSON field called "key" holds one."""
    if _DETERMINER.search(text, max(0, start - 8), start) and re.match(r"\s+(?:for|to)\b", text[end:]):
        return True
    owner = _KEY_OWNER.search(text, max(0, start - 40), start)
    if owner:
        return owner.group(1).lower() not in _NAME_KEYS
    # A field's label: "Email: li@x.com, key: 7eb98...", at the start of a line or after a comma.
    return bool(_LABEL_START.search(text, max(0, start - 4), start) and re.match(r"\s*[:=]|\s+(?=\S*\d)", text[end:]))


# A word, "=", then capitals or digits with a digit among them, after a connector ("Password: falcon=NOODLE451"):
# chosen, not a setting (user=admin, id=1234 have no such word).
_SIGNED_WORDS = re.compile(
    r"(?!(?:user|name|host|port|mode|type|size|length|value)=)[A-Za-z][a-z]{3,}=(?=\w*\d)[A-Z0-9]{3,}"
)

# The passwords everyone has heard of, talked about as such (lists of the most common, the joke of "hunter2"): an
# example, not anyone's password.
_FAMOUS = frozenset(
    """123456 12345678 123456789 1234567890 111111 000000 password password1 passw0rd qwerty qwerty123 abc123 letmein
    iloveyou hunter2 monkey dragon welcome admin trustno1 sunshine football baseball""".split()  # noqa: SIM905 - prose
)
# The same passwords and the keyboard's rows as people still choose them, a digit or a sign after ("qwerty!",
# "asdf1", "abc00", "iloveyou!"): after a password's name, a password however weak.
_WEAK_PASSWORD = re.compile(
    r"(?i)(?:qwerty|asdf(?:gh)?|zxcv|abc|iloveyou|monkey|letmein|dragon|sunshine|welcome|admin|pass(?:word|w0rd)|"
    r"football|baseball|princess|shadow|superman|batman|trustno1|hunter)(?:\d{1,4}[!@#$.?*]{0,2}|[!@#$?*]{1,3})"
)


def chosen_shape(value: str) -> bool:
    """Words joined by a sign with a number after ("tiger+Lamp42"), or a weak password (:data:`_WEAK_PASSWORD`)."""
    return bool(_WORDS_JOINED.fullmatch(value) or _WEAK_PASSWORD.fullmatch(value))


_TALKED_ABOUT = re.compile(
    r"(?i)\b(?:(?:most\s+)?common(?:est)?|classic|joke|meme|leaked|worst|popular|famous|top\s+\d+|most\s+used)\b"
)
# An Indian postal code is a "PIN code" (six digits) where an address, a delivery or a city is the subject. Public
# material to ratchet.core.secrets: what it matches is blanked before any layer reads the text.
POSTAL_DIGITS = r"(?![0०০੦૦୦௦౦೦൦])\d{6}(?!\d)"  # India's postal code, in any of its scripts' digits
_POSTAL_PIN = re.compile(
    r"(?i)\bpin\s*-?\s*code(?:\s+(?:for|of|in)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})?(?:\s+is\b)?\W{0,3}\d{6}\b"
    r"(?=[^\n]{0,60}?\b(?:post|courier|deliver\w*|address|area|city|district|"
    r"village|mumbai|delhi|bengaluru|bangalore|chennai|kolkata|hyderabad|pune)\b)|"
    r"\b(?:area|deliver\w*|postal|address|courier|ship\w*)\b(?![^\n]{0,60}\b(?:card|atm|upi|debit|credit)\b)"
    r"[^\n]{0,60}\bpin\s*-?\s*code(?:\s+is\b)?\W{0,3}\d{6}\b|"
    # An address's last part ("Bengaluru, Karnataka - PIN 120648"): its postal code after a comma or a dash.
    r"\b(?:address|ship\s+to|postal)\b[^\n]{0,60}?[,–—-]\s*pin\W{0,3}[1-9]\d{5}\b|"
    # In India's languages "PIN code" and six digits is the postal code (a card's or UPI's PIN is named so).
    r"(?<!UPI )(?<!ATM )(?:पिन\s*कोड|पिनकोड|பின்\s*கோடு|పిన్\s*కోడ్|ಪಿನ್\s*ಕೋಡ್|പിൻ\s*കോഡ്|পিন\s*কোড|પિન\s*કોડ|ਪਿੰਨ\s*ਕੋਡ)"
    r"\W{0,3}" + POSTAL_DIGITS
)


# A number named as something else's right before it (not "on" alone: Finnish "PIN-koodi on 6885" says "is").
_NUMBER_OF = re.compile(
    r"(?i)\b(?:port|line|build|version|issue|ticket|status|returns?|returned|error|http|"
    r"(?:listens?|listening|runs?|running|served|bound)\s+on)\s+$"
)
_HEX_SECRET = re.compile(r"0x[0-9a-fA-F]{40}|0x[0-9a-fA-F]{64}")
# A language's own "is" that is weak past qualifying words; six or more digits that end the clause after one.
_COPULAS = frozenset(("es", "e", "je", "er", "on", "ni", "ay", "var", "ir", "era"))
_DIGITS_END = re.compile(r"\d{6,12}(?=\s*(?:$|[.,;!?)]))")
# A copula after the value, in the languages that put it there ("wifi ka password 98910646 hai", "... X ነው").
_POST_COPULA = re.compile(r"\s+\S{4,64}\s+(?:hai|hain|ነው|ce|ast|است)(?=\s*(?:$|[,.;!?]))", re.I)
# What a paginated API's token is named: it says where the listing goes on ("next_page_token", "continuationToken").
_PAGING = re.compile(r"(?i)(?:^|\b|_)(?:next_?page|page|paging|pagination|cursor|continuation|resume|sync)[_-]?$")
# "XXXX-XXXX-XXXX-XXXX", "sk_live_xxxxxxxx", "SG.xxxxx.xxxxx": a stand-in for the value (after a key's prefix).
_X_RUN = re.compile(r"(?i)(?:[a-z]{1,8}[-_.]){0,2}x{3,}(?:[-_.]x{3,})*")
# After a Wi-Fi's name, its password named in the same sentence or on the next line: the value was the network's.
_PASSWORD_LATER = re.compile(
    r"(?i)\n?[^.!?\n]{0,40}?\b(?:pass\w*|pw|ww|mdp|senha|clave|sandi\w*|key|code)(?:\s*(?:is\b|[:=])|\s+(?=\S*\d))|"
    # ... or the word for a password in another language, and a word after it ("Wifi: Telia-CYJW, parool epifizug")
    r"[^.!?\n]{0,40}?(?<!\w)(?:parooli?|salasana|lösen(?:ord)?|has[łl]o|heslo|jelsz[óo]|geslo|lozinka|[şs]ifre(?:si)?|"
    r"парол[ья]|parola|wachtwoord|kennwort|adgangskode|contrase[ñn]a|mot\s+de\s+passe|senha|clave)\s*[:=]?\s+\S"
)
_MASKED_NEXT = re.compile(
    r"[\"']?\s*(?:[:=]\s*)?[\"'`]?(?:\*{3,}|•{3,}|\[(?:masked|hidden|redacted)\])(?![^\s\"'`,;])", re.I
)


def _ambiguous(word: str) -> bool:
    """A credential word that is also an ordinary word ("pin", "pass", "token") or a short abbreviation ("pw")."""
    return word in _AMBIGUOUS or word.isascii() and word.isalpha() and len(word) <= 3


# A question ends in its mark, which is then no symbol of the token before it. A question asks with its first word,
# or with an auxiliary after a dash or a comma ("... .tar.xz — does that match the SHASUMS256.txt?"); "which" after a
# comma starts a relative clause, not a question.
_ASKED = re.compile(
    r"(?i)(?:^|(?<=[.!?\n])|[—–,:;])\s*(?:does|do|did|is|are|was|were|can|could|should|would|will|has|have)\b|"
    r"(?:^|(?<=[.!?\n]))\s*(?:which|what|who|where|when|why|how)\b"
)
_SENTENCE_STOP = re.compile(r"[.!?](?=\s)|\n")


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` starts: after the last full stop, mark or line break before it
    (a dot inside a name, "node-v20.tar.xz", ends nothing)."""
    start = 0
    for end in _SENTENCE_STOP.finditer(text, 0, at):
        start = end.end()
    return start


# A code word qualified as a booking's ("code of the reservation") or, glued on in a script without spaces, the post's
# (a postal code): the word for code is the word for password in these languages.
_BOOKING = re.compile(
    r"(?i)\s+(?:rezervacij\w*|rezervac[ie]\w*|rezerwacji|rezervasyon\w*|κράτησης|της\s+κράτησης|(?:ال)?حجز|"
    r"(?:de\s+(?:la\s+)?)?(?:reserva(?:ción)?|réservation)|(?:della\s+|di\s+)?prenotazione|бронирования|бронювання|"
    r"резервације|резервации)\b|"
    # Scripts without spaces: the booking's or the post's word glued on ("รหัสการจอง", "预订码", "予約番号",
    # "รหัสไปรษณีย์").
    r"\s*(?:การจอง|ການຈອງ|ការកក់|预订|預訂|予約|ไปรษณีย์|ໄປສະນີ|ប្រៃសណីយ៍|စာတိုက်|邮政|郵政|郵便)"
)
