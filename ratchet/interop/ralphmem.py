"""ralph-mem's SQLite database: ``sessions`` (summaries) and ``observations`` (what hooks recorded).

Schema (ralph-mem PRD, section 4.1)::

    sessions(id, project_path, started_at, ended_at, summary, tags /* JSON array */)
    observations(id, session_id, type /* tool_use|error|success|note */, content, metadata /* JSON */, created_at)
    loop_runs(...)  -- loop state, not memory: counted and passed over

Each observation becomes a fact (types mapped by :data:`ratchet.interop.common.CATEGORY_FOR_TYPE`), tagged with
its type, its tool (``metadata.tool`` / ``tool_name``) and ``metadata.tags``; a session's summary becomes a fact
of its own. Observations recorded from tool output (``tool_use``, ``success``, ``error``) are untrusted, as
Ratchet treats tool results everywhere. The session's ``project_path`` gives the scope when that directory is
a repository here. Content marked ``<private>`` is passed over. The file is opened read-only; a file that is not
a readable SQLite database is one error, not a partial import.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from ratchet.errors import NotFoundError, RatchetError
from ratchet.interop.common import Item, Parsed, Problem, fact_id_for, file_time, normalise_date

TOOL_TYPES = ("tool_use", "success", "error")
KNOWN_TYPES = (*TOOL_TYPES, "note")


def read_tables(path: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], int]:
    """``(sessions by id, observations, number of loop runs)``; raises one error for an unreadable database."""
    if not path.is_file():
        raise NotFoundError(f"ralph-mem database {path} not found")
    conn = None
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        if "observations" not in tables:
            raise RatchetError(f"{path} is not a ralph-mem database: it has no observations table")
        sessions: dict[str, dict[str, Any]] = {}
        if "sessions" in tables:
            for row in conn.execute("SELECT * FROM sessions"):
                record = dict(row)
                sessions[str(record.get("id"))] = record
        observations = [dict(row) for row in conn.execute("SELECT * FROM observations")]
        loops = conn.execute("SELECT count(*) FROM loop_runs").fetchone()[0] if "loop_runs" in tables else 0
    except sqlite3.DatabaseError as exc:
        raise RatchetError(f"{path} is not a readable SQLite database ({exc})") from None
    finally:
        if conn is not None:
            conn.close()
    observations.sort(key=lambda r: (str(r.get("created_at") or ""), str(r.get("id") or "")))
    return sessions, observations, int(loops)


def parse_file(path: Path) -> Parsed:
    """Facts of a ralph-mem database (see module docstring)."""
    from ratchet.core.scope import scope_for

    sessions, observations, loops = read_tables(path)
    parsed = Parsed()
    fallback = file_time(path)
    scopes: dict[str, str | None] = {}

    def scope_of(session_id: str | None) -> str | None:
        if session_id is None or session_id not in sessions:
            return None
        if session_id not in scopes:
            project = sessions[session_id].get("project_path")
            found = scope_for(project) if project and Path(str(project)).is_dir() else "global"
            scopes[session_id] = found if found != "global" else None
        return scopes[session_id]

    for sid, session in sessions.items():
        where = f"sessions/{sid}"
        summary = str(session.get("summary") or "").strip()
        if not summary:
            continue
        problems: list[str] = []
        tags = _json_list(session.get("tags"), problems, "tags")
        created = _date(session.get("started_at"), problems) or fallback
        if problems:
            parsed.problems.append(Problem(where, "; ".join(problems), sid))
            continue
        if "<private>" in summary:
            parsed.ignored.append(Problem(where, "marked <private>", sid))
            continue
        parsed.items.append(
            Item(
                where=where,
                content=summary,
                source_type="session",
                source_id=sid,
                fact_id=fact_id_for("ralph-mem-sqlite", f"session-{sid}"),
                tags=tags,
                created=created,
                scope=scope_of(sid),
                source_session=sid[:200],
                meta=_project(session),
            )
        )
    for obs in observations:
        oid = str(obs.get("id") or "")
        where = f"observations/{oid or '?'}"
        problems = []
        kind = str(obs.get("type") or "")
        content = str(obs.get("content") or "").strip()
        if not oid:
            problems.append("observation without id")
        if kind not in KNOWN_TYPES:
            problems.append(f"unknown type '{kind}' (known: {', '.join(KNOWN_TYPES)})")
        if not content:
            problems.append("observation without content")
        metadata = _json_object(obs.get("metadata"), problems)
        session_id = str(obs["session_id"]) if obs.get("session_id") is not None else None
        when = _date(obs.get("created_at"), problems)
        if problems:
            parsed.problems.append(Problem(where, "; ".join(problems), oid or None))
            continue
        if "<private>" in content:
            parsed.ignored.append(Problem(where, "marked <private>", oid))
            continue
        if when is None and session_id in sessions:
            when = _date(sessions[session_id].get("started_at"), [])
        tags = [kind]
        tool = metadata.get("tool") or metadata.get("tool_name")
        if isinstance(tool, str) and tool.strip():
            tags.append(tool)
        extra = metadata.get("tags")
        if isinstance(extra, list):
            tags += [str(t) for t in extra if isinstance(t, str | int)]
        untrusted = kind in TOOL_TYPES
        parsed.items.append(
            Item(
                where=where,
                content=content,
                source_type=kind,
                source_id=oid,
                fact_id=fact_id_for("ralph-mem-sqlite", oid),
                tags=tags,
                created=when or fallback,
                scope=scope_of(session_id),
                source_session=session_id[:200] if session_id else None,
                source_trust="untrusted" if untrusted else "trusted",
                trust_reasons=["tool_result"] if untrusted else [],
                meta=_project(sessions.get(session_id or "", {})),
            )
        )
    if loops:
        parsed.ignored.append(Problem("loop_runs", f"{loops} loop run(s): loop state, not memory"))
    return parsed


def _project(session: dict[str, Any]) -> dict[str, Any]:
    project = session.get("project_path")
    return {"project_path": str(project)} if project else {}


def _date(value: Any, problems: list[str]) -> str | None:
    if value is None or str(value).strip() == "":
        return None
    found = normalise_date(str(value))
    if found is None:
        problems.append(f"date '{value}' cannot be read")
    return found


def _json_object(value: Any, problems: list[str]) -> dict[str, Any]:
    if value is None or str(value).strip() == "":
        return {}
    try:
        data = json.loads(str(value))
    except json.JSONDecodeError as exc:
        problems.append(f"metadata is not JSON ({exc.msg})")
        return {}
    if not isinstance(data, dict):
        problems.append("metadata is not a JSON object")
        return {}
    return data


def _json_list(value: Any, problems: list[str], what: str) -> list[str]:
    if value is None or str(value).strip() == "":
        return []
    try:
        data = json.loads(str(value))
    except json.JSONDecodeError as exc:
        problems.append(f"{what} is not JSON ({exc.msg})")
        return []
    if not isinstance(data, list):
        problems.append(f"{what} is not a JSON array")
        return []
    return [str(t) for t in data if isinstance(t, str | int)]
