"""The docs beside the code: generated reference pages are current, every command documents itself, links resolve."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

import click
import pytest
from conftest import ROOT


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", ROOT / "docs" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _generator()


def test_generated_docs_are_current():
    stale = generate.stale()
    assert not stale, f"{', '.join(stale)} stale: run `make docs` (.venv/bin/python docs/generate.py) and commit"


def test_check_mode_names_the_stale_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(generate, "DOCS", tmp_path)
    assert generate.main([]) == 0
    assert generate.main(["--check"]) == 0
    (tmp_path / "cli.md").write_text("old\n", encoding="utf-8")
    assert generate.main(["--check"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"{tmp_path / 'cli.md'} is stale: run `make docs` (.venv/bin/python docs/generate.py)"
    )


def test_every_entry_point_is_documented():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert sorted(scripts) == sorted(name for name, _ in generate.COMMANDS)


def test_every_config_key_is_documented():
    from ratchet.config import DEFAULTS

    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    schema = generate.json.loads((ROOT / generate.SCHEMA).read_text(encoding="utf-8"))
    for name, sub in schema["properties"].items():
        for key, _, _ in generate._rows(name, sub, DEFAULTS.get(name)):
            assert f"| `{key}` |" in text, key


def _commands() -> list[tuple[str, click.Command]]:
    return [(ctx.command_path, command) for ctx, command in generate.walk_commands()]


def _lacking_examples() -> list[str]:
    return [
        path for path, command in _commands() if "\b" not in (command.help or "") or "Examples:" not in command.help
    ]


def test_every_command_has_short_help():
    assert len(_commands()) > 20
    missing = [path for path, command in _commands() if not command.help or not command.get_short_help_str()]
    assert not missing, f"commands without help: {', '.join(missing)}"


_OFFENDERS = _lacking_examples()


@pytest.mark.xfail(bool(_OFFENDERS), reason=f"no \\b Examples block: {', '.join(_OFFENDERS)}", strict=True)
def test_every_command_has_examples():
    assert not _lacking_examples(), f"commands without a \\b Examples block: {', '.join(_lacking_examples())}"


def _anchors(path: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    headings = re.findall(r"^#+ (.+)$", text, flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", ["README.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))])
def test_links_resolve(page):
    path = ROOT / page if page == "README.md" else ROOT / "docs" / page
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
        if "://" in target or target.startswith("mailto:"):
            continue
        linked = (path.parent / target) if target else path
        assert linked.exists(), f"{page} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{page} links to {target}#{anchor}, which has no such heading"


def test_no_old_module_paths_in_docs():
    old = re.compile(
        r"ratchet/(retrieve|embeddings|onnxgraph|transformer|offline_lexicon|offline_extractor|fileio|hookio"
        r"|catalog|budget|scoring|install|doctor|evaluate|replies)\.py|ratchet\.(embeddings|retrieve|fileio|hookio)\b"
    )
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    found = [f"{p.name}: {m.group(0)}" for p in pages for m in old.finditer(p.read_text(encoding="utf-8"))]
    assert not found, f"old module paths: {found}"
