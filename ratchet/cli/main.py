"""``ratchet``: the human side of Ratchet Memory (add, list, show, forget, restore, stats, ...).

Human verbs fail closed: one line on stderr, exit 1 (runtime) or 2 (usage). Subcommands that live in other
modules are loaded lazily from ``LAZY_COMMANDS`` so ``ratchet --help`` stays fast.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed

# name -> "module:attribute"; a command whose module is not there yet is simply not listed.
LAZY_COMMANDS: dict[str, str] = {
    "why": "ratchet.cli.retrieve:why",
    "confirm": "ratchet.cli.manage:confirm",
    "review": "ratchet.cli.manage:review",
    "import": "ratchet.cli.interop:import_",
    "export": "ratchet.cli.interop:export",
    "install": "ratchet.cli.install:install",
    "uninstall": "ratchet.cli.install:uninstall",
    "doctor": "ratchet.cli.install:doctor",
    "mcp": "ratchet.cli.mcp_server:mcp",
    "prompt": "ratchet.cli.workshop:prompt",
    "eval": "ratchet.cli.evaluate:eval_",
    "model": "ratchet.cli.model:model",
    "config": "ratchet.cli.configure:config",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(super().list_commands(ctx))
        names.update(name for name in LAZY_COMMANDS if self._load(name) is not None)
        return sorted(names)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, cmd_name) or self._load(cmd_name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = LAZY_COMMANDS.get(name)
        if not target:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        command = getattr(module, attr, None)
        return command if isinstance(command, click.Command) else None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ratchet-memory", prog_name="ratchet")
def cli() -> None:
    """Ratchet Memory: persistent memory for LLM agents, the human side.

    \b
    Examples:
      ratchet init
      ratchet add "The staging database is db-staging-2" --category project --scope repo
      ratchet list --category decision --last 10
      ratchet show 3f2a
      ratchet forget 3f2a && ratchet restore 3f2a
    """


@cli.command()
@common_options
@fail_closed
def init(ctx: Context) -> None:
    """Create the memory directory (0700) and a ratchet.config.json if none exists.

    \b
    Examples:
      ratchet init
      ratchet init --memory-dir ~/.ratchet/memory
    """
    from pathlib import Path

    from ratchet.config import CONFIG_NAME, DEFAULTS
    from ratchet.store.files import atomic_write

    created = []
    config_path = Path(ctx.config_path) if ctx.config_path else Path.cwd() / CONFIG_NAME
    if not config_path.exists():
        config = dict(DEFAULTS)
        atomic_write(config_path, json.dumps(config, indent=2) + "\n")
        created.append(str(config_path))
        from ratchet.hooks.trust import allow

        allow(config_path)  # the user made it here: its settings apply until someone else edits it
        ctx.config_path = str(config_path)
    store = ctx.store
    if ctx.json_output:
        emit_json({"memory_dir": str(store.memdir.root), "config": str(config_path), "created": created})
    else:
        click.echo(f"Memory directory: {store.memdir.root}")
        click.echo(f"Config: {config_path}{' (created)' if created else ''}")


@cli.command()
@click.argument("text")
@click.option(
    "--category",
    "-c",
    help="Category (default: the one extraction would give the text, else the config's default_category).",
)
@click.option("--tags", "-t", default="", help="Comma-separated tags.")
@click.option("--importance", type=click.FloatRange(0, 1), help="Override the computed importance (0..1).")
@click.option(
    "--tier", type=click.Choice(["permanent", "standard", "transient"]), default="standard", show_default=True
)
@click.option("--scope", default="global", show_default=True, help="'global', 'repo' (this repository) or 'repo:<id>'.")
@click.option("--action-required", is_flag=True, help="The fact asks for an action (+0.15 importance).")
@common_options
@fail_closed
def add(
    ctx: Context,
    text: str,
    category: str | None,
    tags: str,
    importance: float | None,
    tier: str,
    scope: str,
    action_required: bool,
) -> None:
    """Remember TEXT (an explicit "remember this": +0.2 importance).

    \b
    Examples:
      ratchet add "I prefer pytest over unittest" --category preference
      ratchet add "Never run migrations on Fridays" --tier permanent --category process
    """
    from ratchet.extract.manual import add_fact

    fact = add_fact(
        ctx.store,
        ctx.config,
        text,
        category=category,
        tags=[t for t in tags.split(",") if t.strip()],
        importance=importance,
        tier=tier,
        scope=scope,
        action_required=action_required,
    )
    if ctx.json_output:
        emit_json(fact.to_dict())
    else:
        click.echo(f"Stored {fact.id} ({fact.category}, importance {fact.importance:.2f}, {fact.scope})")


@cli.command(name="list")
@click.option("--category", "-c", help="Only this category.")
@click.option("--tag", "-t", "tags", multiple=True, help="Only facts with this tag (repeatable, any matches).")
@click.option("--tier", type=click.Choice(["permanent", "standard", "transient"]))
@click.option("--scope", help="Only this scope ('global', 'repo' for this repository, or 'repo:<id>').")
@click.option("--trust", type=click.Choice(["trusted", "untrusted"]))
@click.option("--prompt-version", help="Only facts extracted with this prompt version.")
@click.option("--last", type=click.IntRange(min=1), help="Only the N most recently created.")
@click.option("--all", "include_superseded", is_flag=True, help="Include superseded facts.")
@click.option(
    "--sensitive", is_flag=True, help="Only facts marked sensitive (health, relationships, family, finances, identity)."
)
@click.option("--pending", is_flag=True, help="Only facts pending review (extraction.review; see 'ratchet review').")
@common_options
@fail_closed
def list_(
    ctx: Context,
    category: str | None,
    tags: tuple[str, ...],
    tier: str | None,
    scope: str | None,
    trust: str | None,
    prompt_version: str | None,
    last: int | None,
    include_superseded: bool,
    sensitive: bool,
    pending: bool,
) -> None:
    """List facts, newest first.

    \b
    Examples:
      ratchet list --category decision
      ratchet list --tag docker --last 5 --json
      ratchet list --sensitive
      ratchet list --pending
    """
    from ratchet.cli.views import fact_table
    from ratchet.core.sensitive import TAG
    from ratchet.store.listing import select

    facts = select(
        ctx.store,
        category=category,
        tags=list(tags),
        tier=tier,
        scope=scope,
        trust=trust,
        prompt_version=prompt_version,
        last=last,
        include_superseded=include_superseded,
    )
    if sensitive:
        facts = [f for f in facts if TAG in f.tags]
    if pending:
        from ratchet.core.review import pending as waits

        facts = [f for f in facts if waits(f)]
    if ctx.json_output:
        emit_json([f.to_dict() for f in facts])
    elif facts:
        click.echo(fact_table(facts))
    else:
        click.echo("No facts.", err=True)


@cli.command()
@click.argument("fact_id")
@common_options
@fail_closed
def show(ctx: Context, fact_id: str) -> None:
    """Show one fact in full (an id prefix is enough when unambiguous).

    \b
    Examples:
      ratchet show 3f2a9c
      ratchet show 3f2a9c --json
    """
    from ratchet.cli.views import fact_details

    fact = ctx.store.get(fact_id)
    if ctx.json_output:
        emit_json(fact.to_dict())
    else:
        click.echo(fact_details(fact))


@cli.command()
@click.argument("fact_id")
@click.option("--reason", default="forgotten by the user", show_default=True)
@common_options
@fail_closed
def forget(ctx: Context, fact_id: str, reason: str) -> None:
    """Move a fact to archive.jsonl (restorable with 'ratchet restore').

    \b
    Examples:
      ratchet forget 3f2a9c
      ratchet forget 3f2a9c --reason "moved to another team"
    """
    store = ctx.store
    fact = store.get(fact_id)
    store.remove([fact.id], actor="ratchet forget", action="forget", reason=reason)
    if ctx.json_output:
        emit_json({"forgotten": fact.id})
    else:
        click.echo(f"Forgot {fact.id} (archived; 'ratchet restore {fact.id[:8]}' brings it back)")


@cli.command()
@click.argument("fact_id")
@common_options
@fail_closed
def restore(ctx: Context, fact_id: str) -> None:
    """Bring an archived (forgotten or purged) fact back.

    \b
    Examples:
      ratchet restore 3f2a9c
    """
    fact = ctx.store.restore(fact_id, actor="ratchet restore")
    if ctx.json_output:
        emit_json(fact.to_dict())
    else:
        click.echo(f"Restored {fact.id}")


@cli.command()
@common_options
@fail_closed
def stats(ctx: Context) -> None:
    """Counts by category, tier, trust and scope.

    \b
    Examples:
      ratchet stats
      ratchet stats --json
    """
    from ratchet.cli.views import stats_text
    from ratchet.store.listing import stats

    data = stats(ctx.store)
    if ctx.json_output:
        emit_json(data)
    else:
        click.echo(stats_text(data))


@cli.command()
@common_options
@fail_closed
def reindex(ctx: Context) -> None:
    """Rebuild facts-index.json and the retrieval cache from the quarter files.

    The retrieval cache is built from nothing, every fact's credential verdict under the installed rules included
    (after an upgrade the hooks would otherwise scan what they show until the next write).

    \b
    Examples:
      ratchet reindex
    """
    from ratchet.recall import catalog

    doc: dict[str, Any] = ctx.store.reindex()
    catalog.build(ctx.store, reuse=False)
    if ctx.json_output:
        emit_json({"facts": len(doc["facts"]), "tags": len(doc["tags"]), "categories": len(doc["categories"])})
    else:
        click.echo(f"Indexed {len(doc['facts'])} facts, {len(doc['tags'])} tags, {len(doc['categories'])} categories")


if __name__ == "__main__":  # python -m ratchet.cli.main
    cli()
