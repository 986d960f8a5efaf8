"""Entry points that keep the hook contract before click gets a say.

``memory-extract`` and ``memory-retrieve``: a plain ``--hook`` call (only ``--format`` of an agent, ``--memory-dir``
and ``--config``: what ``ratchet install`` writes) runs without importing click at all; anything else (help,
unknown options) goes to the click command unchanged. Other ``memory-retrieve --hook`` calls: click runs without its
standalone mode, so even a bad option (a ``--memory-dir`` that is a file) exits 0 with nothing on stdout instead of
exit 2, which would block the user's prompt. Failures are logged to ``ratchet.log`` as in :mod:`ratchet.cli.extract`.
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


# The output formats of agent hooks (``ratchet.hooks.agents``; the click command checks the full list).
_HOOK_FORMATS = {"claude-hook", "codex-hook", "gemini-hook"}


def _plain_hook_args(
    argv: list[str], values: frozenset[str] = frozenset(_VALUE_OPTIONS)
) -> dict[str, str | None] | None:
    """The options of a plain ``--hook`` call (``values``: the options that take a value), or None when click
    should handle the command line."""
    if "--hook" not in argv:
        return None
    found: dict[str, str | None] = {
        "--memory-dir": os.environ.get("RATCHET_MEMORY_DIR"),
        "--config": os.environ.get("RATCHET_CONFIG"),
    }
    items = iter(argv)
    for arg in items:
        name, eq, value = arg.partition("=")
        if name in values:
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
    options = _plain_hook_args(argv, frozenset({*_VALUE_OPTIONS, "--format"}))
    if options is not None and options.get("--format", "claude-hook") in _HOOK_FORMATS:
        # What agents run at every prompt: answered without importing click (the command line is already known).
        from ratchet.hooks.io import fail_open, recall_answer
        from ratchet.recall.hook import Ask

        output = ""
        with fail_open("memory-retrieve --hook", options["--memory-dir"], options["--config"]):
            if os.environ.get("RATCHET_NOW"):  # pinned as on click's path (ratchet.cli.common.pin_clock_from_env)
                from ratchet.core import clock

                clock.pin(os.environ["RATCHET_NOW"])
            stdin = "" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.read()
            fmt = str(options.get("--format", "claude-hook"))
            output = recall_answer(options["--memory-dir"], options["--config"], stdin, fmt, Ask())
        if output:
            sys.stdout.write(output + "\n")
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
