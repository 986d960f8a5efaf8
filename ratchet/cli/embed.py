"""``memory-embed``: filled in by its own issue."""

from __future__ import annotations

import click

from ratchet.cli.common import Context, common_options, not_implemented


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@common_options
def cli(ctx: Context) -> None:
    """memory-embed (not implemented yet).

    \b
    Examples:
      memory-embed --help
    """
    not_implemented("memory-embed")


if __name__ == "__main__":
    cli()
