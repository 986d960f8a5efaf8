"""JSON Schemas of Ratchet's records and their validators.

The ``.json`` files here are the source of truth. :func:`validate` names the failing field in its error.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from ratchet.errors import InvalidFactError


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema ``ratchet/schema/<name>.schema.json`` (package data) as a dict."""
    from importlib import resources  # lazy: about 3 ms, and only a validation reads a schema

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


# ----- the compiled fact check ----------------------------------------------------------------------------------------
GENERATED = {"fact": "factcheck.py", "config": "configcheck.py"}
_EXCEPTIONS = """class JsonSchemaValueException(ValueError):
    \"\"\"A record that does not match the schema (the shape fastjsonschema's generated code raises).\"\"\"

    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.message, self.value, self.name, self.definition, self.rule = message, value, name, definition, rule


JsonSchemaValuesException = JsonSchemaValueException
"""


def generate_check(name: str) -> str:
    """Source of ``ratchet/core/<name>check.py``: ``<name>.schema.json`` compiled to Python by fastjsonschema.

    Why generated ahead of time: every fact read is validated (100k facts at start of ``memory-manage``) and every
    hook validates its config; jsonschema costs about 320 us a fact and 80 ms of imports, the compiled check about
    14 us and nothing; compiling at run time would cost each hook 25 ms, and a hand-written mirror is a second copy of
    the schema to keep in step. fastjsonschema is a development dependency only: the generated module imports
    nothing but ``re`` and ``decimal``. ``tests/test_schema.py`` fails when a file is stale;
    ``python -m ratchet.core.schema`` rewrites them. jsonschema still words the message when a check fails.
    """
    import fastjsonschema

    code = fastjsonschema.compile_to_code(load_schema(name))
    code = code.replace("from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n", _EXCEPTIONS)
    head = (
        f'"""Generated from ratchet/schema/{name}.schema.json by ``python -m ratchet.core.schema``: do not edit."""\n\n'
        "# ruff: noqa\n# mypy: ignore-errors\n# fmt: off\n"
    )
    entry = re.search(r"^def (validate_\w+)\(", code, re.M)
    assert entry is not None, "fastjsonschema changed its output: no validate_ function"
    return head + code + f"\n\nvalidate = {entry.group(1)}\n"


if __name__ == "__main__":
    from pathlib import Path

    for schema_name, file_name in GENERATED.items():
        target = Path(__file__).with_name(file_name)
        target.write_text(generate_check(schema_name), encoding="utf-8")
        print(f"wrote {target}")
