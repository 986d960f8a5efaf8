"""Entry point of ``memory-extract``: the ``--hook`` path runs without click, everything else is the click command.

Hook contract as in :mod:`ratchet.cli.extract`: exit 0, nothing on stdout, failures logged to ``ratchet.log``.
Anything but a plain ``--hook`` invocation (help, unknown options) goes to the click command unchanged.
"""

from __future__ import annotations

import os
import sys

_VALUE_OPTIONS = {"--memory-dir", "--config"}
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
    options = _plain_hook_args(sys.argv[1:])
    if options is None:
        from ratchet.cli.extract import cli

        cli()
        return
    try:
        from ratchet.hookio import parse_hook_input, spawn_worker

        spawn_worker(parse_hook_input(sys.stdin.read()), options["--memory-dir"], options["--config"])
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:  # noqa: BLE001 - the hook contract: never hurt the agent
        if os.environ.get("RATCHET_RAISE_ERRORS") == "1":
            raise
        from ratchet.cli.common import Context, log_failure
        from ratchet.cli.extract import _log_path

        log_failure(
            _log_path(Context(memory_dir=options["--memory-dir"], config_path=options["--config"])),
            "memory-extract --hook",
            exc,
        )
    sys.exit(0)


if __name__ == "__main__":
    extract_main()
