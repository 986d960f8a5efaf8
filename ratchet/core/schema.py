"""JSON Schemas of Ratchet's records and their validators.

The ``.json`` files here are the source of truth. :func:`validate` names the failing field in its error.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ratchet.errors import InvalidFactError


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema ``ratchet/schema/<name>.schema.json`` (package data) as a dict."""
    text = resources.files("ratchet").joinpath("schema", f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def field_path(path: Any) -> str:
    """``tags[2]`` / ``retrieval.token_budget`` from a jsonschema error path."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def errors(name: str, record: Any) -> list[str]:
    """Every problem of ``record`` against schema ``name``, as ``field: message`` strings."""
    found = []
    for err in sorted(_validator(name).iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
        where = field_path(err.absolute_path)
        if err.validator == "required":
            missing = err.message.split("'")[1] if "'" in err.message else err.message
            where = f"{where}.{missing}" if where else missing
            message = "is required"
        elif err.validator == "additionalProperties":
            message = err.message.replace("Additional properties are not allowed", "unknown field")
        else:
            message = err.message
        found.append(f"{where or '(record)'}: {message}")
    return found


def validate(name: str, record: Any, what: str = "fact", error: type[Exception] = InvalidFactError) -> None:
    """Raise ``error`` naming the first bad field when ``record`` does not match schema ``name``."""
    problems = errors(name, record)
    if problems:
        raise error(f"Invalid {what}: {problems[0]}")
