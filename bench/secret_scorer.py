"""``make secret-scorer``: train the credential filter's learned layer (:mod:`ratchet.core.secret_scorer`).

Data: the tuning corpora of ``make eval-secrets`` (:data:`bench.secrets.CORPORA`, every entry named "tuning...": the
held-out corpus is never read here). Each candidate token of a credential's text that overlaps its ``secret`` is a
positive; every other token, of credential and ordinary texts alike, is a negative. More negatives: 6,000 paragraphs
of the running Python's standard library (code, docstrings and prose full of identifiers, hashes and words like
"token" and "password"; every k-th paragraph of 20 to 600 characters in sorted file order, so the same Python gives
the same sample).

Model: scikit-learn's logistic regression (liblinear, L2, ``C`` 0.5, fixed seed) over the hashed features. Its
threshold is chosen by cross-validation, never on a held-out corpus: the tuning corpora are dealt into four folds,
each fold scored by a model trained on the other three, and the threshold is the lowest of 0.90, 0.91, ... 0.995 at
which the layer alone flags at most ``--budget`` (0.1 %, a tenth of the refusal bar) of the ordinary facts.

Writes ``ratchet/data/secret-scorer.bin`` with a header that names the corpora and their digests (a test checks that
the shipped model was trained on the corpora as they are) and the cross-validated figures. About five minutes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import sysconfig
import time
from array import array
from pathlib import Path

from bench.secrets import CORPORA, load
from ratchet.core import secret_scorer
from ratchet.store.files import atomic_write

MODEL = Path(__file__).resolve().parent.parent / "ratchet" / Path(*secret_scorer.MODEL)  # the checkout's, to ship
C = 0.5
FOLDS = 4
GRID = (0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98, 0.99, 0.995)
PARAGRAPHS = 6000


def tuning_corpora() -> dict[str, tuple[Path, Path]]:
    return {name: files for name, files in CORPORA.items() if name.startswith("tuning")}


def digests(corpora: dict[str, tuple[Path, Path]]) -> dict[str, str]:
    """sha256 of every corpus file the model learns from, by its path in the repository."""
    root = Path(__file__).resolve().parent.parent
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for files in corpora.values()
        for path in files
    }


def stdlib_paragraphs(count: int = PARAGRAPHS) -> list[str]:
    """Every k-th paragraph (20 to 600 characters) of the standard library's ``.py`` files, in sorted order."""
    root = Path(sysconfig.get_paths()["stdlib"])
    paragraphs: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if "site-packages" in path.parts or "test" in path.parts or "tests" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        paragraphs.extend(p for p in text.split("\n\n") if 20 <= len(p) <= 600)
    step = max(1, len(paragraphs) // count)
    return paragraphs[::step][:count]


def write_model(path: Path, weights: list[float], bias: float, threshold: float, meta: dict[str, object]) -> None:
    """Write a model as :func:`ratchet.core.secret_scorer.load` reads it: a JSON header line (format, scale, bias,
    threshold in logits, ``meta``), then every weight as a little-endian int16 (``weight / scale``, rounded)."""
    top = max((abs(x) for x in weights), default=1.0) or 1.0
    scale = top / 32767
    quantised = array("h", (round(x / scale) for x in weights))
    head = {
        "version": secret_scorer.FEATURES_VERSION,
        "bits": secret_scorer.BITS,
        "scale": scale,
        "bias": bias,
        "threshold": threshold,
        **meta,
    }
    data = json.dumps(head, sort_keys=True).encode("utf-8") + b"\n" + secret_scorer.little_endian(quantised).tobytes()
    atomic_write(path, data)


def _rows(texts: list[tuple[str, str | None]]):  # type: ignore[no-untyped-def]
    """The design matrix: one row per candidate token, its label, and the text it belongs to."""
    import numpy as np
    from scipy import sparse

    indptr, indices, labels, owner = [0], [], [], []
    for n, (text, secret) in enumerate(texts):
        spans = []
        if secret:
            at = text.find(secret)
            while at >= 0:
                spans.append((at, at + len(secret)))
                at = text.find(secret, at + 1)
        candidates, shared = secret_scorer.text_features(text)
        for start, end, ids in candidates:
            indices.extend(ids)
            indices.extend(shared)
            indptr.append(len(indices))
            labels.append(1 if any(a < end and start < b for a, b in spans) else 0)
            owner.append(n)
    data = np.ones(len(indices), dtype=np.float32)
    matrix = sparse.csr_matrix((data, indices, indptr), shape=(len(labels), 1 << secret_scorer.BITS))
    matrix.sum_duplicates()
    matrix.data[:] = 1.0
    return matrix, np.array(labels), np.array(owner, dtype=np.int64)


def _fit(texts: list[tuple[str, str | None]]):  # type: ignore[no-untyped-def]
    from sklearn.linear_model import LogisticRegression

    matrix, labels, _owner = _rows(texts)
    model = LogisticRegression(C=C, max_iter=3000, solver="liblinear", random_state=0)
    model.fit(matrix, labels)
    return model


def _text_scores(model, texts: list[str]):  # type: ignore[no-untyped-def]
    """Each text's highest token probability (0 for a text without candidates)."""
    import numpy as np

    matrix, _labels, owner = _rows([(t, None) for t in texts])
    best = np.zeros(len(texts))
    if matrix.shape[0]:
        np.maximum.at(best, owner, model.predict_proba(matrix)[:, 1])
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.secret_scorer", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=MODEL, help="Model file to write (default: the checkout's).")
    parser.add_argument("--budget", type=float, default=0.001, help="Share of ordinary facts the layer may flag.")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    corpora = tuning_corpora()
    folds: list[list[tuple[str, str | None, bool]]] = [[] for _ in range(FOLDS)]
    for n, (_name, (creds, ordinary)) in enumerate(sorted(corpora.items())):
        fold = folds[n % FOLDS]
        fold.extend((r["text"], r["secret"], True) for r in load(creds))
        fold.extend((r["text"], None, False) for r in load(ordinary))
    paragraphs = [(p, None) for p in stdlib_paragraphs()]
    ordinary_scores: list[float] = []
    credential_scores: list[float] = []
    for k in range(FOLDS):
        train = [(t, s) for j, fold in enumerate(folds) if j != k for t, s, _c in fold] + paragraphs
        model = _fit(train)
        scores = _text_scores(model, [t for t, _s, _c in folds[k]])
        for (_t, _s, credential), score in zip(folds[k], scores, strict=True):
            (credential_scores if credential else ordinary_scores).append(float(score))
        print(f"[secret-scorer] fold {k + 1}/{FOLDS} ({time.perf_counter() - began:.0f} s)", file=sys.stderr)
    threshold = next(
        (t for t in GRID if sum(s >= t for s in ordinary_scores) <= args.budget * len(ordinary_scores)), GRID[-1]
    )
    flagged = sum(s >= threshold for s in ordinary_scores) / len(ordinary_scores)
    caught = sum(s >= threshold for s in credential_scores) / len(credential_scores)
    model = _fit([(t, s) for fold in folds for t, s, _c in fold] + paragraphs)
    meta = {
        "trained_on": digests(corpora),
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
        "c": C,
        "probability": threshold,
        "cross_validated": {"credentials_caught": round(caught, 4), "ordinary_flagged": round(flagged, 4)},
        "texts": sum(len(fold) for fold in folds),
        "paragraphs": len(paragraphs),
    }
    logit = math.log(threshold / (1 - threshold))
    write_model(args.out, [float(w) for w in model.coef_[0]], float(model.intercept_[0]), logit, meta)
    print(
        f"[secret-scorer] threshold {threshold} (cross-validated: the layer alone catches {100 * caught:.1f} % of "
        f"credentials, flags {100 * flagged:.2f} % of ordinary facts); wrote {args.out} in "
        f"{time.perf_counter() - began:.0f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
