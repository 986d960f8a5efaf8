"""How retrieval settings are chosen on LoCoMo without fooling ourselves: a grid, scored per conversation, and
leave-one-conversation-out.

For every combination of the ``--grid`` values the whole evaluation runs through the real retrieval code
(:func:`ratchet.workbench.locomo.evaluate_retrieval`). A setting is then chosen the honest way: for each
conversation, the combination with the best mean of R@5/10/25 on the *other* conversations is scored on that one,
and those held-out scores are pooled (weighted by questions). A setting that wins on all conversations but loses
held out is a dev-set win.

Usage::

    python -m bench.tune ../shared/eval/locomo-dev.json --model all-MiniLM-L6-v2 \\
        --grid retrieval.cosine_weight=0.2,0.3,0.4,0.5 --grid retrieval.feedback_weight=0.4,0.7

Prints one line per combination (R@5/10/25/50 over all questions) and the held-out choice; ``--json FILE`` keeps
the numbers. The data is not shipped (non-commercial licence); pass its path.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import itertools
import json
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

KS = (5, 10, 25, 50)
SELECT_KS = (5, 10, 25)  # what a choice maximises: the goals' cut-offs


def parse_grid(items: list[str]) -> list[tuple[str, list[Any]]]:
    """``section.key=v1,v2`` -> (``section.key``, [values]); values are JSON (numbers, null) or plain strings."""
    grid = []
    for item in items:
        key, sep, values = item.partition("=")
        if not sep or key.count(".") != 1 or not values:
            raise ValueError(f"--grid {item!r}: expected section.key=value[,value...]")
        parsed = []
        for raw in values.split(","):
            try:
                parsed.append(json.loads(raw))
            except ValueError:
                parsed.append(raw)
        grid.append((key, parsed))
    return grid


def recall_by_conversation(report: Any) -> dict[str, dict[str, Any]]:
    """Per conversation: its question count and mean recall (percent) at each k."""
    by: dict[str, list[Any]] = {}
    for outcome in report.outcomes:
        by.setdefault(outcome.question.sample_id, []).append(outcome)
    return {
        sample: {"questions": len(outs), **{f"R@{k}": 100 * statistics.fmean(o.recall(k) for o in outs) for k in KS}}
        for sample, outs in by.items()
    }


def pooled(rows: list[dict[str, Any]]) -> dict[str, float]:
    total = sum(r["questions"] for r in rows)
    return {f"R@{k}": round(sum(r[f"R@{k}"] * r["questions"] for r in rows) / total, 1) for k in KS}


def objective(rows: list[dict[str, Any]]) -> float:
    p = pooled(rows)
    return statistics.fmean(p[f"R@{k}"] for k in SELECT_KS)


def leave_one_out(results: list[dict[str, Any]]) -> dict[str, Any]:
    """For each conversation, the combination best on the others, scored on it; then pooled."""
    samples = list(results[0]["conversations"])
    chosen = []
    for held in samples:
        others = [s for s in samples if s != held]
        best = max(results, key=lambda r: objective([r["conversations"][s] for s in others]))
        chosen.append({"held_out": held, "setting": best["setting"], **best["conversations"][held]})
    return {"folds": chosen, "pooled": pooled(chosen)}


class _Remembered:
    """A local model that embeds each distinct text once per process: every grid cell stores the same turns and
    asks the same questions, so only the first cell pays for a transformer's embeddings (recall is unchanged)."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.vectors: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        missing = [t for t in dict.fromkeys(texts) if t not in self.vectors]
        if missing:
            self.vectors.update(zip(missing, self.model.embed(missing), strict=True))
        return np.stack([self.vectors[t] for t in texts]) if texts else self.model.embed([])


@contextlib.contextmanager
def remember_vectors(embedders: Any, name: str, runtime: str = "auto") -> Iterator[None]:
    """While the block runs, the named local model (when it is one; its layers run by ``runtime``, as the grid's
    configs ask, or it would be loaded afresh unwrapped) is wrapped in :class:`_Remembered`."""
    try:
        model = embedders.local_model(name, runtime)
    except Exception:  # not a local model (keyword runs, OpenAI): nothing to remember
        yield
        return
    embedders._LOCAL[name] = _Remembered(model)
    try:
        yield
    finally:
        embedders._LOCAL[name] = model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="A LoCoMo JSON file with at least two conversations.")
    parser.add_argument("--grid", action="append", default=[], help="section.key=v1,v2,... (repeatable).")
    parser.add_argument("--model", help="Local embedding model (e.g. all-MiniLM-L6-v2); default: the configured one.")
    parser.add_argument("--unit", choices=("turns", "facts"), default="turns")
    parser.add_argument("--mode", choices=("auto", "keyword", "embeddings"), default="auto")
    parser.add_argument("--json", type=Path, help="Write every number here.")
    args = parser.parse_args(argv)

    from ratchet.config import config_from_dict, load_config
    from ratchet.errors import RatchetError
    from ratchet.models import embedders
    from ratchet.workbench import locomo as evaluate

    try:
        grid = parse_grid(args.grid)
    except ValueError as exc:
        parser.error(str(exc))
    base = load_config(None)
    if args.model:
        base = embedders.with_local_model(base, args.model)
    results: list[dict[str, Any]] = []
    try:
        runtime = str(base.section("embeddings").get("runtime", "auto"))
        with remember_vectors(embedders, embedders.model_name(base), runtime):
            for values in itertools.product(*(v for _, v in grid)) if grid else [()]:
                setting = {key: value for (key, _), value in zip(grid, values, strict=True)}
                data = copy.deepcopy(base.data)
                for key, value in setting.items():
                    section, name = key.split(".")
                    data.setdefault(section, {})[name] = value
                config = config_from_dict(data)
                report = evaluate.evaluate_retrieval(args.data, config, unit=args.unit, mode=args.mode, ks=KS)
                per = recall_by_conversation(report)
                if len(per) < 2:
                    raise RatchetError(f"{args.data}: leave-one-out needs at least two conversations")
                all_rows = pooled(list(per.values()))
                results.append({"setting": setting, "conversations": per, "pooled": all_rows})
                shown = " / ".join(f"{all_rows[f'R@{k}']:.1f}" for k in KS)
                print(f"{json.dumps(setting)}  all: {shown}", flush=True)
    except RatchetError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return exc.exit_code
    loo = leave_one_out(results)
    for fold in loo["folds"]:
        print(f"held out {fold['held_out']}: chose {json.dumps(fold['setting'])}")
    print("held out, pooled: " + " / ".join(f"{loo['pooled'][f'R@{k}']:.1f}" for k in KS))
    best = max(results, key=lambda r: objective(list(r["conversations"].values())))
    print(f"best on all conversations: {json.dumps(best['setting'])}")
    if args.json:
        args.json.write_text(json.dumps({"results": results, "leave_one_out": loo}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
