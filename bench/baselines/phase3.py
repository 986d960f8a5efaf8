"""Baseline 1: the seed's literal phase-3 design, standard library only.

Every command parses every fact of every ``facts-YYYY-Q#.jsonl`` file; vectors live in ``embeddings.json`` as a
flat ``{fact_id: [float, ...]}`` dict; relevance is a pure-Python cosine; the score is
``cosine x importance x recency`` (recency ``e^(-ln2/30 x days since referenced)``, permanent tier exempt). The
embedder is the design's offline fallback: a pure-Python bag of words, hashed here into 256 dimensions (the size
of Ratchet's local model) and unit-normalised. ``manage`` is the design's weekly job: decay x0.95 per
unreferenced week (standard tier), purge below 0.1, promote (importance > 0.8 and 3+ references), drop the vectors
of purged and superseded facts, rewrite every quarter file. No contradiction detection.

Usage: ``python -m bench.baselines.phase3 DIR {embed,retrieve,hook,manage} [--query Q] [--mode M]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

DIM = 256
HALF_LIFE = 30.0
TOP = 15
BUDGET_CHARS = 6000
WORD = re.compile(r"[a-z0-9]+")
STOP = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the to was we were with".split()  # noqa: SIM905
)


def now() -> datetime:
    value = os.environ.get("RATCHET_NOW")
    return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else datetime.now(UTC)


def parse_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def load_facts(root: Path) -> list[dict]:
    facts = []
    for path in sorted(root.glob("facts-*-Q*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            facts.extend(json.loads(line) for line in fh if line.strip())
    return facts


def effective_score(fact: dict, when: datetime) -> float:
    if fact.get("tier") == "permanent":
        return float(fact["importance"])
    days = (when - parse_time(fact.get("last_referenced") or fact["created"])).total_seconds() / 86400
    return float(fact["importance"]) * math.exp(-math.log(2) / HALF_LIFE * max(days, 0.0))


def embed(text: str) -> list[float]:
    vector = [0.0] * DIM
    for word in WORD.findall(text.lower()):
        if word not in STOP:
            bucket = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "little") % DIM
            vector[bucket] += 1.0
    norm = math.sqrt(sum(v * v for v in vector)) or 1.0
    return [v / norm for v in vector]


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=False))


def render(chosen: list[dict]) -> str:
    lines = ["## Known context from previous sessions", ""]
    used = 0
    for fact in chosen:
        line = f"- [{fact['category']}] {fact['content']} ({fact['created'][:10]})"
        if used + len(line) > BUDGET_CHARS:
            break
        used += len(line)
        lines.append(line)
    return "\n".join(lines)


def retrieve(root: Path, query: str, mode: str) -> str:
    when = now()
    facts = [f for f in load_facts(root) if not f.get("superseded_by")]
    if mode == "embeddings":
        vectors = json.loads((root / "embeddings.json").read_text(encoding="utf-8"))
        if len(vectors) >= 50:
            q = embed(query)
            scored = [(cosine(q, vectors[f["id"]]) * effective_score(f, when), f) for f in facts if f["id"] in vectors]
            scored.sort(key=lambda pair: pair[0], reverse=True)
            return render([f for _, f in scored[:TOP]])
    terms = set(WORD.findall(query.lower())) - STOP
    scored = []
    for fact in facts:
        words = set(WORD.findall(fact["content"].lower())) | {t.lower() for t in fact.get("tags") or []}
        scored.append(((len(terms & words) + 0.01) * effective_score(fact, when), fact))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return render([f for _, f in scored[:TOP]])


def hook(root: Path) -> str:
    payload = json.loads(sys.stdin.read() or "{}")
    event = payload.get("hook_event_name", "SessionStart")
    query = payload.get("prompt") or Path(payload.get("cwd") or ".").resolve().name
    text = retrieve(root, query, "embeddings")
    return json.dumps({"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}})


def embed_all(root: Path) -> str:
    facts = [f for f in load_facts(root) if not f.get("superseded_by")]
    vectors = {f["id"]: [round(v, 6) for v in embed(f["content"] + " " + " ".join(f.get("tags") or []))] for f in facts}
    (root / "embeddings.json").write_text(json.dumps(vectors), encoding="utf-8")
    return f"embedded {len(vectors)}"


def manage(root: Path) -> str:
    when = now()
    by_file: dict[Path, list[dict]] = {}
    for path in sorted(root.glob("facts-*-Q*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            by_file[path] = [json.loads(line) for line in fh if line.strip()]
    purged: set[str] = set()
    gone: set[str] = set()
    promoted = []
    log = []
    for path, facts in by_file.items():
        kept = []
        for fact in facts:
            if fact.get("superseded_by"):
                gone.add(fact["id"])
            if fact.get("tier") == "standard":
                weeks = int((when - parse_time(fact.get("last_referenced") or fact["created"])).days // 7)
                fact["importance"] = round(fact["importance"] * 0.95**weeks, 4)
            if fact.get("tier") != "permanent" and effective_score(fact, when) < 0.1:
                purged.add(fact["id"])
                log.append({"action": "purge", "id": fact["id"], "at": when.isoformat()})
                continue
            if fact["importance"] > 0.8 and fact.get("reference_count", 0) >= 3 and not fact.get("promoted"):
                fact["promoted"] = True
                promoted.append(fact["content"])
                log.append({"action": "promote", "id": fact["id"], "at": when.isoformat()})
            kept.append(fact)
        tmp = path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(f) + "\n" for f in kept), encoding="utf-8")
        tmp.replace(path)
    emb_path = root / "embeddings.json"
    if emb_path.exists():
        vectors = json.loads(emb_path.read_text(encoding="utf-8"))
        for fact_id in purged | gone:
            vectors.pop(fact_id, None)
        emb_path.write_text(json.dumps(vectors), encoding="utf-8")
    with (root / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.writelines(f"- {c}\n" for c in promoted)
    with (root / "memory-log.jsonl").open("a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in log)
    return f"purged {len(purged)}, promoted {len(promoted)}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="phase3")
    parser.add_argument("dir", type=Path)
    parser.add_argument("command", choices=["embed", "retrieve", "hook", "manage"])
    parser.add_argument("--query", default="")
    parser.add_argument("--mode", choices=["keyword", "embeddings"], default="embeddings")
    args = parser.parse_args(argv)
    if args.command == "embed":
        print(embed_all(args.dir))
    elif args.command == "retrieve":
        print(retrieve(args.dir, args.query, args.mode))
    elif args.command == "hook":
        print(hook(args.dir))
    else:
        print(manage(args.dir))


if __name__ == "__main__":
    main()
