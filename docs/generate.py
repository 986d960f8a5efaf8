"""Generate the reference pages of docs/ from the code: the configuration from the JSON Schema, the CLI from --help.

    .venv/bin/python docs/generate.py           # write docs/configuration.md and docs/cli.md
    .venv/bin/python docs/generate.py --check   # exit 1 naming each stale file; write nothing

``docs/configuration.md`` comes from ``ratchet/schema/config.schema.json`` (types, ranges, allowed values and any
``description``) and ``ratchet.config.DEFAULTS`` (defaults); keys the schema does not describe take their
description from :data:`DESCRIPTIONS` below, and a key described nowhere is an error, so a new key cannot ship
undocumented. ``docs/cli.md`` is the ``--help`` of every command and subcommand, rendered by click at a fixed width
with machine-specific paths replaced, so the output is the same on every machine. ``tests/test_docs.py`` runs the
check.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # document this checkout, whatever the venv has installed

WIDTH = 100  # help is wrapped at this width whatever the terminal
REGENERATE = "make docs"
COMMAND = ".venv/bin/python docs/generate.py"
SCHEMA = "ratchet/schema/config.schema.json"

# Entry points in pipeline order, then the human side: (name, "module:attribute" of the click command). The
# memory-extract and memory-retrieve entry points are fast-path wrappers (ratchet/cli/fasthook.py) around these.
COMMANDS: list[tuple[str, str]] = [
    ("memory-extract", "ratchet.cli.extract:cli"),
    ("memory-retrieve", "ratchet.cli.retrieve:cli"),
    ("memory-embed", "ratchet.cli.embed:cli"),
    ("memory-manage", "ratchet.cli.manage:cli"),
    ("ratchet", "ratchet.cli.main:cli"),
]

# Descriptions of config keys the schema leaves undescribed (a schema ``description`` wins when there is one).
DESCRIPTIONS: dict[str, str] = {
    "$schema": "The schema's location, for editors that validate JSON as you type. Ratchet ignores it.",
    "categories": "The categories a fact may have and each one's base importance weight.",
    "categories.incident": "Outages, rollbacks, data loss, pages: what went wrong and how it was fixed.",
    "categories.decision": 'Choices made and settled ("we decided", "going with").',
    "categories.vehicle": "Cars, trucks, bikes: mileage, tyres, brakes, registration.",
    "categories.maintenance": "Servicing, renewals, inspections, warranties and what is due when.",
    "categories.preference": "What the user likes, dislikes or prefers (tools, settings, food).",
    "categories.process": 'Standing rules and workflow ("always", "never", reviews, branches, CI).',
    "categories.personal": "Family, birthdays, allergies, where the user lives, pets.",
    "categories.project": "The code base and work: services, databases, endpoints, deployments.",
    "categories.casual": "Passing remarks; the default category of anything that fits nowhere else.",
    "categories.operational": 'Notes about right now ("currently", "for now", "this session").',
    "default_category": (
        "Category of a fact whose category is not configured (an extractor's or an import's guess) and of "
        "`ratchet add` without `--category`. Must be one of `categories`."
    ),
    "modifiers.explicit_remember": (
        'Added to the base importance when the user asked to remember the fact ("remember this", `ratchet add`, '
        "curated imports)."
    ),
    "modifiers.action_required": (
        "Added when something is due, overdue or must be done (`ratchet add --action-required`)."
    ),
    "modifiers.untrusted_factor": (
        "Multiplies the importance of facts from untrusted content (tool results, web pages, `[UNTRUSTED DATA]`)."
    ),
    "recency.half_life_days": (
        "Days in which recency halves: recency = e^(-ln2 · days / half-life) since the last user-confirmed reference."
    ),
    "recency.floor.standard": (
        "Lowest recency of a standard-tier fact, so an old important fact is never buried under fresh trivia. "
        "Permanent facts always have recency 1."
    ),
    "recency.floor.transient": "Lowest recency of a transient-tier fact.",
    "decay.standard_weekly": (
        "Importance factor per week without a confirmed reference, standard tier (applied by `memory-manage`; "
        "permanent facts never decay)."
    ),
    "decay.transient_weekly": "The same for the transient tier, which fades faster.",
    "reinforcement.factor": (
        "Importance factor per user-confirmed reference since the last `memory-manage` run (capped at 1.0). "
        "Injections never reinforce."
    ),
    "promotion.min_importance": "A fact is promoted into `MEMORY.md` when its importance is above this ...",
    "promotion.min_references": "... and it has at least this many user-confirmed references.",
    "promotion.untrusted_min_importance": "The importance an untrusted fact must exceed to be promoted.",
    "promotion.untrusted_min_references": "The references an untrusted fact needs to be promoted.",
    "purge.threshold": (
        "Facts whose effective score (importance x recency) falls below this are moved to `archive.jsonl` by "
        "`memory-manage` (`ratchet restore ID` brings one back). Permanent facts are never purged."
    ),
    "retrieval.mode": (
        "How relevance is judged (`memory-retrieve --mode`). `auto`: embeddings once `embeddings.threshold` "
        "vectors of the configured model exist, else the LLM when one is configured, else keyword (BM25)."
    ),
    "retrieval.min_facts": (
        "A session start shows at least this many facts, filled by importance x recency when few match; so does an "
        "explicit query that matched nothing (one that matched shows only its matches while `relative_cutoff` is "
        "above 0; per-prompt recall shows only what matches). Must not exceed `max_facts`."
    ),
    "retrieval.max_facts": "At most this many facts in one block (`memory-retrieve --max-facts`).",
    "retrieval.token_budget": (
        "Hard cap in tokens on the whole injected block, frame included (`memory-retrieve --budget`)."
    ),
    "retrieval.max_chars": "Hard cap in characters on the block a hook adds to the agent's context.",
    "retrieval.llm_candidates": "In `llm` mode, how many top candidates the model chooses from.",
    "retrieval.prompt_relevance_threshold": (
        "Per-prompt recall (UserPromptSubmit) shows only facts whose relevance reaches this; below it nothing is "
        "printed."
    ),
    "retrieval.prior_weight": (
        "With an explicit query or prompt, importance x recency counts only to this power, so relevance leads "
        "and importance breaks ties."
    ),
    "retrieval.min_relevance": "With an explicit query, facts less relevant than this are left out.",
    "retrieval.relative_cutoff": (
        "With an explicit query, facts less relevant than this share of the best match are left out, and the "
        "answer is not padded with unrelated facts (0: off, the list is filled up to `min_facts`). Chosen on the "
        "LoCoMo dev split (bench/cutoff.py, bench/RESULTS.md)."
    ),
    "retrieval.context_spread": (
        "How much of their words neighbouring facts of the same source session lend each other for BM25."
    ),
    "retrieval.context_weight": "Share of that neighbour context in a fact's keyword relevance.",
    "retrieval.reply_weight": (
        "Share of a line's relevance lent to the line after it when it asks a question (its reply: "
        '"any pets?" then "we got another cat"); 0 turns it off.'
    ),
    "retrieval.session_weight": "Share of how well a fact's whole source session covers the query.",
    "retrieval.feedback_weight": (
        "Pseudo-relevance feedback: weight of the second query built from the words of the best matches "
        "(explicit queries only; skipped in stores under 100 facts)."
    ),
    "retrieval.feedback_docs": "How many of the best matches the feedback query is drawn from.",
    "retrieval.feedback_terms": "At most this many words in the feedback query.",
    "embeddings.backend": (
        "`openai` (the configured endpoint), `local` (the bundled wordllama or a fetched model), `tfidf` "
        "(scikit-learn, no model); `auto`: openai when an API key or base URL is configured, else local."
    ),
    "embeddings.threshold": "`retrieval.mode` `auto` uses embeddings once this many facts have vectors.",
    "embeddings.openai_model": (
        "Embedding model on the OpenAI-compatible endpoint (`nomic-embed-text` on Ollama, say)."
    ),
    "embeddings.dimensions": "Ask the endpoint for vectors of this size (OpenAI's `dimensions`); null: the model's.",
    "embeddings.local_model": (
        "The local model: `wordllama-l2-supercat-256` (bundled), or `all-MiniLM-L6-v2` / `all-mpnet-base-v2` "
        "after `ratchet model fetch`. Changing it re-embeds the store."
    ),
    "llm.base_url": (
        "OpenAI-compatible endpoint (Ollama, llama.cpp, vLLM). `RATCHET_LLM_BASE_URL` or `OPENAI_BASE_URL` "
        "override it; null with no key: everything runs offline."
    ),
    "llm.api_key_env": "Name of the environment variable holding the API key (local servers accept any key).",
    "llm.model": "Chat model for extraction, LLM retrieval and contradiction checks; `RATCHET_LLM_MODEL` overrides it.",
    "llm.timeout_seconds": "Hard timeout of one request.",
    "llm.max_retries": "Retries with backoff on 429 and 5xx replies.",
    "extraction.mode": "`llm`, `offline` (the deterministic extractor), or `auto`: llm when an LLM is configured.",
    "extraction.model": "Chat model for extraction only; null: `llm.model`.",
    "extraction.chunk_chars": "Long transcripts are sent to the LLM in chunks of about this many characters ...",
    "extraction.chunk_overlap_chars": "... each repeating this much of the previous chunk as context.",
    "extraction.max_facts_per_chunk": "The LLM is asked for at most this many facts per chunk.",
    "extraction.similar_facts_shown": (
        "How many existing facts most similar to the conversation the LLM sees (numbered, never real ids), so it "
        "can say what a new fact supersedes or what the user confirmed."
    ),
    "extraction.sync_embeddings": (
        "Embed new facts right after extraction (in the detached worker); off leaves them to `memory-embed`."
    ),
    "extraction.review": (
        "Propose, then approve: `uncertain` holds extracted facts the extractor is unsure of (from pasted or tool "
        "content, replacing stored facts, or on a sensitive topic; never one the user asked to remember), `all` "
        "holds every extracted fact, as pending: stored but never shown until `ratchet review accept` (or archived "
        "by `ratchet review reject`). `off`: extracted facts are memory at once."
    ),
    "extraction.review_days": (
        "Pending facts older than this many days expire into the archive at the next memory-manage."
    ),
    "skill_injection": (
        "Add the packaged `prompts/skill.md` after the facts at session start: how the agent reads facts, when to "
        "run `ratchet add` and `ratchet confirm`, what makes a good fact."
    ),
    "memory_dir": (
        "The memory directory, relative to the config file. `--memory-dir` and `RATCHET_MEMORY_DIR` win; null: "
        "`memory/` beside the config file."
    ),
    "manage.events_keep_days": "Injection events older than this are trimmed from `events.jsonl`.",
    "manage.contradiction_top_k": "Each new fact is compared with its this-many most similar facts ...",
    "manage.contradiction_min_similarity": "... that reach this TF-IDF cosine (no stored embeddings) ...",
    "manage.contradiction_min_similarity_embeddings": "... or this cosine of the stored embeddings.",
    "manage.contradiction_max_queries": "At most this many facts new since the last check are looked up in one run.",
    "manage.contradiction_max_pairs": "At most this many candidate pairs are judged or flagged in one run.",
    "manage.llm_contradictions": (
        "Ask the configured LLM about candidate pairs (a clear verdict supersedes the older fact); off, or with no "
        "LLM, pairs only go to the review list."
    ),
    "manage.report_plot": "Write an SVG chart beside the weekly report.",
}

# What each top-level section governs, shown above its table.
SECTION_NOTES: dict[str, str] = {
    "categories": (
        "Base importance of a new fact by category. The list is yours: a `categories` object in your config "
        "replaces the defaults rather than extending them. Names are lower-case letters, digits, `_` and `-`, starting "
        "with a letter or digit; at least one."
    ),
    "modifiers": "Added to or multiplied into the category weight at creation; the result is clamped to [0, 1].",
    "recency": "Recency of a fact, used at retrieval and purge: how fast it fades and how far it may fall.",
    "decay": "Weekly decay applied by `memory-manage` (idempotent per ISO week; missed weeks are caught up).",
    "reinforcement": "Reinforcement applied by `memory-manage` for each user-confirmed reference.",
    "promotion": "Who `memory-manage` promotes into the generated block of `MEMORY.md` (with every permanent fact).",
    "purge": "Purging by `memory-manage`.",
    "retrieval": "What `memory-retrieve` and the hooks show, and how facts are ranked.",
    "embeddings": "Fact vectors (`memory-embed`, extraction's sync, hybrid retrieval).",
    "llm": "The OpenAI-compatible endpoint. Without a key or base URL, everything runs offline.",
    "extraction": "`memory-extract`.",
    "manage": "`memory-manage`: events, contradictions and the weekly report.",
}

GENERATED = "<!-- Generated by docs/generate.py from {source}: do not edit. Regenerate with `make docs`. -->"


# ----- configuration --------------------------------------------------------------------------------------------
def _type(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if kind is None and "enum" in schema:
        kinds = sorted({type(v).__name__ for v in schema["enum"]})
        kind = ["string" if k == "str" else k for k in kinds]
    if isinstance(kind, list):
        return " or ".join(kind)
    return str(kind or "any")


def _allowed(schema: dict[str, Any]) -> str:
    parts = []
    if "enum" in schema:
        parts.append(", ".join(f"`{v}`" for v in schema["enum"]))
    low, xlow, high = schema.get("minimum"), schema.get("exclusiveMinimum"), schema.get("maximum")
    if low is not None and high is not None:
        parts.append(f"{low} to {high}")
    elif xlow is not None and high is not None:
        parts.append(f"> {xlow} and ≤ {high}")
    elif low is not None:
        parts.append(f"≥ {low}")
    elif xlow is not None:
        parts.append(f"> {xlow}")
    elif high is not None:
        parts.append(f"≤ {high}")
    if "pattern" in schema:
        parts.append(f"matches `{schema['pattern']}`")
    if schema.get("minLength") == 1:
        parts.append("non-empty")
    return "; ".join(parts) or "—"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _rows(prefix: str, schema: dict[str, Any], default: Any) -> Iterator[tuple[str, dict[str, Any], Any]]:
    """(dotted key, schema, default) of every leaf under ``schema``."""
    if "properties" in schema:
        for name, sub in schema["properties"].items():
            yield from _rows(f"{prefix}.{name}", sub, (default or {}).get(name))
    elif isinstance(schema.get("additionalProperties"), dict):  # a map such as categories: one row per default
        for name, value in (default or {}).items():
            yield f"{prefix}.{name}", schema["additionalProperties"], value
    else:
        yield prefix, schema, default


def _description(key: str, schema: dict[str, Any]) -> str:
    text = schema.get("description") or DESCRIPTIONS.get(key)
    if not text:
        raise SystemExit(
            f"docs/generate.py: config key '{key}' has no description: add one to {SCHEMA} or to DESCRIPTIONS in "
            "docs/generate.py"
        )
    return str(text)


def render_configuration() -> str:
    """docs/configuration.md."""
    from ratchet.config import DEFAULTS

    schema = json.loads((ROOT / SCHEMA).read_text(encoding="utf-8"))
    out = [
        GENERATED.format(source=f"{SCHEMA} and ratchet/config.py (DEFAULTS)"),
        "",
        "# Configuration reference",
        "",
        f"`ratchet.config.json`, validated by [`{SCHEMA}`](../{SCHEMA}). {schema.get('description', '')}",
        "",
        "- **Which file.** `--config` > `RATCHET_CONFIG` > `./ratchet.config.json` (if present) > the defaults "
        "below. `ratchet init` writes a file holding every default.",
        "- **Merging.** Your file is merged over the defaults key by key, except `categories`, which replaces the "
        "default list.",
        "- **Errors.** A bad config is one line on stderr naming the file, the key and the problem, and exit 2. "
        "Beyond the schema, `default_category` must be one of `categories` and `retrieval.min_facts` must not "
        "exceed `retrieval.max_facts`. The check is the schema compiled to Python ahead of time "
        "(`ratchet/core/configcheck.py`), so a hook pays microseconds for it; jsonschema words the message when it "
        "fails.",
        "- **Environment.** `RATCHET_LLM_BASE_URL` or `OPENAI_BASE_URL` override `llm.base_url`; "
        "`RATCHET_LLM_MODEL` overrides `llm.model`; the key is read from the variable `llm.api_key_env` names. "
        "Cron and hooks do not inherit your shell: put what they need in the file.",
        "",
        "How to use these settings: [guide.md](guide.md); how they act: [how-it-works.md](how-it-works.md).",
        "",
        "## Sections",
        "",
        ", ".join(f"[`{name}`](#{name.replace('$', '')})" for name in schema["properties"]),
        "",
    ]
    for name, sub in schema["properties"].items():
        out += [f"## `{name}`", ""]
        note = SECTION_NOTES.get(name) or (
            _description(name, sub) if "properties" in sub or isinstance(sub.get("additionalProperties"), dict) else ""
        )
        if note:
            out += [note, ""]
        out += ["| key | type | default | allowed | description |", "|---|---|---|---|---|"]
        for key, leaf, default in _rows(name, sub, DEFAULTS.get(name)):
            shown = "—" if default is None and key not in _with_null_default(DEFAULTS) else f"`{json.dumps(default)}`"
            out.append(
                f"| `{key}` | {_type(leaf)} | {_cell(shown)} | {_cell(_allowed(leaf))} | "
                f"{_cell(_description(key, leaf))} |"
            )
        out.append("")
    out += [
        "## Every default",
        "",
        "What `ratchet init` writes (`ratchet.config.DEFAULTS`):",
        "",
        "```json",
        json.dumps(DEFAULTS, indent=2),
        "```",
        "",
    ]
    return "\n".join(out)


def _with_null_default(defaults: dict[str, Any], prefix: str = "") -> set[str]:
    """Dotted keys whose default is explicitly null (shown as `null`, not as missing)."""
    found: set[str] = set()
    for key, value in defaults.items():
        dotted = f"{prefix}.{key}" if prefix else key
        if value is None:
            found.add(dotted)
        elif isinstance(value, dict):
            found |= _with_null_default(value, dotted)
    return found


# ----- command line ---------------------------------------------------------------------------------------------
def load_command(target: str) -> click.Command:
    import importlib

    module, attr = target.split(":")
    command = getattr(importlib.import_module(module), attr)
    assert isinstance(command, click.Command), target
    return command


def walk_commands() -> Iterator[tuple[click.Context, click.Command]]:
    """(context, command) of every command and subcommand, depth first, subcommands sorted as --help lists them."""

    def visit(command: click.Command, name: str, parent: click.Context | None) -> Iterator[Any]:
        settings = {**command.context_settings, "terminal_width": WIDTH, "max_content_width": WIDTH}
        ctx = click.Context(command, info_name=name, parent=parent, **settings)
        yield ctx, command
        if isinstance(command, click.Group):
            for sub_name in command.list_commands(ctx):
                sub = command.get_command(ctx, sub_name)
                if sub is not None and not sub.hidden:
                    yield from visit(sub, sub_name, ctx)

    for name, target in COMMANDS:
        yield from visit(load_command(target), name, None)


FAKE_HOME = "/nonexistent-home-of-docs-generate"
# Variables whose value could leak into a default shown by --help; cleared while rendering.
_CLEARED = ("RATCHET_MEMORY_DIR", "RATCHET_CONFIG", "RATCHET_MODELS", "XDG_CACHE_HOME", "COLUMNS", "LINES")


@contextlib.contextmanager
def _fixed_environment() -> Iterator[None]:
    """A home and working directory that are the same on every machine, and no Ratchet variables."""
    saved = {name: os.environ.get(name) for name in (*_CLEARED, "HOME")}
    cwd = os.getcwd()
    try:
        for name in _CLEARED:
            os.environ.pop(name, None)
        os.environ["HOME"] = FAKE_HOME
        os.chdir("/")
        yield
    finally:
        os.chdir(cwd)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _normalise(text: str) -> str:
    """Replace the checkout's path (its virtualenv's too) and the fixed home with stable names."""
    for old, new in ((str(ROOT), "."), (FAKE_HOME, "~")):
        text = text.replace(old, new)
    return "\n".join(line.rstrip() for line in text.splitlines())


def render_cli() -> str:
    """docs/cli.md."""
    with _fixed_environment():
        commands = [(ctx, _normalise(command.get_help(ctx))) for ctx, command in walk_commands()]
    out = [
        GENERATED.format(source="the --help of every command"),
        "",
        "# Command-line reference",
        "",
        "The `--help` of every command and subcommand, as click prints it at a width of "
        f"{WIDTH} columns. Pipeline commands first (`memory-extract`, `memory-retrieve`, `memory-embed`, "
        "`memory-manage`), then `ratchet`, the human side. For how the commands fit together, see "
        "[guide.md](guide.md).",
        "",
        "Every leaf command takes `--memory-dir` (or `RATCHET_MEMORY_DIR`), `--config` (or `RATCHET_CONFIG`), `--json` "
        "and `-v`. Exit codes: 0 ok; 1 a runtime failure (unknown id, unreadable file); 2 a usage or "
        "configuration error. `--hook` modes fail open: exit 0, nothing harmful on stdout, the reason in "
        "`ratchet.log`. The `memory-extract` and `memory-retrieve` entry points (`ratchet/cli/fasthook.py`) keep "
        "that contract before click parses the command line; their help is the click command's.",
        "",
    ]
    for ctx, _ in commands:
        depth = len(ctx.command_path.split()) - 1
        anchor = ctx.command_path.replace(" ", "-")
        out.append(f"{'  ' * depth}- [`{ctx.command_path}`](#{anchor})")
    out.append("")
    for ctx, text in commands:
        depth = len(ctx.command_path.split()) - 1
        fence = "```"
        while fence in text:
            fence += "`"
        out += [f"{'#' * min(2 + depth, 4)} {ctx.command_path}", "", f"{fence}text", text, fence, ""]
    return "\n".join(out)


# ----- main -----------------------------------------------------------------------------------------------------
def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


PAGES: dict[str, Callable[[], str]] = {
    "configuration.md": render_configuration,
    "cli.md": render_cli,
}


def stale() -> list[str]:
    """Paths (relative to the checkout) of generated pages that differ from what would be generated now."""
    found = []
    for name, render in PAGES.items():
        path = DOCS / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != render():
            found.append(_shown(path))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate docs/configuration.md and docs/cli.md.")
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated page is stale; write nothing")
    args = parser.parse_args(argv)
    if args.check:
        bad = stale()
        for path in bad:
            print(f"{path} is stale: run `{REGENERATE}` ({COMMAND})", file=sys.stderr)
        return 1 if bad else 0
    for name, render in PAGES.items():
        path = DOCS / name
        text = render()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_shown(path)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
