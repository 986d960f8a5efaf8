"""What the user trusts: a repository's ``ratchet.config.json`` allowed by its exact content (``ratchet config
allow``). The rule itself (which keys a repository may set) is :data:`ratchet.config.PROJECT_SAFE`."""

from __future__ import annotations

import json
from pathlib import Path

from ratchet.config import allowed_path, digest, parse, read_bytes, validate
from ratchet.store.files import atomic_write, ensure_private_dir


def allow(path: Path) -> str:
    """Trust ``path`` with its current content; returns the SHA-256 recorded. A later edit withdraws it."""
    data = read_bytes(path)
    validate(parse(path, data), f"Config file {path}")
    store = allowed_path()
    try:
        allowed = json.loads(store.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        allowed = {}
    if not isinstance(allowed, dict):
        allowed = {}
    key = str(path.absolute())
    allowed[key] = digest(data)
    ensure_private_dir(store.parent)
    atomic_write(store, json.dumps(allowed, indent=1, sort_keys=True) + "\n")
    return str(allowed[key])


def revoke(path: Path) -> bool:
    """Withdraw the allowance of ``path``; False when there was none."""
    store = allowed_path()
    try:
        allowed = json.loads(store.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    key = str(path.absolute())
    if not isinstance(allowed, dict) or key not in allowed:
        return False
    del allowed[key]
    atomic_write(store, json.dumps(allowed, indent=1, sort_keys=True) + "\n")
    return True
