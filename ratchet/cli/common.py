"""Shared pieces of every command: options, the error boundary, output helpers.

Human and cron verbs fail closed: a :class:`RatchetError` becomes ``Error: <one line>`` on stderr and its exit
code (1 runtime, 2 usage/config). Hook verbs fail open through :func:`ratchet.hooks.io.fail_open`.
``RATCHET_RAISE_ERRORS=1`` re-raises for debugging.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import click

from ratchet.errors import RatchetError

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Context:
    """What every command needs: the options it was given, then the config and store built on demand."""

    memory_dir: str | None = None
    config_path: str | None = None
    json_output: bool = False
    verbose: int = 0
    _config: Any = None
    _store: Any = None
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def config(self) -> Any:
        if self._config is None:
            from ratchet.config import load_config

            self._config = load_config(self.config_path)
        return self._config

    @property
    def store(self) -> Any:
        if self._store is None:
            from ratchet.store.memdir import MemoryDir, resolve_memory_dir
            from ratchet.store.store import Store

            self._store = Store(MemoryDir(resolve_memory_dir(self.memory_dir, self.config)))
        return self._store

    def warn(self, message: str) -> None:
        click.echo(message, err=True)

    def flush_warnings(self) -> None:
        if self._store is not None:
            for message in self._store.warnings:
                click.echo(f"Warning: {message}", err=True)
            self._store.warnings.clear()


def common_options(func: F) -> F:
    """``--memory-dir``, ``--config``, ``--json``, ``-v``: shared by every command."""

    @click.option(
        "--memory-dir",
        "memory_dir",
        type=click.Path(file_okay=False, path_type=str),
        envvar="RATCHET_MEMORY_DIR",
        help="Memory directory (default: memory/ beside the config file).",
    )
    @click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False, path_type=str),
        envvar="RATCHET_CONFIG",
        help="Path to ratchet.config.json.",
    )
    @click.option("--json", "json_", is_flag=True, help="Machine-readable JSON on stdout.")
    @click.option("-v", "--verbose", count=True, help="More diagnostics on stderr.")
    @functools.wraps(func)
    def wrapper(
        *args: Any, memory_dir: str | None, config_path: str | None, json_: bool, verbose: int, **kwargs: Any
    ) -> Any:
        pin_clock_from_env()
        parent = click.get_current_context().find_object(Context)
        ctx = Context(
            memory_dir=memory_dir or (parent.memory_dir if parent else None),
            config_path=config_path or (parent.config_path if parent else None),
            json_output=json_ or bool(parent and parent.json_output),
            verbose=verbose or (parent.verbose if parent else 0),
        )
        return func(ctx, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def pin_clock_from_env() -> None:
    """The command-line edge of the clock: ``RATCHET_NOW`` (ISO-8601) pins the library's time for tests and demos."""
    from ratchet.core import clock

    try:
        clock.pin(os.environ.get("RATCHET_NOW") or None)
    except (ValueError, OverflowError):
        raise click.UsageError(f"RATCHET_NOW: {os.environ['RATCHET_NOW']!r} is not an ISO-8601 date") from None


def fail_closed(func: F) -> F:
    """Turn library errors into one line on stderr and the error's exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            result = func(*args, **kwargs)
        except RatchetError as exc:
            if os.environ.get("RATCHET_RAISE_ERRORS") == "1":
                raise
            _flush(args)
            click.echo(f"Error: {exc}", err=True)
            sys.exit(exc.exit_code)
        _flush(args)
        return result

    return wrapper  # type: ignore[return-value]


def _flush(args: tuple[Any, ...]) -> None:
    if args and isinstance(args[0], Context):
        args[0].flush_warnings()


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


def not_implemented(name: str) -> None:
    click.echo(f"Error: {name} is not implemented yet", err=True)
    sys.exit(2)
