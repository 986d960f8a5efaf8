"""``memory-retrieve``: recall the facts an agent should know now; and ``ratchet why``.

Human use fails closed (one line on stderr, exit 1 or 2). ``--hook`` is a hook verb and fails open: any error gives
empty stdout and exit 0, with the reason in ``memory/ratchet.log``. Showing facts records an injection event,
never a reference.
"""

from __future__ import annotations

import sys

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed
from ratchet.hooks.io import fail_open

FORMATS = ("markdown", "json", "claude-hook", "codex-hook", "gemini-hook")


def _mode(mode: str | None, force_llm: bool, force_embeddings: bool) -> str | None:
    if force_llm and force_embeddings:
        raise click.UsageError("--force-llm and --force-embeddings are mutually exclusive")
    forced = "llm" if force_llm else ("embeddings" if force_embeddings else None)
    if forced and mode and mode != forced:
        raise click.UsageError(f"--mode {mode} contradicts --force-{forced}")
    return forced or mode


def _opening(cwd: str | None) -> str | None:
    from ratchet.recall.hook import opening_context

    return opening_context(cwd)


def _scopes(cwd: str | None) -> set[str]:
    from ratchet.recall.hook import scopes

    return scopes(cwd)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--query", "-q", help="What the session is about (default: the opening context).")
@click.option("--mode", type=click.Choice(["auto", "llm", "embeddings", "keyword"]), help="Relevance mode.")
@click.option("--force-llm", is_flag=True, help="Same as --mode llm.")
@click.option("--force-embeddings", is_flag=True, help="Same as --mode embeddings.")
@click.option("--budget", type=click.IntRange(min=1), help="Token budget of the whole block (default: config).")
@click.option("--detail", type=click.Choice(["full", "index"]), default="full", show_default=True)
@click.option(
    "--format", "fmt", type=click.Choice(FORMATS), help="Output format (default markdown; hooks: claude-hook)."
)
@click.option("--max-facts", type=click.IntRange(min=1), help="At most this many facts (default: config).")
@click.option("--cwd", type=click.Path(file_okay=False), help="Directory whose repository scope applies (default: .).")
@click.option("--session", help="Record the injection under this session id.")
@click.option("--hook", is_flag=True, help="Agent hook mode: hook JSON on stdin, fail open, record the injection.")
@common_options
def cli(
    ctx: Context,
    query: str | None,
    mode: str | None,
    force_llm: bool,
    force_embeddings: bool,
    budget: int | None,
    detail: str,
    fmt: str | None,
    max_facts: int | None,
    cwd: str | None,
    session: str | None,
    hook: bool,
) -> None:
    """Print the facts from earlier sessions that matter now, within a hard token budget.

    Relevance comes from BM25 (keyword), embeddings fused with BM25, or an LLM picking among the top candidates;
    ``auto`` uses embeddings once enough vectors exist, else the LLM when configured, else keywords.

    \b
    Examples:
      memory-retrieve --query "deploying the payments API"
      memory-retrieve --query "brakes" --mode keyword --budget 300 --format json
      memory-retrieve --detail index
      memory-retrieve --hook --format claude-hook < hook-input.json
    """
    chosen_mode = _mode(mode, force_llm, force_embeddings)
    if hook:
        _hook(ctx, query, chosen_mode, budget, detail, fmt or "claude-hook", max_facts)
        return
    _human(
        ctx,
        query,
        chosen_mode,
        budget,
        detail,
        fmt or ("json" if ctx.json_output else "markdown"),
        max_facts,
        cwd,
        session,
    )


@fail_closed
def _human(
    ctx: Context,
    query: str | None,
    mode: str | None,
    budget: int | None,
    detail: str,
    fmt: str,
    max_facts: int | None,
    cwd: str | None,
    session: str | None,
) -> None:
    from ratchet.recall.retrieve import Request, retrieve
    from ratchet.store import events

    config = ctx.config
    hook_fmt = fmt.endswith("-hook")
    request = Request(
        query=query,
        context=None if query else _opening(cwd),
        mode=mode,
        budget=budget,
        max_chars=int(config.section("retrieval")["max_chars"]) if hook_fmt else None,
        detail=detail,
        scopes=_scopes(cwd),
        max_facts=max_facts,
    )
    result = retrieve(ctx.store, config, request)
    for warning in result.warnings:
        ctx.warn(f"Warning: {warning}")
    if ctx.verbose:
        ctx.warn(f"mode {result.mode}: {len(result.shown)} shown, {len(result.cut)} cut, {result.tokens} tokens")
        for shown in result.shown:
            s = shown.scored
            ctx.warn(
                f"  {s.fact_id[:8]} {shown.detail:<5} score {s.score:.3f} "
                f"relevance {s.relevance:.3f} prior {s.prior:.3f}"
            )
        for cut in result.cut:
            ctx.warn(f"  {cut.fact_id[:8]} cut   score {cut.score:.3f}")
    if session and result.ids:
        events.record(
            ctx.store.memdir, events.INJECTION, result.ids, session=session, source="memory-retrieve", mode=result.mode
        )
    if fmt == "json":
        emit_json(result.to_dict(query))
        return
    text = result.markdown()
    if not text:
        ctx.warn("No facts to show.")
        return
    if hook_fmt:
        from ratchet.recall.render import hook_json

        click.echo(hook_json(fmt, "SessionStart", text))
    else:
        click.echo(text)


def _hook(
    ctx: Context,
    query: str | None,
    mode: str | None,
    budget: int | None,
    detail: str,
    fmt: str,
    max_facts: int | None,
) -> None:
    output = ""
    with fail_open("memory-retrieve --hook", ctx.memory_dir, ctx.config_path):
        output = _hook_output(ctx, query, mode, budget, detail, fmt, max_facts)
    if output:
        click.echo(output)


def _hook_output(
    ctx: Context,
    query: str | None,
    mode: str | None,
    budget: int | None,
    detail: str,
    fmt: str,
    max_facts: int | None,
) -> str:
    from ratchet.hooks.io import recall_answer
    from ratchet.recall.hook import Ask

    stdin = "" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.read()
    ask = Ask(query=query, mode=mode, budget=budget, detail=detail, max_facts=max_facts)
    return recall_answer(ctx.memory_dir, ctx.config_path, stdin, fmt, ask)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("fact_id")
@click.option("--query", "-q", help="The query to explain the ranking for (default: the opening context).")
@click.option("--mode", type=click.Choice(["auto", "llm", "embeddings", "keyword"]), help="Relevance mode.")
@click.option("--budget", type=click.IntRange(min=1), help="Token budget (default: config).")
@click.option("--cwd", type=click.Path(file_okay=False), help="Directory whose repository scope applies (default: .).")
@common_options
@fail_closed
def why(ctx: Context, fact_id: str, query: str | None, mode: str | None, budget: int | None, cwd: str | None) -> None:
    """Explain a fact's retrieval score: importance, recency, relevance, rank and budget.

    \b
    Examples:
      ratchet why 3f2a9c --query "deploying the payments API"
      ratchet why 3f2a9c --query "brakes" --mode keyword --json
    """
    from ratchet.recall.retrieve import Request, explain

    request = Request(
        query=query, context=None if query else _opening(cwd), mode=mode, budget=budget, scopes=_scopes(cwd)
    )
    info = explain(ctx.store, ctx.config, fact_id, request)
    if ctx.json_output:
        emit_json(info)
        return
    click.echo(f"Fact {info['id']}: {info['reason']}")
    if "score" not in info:
        return
    cosine = "-" if info["cosine"] is None else f"{info['cosine']:.3f}"
    llm = "-" if info["llm_rank"] is None else f"#{info['llm_rank']}"
    rows = [
        ("mode", info["mode"]),
        ("importance", f"{info['importance']:.3f}"),
        ("recency", f"{info['recency']:.3f} ({info['tier']} tier)"),
        ("prior", f"{info['prior']:.3f} (importance x recency)"),
        ("relevance", f"{info['relevance']:.3f} (bm25 {info['bm25']:.3f}, cosine {cosine}, llm {llm})"),
        ("score", f"{info['score']:.4f}"),
        ("rank", f"{info['rank']} of {info['eligible']} eligible ({info['selected']} selected)"),
        (
            "budget",
            f"{info['tokens_full']} tokens in full, {info['tokens_index']} as an index line, of {info['budget']}",
        ),
    ]
    for name, value in rows:
        click.echo(f"  {name:<11} {value}")


if __name__ == "__main__":
    cli()
