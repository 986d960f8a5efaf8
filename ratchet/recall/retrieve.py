"""memory-retrieve: choose the facts an agent should see now, within a hard budget.

Pipeline: the retrieval cache (:mod:`ratchet.recall.catalog`) gives every active fact's importance, tier, last reference
and scope as arrays; out-of-scope and already-injected facts are masked; the prior is importance x recency
(:mod:`ratchet.core.scoring`); relevance comes from the mode (``keyword``: BM25; ``embeddings``: cosine fused with BM25;
``llm``: a cheap model picks among the top candidates); :func:`ratchet.core.scoring.query_score` combines them; the best
are packed into the budget (:mod:`ratchet.recall.budget`) and only those facts are read from the quarter files.

Injection is never a reference: this module never writes fact files (the CLI records an injection event).
"""

from __future__ import annotations

import dataclasses
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ratchet.config import Config
from ratchet.core import clock, scoring
from ratchet.core.facts import Fact
from ratchet.errors import LLMError, RatchetError, UsageError
from ratchet.recall import budget, catalog, render, sparse
from ratchet.recall.request import MODES, Request
from ratchet.store.logfile import log_line

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store


@dataclass
class Scored:
    """One fact's score breakdown."""

    fact_id: str
    importance: float
    recency: float
    prior: float
    relevance: float
    bm25: float
    cosine: float | None
    llm_rank: int | None
    score: float
    rank: int
    detail: str = ""  # full | index | cut

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


@dataclass
class Shown:
    fact: Fact
    scored: Scored
    detail: str


@dataclass
class Result:
    mode: str
    shown: list[Shown]
    cut: list[Scored]
    tokens: int
    chars: int
    budget: int
    candidates: int
    warnings: list[str] = field(default_factory=list)
    elapsed_ms: float = 0.0
    skill: str = ""  # prompts/skill.md, shown after the facts when skill_injection is on (not per prompt)

    @property
    def ids(self) -> list[str]:
        return [s.fact.id for s in self.shown]

    def markdown(self) -> str:
        lines = [render.Line(s.fact.id, s.fact.category, s.fact.created, s.fact.content, s.detail) for s in self.shown]
        return render.markdown(lines, self.skill)

    def to_dict(self, query: str | None = None) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "query": query,
            "budget": {"tokens": self.budget, "used_tokens": self.tokens, "used_chars": self.chars},
            "facts": [
                {
                    "id": s.fact.id,
                    "detail": s.detail,
                    "category": s.fact.category,
                    "date": s.fact.created[:10],
                    "content": s.fact.content,
                    "tags": s.fact.tags,
                    "scope": s.fact.scope,
                    "score": s.scored.to_dict(),
                }
                for s in self.shown
            ],
            "cut": [c.fact_id for c in self.cut],
            "candidates": self.candidates,
            "warnings": self.warnings,
        }


@dataclass
class _Run:
    cat: catalog.Catalog
    mode: str
    eligible: Any
    recency: Any
    prior: Any
    relevance: Any
    bm25: Any
    cosine: Any
    llm_rank: dict[int, int]
    score: Any
    ranked: list[int]
    warnings: list[str]
    candidates: int = 0


def resolve_mode(store: Store, config: Config, requested: str | None) -> str:
    """``auto``: embeddings once enough vectors of a usable model exist, else llm when configured, else keyword."""
    mode = requested or str(config.section("retrieval")["mode"])
    if mode not in MODES:
        raise UsageError(f"Unknown retrieval mode '{mode}' (choose from {', '.join(MODES)})")
    if mode != "auto":
        return mode
    from ratchet.recall import relevance  # lazy, as below: the per-prompt hook's way needs none of the models
    from ratchet.store import vectors

    meta = vectors.load_meta(store.memdir)
    threshold = int(config.section("embeddings")["threshold"])
    if meta and int(meta.get("count") or 0) >= max(threshold, 1) and relevance.query_backend(config, meta):
        return "embeddings"
    return "llm" if config.llm_configured() else "keyword"


def _run(store: Store, config: Config, request: Request, *, sparse_ok: bool = True) -> _Run:
    """Score every fact for ``request``: scope, prior, relevance by the mode's stages, then the ranked rows.

    A per-prompt request by keywords is answered without numpy (:mod:`ratchet.recall.sparse`, the same ranking)
    when the cache is current; ``sparse_ok=False`` forces the numpy way (tests compare the two)."""
    section = config.section("retrieval")
    mode = resolve_mode(store, config, request.mode)
    if sparse_ok and sparse.applies(mode, request.threshold) and not _about_user(request):
        light = catalog.get_light(store)
        if light is not None:
            return _sparse_run(light, config, request, mode)
    import numpy as np

    from ratchet.models import embedders
    from ratchet.recall import relevance

    cat = catalog.get(store)
    warnings: list[str] = []
    eligible = _eligible(cat, request)
    days = (clock.now().timestamp() - cat.last_referenced) / catalog.EPOCH_DAY
    recency = scoring.recency_array(days, cat.tier, config)
    prior = cat.importance.astype(np.float64) * recency
    text = request.text
    bm, neighbours, sessions = relevance.keyword(cat, text, section, alone=request.threshold is not None)
    cosine = None
    if text and mode == "embeddings":
        try:
            cosine = relevance.cosines(store, config, cat, text)
        except RatchetError as exc:  # an unreachable endpoint, a removed local model: keyword still answers
            warnings.append(f"embedding the query failed ({exc}); using keyword relevance")
        if cosine is None:
            if not warnings:
                warnings.append("no usable embeddings for the configured model; using keyword relevance")
            mode = "keyword"
    cos_rel = relevance.rescale(cosine) if cosine is not None else None  # once, for the fusions and the lift
    weight = embedders.cosine_weight(config) if cos_rel is not None else 0.0
    if text and cat.size and request.explicit and request.threshold is None and section.get("feedback_weight"):
        # Feedback reads its words from the best facts of the first ranking: the hybrid's when there is one.
        seed = relevance.fuse(bm, cos_rel, weight) if cos_rel is not None else bm
        spread = float(section.get("context_spread", 0.0))
        bm = relevance.feedback(cat, bm, eligible, text, section, neighbours, spread, seed)
    rel = bm.copy() if text else np.ones(cat.size)
    if cat.size and _about_user(request):
        # "What do you know about me?" shares no word with "Prefers oat milk": the user's profile answers it.
        profile = np.isin(cat.category, [i for i, c in enumerate(cat.categories) if c in PROFILE_CATEGORIES])
        bm = np.where(profile, np.maximum(bm, 1.0), bm * OTHER_RELEVANCE)
        rel = bm.copy()
    if text and cos_rel is not None:
        rel = relevance.fuse(bm, cos_rel, weight)
        lend = embedders.session_cosine_weight(config)
        if lend > 0 and sessions is not None:
            rel = relevance.session_lift(rel, cos_rel, sessions, lend)
    llm_rank: dict[int, int] = {}
    if text and mode == "llm":
        want = int(request.max_facts or section["max_facts"])
        candidates = relevance.top(prior * (0.5 + bm), np.flatnonzero(eligible), int(section["llm_candidates"]))
        try:
            llm_rank = relevance.llm_pick(store, config, cat, candidates, text, want) if candidates else {}
            rel = np.zeros(cat.size)
            for row, rank in llm_rank.items():
                rel[row] = 1.0 - 0.5 * rank / max(len(llm_rank), 1)
        except LLMError as exc:
            warnings.append(f"LLM selection failed ({exc}); using keyword relevance")
            mode = "keyword"
    score = scoring.query_score(rel, prior, config, explicit=request.explicit) if text else prior.copy()
    ranked = _select(section, request, mode, eligible, rel, score, prior)
    run = _Run(cat, mode, eligible, recency, prior, rel, bm, cosine, llm_rank, score, ranked, warnings)
    run.candidates = int(eligible.sum())
    return run


def _sparse_run(cat: catalog.Catalog, config: Config, request: Request, mode: str) -> _Run:
    """:func:`_run` for a per-prompt keyword request, from :func:`ratchet.recall.sparse.rank` (rows that do not
    match are not scored: they are never offered)."""
    assert request.threshold is not None
    limit = int(request.max_facts or config.section("retrieval")["max_facts"])
    scopes = request.scopes if request.scopes is not None else {"global"}
    got = sparse.rank(
        cat, config, request.text, scopes=scopes, exclude=request.exclude, threshold=request.threshold, limit=limit
    )
    rel = got.relevance
    run = _Run(cat, mode, None, got.recency, got.prior, rel, rel, None, {}, got.score, got.ranked, [])
    run.candidates = got.candidates
    return run


def _about_user(request: Request) -> bool:
    """A question about the user as a whole (:data:`_ABOUT_USER`)."""
    return request.explicit and bool(_ABOUT_USER.search(request.text))


# A question about the user as a whole ("what do you know about me", "who am I", "tell me about myself"): the
# facts about the person (these categories) answer it, ranked among themselves by importance x recency; other facts
# that merely share a word with it ("know") follow at a fraction of their relevance.
_ABOUT_USER = re.compile(
    r"(?i)\b(?:about me|about myself|who am i|my (?:profile|preferences|background)|know me|remember about me)\b"
)
PROFILE_CATEGORIES = ("personal", "preference")
OTHER_RELEVANCE = 0.5


def _about_sensitive(text: str) -> bool:
    from ratchet.core import sensitive  # its patterns compile on import: only when a sensitive fact could be shown

    return sensitive.about_sensitive(text)


def _eligible(cat: catalog.Catalog, request: Request) -> np.ndarray:
    """Facts in the request's scopes (global by default), not excluded (already injected this session), not waiting
    for review, and not sensitive unless the question is about a sensitive topic."""
    import numpy as np

    scopes = request.scopes if request.scopes is not None else {"global"}
    allowed = np.array([s in scopes for s in cat.scopes] + [False], dtype=bool)
    eligible: np.ndarray = allowed[cat.scope] if cat.size else np.zeros(0, dtype=bool)
    if request.exclude and cat.size:
        excluded = np.array([e.encode("utf-8") for e in request.exclude])
        eligible &= ~np.isin(cat.ids, excluded)
    marked = cat.meta_arrays.get("sensitive")
    if marked is not None and cat.size and marked.any() and not (request.explicit and _about_sensitive(request.text)):
        eligible &= ~marked  # health, family, money...: only for a question about them, never at a plain start
    waiting = cat.meta_arrays.get("pending")
    if waiting is not None and cat.size:
        eligible &= ~waiting  # proposed, not yet accepted (extraction.review): never shown
    return eligible


def _select(
    section: dict[str, Any],
    request: Request,
    mode: str,
    eligible: np.ndarray,
    rel: np.ndarray,
    score: np.ndarray,
    prior: np.ndarray,
) -> list[int]:
    """The rows to offer the budget, best first: above the relevance floor, then (session starts, and explicit
    queries that matched nothing or run without ``relative_cutoff``; never per-prompt recall) filled up to
    ``min_facts`` by importance x recency so a session still learns what matters most.

    An explicit query's floor is also ``relative_cutoff`` times its best match: "pick a red wine" shows the wine
    facts, not eleven lint notes that share a word with the second query of feedback."""
    import numpy as np

    limit = int(request.max_facts or section["max_facts"])
    cutoff = float(section.get("relative_cutoff", 0.0)) if request.explicit and request.threshold is None else 0.0
    if request.threshold is not None:
        floor = request.threshold
    elif mode == "llm" and request.text:
        floor = 1e-9
    else:
        floor = float(section["min_relevance"]) if request.explicit else 0.0
    if cutoff > 0 and eligible.any():
        floor = max(floor, cutoff * float(rel[eligible].max()))
    pool = np.flatnonzero(eligible & (rel >= floor)) if floor > 0 else np.flatnonzero(eligible)
    from ratchet.recall import relevance

    ranked = relevance.top(score, pool, limit)
    # An explicit query that found matches shows only them; one that found none still gets the most important facts
    # (a weak cosine can be the only trace of the answer: "automobile repairs" against "new brake pads").
    if request.threshold is None and (cutoff == 0 or not ranked) and len(ranked) < int(section["min_facts"]):
        rest = np.flatnonzero(eligible)
        rest = rest[~np.isin(rest, ranked)]
        ranked += relevance.top(prior, rest, min(int(section["min_facts"]), limit) - len(ranked))
    return ranked


def _scored(run: _Run, row: int, rank: int, detail: str = "") -> Scored:
    cosine = None if run.cosine is None or run.cosine[row] != run.cosine[row] else float(run.cosine[row])
    return Scored(
        fact_id=run.cat.id_of(row),
        importance=float(run.cat.importance[row]),
        recency=float(run.recency[row]),
        prior=float(run.prior[row]),
        relevance=float(run.relevance[row]),
        bm25=float(run.bm25[row]),
        cosine=cosine,
        llm_rank=(run.llm_rank[row] + 1) if row in run.llm_rank else None,
        score=float(run.score[row]),
        rank=rank,
        detail=detail,
    )


def _pack(run: _Run, config: Config, request: Request) -> tuple[budget.Packing, int]:
    cat = run.cat
    token_budget = int(request.budget or config.section("retrieval")["token_budget"])
    items = [
        budget.Item(
            key=str(row),
            score=float(run.score[row]),
            full_tokens=int(cat.full_tokens[row]),
            index_tokens=int(cat.index_tokens[row]),
            full_chars=int(cat.full_chars[row]),
            index_chars=int(cat.index_chars[row]),
        )
        for row in run.ranked
    ]
    packing = budget.pack(
        items,
        token_budget,
        char_budget=request.max_chars,
        overhead_tokens=int(cat.meta["frame_tokens"]),
        overhead_chars=int(cat.meta["frame_chars"]),
        index_overhead_tokens=int(cat.meta["index_note_tokens"]),
        index_overhead_chars=int(cat.meta["index_note_chars"]),
        detail=request.detail,
    )
    return packing, token_budget


def retrieve(store: Store, config: Config, request: Request) -> Result:
    """Rank, pack and read the facts to show for ``request`` (see the module docstring)."""
    started = time.perf_counter()
    if request.detail not in ("full", "index"):
        raise UsageError(f"Unknown detail '{request.detail}' (choose full or index)")
    skill = render.skill_text(str(store.memdir.root)) if config.data.get("skill_injection") else ""
    if request.threshold is not None:
        skill = ""  # per-prompt recall: the session already got the skill at its start
    packed = request
    if skill and request.max_chars:  # the skill shares the character cap with the facts
        packed = dataclasses.replace(request, max_chars=max(request.max_chars - len(skill) - 2, 1))
    changed = 0
    while True:
        run = _run(store, config, request)
        packing, token_budget = _pack(run, config, packed)
        rows = [int(k) for k in packing.shown]
        facts = run.cat.read_facts(store.memdir, rows)
        if len(facts) != len(rows):
            changed += 1
            if changed >= 4:
                raise RatchetError("The store kept changing during retrieval; try again")
            catalog.build(store, catalog.GATE_BUDGET)  # a quarter file changed under the cache: rebuild, rank again
            continue
        withheld = _withheld(store, run.cat, facts)
        if not withheld:
            break
        # A credential planted in a quarter file (every write path refuses them) never leaves: rank again without.
        # Each round excludes more facts, so this ends.
        request = dataclasses.replace(request, exclude=request.exclude | withheld)
        packed = dataclasses.replace(packed, exclude=request.exclude)
    ranks = {row: n for n, row in enumerate(run.ranked, start=1)}
    shown = []
    for detail, keys in (("full", packing.full), ("index", packing.index)):
        for key in keys:
            row = int(key)
            shown.append(Shown(facts[row], _scored(run, row, ranks[row], detail), detail))
    cut = [_scored(run, int(k), ranks[int(k)], "cut") for k in packing.cut]
    if cut:
        ids = " ".join(c.fact_id[:8] for c in cut)
        log_line(
            store.memdir.log,
            f"memory-retrieve: budget {token_budget} tokens: showed {len(shown)}, cut {len(cut)}: {ids}",
        )
    return Result(
        mode=run.mode,
        shown=shown,
        cut=cut,
        tokens=packing.tokens,
        chars=packing.chars,
        budget=token_budget,
        candidates=run.candidates,
        warnings=run.warnings,
        elapsed_ms=(time.perf_counter() - started) * 1000,
        skill=skill,
    )


def _withheld(store: Store, cat: catalog.Catalog, facts: dict[int, Fact]) -> set[str]:
    """Ids of facts about to be shown that carry a credential, each logged by kind only. The quick scan (no
    detect-secrets import on a hook's path) is read from the cache's verdicts while they are the installed rules'
    (:mod:`ratchet.core.rules_stamp`); a fact without one is scanned here."""
    marks = catalog.gate_verdicts(cat)
    out = set()
    for row, fact in facts.items():
        if marks is not None and marks[row] == catalog.CLEAN:
            continue
        from ratchet.core.secrets import scan

        kinds = scan(" ".join([fact.content, *fact.tags]), quick=True)
        if kinds:
            out.add(fact.id)
            log_line(
                store.memdir.log,
                f"memory-retrieve: withheld fact {fact.id[:8]}: carries a credential ({', '.join(kinds)})",
            )
    return out


def explain(store: Store, config: Config, fact_id: str, request: Request) -> dict[str, Any]:
    """Why a fact is or is not shown for ``request``: its score parts, rank and place in the budget."""
    run = _run(store, config, request)
    row = run.cat.row_of(fact_id)
    if row is None:
        fact = store.get(fact_id)  # raises NotFoundError / AmbiguousIdError
        reason = "superseded (superseded facts are never shown)" if not fact.active else "not in the retrieval cache"
        return {"id": fact.id, "mode": run.mode, "shown": False, "reason": reason}
    import numpy as np

    fact_full_id = run.cat.id_of(row)
    better = int(np.sum(run.eligible & (run.score > run.score[row])))
    packing, token_budget = _pack(run, config, request)
    key = str(row)
    if not run.eligible[row]:
        scope = run.cat.scopes[int(run.cat.scope[row])]
        marked = run.cat.meta_arrays.get("sensitive")
        waiting = run.cat.meta_arrays.get("pending")
        if waiting is not None and bool(waiting[row]):
            reason = "pending review (extraction.review): shown once accepted in 'ratchet review'"
        elif fact_full_id in request.exclude:
            reason = "already injected this session"
        elif marked is not None and bool(marked[row]):
            reason = "sensitive: shown only for a question about health, family, relationships, money or identity"
        else:
            reason = f"out of scope ({scope})"
        detail = "excluded"
    elif key in packing.full or key in packing.index:
        detail = "full" if key in packing.full else "index"
        reason = f"shown ({detail})"
    elif key in packing.cut:
        detail, reason = "cut", f"ranked but cut by the {token_budget}-token budget"
    else:
        detail = "not selected"
        reason = "below the relevance floor or outside the top facts"
    scored = _scored(run, row, better + 1, detail)
    out = {"id": fact_full_id, "mode": run.mode, "shown": detail in ("full", "index"), "reason": reason}
    out.update(scored.to_dict())
    out.update(
        {
            "tier": scoring.TIERS[int(run.cat.tier[row])],
            "tokens_full": int(run.cat.full_tokens[row]),
            "tokens_index": int(run.cat.index_tokens[row]),
            "budget": token_budget,
            "selected": len(run.ranked),
            "eligible": int(run.eligible.sum()),
        }
    )
    return out
