"""bench/RESULTS.md: the speed tables written by ``make bench``; the retrieval-quality section (written by
``make eval``) is carried over untouched."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.measure import Stat

# The optional transformer models get their own rows where installed (make models), up to a size each: embedding
# 100k facts takes about 16 minutes with MiniLM, and 10k about 9 with MPNet, too long to repeat in every run.
# tag -> (model, largest store measured)
TRANSFORMERS = {"minilm": ("all-MiniLM-L6-v2", 10_000), "mpnet": ("all-mpnet-base-v2", 1_000)}

EVAL_HEADING = "## Retrieval quality"
# (description, scale, operation, measure, limit): measure is "ms", "mb" or "rate".
TARGETS = [
    ("Hybrid retrieval at 10k facts", "10k", "retrieve_hybrid", "ms", 300),
    ("Hybrid retrieval at 100k facts", "100k", "retrieve_hybrid", "ms", 800),
    ("Hybrid retrieval peak RSS at 100k facts", "100k", "retrieve_hybrid", "mb", 200),
    ("Per-prompt recall (UserPromptSubmit hook) at 10k facts", "10k", "hook_prompt", "ms", 200),
    ("Local embedding throughput (memory-embed --all, whole process) at 100k", "100k", "embed", "rate", 5000),
    ("memory-manage --no-llm at 100k facts", "100k", "manage", "ms", 10000),
    # Issue "Recall that holds beyond the dev set, and hooks at the speed of the floor": "fts5" is a multiple of the
    # SQLite FTS5 baseline's median in the same run.
    ("Per-prompt hook at 10k facts, against the FTS5 baseline", "10k", "hook_prompt", "fts5", 1.0),
    ("Session-start hook at 10k facts (answer kept), against the FTS5 baseline", "10k", "hook_start", "fts5", 2.0),
    ("Session-start hook at 10k facts (answer computed), against FTS5", "10k", "hook_start_cold", "fts5", 2.0),
    ("memory-extract of the 1 MB transcript into 100k facts", "100k", "extract_offline", "ms", 2000),
    ("memory-extract of the 1 MB transcript into 100k facts, peak RSS", "100k", "extract_offline", "mb", 200),
    ("memory-manage at 100k facts, the first run (issue target)", "100k", "manage", "ms", 3000),
    ("memory-manage at 100k facts, the next week's run (issue target)", "100k", "manage_week", "ms", 3000),
]
NAMES = {"ratchet": "Ratchet", "phase3": "Phase-3 design", "fts5": "SQLite FTS5"}


def _ms(stat: Stat | None) -> str:
    if stat is None:
        return "n/a"
    text = f"{stat.median * 1000:,.0f}" if stat.median >= 0.1 else f"{stat.median * 1000:.1f}"
    if stat.rate:
        text += f" ({stat.rate:,.0f}/s)"
    return text


def _ratio(base: Stat | None, ours: Stat | None) -> str:
    if base is None or ours is None:
        return "n/a"
    return f"{base.median / ours.median:.2f}x"


def _scale_table(label: str, data: dict[str, Any]) -> list[str]:
    info = data["info"]
    out = [
        f"### {label} facts",
        "",
        f"{info.get('facts', data['n']):,} facts ({info.get('active', '?'):,} active, the rest superseded) in "
        f"{info.get('quarters', '?')} quarter files, {info.get('store_mb', '?')} MB of JSONL. Times are medians in "
        "ms (whole process); CPU is Ratchet's user+system time (median); RSS is the peak of one run in MB; a ratio "
        "is baseline time / Ratchet time (above 1: Ratchet is faster).",
        "",
        "| Operation | Ratchet ms | CPU ms | RSS | Phase-3 ms | RSS | Phase-3 / Ratchet "
        "| FTS5 ms | RSS | FTS5 / Ratchet | runs |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for key, row in data["rows"].items():
        ours, p3, fts = row.get("ratchet"), row.get("phase3"), row.get("fts5")
        runs = "/".join(str(s.runs) if s else "-" for s in (ours, p3, fts))
        out.append(
            f"| {data['labels'][key]} | {_ms(ours)} | {_cpu(ours)} | {_rss(ours)} | {_ms(p3)} | {_rss(p3)} | "
            f"{_ratio(p3, ours)} | {_ms(fts)} | {_rss(fts)} | {_ratio(fts, ours)} | {runs} |"
        )
    return [*out, ""]


def _cpu(stat: Stat | None) -> str:
    return "n/a" if stat is None else f"{stat.cpu * 1000:,.0f}"


def _rss(stat: Stat | None) -> str:
    return "n/a" if stat is None else f"{stat.rss_mb:.0f}"


def _growth(scales: dict[str, dict[str, Any]]) -> list[str]:
    labels = list(scales)
    if len(labels) < 2:
        return []
    first, last = labels[0], labels[-1]
    factor = scales[last]["n"] / scales[first]["n"]
    out = [
        f"### How cost grows from {first} to {last} ({factor:,.0f}x the facts)",
        "",
        "| Operation | "
        + " | ".join(f"{label} ms" for label in labels)
        + f" | {last} / {first} | RSS {first} -> {last} MB |",
        "|---|" + "--:|" * (len(labels) + 2),
    ]
    keys = [k for k in scales[first]["rows"] if all(k in scales[label]["rows"] for label in labels)]
    for key in keys:
        stats = [scales[label]["rows"][key].get("ratchet") for label in labels]
        if any(s is None for s in stats):
            continue
        ratio = stats[-1].median / stats[0].median  # type: ignore[union-attr]
        out.append(
            f"| {scales[first]['labels'][key]} | "
            + " | ".join(f"{s.median * 1000:,.0f}" for s in stats)  # type: ignore[union-attr]
            + f" | {ratio:.1f}x | {stats[0].rss_mb:.0f} -> {stats[-1].rss_mb:.0f} |"  # type: ignore[union-attr]
        )
    return [*out, ""]


def _targets(scales: dict[str, dict[str, Any]], extra: dict[str, Any]) -> list[str]:
    out = ["| Target (from the issues) | Limit | Measured | Result |", "|---|--:|--:|---|"]
    for text, label, key, kind, limit in TARGETS:
        row = scales.get(label, {}).get("rows", {}).get(key, {})
        stat, base = row.get("ratchet"), row.get("fts5")
        shown_limit = {
            "ms": f"<= {limit:,} ms",
            "mb": f"<= {limit} MB",
            "rate": f">= {limit:,} facts/s",
            "fts5": f"<= {limit:g}x FTS5",
        }[kind]
        if stat is None or (kind == "fts5" and base is None):
            out.append(f"| {text} | {shown_limit} | not measured in this run | - |")
            continue
        if kind == "fts5":
            value = stat.median / base.median
            ok = value <= limit
            measured = f"{value:.1f}x ({stat.median * 1000:,.0f} ms vs {base.median * 1000:,.0f} ms)"
        else:
            value = {"ms": stat.median * 1000, "mb": stat.rss_mb, "rate": stat.rate or 0.0}[kind]
            ok = value >= limit if kind == "rate" else value <= limit
            measured = f"{value:,.0f} {dict(ms='ms', mb='MB', rate='facts/s')[kind]}"
        out.append(f"| {text} | {shown_limit} | {measured} | {'pass' if ok else '**FAIL**'} |")
    hook = extra.get("extract_hook")
    if hook is not None:
        value = hook.median * 1000
        out.append(
            f"| memory-extract --hook return time (well under 100 ms) | < 100 ms | {value:,.0f} ms "
            f"(peak RSS {hook.rss_mb:.0f} MB, {hook.runs} runs) | {'pass' if value < 100 else '**FAIL**'} |"
        )
    rate = extra.get("embed_model_rate")
    if rate:
        out.append(
            f"| Local embedding model alone (in process, no store I/O) | >= 5,000 facts/s | {rate:,.0f} facts/s | "
            f"{'pass' if rate >= 5000 else '**FAIL**'} |"
        )
    out.append("")
    speeds = []
    for tag, (name, largest) in TRANSFORMERS.items():
        rate, query = extra.get(f"{tag}_model_rate"), extra.get(f"{tag}_query_ms")
        if rate and query:
            plain = ""
            if extra.get(f"{tag}_model_rate_numpy") and extra.get(f"{tag}_query_ms_numpy"):
                plain = (
                    f" (`embeddings.runtime` numpy: {extra[f'{tag}_model_rate_numpy']:,.0f} facts/s, "
                    f"{extra[f'{tag}_query_ms_numpy']:.1f} ms)"
                )
            speeds.append(
                f"{name} {rate:,.0f} facts/s, a query {query:.1f} ms{plain}, rows up to {largest // 1000}k facts"
            )
    if speeds:
        bundled = extra.get("embed_query_ms")
        out.append(
            "Optional transformer models (`ratchet model fetch`; no targets, they are not the default), each model "
            f"alone in process, layers in onnxruntime: {'; '.join(speeds)}"
            + (f" (the bundled model: a query {bundled:.2f} ms)" if bundled else "")
            + ". Their rows in the tables below run with `embeddings.local_model` set to the model on a copy of the "
            "same store embedded with it."
        )
    return [*out, ""]


def render(
    command: str, machine: dict[str, str], scales: dict[str, dict[str, Any]], extra: dict[str, Any], elapsed: float
) -> str:
    """The speed part of RESULTS.md."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmarks",
        "",
        "## Speed (make bench)",
        "",
        f"Produced by `make bench` (`{command}`) on {when}; the run took {elapsed / 60:.1f} minutes. "
        "Do not edit by hand: `make bench` rewrites this part and keeps the retrieval-quality section below.",
        "",
        f"Machine: {machine['cpu']}, {machine['nproc']} cores (nproc), {machine['ram']} RAM, {machine['os']}, "
        f"{machine['python']}, SQLite {machine['sqlite']}. One-minute load average {machine.get('load', '?')} "
        "(the machine may be shared: compare the CPU column when wall times look noisy).",
        "",
        "Method: every operation is the installed entry point run as a child process (`memory-retrieve`, "
        "`memory-extract`, `memory-embed`, `memory-manage`) with `RATCHET_MEMORY_DIR` set, no config file (so the "
        "local embedding model and no LLM), a temporary HOME, and as working directory a git repository whose origin "
        "is one of the synthetic repositories; `RATCHET_NOW` is pinned. Wall time runs from spawn to exit; peak RSS "
        "is the child's own (`wait4`). One warm-up run, then the median of up to five; operations slower than a few "
        "seconds get fewer runs (the runs column: Ratchet/Phase-3/FTS5). Stores come from `bench/synth.py` (10 "
        "categories, 3 tiers, global and 4 repository scopes, tags, about 8% superseded in chains, over two years "
        "of quarter files) and are embedded by `memory-embed`; commands that change the store (extract, manage) run "
        "on a fresh copy each time, copied outside the timed region. Retrieval queries and prompts rotate over five "
        "realistic questions.",
        "",
        "Baselines (`bench/baselines/`), run the same way in the same run: **Phase-3 design** is the seed's literal "
        "phase 3 (parse every fact of every quarter file, `embeddings.json` as a `{id: [float]}` dict, pure-Python "
        "cosine x importance x recency; its offline embedder is a pure-Python hashed bag of words, 256-d like "
        "Ratchet's local model; its manage is decay/promote/purge plus embeddings.json sync, without contradiction "
        "detection; it has no offline extractor). **SQLite FTS5** is the ralph-mem store (seed 004): sessions and "
        "observations tables with an external-content FTS5 index kept by triggers, `bm25()` ranking; its "
        "SessionStart hook injects the project's most recent observations, its extract records every message as an "
        "observation (no fact extraction), its 'embed' row is the ingest of the quarter files into a new database, "
        "and its manage is decay and purge in SQL. Neither baseline does what Ratchet does beyond that (no "
        "dedupe, secrets filter, scopes, budget packing, contradiction search), so the ratios price those features "
        "as well as the storage design.",
        "",
        "### Targets",
        "",
        *_targets(scales, extra),
    ]
    for label, data in scales.items():
        lines.extend(_scale_table(label, data))
    lines.extend(_growth(scales))
    info = [
        f"{label}: generated in {d['info'].get('generate_s', '?')} s, first embed and cache build "
        f"{d['info'].get('first_embed_s', '?')} s"
        for label, d in scales.items()
    ]
    lines.append(
        "Data preparation (once, reused from `bench/out/` while the generator is unchanged): "
        + "; ".join(info)
        + " (when a store was reused, the second figure is that of the run that generated it)."
    )
    lines.append("")
    if extra.get("failures"):
        lines += ["Failed in this run (shown as n/a above):", ""]
        lines += [f"- `{' '.join(f.split())[:300]}`" for f in extra["failures"]]
        lines.append("")
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, keeping any retrieval-quality section already there."""
    kept = ""
    if path.exists():
        old = path.read_text(encoding="utf-8")
        at = old.find("\n" + EVAL_HEADING)
        if at >= 0:
            kept = old[at + 1 :]
        elif old.startswith(EVAL_HEADING):
            kept = old
    path.write_text(text.rstrip("\n") + "\n" + ("\n" + kept if kept else ""), encoding="utf-8")


def as_json(scales: dict[str, dict[str, Any]], extra: dict[str, Any], elapsed: float) -> dict[str, Any]:
    """The raw numbers."""
    return {
        "elapsed_s": round(elapsed, 1),
        "scales": {
            label: {
                "n": d["n"],
                "info": d["info"],
                "rows": {k: {s: (v.to_dict() if v else None) for s, v in row.items()} for k, row in d["rows"].items()},
            }
            for label, d in scales.items()
        },
        "extract_hook": extra["extract_hook"].to_dict() if extra.get("extract_hook") else None,
        "embed_model_rate": extra.get("embed_model_rate"),
        "embed_query_ms": extra.get("embed_query_ms"),
        **{
            f"{tag}_{what}{kind}": extra.get(f"{tag}_{what}{kind}")
            for tag in TRANSFORMERS
            for what in ("model_rate", "query_ms")
            for kind in ("", "_numpy")
        },
        "failures": extra.get("failures", []),
    }
