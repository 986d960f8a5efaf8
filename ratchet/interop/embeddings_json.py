"""The spec's ``memory/embeddings.json``: ``{fact_id: [float, ...]}``, the vectors of an earlier Ratchet.

Each entry is checked here (an object of lists of finite numbers, one dimension throughout, the fact present and
active) so every bad entry gets its own warning; storing is delegated to :func:`ratchet.recall.refresh.import_json`.
Stored vectors of facts the file does not mention are kept when they have the same backend, model and dimension
(``import_json`` itself replaces the whole set). The vectors are tagged with the configured embedding model: a
file made with another model is re-embedded by the next ``memory-embed`` sync rather than mixed.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.errors import NotFoundError, RatchetError
from ratchet.interop.common import ImportReport, Problem, Skipped
from ratchet.store.store import Store


def read(path: Path) -> Any:
    """The parsed JSON document (one error when it is not JSON at all)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFoundError(f"File {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RatchetError(f"{path} cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RatchetError(f"{path} line {exc.lineno}: invalid JSON ({exc.msg})") from None


def import_vectors(
    store: Store, config: Config, path: Path, *, dry_run: bool = False, partial: bool = False
) -> ImportReport:
    """Validate ``path`` entry by entry and store the good vectors (all or nothing unless ``partial``)."""
    from ratchet.models import embedders
    from ratchet.recall import refresh
    from ratchet.store import vectors

    data = read(path)
    if not isinstance(data, dict):
        raise RatchetError(f"{path} must be a JSON object {{fact_id: [float, ...]}}")
    report = ImportReport(format="embeddings-json", path=str(path), dry_run=dry_run, partial=partial)
    with store.lock():
        facts = {f.id: f for f in store.facts()}
        good: dict[str, list[float]] = {}
        dimension: int | None = None
        for fid, vector in data.items():
            where = f"{path.name}:{fid}"
            if not isinstance(vector, list) or not vector:
                report.malformed.append(Problem(where, "not a non-empty list of numbers", fid))
                continue
            if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in vector):
                report.malformed.append(Problem(where, "holds a value that is not a finite number", fid))
                continue
            if dimension is None:
                dimension = len(vector)
            if len(vector) != dimension:
                report.malformed.append(Problem(where, f"has {len(vector)} values, the first vector {dimension}", fid))
                continue
            if fid not in facts:
                report.skipped.append(Skipped(where, fid, "no fact with this id", "missing"))
                continue
            if not facts[fid].active:
                report.skipped.append(Skipped(where, fid, "the fact is superseded", "superseded"))
                continue
            good[fid] = [float(v) for v in vector]
        report.imported_ids = list(good)
        report.extra["dimension"] = dimension or 0
        if report.aborted or dry_run or not good:
            return report
        merged = dict(good)
        backend = embedders.backend_name(config)
        model = embedders.model_name(config, backend)
        meta = vectors.load_meta(store.memdir) or {}
        stored = vectors.load_vectors(store.memdir)
        same_model = (meta.get("backend"), meta.get("model"), meta.get("dimension")) == (backend, model, dimension)
        if stored is not None and same_model:
            ids, matrix = stored
            for fid, row in zip(ids, matrix, strict=True):
                if fid not in merged and fid in facts and facts[fid].active:
                    merged[fid] = [float(v) for v in row]
        result = refresh.import_json(store, config, merged, backend=backend, model=model)
        report.extra["stored"] = int(result.get("imported", len(merged)))
    return report
