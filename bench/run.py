"""``make bench``: whole-process speed of Ratchet's entry points at 1k, 10k and 100k facts, side by side with two
baselines built from the seeds' own designs (``bench/baselines/``), written to ``bench/RESULTS.md``.

Every operation runs the installed entry point (``.venv/bin/memory-*``) as a child process, with
``RATCHET_MEMORY_DIR`` set, no config file, a fresh HOME and a temporary working directory; the wall time is
from spawn to exit and the peak RSS is that child's own (``wait4``). One warm-up run, then the median of
``--runs`` (slow operations get fewer runs, see ``--op-budget``). Stores are generated once into ``bench/out/``
(``bench.synth``; reused while the generator is unchanged); operations that change the store run on a fresh copy
each time, copied outside the timed region.

Usage: ``python -m bench.run [--scales 1k,10k,100k] [--runs 5] [--only OPS] [--results bench/RESULTS.md]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench import report
from bench.measure import RunError, Stat, machine, measure
from bench.report import TRANSFORMERS
from ratchet.models import registry

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
NOW = "2026-11-20T12:00:00Z"
# memory-manage is a weekly job: its second run (manage_week) is a week after the first.
WEEK_LATER = "2026-11-27T12:00:00Z"
SEED = 0
QUERIES = [
    "postgres deploy failed on the payments API",
    "when do the Tacoma brakes need replacing",
    "what did we decide about kafka for the next release",
    "code review rules before merging",
    "why is the nightly backup slow",
]
PROMPTS = [
    "The payments API is down again after the postgres deploy, what happened last time?",
    "Can you check when the furnace filter was last replaced and what it needs?",
    "Let's set up the release process; what do we require before merging to main?",
    "Why does the nightly backup job keep failing with wal archiving errors?",
    "I want to migrate the ingest worker from celery to dagster, anything I should know?",
]
SYSTEMS = ("ratchet", "phase3", "fts5")


@dataclass
class Op:
    """One measured operation: a command per system (None: the system has no such operation)."""

    key: str
    label: str
    commands: dict[str, Callable[[], dict[str, object]] | None]


def parse_scale(text: str) -> int:
    text = text.strip().lower()
    factor = 1000 if text.endswith("k") else 1
    return int(float(text.rstrip("k")) * factor)


def label_of(n: int) -> str:
    return f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


class Bench:
    """Data preparation and the operations of one ``make bench`` run."""

    def __init__(self, out: Path, runs: int, warmup: int, budget: float, transcript_kb: int) -> None:
        self.out = out
        self.runs = runs
        self.warmup = warmup
        self.budget = budget
        self.bin = Path(sys.executable).parent
        # Fetched models live outside the bench's temporary HOME: where this user's `ratchet model fetch` put them.
        self.models = str(registry.models_dir())
        out.mkdir(parents=True, exist_ok=True)
        self.model_configs = {tag: out / f"{tag}.config.json" for tag in TRANSFORMERS}
        for tag, (name, _) in TRANSFORMERS.items():
            self.model_configs[tag].write_text(json.dumps({"embeddings": {"backend": "local", "local_model": name}}))
        self.scratch = out / "run"
        shutil.rmtree(self.scratch, ignore_errors=True)
        self.scratch.mkdir(parents=True)
        self.home = self.scratch / "home"
        self.home.mkdir()
        self.cwd = self.scratch / "cwd"
        self.repo = self.cwd / "api"
        self._make_repo()
        self.transcript = out / f"transcript-{transcript_kb}k.jsonl"
        if not self.transcript.exists():
            from bench.transcript import write

            write(self.transcript, transcript_kb * 1000, SEED)
        self.small_transcript = REPO / "samples" / "sample-transcript.jsonl"

    # ----- environment ---------------------------------------------------------------------------
    def env(self, memdir: Path | None = None, config: Path | None = None, now: str = NOW) -> dict[str, str]:
        env = {
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "RATCHET_NOW": now,
            "RATCHET_MODELS": self.models,
        }
        if memdir is not None:
            env["RATCHET_MEMORY_DIR"] = str(memdir)
        if config is not None:
            env["RATCHET_CONFIG"] = str(config)
        return env

    def installed(self, tag: str) -> bool:
        return registry.installed(TRANSFORMERS[tag][0]) is not None

    def _make_repo(self) -> None:
        """The session's working directory: a git repository with an origin and a few commits."""
        self.repo.mkdir(parents=True)
        git = ["git", "-C", str(self.repo), "-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
        quiet = {"check": True, "capture_output": True, "env": {**self.env(), "GIT_CONFIG_NOSYSTEM": "1"}}
        subprocess.run([*git, "init", "-q", "-b", "main"], **quiet)  # type: ignore[call-overload]
        subprocess.run([*git, "remote", "add", "origin", "git@github.com:acme/api.git"], **quiet)  # type: ignore[call-overload]
        for subject in ("Fix postgres pool exhaustion in payments", "Add kafka consumer lag alert", "Bump ruff"):
            subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", subject], **quiet)  # type: ignore[call-overload]

    # ----- data ----------------------------------------------------------------------------------
    def prepare(self, n: int) -> dict[str, object]:
        """The pristine store of ``n`` facts (with vectors and retrieval cache) and the baselines' copies of it."""
        from bench import synth

        data = self.out / f"data-{label_of(n)}"
        pristine = data / "ratchet"
        marker = data / "marker.json"
        key = {
            "n": n,
            "seed": SEED,
            "now": NOW,
            "synth": hashlib.sha256(Path(synth.__file__).read_bytes()).hexdigest()[:16],
            "baselines": hashlib.sha256(
                b"".join((ROOT / "baselines" / f).read_bytes() for f in ("phase3.py", "fts5.py"))
            ).hexdigest()[:16],
        }
        info: dict[str, object] = {}
        if marker.exists():
            info = json.loads(marker.read_text())
        if info.get("key") != key:
            shutil.rmtree(data, ignore_errors=True)
            data.mkdir(parents=True)
            print(f"[bench] generating {n} facts into {pristine}", file=sys.stderr)
            start = time.perf_counter()
            # In a child process: this one must stay small, see bench.measure.run_once.
            code = (
                "import sys; from datetime import datetime; from bench.synth import generate; "
                "generate(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), now=datetime.fromisoformat(sys.argv[4]))"
            )
            now = NOW.replace("Z", "+00:00")
            self._call([sys.executable, "-c", code, str(pristine), str(n), str(SEED), now], None)
            info = {"key": key, "generate_s": round(time.perf_counter() - start, 2)}
        # Always sync: a no-op unless the embedding code changed since the store was generated.
        start = time.perf_counter()
        self._call([str(self.bin / "memory-embed"), "-q"], pristine)
        info.setdefault("first_embed_s", round(time.perf_counter() - start, 2))
        phase3 = data / "phase3"
        if not (phase3 / "embeddings.json").exists():
            phase3.mkdir(exist_ok=True)
            for path in pristine.glob("facts-*.jsonl"):
                shutil.copy2(path, phase3 / path.name)
            self._call([sys.executable, "-m", "bench.baselines.phase3", str(phase3), "embed"], None)
        fts = data / "fts5.db"
        if not fts.exists():
            self._call([sys.executable, "-m", "bench.baselines.fts5", "index", str(pristine), str(fts)], None)
        for tag, (_, largest) in TRANSFORMERS.items():
            copy = data / f"ratchet-{tag}"
            if n <= largest and self.installed(tag):
                if not copy.exists():
                    shutil.copytree(pristine, copy, ignore=shutil.ignore_patterns("embeddings*", "retrieval.npz"))
                start = time.perf_counter()
                self._call([str(self.bin / "memory-embed"), "-q"], copy, self.model_configs[tag])
                info.setdefault(f"{tag}_embed_s", round(time.perf_counter() - start, 2))
        if "active" not in info:
            active = total = 0
            for path in pristine.glob("facts-*.jsonl"):
                with path.open(encoding="utf-8") as fh:
                    for line in fh:
                        if line.strip():
                            total += 1
                            active += json.loads(line).get("superseded_by") is None
            info.update(
                facts=total,
                active=active,
                quarters=len(list(pristine.glob("facts-*.jsonl"))),
                store_mb=round(sum(p.stat().st_size for p in pristine.glob("facts-*.jsonl")) / 2**20, 1),
            )
        marker.write_text(json.dumps(info, indent=1))
        return {**info, "dir": data}

    def _call(self, argv: list[str], memdir: Path | None, config: Path | None = None, *, quiet: bool = False) -> None:
        cwd = REPO if memdir is None else self.repo
        out = subprocess.DEVNULL if quiet else None
        subprocess.run(argv, check=True, env=self.env(memdir, config), cwd=cwd, stdout=out)

    def _fresh(self, src: Path, dst: Path) -> Callable[[int], None]:
        def prepare(_i: int) -> None:
            if dst.is_dir():
                shutil.rmtree(dst)
            elif dst.exists():
                dst.unlink()
            if src.is_dir():
                shutil.copytree(src, dst)
            else:
                shutil.copy2(src, dst)

        return prepare

    # ----- operations ----------------------------------------------------------------------------
    def ops(self, n: int, info: dict[str, object]) -> list[Op]:
        data = Path(str(info["dir"]))
        label = label_of(n)
        work = self.scratch / f"ratchet-{label}"
        self._fresh(data / "ratchet", work)(0)
        p3 = self.scratch / f"phase3-{label}"
        self._fresh(data / "phase3", p3)(0)
        fts = data / "fts5.db"
        py = sys.executable
        bin_ = self.bin
        active = int(str(info["active"]))

        def kw(**kwargs: object) -> dict[str, object]:
            return kwargs

        def start_json(i: int) -> bytes:
            payload = {"hook_event_name": "SessionStart", "session_id": f"start-{i}", "cwd": str(self.repo)}
            return json.dumps({**payload, "source": "startup"}).encode()

        def prompt_json(i: int) -> bytes:
            payload = {"hook_event_name": "UserPromptSubmit", "session_id": f"prompt-{label}-{i}"}
            return json.dumps({**payload, "cwd": str(self.repo), "prompt": PROMPTS[i % len(PROMPTS)]}).encode()

        def retrieve(mode: str) -> Callable[[], dict[str, object]]:
            return lambda: kw(argv=[str(bin_ / "memory-retrieve"), "--mode", mode], memdir=work, query_arg=True)

        def hook(key: str, label: str, stdin: Callable[[int], bytes]) -> Op:
            """A hook event fed to each system's hook command on stdin."""
            return Op(
                key,
                label,
                {
                    "ratchet": lambda: kw(argv=[str(bin_ / "memory-retrieve"), "--hook"], memdir=work, stdin=stdin),
                    "phase3": lambda: kw(argv=[py, "-m", "bench.baselines.phase3", str(p3), "hook"], stdin=stdin),
                    "fts5": lambda: kw(argv=[py, "-m", "bench.baselines.fts5", "hook", str(fts)], stdin=stdin),
                },
            )

        fresh_store = self.scratch / f"fresh-{label}"
        model_ops = [
            op for tag in TRANSFORMERS for op in self._model_ops(tag, data, label, active, start_json, prompt_json)
        ]
        fresh_p3 = self.scratch / f"fresh-phase3-{label}"
        fresh_fts = self.scratch / f"fresh-{label}.db"
        return [
            Op(
                "retrieve_keyword",
                "memory-retrieve --mode keyword",
                {
                    "ratchet": retrieve("keyword"),
                    "phase3": lambda: kw(
                        argv=[py, "-m", "bench.baselines.phase3", str(p3), "retrieve", "--mode", "keyword"],
                        query_arg=True,
                    ),
                    "fts5": lambda: kw(argv=[py, "-m", "bench.baselines.fts5", "retrieve", str(fts)], query_arg=True),
                },
            ),
            Op(
                "retrieve_hybrid",
                "memory-retrieve --mode embeddings (hybrid)",
                {
                    "ratchet": retrieve("embeddings"),
                    "phase3": lambda: kw(
                        argv=[py, "-m", "bench.baselines.phase3", str(p3), "retrieve", "--mode", "embeddings"],
                        query_arg=True,
                    ),
                    "fts5": None,
                },
            ),
            hook("hook_start", "memory-retrieve --hook (SessionStart)", start_json),
            Op(
                "hook_start_cold",
                "memory-retrieve --hook (SessionStart, its answer not kept yet)",
                {
                    "ratchet": lambda: kw(
                        argv=[str(bin_ / "memory-retrieve"), "--hook"],
                        memdir=work,
                        stdin=start_json,
                        prepare=lambda _i: (work / "state" / "session-start.json").unlink(missing_ok=True),
                    ),
                    "phase3": None,
                    "fts5": lambda: kw(argv=[py, "-m", "bench.baselines.fts5", "hook", str(fts)], stdin=start_json),
                },
            ),
            hook("hook_prompt", "memory-retrieve --hook (UserPromptSubmit)", prompt_json),
            Op(
                "extract_offline",
                f"memory-extract --offline ({self.transcript.stat().st_size / 1e6:.1f} MB transcript)",
                {
                    "ratchet": lambda: kw(
                        argv=[str(bin_ / "memory-extract"), "--offline", str(self.transcript)],
                        memdir=fresh_store,
                        prepare=self._fresh(data / "ratchet", fresh_store),
                    ),
                    "phase3": None,
                    "fts5": lambda: kw(
                        argv=[py, "-m", "bench.baselines.fts5", "extract", str(fresh_fts), str(self.transcript)],
                        prepare=self._fresh(fts, fresh_fts),
                    ),
                },
            ),
            Op(
                "embed",
                "memory-embed --all (local model)",
                {
                    "ratchet": lambda: kw(argv=[str(bin_ / "memory-embed"), "--all", "-q"], memdir=work, items=active),
                    "phase3": lambda: kw(argv=[py, "-m", "bench.baselines.phase3", str(p3), "embed"], items=active),
                    "fts5": lambda: kw(
                        argv=[py, "-m", "bench.baselines.fts5", "index", str(data / "ratchet"), str(fresh_fts)],
                        items=active,
                    ),
                },
            ),
            Op(
                "manage",
                "memory-manage --no-llm",
                {
                    "ratchet": lambda: kw(
                        argv=[str(bin_ / "memory-manage"), "--no-llm"],
                        memdir=fresh_store,
                        prepare=self._fresh(data / "ratchet", fresh_store),
                    ),
                    "phase3": lambda: kw(
                        argv=[py, "-m", "bench.baselines.phase3", str(fresh_p3), "manage"],
                        prepare=self._fresh(data / "phase3", fresh_p3),
                    ),
                    "fts5": lambda: kw(
                        argv=[py, "-m", "bench.baselines.fts5", "manage", str(fresh_fts)],
                        prepare=self._fresh(fts, fresh_fts),
                    ),
                },
            ),
            self._manage_week(data, label),
            *model_ops,
        ]

    def _manage_week(self, data: Path, label: str) -> Op:
        """``memory-manage`` as the weekly job runs it: on a store it managed a week earlier (each system's own, managed
        once, when the operation is first run, with the first run's clock), with the clock a week later."""
        py = sys.executable
        managed = self.scratch / f"managed-{label}"
        ours, p3, fts = managed / "ratchet", managed / "phase3", managed / "fts5.db"
        week = self.scratch / f"week-{label}"

        def ready() -> None:
            if managed.exists():
                return
            managed.mkdir()
            self._fresh(data / "ratchet", ours)(0)
            self._fresh(data / "phase3", p3)(0)
            self._fresh(data / "fts5.db", fts)(0)
            self._call([str(self.bin / "memory-manage"), "--no-llm"], ours, quiet=True)
            self._call([py, "-m", "bench.baselines.phase3", str(p3), "manage"], None, quiet=True)
            self._call([py, "-m", "bench.baselines.fts5", "manage", str(fts)], None, quiet=True)
            week.mkdir()

        def spec(argv: list[str], src: Path, dst: Path, memdir: Path | None = None) -> dict[str, object]:
            ready()
            return {"argv": argv, "memdir": memdir, "prepare": self._fresh(src, dst), "now": WEEK_LATER}

        return Op(
            "manage_week",
            "memory-manage --no-llm, the next week",
            {
                "ratchet": lambda: spec(
                    [str(self.bin / "memory-manage"), "--no-llm"], ours, week / "ratchet", week / "ratchet"
                ),
                "phase3": lambda: spec(
                    [py, "-m", "bench.baselines.phase3", str(week / "phase3"), "manage"], p3, week / "phase3"
                ),
                "fts5": lambda: spec(
                    [py, "-m", "bench.baselines.fts5", "manage", str(week / "fts5.db")], fts, week / "fts5.db"
                ),
            },
        )

    def _model_ops(
        self,
        tag: str,
        data: Path,
        label: str,
        active: int,
        start_json: Callable[[int], bytes],
        prompt_json: Callable[[int], bytes],
    ) -> list[Op]:
        """Ratchet with a fetched transformer (``ratchet model fetch``) on the same store, when installed and the
        store is small enough for it (no baselines)."""
        if not (data / f"ratchet-{tag}").exists():
            return []
        name = TRANSFORMERS[tag][0]
        work = self.scratch / f"ratchet-{tag}-{label}"
        self._fresh(data / f"ratchet-{tag}", work)(0)
        bin_, config = self.bin, self.model_configs[tag]

        def run(argv: list[str], **kwargs: object) -> Callable[[], dict[str, object]]:
            return lambda: {"argv": argv, "memdir": work, "config": config, **kwargs}

        retrieve = [str(bin_ / "memory-retrieve"), "--mode", "embeddings"]
        hook = [str(bin_ / "memory-retrieve"), "--hook"]
        embed = [str(bin_ / "memory-embed"), "--all", "-q"]
        return [
            Op(
                f"retrieve_{tag}",
                f"memory-retrieve --mode embeddings ({name})",
                {"ratchet": run(retrieve, query_arg=True)},
            ),
            Op(
                f"hook_start_{tag}",
                f"memory-retrieve --hook (SessionStart, {name})",
                {"ratchet": run(hook, stdin=start_json)},
            ),
            Op(
                f"hook_prompt_{tag}",
                f"memory-retrieve --hook (UserPromptSubmit, {name})",
                {"ratchet": run(hook, stdin=prompt_json)},
            ),
            Op(f"embed_{tag}", f"memory-embed --all ({name})", {"ratchet": run(embed, items=active)}),
        ]

    def run_op(self, spec: dict[str, object]) -> Stat:
        argv = [str(a) for a in spec["argv"]]  # type: ignore[attr-defined]
        stdin = spec.get("stdin")
        if spec.get("query_arg"):
            # Each run asks another question; the baselines get it on the command line like Ratchet.
            queries = iter(QUERIES * 100)
            base = list(argv)

            def prepare(_i: int) -> None:
                argv[:] = [*base, "--query", next(queries)]

            prepare(0)
            user_prepare = prepare
        else:
            user_prepare = spec.get("prepare")  # type: ignore[assignment]
        memdir = spec.get("memdir")
        config = spec.get("config")
        now = str(spec.get("now") or NOW)
        stat = measure(
            argv,
            env=self.env(Path(str(memdir)) if memdir else None, Path(str(config)) if config else None, now),
            cwd=self.repo if memdir else REPO,
            runs=self.runs,
            warmup=self.warmup,
            budget=self.budget,
            stdin=stdin,  # type: ignore[arg-type]
            prepare=user_prepare,
            expect_output=bool(spec.get("query_arg")),
        )
        stat.items = spec.get("items")  # type: ignore[assignment]
        return stat

    def extract_hook(self) -> Stat:
        """``memory-extract --hook`` return time: it must start a detached worker and exit at once. The worker is
        awaited (its line in ratchet.log) before the next run, so it never competes with the measurement."""
        memdir = self.scratch / "hook-store"
        memdir.mkdir()
        log = memdir / "ratchet.log"

        def lines() -> int:
            return log.read_text(encoding="utf-8").count("memory-extract") if log.exists() else 0

        seen = {"n": 0}

        def payload(i: int) -> bytes:
            seen["n"] = lines()
            return json.dumps(
                {"transcript_path": str(self.small_transcript), "session_id": f"hook-{i}", "cwd": str(self.repo)}
            ).encode()

        def wait(_i: int) -> None:
            deadline = time.monotonic() + 120
            while lines() <= seen["n"] and time.monotonic() < deadline:
                time.sleep(0.05)

        return measure(
            [str(self.bin / "memory-extract"), "--hook"],
            env=self.env(memdir),
            cwd=self.repo,
            runs=max(self.runs, 5),
            warmup=self.warmup,
            budget=self.budget,
            stdin=payload,
            after=wait,
        )

    def model_speed(self, count: int = 20000, model: str | None = None, runtime: str = "auto") -> tuple[float, float]:
        """A local embedding model alone (default: the bundled one; a transformer's layers run by ``runtime``), in
        process (no store, no process start): facts per second over ``count`` synthetic facts, and the median ms to
        embed one query (the bench's five questions in turn, 30 times, after one of each)."""
        section = {"local_model": model, "runtime": runtime}
        config = f"config_from_dict({{'embeddings': {section!r}}})" if model else "Config()"
        code = (
            "import time, random, statistics\n"
            "from bench.synth import _content, SUBJECTS\n"
            "from ratchet.config import Config, config_from_dict\n"
            "from ratchet.models.embedders import embed_texts\n"
            "rng = random.Random(0)\n"
            f"texts = [_content(rng, rng.choice(list(SUBJECTS)))[0] for _ in range({count})]\n"
            f"queries = {QUERIES!r}\n"
            f"config = {config}\n"
            "embed_texts(config, texts[:10], backend='local')\n"
            "t = time.perf_counter(); embed_texts(config, texts, backend='local')\n"
            "rate = len(texts) / (time.perf_counter() - t)\n"
            "times = []\n"
            "for i in range(35):\n"
            "    t = time.perf_counter(); embed_texts(config, [queries[i % len(queries)]], backend='local')\n"
            "    times.append(time.perf_counter() - t)\n"
            "print(rate, statistics.median(times[len(queries):]) * 1000)\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=self.env(), cwd=REPO
        )
        rate, query_ms = out.stdout.split()
        return float(rate), float(query_ms)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", default="1k,10k,100k", help="Comma-separated store sizes (default 1k,10k,100k).")
    parser.add_argument("--runs", type=int, default=5, help="Measured runs per operation after warm-up (median).")
    parser.add_argument("--warmup", type=int, default=1, help="Warm-up runs per operation (not measured).")
    parser.add_argument(
        "--op-budget", type=float, default=45.0, help="Seconds one operation may take in all; slow ones get fewer runs."
    )
    parser.add_argument(
        "--only",
        help="Comma-separated operations (default all): retrieve_keyword, retrieve_hybrid, hook_start, "
        "hook_start_cold, hook_prompt, extract_offline, embed, manage, manage_week, extract_hook; with "
        "all-MiniLM-L6-v2 / all-mpnet-base-v2 installed also "
        "retrieve_TAG, hook_start_TAG, hook_prompt_TAG, embed_TAG for TAG minilm / mpnet.",
    )
    parser.add_argument(
        "--model-texts",
        type=int,
        default=2000,
        help="Facts each optional transformer embeds for its speed (all-mpnet-base-v2: 15%% of it; default 2000).",
    )
    parser.add_argument("--no-baselines", action="store_true", help="Measure Ratchet only.")
    parser.add_argument("--transcript-kb", type=int, default=1000, help="Size of the extraction transcript (KB).")
    parser.add_argument("--out", type=Path, default=ROOT / "out", help="Generated stores and scratch (gitignored).")
    parser.add_argument("--results", type=Path, default=ROOT / "RESULTS.md", help="Markdown file to write.")
    parser.add_argument("--json", type=Path, help="Also write the raw numbers as JSON here.")
    args = parser.parse_args(argv)
    scales = [parse_scale(s) for s in args.scales.split(",") if s.strip()]
    only = set(args.only.split(",")) if args.only else None
    began = time.perf_counter()
    load_before = os.getloadavg()[0]
    bench = Bench(args.out, args.runs, args.warmup, args.op_budget, args.transcript_kb)
    results: dict[str, object] = {"machine": machine(), "scales": {}, "started": datetime.now(UTC).isoformat()}
    scale_results: dict[str, dict[str, object]] = {}
    failures: list[str] = []
    for n in scales:
        info = bench.prepare(n)
        label = label_of(n)
        rows: dict[str, dict[str, Stat | None]] = {}
        labels: dict[str, str] = {}
        for op in bench.ops(n, info):
            if only and op.key not in only:
                continue
            labels[op.key] = op.label
            rows[op.key] = {}
            for system in SYSTEMS:
                make = op.commands.get(system)
                if make is None or (args.no_baselines and system != "ratchet"):
                    rows[op.key][system] = None
                    continue
                try:
                    stat = bench.run_op(make())
                except RunError as exc:  # one broken command must not lose the other numbers
                    rows[op.key][system] = None
                    failures.append(f"{label} {op.key} {system}: {exc}")
                    print(f"[bench] FAILED {failures[-1]}", file=sys.stderr)
                    continue
                rows[op.key][system] = stat
                print(
                    f"[bench] {label:>5} {op.key:<17} {system:<8} {stat.median * 1000:9.1f} ms "
                    f"{stat.rss_mb:7.1f} MB  ({stat.runs} runs)",
                    file=sys.stderr,
                )
        scale_results[label] = {"n": n, "info": {k: v for k, v in info.items() if k != "dir"}, "rows": rows}
        scale_results[label]["labels"] = labels
    extra: dict[str, object] = {}
    if not only or "extract_hook" in only:
        try:
            stat = bench.extract_hook()
        except RunError as exc:
            failures.append(f"extract_hook: {exc}")
        else:
            extra["extract_hook"] = stat
            print(f"[bench] memory-extract --hook {stat.median * 1000:.1f} ms {stat.rss_mb:.1f} MB", file=sys.stderr)
    if not only or "embed" in only:
        try:
            extra["embed_model_rate"], extra["embed_query_ms"] = bench.model_speed()
        except subprocess.CalledProcessError as exc:
            failures.append(f"embedding model rate: {exc}")
    for tag, (name, _) in TRANSFORMERS.items():
        if (not only or f"embed_{tag}" in only) and bench.installed(tag):
            count = args.model_texts if tag == "minilm" else max(1, args.model_texts * 15 // 100)
            for runtime, kind in (("onnxruntime", ""), ("numpy", "_numpy")):
                try:
                    speed = bench.model_speed(count, name, runtime)
                except subprocess.CalledProcessError as exc:
                    failures.append(f"{name} model speed ({runtime}): {exc}")
                else:
                    extra[f"{tag}_model_rate{kind}"], extra[f"{tag}_query_ms{kind}"] = speed
    extra["failures"] = failures
    elapsed = time.perf_counter() - began
    results["machine"]["load"] = f"{load_before:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"  # type: ignore[index]
    command = "python -m bench.run " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report.render(command.strip(), results["machine"], scale_results, extra, elapsed)  # type: ignore[arg-type]
    report.write(args.results, text)
    if args.json:
        args.json.write_text(json.dumps(report.as_json(scale_results, extra, elapsed), indent=1))
    shutil.rmtree(bench.scratch, ignore_errors=True)  # working copies; the generated stores stay for next time
    print(f"[bench] wrote {args.results} in {elapsed / 60:.1f} min", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
