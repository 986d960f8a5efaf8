"""Which credential rules are installed: a stamp of their source, taken without importing them.

The retrieval cache keeps per fact the verdict of the output gate's quick scan (:func:`ratchet.core.secrets.scan`),
so a hook need not compile some two hundred patterns (about 40 ms) to check the five facts it is about to print. A
verdict holds only for the rules that gave it: this stamp (name, size and modification time of every module of
``ratchet.core``, where the rules and everything they use live, and of the vocabulary and model files they read) is
stored with the verdicts, and a reader that finds another stamp scans what it shows, as it would without the cache.
Over-inclusive on purpose: any edit or upgrade of ``ratchet.core`` invalidates the verdicts, which the next write's
or extraction's cache refresh (even one that stores nothing) or ``ratchet reindex`` computes again (a hook's rebuild
computes at most :data:`ratchet.recall.catalog.GATE_BUDGET`).
"""

from __future__ import annotations

import contextlib
import os
import zlib
from functools import lru_cache

# The vocabulary file ratchet.core.world_words reads and the learned layer's model ratchet.core.secret_scorer reads
# (each imports its name from here): named where the stamp can stat them without importing the rules.
VOCABULARY = ("data", "credential-words.json")
MODEL = ("data", "secret-scorer.bin")


@lru_cache(maxsize=1)
def stamp() -> str:
    """The stamp of the installed rules (one ``scandir`` and a stat per module: well under a millisecond)."""
    import ratchet.core as core  # the package as the import system found it (its __path__), in a wheel as in a checkout

    parts = []
    try:
        for here in core.__path__:
            with os.scandir(here) as entries:
                for entry in entries:
                    if entry.name.endswith(".py"):
                        info = entry.stat()
                        parts.append(f"{entry.name}:{info.st_size}:{info.st_mtime_ns}")
            # The words and the model the rules read from ratchet's data (world_words, secret_scorer): rules too.
            for data in (VOCABULARY, MODEL):
                with contextlib.suppress(FileNotFoundError):
                    info = os.stat(os.path.join(here, os.pardir, *data))
                    parts.append(f"{data[-1]}:{info.st_size}:{info.st_mtime_ns}")
    except OSError:  # no directory to read (a zipped install): a stamp no stored verdict carries, so all are scanned
        return f"unreadable-{os.getpid()}-{id(parts)}"
    text = "\n".join(sorted(parts)).encode("utf-8")
    return f"{len(parts)}-{zlib.crc32(text):08x}-{zlib.adler32(text):08x}"
