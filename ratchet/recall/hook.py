"""The hook policy of recall: what an agent's SessionStart or per-prompt hook asks for, and fitting the answer under
the agent's character cap.

- A session start asks with the opening context (repository, branch, recent commits) and the prior leads.
- A prompt (``UserPromptSubmit``, Gemini's ``BeforeAgent``) asks with the prompt itself: at most
  :data:`PROMPT_MAX_FACTS` facts above ``retrieval.prompt_relevance_threshold``, none already injected in the session,
  no LLM call and unless asked no embedding model (every prompt pays this latency); a prompt of fewer than
  :data:`MIN_PROMPT_TERMS` content words ("yes", "go on") gets nothing.
- The whole output (the agent's JSON wrapper included) stays within ``retrieval.max_chars`` and the agent's own cap on
  injected context, counted as the agent counts (the caller passes both, from ``ratchet.hooks.agents``): when
  escaping or multi-byte text pushes it over, the facts are packed again under a smaller cap.
- What was shown is recorded as an injection event (never a reference).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ratchet.config import Config
from ratchet.core.scope import visible_scopes
from ratchet.core.text import tokenize
from ratchet.recall.opening import opening
from ratchet.recall.render import hook_json
from ratchet.recall.request import Request
from ratchet.store import events
from ratchet.store.logfile import log_line
from ratchet.store.store import Store

PROMPT_EVENTS = ("UserPromptSubmit", "BeforeAgent")
PROMPT_MAX_FACTS = 5
MIN_PROMPT_TERMS = 3
_FIT_ATTEMPTS = 4


@dataclass
class Ask:
    """What the hook's command line asked on top of the payload (None: the configuration's choice)."""

    query: str | None = None
    mode: str | None = None
    budget: int | None = None
    detail: str = "full"
    max_facts: int | None = None


def opening_context(cwd: str | None) -> str | None:
    """The session's opening context (repository, branch, recent commits) as a query, or None."""
    return opening(cwd or os.getcwd()).text() or None


def scopes(cwd: str | None) -> set[str]:
    """Global plus the repository of ``cwd``."""
    return visible_scopes(cwd or os.getcwd())


def request_for(store: Store, config: Config, payload: dict[str, Any], ask: Ask) -> Request | None:
    """The retrieval request for a hook ``payload`` (the agent's stdin JSON), or None when there is nothing to ask."""
    section = config.section("retrieval")
    event = str(payload.get("hook_event_name") or "SessionStart")
    cwd = str(payload.get("cwd") or os.getcwd())
    session = payload.get("session_id")
    if event not in PROMPT_EVENTS:
        return Request(
            query=ask.query,
            context=None if ask == Ask() else opening_context(cwd),  # a plain start: after its kept answer is missed
            mode=ask.mode,
            budget=ask.budget,
            detail=ask.detail,
            scopes=scopes(cwd),
            max_facts=ask.max_facts,
        )
    prompt = str(payload.get("prompt") or "")
    if len(set(tokenize(prompt))) < MIN_PROMPT_TERMS:
        return None  # too short to carry intent ("yes", "go on")
    if ask.mode and ask.mode != "auto":
        from ratchet.recall.retrieve import resolve_mode  # lazy: a kept session-start answer needs no ranking

        chosen = resolve_mode(store, config, ask.mode)
    else:
        chosen = section["prompt_mode"]
    return Request(
        query=prompt,
        mode="keyword" if chosen == "llm" else chosen,
        budget=ask.budget,
        detail=ask.detail,
        scopes=scopes(cwd),
        exclude=events.injected_ids(store.memdir, str(session)) if session else set(),
        threshold=float(section["prompt_relevance_threshold"]),
        max_facts=ask.max_facts or PROMPT_MAX_FACTS,
    )


def respond(
    store: Store,
    config: Config,
    payload: dict[str, Any],
    fmt: str,
    ask: Ask,
    cap: int | None = None,
    measure: Callable[[str], int] = len,
    *,
    record: bool = True,
) -> str:
    """The hook's stdout for ``payload`` in format ``fmt`` (an agent's ``*-hook`` JSON, ``markdown`` or ``json``),
    within ``retrieval.max_chars`` characters and the agent's ``cap`` as ``measure`` counts it (UTF-16 code units,
    UTF-8 bytes); empty when nothing is worth showing. Records the injection (unless ``record`` is false: a session
    start answered ahead of time, :func:`recent_starts`)."""
    request = request_for(store, config, payload, ask)
    if request is None:
        return ""
    event = str(payload.get("hook_event_name") or "SessionStart")
    session = payload.get("session_id")
    max_chars = int(config.section("retrieval")["max_chars"])
    wrapped = fmt.endswith("-hook")
    request.max_chars = limit = max_chars - (len(hook_json(fmt, event, "")) if wrapped else 0)
    start = event not in PROMPT_EVENTS and ask == Ask()
    cwd = str(payload.get("cwd") or os.getcwd())
    key = _start_key(store, config, request, fmt, cap, cwd) if start else None
    saved = _saved_start(store, key) if key else None
    if saved is not None:  # the same opening over the same store today: the answer already computed
        output, ids, mode = saved
        if record:
            _record(store, ids, session, event, mode)
        return output
    if start:
        request.context = opening_context(cwd)
    from ratchet.recall.retrieve import retrieve

    for _attempt in range(_FIT_ATTEMPTS):
        result = retrieve(store, config, request)
        text = result.markdown()
        if not text:
            return ""
        output = hook_json(fmt, event, text) if wrapped else text
        if fmt == "json":
            output = json.dumps(result.to_dict(request.query), ensure_ascii=False)
        # JSON escapes add characters and multi-byte text adds bytes: when over, pack again under the packer's
        # character budget shrunk by the share the output is over, and a little more.
        shares = [max_chars / len(output)]
        if cap is not None:
            shares.append(cap / max(measure(output), 1))
        if min(shares) >= 1:
            break
        budget = request.max_chars or max_chars
        request.max_chars = max(int(budget * min(shares)) - 50, 1)
    else:
        return ""
    for warning in result.warnings:
        log_line(store.memdir.log, f"memory-retrieve --hook: {warning}")
    if record:
        _record(store, result.ids, session, event, result.mode)
    if key and not result.warnings:  # keyed again: answering may have rebuilt a stale cache
        request.max_chars = limit  # as it was asked, before any fitting
        _save_start(store, _start_key(store, config, request, fmt, cap, cwd), output, result.ids, result.mode)
        _remember_start(store, cwd, fmt)
    return output


def _record(store: Store, ids: list[str], session: Any, event: str, mode: str) -> None:
    """What was shown, as an injection event of the session (never a reference)."""
    where = f"memory-retrieve {event}"
    events.record(
        store.memdir, events.INJECTION, ids, session=str(session) if session else None, source=where, mode=mode
    )


# A session start is asked the same question over and over: the same repository, branch and commits, the same store,
# the same day. Its answer needs the embedding model and numpy (about 150 ms of a 200 ms hook); kept in
# state/session-start.json under a key of everything it depends on, the next start in that repository prints it
# at once. Any write to the store, the cache or the vectors, a new commit, another config or another day misses.
# The opening enters the key as the work tree's top, branch and HEAD commit when its files say them plainly (they
# decide the opening context: no git started on a hit), else as the opening context itself.
# Any write misses, and a session's own extraction is a write: so the extraction worker and memory-manage answer the
# starts recently asked (state/start-asks.json: working directory and format, the last four) again right after
# writing (ratchet.hooks.io.warm_starts), and the next start finds its answer kept.
START_CACHE = "session-start.json"
START_ENTRIES = 8
START_ASKS = "start-asks.json"
ASKS_KEPT = 4


def _start_key(store: Store, config: Config, request: Request, fmt: str, cap: int | None, cwd: str) -> str:
    import hashlib

    from ratchet.core import clock
    from ratchet.core.scope import read_head

    decided, head = read_head(cwd)
    opening: Any = ["head", head] if decided else ["context", opening_context(cwd)]

    state = store.memdir.state_dir
    derived: dict[str, list[int] | None] = {}
    for name in ("retrieval.npz", "embeddings.npy", "embeddings-ids.npy", "embeddings-meta.json"):
        try:
            stat = (state / name).stat()
            derived[name] = [stat.st_size, stat.st_mtime_ns]
        except OSError:
            derived[name] = None
    material = {
        "opening": opening,
        "scopes": sorted(request.scopes or ()),
        "max_chars": request.max_chars,
        "fmt": fmt,
        "cap": cap,
        "config": config.data,
        "files": store.signature(),
        "derived": derived,
        "day": clock.now_iso()[:10],
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True, default=str).encode("utf-8")).hexdigest()


def _saved_start(store: Store, key: str) -> tuple[str, list[str], str] | None:
    from ratchet.store.files import read_json

    try:
        entry = read_json(store.memdir.state_dir / START_CACHE, {}).get(key)
    except (OSError, ValueError, AttributeError):
        return None  # a damaged cache is a miss, rewritten by the next answer
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("output"), str)
        or not isinstance(entry.get("ids"), list)
    ):
        return None
    return entry["output"], [str(i) for i in entry["ids"]], str(entry.get("mode") or "")


def _save_start(store: Store, key: str, output: str, ids: list[str], mode: str) -> None:
    from ratchet.core import clock
    from ratchet.store.files import atomic_write, read_json

    path = store.memdir.state_dir / START_CACHE
    try:
        entries = read_json(path, {})
        entries = entries if isinstance(entries, dict) else {}
    except (OSError, ValueError):
        entries = {}
    entries[key] = {"output": output, "ids": ids, "mode": mode, "saved": clock.now_iso()}
    newest = sorted(entries, key=lambda k: str(entries[k].get("saved", "")) if isinstance(entries[k], dict) else "")
    kept = {k: entries[k] for k in newest[-START_ENTRIES:]}
    store.memdir.ensure()
    atomic_write(path, json.dumps(kept, ensure_ascii=False))


def recent_starts(store: Store) -> list[tuple[str, str]]:
    """The (working directory, format) of the session starts answered lately, newest first."""
    from ratchet.store.files import read_json

    try:
        asks = read_json(store.memdir.state_dir / START_ASKS, [])
    except (OSError, ValueError):
        return []
    if not isinstance(asks, list):
        return []
    return [(a[0], a[1]) for a in asks if isinstance(a, list) and len(a) == 2 and all(isinstance(x, str) for x in a)]


def _remember_start(store: Store, cwd: str, fmt: str) -> None:
    from ratchet.store.files import atomic_write

    asks = recent_starts(store)
    if asks[:1] == [(cwd, fmt)]:
        return
    kept = [(cwd, fmt), *(a for a in asks if a != (cwd, fmt))][:ASKS_KEPT]
    atomic_write(store.memdir.state_dir / START_ASKS, json.dumps([list(a) for a in kept], ensure_ascii=False))
