"""Keys as code and addresses use them, where no documented prefix names them: the literal an SDK's client is built
with, an HMAC's key, a node provider's key in its RPC address, a webhook's token in its path, a smart-home bridge's
user name, a signed cookie, a wallet's key where deploy configs keep it; formats whose shape is their name (an OpenVPN
static key, Django's generated key, Roblox's session cookie, Backblaze, WooCommerce, OVH and ``sk_`` keys, a
minisign secret key, a JSON Web Key's private member); and the
files where tools keep a password (a kickstart's ``rootpw``, FileZilla's server lists, Postfix's SASL map, a
CloudFormation parameter's default). Read by :func:`ratchet.core.secret_formats.formats`; each pattern's first
non-empty group (or the whole match) is the secret, and the kinds in :data:`RANDOM_ONLY` count only a value a
generator made (:func:`ratchet.core.password_values.random_token`).
"""

from __future__ import annotations

import re

from ratchet.core.public_material import ACCOUNT_HASH

# A random value: letters and a digit among them, as generators make them.
_RANDOM = r"(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]"

RANDOM_ONLY = frozenset(
    {
        "Client Key Literal",
        "HMAC Key",
        "Webhook Token",
        "Fallback Key Literal",
        "Query Key",
        "Session Cookie Literal",
        "Rotated Key",
        "Stream Key",
        "Named Environment Value",
        "Named Resource Value",
    }
)

# The name of an environment variable that holds a credential (ELASTIC_API_KEY, CODECOV_TOKEN, AUTH0_CLIENT_SECRET).
_SECRET_VAR = r"[\w.]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|CREDENTIALS?)[A-Z0-9_]*"


def formats() -> list[tuple[str, re.Pattern[str]]]:
    """``(kind, pattern)`` of each detector here (compiled once, with the rest, by the caller's cache)."""
    return [
        # A container's environment as Kubernetes manifests, Helm values and ECS task definitions list it: a variable
        # named for a credential, then its value ("- name: DD_APP_KEY" / "value: ..."; {"name": ..., "value": ...}).
        (
            "Named Environment Value",
            re.compile(
                r"(?m)^[ \t]*-?[ \t]*name:[ \t]*[\"']?" + _SECRET_VAR + r"[\"']?[ \t]*\n[ \t]*value:[ \t]*[\"']?"
                r"([A-Za-z0-9_+/=.~-]{16,})|"
                r"\"name\"\s*:\s*\"" + _SECRET_VAR + r"\",\s*\"value\"\s*:\s*\"([A-Za-z0-9_+/=.~-]{16,})\""
            ),
        ),
        # An app's resource file naming a credential (Android's strings.xml: <string name="weather_api_key">...);
        # OpenWeatherMap's key, which its API calls the appid; a line of PostgreSQL's password file
        # (host:port:database:user:password) after the file's name.
        (
            "Named Resource Value",
            re.compile(
                r"<(?:string|item|entry|setting|value)\b[^<>\n]*?\bname\s*=\s*[\"'][\w.-]*(?i:key|token|secret|password)"
                r"[\w.-]*[\"'][^<>\n]*>([A-Za-z0-9_+/=.~-]{16,})</|"
                r"(?i:\bappid)\s*[=:]?\s*([0-9a-f]{32})\b"
            ),
        ),
        (
            "Password File Entry",
            re.compile(
                r"\bpgpass\b[^\n]*?(?:[:\s]\s*)(?:\n\s*)?[\w.*-]+:(?:\d{2,5}|\*):[\w.*-]+:[\w.*-]+:([^\s:]{4,})(?=\s|$)"
            ),
        ),
        # An account's password hash (a password file's line, a user record's password field): what an attacker
        # cracks offline, and nothing a memory needs.
        ("Password File Hash", ACCOUNT_HASH),
        # A hash cracked from a capture: a NetNTLMv2 response (hashcat 5600), a Wi-Fi capture's PMKID line (22000).
        (
            "Captured Password Hash",
            re.compile(
                r"\b[\w.$-]{1,40}::[\w.-]{1,40}:[0-9a-f]{16}:([0-9a-f]{32}:[0-9a-f]{40,})|"
                r"\b(WPA\*0[12]\*[0-9a-f]{32}\*[0-9a-f]{12}\*[0-9a-f]{12}\*[0-9a-f]*\*[0-9a-f*]*)"
            ),
        ),
        # A JSON Web Key's private member (d of an EC or RSA key, p, q..., k of a symmetric one), before or after its
        # "kty": the key itself (a public JWK has none of them and is left alone).
        (
            "JWK Private Key",
            re.compile(
                r"\"kty\"\s*:[^{}]*?\"(?:d|p|q|dp|dq|qi|k)\"\s*:\s*\"([A-Za-z0-9_-]{16,})\"|"
                r"\"(?:d|p|q|dp|dq|qi|k)\"\s*:\s*\"([A-Za-z0-9_-]{16,})\"(?=[^{}]*\"kty\")"
            ),
        ),
        # A minisign secret key file's key line (signature algorithm Ed, KDF scrypt or none, checksum Blake2b).
        (
            "Minisign Secret Key",
            re.compile(
                r"\bRW(?:RTY0Iy|QAAEIy)[A-Za-z0-9+/]{140,}={0,2}|"
                r"untrusted comment: minisign (?:encrypted )?secret key[^\n]*\n[ \t]*(RW[A-Za-z0-9+/]{40,}={0,2})"
            ),
        ),
        # DeepgramClient("3f43..."), OpenAI(api_key="...") is named by its prefix: a client's bare random literal;
        # of two (SpotifyClient("<client id>", "<client secret>")), the second.
        (
            "Client Key Literal",
            re.compile(
                r"\b[A-Z]\w*(?:Client|Api|API|SDK)\s*\(\s*(?:api_?key\s*=\s*)?[\"']"
                rf"({_RANDOM}{{32,100}})[\"'](?:\s*,\s*[\"']({_RANDOM}{{16,100}})[\"'])?"
            ),
        ),
        # The literal code falls back to when a credential's variable is unset, or hands over in its place:
        # env('CODECOV_TOKEN', '...') (Laravel), os.getenv("X_KEY", "..."), process.env.X_TOKEN || "...",
        # ENV.fetch('X_TOKEN') { '...' } (Ruby), define('X_TOKEN', '...') (PHP), reqwest's .bearer_auth("...").
        (
            "Fallback Key Literal",
            re.compile(
                r"\b(?:env|getenv|environ\.get|fetch|define|System\.getenv|Environment\.GetEnvironmentVariable)\(\s*"
                rf"[\"']{_SECRET_VAR}[\"']\s*(?:,\s*|\)\s*\{{\s*)[\"']([^\"'\s]{{16,}})[\"']|"
                rf"\bprocess\.env\.{_SECRET_VAR}\s*(?:\|\||\?\?)\s*[\"']([^\"'\s]{{16,}})[\"']|"
                r"\.bearer_auth\(\s*\"([^\"\s]{16,})\""
            ),
        ),
        # A key in an address's query (?key=, &api_key=, &access_token=): what a generator made, as the value.
        (
            "Query Key",
            re.compile(rf"[?&](?:key|api_?key|apikey|access_token|auth_token|token|secret)=({_RANDOM}{{20,}})"),
        ),
        # Laravel's application key as `php artisan key:generate --show` prints it (32 random bytes in base64).
        ("Laravel App Key", re.compile(r"(?<![\w/+])(base64:[A-Za-z0-9+/]{43}=)(?![\w/+=])")),
        # An app password as it is handed over after its name: Google's four groups of four letters, Yahoo's sixteen.
        (
            "App Password",
            re.compile(
                r"(?i)\bapp(?:lication)?[ -]passwords?\s+(?:is\s+|:\s*)?((?-i:[a-z]{4}(?: [a-z]{4}){3}|[a-z]{16}))\b"
            ),
        ),
        # OpenWrt's UCI files: a Wi-Fi key, a PPPoE or a WireGuard peer's secret as an option's quoted value.
        (
            "UCI Password",
            re.compile(
                r"(?m)^[ \t]*option[ \t]+(?:password|key|psk|sae_password|auth_secret|private_key|preshared_key)"
                r"[ \t]+'([^'\n]{4,})'"
            ),
        ),
        # hmac.new(b"...", body, sha256); Node's createHmac("sha256", "...").
        (
            "HMAC Key",
            re.compile(
                r"\bhmac\.new\(\s*(?:key\s*=\s*)?b?[\"']([^\"'\s]{16,})[\"']|"
                r"\bcreateHmac\(\s*[\"']\w+[\"']\s*,\s*[\"']([^\"'\s]{16,})[\"']"
            ),
        ),
        # A node provider's project key in its RPC address (Infura's /v3/, Alchemy's /v2/); Steam's Web API key.
        (
            "RPC Endpoint Key",
            re.compile(
                r"\binfura\.io/v3/([0-9A-Za-z]{32})\b|"
                r"\balchemy(?:api)?\.(?:com|io)/v2/([A-Za-z0-9_-]{24,})|"
                r"\bsteampowered\.com/\S*?[?&]key=([0-9A-F]{32})\b"
            ),
        ),
        # A webhook's token in its path (n8n, a GitHub hook's receiver in an access log): whoever has it can post.
        ("Webhook Token", re.compile(rf"/webhooks?/(?:[\w-]{{1,40}}/)?({_RANDOM}{{24,}})(?![\w-])")),
        # Webhooks whose address is the credential, as each service prints it: Rocket.Chat's integration id and token,
        # a Bitrix24 inbound webhook's code, Vercel's deploy and Netlify's build hooks, a Teams incoming webhook,
        # Feishu or Lark and WeCom bots, a Sentry cron monitor's key, Render's deploy key; PagerDuty's routing key.
        (
            "Webhook URL",
            re.compile(
                r"/hooks/[A-Za-z0-9]{17}/([A-Za-z0-9]{40,})\b|\bbitrix24\.[a-z.]{2,6}/rest/\d+/([a-z0-9]{16})/|"
                r"\bapi\.vercel\.com/v1/integrations/deploy/prj_\w+/([A-Za-z0-9]{8,})\b|"
                r"\bapi\.netlify\.com/build_hooks/([0-9a-f]{24})\b|"
                r"\.webhook\.office\.com/webhookb2/[\w-]+@[\w-]+/IncomingWebhook/([0-9a-f]{32})/|"
                r"\bopen\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/([0-9a-f-]{36})\b|"
                r"\bqyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key=([0-9a-f-]{36})\b|"
                r"\bingest\.(?:[a-z]{2}\.)?sentry\.io/api/\d+/cron/[\w-]+/([0-9a-f]{32})\b|"
                r"\bapi\.render\.com/deploy/srv-[a-z0-9]+\?key=([A-Za-z0-9_-]{8,})|"
                r"[\"'](?:routing_key|service_key)[\"']\s*:\s*[\"']([0-9a-f]{32})[\"']"
            ),
        ),
        # A Philips Hue bridge's user name is its API key: http://<bridge>/api/<user>/lights.
        (
            "Hue Bridge Key",
            re.compile(
                r"/api/([A-Za-z0-9-]{32,44})/(?:lights|groups|config|sensors|scenes|rules|schedules|capabilities)\b"
            ),
        ),
        # A wallet's private key as deploy configs hold it (Hardhat's accounts: ["0x..."], with or without its 0x;
        # "pk: 0x...").
        (
            "Private Key",
            re.compile(
                r"(?i)\baccounts\s*:\s*\[\s*[\"']((?:0x)?[0-9a-f]{64})\b|\b(?:pk|privkey)\b\s*[:=]\s*[\"']?(0x[0-9a-f]{64})\b"
            ),
        ),
        ("Signed Cookie", re.compile(r"\bCloudFront-Signature=([A-Za-z0-9~_-]{40,})")),
        ("Private Key", re.compile(r"-----BEGIN OpenVPN Static key V1-----(?!\s*(?:\.\.\.|…|-----END))")),
        ("Django Secret Key", re.compile(r"\bdjango-insecure-[^\s'\"]{40,}")),
        ("Roblox Session Cookie", re.compile(r"_\|WARNING:-DO-NOT-SHARE-THIS\.[^|\s]*\|_([0-9A-F]{64,})")),
        # A secret key by the prefix several providers share (sk_ and 32 or more random characters; Stripe's
        # sk_live_/sk_test_ have their own rule).
        ("Secret Key", re.compile(rf"\bsk_(?!live_|test_)(?=[A-Za-z0-9]*[A-Z]){_RANDOM}{{32,}}\b")),
        # WooCommerce's REST keys; OVH's application secret and consumer key ("AK ..., AS ..., CK ...").
        ("WooCommerce Key", re.compile(r"\b(?:ck|cs)_[0-9a-f]{40}\b")),
        ("OVH Application Secret", re.compile(r"\bOVH\b[^\n]{0,60}?\b(?:AS|CK)\s*[:=]?\s*([A-Za-z0-9]{32})\b")),
        # A kickstart file's root password in plain text (rootpw --plaintext X; --iscrypted is a hash).
        ("Kickstart Password", re.compile(r"(?m)^[ \t]*rootpw\s+(?:--plaintext\s+)?(?!--)(\S{4,})")),
        # Where tools keep a password in their own files: FileZilla's server lists (base64 or plain), Postfix's
        # static SASL map, a CloudFormation parameter's Default under a password's name.
        ("FileZilla Password", re.compile(r"<Pass(?:\s+encoding=\"base64\")?>([^<\s]{4,})</Pass>")),
        ("SASL Password", re.compile(r"\bsmtp_sasl_password_maps\s*=\s*static:[^:\s]+:(\S{4,})")),
        (
            "Template Default Password",
            re.compile(
                r"(?m)^[ \t]*\w*(?:Password|Passwd|Secret)\w*:[ \t]*\n(?:[ \t]+(?!Default\b)\w+:[^\n]*\n){0,5}"
                r"[ \t]+Default:[ \t]*[\"']?([^\s\"'#]{4,})"
            ),
        ),
        # A JWE's compact form with its key left out ("dir": NextAuth's session cookies), a WordPress application
        # password (six groups of four letters and digits in both cases); providers' formats are in key_shapes.
        (
            "JSON Web Encryption",
            re.compile(r"\beyJ[A-Za-z0-9_-]{20,}\.\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{16,}"),
        ),
        (
            "Application Password",
            re.compile(
                r"(?<![\w ])(?=(?:[a-z0-9 ]*[A-Z]){2})(?=(?:[A-Z0-9 ]*[a-z]){2})(?=(?:[A-Za-z ]*\d){2})"
                r"([A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5})(?![\w ])"
            ),
        ),
        # A rotated credential's new value, as a ticket or a chat reports it ("rotated key in dashboard, new value X").
        (
            "Rotated Key",
            re.compile(
                r"(?i)\b(?:key|token|secret|password|credentials?)\b[^\n]{0,60}?\bnew\s+(?:value|one|key|token)\s*"
                r"(?:is\s+|:\s*|=\s*)?[\"'`]?([A-Za-z0-9_.-]{16,})"
            ),
        ),
        # A session cookie set in code (requests' cookies.set, a cookie jar's): its name says session, its value
        # was generated.
        (
            "Session Cookie Literal",
            re.compile(
                r"(?i)\bcookies?\.set\(\s*[\"'][\w.-]*(?:sess|sid|auth|token|login)[\w.-]*[\"']\s*,\s*[\"']"
                r"([^\"'\s]{16,})[\"']"
            ),
        ),
        (
            "Backblaze Application Key",
            re.compile(r"\bK00(?=[A-Za-z0-9]{28}\b)(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]{28}\b"),
        ),
        # Where services put a key in a URL or a token of their own shape: an Azure Function's key (?code=), Loggly's
        # input token in its path, a live stream's key after an RTMP server's application; Braintree's access token;
        # an NKEY seed in NATS' armour; a Windows account's NT hash in a pwdump line (it logs in as the password does).
        ("Query Key", re.compile(r"\.azurewebsites\.net/api/[^\s?]*\?(?:[^\s#]*&)?code=([A-Za-z0-9_-]{20,}={0,2})")),
        (
            "Loggly Token",
            re.compile(r"\blogs-\d+\.loggly\.com/(?:inputs|bulk)/([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})"),
        ),
        ("Stream Key", re.compile(r"\brtmps?://[^\s/]+(?::\d+)?/(?:live\d?|app|stream)/([A-Za-z0-9_-]{16,})")),
        (
            "Live Stream Key",  # named: the platform's groups of four ("xypp-pqwo-ecyf-yvuy-n46k")
            re.compile(r"(?i)\bstream\s+key\b[^\n]{0,20}?[:=]\s*[\"'`]?([a-z0-9]{4}(?:-[a-z0-9]{4}){3,5})\b"),
        ),
        (
            "Braintree Access Token",
            re.compile(r"\baccess_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}\b"),
        ),
        ("NKEY Seed", re.compile(r"-----BEGIN [A-Z ]*NKEY SEED-----\s*\n\s*([A-Z0-9]{40,})")),
        # A product's licence key in groups (a serial, a CD key, a game's key); an authenticator's setup key in groups
        # of four; a HomeKit device's setup code; a meeting's passcode; an authenticator's current code handed on.
        (
            "Product Key",
            re.compile(
                r"(?i)\b(?:product\s+key|licen[cs]e\s+key|cd[\s-]?key|activation\s+(?:key|code)|steam\s+key|game\s+key|"
                r"registration\s+(?:key|code))\b[^\n]{0,40}?(?-i:\b((?:[A-Z0-9]{4,6}-){2,6}[A-Z0-9]{4,6}))\b|"
                # A serial is a device's as often as a licence's: four groups or more, digits and capitals alike.
                r"\bserial(?:\s+(?:number|no\.?|key))?\b[^\n]{0,40}?(?-i:\b((?:[A-Z0-9]{4,6}-){3,6}[A-Z0-9]{4,6}))\b"
            ),
        ),
        (
            "TOTP Seed",
            re.compile(
                r"(?i)\b(?:setup|secret|manual(?:\s+entry)?|2fa|totp|mfa|authenticator)\s+key\b[^\n]{0,40}?"
                r"(?-i:\b([A-Z2-7]{4}(?: [A-Z2-7]{4}){3,7}))\b"
            ),
        ),
        (
            "Pairing Code",
            re.compile(r"(?i)\b(?:homekit|setup|pairing)\b[^\n]{0,30}?\bcode\b[^\n]{0,80}?\b(\d{3}-\d{2}-\d{3})\b"),
        ),
        (
            "Meeting Passcode",
            re.compile(
                r"(?i)\b(?:zoom|meeting|webex)\b[^\n]{0,80}?\bpass(?:code|word)\s*[:=]?\s*"
                r"(?-i:\b((?=[A-Za-z]*\d|[A-Za-z0-9]*[a-z][A-Za-z0-9]*[A-Z])[A-Za-z0-9]{5,10}))\b"
            ),
        ),
        (
            "One-Time Code",
            re.compile(
                r"(?i)\b(?:authenticator|authy|2fa|totp|mfa)\b[^\n]{0,20}?\b(?:shows|says|reads)\s*:?\s*(\d{6})\b|"
                # "current code in my authenticator for the VPN: 21087139"
                r"\bcurrent\s+(?:\w+\s+)?code\s+(?:in|on|from)\s+(?:my|the)\s+(?:authenticator|authy|2fa|totp|mfa)\b"
                r"[^\n]{0,30}?[:=]?\s*\b(\d{6,8})\b"
            ),
        ),
        (
            "Query Key",
            re.compile(
                r"[?&](?:invite|invite_token|invitation(?:_token)?|signup_token|join_token)=([A-Za-z0-9_-]{20,})"
            ),
        ),
        # A Solana keypair as solana-keygen writes it (id.json: 64 bytes, the first 32 the secret), named beside it.
        (
            "Solana Private Key",
            re.compile(
                r"(?i)\b(?:solana|keypair|id\.json|secret_?key)\b[^\n\[]{0,80}(\[(?:\s*\d{1,3}\s*,){31,63}\s*\d{1,3}\s*\])|"
                r"(\[(?:\s*\d{1,3}\s*,){31,63}\s*\d{1,3}\s*\])(?=[^\n]{0,80}\b(?:solana|keypair|id\.json)\b)"
            ),
        ),
        # Telegram's api_hash (with its api_id, an app signs in as the user), an SNMPv3 user's auth password.
        ("Telegram API Hash", re.compile(r"(?i)\bapi_hash\b[\"']?\s*[:=]\s*[\"']?([0-9a-f]{32})\b")),
        ("SNMP Password", re.compile(r"\bsnmp-server\s+user\s+\S+\s+\S+\s+v3\s+auth\s+(?:md5|sha\S*)\s+(\S{8,})")),
        # An NT hash, which logs in as it is (pass-the-hash): a dump's "user:rid:lm:nt:::" line, or one named so.
        (
            "NT Hash",
            re.compile(
                r"(?im)^[^:\s]+:\d+:[0-9a-f]{32}:([0-9a-f]{32}):::|"
                r"\bNT(?:LM)?\s+hash(?:es)?\b[^\n]{0,20}?\b([0-9a-f]{32})\b|"
                # Handed to a tool that logs in with it: CrackMapExec's and NetExec's -H, Impacket's -hashes LM:NT.
                r"\b(?:crackmapexec|cme|nxc|netexec|evil-winrm|pth-\w+|xfreerdp)\b[^\n]*?\s-H\s+['\"]?(?:[0-9a-f]{32}:)?"
                r"([0-9a-f]{32})\b|\s-hashes\s+['\"]?(?:[0-9a-f]{32})?:([0-9a-f]{32})\b"
            ),
        ),
        # An LND macaroon in hex (it starts "\x02\x01\x03lnd"): the admin one spends the node's funds.
        ("LND Macaroon", re.compile(r"\b0201036c6e64[0-9a-f]{100,}\b")),
        # A Kerberos key as a dump prints it (secretsdump's "krbtgt:aes256-cts-hmac-sha1-96:..."): it forges tickets.
        ("Kerberos Key", re.compile(r"(?i)\baes(?:256|128)-cts-hmac-sha1-96\s*:\s*([0-9a-f]{64}|[0-9a-f]{32})\b")),
        # A PgBouncer userlist's line: the md5 hash logs in as the password would.
        ("Password Hash", re.compile(r"(?m)^[ \t]*\"[^\"\n]+\"[ \t]+\"(md5[0-9a-f]{32})\"")),
    ]
