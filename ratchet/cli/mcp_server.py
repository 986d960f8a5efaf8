"""``ratchet mcp``: the memory as MCP tools over stdio (the work is in :mod:`ratchet.hooks.mcp_server`).

It fails closed before it serves (no SDK, a bad config: one line on stderr, exit 1 or 2); once serving, every failure
of a call is an MCP tool error and stdout carries the protocol only.
"""

from __future__ import annotations

import os

import click

from ratchet.cli.common import Context, common_options, fail_closed


@click.command()
@click.option(
    "--cwd",
    type=click.Path(exists=True, file_okay=False, path_type=str),
    help="The directory whose repository's facts are visible (default: where the agent starts the server).",
)
@common_options
@fail_closed
def mcp(ctx: Context, cwd: str | None) -> None:
    """Serve the memory to an agent as MCP tools over stdio (needs the [mcp] extra).

    Tools: memory_search (index lines under the token budget), memory_get (facts in full, with provenance),
    memory_remember (as 'ratchet add', actor mcp), memory_forget, memory_confirm. Facts of the current repository
    and global facts are visible, as in the hooks, and the store is the hooks' store (--memory-dir, else
    RATCHET_MEMORY_DIR, else the config's memory_dir, else ~/.ratchet/memory). Fact text comes back fenced as
    reference data. Register it with 'ratchet install AGENT --mcp'.

    \b
    Examples:
      ratchet mcp
      ratchet mcp --memory-dir ~/.ratchet/memory
      ratchet install claude-code --mcp --project
    """
    from ratchet.hooks.io import hook_store
    from ratchet.hooks.mcp_server import Memory, require_sdk, serve
    from ratchet.store.memdir import MemoryDir
    from ratchet.store.store import Store

    require_sdk()
    store = Store(MemoryDir(hook_store(ctx.memory_dir, ctx.config)))
    serve(Memory(store, ctx.config, cwd or os.getcwd()))
