"""The one exception tree. The library raises these; the CLI turns them into a one-line message.

``exit_code`` follows the house rule: 1 for runtime failures, 2 for usage and configuration errors.
"""

from __future__ import annotations


class RatchetError(Exception):
    """Base of every error Ratchet raises on purpose."""

    exit_code = 1


class UsageError(RatchetError):
    """A bad option or argument."""

    exit_code = 2


class ConfigError(RatchetError):
    """The configuration file is missing, unreadable or invalid."""

    exit_code = 2


class InvalidFactError(RatchetError):
    """A fact (or another record) does not match its schema."""


class NotFoundError(RatchetError):
    """An id, file or other named thing does not exist."""


class AmbiguousIdError(RatchetError):
    """An id prefix matches more than one fact."""


class StoreError(RatchetError):
    """The memory directory cannot be read or written."""


class LockBusyError(StoreError):
    """Another process holds the store lock and we were asked not to wait."""


class LockTimeoutError(StoreError):
    """Another process held a lock for longer than we were willing to wait: a failure, not a skip."""


class TranscriptError(RatchetError):
    """A transcript cannot be read or parsed."""


class LLMError(RatchetError):
    """The LLM or embedding endpoint failed or answered nonsense."""
