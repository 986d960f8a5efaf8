"""What is public by design and looks like a secret: public keys and certificates, password hashes, what DNS
publishes, encrypted values meant to be committed. :mod:`ratchet.core.secrets` blanks what :data:`PUBLIC_MATERIAL`
matches (a stand-in of the same length) before any of its layers reads the text, so their random-looking characters
are never taken for a key, and nothing after them is read as their value.
"""

from __future__ import annotations

import re

from ratchet.core.password_words import _POSTAL_PIN

# A password's hash as a login stores it: the modular crypt format (bcrypt, argon2, sha-crypt, yescrypt, scrypt,
# Apache's MD5) or Django's (algorithm$iterations$salt$hash).
_CRYPT_HASH = (
    r"\$(?:2[abxy]?|argon2(?:id|i|d)|[156]|7|y|gy|scrypt|pbkdf2(?:-sha\d+)?|apr1|sha\d+)\$[A-Za-z0-9./+=$,_-]{16,}|"
    r"\b(?:pbkdf2_sha\d+|bcrypt_sha256|argon2|scrypt)\$[A-Za-z0-9./+=$_-]{20,}"
)
# An account's password hash, where it stands for the account: a password file's line (a user's name, then the hash:
# htpasswd, /etc/shadow), a user record's password field (cloud-init's passwd, a Django fixture's "password", a
# users table's row, pfSense's bcrypt-hash, a Caddyfile's basicauth user), MySQL's native password hash. It can be
# cracked offline and a memory needs none of it: a credential (ratchet.core.keys_in_use's "Password File Hash"),
# where the same hash said alone ("is this a valid bcrypt hash? $2b$...") is public. A project decision: blind
# corpora's writers disagree.
_WHOLE_HASH = "(?:" + _CRYPT_HASH + ")(?<=[^$]{16})"  # a hash computed: not "$argon2id$v=19$...$TODO"
ACCOUNT_HASH = re.compile(
    r"(?m)^[ \t]*[\w.@-]{1,32}:(" + _WHOLE_HASH + r")(?=:|[ \t]*$)|"
    r"(?i:\b(?:passwd|password|pass(?:word)?[_-]?hash|hashed[_-]?password|encrypted[_-]?password|bcrypt-hash)\b)"
    r"[\"']?[ \t]*(?:=>|[:=>])[ \t]*[\"']?(" + _WHOLE_HASH + r")|"
    r"^[^\n]*?[\w.@-],(" + _WHOLE_HASH + r")(?=,|[ \t]*$)|"
    r"^[ \t]+[\w.@-]{1,32}[ \t]+(\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53})[ \t]*$|"
    r"(?<![\w*])(\*[0-9A-F]{40})(?![\w])"
)

# Public keys and certificates (a block cut short by a length limit too), SSH public keys and hashed known_hosts
# entries, DKIM records, DER public keys in base64 (RSA, P-256, Ed25519): public by design, blanked before any
# detector looks, so their random-looking base64 is never taken for a key. A hashed known_hosts entry or a public JWK
# cut short where a length limit ends the text (a fact's evidence) is still public.
PUBLIC_MATERIAL = re.compile(
    r"-----BEGIN (?:PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|X509 CRL|"
    r"PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)-----[A-Za-z0-9+/=\s\\]*?(?:-----END [A-Z0-9 ]+-----|$)|"
    r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+|"
    r"\|1\|[A-Za-z0-9+/]+=*\|[A-Za-z0-9+/]+=*|\|1\|[A-Za-z0-9+/=|]*$|\bv=DKIM1;[^\"\n]*|"
    r"\bMI[A-Za-z0-9+/]{2,4}(?:A0GCSqGSIb3DQEBAQUAA4|ANBgkqhkiG9w0BAQEFAAO)[A-Za-z0-9+/]+={0,2}|"
    r"\bMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]+={0,2}|\bMCowBQYDK2VwAyEA[A-Za-z0-9+/]+={0,2}|"
    # What DNS and mail publish or carry for everyone to check: an ACME challenge's TXT value, a message's DKIM and
    # ARC signatures (a header with its folded lines).
    r"\b_acme-challenge\b[^\n]{0,60}?[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])|"
    r"\b(?:DKIM-Signature|ARC-Seal|ARC-Message-Signature):[^\n]*(?:\n[ \t]+[^\n]*)*|"
    # Ids and cursors named as such: a KSUID, a listing's next page token (passed back to page on, not a key).
    r"\bksuid[=:]\s*\"?[0-9A-Za-z]{27}\b|"
    r"\b(?:next_?page_?token|page_?token|next_?cursor|continuation_?token)\"?\s*[:=]\s*\"?[A-Za-z0-9_+/=.-]{8,}|"
    # A response's request or trace id as its header names it (a CDN's ray id too): for support, not a key.
    r"(?i:\b(?:x-)?(?:request|correlation|trace|amzn-request|amz-request|amz-cf)-?id|\bcf-ray|\btraceparent)"
    r"[\"']?\s*[:=]\s*[\"']?[\w.:-]{8,}|"
    # A cryptocurrency address shown to be paid (Bitcoin's base58 or bech32, Ethereum's hex): public by design.
    r"(?i:\b(?:btc|bitcoin|eth|ether(?:eum)?|usdt|ltc|address|donat\w*|wallet)\b[^\n]{0,20}?)"
    r"(?:\b[13][1-9A-HJ-NP-Za-km-z]{25,34}|\bbc1[02-9ac-hj-np-z]{11,71}|\b0x[0-9a-fA-F]{40})(?![\w])|"
    # A password's hash in the modular crypt format (bcrypt, argon2, sha-crypt, yescrypt, scrypt) or Django's
    # (algorithm$iterations$salt$hash): what a login is checked against, not the password. Not an account's own
    # (:data:`ACCOUNT_HASH`), which ratchet.core.secrets leaves for the format layer to find.
    r"(?<![\w$])" + _CRYPT_HASH + "|"
    # Ids a service shows everyone: a JSON Web Key's id (the JWKS publishes it), an S3 object's version id;
    # Algolia's search-only key, which every page that searches sends (named so before it or after the call).
    r"(?i:\bkid\b(?:\s+in\s+the\s+jwks?\s+is|[\"']?\s*[:=])\s*[\"']?)[A-Za-z0-9_-]{8,}|"
    r"(?i:\bversion-?id\b[\"']?\s*[:=]?\s*[\"']?)[A-Za-z0-9._-]{32}(?![\w.-])|"
    r"(?i:\bsearch-only\s+(?:api\s+)?key\b[^\n]{0,40}?)\b[0-9a-f]{32}\b|"
    r"\balgoliasearch\s*\(\s*[\"'][^\"'\n]+[\"']\s*,\s*[\"'][0-9a-f]{32}[\"']\s*\)(?=[^\n]{0,60}?\bsearch-only\b)|"
    # Microsoft's generic volume licence keys (KMS client setup keys), published for every edition: named so.
    r"(?i:\b(?:gvlks?|generic\s+volume\s+licen[cs]e\s+keys?|kms\s+client\s+(?:setup\s+)?keys?)\b[^\n]{0,60}?)"
    r"\b[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}\b|"
    # A stack frame's module and offset ("ucrtbase.dll+0xEE53E"): where a crash happened.
    r"\b[\w.-]+\.(?:dll|exe|so(?:\.\d+)*|dylib|sys|ko)\+0x[0-9A-Fa-f]+\b|"
    # BIP-32 extended public keys (a watch-only wallet): public; the private ones (xprv) are a format.
    r"\b[xyzXYZt]pub[1-9A-HJ-NP-Za-km-z]{100,112}\b|"
    # Values encrypted for a repository (Pulumi's secure config, Ansible Vault): ciphertext, safe to commit.
    r"\bsecure:\s*v1:[A-Za-z0-9+/=:]+|\$ANSIBLE_VAULT;[\d.]+;\w+(?:;\w+)?(?:\s+[0-9a-f]{20,})*|"
    # An image inlined as base64 (a data: URI; a notebook's "image/png" output starts as every PNG does).
    r"\bdata:[\w/+.-]+;base64,[A-Za-z0-9+/=\s\\]+|\b(?:iVBORw0KGgo|R0lGODlh|R0lGODdh)[A-Za-z0-9+/=\\]*|"
    # And encrypted files and values meant to be committed: SOPS values, a SealedSecret's encryptedData, an age or
    # OpenPGP message (with an age recipient, a public key).
    r"\bENC\[AES256_GCM,data:[^\]\n]*\]|\bencryptedData(?::(?:[ \t]*\n[ \t]+[\w.-]+:[ \t]*Ag[A-Za-z0-9+/=]{20,})+|"
    r"\.[\w.-]+:[ \t]*Ag[A-Za-z0-9+/=]{20,})|"
    r"-----BEGIN (?:AGE ENCRYPTED FILE|PGP MESSAGE)-----[A-Za-z0-9+/=:\s\\]*?(?:-----END [A-Z ]+-----|$)|"
    r"\bage1[02-9ac-hj-np-z]{58}\b|"
    # A JSON Web Key with no private member (d, p, q, k...): a public key. A certificate in XML (SAML metadata).
    r"\{(?![^{}]*\"(?:d|p|q|dp|dq|qi|k)\"\s*:)[^{}]*\"kty\"\s*:[^{}]*(?:\}|$)|<(?:ds:)?X509Certificate>[^<]*</(?:ds:)?X509Certificate>|"
    # What DNS publishes (an ACME challenge, a site verification in a TXT record), an SSH key's fingerprint: public.
    # A record's text may run over several quoted strings, one per line (a DKIM key): all of it is published.
    r"\bIN\s+TXT\s+\(?\s*\"[^\"\n]*\"(?:\s*\"[^\"\n]*\")*|\bSHA256:[A-Za-z0-9+/]{43}(?![A-Za-z0-9+/])|"
    # What a page or a redirect shows every visitor: a Content-Security-Policy nonce or hash, an OAuth PKCE challenge
    # (the digest of the verifier, which is the secret and is not sent with it).
    # A public key's pin (HPKP, a certificate pinning config): the digest of a public key.
    r"'(?:nonce|sha256|sha384|sha512)-[A-Za-z0-9+/_=-]+'|\bcode_challenge=[A-Za-z0-9_~.-]{43,128}|"
    r"\bpin-sha256=\"?[A-Za-z0-9+/]{43}=|"
    # The same nonce as a page's element carries it; a JSON Web Key's id ("kid"), which names the key for everyone
    # who checks a signature; text percent-encoded (a space among its escapes: words, not a key); India's postal PIN.
    r"\bnonce=\"[A-Za-z0-9+/_=-]+\"|\"kid\"\s*:\s*\"[^\"\n]{1,200}\"|"
    # A Curve25519 key (WireGuard's, 44 characters of base64) named public in a log, a query or another language.
    r"(?i:\b\w*pub(?:lic)?[_ -]?key|klucz\s+publiczny|clave\s+p[úu]blica|cl[ée]\s+publique|chave\s+p[úu]blica|"
    r"öffentliche[rn]?\s+schlüssel|публичный\s+ключ|公钥|公開鍵|공개\s*키)(?:\s+\w+){0,3}[\"']?\s*[:=]?\s*[\"']?"
    r"[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=|"
    # A kubeconfig's certificates (the client's key is its secret, not these); a Pix key (shared to be paid: a random
    # key, a company's CNPJ, a person's CPF).
    r"\b(?:certificate-authority-data|client-certificate-data):[ \t]*[A-Za-z0-9+/=]+|"
    r"(?i:\bpix\b[^\n]{0,30}?)(?:[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}|"
    r"\d{3}\.\d{3}\.\d{3}-\d{2})|"
    # An open network's Wi-Fi QR code (T:nopass, no P: field): its name, nothing to keep secret.
    r"\bWIFI:(?=(?:[^\n;]*;)*?T:nopass;)(?![^\n]*?\bP:[^;\n])[^\n]*?;;|"
    # A CAPTCHA's site key, which the page's HTML carries for every visitor (reCAPTCHA's data-sitekey, hCaptcha's,
    # Turnstile's sitekey option); its secret key, named so, is another.
    r"\bdata-sitekey=[\"']?[\w-]{20,}|\bsitekey\b[\"']?\s*[:=]\s*[\"'][\w-]{20,}|"
    r"\b[A-Z_]*(?:RECAPTCHA|HCAPTCHA|TURNSTILE)_SITE_?KEY\s*[:=]\s*[\"']?[\w-]{20,}|"
    # A value the text itself calls an example, right after it ("POSTGRES_PASSWORD=mysecretpassword in the example",
    # 'password: "hunter2" just as a joke example', "… als Beispiel"): what a document prints for everyone.
    r"(?<=[\s:=\"'`])[^\s\"'`]{4,64}(?=[\"'`”’]?\s+(?:(?:just|only|nur|solo|juste)\s+)?(?i:in\s+the\s+example|"
    r"as\s+an?\s+(?:\w+\s+)?example|im\s+beispiel|als\s+(?:\w+\s+)?beispiel|en\s+el\s+ejemplo|como\s+ejemplo|"
    r"dans\s+l['’]exemple|comme\s+exemple|nell['’]esempio|come\s+esempio|no\s+exemplo|como\s+exemplo)\b)|"
    # A multipart body's boundary (a browser makes one up for each request: "----WebKitFormBoundary..."); a network
    # card's MAC address, which every network it joins sees ("wifi MAC is 3C:EF:E0:21:1E:91").
    r"\bboundary=\"?[\w'()+,./:=?-]+|(?<![\w:-])[0-9A-Fa-f]{2}(?:(?::[0-9A-Fa-f]{2}){5}|(?:-[0-9A-Fa-f]{2}){5})(?![\w:-])|"
    r"(?=[\w.~%-]*%20)(?:[\w.~-]*%[0-9A-Fa-f]{2}){2,}[\w.~-]*|(?i:" + _POSTAL_PIN.pattern.removeprefix("(?i)") + ")",
)
