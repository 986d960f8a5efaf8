"""Entry points that keep the hook contract before click gets a say.

``memory-extract``: a plain ``--hook`` call runs without importing click at all; anything else (help, unknown
options) goes to the click command unchanged. ``memory-retrieve --hook``: click runs without its standalone mode,
so even a bad option (a ``--memory-dir`` that is a file) exits 0 with nothing on stdout instead of exit 2, which
would block the user's prompt. Failures are logged to ``ratchet.log`` as in :mod:`ratchet.cli.extract`.
"""

from __future__ import annotations

import os
import sys

# Retrieval and extraction run at every session start and prompt; their largest product is 100k x 256, so an
# OpenBLAS thread pool spun up at import costs more than it saves (bench: per-prompt recall at 10k, 0.40 -> 0.24 s
# of CPU). The weekly memory-manage and memory-embed keep the default. Users may override.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

_VALUE_OPTIONS = {"--memory-dir", "--config"}


def _hooks_off(argv: list[str]) -> bool:
    """A hook call inside an agent session Ratchet runs for extraction (:data:`ratchet.models.HOOKS_OFF`)."""
    from ratchet.models import HOOKS_OFF

    return "--hook" in argv and os.environ.get(HOOKS_OFF) == "off"


_FLAGS = {"--hook", "--json", "-v", "--verbose"}


def _plain_hook_args(argv: list[str]) -> dict[str, str | None] | None:
    """The options of a plain ``--hook`` call, or None when click should handle the command line."""
    if "--hook" not in argv:
        return None
    found: dict[str, str | None] = {
        "--memory-dir": os.environ.get("RATCHET_MEMORY_DIR"),
        "--config": os.environ.get("RATCHET_CONFIG"),
    }
    items = iter(argv)
    for arg in items:
        name, eq, value = arg.partition("=")
        if name in _VALUE_OPTIONS:
            found[name] = value if eq else next(items, None)
            if not found[name]:
                return None
        elif arg not in _FLAGS:
            return None
    return found


def extract_main() -> None:
    """``memory-extract``."""
    if _hooks_off(sys.argv[1:]):
        sys.exit(0)
    options = _plain_hook_args(sys.argv[1:])
    if options is None:
        from ratchet.cli.extract import cli

        cli()
        return
    from ratchet.hooks.io import fail_open, parse_hook_input, spawn_worker

    with fail_open("memory-extract --hook", options["--memory-dir"], options["--config"]):
        spawn_worker(parse_hook_input(sys.stdin.read()), options["--memory-dir"], options["--config"])
    sys.exit(0)


def _option_value(argv: list[str], name: str) -> str | None:
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def retrieve_main() -> None:
    """``memory-retrieve``."""
    argv = sys.argv[1:]
    if _hooks_off(argv):
        sys.exit(0)
    from ratchet.cli.retrieve import cli

    if "--hook" not in argv:
        cli()
        return
    import click

    from ratchet.errors import UsageError
    from ratchet.hooks.io import fail_open

    memory_dir = _option_value(argv, "--memory-dir") or os.environ.get("RATCHET_MEMORY_DIR")
    config_path = _option_value(argv, "--config") or os.environ.get("RATCHET_CONFIG")
    code = 0
    with fail_open("memory-retrieve --hook", memory_dir, config_path):
        try:
            code = cli.main(args=argv, prog_name="memory-retrieve", standalone_mode=False)
        except click.ClickException as exc:  # name the option, as click itself would have
            raise UsageError(exc.format_message()) from None
    sys.exit(code if isinstance(code, int) and "--help" in argv else 0)


if __name__ == "__main__":
    extract_main()
