"""The model backends ``ratchet doctor`` probes: the LLM (an OpenAI-compatible endpoint, or an agent's CLI run
headless) and the embeddings (the endpoint, the local model or TF-IDF), each with a short timeout."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from ratchet.config import Config
from ratchet.errors import RatchetError
from ratchet.hooks.checks import FAIL, OK, WARN, Check
from ratchet.store.memdir import MemoryDir


def _elapsed(started: float) -> str:
    return f"{(time.perf_counter() - started) * 1000:.0f} ms"


def _api_problem(exc: Exception, what: str, where: str, model: str) -> str:
    import openai

    if isinstance(exc, openai.APITimeoutError):
        return f"{what} at {where} did not answer in time"
    if isinstance(exc, openai.APIConnectionError):
        return f"{what} at {where} is unreachable"
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return f"{what} at {where} rejected the API key"
    if isinstance(exc, openai.NotFoundError):
        return f"{what} at {where}: model '{model}' not found"
    if isinstance(exc, openai.APIStatusError):
        return f"{what} at {where} answered HTTP {exc.status_code}"
    return f"{what} at {where} failed: {exc}"


def llm(config: Config, timeout: float, root: Path) -> Check:
    from ratchet.models import agent_cli

    section = config.section("llm")
    backend = str(section.get("backend", "openai"))
    if backend in agent_cli.BACKENDS:
        program = shutil.which(agent_cli.PROGRAMS[backend])
        if program is None:
            return Check(
                "llm",
                WARN,
                f"llm.backend is {backend} but '{agent_cli.PROGRAMS[backend]}' is not on PATH: the offline extractor "
                "runs instead",
            )
        spent = agent_cli.spent_today(MemoryDir(root).state_dir)
        cap = int(section.get("daily_token_cap", 200_000))
        return Check("llm", OK, f"{backend}: {program} run headless, {spent:,} of {cap:,} tokens spent today (UTC)")
    on_path = [agent_cli.PROGRAMS[b] for b in agent_cli.BACKENDS if shutil.which(agent_cli.PROGRAMS[b])]
    if backend == "auto" and on_path:
        lead = f"auto: {', '.join(on_path)} for the transcripts of that agent, else "
    elif backend == "auto":
        lead = "auto: no agent CLI on PATH (claude, codex, gemini), so "
    else:
        lead = ""
    if not config.llm_configured():
        hint = (
            f'; {", ".join(on_path)} on PATH: llm.backend "auto" in your own config extracts with its login'
            if on_path and backend != "auto"
            else ""
        )
        return Check(
            "llm",
            OK,
            f"{lead}offline: no API key or base URL; the offline extractor and keyword/local-embedding retrieval are "
            f"used{hint}",
        )
    from ratchet.models.llm import make_client

    where = config.llm_base_url() or "the OpenAI API"
    model = config.llm_model()
    started = time.perf_counter()
    try:
        client = make_client(config, timeout=timeout, max_retries=0)
        client.chat.completions.create(model=model, messages=[{"role": "user", "content": "Reply with: ok"}])
    except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
        return Check("llm", FAIL, lead + _api_problem(exc, "LLM", where, model) + " (hooks fall back to offline)")
    return Check("llm", OK, f"{lead}{model} at {where} answered in {_elapsed(started)}")


def embeddings(config: Config, root: Path, timeout: float) -> Check:
    from ratchet.models import embedders
    from ratchet.store import vectors

    backend = embedders.backend_name(config)
    model = embedders.model_name(config, backend)
    started = time.perf_counter()
    if backend == "openai":
        from ratchet.models.llm import make_client

        where = config.llm_base_url() or "the OpenAI API"
        name = str(config.section("embeddings")["openai_model"])
        try:
            make_client(config, timeout=timeout, max_retries=0).embeddings.create(model=name, input=["ratchet"])
        except Exception as exc:  # noqa: BLE001 - every failure is a finding, not a crash
            return Check("embeddings", FAIL, _api_problem(exc, "embedding endpoint", where, name))
        detail = f"{model} at {where} answered in {_elapsed(started)}"
    elif backend == "local":
        try:
            embedders.embed_texts(config, ["ratchet"], backend="local")
        except (RatchetError, OSError, ImportError) as exc:
            return Check("embeddings", FAIL, f"local model {model}: {exc}")
        loaded = embedders.configured_local_model(config)  # loaded by the embedding above
        how = f"offline, layers in {loaded.plan()}" if hasattr(loaded, "plan") else "offline"  # a transformer's
        detail = f"local {model} ({how}) loaded in {_elapsed(started)}"
    else:
        detail = f"{backend} ({model}, offline)"
    meta = vectors.load_meta(MemoryDir(root)) if root.is_dir() else None
    if meta and meta.get("model") != model:
        return Check(
            "embeddings", WARN, f"{detail}; stored vectors are for {meta.get('model')}: run 'memory-embed --full'"
        )
    count = int(meta.get("count") or 0) if meta else 0
    return Check("embeddings", OK, f"{detail}; {count} vectors stored")
