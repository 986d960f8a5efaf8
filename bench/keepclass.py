"""Would a classifier over stored facts raise the offline extractor's precision on sources it never saw?

Issue 15 invites "a scikit-learn classifier over sentence features or the local embeddings, trained on labelled
sentences ... if it measurably helps across sources". This is that check, run on every fact a person has graded:
the blind checks on unseen coding sessions (``grades-blind.jsonl``: each fact with its repository, commit and
path) and the graded facts of the labelled corpus (``grades-offline-1.jsonl``, ``grades-offline-2.jsonl``).

Each group (a blind check, a labelled grade file) is held out in turn: a logistic regression (class-balanced,
standardised features) is trained on the other groups and scores the held-out facts; a fact is kept when its score
reaches the threshold. Reported, pooled over the held-out groups: precision of what is kept (good kept / kept)
against the precision without a filter, how many of the good facts survive, and each group's ROC AUC (0.5: no
better than chance). Features: the bundled wordllama vector of the fact (the local embedding model), a handful of
surface features (length, subject, paths, digits, verb kinds, pronouns, "just/now"), or both.

Usage: ``python -m bench.keepclass [--grades FILE ...] [--thresholds 0.3,0.5,0.7]`` (offline, a few seconds).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "corpora" / "transcripts"
DEFAULT_GRADES = [HERE / "grades-blind.jsonl", HERE / "grades-offline-1.jsonl", HERE / "grades-offline-2.jsonl"]

_SURFACE = [
    re.compile(p, re.I)
    for p in (
        r"^The user\b",
        r"^The team\b",
        r"[/~\\][\w.-]+",
        r"`",
        r"https?://",
        r"\d",
        r"\bchose\b",
        r"\b(?:always|never)\b",
        r"\b(?:prefers?|likes?|loves?|hates?)\b",
        r"\b(?:uses?|using)\b",
        r"\b(?:is|are|was|were)\b",
        r"\b(?:has|have|had)\b",
        r"\b(?:it|this|that|these|those|there)\b",
        r"\b(?:just|now|currently|today|again)\b",
        r"[?!]",
        r"[()\[\]]",
    )
]


def load(paths: list[Path]) -> list[dict[str, Any]]:
    """Graded facts (``good`` true or false) with their group: the blind check, else the grade file's name."""
    rows = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("good") not in (True, False):
                continue
            row["group"] = row.get("check") or path.stem
            row["where"] = f"{path.name}:{n}"
            rows.append(row)
    return rows


def surface(text: str) -> list[float]:
    words = text.split()
    capitals = sum(1 for w in words[1:] if w[:1].isupper())
    return [len(words), text.count(",") / max(len(words), 1), capitals / max(len(words), 1)] + [
        float(bool(p.search(text))) for p in _SURFACE
    ]


def features(rows: list[dict[str, Any]], kind: str) -> Any:
    import numpy as np

    texts = [str(r["fact"]) for r in rows]
    parts = []
    if kind in ("embedding", "both"):
        from ratchet.models.embedders import BUNDLED_MODEL, local_model

        parts.append(np.asarray(local_model(BUNDLED_MODEL).embed(texts)))
    if kind in ("surface", "both"):
        parts.append(np.array([surface(t) for t in texts], dtype=float))
    return np.hstack(parts)


def held_out_scores(rows: list[dict[str, Any]], x: Any, c: float) -> dict[str, tuple[Any, Any]]:
    """Per group: (scores of its facts from a model trained on the other groups, their labels)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    y = np.array([bool(r["good"]) for r in rows], dtype=int)
    groups = np.array([r["group"] for r in rows])
    out = {}
    for group in sorted(set(groups)):
        test = groups == group
        model = make_pipeline(StandardScaler(), LogisticRegression(C=c, max_iter=5000, class_weight="balanced"))
        model.fit(x[~test], y[~test])
        out[group] = (model.predict_proba(x[test])[:, 1], y[test])
    return out


def report(scores: dict[str, tuple[Any, Any]], thresholds: list[float]) -> list[str]:
    from sklearn.metrics import roc_auc_score

    good = sum(int(y.sum()) for _, y in scores.values())
    total = sum(len(y) for _, y in scores.values())
    lines = [f"without a filter: precision {good / total:.2f} ({good}/{total})"]
    for threshold in thresholds:
        kept = sum(int((p >= threshold).sum()) for p, _ in scores.values())
        good_kept = sum(int(((p >= threshold) & (y == 1)).sum()) for p, y in scores.values())
        share = f"{good_kept / kept:.2f}" if kept else "-"
        lines.append(f"threshold {threshold}: precision {share} ({good_kept}/{kept}), good kept {good_kept}/{good}")
    aucs = []
    for group, (p, y) in scores.items():
        both = 0 < y.sum() < len(y)
        aucs.append(f"{group} {roc_auc_score(y, p):.2f}" if both else f"{group} -")
    lines.append("ROC AUC per held-out group: " + ", ".join(aucs))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.keepclass", description=__doc__.split("\n\n")[0])
    parser.add_argument("--grades", type=Path, action="append", help="grade files (default: the project's three)")
    parser.add_argument("--thresholds", default="0.3,0.5,0.7")
    parser.add_argument("--c", type=float, default=0.1, help="inverse regularisation strength")
    args = parser.parse_args(argv)
    rows = load(args.grades or DEFAULT_GRADES)
    thresholds = [float(t) for t in args.thresholds.split(",")]
    groups = sorted({r["group"] for r in rows})
    print(f"{len(rows)} graded facts, {sum(bool(r['good']) for r in rows)} good, {len(groups)} groups held out in turn")
    import numpy as np

    vectors, shapes = features(rows, "embedding"), features(rows, "surface")  # each computed once
    for kind, x in (("embedding", vectors), ("surface", shapes), ("both", np.hstack([vectors, shapes]))):
        print(f"\n{kind}:")
        for line in report(held_out_scores(rows, x, args.c), thresholds):
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
