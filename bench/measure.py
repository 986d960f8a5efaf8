"""Whole-process measurements: wall time and peak RSS of one child process, medians over runs, the machine."""

from __future__ import annotations

import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Sample:
    seconds: float
    rss_kb: int
    cpu: float = 0.0  # user + system seconds of the child: less sensitive than wall time to a busy machine


@dataclass
class Stat:
    """The runs of one operation on one system: median wall time, peak RSS over the runs, how many runs."""

    samples: list[Sample] = field(default_factory=list)
    warmup: float | None = None
    items: int | None = None  # facts embedded, for throughput
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(s.seconds for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def rss_mb(self) -> float:
        return max(s.rss_kb for s in self.samples) / 1024

    @property
    def runs(self) -> int:
        return len(self.samples)

    @property
    def rate(self) -> float | None:
        return self.items / self.median if self.items else None

    def to_dict(self) -> dict[str, object]:
        return {
            "median_s": round(self.median, 4),
            "cpu_s": round(self.cpu, 4),
            "rss_mb": round(self.rss_mb, 1),
            "runs": self.runs,
            "rate": round(self.rate, 1) if self.rate else None,
            "all_s": [round(s.seconds, 4) for s in self.samples],
        }


class RunError(RuntimeError):
    """A measured command failed (non-zero exit or missing output)."""


GNU_TIME = "/usr/bin/time"


def run_once(
    argv: Sequence[str],
    *,
    env: dict[str, str],
    cwd: Path,
    stdin: bytes | None = None,
    expect_output: bool = False,
) -> Sample:
    """Run ``argv`` once: wall time from spawn to reap, CPU time, and the peak RSS of that process alone.

    The RSS comes from GNU time's ``%M`` when it is installed: Linux carries a parent's high-water RSS into a
    child across vfork and exec, so ``wait4`` on a child of this (large) process would report at least our own
    peak. GNU time is small and forks the measured command itself.
    """
    use_time = os.access(GNU_TIME, os.X_OK)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile() as rss:
        command = [GNU_TIME, "-f", "%M", "-o", rss.name, *argv] if use_time else list(argv)
        start = time.perf_counter()
        proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            env=env,
            cwd=cwd,
        )
        if stdin is not None and proc.stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        _pid, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            tail = err.read().decode("utf-8", "replace").strip().splitlines()[-3:]
            raise RunError(f"{' '.join(argv)} exited {proc.returncode}: {' | '.join(tail)}")
        if expect_output and out.tell() == 0:
            err.seek(0)
            raise RunError(f"{' '.join(argv)} printed nothing: {err.read().decode('utf-8', 'replace')[-300:]}")
        peak = int(usage.ru_maxrss)
        if use_time:
            lines = Path(rss.name).read_text(encoding="utf-8").split()
            peak = int(lines[-1]) if lines and lines[-1].isdigit() else peak
    # wait4's times include the children the measured process reaped (GNU time's child, git, ...).
    return Sample(seconds, peak, usage.ru_utime + usage.ru_stime)


def measure(
    argv: Sequence[str],
    *,
    env: dict[str, str],
    cwd: Path,
    runs: int,
    warmup: int = 1,
    budget: float = 30.0,
    stdin: Callable[[int], bytes] | None = None,
    prepare: Callable[[int], None] | None = None,
    after: Callable[[int], None] | None = None,
    expect_output: bool = False,
) -> Stat:
    """Median over ``runs`` after ``warmup`` runs; slow operations get fewer runs so one takes about ``budget``
    seconds (at least one measured run). ``prepare``/``after`` run untimed around every run (fresh copies,
    waiting for detached workers); ``stdin`` gives each run its input."""
    stat = Stat()
    i = 0

    def one() -> Sample:
        nonlocal i
        if prepare:
            prepare(i)
        sample = run_once(
            argv, env=env, cwd=cwd, stdin=stdin(i) if stdin else None, expect_output=expect_output and i == 0
        )
        if after:
            after(i)
        i += 1
        return sample

    for _ in range(warmup):
        stat.warmup = one().seconds
    first = one()
    stat.samples.append(first)
    reference = max(first.seconds, stat.warmup or 0.0)
    wanted = max(1, min(runs, int(budget / max(reference, 1e-3))))
    while len(stat.samples) < wanted:
        stat.samples.append(one())
    return stat


def machine() -> dict[str, str]:
    """CPU model, cores, RAM, Python, OS and SQLite versions."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "cpu": model,
        "nproc": str(cores),
        "ram": ram,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "os": f"{platform.system()} {platform.release()}",
        "sqlite": sqlite3.sqlite_version,
        "executable": sys.executable,
    }
