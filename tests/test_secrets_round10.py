"""Round 10 of the credential filter (tuned by class on ``heldout-9``, blind until round 9 was final): passwords of
words joined by "=" and "+", the answer to a chat's question for a password or a code, codes of alarms, phones and
key boxes in other languages, command lines (psexec, cqlsh, SNMPv3, HTTPie, curl's key as user, npm tokens), the
lower-case and camelCase names configs give a password, password columns of Markdown tables and browser exports,
keys that code and addresses carry (an SDK client's literal, an HMAC key, RPC and webhook paths), and the look-alikes
each rule must leave alone. Every example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Words joined by "=" and "+" after a password's word or name.
        ("Passwort fürs NAS: kettle=harbor=violin", "kettle=harbor=violin"),
        ("mot de passe du wifi : lemon+crane=pilot", "lemon+crane=pilot"),
        ("the vpn pw is anchor=tulip=meadow, don't share", "anchor=tulip=meadow"),
        ("  ADMINPASSWORD: 'walnut=comet+ferry'", "walnut=comet+ferry"),
        ("ALTER ROLE app WITH PASSWORD 'pebble=orchid=saddle';", "pebble=orchid=saddle"),
        # The answer to a question for a password or a code, a message or two later.
        ("[09:14] Lea: what's the wifi password again?\n[09:15] Tom: Harbor4471\n[09:15] Lea: ty", "Harbor4471"),
        ("Ana: qual é o código do portão?\nRui: 5512#\nAna: obrigada", "5512#"),
        ("Kim, [2025-02-03 10:01]\nwie war das Passwort vom Drucker?\nJo, [2025-02-03 10:02]\nToner77x\n", "Toner77x"),
        # Codes of alarms, phones and key boxes, in other languages; a mobile banking PIN.
        ("le code de l'alarme c'est 604219 si tu passes", "604219"),
        ("Code der Alarmanlage: 551902", "551902"),
        ("caixa de chaves: código 7730915", "7730915"),
        ("código de desbloqueio do celular: 318844", "318844"),
        ("the banking app mpin 90417726", "90417726"),
        # Command lines.
        ("psexec \\\\10.1.2.3 -u CORP\\ops -p Falcon4410 cmd", "Falcon4410"),
        ("cqlsh 10.0.0.7 -u cassandra -p orbit5531", "orbit5531"),
        ("snmpget -v3 -u mon -l authPriv -a SHA -A 'Qz81vT5mPw2k' -x AES -X 'Lm7Rt3Wq9Xz1' 10.0.0.9", "Qz81vT5mPw2k"),
        ("http -a mia:Glider2290 GET https://10.0.0.4/api/users", "Glider2290"),
        (
            "curl https://api.example.com/export -u 7c1e9a2b44d05f3e8a6b9c0d1e2f3a4b: -d x=1",
            "7c1e9a2b44d05f3e8a6b9c0d1e2f3a4b",
        ),
        ("NEO4J_AUTH=neo4j/pepper8842", "pepper8842"),
        ("npm config set //registry.example.com/:_authToken Zq81Lm4vTn2w", "Zq81Lm4vTn2w"),
        ("rsync -a src/ rsync://bk@10.0.0.2/data --password-file=<(echo 'marble6612')", "marble6612"),
        # The names configs give a password: lower-case glued, camelCase "Pass".
        ("remotepass = Orchid.7713.lamp", "Orchid.7713.lamp"),
        ('<Connector port="8443" keystorePass="gravel_tulip4"/>', "gravel_tulip4"),
        # Password columns: a Markdown table, a browser's export, a column that says more.
        ("| host | root pw |\n|---|---|\n| db-02 | kestrel-mango-rivet |\n", "kestrel-mango-rivet"),
        ("name,url,username,password_value\nshop,https://shop.example,ana,Vw8~qLr2Zt\n", "Vw8~qLr2Zt"),
        ("client;site;ftp_pass\nAcme;acme.example;Tern_ledger5\n", "Tern_ledger5"),
        ("Nom;Mot de passe provisoire\nLéa;Glaive2024!\n", "Glaive2024!"),
        # Keys that code and addresses carry; formats whose shape is their name.
        ('dg = SpeechClient("9b1c2d3e4f5061728394a5b6c7d8e9f0")', "9b1c2d3e4f5061728394a5b6c7d8e9f0"),
        ('sig = hmac.new(b"4f1e2d3c4b5a69788796a5b4c3d2e1f0", body, sha256)', "4f1e2d3c4b5a69788796a5b4c3d2e1f0"),
        ("RPC=https://mainnet.infura.io/v3/Tq81Lm4vZn2wXr7pKs3dHj9bNc5fGy6a", "Tq81Lm4vZn2wXr7pKs3dHj9bNc5fGy6a"),
        ("https://hooks.example.com/webhook/Qw8eRt2yUi4oPa6sDf1gHj3k", "Qw8eRt2yUi4oPa6sDf1gHj3k"),
        (
            "http://10.0.0.30/api/Zx81Cv4bNm2qWe7rTy3uIo9pAs5dFg6hJk1lQw0e/lights",
            "Zx81Cv4bNm2qWe7rTy3uIo9pAs5dFg6hJk1lQw0e",
        ),
        ("deploy pk: 0x" + "3a" * 32, "0x" + "3a" * 32),
        ("-----BEGIN OpenVPN Static key V1-----\n" + "0f1e2d3c4b5a69788796a5b4c3d2e1f0\n" * 2, "-----BEGIN OpenVPN"),
        ("SECRET_KEY = 'django-insecure-q8#v1!m2z@x4r7t9p0w3e5y6u8i0o2a4s6d8f0g2'", "django-insecure-q8#v1"),
        ("key for the widget: sk_Qw8eRt2yUi4oPa6sDf1gHj3kLz5xCv7b", "sk_Qw8eRt2yUi4oPa6sDf1gHj3kLz5xCv7b"),
        ('<Server><User>ops</User><Pass encoding="base64">bWFyYmxlNjYxMg==</Pass></Server>', "bWFyYmxlNjYxMg=="),
        ("smtp_sasl_password_maps = static:relay:Otter!5521", "Otter!5521"),
        ("  AdminPassword:\n    Type: String\n    NoEcho: true\n    Default: quartz7781\n", "quartz7781"),
        (
            "rclone: secret_access_key = Tq81Lm4vZn2wXr7pKs3dHj9bNc5fGy6aQe0rUi1o",
            "Tq81Lm4vZn2wXr7pKs3dHj9bNc5fGy6aQe0rUi1o",
        ),
        ('headers = {"Authorization": "Basic bWlhOkdsaWRlcjIyOTA="}', "bWlhOkdsaWRlcjIyOTA="),
        ("Acme recovery codes (ops@acme.example)\n3f9a1-c27b4\n8e0d2-5a1c9\n", "3f9a1-c27b4"),
        # What a caught text must also lose on redaction: every password of a cloud-init list, a kickstart's root
        # password, WooCommerce's and OVH's keys, curl's -u on a continued line, a lock's word-and-number combination.
        ("#cloud-config\nchpasswd:\n  list: |\n    root:Gx81!pebble\n    ops:tern_77walnut\n", "tern_77walnut"),
        ("rootpw --plaintext cobalt-fern+ridge", "cobalt-fern+ridge"),
        ("woo: cs_" + "7f0d6196" * 5, "cs_" + "7f0d6196" * 5),
        (
            "OVH: AK Vq81Lm4vTn2wXr7p, AS a0yqixhvp67j8fwb8y5nhts3sdeyqzx1 for certbot",
            "a0yqixhvp67j8fwb8y5nhts3sdeyqzx1",
        ),
        ('curl https://api.example.com/token \\\n  -u "cid_4411:Etso6jDf3kkN3n2B" \\\n  -d x=1', "Etso6jDf3kkN3n2B"),
        ("- gym locker combo otter2291", "otter2291"),
    ],
)
def test_round_10_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        "A: what's the code for the meeting room?\nB: 2024\nA: and the zip code?\nB: 10115",
        "Ana: what's the error code?\nBo: 502\nAna: and the status code after?\nBo: 504",
        "Q: which password manager do you use?\nA: Bitwarden",
        "| rule | min length | password |\n|---|---|---|\n| length | 12 | required |\n",
        "the bypass = on in the proxy settings",
        "timeout := 5*time.Second",
        "the token starts with eyJ, that's just base64 of a brace",
        "client_id: N8dLq2Vw7XkP4rTz9mYc3bHs6Jf1aGe5",
        "Figma file key 7kRqLm2VwXz9Pn4Tb8Yc (design system)",
        "tx 0x" + "5b" * 32 + " confirmed in block 19",
        "Default: t3.micro\n  DBPassword:\n    Type: String\n    NoEcho: true\n",
        "curl -u admin: http://localhost:8080",
        "see https://n8n.example.com/webhook/order-created for the flow",
        "sk_function_name_without_digits_at_all_here",
        "#cloud-config\nchpasswd:\n  list: |\n    root:RANDOM\n  expire: false\n",
        "rootpw --iscrypted $6$rounds=4096$salt$hash",
        "the combination of python3 and numpy",
    ],
)
def test_round_10_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
