"""Credential filter: does a piece of text carry a secret?

:func:`scan` returns the *kinds* of credential found (``"OpenAI Token"``, ``"Password"``...), never the secret
itself, so callers can log a rejection safely. An empty list means clean.

Three layers, cheapest first:

1. detect-secrets' format detectors (AWS, GitHub, Slack, Stripe, JWT, private keys...), run through their
   ``analyze_string`` so no global settings or baseline files are involved. Its public-IP detector is left out:
   an IP address in a fact is not a credential.
2. detect-secrets' keyword detector (``password = "..."``, ``api_key: ...``) plus our own patterns for the
   prose forms people actually type to an agent ("my password is hunter2x!"), connection strings with an
   embedded password, bearer tokens and newer token formats the library does not know (``sk-ant-``,
   ``hf_``, ``glpat-``...).
3. A high-entropy token check with tuned limits. detect-secrets' ad-hoc scanner flags plain English, so we
   only consider long unbroken tokens, skip the shapes ordinary facts are full of (commit hashes, UUIDs,
   digests, paths, URLs without credentials, identifiers) and require the entropy of a random string.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ratchet.core import passwords

# detect-secrets plugins we do not want: IPs are not secrets, the high-entropy/keyword plugins are driven
# separately below with our own limits, and our private key pattern replaces theirs.
_SKIP_PLUGINS = {
    "IPPublicDetector",
    "KeywordDetector",
    "Base64HighEntropyString",
    "HexHighEntropyString",
    "PrivateKeyDetector",  # ours knows more headers, and a template's elided block
}


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The format detectors, compiled on the first scan rather than at import: hooks import this module on every
    run, and compiling these costs more than all the rest of the import."""
    return [
        ("Anthropic API Key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
        ("OpenAI Token", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
        ("AWS Access Key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
        (
            "AWS Secret Key",
            re.compile(r"(?i)aws.{0,20}?(?:secret|key).{0,20}?[=:\s\"']([A-Za-z0-9/+]{40})\b"),
        ),
        ("GitHub Token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
        ("GitLab Token", re.compile(r"\bgl(?:pat|rt|dt|ptt|ft|soat|cbt|imt|agent)-[A-Za-z0-9_-]{20,}")),
        ("Vault Token", re.compile(r"\bhv[sbr]\.[A-Za-z0-9_-]{24,}")),
        ("Docker Token", re.compile(r"\bdckr_pat_[A-Za-z0-9_-]{20,}")),
        ("Slack Token", re.compile(r"\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}")),
        (
            "Slack Webhook",
            re.compile(r"hooks\.slack\.com/(?:services|workflows|triggers)/T[A-Z0-9]+/[AB][A-Z0-9]+/(\w+)"),
        ),
        ("Stripe Key", re.compile(r"\b(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,}")),  # pk_ is publishable: public
        ("Google API Key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
        ("Google OAuth Token", re.compile(r"\bya29\.[0-9A-Za-z_-]{20,}")),
        ("Hugging Face Token", re.compile(r"\bhf_[A-Za-z0-9]{30,}")),
        ("NPM Token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
        ("PyPI Token", re.compile(r"\bpypi-[A-Za-z0-9_-]{50,}")),
        ("SendGrid API Key", re.compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}")),
        ("Twilio API Key", re.compile(r"\bSK[0-9a-fA-F]{32}\b")),
        ("Twilio Auth Token", re.compile(r"\bAC[0-9a-f]{32}\b[\"',\s:]{1,6}([0-9a-f]{32})\b")),  # account SID, token
        ("DigitalOcean Token", re.compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")),
        ("Shopify Token", re.compile(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
        ("Mailgun Key", re.compile(r"\bkey-[0-9a-zA-Z]{32}\b")),
        ("Azure Connection String", re.compile(r"(?i)(?:AccountKey|SharedAccessKey|sig)=[A-Za-z0-9%+/=]{20,}")),
        (
            "JSON Web Token",
            re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
        ),
        (
            "Private Key",  # not a template's empty or elided block ("-----BEGIN PRIVATE KEY-----\n...\n-----END ...")
            re.compile(
                r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?!(?:\\n|\s)*(?:\.\.\.|…|<[^>]*>|-----END))|"
                r"---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----|\bPuTTY-User-Key-File-\d+:"
            ),
        ),
        (
            "Connection String",
            # scheme://user:password@host, or scheme://:password@host: a password embedded in a URL or DSN.
            re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]*:([^\s@/]{3,})@[^\s/]+", re.I),
        ),
        ("Bearer Token", re.compile(r"(?i)\b(?:bearer|token)\s+([A-Za-z0-9._~+/-]{20,}=*)")),
        ("Discord Bot Token", re.compile(r"\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b")),
        ("Telegram Bot Token", re.compile(r"(?<!\d)\d{8,10}:AA[0-9A-Za-z_-]{32,33}\b")),
        # Provider formats from gitleaks' rules: Stripe webhook secrets, Netlify, Supabase, Notion, Atlassian, Dropbox,
        # age keys, Firebase Cloud Messaging server keys, Sentry DSNs (the key before the @).
        ("Stripe Webhook Secret", re.compile(r"\bwhsec_[A-Za-z0-9]{24,}")),
        ("Netlify Token", re.compile(r"\bnfp_[A-Za-z0-9]{36,}")),
        ("Supabase Key", re.compile(r"\bsb_secret_[A-Za-z0-9_-]{20,}")),
        ("Notion Token", re.compile(r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43})\b")),
        ("Atlassian Token", re.compile(r"\bATATT3[A-Za-z0-9_=-]{100,}")),
        ("Dropbox Token", re.compile(r"\bsl\.[A-Za-z0-9_-]{100,}")),
        ("Age Secret Key", re.compile(r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b")),
        ("Firebase Server Key", re.compile(r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}")),
        ("Sentry DSN", re.compile(r"https?://([0-9a-f]{32})@[\w.-]*sentry\.io/\d+")),
        # A credential as a URL's query parameter (?appid=..., &access_token=...).
        (
            "URL Query Credential",
            re.compile(
                r"(?i)[?&](?:api[_-]?key|apikey|appid|app_id|access[_-]?token|auth[_-]?token|token|secret|client_secret|"
                r"password|passwd|pwd|sig|signature)=([^&\s#]{8,})"
            ),
        ),
        (
            "New Relic Key",
            re.compile(r"\bNR(?:AK|RA)-[A-Za-z0-9]{27}\b|\bNRII-[A-Za-z0-9_-]{32}|\bNRJS-[a-f0-9]{19}\b"),
        ),
        # More documented formats (gitleaks' rules): a prefix, then a fixed alphabet and length.
        ("Grafana Token", re.compile(r"\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})")),
        ("Sentry Token", re.compile(r"\b(?:sntrys_[A-Za-z0-9+/=_-]{40,}|sntryu_[a-f0-9]{64})")),
        ("Discord Webhook", re.compile(r"discord(?:app)?\.com/api/webhooks/\d+/([A-Za-z0-9_-]{60,})")),
        ("Mapbox Secret Token", re.compile(r"\bsk\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}")),
        ("Nostr Private Key", re.compile(r"\bnsec1[02-9ac-hj-np-z]{58}\b")),
        ("Google OAuth Client Secret", re.compile(r"\bGOCSPX-[A-Za-z0-9_-]{28}\b")),
        ("AWS Session Token", re.compile(r"\b(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9/+=]{100,}")),
        ("Heroku API Key", re.compile(r"\bHRKU-[A-Za-z0-9_-]{50,}")),
        ("Linear API Key", re.compile(r"\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b")),
        ("Postman API Key", re.compile(r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b")),
        ("Groq API Key", re.compile(r"\bgsk_[A-Za-z0-9]{48,}")),
        ("Replicate Token", re.compile(r"\br8_[A-Za-z0-9]{37}\b")),
        ("Doppler Token", re.compile(r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b")),
        ("PlanetScale Token", re.compile(r"\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,64}")),
        ("Databricks Token", re.compile(r"\bdapi[a-f0-9]{32}(?:-\d)?\b")),
        ("Azure AD Client Secret", re.compile(r"(?<![A-Za-z0-9_~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}")),
        ("Mailchimp API Key", re.compile(r"\b[0-9a-f]{32}-us\d{1,2}\b")),
        ("Square Token", re.compile(r"\bsq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}|\bEAAA[A-Za-z0-9_-]{60}\b")),
        ("Contentful Token", re.compile(r"\bCFPAT-[A-Za-z0-9_-]{43}")),
        ("Figma Token", re.compile(r"\bfigd_[A-Za-z0-9_-]{40,}")),
        ("Airtable Token", re.compile(r"\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}\b")),
        ("Bitbucket Token", re.compile(r"\bATBB[A-Za-z0-9_=.-]{32,}")),
        ("1Password Service Token", re.compile(r"\bops_eyJ[A-Za-z0-9+/=_-]{100,}")),
        ("Pulumi Token", re.compile(r"\bpul-[a-f0-9]{40}\b")),
        ("Terraform Cloud Token", re.compile(r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}")),
        ("RubyGems Key", re.compile(r"\brubygems_[a-f0-9]{48}\b")),
        ("Fly.io Token", re.compile(r"\bfo1_[A-Za-z0-9_-]{43}\b|\bfm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3}")),
        ("Dynatrace Token", re.compile(r"\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b")),
        ("LangSmith Key", re.compile(r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b")),
        ("Perplexity API Key", re.compile(r"\bpplx-[A-Za-z0-9]{48}\b")),
        ("xAI API Key", re.compile(r"\bxai-[A-Za-z0-9]{80}\b")),
        ("Tavily API Key", re.compile(r"\btvly-(?:dev-|prod-)?[A-Za-z0-9]{32}\b")),
        (
            "Session Cookie",  # a session's value is a login: in a Cookie header, or a framework's session cookie
            re.compile(
                r"(?i)(?<![\w.%-])([\w.-]*(?:sess|sid|session|token|auth|jwt|remember|login)[\w.-]*)=([^;\s\"'&]{16,})"
            ),
        ),
        # More documented formats, each a fixed prefix (gitleaks' rules, GitHub's secret scanning partners):
        # LaunchDarkly SDK and mobile keys, NuGet, Brevo, Cloudflare tunnel tokens and Grafana API keys (base64 of
        # their JSON), Adobe, Alibaba, Artifactory, Bedrock, Clojars, Cloudflare Origin CA, Duffel, EasyPost, Facebook,
        # Flutterwave, Frame.io, Harness, Hugging Face org tokens, Infracost, MaxMind, Octopus Deploy, OpenShift,
        # Prefect, ReadMe, Scalingo, SettleMint, Shippo, Sourcegraph, Typeform, Yandex, Tailscale, Pinecone, Supabase,
        # SonarQube, Buildkite, CircleCI, Plaid, HubSpot.
        (
            "LaunchDarkly Key",
            re.compile(r"\b(?:sdk|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"),
        ),
        ("NuGet API Key", re.compile(r"\boy2[a-z0-9]{43}\b")),
        ("Brevo API Key", re.compile(r"\bx(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}\b")),
        ("Cloudflare Tunnel Token", re.compile(r"\beyJhIjoi[A-Za-z0-9+/_-]{60,}={0,2}")),
        ("Grafana API Key", re.compile(r"\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}")),
        (
            "API Key",
            re.compile(
                r"\b(?:p8e-[A-Za-z0-9]{32}|LTAI[A-Za-z0-9]{20}|AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59}|"
                r"ABSK[A-Za-z0-9+/]{109,269}={0,2}|CLOJARS_[A-Za-z0-9]{60}|v1\.0-[a-f0-9]{24}-[a-f0-9]{146}|"
                r"duffel_(?:test|live)_[A-Za-z0-9_=-]{43}|EZ[AT]K[A-Za-z0-9]{54}|EAA[MC][A-Za-z0-9]{100,}|"
                r"FLWSECK(?:_TEST)?-[a-h0-9]{32}-X|fio-u-[A-Za-z0-9_=-]{64}|(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\."
                r"[A-Za-z0-9]{20}|api_org_[A-Za-z]{34}|ico-[A-Za-z0-9]{32}|[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk|"
                r"API-[A-Z0-9]{26}|sha256~[A-Za-z0-9_-]{43}|pnu_[A-Za-z0-9]{36}|rdme_[a-z0-9]{70}|tk-us-[\w-]{48}|"
                r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}|shippo_(?:live|test)_[a-fA-F0-9]{40}|"
                r"sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|tfp_[A-Za-z0-9_.=-]{59}|AQVN[A-Za-z0-9_-]{35,38}|"
                r"t1\.[A-Za-z0-9_-]+=*\.[A-Za-z0-9_-]{86}=*|tskey-[a-z]+-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}|"
                r"pcsk_[A-Za-z0-9_]{50,}|sbp_[a-f0-9]{40}|sq[pua]_[a-f0-9]{40}|bkua_[a-f0-9]{40}|"
                r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}|"
                r"(?:access-(?:sandbox|development|production)|pat-(?:na|eu)\d)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                r"[0-9a-f]{12})(?![\w-])"
            ),
        ),
        # base64 of a PEM block (a kubeconfig's client-key-data, a Kubernetes TLS secret's tls.key): a private key once
        # decoded; a certificate's is public.
        ("Encoded Private Key", re.compile(r"\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}")),
        # Files that hold a password in a documented layout: .pgpass (host:port:database:user:password) and PgBouncer's
        # userlist.txt ("user" "password"); SQL that sets one (IDENTIFIED BY, unquoted in Oracle).
        (
            "Password File Entry",
            re.compile(
                r"(?m)^[^\s:#]+:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:(\S{4,})$|^\s*\"[^\"\s]+\"\s+\"([^\"\s]{4,})\"\s*$"
            ),
        ),
        (
            "SQL Password",
            re.compile(
                r"\bIDENTIFIED\s+(?:WITH\s+\S+\s+)?BY\s+(?!VALUES\b|PASSWORD\b)['\"]?([^\s'\";]{4,})|"
                r"(?i:\bidentified\s+(?:with\s+\S+\s+)?by\s+'([^'\s]{4,})')"
            ),
        ),
        (
            "Credential Call",
            # Code that hands a literal password over: Redis AUTH (jedis.auth("...")), the password argument of PDO,
            # mysqli and JDBC, Algolia's admin key.
            re.compile(
                r"\.auth\(\s*[\"']([^\"'\s]{8,})[\"']\s*\)|"
                r"\b(?:PDO|mysqli|mysqli_connect|mysql_connect|getConnection)\s*\(\s*(?:[\"'][^\"']*[\"']|\$?\w+)\s*,"
                r"\s*(?:[\"'][^\"']*[\"']|\$?\w+)\s*,\s*[\"']([^\"'\s]{4,})[\"']|"
                r"\balgoliasearch\s*\(\s*[\"'][^\"']+[\"']\s*,\s*[\"']([^\"'\s]{16,})[\"']"
            ),
        ),
        # "Authorization: Basic dXNlcjpwYXNz": base64 of user:password.
        (
            "Basic Auth Header",
            re.compile(
                r"(?i)(?:\bauthorization\s*:\s*basic|\bbasic[ -]auth(?:entication)?\s*[:=]?|\"auth\"\s*:)\s*\"?"
                r"([A-Za-z0-9+/]{8,}={0,2})"
            ),
        ),
        # A password on a command line: sshpass -p X, mysql -pX (glued, as mysql wants it), --password=X.
        (
            "Command Line Password",
            re.compile(
                r"\bsshpass\s+-p\s*['\"]?([^\s'\"]{4,})|"
                r"\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?\s-p['\"]?([^\s'\"-][^\s'\"]{3,})|"
                # --password X, and every flag that names one: --db-password, --http-password, --master-user-password.
                r"--(?:[\w-]+-)?pass(?:word|wd)?[= ](?![a-z]+[\s.,]|[a-z]+$)['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                # The password flags of registry logins (docker/podman/helm login -p), MongoDB's and SQL Server's tools
                # (mongosh -p, sqlcmd -P), the LDAP tools (-w), FreeRDP (/p:), rdesktop (-p) and Windows' net use.
                r"\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\s+(?:registry\s+)?login\b[^\n]*?\s-p\s+"
                r"['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|rdesktop)\b[^\n]*?\s-p\s+"
                r"['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n]*?\s-P\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\bldap\w+\b[^\n]*?\s-w\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b[wx]?freerdp\b[^\n]*?\s/p:['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bnet\s+use\s+\S+\s+['\"]?([^\s'\"/*$<{][^\s'\"]{3,})['\"]?\s+/user:|"
                r"\bcurl\b[^\n]*?\s(?:-u|--user)\s+['\"]?[^\s:'\"]+:([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bhttp-basic\.\S+\s+\S+\s+['\"]?([^\s'\"$<{][^\s'\"]{5,})|"
                r"\b(?:echo|printf)\s+['\"]?([^\s'\"$]{6,})['\"]?\s*>>?\s*\S*(?:pass|secret|token|key)\S*|"
                # sqlplus user/password@db; htpasswd -b [file] user password; keytool -storepass X; openssl -passin
                # pass:X; gh secret set NAME --body X; ssh-keygen -N/-P X; zip -P X, 7z -pX; git config x.smtppass X;
                # redis-cli -a X.
                r"\bsqlplus\s+(?:-\w+\s+)*[\w$#]+/([^\s@/'\"]{4,})(?=@|\s|$)|"
                r"\bhtpasswd(?=(?:\s+-[a-zA-Z]+)*?\s+-[a-zA-Z]*b)(?:\s+-[a-zA-Z]+)+(?:\s+[^\s;|&-][^\s;|&]*){1,2}\s+['\"]?"
                r"([^\s'\";|&]{4,})['\"]?(?=\s*(?:$|[;|&]))|"
                r"\s-(?:store|key|srcstore|deststore|srckey|destkey)pass\s+['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\s-pass(?:in|out|word)?\s+['\"]?pass:([^\s'\"]{4,})|"
                r"\bgh\s+secret\s+set\b[^\n]*?\s(?:--body|-b)[= ]['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bssh-keygen\b[^\n]*?\s-[NP]\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:zip|unzip)\b[^\n]*?\s-P\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:7z|7za|rar|unrar)\b[^\n]*?\s-p['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\bgit\s+config\b[^\n]*?\s[\w.-]*(?:pass(?:word)?|token|secret)\s+['\"]?([^\s'\"$<{-][^\s'\"]{5,})|"
                r"\bredis-cli\b[^\n]*?\s-a\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})"
            ),
        ),
        (
            "Command Line Token",
            # A token handed to a CLI: a flag (--token X, --api-key=X, nuget push -k X), or an auth subcommand's
            # argument (snyk auth X, ngrok authtoken X, ngrok config add-authtoken X). Only a random-looking value or a
            # UUID.
            re.compile(
                r"\s--(?:[\w-]*-)?(?:token|api-?key|apikey|auth-?key|authkey|access-?key|secret-?key|client-?secret)"
                r"[= ]['\"]?([^\s'\"$<{-][^\s'\"]{15,})|"
                r"\bnuget\s+push\b[^\n]*?\s(?:-k|-ApiKey)\s+['\"]?([^\s'\"$<{-][^\s'\"]{15,})|"
                r"\b[a-z][\w-]*\s+(?:auth|authtoken|add-authtoken)\s+['\"]?([A-Za-z0-9][A-Za-z0-9_.-]{15,})"
            ),
        ),
    ]


_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Z_][A-Z0-9_]*\}?|[A-Z][A-Z_]*|(?i:x{3,}|\*{3,}|<[^>]*>|%\w+%|\{\{.*\}\}|redacted|changeme|none|"
    r"null|placeholder|example|dummy|pass(?:word)?|secret|your[-_]?\w*))$"
)
# A payment card number: 13-19 digits (spaces or dashes between groups) starting as the card networks do, and
# passing the Luhn check, so order numbers and ids of the same length stay clean.
_CARD = re.compile(r"(?<![A-Za-z0-9_./=-])(?:[2-6]\d{3})(?:[ -]?\d{2,4}){2,4}(?:[ -]?\d{1,4})?(?![A-Za-z0-9_-]|\.\d)")
# A card number as a form field or a query parameter (ccnum=4116..., card_number: ...).
_CARD_FIELD = re.compile(r"(?i)\b(?:cc|card|pan)[\w-]*\s*[=:]\s*[\"']?([2-6]\d{12,18})(?!\d)")


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _cards(text: str) -> Iterator[tuple[int, int]]:
    """Spans of Luhn-valid card numbers. A documented test number is refused too: a memory cannot tell it from a
    real card said to be one. The tail of a longer grouped number (a tracking number, an IBAN) is not a card."""
    for match in [*_CARD.finditer(text), *_CARD_FIELD.finditer(text)]:
        found = match.group(match.lastindex or 0)
        at = match.start(match.lastindex or 0)
        if re.search(r"\d[ -]$", text[max(0, at - 2) : at]):
            continue  # "USPS tracking 9400 18289 3148 9876 8739 83"
        # The longest run of groups that is a card number: "5105 1051 0510 5100 09/26" ends before the expiry.
        for cut in sorted({len(found), *(m.start() for m in re.finditer(r"[ -]", found))}, reverse=True):
            digits = re.sub(r"\D", "", found[:cut])
            if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and _luhn(digits):
                yield at, at + cut
                break


_MARKER = re.compile(r"\[REDACTED:[^\]\n]{1,40}\]")
_KEY_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\n\s*\n")
_TOKEN = re.compile(r"[A-Za-z0-9+/=_\-.~]{20,}")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# An identifier: words in camelCase, snake_case or dotted, an acronym, digits. Each run of capitals or digits is
# taken whole (or up to the capital that starts the next word): a run split every way would backtrack
# exponentially on a long run of one letter ("AAAA...AAm").
_WORDISH = re.compile(
    r"^[A-Za-z][a-z]+(?:[A-Z_.\-/][a-z]+|[A-Z]{2,}(?=[A-Z][a-z]|[a-z]*$|[^A-Za-z])|\d+(?!\d))*[a-z]*$"
)

# Shannon entropy (bits per char) a token must exceed to count as random. Tuned on the corpora in
# tests/fixtures/secrets/: identifiers and slugs stay below, generated keys of 20+ chars are above.
BASE64_ENTROPY_LIMIT = 4.2
HEX_ENTROPY_LIMIT = 3.0


def scan(text: str, *, quick: bool = False) -> list[str]:
    """Kinds of credential found in ``text`` (sorted, unique); an empty list means clean.

    The secret value itself is never returned, so the result is safe to log. ``quick`` leaves out the layers that
    need detect-secrets (about 300 ms of imports): the hooks' last look at what they are about to print, where
    everything stored was already scanned in full on the way in and only a planted line can carry a secret.
    """
    if not text:
        return []
    return list(_scan(text, quick))


@lru_cache(maxsize=4096)
def _scan(text: str, quick: bool) -> tuple[str, ...]:
    """:func:`scan`, remembered: a record's fields are scanned on every write path (the candidate, the record, the
    line) and tags and categories repeat across facts."""
    text = _unmark(text)  # our own redaction markers are not secrets
    text = _blank(_PUBLIC_MATERIAL, text)
    kinds: set[str] = set()
    for plugin in [] if quick else _detect_secrets_plugins():
        for value in plugin.analyze_string(text):
            if not (isinstance(value, str) and _placeholder(_token_around(text, value))):
                kinds.add(_kind_name(plugin.secret_type))
                break
    for kind, pattern in _patterns():
        if any(not _benign(kind, m) for m in pattern.finditer(text)):
            kinds.add(kind)
    for start, end, kind in passwords.spans(text):
        value = text[start:end]
        if not any(pattern.search(value) for _kind, pattern in _patterns()):  # a named token says more
            kinds.add(kind)
    if not quick and next(_keyword_values(text), None):
        kinds.add("Password")
    if next(_cards(text), None) is not None:
        kinds.add("Payment Card Number")
    if not kinds and _high_entropy_token(text):
        kinds.add("High Entropy String")
    return tuple(sorted(kinds))


def redact(text: str) -> str:
    """``text`` with every credential :func:`scan` would find replaced by ``[REDACTED:<kind>]``.

    The same detectors, applied to spans: the secret value is replaced, the words around it ("my key is") stay
    so the conversation still reads. A private key block is removed up to its END line (or the next blank line).
    """
    # A second pass catches a value that only reads as a secret once its neighbour is gone
    # ("credential: Protocol=https;Account=..."): redacted text must scan clean.
    for _ in range(4):
        spans = _spans(text) if text else []
        if not spans:
            break
        out: list[str] = []
        last = 0
        for start, end, kind in _merge(spans):
            out.append(text[last:start])
            out.append(f"[REDACTED:{kind}]")
            last = end
        out.append(text[last:])
        text = "".join(out)
    return text


def _spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every credential value in ``text``, found by the detectors :func:`scan` uses."""
    protected = [(m.start(), m.end()) for m in _MARKER.finditer(text)]
    # Earlier markers and public material are blanked (same length, so offsets hold), as scan() does.
    text = _blank(_PUBLIC_MATERIAL, _unmark(text))
    spans: list[tuple[int, int, str]] = []

    def add(start: int, end: int, kind: str) -> None:
        if end > start and not any(s < end and start < e for s, e in protected):
            spans.append((start, end, kind))

    def add_value(value: str, kind: str, begin: int = 0, end: int | None = None) -> None:
        """Every occurrence of ``value`` between ``begin`` and ``end``."""
        if not value:
            return
        pos = text.find(value, begin, end)
        while pos >= 0:
            add(pos, pos + len(value), kind)
            pos = text.find(value, pos + len(value), end)

    for plugin in _detect_secrets_plugins():
        kind = _kind_name(plugin.secret_type)
        for value in set(plugin.analyze_string(text)):
            if isinstance(value, str) and len(value) >= 4 and not _placeholder(_token_around(text, value)):
                add_value(value, kind)
    for kind, pattern in _patterns():
        for match in pattern.finditer(text):
            group = match.lastindex or 0
            if _benign(kind, match):
                continue
            if kind == "Private Key":
                tail = _KEY_END.search(text, match.end())
                add(match.start(), tail.end() if tail else len(text), kind)
            else:
                add(match.start(group), match.end(group), kind)
    for start, end, kind in passwords.spans(text):
        add(start, end, kind)
    for begin, end, value in _keyword_values(text):
        add_value(value.strip("\"'`.,;:)("), "Password", begin, end)
    for start, end in _cards(text):
        add(start, end, "Payment Card Number")
    # Last and only where nothing else matched, as in scan(): a named kind beats "High Entropy String".
    for start, end in _high_entropy_spans(text):
        if not any(s < end and start < e for s, e, _ in spans):
            add(start, end, "High Entropy String")
    return spans


def _merge(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Overlapping spans joined (the first kind found at a position wins), in text order."""
    merged: list[tuple[int, int, str]] = []
    for start, end, kind in sorted(spans, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], end), prev[2])
        else:
            merged.append((start, end, kind))
    return merged


def record_kinds(record: dict[str, Any], *, quick: bool = False) -> list[str]:
    """Kinds of credential in any string anywhere in ``record`` (every field, nested lists and dicts included):
    what may be written and what may be shown is judged on the whole record, not on its content alone."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(str(key))
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(record)
    # One scan of all the parts: each scan pays a fixed cost for every detector, whatever the length of the text.
    return scan("\n".join(parts), quick=quick)


def shareable(content: str, tags: list[str] | tuple[str, ...] = ()) -> bool:
    """True when a fact's text may leave through a bulk output (MEMORY.md, an export): the quick scan of its
    content and tags finds nothing. The store refuses credentials in every field on every write, so this only
    catches a line planted in a file by hand, and it must stay cheap for 100k facts (about 20 us a fact, where the
    full scan costs about 500 us)."""
    return not scan(" ".join([content, *tags]), quick=True)


def is_clean(text: str) -> bool:
    """True when :func:`scan` finds nothing."""
    return not scan(text)


def _kind_name(secret_type: str) -> str:
    return {"Basic Auth Credentials": "Connection String", "NPM tokens": "NPM Token"}.get(secret_type, secret_type)


@lru_cache(maxsize=1)
def _detect_secrets_plugins() -> list[Any]:
    """Instances of every regex-based detect-secrets detector we use (imported lazily: ~60 ms)."""
    import importlib
    import pkgutil

    from detect_secrets import plugins as ds_plugins
    from detect_secrets.plugins.base import RegexBasedDetector

    found: list[Any] = []
    for info in pkgutil.iter_modules(ds_plugins.__path__):
        module = importlib.import_module(f"detect_secrets.plugins.{info.name}")
        for name in dir(module):
            obj = getattr(module, name)
            if (
                isinstance(obj, type)
                and issubclass(obj, RegexBasedDetector)
                and obj is not RegexBasedDetector
                and obj.__module__ == module.__name__
                and name not in _SKIP_PLUGINS
            ):
                found.append(obj())
    return found


@lru_cache(maxsize=1)
def _keyword_groups() -> list[tuple[re.Pattern[str], int]]:
    from detect_secrets.plugins import keyword

    groups = dict(keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP)
    groups.update(keyword.CONFIG_DENYLIST_REGEX_TO_GROUP)
    return list(groups.items())


def _keyword_values(text: str) -> Iterator[tuple[int, int, str]]:
    """detect-secrets' keyword detector (quoted and config forms), with our value check on top: ``(start, end,
    value)`` of each line holding a value that looks secret. A value followed by ``(`` is code that reads the
    secret (``boto3.client(...)``, ``viper.GetString(...)``), not the secret."""
    offset = 0
    for line in text.splitlines(keepends=True):
        for regex, group in _keyword_groups():
            match = regex.search(line)
            if not match or not match.group(group):
                continue
            value = match.group(group).strip().strip("\"'`").split()
            call = value and (value[0].endswith("(") or line.startswith("(", match.end(group)))
            if value and not call and _looks_secret(value[0]):
                yield offset, offset + len(line), value[0]
        offset += len(line)


def _benign(kind: str, match: re.Match[str]) -> bool:
    """A pattern's match that is not a secret: a placeholder, a "token" that is base64 of readable data (a
    pagination cursor) rather than a key, a key that is public by design (a publishable key, a DSN said to be the
    public part), a session value outside a Cookie header."""
    value = match.group(match.lastindex or 0) or match.group(0)
    if _placeholder(value) or passwords.public_value(value):
        return True
    before = match.string[max(0, match.start() - 48) : match.start()]
    if kind == "Sentry DSN" and _PUBLIC_CONTEXT.search(before):
        return True
    if kind == "Session Cookie":
        line_start = match.string.rfind("\n", 0, match.start()) + 1
        in_cookie = "cookie" in match.string[line_start : match.start()].lower()
        cookie_attribute = _COOKIE_ATTRIBUTE.match(match.string, match.end())
        return not (in_cookie or cookie_attribute or _SESSION_COOKIE.fullmatch(match.group(1)))
    if kind == "Command Line Token":
        return not (_UUID.fullmatch(value) or passwords.random_token(value))
    if kind in ("Password File Entry", "SQL Password"):
        return not passwords.generated(value) or not passwords.plausible(value) or value.startswith(("md5", "SCRAM-"))
    if kind == "Encoded Private Key":
        return "PRIVATE KEY" not in passwords.decoded_base64(value[:80])
    if kind == "Basic Auth Header":
        return ":" not in passwords.decoded_base64(value)  # user:password, or not a credential
    return kind == "Bearer Token" and "." not in value and passwords.readable_base64(value)


def _token_around(text: str, value: str) -> str:
    """The whole token of ``text`` that holds ``value`` (a plugin may report only part of it: ``ghp`` of
    ``ghp_XXXX...``), or ``value`` when it is not found."""
    at = text.find(value)
    if at < 0:
        return value
    start = at
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
        start -= 1
    end = at + len(value)
    while end < len(text) and (text[end].isalnum() or text[end] in "_-"):
        end += 1
    return text[start:end]


def _placeholder(value: str) -> bool:
    """A stand-in for a value: a template, a variable, a word like "changeme", a run of one character
    (``ghp_XXXXXXXX...``), a value that ends in one (``.../T000/B000/XXXX``), or the documentation's example
    (``AKIAIOSFODNN7EXAMPLE``)."""
    value = value.strip("\"'`.,;:)(")
    return bool(_PLACEHOLDER.match(value) or _STAND_IN.search(value))


_STAND_IN = re.compile(r"([A-Za-z0-9*])\1{7,}|(?i:example)|(?:^|[/_.:=-])(?:X{4,}|x{4,}|\*{4,})$")


def _looks_secret(value: str) -> bool:
    """A config value (``password = "..."``) that is plausibly a real secret: not a placeholder, not a reference."""
    if "..." in value or "…" in value:
        return False  # elided: a stand-in
    value = value.strip("\"'`.,;:)(")
    if _placeholder(value) or value.startswith("$"):
        return False
    return passwords.plausible(value) and passwords.generated(value)


def _high_entropy_token(text: str) -> bool:
    """A long random-looking token outside the shapes ordinary facts are full of."""
    return any(True for _ in _high_entropy_spans(text))


def _high_entropy_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the random-looking tokens :func:`_high_entropy_token` looks for."""
    # UUIDs, URLs, digests, public keys are blanked with spaces of the same length so spans still index into ``text``.
    cleaned = _blank(_NOT_SECRET, _blank(_UUID, text))
    for match in _TOKEN.finditer(cleaned):
        raw = match.group(0)
        skip = raw.index("=") + 1 if re.match(r"[A-Za-z_]\w{0,30}=[^=]", raw) else 0  # id=01JW...: the value
        raw = raw[skip:]
        token = raw.strip(".-_~")
        if len(token) < 20 or "://" in text[max(0, match.start() - 8) : match.start()]:
            continue
        if _HEX.match(token):
            # Commit hashes and digests are everywhere in developer facts; only long hex with a
            # password-ish neighbour is caught (by the keyword layer), never bare hex.
            continue
        if "/" in token and all(part.isalpha() or not part for part in re.split(r"[/._-]", token)):
            continue  # a path
        if _WORDISH.match(token) or token.count("-") + token.count("_") + token.count(".") >= 3:
            continue  # identifiers, slugs, dotted module paths
        if _ID_PREFIX.match(token) or _ULID.fullmatch(token) or passwords.readable_base64(token):
            continue  # pi_3Nx..., chatcmpl-..., a ULID, base64 of text or JSON (a cursor, not a key)
        before = text[max(0, match.start() - 48) : match.start()]
        if _ID_WORD.search(before) or _placeholder(token):
            continue  # "request id Fa0jzX...", "the job id in the queue is ..."; the docs' "...EXAMPLEKEY"
        if _ADDRESS_WORD.search(before) and _BASE58.fullmatch(token) and len(token) <= 44:
            continue  # a wallet's address (Solana, Bitcoin): public; its private key is longer
        has_digit = any(c.isdigit() for c in token)
        has_upper = any(c.isupper() for c in token)
        has_lower = any(c.islower() for c in token)
        if not (has_digit and has_upper and has_lower):
            continue
        limit = min(BASE64_ENTROPY_LIMIT, 0.9 * math.log2(len(token)))
        if passwords.entropy(token) > limit:
            start = match.start() + skip + raw.index(token)
            yield start, start + len(token)


def _unmark(text: str) -> str:
    """``text`` with our redaction markers turned into a placeholder of the same length (``<xxxx>``): a stand-in
    for the value that was there, so the word after it is not read as the value of the flag before it
    ("-p [REDACTED] registry.local")."""
    return _MARKER.sub(lambda m: "<" + "x" * (len(m.group(0)) - 2) + ">", text)


def _blank(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with ``pattern``'s matches replaced by spaces of the same length, so offsets still index ``text``."""
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


# Public keys and certificates (a block cut short by a length limit too), SSH public keys and hashed known_hosts
# entries, DKIM records, DER public keys in base64 (RSA, P-256, Ed25519): public by design, blanked before any
# detector looks, so their random-looking base64 is never taken for a key.
_PUBLIC_MATERIAL = re.compile(
    r"-----BEGIN (?:PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|X509 CRL|"
    r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)-----[A-Za-z0-9+/=\s\\]*?(?:-----END [A-Z0-9 ]+-----|$)|"
    r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+|"
    r"\|1\|[A-Za-z0-9+/]+=*\|[A-Za-z0-9+/]+=*|\bv=DKIM1;[^\"\n]*|"
    r"\bMI[A-Za-z0-9+/]{2,4}(?:A0GCSqGSIb3DQEBAQUAA4|ANBgkqhkiG9w0BAQEFAAO)[A-Za-z0-9+/]+={0,2}|"
    r"\bMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]+={0,2}|\bMCowBQYDK2VwAyEA[A-Za-z0-9+/]+={0,2}",
)
# Spans that hold long random-looking characters without being secrets: URLs without credentials (document and
# dashboard ids), digests and integrity hashes, fingerprints, Go module hashes, content ids, sops values.
_NOT_SECRET = re.compile(
    r"https?://[^\s@?#]+(?:[?#][^\s]*)?|"
    r"\b(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1)[:-][A-Za-z0-9+/=_-]{16,}|"
    r"\bdata:[\w/+.-]+;base64,[A-Za-z0-9+/=]+|\b(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,})\b|"
    r"\b(?:spotify|urn):[\w:.-]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s@?#]*|"
    r"(?:/[\w.-]+){3,}|\bENC\[[^\]\s]*\]",
    re.I | re.S,
)
# The session cookies web frameworks name by default (PHP, Java servlets, ASP.NET, Express, Laravel, Rails,
# Django, CodeIgniter, Rack, ColdFusion, Drupal, WordPress), and the attributes a Set-Cookie line gives one.
_SESSION_COOKIE = re.compile(
    r"(?i)PHPSESSID|JSESSIONID|ASP\.NET_SessionId|ASPSESSIONID\w*|connect\.sid|laravel_session|_[\w-]*_session|"
    r"_session_id|sessionid|ci_session|rack\.session|CFTOKEN|SS?ESS[0-9a-f]{32}|wordpress_logged_in_\w*"
)
_COOKIE_ATTRIBUTE = re.compile(r"(?i);\s*(?:path|domain|expires|max-age|httponly|secure|samesite)\b")
# "(public part only)", "the public DSN": said to be the public half of a key.
_PUBLIC_CONTEXT = re.compile(r"(?i)\(public[^)]*\)|\bpublic\s+(?:part|half|dsn|key|token)\b|\bpublishable\b")
# Object ids of APIs are a lower-case prefix and an underscore or dash: secrets with such a prefix (sk_live_,
# ghp_, xoxb-...) are named by the patterns above, so what is left here is an id.
_ID_PREFIX = re.compile(r"^[a-z]{2,12}(?:_(?:live|test))?[_-](?=[A-Za-z0-9]{8,})")
_ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")
_ADDRESS_WORD = re.compile(r"(?i)\b(?:wallet|address|addr|deposit\s+to|send\s+to)\b[^.\n]{0,24}$")
# Words that say what a random-looking token is when it is no secret: an id of some kind, a digest or fingerprint,
# encrypted or encoded data, a key said to be public ("site key", "(public)").
_ID_WORD = re.compile(
    r"(?i)(?:\b(?:ids?|u?uid|guid|ksuid|ulid|identifier|request|trace|span|job|ticket|correlation|channel|cursor|"
    r"page|build|run|deployment|execution|message|event|order|invoice|object|etag|version|public\s+key|pubkey|"
    r"publickey|site\s+key|publishable|digest\w*|thumbprint|fingerprint|encrypted\w*|ciphertext|sealed\w*|"
    r"payload|base64|protobuf)\b|\(public[^)]*\)|-bin\b)[^.\n]{0,36}$"
)
