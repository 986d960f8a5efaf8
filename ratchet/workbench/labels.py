"""Labelled real transcripts and a person's grades of what extraction stored from them.

A labels file is JSONL, one transcript a line (``ratchet/schema/labels.schema.json``): the transcript's path
relative to a corpus root, its source (``claude/alex``, ``chat/sharegpt``), format and kind, the facts a careful
reader keeps (``expected``), the facts that must never be stored (``forbidden``, with why) and literal strings no
stored fact may contain (``never_contains``). ``holdout: true`` keeps a line out of tuning.

A grade file is JSONL too (``ratchet/schema/grade.schema.json``): one stored fact that matched no expected fact a
line, with ``good`` true, false or null (not graded yet). Grades are keyed by (transcript, fact text), so they
carry over between runs that store the same fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.core import schema
from ratchet.errors import NotFoundError, UsageError

Grades = dict[tuple[str, str], dict[str, Any]]


@dataclass
class Label:
    """One labelled transcript."""

    transcript: str  # as written in the labels (relative to the root)
    path: Path  # resolved against the root
    source: str
    format: str
    kind: str
    description: str = ""
    expected: list[dict[str, Any]] = field(default_factory=list)
    forbidden: list[dict[str, Any]] = field(default_factory=list)
    never_contains: list[str] = field(default_factory=list)
    holdout: bool = False
    where: str = ""  # labels file:line


def load_labels(files: list[str | Path], root: str | Path, holdout: tuple[str, ...] = ()) -> list[Label]:
    """Every label of ``files`` with its transcript path resolved against ``root``.

    ``holdout`` prefixes hold out every line whose source or transcript path starts with one of them (besides
    lines marked ``holdout: true``). A bad line is a :class:`UsageError` naming file:line; a transcript that does
    not exist is a :class:`NotFoundError`.
    """
    labels: list[Label] = []
    seen: dict[str, str] = {}
    for file in files:
        for number, record in _jsonl(Path(file), "labels"):
            where = f"{file}:{number}"
            if isinstance(record, dict) and "good" in record and "expected" not in record:
                raise UsageError(f"{where}: a grade line, not a label (grade files go to --grades)")
            problems = schema.errors("labels", record)
            if problems:
                raise UsageError(f"{where}: {problems[0]}")
            name = record["transcript"]
            if name in seen:
                raise UsageError(f"{where}: transcript {name} is labelled twice (first at {seen[name]})")
            seen[name] = where
            held = bool(record.get("holdout")) or any(
                record["source"].startswith(p) or name.startswith(p) for p in holdout
            )
            labels.append(
                Label(
                    transcript=name,
                    path=Path(root) / name,
                    source=record["source"],
                    format=record["format"],
                    kind=record["kind"],
                    description=record.get("description", ""),
                    expected=list(record["expected"]),
                    forbidden=list(record["forbidden"]),
                    never_contains=list(record.get("never_contains", [])),
                    holdout=held,
                    where=where,
                )
            )
    if not labels:
        raise UsageError("No labelled transcripts in " + ", ".join(map(str, files)))
    for label in labels:
        if not label.path.is_file():
            raise NotFoundError(f"Transcript {label.path} not found ({label.where})")
    return labels


def load_grades(files: list[str | Path]) -> Grades:
    """Answers of the grade ``files`` by (transcript, fact); a later file's answer wins over an earlier null."""
    grades: Grades = {}
    for file in files:
        for number, record in _jsonl(Path(file), "grade"):
            problems = schema.errors("grade", record)
            if problems:
                raise UsageError(f"{file}:{number}: {problems[0]}")
            key = (record["transcript"], record["fact"])
            if record["good"] is not None or key not in grades:
                grades[key] = record
    return grades


def grade_lines(rows: list[dict[str, Any]]) -> str:
    """The text of a grade file: one JSON object a line, keys in a fixed order."""
    order = ("transcript", "source", "fact", "category", "importance", "forbidden", "good", "note")
    out = []
    for row in rows:
        ordered = {k: row[k] for k in order if k in row}
        out.append(json.dumps(ordered, ensure_ascii=False))
    return "".join(line + "\n" for line in out)


def _jsonl(path: Path, what: str) -> list[tuple[int, Any]]:
    """(line number, record) of each non-blank line; a missing file or a line that is not JSON is an error."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFoundError(f"{what.capitalize()} file {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise NotFoundError(f"{what.capitalize()} file {path} cannot be read: {exc}") from None
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{number}: not a JSON line ({exc.msg})") from None
    return out
