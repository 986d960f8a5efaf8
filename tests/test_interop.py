"""Import and export of other tools' memory formats: one fixture per format, every malformed case, round trips."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import FIXTURES, pin_clock

from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.errors import NotFoundError, RatchetError, UsageError
from ratchet.interop import export_crabtalk, export_text, import_path, select
from ratchet.interop.ralph import TRUNCATION_MARKER, render
from ratchet.store import vectors
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

INTEROP = FIXTURES / "interop"
MTIME = 1767261600  # 2026-01-01T10:00:00Z


@pytest.fixture
def store(memory_dir: Path) -> Store:
    return Store(MemoryDir(memory_dir))


@pytest.fixture
def config() -> Config:
    return Config()


def fixture(name: str, tmp_path: Path) -> Path:
    """A copy of a fixture outside the git checkout (so scopes are global) with a known modification time."""
    source = INTEROP / name
    target = tmp_path / "src" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target)
        paths = [target, *target.rglob("*")]
    else:
        shutil.copy(source, target)
        paths = [target]
    for path in paths:
        os.utime(path, (MTIME, MTIME))
    return target


def database(sql_name: str, tmp_path: Path) -> Path:
    path = tmp_path / "src" / (Path(sql_name).stem + ".db")
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript((INTEROP / sql_name).read_text(encoding="utf-8"))
    conn.commit()
    conn.close()
    os.utime(path, (MTIME, MTIME))
    return path


def by_id(store: Store) -> dict:
    return {f.id: f for f in store.facts()}


# ----- Ralph memories ------------------------------------------------------------------------------------------


def test_ralph_memories_fixture(store, config, tmp_path):
    path = fixture("ralph-memories.md", tmp_path)
    report = import_path(store, config, "ralph-memories", path)
    assert report.imported_ids == [
        "mem-1737372000-a1b2",
        "mem-1737372100-c3d4",
        "mem-1737380000-e5f6",
        "mem-1737390000-g7h8",
        "mem-1737400000-i9j0",
        "mem-1737400100-0a0b",
    ]
    assert report.skipped == [] and report.malformed == []
    facts = by_id(store)
    first = facts["mem-1737372000-a1b2"]
    assert first.content == (
        "This codebase uses barrel exports for all module boundaries.\n"
        "Each directory has an index.ts that re-exports public API."
    )
    assert first.category == "process"
    assert first.tags == ["imports", "structure"]
    assert first.created == "2025-01-20T11:20:00Z"  # the id's unix timestamp
    assert first.provenance == "import:ralph-memories"
    assert first.meta == {"source_id": "mem-1737372000-a1b2", "source_type": "pattern"}
    assert first.scope == "global"
    assert first.importance == 0.6
    assert [facts[i].category for i in report.imported_ids] == [
        "process",
        "process",
        "decision",
        "incident",
        "project",
        "project",
    ]
    assert facts["mem-1737390000-g7h8"].tags == ["docker", "debugging", "database"]
    # No metadata comment: no tags, the date from the id.
    assert facts["mem-1737400100-0a0b"].tags == []
    assert facts["mem-1737400100-0a0b"].created == "2025-01-20T19:08:20Z"
    audit = [json.loads(line) for line in store.memdir.audit_log.read_text().splitlines()]
    assert {(a["action"], a["actor"], a["source"]) for a in audit} == {
        ("import", "ratchet import", "import:ralph-memories")
    }


def test_reimport_skips_present_ids(store, config, tmp_path):
    path = fixture("ralph-memories.md", tmp_path)
    import_path(store, config, "ralph-memories", path)
    again = import_path(store, config, "ralph-memories", path)
    assert again.imported_ids == []
    assert [s.kind for s in again.skipped] == ["present"] * 6
    assert str(again.skipped[0]) == "ralph-memories.md:5 mem-1737372000-a1b2: id mem-1737372000-a1b2 already present"
    assert len(store.facts()) == 6


def test_forgotten_ids_are_not_resurrected(store, config, tmp_path):
    path = fixture("ralph-memories.md", tmp_path)
    import_path(store, config, "ralph-memories", path)
    store.remove(["mem-1737372000-a1b2"], actor="test", action="forget", reason="wrong")
    again = import_path(store, config, "ralph-memories", path)
    archived = [s for s in again.skipped if s.kind == "archived"]
    assert [s.source_id for s in archived] == ["mem-1737372000-a1b2"]
    assert "mem-1737372000-a1b2" not in by_id(store)


def test_memory_without_content_aborts_the_run(store, config, tmp_path):
    path = fixture("ralph-malformed-no-content.md", tmp_path)
    report = import_path(store, config, "ralph-memories", path)
    assert report.aborted
    assert [str(p) for p in report.malformed] == [
        "ralph-malformed-no-content.md:9 mem-1737372100-c3d4: memory without content (no '> ' line)"
    ]
    assert store.facts() == []
    partial = import_path(store, config, "ralph-memories", path, partial=True)
    assert not partial.aborted
    assert partial.imported_ids == ["mem-1737372000-a1b2", "mem-1737390000-f00d"]
    assert sorted(by_id(store)) == ["mem-1737372000-a1b2", "mem-1737390000-f00d"]


def test_bad_metadata_comments(store, config, tmp_path):
    path = fixture("ralph-malformed-bad-metadata.md", tmp_path)
    report = import_path(store, config, "ralph-memories", path)
    assert [str(p) for p in report.malformed] == [
        "ralph-malformed-bad-metadata.md:9 mem-1737380100-beef: line 11: bad metadata comment "
        "(want '<!-- tags: a, b | created: YYYY-MM-DD -->')",
        "ralph-malformed-bad-metadata.md:13 mem-1737380200-cafe: line 15: bad metadata comment: "
        "created '2025-13-45' is not a date",
    ]
    assert store.facts() == []


def test_unknown_section(store, config, tmp_path):
    path = fixture("ralph-malformed-unknown-section.md", tmp_path)
    report = import_path(store, config, "ralph-memories", path, partial=True)
    assert [str(p) for p in report.malformed] == [
        "ralph-malformed-unknown-section.md:11 mem-1737373000-dead: unknown section '## Ideas' "
        "(known: Patterns, Decisions, Fixes, Context)"
    ]
    assert list(by_id(store)) == ["mem-1737372000-a1b2"]


def test_other_malformed_blocks(store, config, tmp_path):
    path = tmp_path / "memories.md"
    path.write_text(
        "# Memories\n\n## Fixes\n\n"
        "### not-an-id\n> Some text.\n\n"
        "### mem-1737390000-aaaa\n> First.\n\n"
        "### mem-1737390000-aaaa\n> Again.\n\n"
        "### mem-1737390001-bbbb\n> Quoted.\nnot quoted\n<!-- tags: x | created: 2025-01-20 -->\n\n"
        "### mem-1737390002-cccc\n> One.\n<!-- tags: x | created: 2025-01-20 -->\n"
        "<!-- tags: y | created: 2025-01-20 -->\n",
        encoding="utf-8",
    )
    report = import_path(store, config, "ralph-memories", path, dry_run=True)
    assert [str(p) for p in report.malformed] == [
        "memories.md:5 not-an-id: heading '### not-an-id' is not a memory id (mem-<unix time>-<4 hex>)",
        "memories.md:11 mem-1737390000-aaaa: duplicate id (first at line 8)",
        "memories.md:14 mem-1737390001-bbbb: line 16: text outside the '> ' quote: 'not quoted'",
        "memories.md:19 mem-1737390002-cccc: line 22: a second metadata comment",
    ]
    assert report.imported_ids == ["mem-1737390000-aaaa"]


def test_dry_run_writes_nothing(store, config, tmp_path):
    report = import_path(store, config, "ralph-memories", fixture("ralph-memories.md", tmp_path), dry_run=True)
    assert len(report.imported_ids) == 6
    assert store.facts() == []
    assert not store.memdir.audit_log.exists()


def test_credentials_and_duplicates_are_skipped(store, config, tmp_path):
    store.add(
        [new_fact("Always run cargo test before declaring tasks complete.", category="process", importance=0.6)],
        actor="test",
    )
    path = tmp_path / "memories.md"
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    path.write_text(
        "# Memories\n\n## Patterns\n\n"
        "### mem-1737372100-c3d4\n> Always run `cargo test` before declaring tasks complete.\n\n"
        f"### mem-1737372200-d4e5\n> CI pushes with {token}\n\n"
        "### mem-1737372300-e5f6\n> Integration tests need the redis container.\n",
        encoding="utf-8",
    )
    report = import_path(store, config, "ralph-memories", path)
    kinds = {s.source_id: (s.kind, s.reason) for s in report.skipped}
    assert kinds["mem-1737372100-c3d4"][0] == "duplicate"
    assert kinds["mem-1737372200-d4e5"] == ("secret", "contains a credential (GitHub Token)")
    assert report.imported_ids == ["mem-1737372300-e5f6"]
    assert token not in store.memdir.audit_log.read_text()


def test_duplicates_inside_one_file(store, config, tmp_path):
    path = tmp_path / "memories.md"
    path.write_text(
        "## Patterns\n\n### mem-1737372100-c3d4\n> Services log JSON lines to stdout.\n\n"
        "### mem-1737372200-d4e5\n> Services log JSON lines to stdout.\n",
        encoding="utf-8",
    )
    report = import_path(store, config, "ralph-memories", path)
    assert report.imported_ids == ["mem-1737372100-c3d4"]
    assert [str(s) for s in report.skipped] == ["memories.md:6 mem-1737372200-d4e5: duplicate of mem-1737372100-c3d4"]


def test_missing_file(store, config, tmp_path):
    with pytest.raises(NotFoundError, match="not found"):
        import_path(store, config, "ralph-memories", tmp_path / "nope.md")


def test_too_long_content_is_skipped(store, config, tmp_path):
    path = tmp_path / "memories.md"
    path.write_text("### mem-1737372100-c3d4\n> " + "word " * 900 + "\n", encoding="utf-8")
    report = import_path(store, config, "ralph-memories", path)
    assert [s.kind for s in report.skipped] == ["too-long"]
    assert report.imported_ids == []


# ----- guardrails ----------------------------------------------------------------------------------------------


def test_guardrails_structured(store, config, tmp_path):
    report = import_path(store, config, "ralph-guardrails", fixture("ralph-guardrails-structured.md", tmp_path))
    assert report.imported_ids == ["fix-1737372000-a1b2", "decision-1737372100-b2c3", "pattern-1737372200-c3d4"]
    facts = by_id(store)
    assert [facts[i].category for i in report.imported_ids] == ["incident", "decision", "process"]
    assert facts["fix-1737372000-a1b2"].content == "npm test fails: run npm build first"
    assert facts["fix-1737372000-a1b2"].tags == ["build", "test"]
    assert facts["fix-1737372000-a1b2"].created == "2025-01-20T11:20:00Z"
    assert facts["pattern-1737372200-c3d4"].provenance == "import:ralph-guardrails"


def test_guardrails_legacy_signs(store, config, tmp_path):
    report = import_path(store, config, "ralph-guardrails", fixture("ralph-guardrails-legacy.md", tmp_path))
    assert report.malformed == []
    facts = [by_id(store)[i] for i in report.imported_ids]
    assert [f.content for f in facts] == [
        "Read Before Writing: Always read the existing file first to understand context "
        "(trigger: Before modifying any file)",
        "Recreate containers after image updates: Use `docker compose down` + `docker compose up -d`, not just "
        "`restart`. (trigger: When deploying a new Docker image version) Reason: Restart reuses the old image ID "
        "cached in the container config",
        "One Thing at a Time: Focus on one criterion at a time",
    ]
    assert all(f.category == "process" and f.tags == ["guardrail"] for f in facts)
    assert all(f.created == "2026-01-01T10:00:00Z" for f in facts)  # no dates in signs: the file's time
    assert facts[1].meta["added_after"] == "Iteration 1 - container kept using the old image"
    assert facts[0].id.startswith("sign-")
    again = import_path(store, config, "ralph-guardrails", fixture("ralph-guardrails-legacy.md", tmp_path / "b"))
    assert [s.kind for s in again.skipped] == ["present"] * 3  # ids derived from titles are stable


def test_guardrails_empty_sign_is_malformed(store, config, tmp_path):
    path = tmp_path / "guardrails.md"
    path.write_text("# Guardrails\n\n### Sign:\n\n### Sign: Keep it\n- **Instruction**: small\n", encoding="utf-8")
    report = import_path(store, config, "ralph-guardrails", path, partial=True)
    assert [str(p) for p in report.malformed] == ["guardrails.md:3 ### Sign:: sign without title or instruction"]
    assert [by_id(store)[i].content for i in report.imported_ids] == ["Keep it: small"]


# ----- crabtalk ------------------------------------------------------------------------------------------------


def test_crabtalk_directory(store, config, tmp_path):
    path = fixture("crabtalk", tmp_path) / "config"
    report = import_path(store, config, "crabtalk", path)
    assert [str(s) for s in report.skipped] == ["Crab.md: identity file (agent personality), not memory: not imported"]
    facts = [by_id(store)[i] for i in report.imported_ids]
    assert [(f.id, f.content, f.tags) for f in facts] == [
        ("crabtalk-editor-theme", "The user's editor theme: dark mode everywhere", []),
        (
            "crabtalk-staging-database",
            "The staging database is db-staging-2 in eu-west-1; connect through the bastion host.",
            [],
        ),
        (facts[2].id, "The user wants commit messages in the imperative mood.", ["preferences"]),
        (facts[3].id, "Answers should cite file paths with line numbers.", ["preferences"]),
        (facts[4].id, "The billing service deploys from the `release` branch every Tuesday.", ["projects"]),
    ]
    assert facts[1].meta == {
        "name": "Staging database",
        "description": "Where the staging database lives and how to reach it",
        "source_id": "staging-database",
        "source_type": "entry",
    }
    assert all(f.category == "project" and f.created == "2026-01-01T10:00:00Z" for f in facts)
    assert facts[1].importance == 0.6 and facts[2].importance == 0.8  # MEMORY.md is curated: +0.2
    # The memory directory and the entries directory work as PATH too.
    for other in (path / "memory", path / "memory" / "entries"):
        again = import_path(store, config, "crabtalk", other, dry_run=True)
        assert again.imported_ids == [] and {s.kind for s in again.skipped} <= {"present", "ignored"}


def test_crabtalk_malformed_entries(store, config, tmp_path):
    entries = tmp_path / "memory" / "entries"
    entries.mkdir(parents=True)
    shutil.copy(INTEROP / "crabtalk-malformed-entry.md", entries / "no-fence.md")
    (entries / "open.md").write_text("---\nname: Open\n", encoding="utf-8")
    (entries / "nameless.md").write_text("---\ndescription: d\n---\nbody\n", encoding="utf-8")
    (entries / "empty.md").write_text("---\nname: Empty\n---\n\n", encoding="utf-8")
    (entries / "good.md").write_text("---\nname: Good\ndescription: fine\n---\nUse tabs in Makefiles.\n")
    report = import_path(store, config, "crabtalk", tmp_path / "memory", partial=True)
    assert [str(p) for p in report.malformed] == [
        "entries/empty.md empty: entry without content or description",
        "entries/nameless.md nameless: frontmatter has no name",
        "entries/no-fence.md no-fence: no frontmatter (the file must start with '---')",
        "entries/open.md open: frontmatter not closed by '---'",
    ]
    assert report.imported_ids == ["crabtalk-good"]


def test_crabtalk_not_a_crabtalk_dir(store, config, tmp_path):
    with pytest.raises(NotFoundError, match="No crabtalk memory"):
        import_path(store, config, "crabtalk", tmp_path)


def test_crabtalk_export_and_round_trip(store, config, tmp_path, monkeypatch):
    pin_clock(monkeypatch, "2026-03-01T00:00:00Z")
    import_path(store, config, "crabtalk", fixture("crabtalk", tmp_path) / "config")
    native = new_fact("Prefers: short answers # always", category="preference", importance=0.6, tags=["style"])
    native.promoted = True
    store.add([native], actor="test")
    out = tmp_path / "out" / "memory"
    written, unchanged = export_crabtalk(select(store.facts(), config), out)
    assert unchanged == [] and len(written) == 7
    assert (out / "entries" / "staging-database.md").read_text() == (
        "---\nname: Staging database\ndescription: Where the staging database lives and how to reach it\n"
        "id: crabtalk-staging-database\ncategory: project\ntags: []\ncreated: 2026-01-01T10:00:00Z\n---\n"
        "The staging database is db-staging-2 in eu-west-1; connect through the bastion host.\n"
    )
    assert (out / "entries" / "prefers-short-answers-always.md").read_text() == (
        '---\nname: "Prefers: short answers # always"\ndescription: "Prefers: short answers # always"\n'
        f'id: {native.id}\ncategory: preference\ntags: ["style"]\ncreated: 2026-03-01T00:00:00Z\n---\n'
        "Prefers: short answers # always\n"
    )
    assert (out / "MEMORY.md").read_text() == "# Memory\n\n- Prefers: short answers # always\n"
    # Same content again: nothing rewritten. Changed content: refused without force.
    assert export_crabtalk(select(store.facts(), config), out)[0] == []
    (out / "entries" / "staging-database.md").write_text("edited by hand\n")
    with pytest.raises(RatchetError, match="staging-database.md exists with other content; use --force"):
        export_crabtalk(select(store.facts(), config), out)
    assert export_crabtalk(select(store.facts(), config), out, force=True)[0] == [
        out / "entries" / "staging-database.md"
    ]
    # Round trip: the entries come back as the same facts (MEMORY.md restates a promoted fact: a duplicate).
    fresh = Store(MemoryDir(tmp_path / "fresh"))
    report = import_path(fresh, config, "crabtalk", out)
    assert [s.kind for s in report.skipped] == ["duplicate"]
    original = {f.id: f for f in store.facts()}
    for fact in fresh.facts():
        assert (fact.content, fact.category, fact.tags, fact.created) == (
            original[fact.id].content,
            original[fact.id].category,
            original[fact.id].tags,
            original[fact.id].created,
        )
    assert set(original) == {f.id for f in fresh.facts()}


# ----- ralph-mem SQLite ----------------------------------------------------------------------------------------


def test_ralph_mem_database(store, config, tmp_path):
    path = database("ralph-mem.sql", tmp_path)
    report = import_path(store, config, "ralph-mem-sqlite", path)
    assert report.malformed == []
    assert [str(s) for s in report.skipped] == [
        "observations/obs-0002 obs-0002: marked <private>",
        "loop_runs: 1 loop run(s): loop state, not memory",
    ]
    facts = by_id(store)
    assert report.imported_ids == ["session-sess-2024-01-15", "obs-a1b2", "obs-c3d4", "obs-e5f6", "obs-0001"]
    session = facts["session-sess-2024-01-15"]
    assert (session.content, session.category, session.tags, session.created, session.source_session) == (
        "Implemented JWT authentication in auth.ts with refresh tokens.",
        "project",
        ["auth", "jwt"],
        "2024-01-15T09:00:00Z",
        "sess-2024-01-15",
    )
    error = facts["obs-c3d4"]
    assert (error.category, error.tags, error.source_trust, error.trust_reasons, error.importance) == (
        "incident",
        ["error", "bash"],
        "untrusted",
        ["tool_result"],
        0.45,
    )
    assert error.created == "2024-01-15T10:05:00Z"
    assert error.meta == {"project_path": "/home/dev/webapp", "source_id": "obs-c3d4", "source_type": "error"}
    assert facts["obs-a1b2"].category == "operational"
    note = facts["obs-0001"]
    assert (note.category, note.tags, note.source_trust) == ("project", ["note", "accessibility"], "trusted")


def test_ralph_mem_malformed_rows(store, config, tmp_path):
    path = database("ralph-mem-malformed.sql", tmp_path)
    report = import_path(store, config, "ralph-mem-sqlite", path)
    assert [str(p) for p in report.malformed] == [
        "observations/obs-badmeta obs-badmeta: metadata is not JSON (Expecting ',' delimiter)",
        "observations/obs-badtype obs-badtype: unknown type 'thought' (known: tool_use, success, error, note)",
        "observations/obs-empty obs-empty: observation without content",
    ]
    assert store.facts() == []
    assert import_path(store, config, "ralph-mem-sqlite", path, partial=True).imported_ids == ["obs-good"]


def test_ralph_mem_corrupt_file(store, config, tmp_path):
    with pytest.raises(RatchetError, match=r"corrupt.sqlite is not a readable SQLite database \(.+\)$"):
        import_path(store, config, "ralph-mem-sqlite", fixture("corrupt.sqlite", tmp_path))
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    with pytest.raises(RatchetError, match="is not a ralph-mem database: it has no observations table"):
        import_path(store, config, "ralph-mem-sqlite", empty)
    text = tmp_path / "notes.txt"
    text.write_text("just some text, long enough to fill the sqlite header and then some more" * 3)
    with pytest.raises(RatchetError, match="is not a readable SQLite database"):
        import_path(store, config, "ralph-mem-sqlite", text)
    assert store.facts() == []


# ----- Ratchet JSONL and embeddings.json -----------------------------------------------------------------------


def test_jsonl_merge(store, config, tmp_path):
    report = import_path(store, config, "jsonl", fixture("facts.jsonl", tmp_path))
    assert report.imported_ids == ["0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7"]
    tacoma = by_id(store)["0f8fad5b-d9cb-469f-a165-70867728950e"]
    assert (tacoma.reference_count, tacoma.tier, tacoma.provenance) == (1, "standard", "import:jsonl")
    assert tacoma.meta == {"source_provenance": "llm:gpt-4o-mini"}
    assert by_id(store)["7c9e6679-7425-40de-944b-e07fc1f90ae7"].promoted is True
    # Merging a whole memory directory: ids already present are skipped, new ones kept as they are.
    other = Store(MemoryDir(tmp_path / "other"))
    extra = new_fact("The cat is called Miso.", category="personal", importance=0.6)
    other.add([extra], actor="test")
    import_path(other, config, "jsonl", fixture("facts.jsonl", tmp_path / "b"))
    merged = import_path(store, config, "jsonl", tmp_path / "other")
    assert merged.imported_ids == [extra.id]
    assert sorted(s.kind for s in merged.skipped) == ["present", "present"]


def test_jsonl_malformed(store, config, tmp_path):
    report = import_path(store, config, "jsonl", fixture("facts-malformed.jsonl", tmp_path))
    assert [str(p) for p in report.malformed] == [
        "facts-malformed.jsonl:2 short: tags: is required",
        "facts-malformed.jsonl:3: invalid JSON: Expecting property name enclosed in double quotes at column 2",
    ]
    assert report.aborted and store.facts() == []


def test_embeddings_json(store, config, tmp_path):
    import_path(store, config, "jsonl", fixture("facts.jsonl", tmp_path))
    path = tmp_path / "embeddings.json"
    good = {"0f8fad5b-d9cb-469f-a165-70867728950e": [3.0, 4.0, 0.0], "7c9e6679-7425-40de-944b-e07fc1f90ae7": [0, 0, 2]}
    bad = {"unknown-fact-id": [1.0, 0.0, 0.0], "broken-vector": "nope", "wrong-dim": [1.0, 2.0]}
    path.write_text(json.dumps({**good, **bad}))
    report = import_path(store, config, "embeddings-json", path)
    assert [str(p) for p in report.malformed] == [
        "embeddings.json:broken-vector broken-vector: not a non-empty list of numbers",
        "embeddings.json:wrong-dim wrong-dim: has 2 values, the first vector 3",
    ]
    assert report.aborted and vectors.load_vectors(store.memdir) is None
    report = import_path(store, config, "embeddings-json", path, partial=True)
    assert [str(s) for s in report.skipped] == ["embeddings.json:unknown-fact-id unknown-fact-id: no fact with this id"]
    ids, matrix = vectors.load_vectors(store.memdir)
    assert ids == list(good)
    assert [round(float(v), 2) for v in matrix[0]] == [0.6, 0.8, 0.0]  # stored unit length
    with pytest.raises(RatchetError, match="invalid JSON"):
        (tmp_path / "bad.json").write_text("{")
        import_path(store, config, "embeddings-json", tmp_path / "bad.json")


# ----- export --------------------------------------------------------------------------------------------------


def test_export_ralph_exact(store, config, tmp_path):
    import_path(store, config, "ralph-guardrails", fixture("ralph-guardrails-structured.md", tmp_path))
    native = new_fact("Line one\n\nline three", category="vehicle", importance=0.8, created="2026-02-28T10:00:00Z")
    store.add([native], actor="test")
    text, omitted = export_text(select(store.facts(), config), config, "ralph-memories")
    assert omitted == 0
    assert text == (
        "# Memories\n\n## Patterns\n\n### mem-1737372200-c3d4\n"
        "> All API handlers return { success: boolean, data?: T }\n"
        "<!-- tags: api, types | created: 2025-01-20 -->\n\n## Decisions\n\n### mem-1737372100-b2c3\n"
        "> Chose TailwindCSS over styled-components for bundle size\n"
        "<!-- tags: css, performance | created: 2025-01-20 -->"
        "\n\n## Fixes\n\n### mem-1737372000-a1b2\n> npm test fails: run npm build first\n"
        "<!-- tags: build, test | created: 2025-01-20 -->\n\n## Context\n\n"
        f"### mem-1772272800-{__import__('hashlib').sha1(native.id.encode()).hexdigest()[:4]}\n"
        "> Line one\n>\n> line three\n<!-- tags:  | created: 2026-02-28 -->\n"
    )


def test_export_budget_keeps_best_whole_memories(store, config, tmp_path, monkeypatch):
    pin_clock(monkeypatch, "2025-02-01T00:00:00Z")
    import_path(store, config, "ralph-memories", fixture("ralph-memories.md", tmp_path))
    facts = select(store.facts(), config)
    full, _ = export_text(facts, config, "ralph-memories")
    text, omitted = export_text(facts, config, "ralph-memories", budget=60)
    assert omitted == 5
    assert len(text) <= 60 * 4 < len(full)
    assert text.endswith("\n" + TRUNCATION_MARKER + "\n")
    assert "### mem-1737390000-g7h8" in text  # the fix (0.9, newest) outranks the decision, patterns and context
    generous, none_left = export_text(facts, config, "ralph-memories", budget=10_000)
    assert (generous, none_left) == (full, 0)
    assert TRUNCATION_MARKER not in full


def test_export_filters(store, config, tmp_path, monkeypatch):
    import_path(store, config, "ralph-memories", fixture("ralph-memories.md", tmp_path))
    facts = store.facts()
    ids = lambda **kw: [f.id for f in select(facts, config, **kw)]  # noqa: E731
    assert ids(types=["fix", "decision"]) == ["mem-1737380000-e5f6", "mem-1737390000-g7h8"]
    assert ids(types=["project"]) == ["mem-1737400000-i9j0", "mem-1737400100-0a0b"]
    assert ids(tags=["crates", "storage"]) == ["mem-1737380000-e5f6", "mem-1737400000-i9j0"]
    pin_clock(monkeypatch, "2025-01-21T19:00:00Z")
    assert ids(recent=1) == ["mem-1737400000-i9j0", "mem-1737400100-0a0b"]
    with pytest.raises(UsageError, match="--type: 'bogus' is neither a Ralph type nor a category"):
        select(facts, config, types=["bogus"])


def test_export_jsonl_round_trip(store, config, tmp_path):
    import_path(store, config, "jsonl", fixture("facts.jsonl", tmp_path))
    text, _ = export_text(select(store.facts(), config), config, "jsonl")
    out = tmp_path / "out.jsonl"
    out.write_text(text)
    fresh = Store(MemoryDir(tmp_path / "fresh"))
    import_path(fresh, config, "jsonl", out)

    def records(s):
        return sorted((f.to_dict() for f in s.facts()), key=lambda r: r["id"])

    assert records(fresh) == records(store)


def test_ralph_round_trip_fixture(store, config, tmp_path):
    """Ralph markdown -> import -> export -> import again yields the same facts."""
    import_path(store, config, "ralph-memories", fixture("ralph-memories.md", tmp_path))
    text, _ = export_text(select(store.facts(), config), config, "ralph-memories")
    exported = tmp_path / "exported.md"
    exported.write_text(text)
    fresh = Store(MemoryDir(tmp_path / "fresh"))
    import_path(fresh, config, "ralph-memories", exported)
    assert [f.to_dict() for f in fresh.facts()] == [f.to_dict() for f in store.facts()]
    # Importing the export into the store it came from adds nothing.
    assert import_path(store, config, "ralph-memories", exported).imported_ids == []


def test_render_without_budget_lists_every_type(config):
    facts = [
        new_fact(f"Fact number {n} about {cat}", category=cat, importance=0.5, created=f"2025-01-0{n}")
        for n, cat in enumerate(["incident", "decision", "process", "casual"], 1)
    ]
    text, omitted = render(facts, config)
    assert omitted == 0
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## Patterns",
        "## Decisions",
        "## Fixes",
        "## Context",
    ]
