"""How ``retrieval.relative_cutoff`` is chosen: what an explicit query shows at default settings, per conversation.

For each cutoff ratio, every LoCoMo question is asked as ``memory-retrieve --query`` asks it (default
``max_facts``, budget and model; only the cutoff varies) over the conversation's turns, and two things are
measured: the share of the evidence turns among the facts shown ("shown recall") and how many facts were shown.
A cutoff is chosen the held-out way: for each conversation, the largest ratio whose shown recall on the *other*
conversations stays within ``--tolerance`` points of no cutoff; that choice is then scored on the held-out one.

Usage: ``python -m bench.cutoff ../shared/eval/locomo-dev.json [--ratios 0,0.3,0.4,0.5,0.6] [--tolerance 0.5]``.
The data is not shipped (non-commercial licence); pass its path.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

from ratchet.config import Config, load_config
from ratchet.core import clock
from ratchet.recall import refresh, retrieve
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store
from ratchet.workbench import locomo


def measure(path: Path, ratios: list[float], config: Config) -> dict[float, dict[str, tuple[float, float, int]]]:
    """Per ratio, per conversation: (shown recall %, mean facts shown, questions)."""
    out: dict[float, dict[str, tuple[float, float, int]]] = {r: {} for r in ratios}
    base = locomo.eval_config(config)
    for conv in locomo.load(path):
        now = clock.iso(clock.parse(conv.last_date) + timedelta(hours=1))
        with tempfile.TemporaryDirectory(prefix="ratchet-cutoff-") as tmp, clock.pinned(now):
            store = Store(MemoryDir(Path(tmp) / "memory"))
            facts, _ = locomo.store_units(store, locomo.turn_units(conv), conv.sample_id)
            refresh.sync(store, base)
            turns = {f.id: set(f.meta["dia_ids"]) for f in facts}
            questions = [q for q in conv.questions if q.evidence]
            for ratio in ratios:
                data = copy.deepcopy(base.data)
                data["retrieval"]["relative_cutoff"] = ratio
                cfg = Config(data, base.path)
                recalls, shown = [], []
                for q in questions:
                    result = retrieve.retrieve(store, cfg, retrieve.Request(query=q.question))
                    found = set().union(*(turns[s.fact.id] for s in result.shown))
                    recalls.append(len(found & set(q.evidence)) / len(set(q.evidence)))
                    shown.append(len(result.shown))
                out[ratio][conv.sample_id] = (100 * statistics.fmean(recalls), statistics.fmean(shown), len(questions))
    return out


def choose(table: dict[float, dict[str, tuple[float, float, int]]], tolerance: float) -> dict[str, float]:
    """Per held-out conversation, the largest ratio within ``tolerance`` points of no cutoff on the others."""
    ratios = sorted(table)
    chosen = {}
    for held in table[ratios[0]]:
        others = [c for c in table[ratios[0]] if c != held]

        def pooled(ratio: float, convs: list[str] = others) -> float:
            rows = [table[ratio][c] for c in convs]
            return sum(r[0] * r[2] for r in rows) / sum(r[2] for r in rows)

        ok = [r for r in ratios if pooled(ratios[0]) - pooled(r) <= tolerance]
        chosen[held] = max(ok)
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cutoff", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="A LoCoMo JSON file with at least two conversations.")
    parser.add_argument("--ratios", default="0,0.3,0.4,0.5,0.6", help="Comma-separated cutoff ratios (0 first).")
    parser.add_argument("--tolerance", type=float, default=0.5, help="Points of shown recall a cutoff may cost.")
    parser.add_argument("--config", type=Path, help="ratchet.config.json (default: the defaults).")
    args = parser.parse_args(argv)
    ratios = sorted({float(r) for r in args.ratios.split(",")})
    table = measure(args.data, ratios, load_config(args.config) if args.config else Config())
    convs = list(table[ratios[0]])
    print("| cutoff | " + " | ".join(f"{c} shown recall / facts" for c in convs) + " |")
    print("|---|" + "---|" * len(convs))
    for r in ratios:
        print(f"| {r:g} | " + " | ".join(f"{table[r][c][0]:.1f} / {table[r][c][1]:.1f}" for c in convs) + " |")
    chosen = choose(table, args.tolerance)
    print(f"\nHeld-out choice (tolerance {args.tolerance:g} point):")
    for c, r in chosen.items():
        recall, shown, _ = table[r][c]
        base = table[ratios[0]][c]
        print(
            f"- {c}: cutoff {r:g}: shown recall {recall:.1f} (no cutoff {base[0]:.1f}), "
            f"facts {shown:.1f} ({base[1]:.1f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
