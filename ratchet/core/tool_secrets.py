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
                r"\bcurl\b[^\n]*?\s-u\s+['\"]?:([A-Za-z0-9_.~+/=-]{16,})"
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
            re.compile(r"\b(?:username\s+\S+(?:\s+privilege\s+\d+)?|enable)\s+(?:secret|password)\s+0\s+(\S{4,})"),
        ),
        # smtp.login('ana@example.com', 'pass'), ftp.login("user", "pass"): a user's literal, then the password's.
        (
            "Login Call Password",
            re.compile(
                r"\.login\(\s*(?:user\s*=\s*)?['\"][^'\"\s]{1,80}['\"]\s*,\s*(?:passwd\s*=\s*|password\s*=\s*)?"
                r"['\"]([^'\"\n]{4,80})['\"]\s*\)"
            ),
        ),
        # A browser's cookie file (Netscape's format, tab-separated): a session's or a login's cookie and its value.
        (
            "Cookie File Session",
            re.compile(
                r"(?m)^[^\t\n]+\t(?:TRUE|FALSE)\t[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t"
                r"(?i:[\w.-]*(?:sess|sid|auth|token|li_at|remember|login|logged_in)[\w.-]*)\t([^\t\n]{16,})[ \t]*$"
            ),
        ),
    ]
