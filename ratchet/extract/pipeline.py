"""Extraction: a transcript in, new atomic facts in the store, safely and only once.

Pipeline: read and clean the transcript (:mod:`ratchet.extract.transcripts`) -> keep only turns not processed before
(per-session offsets in ``memory/state/extract-offsets.json``) -> propose candidates with the LLM
(:mod:`ratchet.extract.llm`) or the deterministic offline extractor (:mod:`ratchet.extract.offline`) ->
filters: credential scan (rejected, logged without the secret), jsonschema validation, dedupe against existing
and earlier new facts -> importance, tier, scope -> supersession (both sides written and audited) -> store,
reference events for facts the user confirmed, token usage in the audit log, offsets saved.

The library raises :class:`RatchetError` subclasses; the hook wrapper in ``ratchet.cli.extract`` fails open.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock, dedupe, review, secrets, sensitive
from ratchet.core.facts import Candidate, Fact, new_fact
from ratchet.core.scope import GLOBAL, normalise_remote, scope_for
from ratchet.core.scoring import base_importance
from ratchet.errors import InvalidFactError
from ratchet.extract import llm as extract_llm
from ratchet.extract import offline
from ratchet.extract.transcripts import Transcript, Turn, read_transcript
from ratchet.store import audit, events, journal, table
from ratchet.store.files import dumps_line, fault_point, hold_lock, read_json
from ratchet.store.store import Loaded, Store, refuse_secrets

ACTOR = "memory-extract"
OFFSETS_FILE = "extract-offsets.json"
CONTEXT_TURNS = 2  # already processed turns shown to the LLM so a new chunk reads in context
SESSION_LOCK_TIMEOUT = 600.0
SESSION_LOCK_STRIPES = 16  # extract-00.lock .. extract-0f.lock in state/


@dataclass
class ExtractResult:
    """What one extraction run did (or, with ``dry_run``, would do)."""

    transcript: str
    format: str
    session: str
    mode: str  # llm | offline
    dry_run: bool = False
    scope: str = GLOBAL
    added: list[Fact] = field(default_factory=list)
    duplicates: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    superseded: list[dict[str, str]] = field(default_factory=list)
    pending: list[dict[str, str]] = field(default_factory=list)  # stored, waiting for review (extraction.review)
    references: list[str] = field(default_factory=list)
    turns_total: int = 0
    turns_new: int = 0
    usage: dict[str, int] = field(default_factory=dict)
    prompt_version: str | None = None
    model: str = ""  # the model that answered (LLM mode)
    stamps: dict[str, str] = field(default_factory=dict)  # turn uid -> when it was said (facts' ``created``)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (fact records in full, rejections without their content)."""
        return {
            "transcript": self.transcript,
            "format": self.format,
            "session": self.session,
            "mode": self.mode,
            "dry_run": self.dry_run,
            "scope": self.scope,
            "turns": {"total": self.turns_total, "new": self.turns_new},
            "added": [f.to_dict() for f in self.added],
            "duplicates": self.duplicates,
            "rejected": self.rejected,
            "superseded": self.superseded,
            "pending": self.pending,
            "references": self.references,
            "usage": self.usage,
            "prompt_version": self.prompt_version,
        }


def extract_file(
    store: Store,
    config: Config,
    path: str | Path | Transcript,
    *,
    session: str | None = None,
    cwd: str | Path | None = None,
    dry_run: bool = False,
    mode: str | None = None,
    prompt_path: Path | None = None,
    chat: extract_llm.ChatFn | None = None,
) -> ExtractResult:
    """Extract facts from the transcript at ``path`` (or an already read one) into ``store``.

    ``prompt_path`` and ``chat`` reach the LLM extractor (see :func:`ratchet.extract.llm.run`): the prompt
    workshop runs other prompt files and recorded replies through the same pipeline.
    """
    transcript = path if isinstance(path, Transcript) else read_transcript(path)
    session_id = session or transcript.session_id or transcript.path.stem
    where = cwd or transcript.cwd or os.getcwd()
    repo_scope = scope_for(where)
    if repo_scope == GLOBAL and not cwd and transcript.repository:
        # A Codex rollout names its repository (session_meta.git.repository_url): its facts belong there even when
        # the working directory is gone or the file is read on another machine.
        repo_scope = f"repo:{normalise_remote(transcript.repository)}"
    chosen = _mode(config, mode, transcript.format)
    result = ExtractResult(str(transcript.path), transcript.format, session_id, chosen, dry_run, repo_scope)
    result.turns_total = len(transcript.turns)
    with _session_lock(store, session_id, dry_run):
        if dry_run:
            offsets = _read_offsets(store)
        else:
            with store.lock():  # first finish a change a killed run left: it may hold this session's offset
                offsets = _read_offsets(store)
        new_turns, context = _new_turns(transcript, offsets.get(session_id))
        result.turns_new = len(new_turns)
        if new_turns:  # the offset is written with the facts, as one journaled change
            _extract(store, config, new_turns, context, result, prompt_path, chat, transcript)
        elif not dry_run:
            _save_offset(store, session_id, transcript)
    return result


def _mode(config: Config, mode: str | None, transcript_format: str | None = None) -> str:
    from ratchet.models import agent_cli

    wanted = mode or config.section("extraction").get("mode", "auto")
    if wanted == "auto":
        usable = config.llm_configured() or agent_cli.backend_for(config, transcript_format)
        return "llm" if usable else "offline"
    return str(wanted)


def _extract(
    store: Store,
    config: Config,
    turns: list[Turn],
    context: list[Turn],
    result: ExtractResult,
    prompt_path: Path | None = None,
    chat: extract_llm.ChatFn | None = None,
    transcript: Transcript | None = None,
) -> None:
    visible = {GLOBAL, result.scope}
    # The LLM is shown existing facts before the lock is taken (a model call must not hold it); a dry run
    # never takes the lock. Otherwise the facts are read once, under the lock, below.
    existing, retired = _visible_facts(store, visible) if result.mode == "llm" or result.dry_run else ([], [])
    result.stamps = _turn_times(turns)
    confirmed: list[str] = []
    outcome: extract_llm.LLMOutcome | None = None
    if result.mode == "llm":
        shown = similar_facts(
            existing, turns, store, result.session, int(config.section("extraction")["similar_facts_shown"])
        )
        outcome = _run_llm(store, config, turns, context, shown, result, prompt_path, chat)
    if outcome is not None:
        candidates = outcome.candidates
        confirmed = outcome.confirmed
        result.rejected.extend(outcome.rejected)
        result.usage = dict(outcome.usage, calls=outcome.calls)
        result.prompt_version = outcome.prompt_version
        result.model = outcome.model
        usage_record = audit.event(
            "llm_usage",
            ACTOR,
            purpose="extract",
            session=result.session,
            model=outcome.model,
            mode=outcome.mode,
            prompt_version=outcome.prompt_version,
            **dict[str, Any](result.usage),
        )
    else:
        candidates = offline.extract(turns, config.categories, config.data["default_category"])
        usage_record = None
    if result.dry_run:
        result.added, updates = build_facts(config, candidates, existing, result, retired)
        result.references = list(dict.fromkeys(confirmed + result.references))
        return
    with store.lock():
        # Read under the lock (another worker may have stored facts from this session meanwhile), and only the facts
        # the candidates could duplicate or supersede.
        existing, retired, tab = _facts_for(store, visible, candidates)
        result.duplicates.clear()
        result.superseded.clear()
        result.pending.clear()
        result.references.clear()
        result.added, updates = build_facts(config, candidates, existing, result, retired)
        result.references = list(dict.fromkeys(confirmed + result.references))
        # One journaled change: a run killed anywhere is finished exactly by the next holder of the lock, and the
        # offset moves with the facts, so the turns are never extracted twice nor skipped.
        change = journal.Change()
        change.audit.extend(audit.event("reject", ACTOR, session=result.session, **r) for r in result.rejected)
        if usage_record:
            change.audit.append(usage_record)
        store.add(result.added, ACTOR, change=change, session=result.session, mode=result.mode)
        holding = _files_holding(store, tab, updates)
        store.update(updates, ACTOR, action="supersede", change=change, loaded=holding, session=result.session)
        reference = events.event(events.REFERENCE, result.references, session=result.session, source="extract")
        if reference:
            change.append_lines(store.memdir.events, [dumps_line(reference)])
        if transcript is not None:
            _save_offset(store, result.session, transcript, change)
        store.apply(change)
    fault_point("extract:after-store")


def _run_llm(
    store: Store,
    config: Config,
    turns: list[Turn],
    context: list[Turn],
    shown: list[Fact],
    result: ExtractResult,
    prompt_path: Path | None,
    chat: extract_llm.ChatFn | None,
) -> extract_llm.LLMOutcome | None:
    """The LLM's facts: from the configured endpoint, or from the signed-in agent's CLI (``llm.backend``), which is
    sent only what the user and the agent said (never tool output) and falls back to the offline extractor (None)
    when it fails or the day's token cap is reached."""
    from ratchet.errors import LLMError
    from ratchet.models import agent_cli

    backend = agent_cli.backend_for(config, result.format) if chat is None else None
    if backend is None:
        return extract_llm.run(config, turns, context, shown, prompt_path=prompt_path, chat=chat)
    said = [t for t in turns if t.role != "tool" and t.trusted]
    before = [t for t in context if t.role != "tool" and t.trusted]
    try:
        chat = agent_cli.chat_fn(config, backend, store.memdir.state_dir)
        return extract_llm.run(config, said, before, shown, prompt_path=prompt_path, chat=chat)
    except LLMError as exc:
        result.mode = "offline"
        result.rejected.append({"reason": f"{backend} unavailable, offline extractor used: {exc}"})
        return None


def _turn_times(turns: list[Turn]) -> dict[str, str]:
    """When each turn was said (uid -> ISO time), and under ``""`` the session's last time, never in the future.

    A fact is created when the user said it, not when extraction ran: that decides its quarter file and recency.
    """
    from ratchet.core import clock

    now = clock.now()
    out: dict[str, str] = {}
    for turn in turns:
        if not turn.timestamp:
            continue
        try:
            moment = min(clock.parse(turn.timestamp), now)
        except (ValueError, OverflowError):
            continue
        out[turn.uid or ""] = out[""] = clock.iso(moment)
    return out


def _visible_facts(store: Store, visible: set[str]) -> tuple[list[Fact], list[Fact]]:
    """(active, superseded) facts of the scopes a session sees."""
    facts = [f for f in store.facts() if f.scope in visible]
    return [f for f in facts if f.active], [f for f in facts if not f.active]


def _facts_for(
    store: Store, visible: set[str], candidates: list[Candidate]
) -> tuple[list[Fact], list[Fact], table.Table | None]:
    """:func:`_visible_facts` restricted to what :func:`build_facts` can reach for these candidates (the caller holds
    the store lock): the facts sharing enough dedupe tokens with a candidate to be its duplicate (or, for a
    correction, its superseded fact) and those a candidate names, found in the fact table's postings and read by
    offset. Every fact a pool lookup can return is among them, in store order, so the result is the same as with
    every visible fact. Falls back to reading the store when the table cannot answer exactly."""
    tab = table.current(store, quarantine=True)
    if tab.meta["dups"]:  # an id on two lines: Store.read decides which counts
        return (*_visible_facts(store, visible), None)
    rows: set[int] = set()
    for cand in candidates:
        tokens = dedupe._tokens(cand.content)
        if tokens:  # what Pool.find compares (both pools): the facts sharing this share of the tokens
            rows.update(tab.sharing(tokens, dedupe.CONTAINED_JACCARD * len(tokens)).tolist())
        if cand.supersedes:  # what _supersedes looks at: the facts named, or for a correction those sharing two
            rows.update(tab.rows_of(cand.supersedes))
        elif cand.correction:
            rows.update(tab.sharing(dedupe._tokens(cand.content.strip()), 2).tolist())
    scopes = tab.meta["scopes"]
    wanted = sorted(r for r in rows if scopes[int(tab.scope[r])] in visible)
    facts = tab.facts(store.memdir, wanted)
    if len(facts) != len(wanted):  # cannot happen under the lock unless a file was edited by hand meanwhile
        return (*_visible_facts(store, visible), None)
    chosen = [facts[r] for r in wanted]
    return [f for f in chosen if f.active], [f for f in chosen if not f.active], tab


def _files_holding(store: Store, tab: table.Table | None, facts: list[Fact]) -> Loaded | None:
    """The quarter files holding ``facts`` (read under the lock), for an update that rewrites only those; None (the
    whole store) without a table."""
    if tab is None or not facts:
        return None
    rows = tab.rows_of([f.id for f in facts])
    return store.read_files(sorted({store.memdir.root / tab.files[int(tab.file[r])] for r in rows}))


def build_facts(
    config: Config,
    candidates: list[Candidate],
    existing: list[Fact],
    result: ExtractResult,
    retired: list[Fact] | None = None,
) -> tuple[list[Fact], list[Fact]]:
    """Apply the filters to ``candidates``; return (new facts, existing facts now superseded).

    ``retired`` are superseded facts: restating one without a correction cue (a resumed session read again
    under a new id, say) must not bring the old value back next to the fact that replaced it.
    """
    by_id = {f.id: f for f in existing}
    pool = dedupe.Pool(existing)
    retired_pool = dedupe.Pool(retired or [], retired=True)
    new: list[Fact] = []
    updates: dict[str, Fact] = {}
    categories = config.categories
    default_category = config.data["default_category"]
    review_mode = str(config.section("extraction").get("review") or "off")
    for cand in candidates:
        kinds = secrets.scan(f"{cand.content}\n{cand.evidence}")
        if kinds:
            result.rejected.append({"reason": "credential", "kinds": kinds, "content_chars": len(cand.content)})
            continue
        duplicate = pool.find(cand.content)
        if duplicate is not None:
            result.duplicates.append({"content": cand.content, "existing_id": duplicate.id})
            if duplicate.id in by_id and duplicate.source_session != result.session and cand.trusted:
                result.references.append(duplicate.id)  # the user restated a fact they already gave us
            continue
        stale = None if cand.correction else retired_pool.find(cand.content)
        if stale is not None:
            result.duplicates.append(
                {"content": cand.content, "existing_id": stale.id, "superseded_by": stale.superseded_by}
            )
            continue
        category = cand.category if cand.category in categories else default_category
        scope = GLOBAL if cand.about == "person" else result.scope
        try:
            fact = new_fact(
                cand.content,
                category=category,
                importance=base_importance(
                    config,
                    category,
                    explicit_remember=cand.explicit_remember,
                    action_required=cand.action_required,
                    untrusted=not cand.trusted,
                ),
                tier=cand.tier if cand.tier in ("permanent", "standard", "transient") else "standard",  # type: ignore[arg-type]
                tags=sensitive.mark(cand.tags or [category], f"{cand.content}\n{cand.evidence}"),
                scope=scope,
                source_session=result.session[:200],
                source_trust="trusted" if cand.trusted else "untrusted",
                trust_reasons=cand.trust_reasons,
                evidence=cand.evidence[:600] or None,
                provenance=cand.provenance or result.mode,
                prompt_version=cand.prompt_version,
                created=result.stamps.get(cand.turn_uid) or result.stamps.get(""),
            )
            fact.validate()
            refuse_secrets(fact)  # store.add's check, per field: refused there, one fact would fail the batch
        except InvalidFactError as exc:
            result.rejected.append({"reason": f"invalid fact: {exc}"})
            continue
        old_ids = _supersedes(cand, fact, pool)
        why = review.reason_to_wait(review_mode, cand, fact, old_ids)
        if why:  # proposed, not yet memory: stored pending, replacing nothing until accepted (ratchet.core.review)
            review.hold(fact, why, old_ids)
            result.pending.append({"id": fact.id, "why": why})
            old_ids = []
        if old_ids:
            fact.supersedes = old_ids
            for old_id in old_ids:
                old = pool.get(old_id)
                assert old is not None  # _supersedes names only facts of the pool
                old.superseded_by = fact.id
                if old_id in by_id:
                    updates[old_id] = old
                result.superseded.append({"old": old_id, "new": fact.id})
                pool.remove(old_id)
        pool.add(fact)
        new.append(fact)
    return new, list(updates.values())


def _supersedes(cand: Candidate, fact: Fact, pool: dedupe.Pool) -> list[str]:
    """Ids of facts ``fact`` replaces: those the LLM named (same subject only), or for a correction the
    closest fact that differs by a substitution."""
    new_tokens = dedupe._tokens(fact.content)
    if cand.supersedes:
        named = ((i, pool.get(i)) for i in dict.fromkeys(cand.supersedes))
        return [i for i, old in named if old is not None and old.active and new_tokens & dedupe._tokens(old.content)]
    if not cand.correction:
        return []
    best: tuple[float, str] | None = None
    for old, old_tokens in pool.sharing(new_tokens, 2):
        shared = len(new_tokens & old_tokens)
        # The smaller statement mostly contained in the correction: "X is A" -> "X moved to B".
        score = shared / min(len(new_tokens), len(old_tokens))
        if score >= 0.5 and (best is None or score > best[0]):
            best = (score, old.id)
    return [best[1]] if best else []


def similar_facts(existing: list[Fact], turns: list[Turn], store: Store, session: str, limit: int) -> list[Fact]:
    """Existing facts to show the LLM: those injected in this session first, then by word overlap."""
    if limit <= 0 or not existing:
        return []
    injected = events.injected_ids(store.memdir, session)
    words: set[str] = set()
    for turn in turns:
        words |= dedupe._tokens(turn.text[:20000])
    scored = sorted(
        existing,
        key=lambda f: (f.id not in injected, -len(dedupe._tokens(f.content) & words), f.created),
    )
    return [f for f in scored if f.id in injected or dedupe._tokens(f.content) & words][:limit]


# ----- processed offsets ---------------------------------------------------------------------------
def _offsets_path(store: Store) -> Path:
    return store.memdir.state_dir / OFFSETS_FILE


def _read_offsets(store: Store) -> dict[str, Any]:
    data = read_json(_offsets_path(store), {})
    return data if isinstance(data, dict) else {}


def _new_turns(transcript: Transcript, entry: Any) -> tuple[list[Turn], list[Turn]]:
    """(turns not processed yet, a few processed turns before them as context)."""
    turns = transcript.turns
    if not isinstance(entry, dict) or entry.get("format") != transcript.format:
        return turns, []
    uid = entry.get("uid")
    cut: int | None = None
    if isinstance(uid, str) and uid and not uid.startswith(("line:", "msg:")):
        positions = [i for i, t in enumerate(turns) if t.uid == uid]
        if positions:
            cut = positions[-1] + 1
    if cut is None:
        line = int(entry.get("line") or 0)
        if line > transcript.last_line:
            return turns, []  # the file was rewritten or replaced: start over (dedupe guards repeats)
        cut = next((i for i, t in enumerate(turns) if t.line > line), len(turns))
    return turns[cut:], turns[max(0, cut - CONTEXT_TURNS) : cut]


def _save_offset(store: Store, session: str, transcript: Transcript, change: journal.Change | None = None) -> None:
    """Plan ``session``'s offset into ``change`` (the caller holds the store lock), or write it alone.

    The file is read again under the store lock: extractions of other sessions write their offsets to it too."""
    if change is None:
        with store.lock():
            plan = journal.Change()
            _save_offset(store, session, transcript, plan)
            store.apply(plan)
        return
    offsets = _read_offsets(store)
    last = transcript.turns[-1] if transcript.turns else None
    offsets[session] = {
        "path": str(transcript.path),
        "format": transcript.format,
        "line": transcript.last_line,
        "uid": last.uid if last else None,
        "updated": clock.now_iso(),
    }
    change.replace(_offsets_path(store), _dumps(offsets))


def _dumps(data: Any) -> str:
    import json

    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


@contextmanager
def _session_lock(store: Store, session: str, dry_run: bool) -> Iterator[None]:
    """One extraction per session at a time (PreCompact and SessionEnd workers may overlap).

    The lock is one of :data:`SESSION_LOCK_STRIPES` files chosen by the session's hash, so they do not pile up, one
    per session, for good; two sessions that share a stripe only wait for each other, which costs nothing."""
    if dry_run:
        yield
        return
    store.memdir.ensure()
    stripe = int(hashlib.sha1(session.encode("utf-8")).hexdigest(), 16) % SESSION_LOCK_STRIPES
    busy = f"Timed out waiting for another extraction of session {session}"
    with hold_lock(store.memdir.state_dir / f"extract-{stripe:02x}.lock", timeout=SESSION_LOCK_TIMEOUT, busy=busy):
        yield
