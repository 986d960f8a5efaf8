"""Round 12 of the credential filter (tuned by class on ``heldout-11``, blind until round 11 was final): the
passwords tools take on command lines and in statements (lftp, htpasswd, chpasswd, smbpasswd, rabbitmqadmin, racadm,
curl's token as the password, SQL Server's linked login, Redis' ACL), a login call in code, a cookie file's session,
a typed literal (Scala, Kotlin, Swift, VB), HCL's name and value, security questions, phone codes, lockers and
recovery codes in more languages, a token a chat asked for, a value alone below its label; and the look-alikes they
must leave alone (a translation of the word "password", a Secret's type, an ARN, a regular expression, code that
makes a password, a postal PIN code, a bundler's hashed file, what DNS publishes, amounts in a transaction). Every
example is written here, none copied from a corpus."""

from __future__ import annotations

import pytest

from ratchet.core import secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # Command lines and server statements.
        ("lftp -u deploy,'Quartz7788!' sftp://files.example.net", "Quartz7788!"),
        ("htpasswd -b /etc/apache2/.htpasswd mia 'Lantern4410'", "Lantern4410"),
        ("echo 'svc:Kq8-Wm2Zt' | sudo chpasswd", "Kq8-Wm2Zt"),
        ("(echo 'Invierno2023.'; echo 'Invierno2023.') | smbpasswd -s -a ana", "Invierno2023."),
        ("rabbitmqadmin -H mq1 -u ops -p 'harbor_oyster_ridge41' list exchanges", "harbor_oyster_ridge41"),
        ("racadm -r 10.0.0.12 -u root -p 'amber.clock.river.nine' getsysinfo", "amber.clock.river.nine"),
        ("curl -u :Zx9q2Lm7Pw4Rt8Kv3Nb6Hy1Jc5Wd0Fs https://dev.azure.com/org/_apis", "Zx9q2Lm7Pw4Rt8Kv3Nb6"),
        (
            "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'OLD', @rmtuser = N'etl', @rmtpassword = N'Harvest2021!';",
            "Harvest2021!",
        ),
        ("ACL SETUSER reports on >Tulip88? ~stats:* +get", "Tulip88?"),
        ("!\nusername netops privilege 15 secret 0 Gr4nite!Fox\n!", "Gr4nite!Fox"),
        # A login call in code, a cookie file's session cookie.
        (
            "with smtplib.SMTP('mail.example.org', 587) as m:\n    m.login('ops@example.org', 'Rq7vLm2Xw9Kt')",
            "Rq7vLm2Xw9Kt",
        ),
        (
            "# Netscape HTTP Cookie File\n"
            ".example.org\tTRUE\t/\tTRUE\t1790000000\tapp_session\tQm8xTz2Lp5Rw9Kv3Nh7Yc1Bd",
            "Qm8xTz2Lp5Rw9Kv3Nh7Yc1Bd",
        ),
        # A typed literal; HCL's name and value.
        ('val stripeSecretKey: String = "9f2c7a1e5b3d8f0c4a6e2b7d1f9c3a5e"', "9f2c7a1e5b3d8f0c4a6e2b7d1f9c3a5e"),
        ('Private Const PayApiToken As String = "Tq4Wm9Zx2Lp7Rv5Kn8Hb3Jc6"', "Tq4Wm9Zx2Lp7Rv5Kn8Hb3Jc6"),
        (
            'resource "aws_ssm_parameter" "k" {\n  name  = "/prod/push/server_key"\n'
            '  value = "Lm2Xz9Rt4Kv8Nb3Hy6Jc1"\n}',
            "Lm2Xz9Rt4Kv8Nb3Hy6Jc1",
        ),
        # Security questions, phone codes, lockers and recovery codes in more languages.
        ("pregunta de seguridad: nombre de mi primer perro, la respuesta es Tobías", "Tobías"),
        ("контрольный вопрос — город рождения — ответ Kaluga", "Kaluga"),
        ("güvenlik sorusu (ilk okul) cevabı: Ataturk1", "Ataturk1"),
        ("код разблокировки телефона: 803316", "803316"),
        ("kode buka hp: 715520", "715520"),
        ("combinación del casillero: 12-34-08", "12-34-08"),
        ("codes de secours Dropbox :\nk3x9-p2m7, q8w4-z1n6, r5t2-y7c3", "k3x9-p2m7"),
        # A token a chat asked for; a value alone below its label.
        (
            "[10:01] Ana: what's the new deploy token?\n[10:02] Bo: here: 7c1e9a2b44d05f3e8a6b9c0d1e2f3a4b5c6d7e8f",
            "7c1e9a2b44d05f",
        ),
        ("senha do wifi da loja:\nKJ4820PQ7Z\n(rede Loja_5G)", "KJ4820PQ7Z"),
        ("пароль от почты:\nOrbitMangoVelvetCrane", "OrbitMangoVelvetCrane"),
    ],
)
def test_round_12_credential_classes(text: str, secret: str) -> None:
    assert secrets.scan(text), text
    assert secret not in secrets.redact(text), text


@pytest.mark.parametrize(
    "text",
    [
        '{\n  "auth.password": "Mot de passe",\n  "auth.forgot_password": "Mot de passe oublié ?"\n}',
        "NAME        TYPE                             DATA   AGE\n"
        "pull-creds  kubernetes.io/dockerconfigjson   1      3d",
        '"Resource": "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/api/*"',
        "check password: /^(?=.*[a-z])(?=.*\\d).{12,}$/",
        "token = ''.join(secrets.choice(alphabet) for _ in range(32))",
        "my pincode is 560034, will the courier deliver to this area?",
        "dist/assets/vendor-Qm8xTz2L.js   412.10 kB │ gzip: 120.55 kB",
        "add TXT google-site-verification=Tq4Wm9Zx2Lp7Rv5Kn8Hb3Jc6Yd1Fs0Ga8Eu2Wi7Qo",
        '"blockNumber": "19000123",\n"value": "4012888888881881",\n"gas": "21000"',
        "send 20 USDT (TRC20) to TQ5bKx9mWf3Lp7Rv2Zn8Hy4Jc6Wd1Fs9Ga",
        "[09:00] Ana: what's the token expiry now?\n[09:01] Bo: 3600",
        "at io.acme.service.OrderService.lambda$handle$0(OrderService.java:88)",
    ],
)
def test_round_12_look_alikes(text: str) -> None:
    assert secrets.scan(text) == [], text
