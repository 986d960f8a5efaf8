"""A synthetic but realistic store for benchmarks: ``generate(memdir, n, seed)``.

Facts spread over several quarters, every default category, all tiers, global and per-repository scopes, tags,
untrusted facts and chains of superseded facts (about 8% superseded). Written straight to the quarter files (one
append per file), then the index is rebuilt, exactly as if the store had grown over time.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Fact, new_fact
from ratchet.core.scoring import base_importance
from ratchet.store.files import append_lines, dumps_line
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

SUBJECTS = {
    "incident": ["the payments API", "the nightly backup", "staging", "the login service", "the search cluster"],
    "decision": ["the team", "we", "the platform group", "Aaron", "the architecture review"],
    "vehicle": ["the 2020 Tacoma", "the WRX", "the e-bike", "the Tacoma", "the camper van"],
    "maintenance": ["the furnace", "the water heater", "the roof", "the HVAC filter", "the garage door"],
    "preference": ["Aaron", "the user", "Aaron", "the user", "Aaron"],
    "process": ["releases", "code review", "on-call handover", "database migrations", "hotfixes"],
    "personal": ["Aaron's daughter", "Aaron", "Aaron's partner", "the dog", "Aaron's mother"],
    "project": ["the ingest worker", "the CLI", "the web dashboard", "the billing module", "the mobile app"],
    "casual": ["lunch", "the office", "the weather", "the coffee machine", "the team offsite"],
    "operational": ["the build", "the test suite", "the deploy script", "the cron job", "the cache"],
}
PREDICATES = {
    "incident": ["went down for {n} minutes after a bad {thing} deploy", "lost {n} rows when {thing} failed"],
    "decision": ["chose {thing} over {other} for the next release", "decided to drop {other} in favour of {thing}"],
    "vehicle": ["needs new {thing} at {n} miles", "had its {thing} serviced in {month}"],
    "maintenance": ["needs its {thing} replaced every {n} months", "was inspected in {month}; {thing} is worn"],
    "preference": ["prefers {thing} over {other}", "dislikes {other} and always uses {thing}"],
    "process": ["must use {thing} before merging", "require a {thing} sign-off and a {other} check"],
    "personal": ["is allergic to {thing}", "has a birthday in {month} and loves {thing}"],
    "project": ["stores its state in {thing}", "uses {thing} with {other} for the {n} nightly jobs"],
    "casual": ["was mostly about {thing} today", "ran out of {thing} again"],
    "operational": ["takes {n} minutes because of {thing}", "fails when {thing} is older than {other}"],
}
THINGS = (  # noqa: SIM905
    "postgres redis kafka terraform docker kubernetes pytest ruff mypy brakes tires oil-filter spark-plugs "
    "dark-mode vim emacs tabs spaces peanuts penicillin shellfish grafana sentry nginx celery rabbitmq sqlite "
    "s3 gcs bigquery snowflake airflow dagster poetry uv pip-tools github-actions circleci jenkins feature-flags "
    "blue-green-deploys canaries backups snapshots wal-archiving vacuum indexes partitions webhooks graphql grpc"
).split()  # noqa: SIM905
MONTHS = "January February March April May June July August September October November December".split()  # noqa: SIM905
REPOS = ["github.com/acme/api", "github.com/acme/web", "github.com/aaron/dotfiles", "github.com/acme/infra"]


def _content(rng: random.Random, category: str) -> tuple[str, list[str]]:
    subject = rng.choice(SUBJECTS[category])
    thing, other = rng.sample(THINGS, 2)
    text = rng.choice(PREDICATES[category]).format(
        thing=thing.replace("-", " "), other=other.replace("-", " "), n=rng.randint(2, 900), month=rng.choice(MONTHS)
    )
    extra = rng.random() < 0.3
    tail = f" (noted while working on {rng.choice(THINGS).replace('-', ' ')})" if extra else ""
    return f"{subject[0].upper()}{subject[1:]} {text}{tail}.", [thing, category, *rng.sample(THINGS, rng.randint(0, 2))]


def generate(memdir: Path | MemoryDir, n: int, seed: int = 0, *, now: datetime | None = None) -> Store:
    """Write ``n`` facts (about 8% superseded) spread over the two years before ``now`` into ``memdir``."""
    rng = random.Random(seed)
    config = Config()
    store = Store(memdir if isinstance(memdir, MemoryDir) else MemoryDir(Path(memdir)))
    end = now or clock.now()
    categories = list(SUBJECTS)
    by_file: dict[Path, list[str]] = {}
    recent: list[Fact] = []
    for i in range(n):
        category = rng.choice(categories)
        content, tags = _content(rng, category)
        created = end - timedelta(days=rng.random() ** 1.5 * 730, seconds=rng.randint(0, 86399))
        untrusted = rng.random() < 0.05
        tier = "permanent" if rng.random() < 0.05 else ("transient" if rng.random() < 0.1 else "standard")
        scope = "global" if rng.random() < 0.5 else f"repo:{rng.choice(REPOS)}"
        importance = base_importance(
            config,
            category,
            explicit_remember=rng.random() < 0.05,
            action_required=rng.random() < 0.1,
            untrusted=untrusted,
        )
        fact = new_fact(
            content,
            category=category,
            importance=importance,
            tier=tier,
            tags=tags,
            scope=scope,
            source_session=f"synthetic-{i // 20}",
            source_trust="untrusted" if untrusted else "trusted",
            created=clock.iso(created.astimezone(UTC)),
            fact_id=f"{rng.getrandbits(128):032x}",
            provenance="synthetic",
        )
        fact.last_referenced = clock.iso(created + timedelta(days=rng.random() * (end - created).days))
        fact.reference_count = rng.randint(0, 5)
        if recent and rng.random() < 0.08:  # a correction of an earlier fact of the same category
            old = rng.choice(recent)
            if old.active and old.category == category and old.created < fact.created:
                old.superseded_by = fact.id
                fact.supersedes = [old.id]
        recent.append(fact)
        if len(recent) > 200:
            recent.pop(0)
        fact_file = store.memdir.facts_file(fact.quarter)
        by_file.setdefault(fact_file, []).append(fact.id)
        _FACTS[fact.id] = fact
    for path, ids in by_file.items():
        append_lines(path, (dumps_line(_FACTS[i].to_dict()) for i in ids))
    _FACTS.clear()
    store.reindex()
    return store


_FACTS: dict[str, Fact] = {}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    generate(target, count, int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    print(f"wrote {count} facts to {target}")
