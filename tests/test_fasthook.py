"""The entry points that keep the hook contract before click parses anything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import subprocess_env

PROMPT = json.dumps({"session_id": "s1", "cwd": "/", "hook_event_name": "UserPromptSubmit", "prompt": "deploys"})


def run(module_main: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    code = (
        f"import sys; sys.argv[0] = 'memory-retrieve'; from ratchet.cli.fasthook import {module_main}; {module_main}()"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=subprocess_env(),
        timeout=60,
    )


def test_retrieve_hook_with_a_bad_option_value_exits_0_and_logs(tmp_path: Path, memory_dir: Path) -> None:
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    out = run("retrieve_main", "--hook", "--memory-dir", str(not_a_dir), stdin=PROMPT)
    assert (out.returncode, out.stdout) == (0, "")
    out = run("retrieve_main", "--hook", "--budget", "lots", stdin=PROMPT)
    assert (out.returncode, out.stdout) == (0, "")
    assert "memory-retrieve --hook failed open" in (memory_dir / "ratchet.log").read_text()
    assert "--budget" in (memory_dir / "ratchet.log").read_text()


def test_retrieve_outside_hook_mode_fails_closed() -> None:
    out = run("retrieve_main", "--budget", "lots")
    assert out.returncode == 2 and "Invalid value for '--budget'" in out.stderr


def test_retrieve_hook_help_still_helps() -> None:
    out = run("retrieve_main", "--hook", "--help")
    assert out.returncode == 0 and out.stdout.startswith("Usage: memory-retrieve")
