"""The quick credential scan's clean verdicts for the facts ``MEMORY.md`` shows, remembered between weekly runs in
``state/memory-md-cleared.json``.

A run lists a few thousand promoted facts and the scan costs about 0.3 ms a fact, while the list changes little from
one week to the next. A fact whose content and tags (what :func:`ratchet.core.secrets.shareable` reads) were found
clean by the same scanner is not scanned again. "The same scanner" is the stamp of every ``ratchet.core`` module
(:mod:`ratchet.core.rules_stamp`: the rules and all they use live there) and the Python version: any change to them
drops every remembered verdict. Only clean verdicts are kept, so a fact that carries a credential is scanned, and
left out, every run. Derived data: unreadable or missing means scan everything.

The first run (or the first after an upgrade) need not scan either: the retrieval cache, which every write brings up
to date, holds the same scan's verdict for every active fact under the same rules stamp
(:func:`ratchet.recall.catalog.clean_texts`). A listed fact whose text it found clean is taken as clean too; by
text, so a line edited since the cache was built is scanned.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from collections.abc import Sequence

from ratchet.core.facts import Fact
from ratchet.store.files import atomic_write
from ratchet.store.memdir import MemoryDir

NAME = "memory-md-cleared.json"
VERSION = 1


def scanner() -> str:
    """Which rules gave a verdict: the stamp of the installed credential rules (the one the retrieval cache keeps its
    verdicts under, :func:`ratchet.core.rules_stamp.stamp`) and the Python version (its regular expression engine)."""
    from ratchet.core.rules_stamp import stamp

    return f"{stamp()} {sys.version.split()[0]}"


def _key(content: str, tags: Sequence[str]) -> str:
    text = json.dumps([content, list(tags)], ensure_ascii=True)  # one text for one (content, tags), and no other
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()


class Cleared:
    """``shareable(fact)`` answering from the remembered clean verdicts first, then from the retrieval cache's."""

    def __init__(self, memdir: MemoryDir) -> None:
        self.memdir = memdir
        self.path = memdir.state_dir / NAME
        self.fingerprint = scanner()
        self.known: set[str] = set()
        with contextlib.suppress(OSError, ValueError, AttributeError, TypeError):
            doc = json.loads(self.path.read_bytes())
            if doc.get("version") == VERSION and doc.get("scanner") == self.fingerprint:
                self.known = set(doc["clean"])
        self.used: set[str] = set()
        self._gate: set[int] | None = None  # the retrieval cache's clean texts, read when first needed

    def shareable(self, fact: Fact) -> bool:
        from ratchet.core.secrets import shareable

        key = _key(fact.content, fact.tags)
        if key in self.known or self._gate_clean(fact) or shareable(fact.content, list(fact.tags)):
            self.used.add(key)
            return True
        return False

    def _gate_clean(self, fact: Fact) -> bool:
        from ratchet.recall import catalog, rows

        if self._gate is None:
            self._gate = catalog.clean_texts(self.memdir)
        return bool(self._gate) and rows.doc_key(fact) in self._gate

    def save(self) -> None:
        """Keep the clean verdicts of this run's list (those of facts no longer listed are dropped)."""
        if self.used == self.known:
            return
        doc = {"version": VERSION, "scanner": self.fingerprint, "clean": sorted(self.used)}
        with contextlib.suppress(OSError):  # derived: the next run scans again
            atomic_write(self.path, json.dumps(doc, separators=(",", ":")))
