"""memory-manage: the weekly lifecycle (reinforce, supersede, decay, promote, purge) in one consistent run.

One run, in order:
1. Take ``.manage.lock`` without waiting (an overlapping cron run is skipped, not queued).
2. With an LLM configured: find contradiction candidates on a snapshot and ask the LLM, *outside* the store lock,
   so memory-extract appends are never held up by a slow endpoint.
3. Under the store lock: read every fact once, apply reference events since the cursor (x1.1 each, capped at 1),
   contradiction verdicts and ``supersedes`` enforcement, weekly decay, promotion and purge selection; then write
   everything in one rewrite per quarter file (purged facts are archived first), the audit records, the index,
   the events cursor, the review list, the events compaction, ``MEMORY.md`` and the vectors of facts no longer
   active.
4. Write the weekly report.

Every step is idempotent, so a run killed anywhere is completed by the next one: the facts, archive and audit
records are one journaled write (:mod:`ratchet.store.journal`) that the next holder of the store lock finishes
exactly; decay is keyed by the ISO week in ``decayed_through``, reinforcement by ``meta["ref_mark"]`` (see
:mod:`ratchet.store.events`), and the other steps recompute from the facts.

Why not ``Store.update``/``Store.remove``: a weekly run touches nearly every fact (decay), and those methods
re-read the whole store and validate each record with jsonschema (~140 us a record: 14 s for 100k facts).
:func:`_commit` follows the same contract (lock held, archive first, atomic rewrite per file, before/after audit,
index) on the facts already read, validating through the fast path of :meth:`Fact.from_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock, review
from ratchet.core.facts import Fact
from ratchet.core.scoring import effective_score
from ratchet.lifecycle import contradictions as contra
from ratchet.lifecycle import promotion, report
from ratchet.store import archived as archive_ids
from ratchet.store import audit, events, files, vectors
from ratchet.store.files import atomic_write, fault_point, hold_lock, read_json
from ratchet.store.store import Loaded, Store, archive_record

ACTOR = "memory-manage"
STATE_NAME = "manage-state.json"
# Which action names a fact's audit record when one run changed it for several reasons.
_SAFE_ACTIONS = frozenset({"decay", "promote", "demote"})
_PRIORITY = ("supersede", "demote", "promote", "reinforce", "decay", "update")
AUDIT_HOLES = ("fact_id", "before", "reason")


@lru_cache(maxsize=4096)
def _week_of_day(day: str) -> str:
    return clock.iso_week(clock.parse(day))


def week_of(stamp: str) -> str:
    """ISO week of a stored date or date-time (cached by day: 100k facts share few days)."""
    return (
        _week_of_day(stamp[:10])
        if len(stamp) >= 10 and stamp[10:11] in ("", "T")
        else clock.iso_week(clock.parse(stamp))
    )


@lru_cache(maxsize=4096)
def _weeks_between(first: str, second: str) -> int:
    return clock.weeks_between(first, second)


@dataclass
class Plan:
    """Everything one run decided, before anything is written."""

    facts: dict[str, Fact]
    files: dict[str, Path]
    before: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> original values of changed fields
    actions: dict[str, set[str]] = field(default_factory=dict)
    purge: dict[str, str] = field(default_factory=dict)  # id -> reason
    review: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    def set(self, fact: Fact, name: str, value: Any, action: str) -> None:
        old = getattr(fact, name)
        if old != value:
            self.mark(fact.id, name, old, action)
            setattr(fact, name, value)

    def mark(self, fact_id: str, name: str, old: Any, action: str) -> None:
        """Note that ``action`` changes field ``name`` of a fact from ``old`` (the first value noted stays)."""
        before = self.before.get(fact_id)
        if before is None:
            self.before[fact_id] = {name: _copy(old)}
            self.actions[fact_id] = {action}
        else:
            if name not in before:
                before[name] = _copy(old)
            self.actions[fact_id].add(action)

    def note(self, key: str, item: Any) -> None:
        self.summary.setdefault(key, []).append(item)


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value


# ----- the run -------------------------------------------------------------------------------------------


def run(
    store: Store,
    config: Config,
    *,
    dry_run: bool = False,
    use_llm: bool = True,
    write_report: bool = True,
) -> dict[str, Any]:
    """One memory-manage run; returns the summary (also the weekly report's data).

    Raises :class:`LockBusyError` ("skipped: another run holds the lock") when another run is going on.
    ``dry_run`` takes no lock, calls no LLM and writes nothing.
    """
    now = clock.now()
    if dry_run:
        loaded = store.read(quarantine=False)
        plan = _plan(store, config, loaded, now, verdicts=None, dry_run=True)
        return _finish_summary(plan, config, now, dry_run=True)
    store.memdir.ensure()
    busy = "skipped: another run holds the lock"
    with hold_lock(store.memdir.manage_lock, timeout=0, busy=busy), files.collector_paused():  # a tenth of a run
        return _run_locked(store, config, now, use_llm=use_llm, write_report=write_report)


def _run_locked(store: Store, config: Config, now: datetime, *, use_llm: bool, write_report: bool) -> dict[str, Any]:
    memdir = store.memdir
    verdicts: list[contra.Verdict] | None = None
    llm_info: dict[str, Any] = {}
    if use_llm and config.llm_configured() and config.section("manage")["llm_contradictions"]:
        # LLM calls happen on a snapshot, before the store lock: appends continue meanwhile.
        snapshot = store.read(quarantine=False)
        verdicts, llm_info = _llm_phase(store, config, snapshot)
        fault_point("manage:after-llm")
    with store.lock():
        loaded = store.read()
        if loaded.bad:  # read() quarantined them; make sure, since the rewrite below starts from parsed facts
            store.quarantine({b.path for b in loaded.bad})
        fault_point("manage:after-read")
        plan = _plan(store, config, loaded, now, verdicts=verdicts, dry_run=False)
        if "_checked_through" in llm_info:
            plan.summary["_state"]["checked_through"] = llm_info.pop("_checked_through")
        plan.summary["contradictions"].update(llm_info)
        _commit(store, loaded, plan)
        fault_point("manage:after-facts")
        events.commit(memdir, plan.summary.pop("_batch"))
        if plan.review:
            contra.append_review(memdir, plan.review)
        _save_state(store, plan.summary.pop("_state"))
        fault_point("manage:after-cursor")
        keep_days = float(config.section("manage")["events_keep_days"])
        plan.summary["events_compacted"] = events.compact(memdir, keep_days, now)
        fault_point("manage:after-compact")
        remaining = [f for f in plan.facts.values() if f.id not in plan.purge]
        plan.summary["memory_md_changed"] = promotion.write_memory_md(memdir, remaining)
        plan.summary["memory_md"] = str(memdir.memory_md)
        # Under the lock, so no fact added meanwhile loses its vector; from the state, not this run's changes, so a
        # run after a killed one drops what that one purged too.
        plan.summary["vectors_dropped"] = vectors.keep_only(memdir, {f.id for f in remaining if f.active})
    fault_point("manage:after-vectors")
    summary = _finish_summary(plan, config, now, dry_run=False)
    if write_report:
        from ratchet.lifecycle.report import write_report as write

        existing = memdir.reports_dir / f"{summary['week']}.md"
        idle = not (summary["changed"] or summary["purged_count"] or summary["flagged_count"])
        if idle and existing.exists():
            # A repeated run in the same week changed nothing: keep the report of the run that did the work.
            summary["report"] = str(existing)
        else:
            summary.update(write(memdir, summary, plot=bool(config.section("manage")["report_plot"])))
    return summary


def _llm_phase(store: Store, config: Config, snapshot: Loaded) -> tuple[list[contra.Verdict], dict[str, Any]]:
    state = _load_state(store)
    skip = set(contra.read_review(store.memdir))
    pairs, method, newest = contra.find_pairs(
        snapshot.facts, config, store.memdir, checked_through=state.get("checked_through"), skip=skip
    )
    facts = {f.id: f for f in snapshot.facts}
    usage: list[dict[str, Any]] = []
    verdicts, error = contra.llm_verdicts(pairs, facts, config, usage)
    info: dict[str, Any] = {"method": method, "candidates": len(pairs), "llm_checked": len(verdicts)}
    info["_checked_through"] = newest
    if error:
        # Offline behaviour for what the LLM could not judge: flag, never supersede on a guess.
        verdicts += contra.offline_verdicts(pairs[len(verdicts) :], facts)
        info["llm_error"] = error
    if usage:
        with store.lock():
            audit.append(
                store.memdir,
                [
                    audit.event(
                        "llm_usage",
                        ACTOR,
                        purpose="contradictions",
                        prompt_tokens=sum(u.get("prompt_tokens", 0) for u in usage),
                        completion_tokens=sum(u.get("completion_tokens", 0) for u in usage),
                        model=usage[-1].get("model"),
                    )
                ],
            )
    return verdicts, info


# ----- deciding ------------------------------------------------------------------------------------------


def _plan(
    store: Store,
    config: Config,
    loaded: Loaded,
    now: datetime,
    *,
    verdicts: list[contra.Verdict] | None,
    dry_run: bool,
) -> Plan:
    memdir = store.memdir
    plan = Plan(facts={f.id: f for f in loaded.facts}, files=dict(loaded.files))
    plan.summary = {
        "promoted": [],
        "demoted": [],
        "purged": [],
        "superseded": [],
        "flagged": [],
        "dangling": [],
        "chains": [],
        "contradictions": {"method": "none", "candidates": 0, "llm_checked": 0},
    }
    state = _load_state(store)
    batch = events.pending(memdir, persist=not dry_run)
    plan.summary["_batch"] = batch
    referenced_weeks = _reinforce(plan, config, batch)
    _enforce_supersedes(plan, store, remember=not dry_run)
    _decay(plan, config, clock.iso_week(now), referenced_weeks)
    _select_purge(plan, config, now)
    if verdicts is None:
        # Offline: look for contradictions among the facts that survive this run only.
        survivors = [f for f in loaded.facts if f.id not in plan.purge]
        skip = set(contra.read_review(memdir))
        pairs, method, newest = contra.find_pairs(
            survivors, config, memdir, checked_through=state.get("checked_through"), skip=skip
        )
        verdicts = contra.offline_verdicts(pairs, plan.facts)
        plan.summary["contradictions"].update(method=method, candidates=len(pairs))
        state["checked_through"] = newest
    _apply_verdicts(plan, verdicts)
    _promote(plan, config)
    state.update(last_run=clock.iso(now), last_week=clock.iso_week(now))
    plan.summary["_state"] = state
    return plan


def _reinforce(plan: Plan, config: Config, batch: events.Batch) -> dict[str, set[str]]:
    """x factor per reference event (capped at 1), reference_count and last_referenced; weeks referenced."""
    factor = float(config.section("reinforcement")["factor"])
    weeks: dict[str, set[str]] = {}
    applied = unknown = 0
    for position, event in batch.events:
        when = event.get("time")
        if not isinstance(when, str):
            continue
        for fact_id in event.get("fact_ids") or []:
            fact = plan.facts.get(fact_id) if isinstance(fact_id, str) else None
            if fact is None:
                unknown += 1
                continue
            if events.already_applied(fact.meta.get("ref_mark"), batch.gen, position):
                continue
            plan.set(fact, "importance", round(min(1.0, fact.importance * factor), 6), "reinforce")
            plan.set(fact, "reference_count", fact.reference_count + 1, "reinforce")
            if when > fact.last_referenced:
                plan.set(fact, "last_referenced", when, "reinforce")
            weeks.setdefault(fact.id, set()).add(week_of(when))
            applied += 1
    for fact_id in weeks:
        fact = plan.facts[fact_id]
        plan.set(fact, "meta", {**fact.meta, "ref_mark": [batch.gen, batch.end]}, "reinforce")
    plan.summary.update(references=applied, reinforced=len(weeks), unknown_references=unknown)
    return weeks


def _supersede(plan: Plan, old: Fact, new: Fact, reason: str) -> bool:
    if old.id == new.id or old.superseded_by is not None:
        return False
    plan.set(old, "superseded_by", new.id, "supersede")
    if old.promoted:
        plan.set(old, "promoted", False, "supersede")
    if old.id not in (new.supersedes or []):
        plan.set(new, "supersedes", [*(new.supersedes or []), old.id], "supersede")
    plan.note("superseded", {"id": old.id, "by": new.id, "content": old.content, "reason": reason})
    return True


def _apply_verdicts(plan: Plan, verdicts: list[contra.Verdict]) -> None:
    for verdict in verdicts:
        old, new = plan.facts.get(verdict.pair.old), plan.facts.get(verdict.pair.new)
        if old is None or new is None or not old.active or not new.active or {old.id, new.id} & set(plan.purge):
            continue  # changed since the snapshot the LLM saw: the next run looks again
        if verdict.action == "supersede":
            _supersede(plan, old, new, f"{verdict.relation} ({verdict.by}): {verdict.reason}")
            plan.review.append(contra.review_record(verdict, plan.facts, "resolved"))
        elif verdict.action == "dismiss":
            plan.review.append(contra.review_record(verdict, plan.facts, "dismissed"))
        else:
            record = contra.review_record(verdict, plan.facts, contra.OPEN)
            plan.review.append(record)
            plan.note("flagged", {k: record[k] for k in ("id", "old", "new", "similarity", "method", "reason")})


def _enforce_supersedes(plan: Plan, store: Store, *, remember: bool) -> None:
    """Mark what ``supersedes`` lists, break cycles, resolve chains to their head, report dangling ids."""
    facts = plan.facts
    archived: set[str | None] | None = None

    def missing(fact_id: str) -> bool:
        nonlocal archived
        if fact_id in facts:
            return False
        if archived is None:
            archived = archive_ids.ids(store.memdir, remember=remember)
        return fact_id not in archived

    # Only facts with a link can act or be reported here (one that gains superseded_by meanwhile points at a fact
    # of the store): the others are left out of the sort, which is most of the run's cost at 100k facts.
    linked = [f for f in facts.values() if f.supersedes or f.superseded_by is not None]
    for fact in sorted(linked, key=lambda f: (f.created, f.id)):
        for old_id in fact.supersedes or []:
            if old_id in facts:
                if facts[old_id].superseded_by is None and fact.superseded_by != old_id:
                    _supersede(plan, facts[old_id], fact, f"listed in the supersedes of {fact.id}")
            elif missing(old_id):
                plan.note("dangling", {"id": fact.id, "field": "supersedes", "missing": old_id})
        if fact.superseded_by is not None and missing(fact.superseded_by):
            plan.note("dangling", {"id": fact.id, "field": "superseded_by", "missing": fact.superseded_by})
    # Follow superseded_by: a cycle is broken by reactivating its newest fact; chains are reported with heads.
    targets = {f.superseded_by for f in facts.values() if f.superseded_by}
    for fact in list(facts.values()):
        if fact.superseded_by is None or facts.get(fact.superseded_by) is None:
            continue
        path = [fact]
        seen = {fact.id}
        nxt = facts.get(fact.superseded_by)
        while nxt is not None and nxt.superseded_by is not None and nxt.id not in seen:
            path.append(nxt)
            seen.add(nxt.id)
            nxt = facts.get(nxt.superseded_by)
        if nxt is not None and nxt.id in seen:
            cycle = path[[p.id for p in path].index(nxt.id) :]
            newest = max(cycle, key=lambda f: (f.created, f.id))
            plan.set(newest, "superseded_by", None, "supersede")
            plan.note("chains", {"id": newest.id, "cycle": [f.id for f in cycle], "resolved": "cycle broken"})
        elif len(path) > 1 and fact.id not in targets and nxt is not None:
            plan.note("chains", {"id": fact.id, "chain": [f.id for f in path], "head": nxt.id})


def _decay(plan: Plan, config: Config, current: str, referenced: dict[str, set[str]]) -> None:
    """x weekly factor for every week since ``decayed_through`` without a user-confirmed reference."""
    rates = config.section("decay")
    factors = {"standard": float(rates["standard_weekly"]), "transient": float(rates["transient_weekly"])}
    powers: dict[tuple[str, int], float] = {}  # factor ** weeks, the same float for every fact that shares them
    decayed = weeks_total = 0
    for fact in plan.facts.values():  # every fact of the store, every week: Plan.set's work without its lookups
        tier = fact.tier
        if tier == "permanent":
            continue
        start = fact.decayed_through or week_of(fact.created)
        span = _weeks_between(start, current)
        if span <= 0:
            continue
        refs = referenced.get(fact.id)
        if refs is None and not fact.reference_count:
            missed = span  # never referenced: every week counts (most facts; no set to build)
        else:
            weeks = set(refs or ())
            if fact.reference_count:
                weeks.add(week_of(fact.last_referenced))
            missed = span - sum(1 for w in weeks if start < w <= current)
        if missed > 0:
            power = powers.get((tier, missed))
            if power is None:
                power = powers[tier, missed] = factors[tier] ** missed
            value = round(fact.importance * power, 6)
            if value != fact.importance:
                plan.mark(fact.id, "importance", fact.importance, "decay")
                fact.importance = value
            decayed += 1
            weeks_total += missed
        if fact.decayed_through != current:
            plan.mark(fact.id, "decayed_through", fact.decayed_through, "decay")
            fact.decayed_through = current
    plan.summary.update(decayed=decayed, decay_weeks=weeks_total, week=current)


def _promote(plan: Plan, config: Config) -> None:
    qualifies = promotion.qualifier(config)
    for fact in plan.facts.values():
        if fact.id in plan.purge:
            continue
        if not fact.promoted and qualifies(fact):
            plan.set(fact, "promoted", True, "promote")
            plan.note("promoted", {"id": fact.id, "content": fact.content, "importance": fact.importance})
        elif fact.promoted and not fact.active:
            plan.set(fact, "promoted", False, "demote")
            plan.note("demoted", {"id": fact.id, "content": fact.content, "reason": "superseded"})


def _select_purge(plan: Plan, config: Config, now: datetime) -> None:
    threshold = float(config.section("purge")["threshold"])
    days = int(config.section("extraction")["review_days"])
    for fact in plan.facts.values():
        expired = review.pending(fact) and review.expired(fact, now, days)  # proposed, never accepted: archived
        if fact.tier == "permanent" and not expired:
            continue  # never without explicit instruction ('ratchet forget')
        score = effective_score(fact, config, now)
        if score < threshold or expired:
            why = f"effective score {score:.3f} < {threshold}"
            plan.purge[fact.id] = f"pending review for more than {days} days" if expired else why
            plan.note("purged", {"id": fact.id, "content": fact.content, "score": round(score, 4)})


# ----- writing -------------------------------------------------------------------------------------------


def _commit(store: Store, loaded: Loaded, plan: Plan) -> None:
    """Write the plan through the store's one write contract (:meth:`ratchet.store.store.Store.commit`): purged
    facts archived, each touched quarter file rewritten once, every change audited, the index rebuilt."""
    changed = [i for i in plan.before if i not in plan.purge]  # a list: the audit order must not vary by run
    for fact_id in changed:
        # Decay and promotion only write values valid by construction (a product within [0, 1], an ISO week, a
        # bool) into records validated on read; anything else (event times, supersedes, meta) is checked here.
        if not plan.actions[fact_id] <= _SAFE_ACTIONS:
            Fact.from_dict(plan.facts[fact_id].record())
    if not changed and not plan.purge:
        return
    stamp = clock.now_iso()
    for fact_id in changed:
        plan.facts[fact_id].updated = stamp
    records: list[dict[str, Any] | str] = []
    for fact_id in changed:
        fact = plan.facts[fact_id]
        before = plan.before[fact_id]
        after = {name: _copy(getattr(fact, name)) for name in before}
        actions = plan.actions[fact_id]
        action = next(a for a in _PRIORITY if a in actions or a == "update")
        records.append(
            audit.event(action, ACTOR, fact_id, before=before, after=after, changes=sorted(actions), time=stamp)
        )
    # A purged fact is written twice, in its archive record and its audit record: encoded once, into lines of two
    # fixed shapes.
    archive_line = files.line_template(archive_record(stamp, "purge", "", ACTOR, {}), ("reason", "fact"))
    audit_line = files.line_template(audit.event("purge", ACTOR, "", before={}, reason="", time=stamp), AUDIT_HOLES)
    archived: list[tuple[str, str]] = []
    for fact_id, reason in plan.purge.items():
        fact_json, why = files.dumps_line(plan.facts[fact_id].record()), files.dumps_value(reason)
        archived.append((fact_id, archive_line(why, fact_json)))
        records.append(audit_line(files.dumps_value(fact_id), fact_json, why))
    store.commit(
        loaded,
        replace={i: plan.facts[i] for i in changed},
        drop=set(plan.purge),
        archive=archived,
        audit_records=records,
    )


def _state_path(store: Store) -> Path:
    return store.memdir.state_dir / STATE_NAME


def _load_state(store: Store) -> dict[str, Any]:
    try:
        doc = read_json(_state_path(store), {})
    except (ValueError, OSError):
        doc = {}
    return doc if isinstance(doc, dict) else {}


def _save_state(store: Store, state: dict[str, Any]) -> None:
    import json

    atomic_write(_state_path(store), json.dumps(state, indent=1))


def _finish_summary(plan: Plan, config: Config, now: datetime, *, dry_run: bool) -> dict[str, Any]:
    changed = len([i for i in plan.before if i not in plan.purge])
    remaining = [f for f in plan.facts.values() if f.id not in plan.purge]
    return report.summarise(plan.summary, remaining, changed, config, now, dry_run=dry_run)
