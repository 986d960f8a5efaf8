"""Ratchet Memory: persistent, self-maintaining memory for LLM agents over flat files.

The package is the library; ``ratchet.cli`` holds the thin command-line layer. Library code never prints, never
exits and never imports click. The public API is this module::

    import ratchet

    store = ratchet.open_store("memory")                       # a memory directory (created if missing)
    result = ratchet.extract_transcript(store, "session.jsonl")  # facts the user stated, stored and audited
    shown = ratchet.retrieve(store, "deploying the payments API")  # what an agent should know now
    print(shown.markdown())
    summary = ratchet.manage(store)                             # the weekly decay / promotion / purge run

``Fact`` and ``Config`` are the record and settings types; ``load_config`` reads ``ratchet.config.json``. The verbs
are not named ``extract`` and ``recall`` because those are the names of the stage packages ``ratchet.extract`` and
``ratchet.recall``. Everything is imported on first use, so ``import ratchet`` costs nothing on a hook's path.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ratchet.config import Config
    from ratchet.core.facts import Fact
    from ratchet.extract.pipeline import ExtractResult
    from ratchet.extract.transcripts import Transcript
    from ratchet.recall.retrieve import Result
    from ratchet.store.store import Store

__version__ = "0.1.0"
__all__ = ["Config", "Fact", "Store", "extract_transcript", "load_config", "manage", "open_store", "retrieve"]


def load_config(path: str | Path | None = None) -> Config:
    """The configuration: ``path``, else ``$RATCHET_CONFIG``, else ``./ratchet.config.json``, else the defaults."""
    from ratchet.config import load_config as load

    return load(path)


def open_store(memory_dir: str | Path | None = None, config: Config | None = None, *, create: bool = True) -> Store:
    """The store of ``memory_dir`` (else ``$RATCHET_MEMORY_DIR``, else ``memory/`` beside the config file)."""
    from ratchet.store.store import open_store as open_

    return open_(memory_dir, config, create=create)


def extract_transcript(
    store: Store,
    transcript: str | Path | Transcript,
    *,
    config: Config | None = None,
    session: str | None = None,
    cwd: str | Path | None = None,
    dry_run: bool = False,
    mode: str | None = None,
) -> ExtractResult:
    """Store the durable facts the user stated in an agent transcript (the LLM when configured, else the offline
    extractor; ``mode`` forces ``llm`` or ``offline``), then bring recall's caches up to date. Running the same
    transcript again adds nothing."""
    from ratchet.extract.pipeline import extract_file
    from ratchet.recall.refresh import after_write, behind

    cfg = config if config is not None else load_config()
    result = extract_file(store, cfg, transcript, session=session, cwd=cwd, dry_run=dry_run, mode=mode)
    # Also when nothing was added: a run killed after storing its facts left the vectors behind them.
    if not dry_run and (result.added or behind(store, cfg)):
        after_write(store, cfg)
    return result


def retrieve(
    store: Store,
    query: str | None = None,
    *,
    config: Config | None = None,
    cwd: str | Path | None = None,
    budget: int | None = None,
    mode: str | None = None,
    max_facts: int | None = None,
) -> Result:
    """The facts that matter now for ``query`` (or, without one, for a session opening in ``cwd``), ranked by
    importance x recency x relevance, within ``budget`` tokens; facts of the repository of ``cwd`` and global
    facts are visible. Nothing is written: showing a fact is not a reference."""
    from ratchet.recall.hook import opening_context, scopes
    from ratchet.recall.retrieve import Request
    from ratchet.recall.retrieve import retrieve as run

    cfg = config if config is not None else load_config()
    where = str(cwd) if cwd is not None else None
    request = Request(
        query=query,
        context=None if query else opening_context(where),
        mode=mode,
        budget=budget,
        scopes=scopes(where),
        max_facts=max_facts,
    )
    return run(store, cfg, request)


def manage(
    store: Store, *, config: Config | None = None, dry_run: bool = False, use_llm: bool = True
) -> dict[str, Any]:
    """The weekly run: reinforcement from confirmed references, decay, promotion to MEMORY.md, purge to the archive,
    contradiction review, the report. Returns the summary."""
    from ratchet.lifecycle.run import run

    cfg = config if config is not None else load_config()
    return run(store, cfg, dry_run=dry_run, use_llm=use_llm)


def __getattr__(name: str) -> Any:
    """``ratchet.Fact``, ``ratchet.Config`` and ``ratchet.Store``, imported when first asked for."""
    if name == "Fact":
        from ratchet.core.facts import Fact

        return Fact
    if name == "Config":
        from ratchet.config import Config

        return Config
    if name == "Store":
        from ratchet.store.store import Store

        return Store
    raise AttributeError(f"module 'ratchet' has no attribute {name!r}")
