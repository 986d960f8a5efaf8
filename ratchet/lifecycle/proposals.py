"""Pending facts (``extraction.review``, :mod:`ratchet.core.review`): listed by ``ratchet review``, made memory by
``accept``, archived by ``reject`` (restorable with ``ratchet restore``), each one write under the store lock with
its audit record."""

from __future__ import annotations

from typing import Any

from ratchet.core import review
from ratchet.core.facts import Fact
from ratchet.errors import AmbiguousIdError, NotFoundError
from ratchet.store.store import Store

ACTOR = "ratchet review"


def waiting(store: Store) -> list[Fact]:
    """Facts pending review, oldest first (their number in ``ratchet review`` is ``p<n>``)."""
    return sorted((f for f in store.facts(include_superseded=False) if review.pending(f)), key=lambda f: f.created)


def pick(facts: list[Fact], ref: str) -> Fact:
    """A pending fact by ``p<n>`` (its place in :func:`waiting`) or by id (prefix)."""
    if ref[:1] == "p" and ref[1:].isdigit():
        n = int(ref[1:])
        if 1 <= n <= len(facts):
            return facts[n - 1]
        raise NotFoundError(f"Pending fact {ref} not found ({len(facts)} pending)")
    matches = [f for f in facts if f.id.startswith(ref)]
    if not matches:
        raise NotFoundError(f"Pending fact '{ref}' not found")
    if len(matches) > 1:
        raise AmbiguousIdError(f"Id prefix '{ref}' is ambiguous: {len(matches)} pending facts match")
    return matches[0]


def is_pending_ref(store: Store, ref: str) -> bool:
    """Whether ``ref`` names a pending fact (``p<n>``, or an id prefix of one) rather than a contradiction item. A
    number is an item's number while there is such an item; else it may be an id prefix (ids are hex: ``31415926``)."""
    if ref[:1] == "p" and ref[1:].isdigit():
        return True
    if not any(f.id.startswith(ref) for f in waiting(store)):
        return False
    if not ref.isdigit():
        return True
    from ratchet.lifecycle.contradictions import open_items

    return not 1 <= int(ref) <= len(open_items(store.memdir))


def accept(store: Store, ref: str) -> dict[str, Any]:
    """Make the pending fact ``ref`` memory; the facts it was to replace (still in force) are superseded now."""
    with store.lock():
        fact = pick(waiting(store), ref)
        replaces = review.release(fact)
        superseded: list[Fact] = []
        for old_id in replaces:
            try:
                old = store.get(old_id)
            except NotFoundError:
                continue  # forgotten or purged meanwhile
            if old.active:
                old.superseded_by, old.promoted = fact.id, False
                superseded.append(old)
        if superseded:
            fact.supersedes = [*(fact.supersedes or []), *(o.id for o in superseded)]
        store.update([fact, *superseded], ACTOR, action="accept")
    if superseded:
        from ratchet.store.vectors import drop_vectors

        try:
            drop_vectors(store.memdir, [o.id for o in superseded])
        except (OSError, ValueError):
            pass  # derived data: the next 'memory-embed' drops them
    return {"id": fact.id, "status": "accepted", "superseded": [o.id for o in superseded]}


def reject(store: Store, ref: str) -> dict[str, Any]:
    """Archive the pending fact ``ref`` (the user said no; ``ratchet restore`` brings it back, still pending)."""
    with store.lock():
        fact = pick(waiting(store), ref)
        store.remove([fact.id], ACTOR, action="reject", reason="rejected in review")
    return {"id": fact.id, "status": "rejected"}
