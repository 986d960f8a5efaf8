"""``ratchet install`` / ``ratchet uninstall`` (agent hooks, the Friday cron line) and ``ratchet doctor``.

Human verbs: they fail closed (one line on stderr, exit 1 or 2) and never leave a settings file half written.
The work is in :mod:`ratchet.hooks.install` and :mod:`ratchet.hooks.doctor`; this module parses options and prints.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed

AGENT_KEYS = ("claude-code", "codex", "gemini")
SCOPE_HELP = "Write the project's settings (repository root) instead of your user settings in HOME."
MCP_HELP = "The 'ratchet mcp' server (MCP tools) in the agent's MCP settings, instead of the hooks."


def _scope(project: bool) -> str:
    return "project" if project else "user"


def _print_outcome(outcome: object, scope: str, what: str = "hooks") -> None:
    from ratchet.hooks import agents
    from ratchet.hooks.install import Outcome

    assert isinstance(outcome, Outcome)
    label = agents.AGENTS[outcome.agent].label
    click.echo(f"{label} {what} ({scope}): {outcome.path}")
    by_action: dict[str, list[str]] = {}
    for change in outcome.changes:
        by_action.setdefault(change.action, []).append(change.event)
    for action, events in by_action.items():
        click.echo(f"  {action:<9} {', '.join(dict.fromkeys(events))}")
    if not outcome.changes:
        click.echo("  nothing to remove")


def _install_help(key: str) -> str:
    return f"""Hook Ratchet into {key}: recall at start and per prompt, extract at compaction and end.

    Merges Ratchet's entries into the settings file without touching anything else; running it again changes
    nothing. --user (the default) writes your own settings with absolute paths and this memory directory (and
    config) pinned. --project writes the repository's settings, which teams commit: its hooks call memory-retrieve
    and memory-extract from PATH and find each user's store at run time (RATCHET_MEMORY_DIR, else memory_dir in
    the user's config, else ~/.ratchet/memory), so nothing of this machine goes into the file.

    \b
    Examples:
      ratchet install {key}
      ratchet install {key} --project
      ratchet install {key} --memory-dir ~/.ratchet/memory
      ratchet install {key} --mcp --project
    """


def _uninstall_help(key: str) -> str:
    return f"""Remove Ratchet's hooks from {key}'s settings (only Ratchet's entries; your memory stays).

    \b
    Examples:
      ratchet uninstall {key}
      ratchet uninstall {key} --project
      ratchet uninstall {key} --mcp
    """


def _agent_install(key: str) -> click.Command:
    @click.command(name=key, help=_install_help(key))
    @click.option("--project/--user", "project", default=False, help=SCOPE_HELP)
    @click.option("--mcp", is_flag=True, help=MCP_HELP)
    @common_options
    @fail_closed
    def command(ctx: Context, project: bool, mcp: bool) -> None:
        from ratchet.hooks.install import install_hooks, store_location
        from ratchet.hooks.io import hook_store
        from ratchet.hooks.mcp_install import install_mcp
        from ratchet.store.memdir import MemoryDir

        if project:
            _refuse_pinning(key)
            memory_dir, config_path = hook_store(ctx.memory_dir, ctx.config), None
        else:
            memory_dir, config_path = store_location(ctx.memory_dir, ctx.config_path)
        MemoryDir(memory_dir).ensure()
        register = install_mcp if mcp else install_hooks
        outcome = register(key, _scope(project), memory_dir, config_path)
        if ctx.json_output:
            emit_json(outcome.to_dict())
        else:
            _print_outcome(outcome, _scope(project), "MCP server" if mcp else "hooks")
            click.echo(f"Memory directory: {memory_dir}")
            if config_path:
                click.echo(f"Config: {config_path}")
        for note in outcome.notes:
            ctx.warn(note)
        if os.environ.get("RATCHET_MEMORY_DIR") != str(memory_dir) and not ctx.memory_dir:
            ctx.warn(f"ratchet commands use this store with: export RATCHET_MEMORY_DIR={memory_dir}")
        ctx.warn("Check the setup with: ratchet doctor")

    return command


def _refuse_pinning(key: str) -> None:
    """A project's settings are committed: a path given on the command line cannot go into them."""
    from ratchet.errors import UsageError

    ctx = click.get_current_context()
    for param, option in (("memory_dir", "--memory-dir"), ("config_path", "--config")):
        if ctx.get_parameter_source(param) == click.core.ParameterSource.COMMANDLINE:
            variable = "RATCHET_MEMORY_DIR" if param == "memory_dir" else "RATCHET_CONFIG"
            raise UsageError(
                f"{option} cannot go into the project's shared settings: set {variable} in your environment "
                f"(the hooks read it), or run 'ratchet install {key}' for your user settings"
            )


def _agent_uninstall(key: str) -> click.Command:
    @click.command(name=key, help=_uninstall_help(key))
    @click.option("--project/--user", "project", default=False, help=SCOPE_HELP)
    @click.option("--mcp", is_flag=True, help=MCP_HELP)
    @common_options
    @fail_closed
    def command(ctx: Context, project: bool, mcp: bool) -> None:
        from ratchet.hooks.install import uninstall_hooks
        from ratchet.hooks.mcp_install import uninstall_mcp

        outcome = (uninstall_mcp if mcp else uninstall_hooks)(key, _scope(project))
        if ctx.json_output:
            emit_json(outcome.to_dict())
        else:
            _print_outcome(outcome, _scope(project), "MCP server" if mcp else "hooks")
        for note in outcome.notes:
            ctx.warn(note)

    return command


@click.group()
def install() -> None:
    """Install Ratchet into an agent (Claude Code, Codex, Gemini CLI) or the Friday cron.

    \b
    Examples:
      ratchet install claude-code --project
      ratchet install codex
      ratchet install gemini --user
      ratchet install cron --write
    """


@click.group()
def uninstall() -> None:
    """Remove what 'ratchet install' added (hooks or the cron line), and nothing else.

    \b
    Examples:
      ratchet uninstall claude-code --project
      ratchet uninstall cron
    """


for _key in AGENT_KEYS:
    install.add_command(_agent_install(_key))
    uninstall.add_command(_agent_uninstall(_key))


@install.command(name="cron")
@click.option("--write", is_flag=True, help="Install the line in your crontab (replacing an older Ratchet line).")
@click.option("--schedule", default="0 18 * * 5", show_default=True, help="Crontab time fields (Fridays 18:00).")
@common_options
@fail_closed
def install_cron(ctx: Context, write: bool, schedule: str) -> None:
    """Print the weekly memory-manage crontab line, or install it with --write.

    The line runs memory-manage on the same memory directory (and config) as the hooks, with absolute paths,
    and appends its output to manage-cron.log in that directory. Cron does not see your shell's environment:
    put llm.base_url in the config (and OPENAI_API_KEY=... at the top of the crontab) if the LLM needs them.

    \b
    Examples:
      ratchet install cron
      ratchet install cron --write
      ratchet install cron --schedule "30 17 * * 5" --write
    """
    from ratchet.hooks.install import cron_line, store_location
    from ratchet.hooks.install import install_cron as write_line
    from ratchet.store.memdir import MemoryDir

    memory_dir, config_path = store_location(ctx.memory_dir, ctx.config_path)
    MemoryDir(memory_dir).ensure()  # the line appends its output to a file in it
    line = cron_line(memory_dir, config_path, schedule)
    action = write_line(line) if write else None
    if ctx.json_output:
        emit_json({"line": line, "written": action})
        return
    click.echo(line)
    if action == "unchanged":
        ctx.warn("Already in your crontab; nothing changed")
    elif action:
        ctx.warn(f"Crontab {action}")
    else:
        ctx.warn("Add it with 'crontab -e', or run 'ratchet install cron --write'")


@uninstall.command(name="cron")
@common_options
@fail_closed
def uninstall_cron(ctx: Context) -> None:
    """Remove Ratchet's memory-manage line from your crontab.

    \b
    Examples:
      ratchet uninstall cron
    """
    from ratchet.hooks.install import uninstall_cron as remove

    removed = remove()
    if ctx.json_output:
        emit_json({"removed": removed})
    else:
        click.echo(f"Removed {removed} crontab line{'s' if removed != 1 else ''}")


@click.command()
@click.option("--timeout", type=click.FloatRange(min=0.1), default=5.0, show_default=True, help="Seconds per probe.")
@common_options
@fail_closed
def doctor(ctx: Context, timeout: float) -> None:
    """Check the whole setup: config, memory directory, hooks, LLM and embeddings, cron, last run, sizes.

    Prints one OK, WARN or FAIL line per check, with what to do; exits 1 when a check fails.

    \b
    Examples:
      ratchet doctor
      ratchet doctor --json
      ratchet doctor --memory-dir ~/.ratchet/memory --timeout 2
    """
    from ratchet.hooks import doctor as checks_

    checks = checks_.run(ctx.memory_dir, ctx.config_path, Path.cwd(), timeout)
    if ctx.json_output:
        emit_json({"ok": not checks_.failed(checks), "checks": [c.to_dict() for c in checks]})
    else:
        for check in checks:
            click.echo(f"{check.status:<4}  {check.name}: {check.detail}")
    if checks_.failed(checks):
        sys.exit(1)
