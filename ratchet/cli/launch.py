"""Run a Ratchet command by name with the Python that runs this file: ``python .../launch.py memory-retrieve --hook``.

What a hook runs when the command itself is neither installed beside this Python nor on PATH (a checkout used
without installing, an install whose scripts folder is elsewhere). It ships inside the package, so it is where
``importlib.resources`` finds it in a wheel as in a checkout. Run as a file, it puts the folder that holds the
``ratchet`` package first on ``sys.path``, so that copy of Ratchet runs whatever else is installed.
"""

from __future__ import annotations

import importlib
import os
import sys

# Each command's entry point, as ``[project.scripts]`` in pyproject.toml declares it (tests/test_cli_main.py checks).
COMMANDS = {
    "ratchet": ("ratchet.cli.main", "cli"),
    "memory-extract": ("ratchet.cli.fasthook", "extract_main"),
    "memory-retrieve": ("ratchet.cli.fasthook", "retrieve_main"),
    "memory-manage": ("ratchet.cli.manage", "main"),
    "memory-embed": ("ratchet.cli.embed", "cli"),
}


def main(argv: list[str]) -> int | None:
    if len(argv) < 2 or argv[1] not in COMMANDS:
        sys.stderr.write(f"usage: launch.py {{{','.join(COMMANDS)}}} [ARGS]...\n")
        return 2
    module, function = COMMANDS[argv[1]]
    sys.argv = [argv[1], *argv[2:]]
    return getattr(importlib.import_module(module), function)()


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))))
    sys.exit(main(sys.argv))
