"""``make eval-secrets``: the credential filter measured on corpora, both ways, end to end.

Each corpus is a pair of JSONL files: ``credentials.jsonl`` (``{"text", "secret", "shape"}``: a message as a person
types it, and the exact credential value inside it) and ``ordinary.jsonl`` (``{"text", "shape"}``: facts that must
pass). For every corpus:

- **kept out, add**: credentials ``ratchet add`` refuses (the store's write filter on a manual fact);
- **kept out, extract**: credentials whose value is in no file of the memory directory (facts, audit log, log,
  caches) after the offline extractor read one transcript holding every credential as its own user turn, and in
  nothing a retrieval for that message prints;
- **withheld on output**: credentials planted straight into a quarter file (past every write filter) that a
  retrieval for the message does not print, nor MEMORY.md, nor an export;
- **ordinary refused**: ordinary facts ``ratchet add`` refuses as carrying a credential; **refused, not a fact**:
  those it refuses for another reason (a paste longer than one fact may be), which is no fault of the filter and is
  counted apart; **ordinary withheld**: ordinary facts the output gate (the quick scan hooks, MEMORY.md and exports
  use) would hold back.

The tuning corpus (``bench/corpora/secrets/``) is the one the detectors were tuned on; rounds 2 to 27 were each
written blind by another hand, measured once, then tuned on. A corpus listed as "held out" is not looked at while
tuning (``--show-misses`` never prints its texts), and the filter's learned layer (``make secret-scorer``) learns
from the tuning corpora only; ``tests/fixtures/secrets`` is the older generated corpus (easy shapes).

Usage: ``python -m bench.secrets [--corpus DIR ...] [--results bench/RESULTS.md] [--show-misses]``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import ratchet
from ratchet.config import Config
from ratchet.core import secrets
from ratchet.core.facts import new_fact
from ratchet.errors import RatchetError
from ratchet.extract.manual import add_fact
from ratchet.store.files import dumps_line

ROOT = Path(__file__).resolve().parent
REPO = ROOT.parent
_SECRETS = ROOT / "corpora" / "secrets"
CORPORA = {
    "tuning": (_SECRETS / "credentials.jsonl", _SECRETS / "ordinary.jsonl"),
    # Held out until its one measurement (2026-11-22: add 89.3 %, ordinary refused 6.4 %), then tuned on.
    "tuning, round 2": (_SECRETS / "round-2" / "credentials.jsonl", _SECRETS / "round-2" / "ordinary.jsonl"),
    # Held out until its one measurement (2026-11-22: add 82.5 %, extract 96.6 %, output 82.1 %, ordinary refused
    # 4.9 %, withheld 4.1 %), then tuned on.
    "tuning, round 3": (_SECRETS / "heldout-2" / "credentials.jsonl", _SECRETS / "heldout-2" / "ordinary.jsonl"),
    # Written blind, measured once (2026-11-25: add 93.9 %, extract 99.7 %, output 93.5 %, ordinary refused 1.5 %,
    # withheld 1.5 %), then tuned on.
    "tuning, round 4": (_SECRETS / "heldout-3" / "credentials.jsonl", _SECRETS / "heldout-3" / "ordinary.jsonl"),
    # Written blind (2026-11-25) by a helper who saw neither the code nor the other corpora; measured once after
    # round 4 (add 93.4 %, extract 99.5 %, output 93.2 %, ordinary refused 6.4 %, withheld 6.4 %), then tuned on.
    "tuning, round 5": (_SECRETS / "heldout-4" / "credentials.jsonl", _SECRETS / "heldout-4" / "ordinary.jsonl"),
    # Written blind (2026-11-26) by a helper who saw neither the code nor the other corpora (1,093 credentials, 924
    # ordinary facts, a third of each long pastes); measured once after round 5 (add 92.4 %, extract 98.9 %, output
    # 92.4 %, ordinary refused 4.4 %, withheld 3.0 %), then tuned on.
    "tuning, round 6": (_SECRETS / "heldout-5" / "credentials.jsonl", _SECRETS / "heldout-5" / "ordinary.jsonl"),
    # Written blind (2026-11-26) by another helper who saw neither the code nor the other corpora (969 credentials over
    # about 220 shapes, 963 ordinary facts, a third of each long pastes); measured after round 5 (add 90.4 %, extract
    # 99.4 %, output 90.4 %, ordinary refused 5.2 %) and once after round 6 (add 91.1 %, extract 99.5 %, output
    # 90.9 %, ordinary refused 5.4 %, withheld 5.1 %), then tuned on.
    "tuning, round 7": (_SECRETS / "heldout-6" / "credentials.jsonl", _SECRETS / "heldout-6" / "ordinary.jsonl"),
    # Written blind (2026-11-26, fourth session) by a helper who saw neither the code nor any corpus; measured once
    # after round 7 (add 90.7 %, extract 99.7 %, output 90.1 %, ordinary refused 1.9 %), then tuned on by class in
    # part (round 8: the classes that recur in configs and on command lines, not its one-of-a-kind rows).
    "tuning, round 8": (_SECRETS / "heldout-7" / "credentials.jsonl", _SECRETS / "heldout-7" / "ordinary.jsonl"),
    # Written blind (2026-11-26, fifth session) by a helper who saw neither the code nor any corpus (1,400 credentials
    # over 420 shapes, 1,150 ordinary facts over 132, a third of each long pastes); measured once after round 8 (add
    # 92.8 %, extract 99.9 %, output 93.0 %, ordinary refused 0.8 %, withheld 0.8 %), then tuned on by class (round 9).
    "tuning, round 9": (_SECRETS / "heldout-8" / "credentials.jsonl", _SECRETS / "heldout-8" / "ordinary.jsonl"),
    # Written blind (2026-11-26, sixth session) by a helper who saw neither the code nor any corpus (1,400 credentials
    # over 494 shapes, 1,150 ordinary facts over 179); measured once after round 9 (add 93.4 %, extract 99.6 %, output
    # 93.5 %, ordinary refused 0.8 %, withheld 0.8 %), then tuned on by class (round 10).
    "tuning, round 10": (_SECRETS / "heldout-9" / "credentials.jsonl", _SECRETS / "heldout-9" / "ordinary.jsonl"),
    # Written blind (2026-11-26, seventh session) by a helper who saw neither the code nor any corpus (1,400
    # credentials over 629 shapes, 1,150 ordinary facts over 200); measured once after round 10 (add 91.3 %, extract
    # 99.9 %, output 90.5 %, ordinary refused 1.0 %, withheld 0.6 %), then tuned on by class (round 11).
    "tuning, round 11": (_SECRETS / "heldout-10" / "credentials.jsonl", _SECRETS / "heldout-10" / "ordinary.jsonl"),
    # Written blind (2026-11-26, eighth session) by a helper who saw neither the code nor any corpus (1,400
    # credentials of 355 services over 1,378 shapes, 1,150 ordinary facts over 264); measured once after round 11
    # (add 91.6 %, extract 99.9 %, output 91.6 %, ordinary refused 3.4 %, withheld 3.4 %, too long 2.6 %), then tuned
    # on by class (round 12).
    "tuning, round 12": (_SECRETS / "heldout-11" / "credentials.jsonl", _SECRETS / "heldout-11" / "ordinary.jsonl"),
    # Written blind (2026-11-26, eighth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials of 437 key formats over 1,295 shapes, 1,150 ordinary facts over 423, half of them everyday
    # messages); measured once after round 12 (add 90.4 %, extract 99.9 %, output 90.1 %, ordinary refused 1.2 %,
    # withheld 1.2 %), then tuned on by class (round 13).
    "tuning, round 13": (_SECRETS / "heldout-12" / "credentials.jsonl", _SECRETS / "heldout-12" / "ordinary.jsonl"),
    # Written blind (2026-11-26, ninth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,330 shapes, 272 key formats among them; 1,150 ordinary facts over 410, half everyday
    # messages in about 35 languages, half look-alikes); measured once after round 13 (add 90.6 %, extract 99.9 %,
    # output 89.9 %, ordinary refused 0.7 %, withheld 0.7 %), then tuned on by class (round 14).
    "tuning, round 14": (_SECRETS / "heldout-13" / "credentials.jsonl", _SECRETS / "heldout-13" / "ordinary.jsonl"),
    # Written blind (2026-11-26, tenth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes, 354 provider formats among them; 1,150 ordinary facts over 766 shapes, 520
    # everyday messages in 45 languages, 630 look-alikes); measured once after round 14 (add 88.9 %, extract 99.7 %,
    # output 88.6 %, ordinary refused 1.7 %, withheld 1.5 %), then tuned on by class (round 15).
    "tuning, round 15": (_SECRETS / "heldout-14" / "credentials.jsonl", _SECRETS / "heldout-14" / "ordinary.jsonl"),
    # Written blind (2026-11-27, eleventh session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes, 282 token kinds among them; 1,150 ordinary facts over 737 shapes, 560 everyday
    # messages in 50 languages, 590 look-alikes); measured once after round 15 (add 91.7 %, extract 99.7 %, output
    # 91.4 %, ordinary refused 1.0 %, withheld 1.0 %); then the validation set of the learned layer (round 16; only
    # its totals were read: a model trained without it took add to 92.3 % and refused none more), and since then
    # among the corpora that layer learns from.
    "tuning, round 16": (_SECRETS / "heldout-15" / "credentials.jsonl", _SECRETS / "heldout-15" / "ordinary.jsonl"),
    # Written blind (2026-11-27, twelfth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes in 70 languages; 1,150 ordinary facts over 471 shapes); measured once after round
    # 16 (add 88.6 %, extract 99.1 %, output 87.1 %, ordinary refused 2.5 %, withheld 2.5 %), then tuned on by class
    # (round 17) and learned from.
    "tuning, round 17": (_SECRETS / "heldout-16" / "credentials.jsonl", _SECRETS / "heldout-16" / "ordinary.jsonl"),
    # Written blind (2026-11-27, thirteenth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes, 39 % of them in 93 languages other than English; 1,150 ordinary facts over 915
    # shapes, 36 % in 54 languages); measured once after round 17 (add 92.3 %, extract 99.9 %, output 91.1 %,
    # ordinary refused 1.0 %, withheld 1.0 %), then tuned on by class (round 18) and learned from.
    "tuning, round 18": (_SECRETS / "heldout-17" / "credentials.jsonl", _SECRETS / "heldout-17" / "ordinary.jsonl"),
    # Written blind (2026-11-27, fourteenth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes in 86 languages; 1,150 ordinary facts over 1,150 shapes in 47 languages); measured
    # once after round 18 (add 94.6 %, extract 99.5 %, output 92.9 %, ordinary refused 0.7 %, withheld 0.5 %), then
    # tuned on by class (round 19) and learned from.
    "tuning, round 19": (_SECRETS / "heldout-18" / "credentials.jsonl", _SECRETS / "heldout-18" / "ordinary.jsonl"),
    # Written blind (2026-11-27, fifteenth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes in 86 languages, 57 % not in English; 1,150 ordinary facts over 1,150 shapes in 62
    # languages); measured once after round 19 (add 94.1 %, extract 99.9 %, output 92.7 %, ordinary refused 1.1 %,
    # withheld 1.0 %), then tuned on by class (round 20) and learned from.
    "tuning, round 20": (_SECRETS / "heldout-19" / "credentials.jsonl", _SECRETS / "heldout-19" / "ordinary.jsonl"),
    # Written blind (2026-11-27, sixteenth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 1,400 shapes in 82 languages, 47 % not in English; 1,150 ordinary facts over 1,150 shapes, 45 %
    # not in English); measured once after round 20 (add 94.2 %, extract 99.6 %, output 92.6 %, ordinary refused
    # 0.6 %, withheld 0.6 %), then tuned on by class (round 21) and learned from.
    "tuning, round 21": (_SECRETS / "heldout-20" / "credentials.jsonl", _SECRETS / "heldout-20" / "ordinary.jsonl"),
    # Written blind (2026-11-27, seventeenth session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,400 shapes, 49 % not in English; 1,150 ordinary facts over 1,150 shapes, 47 % not in
    # English; 75 languages); measured once after round 21 (add 94.7 %, extract 99.9 %, output 92.2 %, ordinary
    # refused 1.7 %, withheld 1.6 %), then tuned on by class (round 22) and learned from.
    "tuning, round 22": (_SECRETS / "heldout-21" / "credentials.jsonl", _SECRETS / "heldout-21" / "ordinary.jsonl"),
    # Written blind (2026-11-27, eighteenth session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,400 shapes in 80 languages, 47 % not in English; 1,150 ordinary facts over 1,150
    # shapes in 91 languages, 50 % not in English); measured once after round 22 (add 92.6 %, extract 99.6 %, output
    # 89.0 %, ordinary refused 1.0 %, withheld 1.0 %), then tuned on by class (round 23) and learned from.
    "tuning, round 23": (_SECRETS / "heldout-22" / "credentials.jsonl", _SECRETS / "heldout-22" / "ordinary.jsonl"),
    # Written blind (2026-11-28, nineteenth session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,400 shapes, 52 % not in English; 1,150 ordinary facts over 1,150 shapes, 58 % not in
    # English; 92 languages); measured once after round 23 (add 93.4 %, extract 99.9 %, output 89.9 %, ordinary
    # refused 1.0 %, withheld 1.0 %), then tuned on by class (round 24) and learned from.
    "tuning, round 24": (_SECRETS / "heldout-23" / "credentials.jsonl", _SECRETS / "heldout-23" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twentieth session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 818 shapes, 58 % not in English; 1,150 ordinary facts over 580 shapes, 65 % not in English; 44
    # languages); measured once after round 24 (add 95.6 %, extract 99.9 %, output 94.2 %, ordinary refused 0.6 %,
    # withheld 0.6 %), then tuned on by class (round 25) and learned from.
    "tuning, round 25": (_SECRETS / "heldout-24" / "credentials.jsonl", _SECRETS / "heldout-24" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-first session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 289 shapes, 65 % not in English, 43 languages; 1,150 ordinary facts over 276 shapes, 67 % not
    # in English, 30 languages); measured once after round 25 (quick counts: caught 96.8 %, refused 1.65 %; its make
    # eval-secrets row in bench/RESULTS.md, round 25), then tuned on by class (round 26) and learned from.
    "tuning, round 26": (_SECRETS / "heldout-25" / "credentials.jsonl", _SECRETS / "heldout-25" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-first session) by another helper who saw neither the code nor any corpus (1,400
    # credentials over 937 shapes, 58 % not in English, 83 languages; 1,150 ordinary facts over 684 shapes, 62 % not
    # in English, 81 languages); measured once after round 26 (quick counts: caught 91.6 %, refused 0.61 %; its make
    # eval-secrets row in bench/RESULTS.md, round 26), then tuned on by class (round 27) and learned from.
    "tuning, round 27": (_SECRETS / "heldout-26" / "credentials.jsonl", _SECRETS / "heldout-26" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-second session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 898 shapes, 1,150 ordinary facts over 565 shapes; 56 % of texts not in ASCII, about 62 %
    # not in English, about 92 languages); measured once after round 27 (quick counts: caught 96.3 %, refused 0.78 %;
    # its make eval-secrets row in bench/RESULTS.md, round 27), then tuned on by class (round 28) and learned from.
    "tuning, round 28": (_SECRETS / "heldout-27" / "credentials.jsonl", _SECRETS / "heldout-27" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-third session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,400 shapes, 61 % not in English; 1,150 ordinary facts over 1,150 shapes, 62 % not in
    # English; about 110 languages besides English); measured once after round 28 (quick counts: caught 92.9 %,
    # refused 0.70 %), then tuned on by class (round 29) and learned from.
    "tuning, round 29": (_SECRETS / "heldout-28" / "credentials.jsonl", _SECRETS / "heldout-28" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-third session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,321 shapes, 1,150 ordinary facts over 1,114 shapes; about 63 % not in English, about
    # 108 languages); measured once after round 29 (quick counts: caught 90.3 %, refused 0.70 %), then tuned on by
    # class (round 30) and learned from.
    "tuning, round 30": (_SECRETS / "heldout-29" / "credentials.jsonl", _SECRETS / "heldout-29" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-fourth session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,400 shapes, 1,150 ordinary facts over 1,150 shapes; 52 % of credentials and 51 % of
    # ordinary facts not in English, 110 languages); measured once after round 30 (quick counts: caught 87.8 %,
    # refused 0.26 %), then tuned on by class (round 31) and learned from.
    "tuning, round 31": (_SECRETS / "heldout-30" / "credentials.jsonl", _SECRETS / "heldout-30" / "ordinary.jsonl"),
    # Written blind (2026-11-28, twenty-fourth session) by another helper who saw neither the code nor any corpus
    # (1,400 credentials over 1,167 shapes, 1,150 ordinary facts over 945 shapes; 59 % of credentials and 54 % of
    # ordinary facts not in English, 99 languages; its writer warns that many of the smaller languages' texts are
    # close translations of a few sentences); not tuned on, not learned from.
    "held out": (_SECRETS / "heldout-31" / "credentials.jsonl", _SECRETS / "heldout-31" / "ordinary.jsonl"),
}
BEGIN, END = "<!-- secrets:begin -->", "<!-- secrets:end -->"


@dataclass
class Outcome:
    """What one corpus measured: counts, and the texts that failed (for ``--show-misses``)."""

    credentials: int = 0
    ordinary: int = 0
    add_missed: list[str] = field(default_factory=list)
    extract_leaked: list[str] = field(default_factory=list)
    output_leaked: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    not_a_fact: list[str] = field(default_factory=list)
    withheld: list[str] = field(default_factory=list)


def load(path: Path) -> list[dict[str, str]]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: invalid JSON ({exc.msg})") from None
    return rows


def measure(creds: list[dict[str, str]], ordinary: list[dict[str, str]], work: Path) -> Outcome:
    config = Config()
    out = Outcome(len(creds), len(ordinary))
    # ratchet add, one fresh store for all: a refused fact raises, a stored one is a miss.
    store = ratchet.open_store(work / "add", config)
    for row in creds:
        try:
            add_fact(store, config, row["text"])
            out.add_missed.append(row["text"])
        except RatchetError:
            pass
    for row in ordinary:
        try:
            add_fact(store, config, row["text"])
        except RatchetError:
            (out.refused if secrets.scan(row["text"]) else out.not_a_fact).append(row["text"])
        if secrets.scan(row["text"], quick=True):
            out.withheld.append(row["text"])
    # The offline extractor over one transcript holding every credential, then every file of the memory directory.
    store = ratchet.open_store(work / "extract", config)
    transcript = work / "session.jsonl"
    lines = []
    for n, row in enumerate(creds):
        said = {"role": "user", "content": row["text"]}
        reply = {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}
        lines.append({"type": "user", "uuid": f"u{n}", "sessionId": "s", "message": said})
        lines.append({"type": "assistant", "uuid": f"a{n}", "sessionId": "s", "message": reply})
    transcript.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    ratchet.extract_transcript(store, transcript, config=config, mode="offline", cwd=work)
    spoken = "\n".join(row["text"] for row in creds).encode()
    stored = _without_ids(
        b"".join(p.read_bytes() for p in sorted((work / "extract").rglob("*")) if p.is_file()), spoken
    )
    for row in creds:
        shown = ratchet.retrieve(store, row["text"], config=config, mode="keyword").markdown()
        if row["secret"].encode() in stored or row["secret"] in _without_ids(shown.encode(), spoken).decode():
            out.extract_leaked.append(row["text"])
    # Planted: written into a quarter file by hand, past every write filter; the output gates must hold them back.
    store = ratchet.open_store(work / "planted", config)
    planted = [new_fact(row["text"], category="preference", importance=0.9, tier="permanent") for row in creds]
    store.memdir.facts_file("2026-Q4").write_text("".join(dumps_line(f.record()) + "\n" for f in planted))
    store.reindex()
    ratchet.manage(store, config=config, use_llm=False)  # writes MEMORY.md (permanent facts are promoted)
    from ratchet.interop import export_text, select

    exported = export_text(select(store.facts(), config), config, "jsonl")[0]
    memory_md = store.memdir.memory_md.read_text(encoding="utf-8") if store.memdir.memory_md.exists() else ""
    # What the store wrote itself (ids, timestamps) is no leak: "018" is in "2026-11-28T04:33:18", not from a fact.
    memory_md, exported = (_without_ids(text.encode(), spoken).decode() for text in (memory_md, exported))
    for row in creds:
        shown = ratchet.retrieve(store, row["text"], config=config, mode="keyword").markdown()
        shown = _without_ids(shown.encode(), spoken).decode()
        if any(row["secret"] in text for text in (shown, memory_md, exported)):
            out.output_leaked.append(row["text"])
    return out


# A fact's UUID, the short id recall prints before a fact ("- [3f7110ab] ..."), and the dates and times the store
# stamps a record with ("2026-11-28T04:33:18.402113+00:00", "2026-11-28").
_MADE_UP_ID = re.compile(
    rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<=\[)[0-9a-f]{8}(?=\])|"
    rb"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)


def _without_ids(data: bytes, spoken: bytes) -> bytes:
    """``data`` without the ids and timestamps the store made up (a fact's UUID, its short form in recall's output,
    a record's dates): a four-digit PIN is found in one by chance ("7170" in "0471702e-...", "018" in "...:33:18"),
    which is no leak. What is in what was said stays (it may be the secret)."""
    for found in set(_MADE_UP_ID.findall(data)):
        if found not in spoken:
            data = data.replace(found, b" ")  # not joining what stood around it
    return data


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def table(results: dict[str, Outcome]) -> list[str]:
    lines = [
        "| corpus | credentials | kept out by `ratchet add` | kept out by extraction | withheld on output | "
        "ordinary facts | refused by `ratchet add` | refused, not a fact | withheld on output |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, o in results.items():
        n = o.credentials
        lines.append(
            f"| {name} | {n} | {pct(n - len(o.add_missed), n)} | {pct(n - len(o.extract_leaked), n)} | "
            f"{pct(n - len(o.output_leaked), n)} | {o.ordinary} | {pct(len(o.refused), o.ordinary)} | "
            f"{pct(len(o.not_a_fact), o.ordinary)} | {pct(len(o.withheld), o.ordinary)} |"
        )
    return lines


def write_results(path: Path, section: str) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    block = f"{BEGIN}\n{section.rstrip()}\n{END}"
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + block + text[text.index(END) + len(END) :]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.secrets", description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=Path, help="write the table into this RESULTS.md (between markers)")
    parser.add_argument(
        "--corpus", type=Path, action="append", default=[], metavar="DIR",
        help="measure this corpus (a directory with credentials.jsonl and ordinary.jsonl) instead of the bundled ones",
    )  # fmt: skip
    parser.add_argument(
        "--show-misses", action="store_true", help="print every text that failed (never for the held-out corpus)"
    )
    args = parser.parse_args(argv)
    results: dict[str, Outcome] = {}
    corpora = {str(d): (d / "credentials.jsonl", d / "ordinary.jsonl") for d in args.corpus} or CORPORA
    for name, (creds_path, ordinary_path) in corpora.items():
        if not creds_path.exists():
            print(f"{creds_path}: missing; corpus '{name}' skipped", file=sys.stderr)
            continue
        with tempfile.TemporaryDirectory(prefix="ratchet-secrets-") as tmp:
            results[name] = measure(load(creds_path), load(ordinary_path), Path(tmp))
    lines = table(results)
    print("\n".join(lines))
    if args.show_misses:
        for name, o in results.items():
            if name.startswith("held out"):
                continue  # looking at the held-out misses would make it a tuning corpus
            for label, items in (
                ("missed by add", o.add_missed),
                ("leaked through extraction", o.extract_leaked),
                ("leaked on output", o.output_leaked),
                ("ordinary refused", o.refused),
                ("ordinary refused, not a fact", o.not_a_fact),
                ("ordinary withheld", o.withheld),
            ):
                for text in items:
                    print(f"[{name}] {label}: {text}")
    if args.results:
        section = [
            "## Secret filter (make eval-secrets)",
            "",
            "Command: `make eval-secrets` = `.venv/bin/python -m bench.secrets --results bench/RESULTS.md`. Data: "
            "`bench/corpora/secrets/` (credentials as people type them, with the exact value that must never be "
            "stored, and ordinary facts that must pass). **tuning** is the corpus the detectors were tuned on; "
            "rounds 2 to 27 were each written blind by another hand, measured once, then tuned on (and learned "
            "from: `make secret-scorer`). What each column "
            "means is in `bench/secrets.py`: *kept out* = the value is in no file of the memory directory and in no "
            "retrieval output; *withheld on output* = planted straight into a quarter file, it is not printed by "
            "retrieval, MEMORY.md or an export; *refused, not a fact* = refused for something else than a "
            "credential (a paste longer than one fact may be). Goal: credentials kept out >= 99 %, ordinary refused "
            "<= 1 %.",
            "",
            *lines,
        ]
        write_results(args.results, "\n".join(section))
    return 0


if __name__ == "__main__":
    sys.exit(main())
