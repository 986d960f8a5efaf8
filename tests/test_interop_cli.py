"""`ratchet import` and `ratchet export`: output, exit codes and errors."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from click.testing import CliRunner
from conftest import FIXTURES, pin_clock

from ratchet.cli.main import cli

INTEROP = FIXTURES / "interop"


def run(*args: str, code: int = 0):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copy(INTEROP / name, target)
    return target


def test_commands_are_listed():
    out = run("--help").stdout
    assert "import" in out and "export" in out


def test_import_then_reimport(tmp_path):
    path = copy("ralph-memories.md", tmp_path)
    result = run("import", "ralph-memories", str(path))
    assert result.stdout == f"Imported 6 facts from ralph-memories {path}\n"
    assert result.stderr == ""
    result = run("import", "ralph-memories", str(path), "--dry-run")
    lines = result.stdout.splitlines()
    assert lines[0] == f"Would import 0 facts from ralph-memories {path}; skipped 6 already present"
    assert lines[1] == "  skipped ralph-memories.md:5 mem-1737372000-a1b2: id mem-1737372000-a1b2 already present"
    assert len(lines) == 7


def test_import_malformed_is_all_or_nothing(tmp_path):
    path = copy("ralph-malformed-no-content.md", tmp_path)
    result = run("import", "ralph-memories", str(path), code=1)
    assert result.stdout == ""
    assert result.stderr == (
        "Warning: skipped malformed ralph-malformed-no-content.md:9 mem-1737372100-c3d4: memory without content "
        "(no '> ' line)\n"
        f"Error: Nothing imported: 1 malformed item in {path} (fix them or use --partial)\n"
    )
    assert json.loads(run("list", "--json").stdout) == []
    result = run("import", "ralph-memories", str(path), "--partial")
    assert result.stdout == f"Imported 2 facts from ralph-memories {path}; skipped 1 malformed\n"
    assert result.stderr.startswith("Warning: skipped malformed ralph-malformed-no-content.md:9")


def test_import_json_report(tmp_path):
    path = copy("ralph-malformed-unknown-section.md", tmp_path)
    result = run("import", "ralph-memories", str(path), "--json", code=1)
    report = json.loads(result.stdout)
    assert report["aborted"] is True and report["imported"] == 0
    assert report["malformed"] == [
        {
            "where": "ralph-malformed-unknown-section.md:11",
            "source_id": "mem-1737373000-dead",
            "reason": "unknown section '## Ideas' (known: Patterns, Decisions, Fixes, Context)",
        }
    ]
    report = json.loads(run("import", "ralph-memories", str(path), "--json", "--partial").stdout)
    assert (report["imported"], report["ids"], report["counts"]) == (1, ["mem-1737372000-a1b2"], {"malformed": 1})


def test_corrupt_sqlite_is_one_line_exit_1(tmp_path):
    path = copy("corrupt.sqlite", tmp_path)
    result = run("import", "ralph-mem-sqlite", str(path), code=1)
    assert result.stdout == ""
    assert result.stderr == f"Error: {path} is not a readable SQLite database (unsupported file format)\n"


def test_import_ralph_mem(tmp_path):
    path = tmp_path / "ralph-mem.db"
    conn = sqlite3.connect(path)
    conn.executescript((INTEROP / "ralph-mem.sql").read_text())
    conn.commit()
    conn.close()
    result = run("import", "ralph-mem-sqlite", str(path))
    assert result.stdout == (
        f"Imported 5 facts from ralph-mem-sqlite {path}; skipped 2 not memory\n"
        "  skipped observations/obs-0002 obs-0002: marked <private>\n"
        "  skipped loop_runs: 1 loop run(s): loop state, not memory\n"
    )


def test_import_missing_path_and_bad_format(tmp_path):
    result = run("import", "ralph-memories", str(tmp_path / "nope.md"), code=1)
    assert result.stderr == f"Error: File {tmp_path / 'nope.md'} not found\n"
    result = run("import", "mem0", "x", code=2)
    assert "'mem0' is not one of" in result.stderr


def test_export_ralph_to_stdout_and_file(tmp_path, monkeypatch):
    pin_clock(monkeypatch, "2025-02-01T00:00:00Z")
    run("import", "ralph-guardrails", str(copy("ralph-guardrails-structured.md", tmp_path)))
    result = run("export", "ralph-memories", "--type", "fix")
    assert result.stdout == (
        "# Memories\n\n## Fixes\n\n### mem-1737372000-a1b2\n> npm test fails: run npm build first\n"
        "<!-- tags: build, test | created: 2025-01-20 -->\n"
    )
    assert result.stderr == "Exported 1 fact\n"
    result = run("export", "ralph-memories", "--budget", "60", "--tags", "css,api")
    assert result.stdout == (
        "# Memories\n\n## Decisions\n\n### mem-1737372100-b2c3\n"
        "> Chose TailwindCSS over styled-components for bundle size\n"
        "<!-- tags: css, performance | created: 2025-01-20 -->\n\n<!-- truncated: budget exceeded -->\n"
    )
    assert result.stderr == "Exported 1 fact; 1 left out by the budget of 60 tokens\n"
    out = tmp_path / "prime.md"
    result = run("export", "ralph-memories", "--output", str(out), "--json")
    assert json.loads(result.stdout) == {"format": "ralph-memories", "exported": 3, "omitted": 0, "output": str(out)}
    assert out.read_text().startswith("# Memories\n\n## Patterns\n")


def test_export_jsonl_and_crabtalk(tmp_path):
    run("import", "jsonl", str(copy("facts.jsonl", tmp_path)))
    lines = run("export", "jsonl", "--tags", "tacoma").stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["0f8fad5b-d9cb-469f-a165-70867728950e"]
    out = tmp_path / "crab" / "memory"
    result = run("export", "crabtalk", "--output", str(out))
    assert result.stderr == f"Exported 2 facts to {out} (3 written, 0 unchanged)\n"
    assert sorted(p.name for p in (out / "entries").iterdir()) == [
        "never-run-database-migrations-on-fridays.md",
        "the-user-s-2020-tacoma-brakes-were-last-serviced-in-june.md",
    ]
    assert (out / "MEMORY.md").read_text() == "# Memory\n\n- Never run database migrations on Fridays.\n"


def test_export_usage_errors(tmp_path):
    assert run("export", "jsonl", "--budget", "10", code=2).stderr == "Error: --budget applies to ralph-memories only\n"
    assert run("export", "crabtalk", code=2).stderr == (
        "Error: crabtalk export needs --output DIR (the crabtalk memory directory)\n"
    )
    assert run("export", "jsonl", "--json", code=2).stderr == (
        "Error: --json needs --output: without it the export itself goes to stdout\n"
    )
    assert run("export", "ralph-memories", "--type", "nope", code=2).stderr.startswith(
        "Error: --type: 'nope' is neither a Ralph type nor a category"
    )
    result = run("export", "jsonl", "--output", str(tmp_path / "missing" / "x.jsonl"), code=1)
    assert result.stderr == f"Error: Directory {tmp_path / 'missing'} does not exist\n"


def test_import_embeddings_json(tmp_path):
    from ratchet.store import vectors
    from ratchet.store.memdir import MemoryDir

    run("import", "jsonl", str(copy("facts.jsonl", tmp_path)))
    path = copy("embeddings.json", tmp_path)
    assert run("import", "embeddings-json", str(path), "--dry-run").stdout == (
        f"Would import 2 vectors from embeddings-json {path}\n"
    )
    assert vectors.load_vectors(MemoryDir(tmp_path / "memory")) is None
    assert run("import", "embeddings-json", str(path)).stdout == f"Imported 2 vectors from embeddings-json {path}\n"
    ids, matrix = vectors.load_vectors(MemoryDir(tmp_path / "memory"))
    assert ids == ["0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7"]
    assert matrix.shape == (2, 4)


def test_export_output_never_clobbers(tmp_path):
    import os

    run("import", "jsonl", str(copy("facts.jsonl", tmp_path)))
    out = tmp_path / "facts-out.jsonl"
    out.write_text("my notes\n")
    result = run("export", "jsonl", "--output", str(out), code=2)
    assert result.stderr == f"Error: --output: {out} exists (add --force to overwrite it)\n"
    assert out.read_text() == "my notes\n"
    run("export", "jsonl", "--output", str(out), "--force")
    assert out.read_text().startswith('{"id"')
    target = tmp_path / "kept.txt"
    target.write_text("kept\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    for path in (link, fifo):
        result = run("export", "jsonl", "--output", str(path), "--force", code=2)
        assert result.stderr == f"Error: --output: {path} is not a regular file; refusing to replace it\n"
    assert link.is_symlink() and target.read_text() == "kept\n" and fifo.exists() and not fifo.is_file()
    result = run("export", "jsonl", "--output", str(tmp_path), code=2)
    assert result.stderr == f"Error: --output: {tmp_path} is a directory\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temp file left
