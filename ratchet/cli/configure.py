"""``ratchet config``: the effective configuration and where each value came from; allowing a repository's config.

A ``ratchet.config.json`` found in the working directory (a repository) may not choose endpoints, credentials,
paid models or the memory directory until the user allows its exact content (see :mod:`ratchet.config`).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def config() -> None:
    """Show the effective configuration; allow or revoke a repository's ratchet.config.json.

    \b
    Examples:
      ratchet config show
      ratchet config allow ./ratchet.config.json
    """


@config.command()
@common_options
@fail_closed
def show(ctx: Context) -> None:
    """Every setting in effect, with where it came from (a file, an environment variable or the default), and the
    keys of a repository's config that were ignored.

    \b
    Examples:
      ratchet config show
      ratchet config show --json | jq '.settings["llm.base_url"]'
    """
    cfg = ctx.config
    settings = {key: {"value": value, "source": cfg.source(key)} for key, value in cfg.flat().items()}
    if ctx.json_output:
        emit_json({"settings": settings, "ignored": cfg.ignored})
        return
    width = max(len(k) for k in settings)
    for key, item in settings.items():
        click.echo(f"{key:<{width}}  {json.dumps(item['value'], ensure_ascii=False)}  ({item['source']})")
    for line in cfg.ignored:
        click.echo(f"ignored: {line} (not allowed; ratchet config allow PATH trusts that file)", err=True)


@config.command()
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@common_options
@fail_closed
def allow(ctx: Context, path: Path) -> None:
    """Trust a repository's ratchet.config.json with its current content: its endpoints, key variables, models and
    memory directory then apply. Any later edit withdraws the allowance.

    \b
    Examples:
      ratchet config allow ./ratchet.config.json
    """
    from ratchet.hooks.trust import allow as allow_file

    digest = allow_file(path)
    if ctx.json_output:
        emit_json({"allowed": str(path.absolute()), "sha256": digest})
    else:
        click.echo(f"Allowed {path.absolute()} (sha256 {digest[:12]})")


@config.command()
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@common_options
@fail_closed
def revoke(ctx: Context, path: Path) -> None:
    """Withdraw the allowance of a repository's ratchet.config.json.

    \b
    Examples:
      ratchet config revoke ./ratchet.config.json
    """
    from ratchet.errors import NotFoundError
    from ratchet.hooks.trust import revoke as revoke_file

    if not revoke_file(path):
        raise NotFoundError(f"{path.absolute()} was not allowed")
    click.echo(f"Revoked {path.absolute()}")
