"""``memory-retrieve``: filled in by its own issue."""

from __future__ import annotations

import click

from ratchet.cli.common import Context, common_options, not_implemented


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@common_options
def cli(ctx: Context) -> None:
    """memory-retrieve (not implemented yet).

    \b
    Examples:
      memory-retrieve --help
    """
    not_implemented("memory-retrieve")


if __name__ == "__main__":
    cli()
