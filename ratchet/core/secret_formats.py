"""The credential formats the filter knows by their shape: provider tokens and keys by their documented prefixes and
lengths (gitleaks' and detect-secrets' rules are the reference), private keys, connection strings and URLs with a
password, authorization headers, session cookies, command-line flags that take a secret. Each pattern's first
non-empty group (or the whole match) is the secret; :mod:`ratchet.core.secrets` decides what a match means.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ratchet.core import key_shapes, keys_in_use, tool_secrets


@lru_cache(maxsize=1)
def formats() -> list[tuple[str, re.Pattern[str]]]:
    """``(kind, pattern)`` of every format detector, compiled on the first scan rather than at import: hooks import
    the filter on every run, and compiling these costs more than all the rest of its import."""
    return [
        ("Anthropic API Key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
        ("OpenAI Token", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
        ("AWS Access Key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
        (
            "AWS Secret Key",
            re.compile(r"(?i)(?:aws.{0,20}?(?:secret|key)|\bsecret_access_key).{0,20}?[=:\s\"']([A-Za-z0-9/+]{40})\b"),
        ),
        # The secret right after its access key id ("AKIA... / jw04QX37...", a CSV's two columns).
        (
            "AWS Secret Key",
            re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b[\s,:/|;\"']{1,6}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"),
        ),
        ("GitHub Token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
        ("GitLab Token", re.compile(r"\bgl(?:pat|rt|dt|ptt|ft|soat|cbt|imt|agent)-[A-Za-z0-9_-]{20,}")),
        # Apple's app-specific password (four groups of four letters) where the sentence says what it is.
        ("Apple App Password", re.compile(r"(?i)app[- ]specific[^\n]{0,80}?\b([a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4})\b")),
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
        # A session cookie copied with a space instead of "=" ("JSESSIONID B7F30E85F6967C2D10EAEA4BED9F0179"), or said.
        (
            "Session Token",
            re.compile(
                r"\b(?:JSESSIONID|PHPSESSID|ASP\.NET_SessionId|connect\.sid|laravel_session)"
                r"[ \t]+(?:is[ \t]+)?([A-Za-z0-9%._-]{16,})"
            ),
        ),
        # An Azure storage account's key (88 base64 characters) named as such ("storage account x key1: ...").
        (
            "Azure Storage Key",
            re.compile(r"(?i)\bstorage\s+account\b[^\n]{0,60}?\bkey\s*[12]?\s*[:=]\s*[\"']?([A-Za-z0-9+/]{86}==)"),
        ),
        # An Ethereum-style wallet's private key: 64 hex digits after the words (its address before them is public).
        ("Private Key", re.compile(r"(?i)\bprivate\s+key\b[^\n]{0,80}?[:=]\s*[\"']?(?:0x)?([0-9a-f]{64})\b")),
        # Consul's and Nomad's ACL SecretID, Vault AppRole's secret_id: a token, whatever "id" suggests.
        (
            "ACL Token",
            re.compile(
                r"(?i)\bsecret[ _-]?id\b\s*(?:is\s+|[:=]\s*)?[\"']?"
                r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"
            ),
        ),
        # kaggle.json: {"username": ..., "key": "<32 hex>"}.
        ("Kaggle API Key", re.compile(r"(?i)kaggle[^\n]{0,60}?\"key\"\s*:\s*\"([0-9a-f]{32})\"")),
        ("Twitch OAuth Token", re.compile(r"\boauth:([a-z0-9]{30})\b")),
        (
            "Opsgenie API Key",
            re.compile(r"\bGenieKey\s+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"),
        ),
        (
            "Proxmox API Token",
            re.compile(
                r"\bPVEAPIToken=[\w.@-]+![\w.-]+=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"
            ),
        ),
        ("Weights & Biases API Key", re.compile(r"\bwandb\.login\(\s*key\s*=\s*\\?[\"']([0-9a-f]{40})\\?[\"']")),
        (
            "Datadog Key",
            re.compile(
                r"(?i)\b(?:datadog|dd)[\w ]{0,12}?\b(?:app(?:lication)?|api)[ _-]?key\b[^\n]{0,40}?"
                r"\b([0-9a-f]{40}|[0-9a-f]{32})\b"
            ),
        ),
        # A password an OS generated (Apple's strong passwords: three groups of six, a capital and a digit among them).
        (
            "Generated Password",
            re.compile(
                r"(?<![\w-])(?=[a-z0-9-]*[A-Z])(?=[A-Za-z-]*\d)(?=(?:[^a-z]*[a-z]){12})"
                r"[a-zA-Z0-9]{6}-[a-zA-Z0-9]{6}-[a-zA-Z0-9]{6}(?![\w-])"
            ),
        ),
        ("NPM Token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
        ("PyPI Token", re.compile(r"\bpypi-[A-Za-z0-9_-]{50,}")),
        ("SendGrid API Key", re.compile(r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}")),
        ("Twilio API Key", re.compile(r"\bSK[0-9a-fA-F]{32}\b")),
        ("Twilio Auth Token", re.compile(r"\bAC[0-9a-f]{32}\b[\"',\s:]{1,6}([0-9a-f]{32})\b")),  # account SID, token
        ("DigitalOcean Token", re.compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")),
        ("Shopify Token", re.compile(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b")),
        ("Mailgun Key", re.compile(r"\bkey-[0-9a-zA-Z]{32}\b|\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b")),
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
            re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]*:([^\s/]{3,})@[^\s/@]+", re.I),
        ),
        # An ADO.NET or ODBC connection string (Server=...;User Id=...;Password=...;): the password, up to its ";".
        (
            "Connection String Password",
            re.compile(
                r"(?i)\b(?:server|data\s+source|host|address|addr|dsn|driver)\s*=[^;\n]*[;\n](?:[^;\n]*[;\n]){0,8}?\s*"
                r"(?:password|pwd)\s*=\s*(\{[^}\n]+\}|(?![/~])[^;\n\"']{3,})|"
                # Go's MySQL driver's DSN: "user:password@tcp(host:port)/db".
                r"[\"'`][\w.-]+:([^\s:@/\"'`]{4,})@(?:tcp|unix)\("
            ),
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
        ("Dropbox Token", re.compile(r"\bsl\.(?:u\.)?[A-Za-z0-9_-]{100,}")),
        ("Age Secret Key", re.compile(r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b")),
        ("Firebase Server Key", re.compile(r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}")),
        ("Sentry DSN", re.compile(r"https?://([0-9a-f]{32})@[\w.-]*sentry\.io/\d+")),
        # A credential as a URL's query parameter (?appid=..., &access_token=...).
        (
            "URL Query Credential",
            re.compile(
                r"(?i)[?&](?:api[_-]?key|apikey|appid|app_id|access[_-]?token|auth[_-]?token|auth|token|secret|client_secret|"
                r"password|passwd|pwd|sig|signature|x-goog-signature|x-amz-signature|x-amz-security-token)=([^&\s#]{8,})"
            ),
        ),
        # A sign-in link's one-time code (an OAuth callback's ?code=, a magic link) and a password reset link's
        # token: whoever opens the link is signed in, or sets the password.
        (
            "Sign-in Link Token",
            re.compile(
                r"(?i)/(?:[\w-]*/)*(?:callback|oauth2?|authorize|magic[\w-]*|sign-?in|login|verify)\b[^\s?#]*\?"
                r"(?:[^\s#]*&)?(?:code|token|magic_?token|login_?token)=((?=[A-Za-z0-9_.~-]*\d)[A-Za-z0-9_.~-]{24,})|"
                r"/(?:password[/_-])?reset(?:[/_-]password)?/((?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Z])"
                r"[A-Za-z0-9_-]{24,})|"
                r"[?&](?:reset_?token|magic_?token|login_?token)=([A-Za-z0-9_.~-]{20,})|"
                r"/(?:verify|confirm|activate)[-_](?:e-?mail|account)/(?:\d+/)?([0-9a-f]{40,64}|[A-Za-z0-9_-]{32,})"
            ),
        ),
        # What tools print or keep that holds a password: Jenkins' first-start banner, a Kubernetes pull secret's
        # .dockerconfigjson (base64 of registry logins), a Terraform state's random_password result, an OpenVPN
        # auth-user-pass file (a user name, then the password, on the lines after its name).
        (
            "Tool Output Password",
            re.compile(
                r"(?i)following password to proceed to installation:\s*\n(?:[ \t]*\n)?[ \t]*([0-9a-f]{32})\b|"
                r"\.dockerconfigjson[\"']?\s*:\s*[\"']?(eyJ[A-Za-z0-9+/]{40,}={0,2})|"
                r"\"type\":\s*\"random_password\"[^\]]{0,600}?\"result\":\s*\"([^\"\s]{4,})\"|"
                r"(?im:^)[ \t]*(?:\$\s*cat\s+|#\s*)\S*(?:auth|creds?|credentials|pass(?:word)?s?)\S*\.txt\b[^\n]*\n"
                r"[ \t#]*[^\s#]+[ \t]*\n[ \t#]*(?P<auth_file>[^\s#]{6,})[ \t]*(?:\n|$)|"
                # A file that holds one password, printed (Jenkins' initialAdminPassword, Ansible's vault password).
                r"(?im:^)[ \t]*\$\s*(?:sudo\s+)?cat\s+\S*(?:pass(?:word)?|secret|token)\S*[ \t]*\n"
                r"[ \t]*(?P<one_file>[A-Za-z0-9+/=_-]{12,})[ \t]*(?:\n|$)|"
                r"\belasticsearch-reset-password\b[^\n]*\n(?:[^\n]*\n){0,4}?New value:[ \t]*(?P<reset>\S{8,})"
            ),
        ),
        # A paid licence's key after its name ("License: KGUM-O5GW-CCA9-MT1V", "Lizenzschlüssel ..."), in the groups
        # of capitals and digits vendors print, and a licence block (Sublime Text's hex groups).
        (
            "License Key",
            re.compile(
                r"(?i)\b(?:licen[cs]e(?:\s+(?:key|code))?|lizenz(?:schl[üu]ssel|code)?|cl[ée]\s+de\s+licence|"
                r"clave\s+de\s+licencia|serial\s+key|product\s+key|activation\s+(?:key|code)|"
                r"registration\s+(?:key|code))\b[ \t]*[:=]?[ \t]*"
                r"((?-i:(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}))(?![\w-])|"
                r"-{3,}\s*BEGIN\s+LICEN[CS]E\s*-{3,}[^\n]*\n(?:[^\n]*\n){0,4}?((?:[0-9A-F]{8}[ \t]+){3}[0-9A-F]{8})"
            ),
        ),
        # A calendar's secret address (Google Calendar's "private-<hex>"): anyone holding it reads the calendar.
        ("Private Calendar Address", re.compile(r"/(private-[0-9a-f]{32})(?![0-9a-f])")),
        ("Matrix Access Token", re.compile(r"\bsyt_[A-Za-z0-9]{2,64}_[A-Za-z0-9]{20}_[A-Za-z0-9]{6}\b")),
        ("Asana Token", re.compile(r"(?<![\w/])[0-9]/\d{13,19}(?:/\d{13,19})?:[0-9a-f]{32}\b")),
        (
            "New Relic Key",
            re.compile(r"\bNR(?:AK|RA)-[A-Za-z0-9]{27}\b|\bNRII-[A-Za-z0-9_-]{32}|\bNRJS-[a-f0-9]{19}\b"),
        ),
        # More documented formats (gitleaks' rules): a prefix, then a fixed alphabet and length.
        ("Grafana Token", re.compile(r"\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2})")),
        ("Sentry Token", re.compile(r"\b(?:sntrys_[A-Za-z0-9+/=_-]{40,}|sntryu_[a-f0-9]{64})")),
        ("Discord Webhook", re.compile(r"discord(?:app)?\.com/api/webhooks/\d+/([A-Za-z0-9_-]{60,})")),
        ("Mapbox Secret Token", re.compile(r"\bsk\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}")),
        ("Nostr Private Key", re.compile(r"\bnsec1[0-9a-z]{58}\b")),
        ("Google OAuth Client Secret", re.compile(r"\bGOCSPX-[A-Za-z0-9_-]{28}\b")),
        ("AWS Session Token", re.compile(r"\b(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9/+=]{100,}")),
        ("Heroku API Key", re.compile(r"\bHRKU-[A-Za-z0-9_-]{50,}")),
        ("Linear API Key", re.compile(r"\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b")),
        ("Postman API Key", re.compile(r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b")),
        ("Groq API Key", re.compile(r"\bgsk_[A-Za-z0-9]{48,}")),
        ("Replicate Token", re.compile(r"\br8_[A-Za-z0-9]{37}\b")),
        # A Doppler service token carries its environment's slug first (dp.st.prd.<token>).
        ("Doppler Token", re.compile(r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{40,44}\b")),
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
        ("Fly.io Token", re.compile(r"\bfo1_[A-Za-z0-9_-]{43}\b|\bfm[12][ar]?_[A-Za-z0-9+/]{60,}={0,3}")),
        ("Dynatrace Token", re.compile(r"\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b")),
        ("LangSmith Key", re.compile(r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b")),
        ("Perplexity API Key", re.compile(r"\bpplx-[A-Za-z0-9]{48}\b")),
        ("xAI API Key", re.compile(r"\bxai-[A-Za-z0-9]{80}\b")),
        ("Tavily API Key", re.compile(r"\btvly-(?:dev-|prod-)?[A-Za-z0-9]{32}\b")),
        ("Honeycomb Key", re.compile(r"\bhc[a-z]{2}k_[a-z0-9]{40,}\b")),  # ingest and management keys
        ("Together AI Key", re.compile(r"\btgp_v1_[A-Za-z0-9_-]{40,}")),
        ("ElevenLabs API Key", re.compile(r"\bsk_[a-f0-9]{48}\b")),
        ("Mollie API Key", re.compile(r"\b(?:live|test)_(?=[A-Za-z]*\d)[A-Za-z0-9]{30}\b")),  # random, not test_Name
        # An Authorization header of any scheme (GenieKey, SSWS, Token, ApiKey...): the credential after it; Basic
        # and Digest are judged elsewhere, and only a random-looking value or a UUID counts (secrets._benign).
        (
            "Authorization Header",
            re.compile(
                r"(?i)(?:\bauthorization[\"']?\s*(?:[:=]\s*|\s+(?=[\"']))|\"name\":\s*\"authorization\",\s*\"value\":\s*)"
                r"[\"']?(?!basic\b|digest\b)(?:[A-Za-z][\w-]*\s+)?"  # a scheme, or the key alone (AssemblyAI's)
                r"([A-Za-z0-9._~+/:=-]*[A-Za-z0-9._~+/:=][A-Za-z0-9_.~+/:=-]{15,})"
            ),
        ),
        # A webhook whose URL is the credential (Zapier, Make, IFTTT): the secret part of its path.
        (
            "Webhook URL",
            re.compile(
                r"\bhooks\.zapier\.com/hooks/catch/\d+/([A-Za-z0-9]{5,})|\bhook\.[\w-]+\.make\.com/([A-Za-z0-9]{20,})|"
                r"\bmaker\.ifttt\.com/(?:trigger/[^/\s]+/with/)?key/([A-Za-z0-9_-]{16,})|"
                r"(?:^|\s)/trigger/[^/\s]+/with/key/([A-Za-z0-9_-]{16,})"  # a request's path, the host on its own line
            ),
        ),
        # A wallet built from a literal private key (ethers, web3.py, viem, Solana's web3.js).
        (
            "Wallet Private Key",
            re.compile(
                r"\b(?:Wallet|from_key|privateKeyToAccount|fromSecretKey)\s*\(\s*[\"']((?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{80,90})[\"']"
            ),
        ),
        # BIP-32 extended private keys; a BitLocker recovery key (eight groups of six digits); GitHub's recovery codes
        # as it lists them (5 + 5 hex, two lines or more), under a heading in any language.
        ("Extended Private Key", re.compile(r"\b[xyzt]prv[1-9A-HJ-NP-Za-km-z]{100,112}\b")),
        ("BitLocker Recovery Key", re.compile(r"(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])")),
        (
            "Recovery Code",
            re.compile(r"(?m)^\s*(?=[\s\da-f-]*[a-f])[\da-f]{5}-[\da-f]{5}(?:\s*\n\s*[\da-f]{5}-[\da-f]{5})+"),
        ),
        # A one-time-password seed handed to the library that makes the codes (pyotp.TOTP("..."), new OTPAuth.TOTP).
        ("TOTP Seed", re.compile(r"\b(?:TOTP|HOTP)\s*\(\s*(?:secret\s*[:=]\s*)?[\"']([A-Z2-7]{16,})=*[\"']")),
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
            re.compile(r"\b(?:sdk|api)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"),
        ),
        ("NuGet API Key", re.compile(r"\boy2[a-z0-9]{43}\b")),
        ("Brevo API Key", re.compile(r"\bx(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}\b")),
        ("Cloudflare Tunnel Token", re.compile(r"\beyJhIjo(?:i|gIj)[A-Za-z0-9+/_-]{60,}={0,2}")),
        ("Grafana API Key", re.compile(r"\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}")),
        (
            "API Key",
            re.compile(
                r"\b(?:p8e-[A-Za-z0-9]{32}|LTAI[A-Za-z0-9]{20}|AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59}|"
                r"ABSK[A-Za-z0-9+/]{109,269}={0,2}|CLOJARS_[A-Za-z0-9]{60}|v1\.0-[a-f0-9]{24}-[a-f0-9]{146}|"
                r"duffel_(?:test|live)_[A-Za-z0-9_=-]{43}|EZ[AT]K[A-Za-z0-9]{54}|EAA[MC][A-Za-z0-9]{100,}|"
                r"FLWSECK(?:_TEST)?-[a-h0-9]{32}-X|fio-u-[A-Za-z0-9_=-]{64}|(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\."
                r"[A-Za-z0-9]{20}|api_org_[A-Za-z]{34}|ico-[A-Za-z0-9]{32}|[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk|"
                r"API-[A-Z0-9]{25,32}|sha256~[A-Za-z0-9_-]{43}|pnu_[A-Za-z0-9]{36}|rdme_[a-z0-9]{70}|tk-us-[\w-]{48}|"
                r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}|shippo_(?:live|test)_[a-fA-F0-9]{40}|"
                r"sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|tfp_[A-Za-z0-9_.=-]{59}|AQVN[A-Za-z0-9_-]{35,38}|"
                r"t1\.[A-Za-z0-9_-]+=*\.[A-Za-z0-9_-]{86}=*|tskey-[a-z]+-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}|"
                r"pcsk_[A-Za-z0-9_]{50,}|sbp_[a-f0-9]{40}|sq[pua]_[a-f0-9]{40}|bkua_[a-f0-9]{40}|"
                r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}|"
                r"(?:access-(?:sandbox|development|production)|pat-(?:na|eu)\d)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                r"[0-9a-f]{12})(?![\w-])"
            ),
        ),
        # More providers' documented shapes: Trello, Portainer, Render, Fireworks AI, a k3s cluster's join token,
        # Google's OAuth refresh tokens, a Mattermost incoming webhook (its 26-character id is the credential), macOS
        # FileVault's personal recovery key (six groups of four).
        (
            "API Key",
            re.compile(
                r"\b(?:ATTA[a-fA-F0-9]{64}[A-F0-9]{8}|ptr_[A-Za-z0-9+/=_-]{40,}|rnd_[A-Za-z0-9]{24,}|"
                r"fw_[A-Za-z0-9]{20,}|K10[0-9a-f]{64}::[\w.-]+:[0-9a-f]{16,})(?![\w-])|(?<![\w/])1//0[A-Za-z0-9_-]{40,}"
            ),
        ),
        ("Webhook URL", re.compile(r"\bhttps?://[\w.-]+(?::\d+)?/hooks/([a-z0-9]{26})\b")),
        # A Wi-Fi QR code's string, its fields in any order (WIFI:T:WPA;S:<network>;P:<password>;;).
        ("Wi-Fi Password", re.compile(r"\bWIFI:(?:[A-Z]:(?:\\.|[^;\\])*;)*?P:((?:\\.|[^;\\])+);")),
        (
            "Recovery Key",
            re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{4}(?:-[A-Z0-9]{4}){5}(?![\w-])"),
        ),
        # A session a web framework encrypted or signed: Laravel's (base64 of {"iv":...,"value":...,"mac":...}),
        # Flask's and Django's signed cookies (a zlib payload ".eJ...", a timestamp, a signature), Roblox's.
        (
            "Encrypted Session",
            re.compile(
                r"\beyJpdiI6[A-Za-z0-9+/=%]{40,}|(?<![\w.-])\.?eJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{20,}|"
                r"_\|WARNING:-DO-NOT-SHARE-THIS\.[^|\s]*\|_[0-9A-F]{100,}"
            ),
        ),
        # A Solana keypair file (~/.config/solana/id.json): the 64 bytes of a private key as a JSON array.
        (
            "Private Key",
            re.compile(r"\[\s*(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*){63}(?:25[0-5]|2[0-4]\d|1?\d?\d)\s*\]"),
        ),
        # Key material handed to code as a literal: a key decoded from hex (bytes.fromhex, Buffer.from(..., "hex")),
        # a JWT signed or checked with a literal secret.
        (
            "Encryption Key",
            re.compile(
                r"(?i)\b\w*(?:key|secret)\w*\s*=\s*(?:bytes\.fromhex|binascii\.unhexlify|unhexlify|Buffer\.from|"
                r"hex::decode|hex\.DecodeString)\(\s*b?[\"']([0-9a-f]{32,})[\"']"
            ),
        ),
        (
            "JWT Secret",
            re.compile(r"\bjwt\.(?:sign|encode|verify|decode)\(\s*[^,()\n]{1,80},\s*[\"']([^\"'\s]{8,})[\"']"),
        ),
        # base64 of a PEM block (a kubeconfig's client-key-data, a Kubernetes TLS secret's tls.key): a private key once
        # decoded; a certificate's is public.
        ("Encoded Private Key", re.compile(r"\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}")),
        # Files that hold a password in a documented layout: .pgpass (host:port:database:user:password) and PgBouncer's
        # userlist.txt ("user" "password"); SQL that sets one (IDENTIFIED BY, unquoted in Oracle).
        (
            "Password File Entry",
            re.compile(
                r"(?m)^[^\s:#,]+:(?:\d{1,5}|\*):[^\s:,]+:[^\s:,]+:(\S{4,}|\S+(?: \S+){2,7})$|"
                r"(?<=[ \t])[A-Za-z][\w.-]*:(?:\d{3,5}|\*):[^\s:,]+:[^\s:,]+:(\S{4,})(?m:$)|"  # after words
                r"^\s*\"[^\"\s]+\"\s+\"([^\"\s]{4,})\"\s*$|"
                # Postfix's sasl_passwd: [relay]:port user:password
                r"^\[[\w.-]+\]:\d{1,5}[ \t]+[^\s:]+:(\S{4,}|\S+(?: \S+){2,7})[ \t]*$"
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
                r"\s*(?:[\"'][^\"']*[\"']|\$?\w+)\s*,\s*[\"']([^\"'\s][^\"'\n]{3,})[\"']|"
                r"\bPasswordAuthentication\s*\(\s*(?:[\"'][^\"']*[\"']|\w+)\s*,\s*\"([^\"\s]{4,})\"|"
                r"\balgoliasearch\s*\(\s*[\"'][^\"']+[\"']\s*,\s*[\"']([^\"'\s]{16,})[\"']"
            ),
        ),
        # "Authorization: Basic dXNlcjpwYXNz": base64 of user:password (also as a dict's quoted key and value).
        (
            "Basic Auth Header",
            re.compile(
                r"(?i)(?:(?:\bauthorization[\"']?\s*(?::\s*|\s+(?=[\"']))|\"name\":\s*\"authorization\",\s*\"value\":\s*)"
                r"[\"']?basic|"
                r"\bbasic[ -]auth(?:entication)?\s*[:=]?|\"auth\"\s*:|(?<![\w-])_auth\s*=)\s*\"?"
                r"([A-Za-z0-9+/]{8,}={0,2})"
            ),
        ),
        # A password on a command line: sshpass -p X, mysql -pX (glued, as mysql wants it), --password=X.
        (
            "Command Line Password",
            re.compile(
                r"\bsshpass\s+-p\s*['\"]?([^\s'\"]{4,})|"
                # NetworkManager's Wi-Fi key, a passphrase piped to gpg, Oracle's user/password@host:port/service.
                r"\bnmcli\b[^\n]*?\s(?:password|wifi-sec\.psk|802-11-wireless-security\.psk)\s+['\"]?([^\s'\"]{4,})|"
                r"\becho\s+['\"]?([^\s'\"|]{6,})['\"]?\s*\|\s*(?:sudo\s+)?gpg2?\b[^\n]*--passphrase-fd[ =]0|"
                r"(?<![\w/])[A-Za-z][\w.-]{0,30}/([^\s/@'\"]{4,64})@[\w.-]+:\d{2,5}/[\w.]+|"
                r"\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?\s-p['\"]?([^\s'\"-][^\s'\"]{3,})|"
                # --password X, and every flag that names one: --db-password, --http-password, --master-user-password.
                r"--(?:[\w-]+-)?pass(?:word|wd)?[= ](?![a-z]+[\s.,]|[a-z]+$)['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                # The password flags of registry logins (docker/podman/helm login -p), MongoDB's and SQL Server's tools
                # (mongosh -p, sqlcmd -P), the LDAP tools (-w), FreeRDP (/p:), rdesktop (-p) and Windows' net use.
                r"\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\s+(?:registry\s+)?login\b[^\n]*?\s-p(?:\s+|=)"
                r"['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|rdesktop|cqlsh|cypher-shell|"
                r"psexec(?:64)?|paexec|mcrcon|rcon-cli|rcon|rabbitmqadmin|racadm)\b[^\n]*?\s-p\s+"
                r"['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:sqlcmd|bcp|osql|isql)\b[^\n]*?\s-P\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\bldap\w+\b[^\n]*?\s-w\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b[wx]?freerdp\b[^\n]*?\s/p:['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bnet\s+use\s+(?:\S+\s+)?(?:\\\\\S+\s+)?['\"]?([^\s'\"/*$<{\\][^\s'\"]{3,})['\"]?\s+/user:|"
                r"\bnet\s+use\b[^\n]*?\s/user:\S+\s+['\"]?([^\s'\"/*$<{][^\s'\"]{3,})|"
                r"\bcurl\b(?:[^\n]*\\\n)*?[^\n]*?\s(?:-u|--user)\s+['\"]?[^\s:'\"]+:([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bhttp-basic\.\S+\s+\S+\s+['\"]?([^\s'\"$<{][^\s'\"]{5,})|"
                r"\b(?:echo|printf)\s+['\"]?([^\s'\"$]{6,})['\"]?\s*(?:>>?|\|\s*(?:sudo\s+)?tee\s+(?:-a\s+)?)\s*"
                r"\S*(?:pass|secret|token|key)\S*|"
                # sqlplus user/password@db; htpasswd -b [file] user password; keytool -storepass X; openssl -passin
                # pass:X; gh secret set NAME --body X; ssh-keygen -N/-P X; zip -P X, 7z -pX; git config x.smtppass X;
                # redis-cli -a X.
                r"\bsqlplus\s+(?:-\w+\s+)*[\w$#.-]+/([^\s@/'\"]{4,})(?=@|\s|$)|"
                r"\bhtpasswd(?=(?:\s+-[a-zA-Z]+)*?\s+-[a-zA-Z]*b)(?:\s+-[a-zA-Z]+)+(?:\s+[^\s;|&-][^\s;|&]*){1,2}\s+"
                r"(?:'([^'\n]{4,})'|\"([^\"\n]{4,})\"|([^\s'\";|&]{4,}))(?=\s*(?:$|[;|&]))|"
                # lftp -u user,password; mosquitto_sub/pub -P X
                r"\blftp\b[^\n]*?\s-u\s+['\"]?[^\s,'\"]+,([^\s'\"$<{][^\s'\"]{3,})|"
                r"\b(?:mosquitto_\w+|p4)\b[^\n]*?\s-P\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\bpihole\s+-a\s+-p\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|\bjdbc:oracle:thin:[\w$#.-]+/([^\s@/'\"]{4,})@|"
                r"\s-(?:store|key|srcstore|deststore|srckey|destkey)pass\s+['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\s-pass(?:in|out|word)?\s+['\"]?pass:([^\s'\"]{4,})|"
                r"\bgh\s+secret\s+set\b[^\n]*?\s(?:--body|-b)[= ]['\"]?([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bssh-keygen\b[^\n]*?\s-[NP]\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:zip|unzip)\b[^\n]*?\s-P\s*['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:7z|7za|rar|unrar)\b[^\n]*?\s-p['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\bgit\s+config\b[^\n]*?\s[\w.-]*(?:pass(?:word)?|token|secret)\s+['\"]?([^\s'\"$<{-][^\s'\"]{5,})|"
                r"\bredis-cli\b[^\n]*?\s-a\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                # ipmitool -P X; x11vnc -storepasswd X; echo 'X' | sudo -S; AUTH X at redis-cli's prompt; an SNMP
                # community (snmpwalk -c X, snmp-server community X RW); a network device's cleartext enable or user
                # secret (type 0: types 5, 7, 8 and 9 are hashes or encodings on their own).
                r"\bipmitool\b[^\n]*?\s-P\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:x11vnc|vncpasswd)\b[^\n]*?\s-storepasswd\s+['\"]?([^\s'\"$<{-][^\s'\"]{3,})|"
                r"\b(?:echo|printf)\s+['\"]?([^\s'\"$|]{4,})['\"]?\s*\|\s*sudo\s+(?:-\w+\s+)*-\w*S\b|"
                r">\s*AUTH\s+(?:[\w.-]+\s+)?['\"]?([^\s'\"$<{]{6,})['\"]?[ \t]*(?:\n|$)|"
                r"\bsnmp(?:walk|get|getnext|bulkwalk|bulkget|set|table|trap)\b[^\n]*?\s-c\s*['\"]?(?!(?:public|private)\b)([^\s'\"$<{-][^\s'\"]{3,})|"
                # SNMPv3's authentication and privacy passphrases (snmpwalk -v3 -A X -X Y).
                r"\bsnmp(?:walk|get|getnext|bulkwalk|bulkget|set|table|trap)\b[^\n]*?\s-[AX]\s*['\"]?([^\s'\"$<{-][^\s'\"]{5,})|"
                # HTTPie's -a user:password; an API secret as curl's user name with no password (curl -u sk_x:);
                # Neo4j's NEO4J_AUTH=user/password; a registry token set by npm, yarn or pnpm; a password file
                # that is an echo (rsync --password-file=<(echo 'x')).
                r"(?:^|[\s;|&])https?(?=\s)[^\n]*?\s(?:-a|--auth)[= ]['\"]?[^\s:'\"]+:([^\s'\"$<{][^\s'\"]{3,})|"
                r"\bcurl\b[^\n]*?\s(?:-u|--user)\s+['\"]?((?=[A-Za-z_]*\d)[A-Za-z0-9_]{24,}):(?=[\s'\"]|$)|"
                r"\bNEO4J_AUTH\s*[=:]\s*['\"]?[^/\s'\"]+/([^\s'\"$<{]{4,})|"
                r"\b(?:npm|yarn|pnpm)\s+config\s+set\s+\S*(?:_authToken|npmAuthToken|_auth|_password)[= ]\s*['\"]?"
                r"([^\s'\"$<{][^\s'\"]{5,})|"
                r"--[\w-]*pass[\w-]*[= ]<\(\s*(?:echo|printf)\s+['\"]?([^\s'\"$)]{4,})|"
                r"\bsnmp-server\s+community\s+(?!(?:public|private)\s)([^\s'\"]{4,})\s+(?:RO|RW|ro|rw|view)\b|"
                r"(?m:^)[ \t]*(?:enable|username\s+\S+(?:\s+privilege\s+\d+)?)\s+(?:secret|password)\s+"
                r"(?:[07]\s+)?(?![589]\s)([^\s'\"$<{]{4,})|"
                # A network device's shared keys: TACACS+ and RADIUS servers (type 7 is an encoding, not a hash),
                # Junos authentication keys, FortiOS PSKs and passwords (not ENC: encrypted), Wi-Fi pre-shared keys.
                r"(?m:^)[ \t]*(?:tacacs-server|radius-server)\b[^\n]*?\skey\s+(?:[07]\s+)?([^\s'\"$<{]{4,})|"
                r"\bauthentication(?:-key|\s+md5\s+\d+\s+key)\s+\"?(?!\$9\$)([^\s\"]{4,})|"
                r"(?m:^)[ \t]*set\s+(?:psksecret|passwd|password)\s+(?!ENC\s)['\"]?([^\s'\"$<{]{4,})|"
                r"\b(?:wpa2?-)?pre-shared-key\s*=\s*['\"]?([^\s'\"$<{]{8,})|"
                # Windows: reg add ... /v DefaultPassword ... /d X; unattend.xml's <AdministratorPassword><Value>X.
                r"/v\s+\"?\w*(?:Password|Passwd|Pwd)\w*\"?\s+(?:/t\s+\w+\s+)?/d\s+(?:\"([^\"\n]{4,})\"|([^\s\"]{4,}))|"
                r"<(?:\w*Password)>\s*<Value>([^<\s][^<]{3,})</Value>"
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
        *keys_in_use.formats(),
        *key_shapes.formats(),
        *tool_secrets.formats(),
    ]
