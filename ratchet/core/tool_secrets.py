"""Passwords as tools take them where no password word stands beside the value: the flags and pipes of command lines
(``lftp -u user,'pass'``, ``htpasswd -b file user 'pass'``, ``echo 'user:pass' | chpasswd``, ``curl -u :TOKEN``; a
tool's ``-p`` flag is in :mod:`ratchet.core.secret_formats`' list), the statements of servers (SQL Server's
``@rmtpassword``, Redis' ``ACL SETUSER ... >pass``), a login call in code (``smtp.login('user', 'pass')``) and a
browser's cookie file (a session cookie's value in Netscape's format). Read by
:func:`ratchet.core.secret_formats.formats` like :mod:`ratchet.core.keys_in_use`: each pattern's last matching group
is the secret.
"""

from __future__ import annotations

import re

# A value as a command line quotes it or not: no space, no quote, not a variable or a flag.
_ARG = r"['\"]?([^\s'\"$<{-][^\s'\"]{3,})"
# A value a person chose: a letter, and a digit or a symbol (not a port, a path or a project's plain name).
_CHOSEN = r"['\"]?((?=[^\s'\"]*[A-Za-z])(?=[^\s'\"]*[\d!@#%^&*])[^\s'\"$<{/-][^\s'\"]{3,})"


def formats() -> list[tuple[str, re.Pattern[str]]]:
    """``(kind, pattern)`` of each detector here (compiled once, with the rest, by the caller's cache)."""
    return [
        (
            "Command Line Password",
            re.compile(
                r"\blftp\b[^\n]*?\s-u\s+[^,\s]+,\s*" + _ARG + "|"
                r"\bhtpasswd\s+-\w*b\w*\s+\S+\s+\S+\s+" + _ARG + "|"
                r"\becho\s+['\"]?[\w.-]+:([^\s'\"]{4,})['\"]?\s*\|\s*(?:sudo\s+)?chpasswd\b|"
                r"\(echo\s+['\"]?([^\s'\";]{4,})['\"]?;\s*echo\b[^|\n]*\|\s*(?:sudo\s+)?smbpasswd\b|"
                # curl -u :TOKEN (no user: the token is the password, as Azure DevOps takes a PAT).
                r"\bcurl\b[^\n]*?\s(?:-u\s+|--user[= ]\s*)['\"]?:([A-Za-z0-9_.~+/=-]{16,})"
            ),
        ),
        # Mosquitto's batch mode (-b file user password), Apple's altool -p (an app-specific password; not
        # "@keychain:..."), a Pulumi value set without --secret, an Ansible Vault password written to its file.
        (
            "Command Line Password",
            re.compile(
                r"\bmosquitto_passwd\s+(?:-\w+\s+)*-b\s+\S+\s+\S+\s+" + _ARG + "|"
                r"\baltool\b[^\n]*?\s(?:-p|--password)\s+(?!@)" + _ARG + "|"
                r"\bpulumi\s+config\s+set\s+(?![^\n#]*--secret)['\"]?[\w:.-]*(?i:pass|pwd|secret|token|key)[\w:.-]*['\"]?\s+"
                + _ARG
                + "|"
                r"\becho\s+['\"]([^'\"\n]{4,})['\"]\s*>\s*\S*vault[_-]?pass"
            ),
        ),
        # smbpasswd -s reads the password twice: the second echo's copy.
        (
            "Command Line Password",
            re.compile(r";\s*echo\s+['\"]?([^\s'\")]{4,})['\"]?\)\s*\|\s*(?:sudo\s+)?smbpasswd\b"),
        ),
        (
            "Server Statement Password",
            re.compile(
                r"(?i)@rmtpassword\s*=\s*N?'([^'\n]{4,})'|"
                r"\bACL\s+SETUSER\s+\S+(?:\s+(?:on|off|~\S+|&\S+|[+-]\S+|resetkeys|resetpass|nopass|allkeys))*\s+>(\S{4,})"
            ),
        ),
        # A network device's plain-text password (Cisco's type 0: "username admin secret 0 X", "enable password 0 X").
        (
            "Device Config Password",
            re.compile(
                r"\b(?:username\s+\S+(?:\s+privilege\s+\d+)?|enable)\s+(?:secret|password)\s+0\s+(\S{4,})|"
                # HAProxy's statistics page login and a userlist's plain-text password.
                r"(?:^|\n)[ \t]*stats\s+auth\s+[^\s:]+:(\S{4,})|\buser\s+\S+\s+insecure-password\s+(\S{4,})|"
                # A Google app password as a config file's directive (msmtprc, .netrc): four groups of four letters,
                # one with no vowel at least (not "password must have four ones").
                r"(?:^|\n)[ \t]*password[ \t]+(?=[a-z ]*\b[^aeiou\s]{4}\b)([a-z]{4}(?: [a-z]{4}){3})[ \t]*(?:\n|$)"
            ),
        ),
        # smtp.login('ana@example.com', 'pass'), ftp.login("user", "pass"), MQTT's client.username_pw_set("user",
        # "pass"): a user's literal, then the password's.
        (
            "Login Call Password",
            re.compile(
                r"\.(?:login|username_pw_set)\(\s*(?:user\s*=\s*)?['\"][^'\"\s]{1,80}['\"]\s*,\s*(?:passwd\s*=\s*|password\s*=\s*)?"
                r"['\"]([^'\"\n]{4,80})['\"]\s*\)"
            ),
        ),
        # A tool's user and password flags on one command line (oc login -u dev -p X, twine upload -u ci -p X, hdbsql
        # -u SYSTEM -p X): the value has a letter and a digit or symbol, so "docker run -u 1000 -p 8080:80" is a port.
        (
            "Command Line Password",
            re.compile(
                r"(?:^|[\s;|&(])(?:-u|-U|--user(?:name)?)[= ]\s*['\"]?[^\s'\"-][^\s'\"]*['\"]?"
                r"(?:\s+(?!-[pP]\b)\S+){0,8}?\s+-[pP][ \t]*" + _CHOSEN + "|"
                # smbclient -U 'user%pass'; mc alias set NAME URL ACCESS SECRET; rabbitmqctl add_user USER PASS;
                # drush user:password USER PASS; rclone obscure PASS; net user NAME PASS /add.
                r"\bsmbclient\b[^\n]*?\s-U\s*['\"]?[^\s%'\"]+%([^\s'\"]{4,})|"
                r"\bmc\s+alias\s+set\s+\S+\s+\S+\s+\S+\s+" + _CHOSEN + "|"
                r"\brabbitmqctl\s+(?:add_user|change_password)\s+\S+\s+" + _CHOSEN + "|"
                r"\bdrush\s+(?:user:password|upwd)\s+\S+\s+" + _CHOSEN + "|"
                r"\brclone\s+obscure\s+" + _CHOSEN + "|"
                r"\bnet\s+user\s+[^\s/]+\s+['\"]?([^\s'\"/*][^\s'\"]{3,})['\"]?(?=\s+/(?:add|domain|active|expires|passwordchg))|"
                # AWS SSM's encrypted parameter, its value on the command line (before or after --type SecureString).
                r"\bput-parameter\b(?=[^\n]*\bSecureString\b)[^\n]*?\s--value[= ]['\"]?(?![a-z]+://)([^\s'\"$<{-][^\s'\"]{5,})"
            ),
        ),
        # A secret piped into the command that reads it (echo 'X' | docker login --password-stdin, | cryptsetup
        # luksOpen ... -, | vercel env add NAME, printf '%s' 'X' | gcloud secrets versions add NAME --data-file=-,
        # | openconnect --passwd-on-stdin); Wi-Fi joined from a command line (networksetup, adb's wifi) or from a
        # board's code (MicroPython's wlan.connect(SSID, PASSWORD), Arduino's WiFi.begin(SSID, PASSWORD)).
        (
            "Command Line Password",
            re.compile(
                r"\b(?:echo|printf)\s+(?:-[ne]+\s+)*(?:['\"]%s['\"]\s+)?['\"]([^'\"\s$][^'\"\n]{3,})['\"]\s*\|\s*(?:sudo\s+)?"
                r"[^\n|]*?(?:--password-stdin|--passwd-on-stdin|--password-from-stdin|\bluks\w+|\benv\s+add\b|"
                r"\bsecrets?\s+(?:create|set|versions\s+add)\b|--data-file[= ]-(?!\w)|--stdin\b|"
                r"\bcryptsetup\b[^|\n]*?--key-file[= ]-(?!\w))|"
                r"\bnetworksetup\s+-setairportnetwork\s+\S+\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\S+)\s+" + _ARG + "|"
                r"\bconnect-network\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\S+)\s+(?:wpa2|wpa3|wep)\s+" + _ARG + "|"
                r"\b(?i:wlan|sta|sta_if|wifi|station)\.(?:connect|begin)\(\s*(?:\"[^\"\n]*\"|'[^'\n]*'|[A-Za-z_]\w*)\s*,\s*"
                r"['\"]([^'\"\n]{8,63})['\"]"
            ),
        ),
        # SQL's CREATE/ALTER USER ... IDENTIFIED BY 'X' (not BY PASSWORD '*hash', not BY VALUES); SQLCipher's key.
        (
            "SQL User Password",
            re.compile(
                r"(?i)\b(?:create|alter)\s+(?:user|role|login)\b[^;\n]*?\bidentified\s+by\s+(?!password\b|values\b)['\"]?([^\s'\";$:&{<][^\s'\";]{3,})|"
                r"\bPRAGMA\s+(?:re)?key\s*=\s*['\"]([^'\"\n]{4,})['\"]"
            ),
        ),
        # Typed into a password field by a script: Selenium's send_keys, Playwright's fill, an expect script's send
        # after its password prompt; a database driver's connect(url, user, password); requests' auth=(id, secret); a
        # Redis client's auth("X") and the AUTH command a trace shows.
        (
            "Login Call Password",
            re.compile(
                r"(?i)find_element\([^)\n]*pass[^)\n]*\)\.send_keys\(\s*['\"]([^'\"\n]{4,})['\"]|"
                r"(?:getByLabel|getByPlaceholder|locator|\$)\(\s*['\"][^'\"\n]*pass[^'\"\n]*['\"][^)\n]*\)\s*\.(?:fill|type)"
                r"\(\s*['\"]([^'\"\n]{4,})['\"]|"
                r"\.(?:fill|type)\(\s*['\"][^'\"\n]*pass[^'\"\n]*['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]|"
                r"\bexpect\s+(?:-\w+\s+)?['\"][^'\"\n]*pass(?:word|phrase)?[^'\"\n]*['\"]\s*\n\s*send\s+(?:--\s+)?"
                r"['\"]([^'\"\n\\]{4,})(?:\\r|\\n)*['\"]|"
                r"\bconnect\(\s*['\"][a-z]+://[^'\"\n]*['\"]\s*,\s*['\"][^'\"\n]+['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]\s*\)|"
                r"\bauth\s*=\s*\(\s*['\"][^'\"\n]+['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]\s*\)|"
                r"\bbasic_auth\s*\(?\s*['\"][^'\"\n]+['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]|"  # Ruby's Net::HTTP
                r"[.:]auth\(\s*['\"]([^'\"\n]{6,})['\"]\s*\)|"
                r"\"AUTH\s+(?:[\w.-]+\s+)?([^\s\\\"]{6,})\\r\\n"
            ),
        ),
        # A mail URL whose user name is an e-mail address (smtp://ana@example.com:X@smtp.host), Yarn's npmAuthIdent
        # (user:password); a Terraform variable named for a secret with a default; an AutoHotkey login macro (the user,
        # Tab, the password, Enter) and AppleScript typing a password.
        (
            "URL Password",
            re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@'\"]+@[\w-]+(?:\.[\w-]+)+:([^\s@/'\"]{4,})@[\w.-]+"),
        ),
        ("Registry Password", re.compile(r"\bnpmAuthIdent:\s*['\"]?[^:\s'\"]+:([^\s'\"]{4,})")),
        (
            "Variable Default Secret",
            re.compile(
                r"(?i)\bvariable\s+\"(?![^\"\n]*(?:public|pub_|ssh))[^\"\n]*(?:key|token|secret|password|passwd)\"\s*\{[^}]*?"
                r"\bdefault\s*=\s*\"([^\"\s$][^\"\s]{7,})\""
            ),
        ),
        (
            "Login Call Password",
            re.compile(
                r"\bSend,?[ \t]+[^{\n]+\{Tab\}[ \t]*\n[ \t]*Send,?[ \t]+([^{\n]{4,})\{Enter\}|"
                r"\bkeystroke\s+\"((?=[^\"\n]*\d)(?=[^\"\n]*[A-Za-z])[^\"\n\s]{6,})\"(?![^\n]*\busing\b)"
            ),
        ),
        # Robot Framework's ${PASSWORD}    value; Windows' "Key Content : X" (netsh wlan show profile key=clear); a user
        # and a key side by side in JSON ({"username": "x", "key": "..."}, as kaggle.json keeps them).
        (
            "Password File Entry",
            re.compile(
                r"(?im)^[ \t]*\$\{[\w ]*pass(?:word|wd)?[\w ]*\}[ \t]{2,}(\S{4,})|"
                r"\bKey\s+Content\s*:\s*(\S[^\n]{3,}?)[ \t]*(?:\n|$)|"
                r"\"(?:username|user|login)\"\s*:\s*\"[^\"\n]+\"\s*,\s*\"(?:key|secret|token|password)\"\s*:\s*\""
                r"(?![a-z]+(?:-[a-z0-9]+)+\")([^\"\n]{8,})\""
            ),
        ),
        # A key or a password a tool takes as an argument: openssl's -k and -pass pass:, bitcoin-cli's
        # walletpassphrase, gpg's --passphrase, wpa_passphrase's second argument (its first is the network's name),
        # the Codecov uploader's -t, keepalived's auth_pass, a Junos SNMP community.
        (
            "Command Line Password",
            re.compile(
                r"\bopenssl\s+[a-z0-9-]+\b[^\n]*?\s(?:-k\s+|-pass(?:in|out)?\s+pass:)" + _ARG + "|"
                r"\bwalletpassphrase\s+" + _ARG + "|"
                r"\bgpg2?\b[^\n]*?\s--passphrase[= ](?:'([^'\n$]{4,})'|\"([^\"\n$]{4,})\"|([^\s'\"$<{-]\S{3,}))|"
                r"\bwpa_passphrase\s+(?:'[^'\n]*'|\"[^\"\n]*\"|\S+)\s+" + _ARG + "|"
                r"\bcodecov\b[^\n]*?\s(?:-t|--token)[= ]['\"]?"
                r"([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,})|"
                r"(?m:^)[ \t]*auth_pass[ \t]+" + _ARG + "|"
                r"\bset\s+snmp\s+community\s+" + _CHOSEN
            ),
        ),
        # A value a tool printed under a secret's name: IPython's Out[n] after a key's lookup, a log line's key=...
        # beside a rejected request (judged as a key by secrets._benign); .NET's user-secrets store set by hand.
        (
            "Tool Output Secret",
            re.compile(
                r"\bIn\s*\[\d+\]:[^\n]*\[\s*['\"][\w.-]*(?i:key|token|secret|password|passwd)[\w.-]*['\"]\s*\][ \t]*\n"
                r"Out\s*\[\d+\]:\s*['\"]([^'\"\n]{8,})['\"]|"
                r"\b(?i:invalid|rejected|unauthori[sz]ed|forbidden|denied)\b[^\n]{0,80}?[(\s,](?i:key|api_?key|token|secret)="
                r"([A-Za-z0-9_-]{16,128})(?=[\s,)]|$)|"
                r"\buser-secrets\s+set\s+['\"]?[\w:.-]+['\"]?\s+['\"]([^\s'\"]{8,})['\"]"
                r"|\bget\s+secrets?\b[^\n]*\|\s*base64\s+(?:-d|--decode|-D)\b[^\n]*\n([^\s]{6,})[ \t]*(?:\n|$)"
            ),
        ),
        # A key handed to the client or the call that uses it (rollbar.init('...'), SearchClient.create(APP, '...'),
        # StreamChat.getInstance(key, '...'), hmac.New(sha256.New, []byte("...")), PHP's ['key' => '...']): judged
        # as a key (hex of 32 digits or more, or random characters) by secrets._benign.
        (
            "Client Key Literal",
            re.compile(
                r"\b(?:init|initialize|initClient|getInstance|create|Client|Auth|configure|setApiKey|set_api_key|setKey|"
                r"buildToken\w*)\(\s*(?:[^()'\"\n]*?,\s*)?(?:['\"][^'\"\n]{1,40}['\"]\s*,\s*)?['\"]([A-Za-z0-9_-]{20,128})['\"]|"
                r"\bhmac\.(?:New|new)\([^\n]{0,40}?['\"]([A-Za-z0-9_+/=-]{16,128})['\"]|"
                r"\[\s*['\"](?:key|api_?key|secret|token)['\"]\s*=>\s*['\"]([A-Za-z0-9_-]{16,128})['\"]"
            ),
        ),
        # A secret's default where the environment lacks it (Rails' ENV.fetch("DB_PASSWORD") { "..." }, Python's
        # os.getenv("API_TOKEN", "...")): the value itself, in the code.
        (
            "Variable Default Secret",
            re.compile(
                r"\bENV\.fetch\(\s*['\"][A-Z0-9_]*(?:PASSWORD|SECRET|TOKEN|KEY)['\"]\s*\)\s*\{\s*['\"]([^'\"\n]{4,})['\"]\s*\}|"
                r"\bos\.(?:getenv|environ\.get)\(\s*['\"][A-Z0-9_]*(?:PASSWORD|SECRET|TOKEN|KEY)['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]\s*\)"
            ),
        ),
        # A password handed to an API that takes a user and a password: Go's SetBasicAuth, .NET's NetworkCredential,
        # requests' HTTPBasicAuth, Java's PasswordAuthentication, python-ldap's bind, an HTTP client's basic auth (the
        # user's literal, then the password's); JDBC's getConnection, PHP's mysqli_connect and PDO (a host or a DSN
        # first); ldap3's Connection(server, user, password); libcurl's CURLOPT_USERPWD ("user:password"); a system
        # property or a map entry named for a password; a password hashed or set in clear. Judged as a chosen password
        # (a digit or a symbol).
        (
            "Login Call Password",
            re.compile(
                r"\b(?:SetBasicAuth|NetworkCredential|HTTP(?:Basic|Digest|Proxy)Auth|BasicAuth|basic_?[aA]uth|"
                r"withBasicAuth|UsernamePassword(?:Credentials|Token)|PasswordAuthentication|BasicCredentials|"
                r"PasswordCredential|(?:simple_)?bind_s|\.basic)\(\s*['\"][^'\"\n]*['\"]\s*,\s*(?:password\s*=\s*)?"
                r"['\"]([^'\"\n]{4,80})['\"]|"
                r"\b(?:getConnection|mysqli?_connect|mysqli|PDO)\(\s*['\"][^'\"\n]*['\"]\s*,\s*['\"][^'\"\n]*['\"]\s*,\s*"
                r"['\"]([^'\"\n]{4,80})['\"]|"
                r"\bConnection\(\s*[A-Za-z_]\w*\s*,\s*(?:user\s*=\s*)?['\"][^'\"\n]*['\"]\s*,\s*(?:password\s*=\s*)?"
                r"['\"]([^'\"\n]{4,80})['\"]|"
                r"\bCURLOPT_(?:PROXY)?USERPWD\s*,\s*['\"][^'\":\n]*:([^'\"\n]{4,80})['\"]|"
                r"\b(?:setProperty|put)\(\s*['\"][\w.-]*(?i:password|passwd|secret)['\"]\s*,\s*['\"]([^'\"\n]{4,80})['\"]|"
                # A password given in clear to what hashes or sets it (Jupyter's passwd, Django's make_password,
                # Werkzeug's generate_password_hash, a user model's set_password).
                r"\b(?:passwd|set_?[pP]assword|make_password|hash_?[pP]assword|generate_password_hash)\(\s*"
                r"['\"]([^'\"\n]{4,80})['\"]"
            ),
        ),
        # A property list's entry named for a secret (<key>password</key><string>...</string>); strongSwan's secrets
        # file (": EAP \"...\"", "user : XAUTH \"...\""); a pipeline's variable named for a token ("- name: ADO_PAT",
        # its value on the next line); msmtp's, sendmail's and Consul's files.
        (
            "Password File Entry",
            re.compile(
                r"<key>[^<\n]*(?i:password|passwd|secret|token|api_?key)[^<\n]*</key>\s*<string>([^<\n]{4,})</string>|"
                r"(?m:^)[^\n:\"]*:\s*(?:EAP|XAUTH|NTLM)\s+\"([^\"\n]{4,})\"|"
                r"(?m:^)[ \t]*-[ \t]*name:[ \t]*['\"]?[\w.-]*(?i:pat|token|secret|password|passwd|api_?key)['\"]?"
                r"[ \t]*\n"
                r"[ \t]+value:[ \t]*['\"]?([^\s'\"$]{8,})|"
                # msmtp's account file ("account gmail" ... "password ..."), sendmail's AuthInfo ("P:..."), Consul's
                # ACL tokens (agent = "<uuid>").
                r"(?m:^)account[ \t]+\S[^\n]*\n(?:[^\n]*\n){0,8}?password[ \t]+([^\s\"']{4,})|"
                r"\bAuthInfo:[^\n]*\"P:([^\"\n]{4,})\"|"
                r"\btokens\s*\{[^}]{0,300}?\b(?:agent|default|initial_management|master|replication|agent_recovery)"
                r"\s*=\s*\"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\""
            ),
        ),
        # A mail server's SASL login typed by hand (AUTH PLAIN's base64 of "\0user\0password"); a credentials file
        # printed with its user and password a line each (OpenVPN's auth-user-pass file, "cat /etc/openvpn/auth.txt").
        (
            "Protocol Login",
            re.compile(
                r"(?m:^)[ \t]*AUTH[ \t]+PLAIN[ \t]+(A[A-Za-z0-9+/]{14,}={0,2})[ \t]*(?:\n|$)|"
                r"\bcat[ \t]+\S*(?i:auth|pass|cred|login)[\w.-]*[ \t]*\n[ \t]*[\w.@-]{2,64}[ \t]*\n"
                r"[ \t]*([^\s]{6,128})[ \t]*(?:\n|$)"
            ),
        ),
        # A board's Wi-Fi join in MicroPython or Arduino: wlan.connect('ssid', 'password'), WiFi.begin("ssid", "pass").
        (
            "Login Call Password",
            re.compile(
                r"\b(?:wlan|sta|sta_if|wifi|WiFi)\.(?:connect|begin)\(\s*['\"][^'\"\n]+['\"]\s*,\s*['\"]([^'\"\n]{4,})['\"]"
            ),
        ),
        # ESPHome's native API encryption key (a Noise pre-shared key, 32 bytes in base64) under "api: encryption:".
        ("Encryption Key", re.compile(r"\bencryption:[ \t]*\n[ \t]+key:[ \t]*[\"']?([A-Za-z0-9+/]{43}=)")),
        # An OAuth authorization code as Google's sign-in hands it to the redirect ("...callback?code=4/0A..."): it is
        # exchanged for the account's tokens.
        ("OAuth Authorization Code", re.compile(r"[?&]code=(4/0A[A-Za-z0-9_-]{30,})")),
        # A browser's cookie file (Netscape's format, tab-separated): a session's or a login's cookie and its value.
        (
            "Cookie File Session",
            re.compile(
                r"(?m)^[^\t\n]+\t(?:TRUE|FALSE)\t[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t"
                r"(?i:[\w.-]*(?:sess|sid|auth|token|li_at|remember|login|logged_in)[\w.-]*)\t([^\t\n]{16,})[ \t]*$"
            ),
        ),
    ]
