"""Baseline 2: an SQLite + FTS5 store as in the ralph-mem design (seed 004), standard library only.

The seed's schema: ``sessions``, ``observations`` (content plus JSON metadata) and an external-content FTS5 table
kept in sync by triggers. Facts become observations (category, importance, tier, tags, last reference in the
metadata; the scope as the session's project path). Commands:

- ``index DIR DB``: load the quarter files into a new database (the ingest, Ratchet's embed/cache build analogue).
- ``retrieve DB --query Q``: FTS5 ``MATCH`` over the query terms, ranked by ``bm25()``, top 15.
- ``hook DB``: hook JSON on stdin; ``UserPromptSubmit`` searches the prompt (top 5), ``SessionStart`` injects the
  project's most recent observations, as ralph-mem's hooks do.
- ``manage DB``: the weekly lifecycle in SQL: decay x0.95 per unreferenced week (standard tier), delete rows whose
  score falls below 0.1 (the FTS index follows through the triggers).
- ``extract DB TRANSCRIPT``: record every message and tool result of a Claude Code transcript as an observation
  (ralph-mem records observations; it extracts no facts).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

SCHEMA = """
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    project_path TEXT NOT NULL,
    started_at DATETIME DEFAULT CURRENT_TIMESTAMP,
    ended_at DATETIME,
    summary TEXT,
    tags TEXT
);
CREATE TABLE observations (
    id TEXT PRIMARY KEY,
    session_id TEXT REFERENCES sessions(id),
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    metadata TEXT,
    created_at DATETIME DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX observations_session ON observations(session_id);
CREATE INDEX observations_created ON observations(created_at);
CREATE VIRTUAL TABLE observations_fts USING fts5(content, content=observations, content_rowid=rowid);
CREATE TRIGGER observations_ai AFTER INSERT ON observations BEGIN
    INSERT INTO observations_fts(rowid, content) VALUES (new.rowid, new.content);
END;
CREATE TRIGGER observations_ad AFTER DELETE ON observations BEGIN
    INSERT INTO observations_fts(observations_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
CREATE TRIGGER observations_au AFTER UPDATE OF content ON observations BEGIN
    INSERT INTO observations_fts(observations_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
    INSERT INTO observations_fts(rowid, content) VALUES (new.rowid, new.content);
END;
"""
WORD = re.compile(r"[A-Za-z0-9]+")
STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the to was we were with".split()  # noqa: SIM905
)


def _now() -> str:
    value = os.environ.get("RATCHET_NOW")
    when = datetime.fromisoformat(value.replace("Z", "+00:00")) if value else datetime.now(UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _connect(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=WAL")
    return conn


def index(root: Path, db: Path) -> str:
    if db.exists():
        db.unlink()
    conn = _connect(db)
    conn.executescript(SCHEMA)
    sessions: dict[str, str] = {}
    rows = []
    for path in sorted(root.glob("facts-*-Q*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if not line.strip():
                    continue
                fact = json.loads(line)
                if fact.get("superseded_by"):
                    continue
                session = fact.get("source_session") or "unknown"
                sessions.setdefault(session, fact.get("scope") or "global")
                meta = {k: fact.get(k) for k in ("category", "importance", "tier", "tags", "last_referenced")}
                meta["reference_count"] = fact.get("reference_count", 0)
                created = fact["created"].replace("T", " ").replace("Z", "")
                rows.append((fact["id"], session, "note", fact["content"], json.dumps(meta), created))
    with conn:
        conn.executemany("INSERT INTO sessions(id, project_path) VALUES (?, ?)", sessions.items())
        conn.executemany("INSERT INTO observations VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.close()
    return f"indexed {len(rows)}"


def _match(text: str) -> str:
    terms = dict.fromkeys(t.lower() for t in WORD.findall(text) if t.lower() not in STOP)
    return " OR ".join(f'"{t}"' for t in terms)


def search(conn: sqlite3.Connection, text: str, limit: int) -> list[tuple[str, str, str]]:
    match = _match(text)
    if not match:
        return []
    return conn.execute(
        "SELECT o.id, o.content, o.created_at FROM observations_fts f JOIN observations o ON o.rowid = f.rowid "
        "WHERE observations_fts MATCH ? ORDER BY bm25(observations_fts) LIMIT ?",
        (match, limit),
    ).fetchall()


def _render(rows: list[tuple[str, str, str]]) -> str:
    return "\n".join(["## Related memory", ""] + [f"- [{r[0][:8]}] {r[1]} ({r[2][:10]})" for r in rows])


def retrieve(db: Path, query: str, limit: int = 15) -> str:
    conn = _connect(db)
    return _render(search(conn, query, limit))


def hook(db: Path) -> str:
    payload = json.loads(sys.stdin.read() or "{}")
    event = payload.get("hook_event_name", "SessionStart")
    conn = _connect(db)
    if event == "UserPromptSubmit":
        rows = search(conn, payload.get("prompt") or "", 5)
    else:
        project = "repo:github.com/acme/" + Path(payload.get("cwd") or ".").resolve().name
        rows = conn.execute(
            "SELECT o.id, o.content, o.created_at FROM observations o JOIN sessions s ON s.id = o.session_id "
            "WHERE s.project_path IN ('global', ?) ORDER BY o.created_at DESC LIMIT 15",
            (project,),
        ).fetchall()
    return json.dumps({"hookSpecificOutput": {"hookEventName": event, "additionalContext": _render(rows)}})


def manage(db: Path) -> str:
    conn = _connect(db)
    now = _now()
    weeks = "CAST((julianday(?) - julianday(json_extract(metadata, '$.last_referenced'))) / 7 AS INTEGER)"
    days = "MAX(julianday(?) - julianday(json_extract(metadata, '$.last_referenced')), 0)"
    score = f"json_extract(metadata, '$.importance') * exp(-0.693147 / 30 * {days})"
    # Not every SQLite build has the math functions: register them (as Python, like the rest of this baseline).
    conn.create_function("exp", 1, math.exp, deterministic=True)
    conn.create_function("pow", 2, math.pow, deterministic=True)
    with conn:
        decayed = conn.execute(
            "UPDATE observations SET metadata = json_set(metadata, '$.importance', "
            f"json_extract(metadata, '$.importance') * pow(0.95, {weeks})) "
            "WHERE json_extract(metadata, '$.tier') = 'standard'",
            (now,),
        ).rowcount
        purged = conn.execute(
            f"DELETE FROM observations WHERE json_extract(metadata, '$.tier') != 'permanent' AND {score} < 0.1",
            (now,),
        ).rowcount
    conn.close()
    return f"decayed {decayed}, purged {purged}"


def _texts(message: dict) -> list[tuple[str, str]]:
    content = message.get("content")
    if isinstance(content, str):
        return [("note", content)]
    out = []
    for block in content or []:
        if block.get("type") == "text":
            out.append(("note", block["text"]))
        elif block.get("type") == "tool_result":
            body = block.get("content")
            text = body if isinstance(body, str) else json.dumps(body)
            out.append(("error" if block.get("is_error") else "tool_use", text))
    return out


def extract(db: Path, transcript: Path) -> str:
    conn = _connect(db)
    rows = []
    session = None
    with transcript.open(encoding="utf-8") as fh:
        for line in fh:
            entry = json.loads(line)
            if entry.get("type") not in ("user", "assistant") or entry.get("isSidechain"):
                continue
            session = entry.get("sessionId") or session
            for n, (kind, text) in enumerate(_texts(entry.get("message") or {})):
                if text.strip():
                    rows.append((f"{entry['uuid']}-{n}", session, kind, text, "{}", entry.get("timestamp")))
    with conn:
        conn.execute("INSERT OR IGNORE INTO sessions(id, project_path) VALUES (?, 'global')", (session or "unknown",))
        conn.executemany("INSERT OR IGNORE INTO observations VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.close()
    return f"recorded {len(rows)}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="fts5")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("index")
    p.add_argument("dir", type=Path)
    p.add_argument("db", type=Path)
    p = sub.add_parser("retrieve")
    p.add_argument("db", type=Path)
    p.add_argument("--query", required=True)
    p = sub.add_parser("hook")
    p.add_argument("db", type=Path)
    p = sub.add_parser("manage")
    p.add_argument("db", type=Path)
    p = sub.add_parser("extract")
    p.add_argument("db", type=Path)
    p.add_argument("transcript", type=Path)
    args = parser.parse_args(argv)
    if args.command == "index":
        print(index(args.dir, args.db))
    elif args.command == "retrieve":
        print(retrieve(args.db, args.query))
    elif args.command == "hook":
        print(hook(args.db))
    elif args.command == "manage":
        print(manage(args.db))
    else:
        print(extract(args.db, args.transcript))


if __name__ == "__main__":
    main()
