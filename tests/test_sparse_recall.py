"""Per-prompt recall without numpy (ratchet.recall.sparse over ratchet.store.npz) ranks exactly as the numpy way, and
the per-prompt hook process imports neither numpy nor click."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import numpy as np
import pytest
from conftest import pin_clock, subprocess_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratchet.config import Config
from ratchet.core import review
from ratchet.core.facts import new_fact
from ratchet.recall import catalog
from ratchet.recall.retrieve import Request, _run
from ratchet.store import npz
from ratchet.store.store import Store

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synth import generate  # noqa: E402

NOW = "2026-11-20T12:00:00Z"
SCOPES = ["global", "github.com/acme/api", "github.com/acme/web", "github.com/other/tool"]
# Pending review (extraction.review): never offered, whatever they match.
PENDING = [
    "The billing service deploys on Tuesdays after the March freeze.",
    "Aaron runs the billing migrations before every release.",
]
SENSITIVE = [
    "Aaron was diagnosed with asthma in 2019 and carries an inhaler on runs.",
    "Aaron's partner is moving to Lisbon for a job; the billing move is on hold.",
    "Aaron's salary review is in March; he asked for a raise for the billing work.",
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, list[str], list[str]]:
    """A synthetic store of 1,500 facts over several scopes, plus sensitive facts; its vocabulary; its fact ids."""
    root = tmp_path_factory.mktemp("sparse") / "memory"
    store = generate(root, 1500, seed=7)
    sensitive = [new_fact(text, category="personal", importance=0.6, tags=["sensitive"]) for text in SENSITIVE]
    waiting = [new_fact(text, category="project", importance=0.9) for text in PENDING]
    for fact in waiting:
        review.hold(fact, "extraction.review is all", [])
    store.add(sensitive + waiting, actor="test")
    cat = catalog.get(store)
    vocab = [bytes(cat.index.terms[i]).decode() for i in range(len(cat.index.terms))]
    return store, vocab, [cat.id_of(r) for r in range(cat.size)]


def _compare(store: Store, request: Request) -> tuple[list[int], list[int]]:
    config = Config()
    light = _run(store, config, request)
    dense = _run(store, config, request, sparse_ok=False)
    assert isinstance(light.cat.ids, npz.FixedBytes)  # the numpy-free way did answer
    assert isinstance(dense.cat.ids, np.ndarray)
    assert light.ranked == dense.ranked
    assert light.candidates == dense.candidates
    for row in light.ranked:
        assert light.relevance[row] == float(dense.relevance[row])  # float32 sums and clip, as numpy's
        assert light.prior[row] == pytest.approx(float(dense.prior[row]), rel=1e-12)
        assert light.score[row] == pytest.approx(float(dense.score[row]), rel=1e-12)
    return light.ranked, dense.ranked


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_sparse_ranking_equals_the_numpy_ranking(
    corpus: tuple[Store, list[str], list[str]], monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    pin_clock(monkeypatch, NOW)
    store, vocab, ids = corpus
    words = data.draw(st.lists(st.sampled_from(vocab), min_size=1, max_size=7))
    noise = data.draw(st.lists(st.sampled_from(["the", "please", "zyxwv", "health", "salary", "billing"]), max_size=3))
    scopes = set(data.draw(st.lists(st.sampled_from(SCOPES), min_size=1, max_size=3)))
    few = st.lists(st.sampled_from(ids), max_size=6)
    many = st.lists(st.sampled_from(ids), min_size=70, max_size=400, unique=True)  # a long session's injections
    exclude = set(data.draw(few | many))
    threshold = data.draw(st.sampled_from([0.05, 0.2, 0.35, 0.6]))
    request = Request(
        query=" ".join(words + noise),
        mode="keyword",
        scopes=scopes,
        exclude=exclude,
        threshold=threshold,
        max_facts=data.draw(st.integers(1, 8)),
    )
    _compare(store, request)


def test_sensitive_facts_only_for_a_question_about_them(
    corpus: tuple[Store, list[str], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, _, _ = corpus
    ask = {"mode": "keyword", "scopes": {"global"}, "threshold": 0.2, "max_facts": 5}
    plain, _ = _compare(store, Request(query="billing raise review for Aaron in March", **ask))  # type: ignore[arg-type]
    about, _ = _compare(store, Request(query="what did I say about my salary review in March", **ask))  # type: ignore[arg-type]
    cat = catalog.get(store)
    texts = {r: cat.read_facts(store.memdir, [r])[r].content for r in plain + about}
    assert not any(texts[r] == SENSITIVE[2] for r in plain)
    assert any(texts[r] == SENSITIVE[2] for r in about)


def test_a_stale_or_damaged_cache_goes_the_numpy_way(
    corpus: tuple[Store, list[str], list[str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pin_clock(monkeypatch, NOW)
    store, _, _ = corpus
    cache = store.memdir.state_dir / catalog.CACHE_NAME
    assert catalog.get_light(store) is not None
    saved = cache.read_bytes()
    try:
        cache.write_bytes(saved[: len(saved) // 2])
        assert catalog.load_light(store.memdir) is None
        request = Request(query="billing module webhooks", mode="keyword", scopes={"global"}, threshold=0.2)
        run = _run(store, Config(), request)  # rebuilt by numpy, then answered
        assert isinstance(run.cat.ids, np.ndarray)
        assert catalog.get_light(store) is not None
    finally:
        cache.write_bytes(saved)


HOOK_PROBE = """
import io, json, sys
sys.argv = ["memory-retrieve", "--hook", "--format", "claude-hook"]
sys.stdin = io.StringIO(json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "s1",
                                    "prompt": "how do we run database migrations before merging"}))
out = io.StringIO()
sys.stdout = out
from ratchet.cli.fasthook import retrieve_main
try:
    retrieve_main()
except SystemExit as exc:
    code = exc.code
sys.stdout = sys.__stdout__
LAZY = ("numpy", "click", "ratchet.core.secrets", "subprocess", "hashlib", "tempfile", "zipfile",
        "ratchet.store.journal", "ratchet.core.sensitive")
loaded = {name: name in sys.modules for name in LAZY}
print(json.dumps({"code": code, "out": out.getvalue(), **loaded}))
"""


def test_the_prompt_hook_imports_neither_numpy_nor_click(tmp_path: Path) -> None:
    """What an agent runs at every prompt, as ``ratchet install`` writes it, over a current cache: nor the credential
    rules (the cache holds the output gate's verdicts), nor subprocess (outside a repository no git is started), nor
    hashlib and tempfile (a read and one appended event), nor zipfile (the cache's ZIP directory is read by
    ratchet.store.npz) or the write path of the store (the journal), nor the sensitive topics' patterns when no
    sensitive fact is stored."""
    memdir = tmp_path / "probe"
    catalog.refresh(generate(memdir, 300, seed=3))  # as every write leaves it: the cache current
    done = subprocess.run(
        [sys.executable, "-c", HOOK_PROBE],
        capture_output=True,
        text=True,
        env=subprocess_env(RATCHET_MEMORY_DIR=str(memdir), RATCHET_NOW=NOW),
        cwd=tmp_path,
        check=True,
    )
    report = json.loads(done.stdout)
    assert report["code"] == 0
    context = json.loads(report["out"])["hookSpecificOutput"]["additionalContext"]
    assert "Database migrations" in context
    assert (report["numpy"], report["click"]) == (False, False)
    assert (report["ratchet.core.secrets"], report["subprocess"]) == (False, False)
    assert (report["hashlib"], report["tempfile"]) == (False, False)  # nothing hashed, no whole file written
    assert (report["zipfile"], report["ratchet.store.journal"]) == (False, False)
    assert report["ratchet.core.sensitive"] is False  # no sensitive fact stored: the prompt is not checked for one


DTYPES = ["<f4", "<f8", "|u1", "|b1", "<i2", "<i4", "<i8", "<u8"]


@settings(max_examples=60, deadline=None)
@given(
    dtype=st.sampled_from(DTYPES),
    values=st.lists(st.integers(0, 120), max_size=40),
    strings=st.lists(st.binary(min_size=1, max_size=9).map(lambda b: b.replace(b"\0", b"x")), max_size=20),
)
def test_npz_reads_what_numpy_wrote(tmp_path_factory: pytest.TempPathFactory, dtype, values, strings) -> None:
    path = tmp_path_factory.mktemp("npz") / "a.npz"
    numbers = np.array(values, dtype=dtype)
    texts = np.array(strings, dtype="S9")
    np.savez(path, numbers=numbers, texts=texts, square=np.zeros((2, 2)))
    got = npz.load(path, ["numbers", "texts"])
    assert got is not None
    assert list(got["numbers"]) == numbers.tolist()
    assert [got["texts"][i] for i in range(len(got["texts"]))] == texts.tolist()
    assert npz.load(path, ["square"]) is None  # two-dimensional: numpy's to read
    assert npz.load(path, ["absent"]) is None
    path.write_bytes(path.read_bytes()[:40])
    assert npz.load(path, ["numbers"]) is None


@settings(max_examples=60, deadline=None)
@given(
    blobs=st.dictionaries(st.text("abcxyz_.", min_size=1, max_size=8), st.binary(max_size=300), max_size=6),
    comment=st.binary(max_size=40),
    wide=st.booleans(),
    streamed=st.booleans(),
    flip=st.integers(0, 10_000),
)
def test_npz_finds_zip_members_as_zipfile_does(
    blobs: dict[str, bytes], comment: bytes, wide: bool, streamed: bool, flip: int
) -> None:
    """The ZIP reader under npz.load finds what was written in every stored archive zipfile writes: ZIP64 records
    forced (``wide``: every size and offset in the ZIP64 extra field, the ZIP64 end record), written to a stream
    that cannot seek (sizes after the data), with an archive comment (even one holding the end record's signature,
    which zipfile itself misreads); and a damaged byte is never read as data."""
    with pytest.MonkeyPatch.context() as patch:
        if wide:
            patch.setattr(zipfile, "ZIP64_LIMIT", -1)
            patch.setattr(zipfile, "ZIP_FILECOUNT_LIMIT", -1)
        sink = io.BytesIO()

        class Unseekable(io.RawIOBase):
            def writable(self) -> bool:
                return True

            def write(self, b) -> int:  # type: ignore[no-untyped-def, override]
                return sink.write(b)

        with zipfile.ZipFile(Unseekable() if streamed else sink, "w", zipfile.ZIP_STORED) as archive:
            archive.comment = comment
            for name, blob in blobs.items():
                with archive.open(name, "w", force_zip64=wide) as member:
                    member.write(blob)
    data = sink.getvalue()
    found = npz.members(data)
    assert {name: data[a : a + n] for name, (a, n, _) in found.items()} == blobs
    assert all(zlib.crc32(blobs[name]) == crc for name, (_, _, crc) in found.items())
    damaged = bytearray(data)
    damaged[flip % len(data)] ^= 0x5A
    try:
        again = npz.members(bytes(damaged))
    except npz.BadArchive:
        return
    read = {
        name: bytes(damaged[a : a + n]) for name, (a, n, crc) in again.items() if zlib.crc32(damaged[a : a + n]) == crc
    }
    assert all(blobs.get(name) == blob for name, blob in read.items() if name in blobs)


def test_npz_leaves_compressed_members_to_numpy(tmp_path: Path) -> None:
    path = tmp_path / "packed.npz"
    np.savez_compressed(path, numbers=np.arange(50))
    with pytest.raises(npz.BadArchive, match="numbers.npy is compressed"):
        npz.members(path.read_bytes())
    assert npz.load(path, ["numbers"]) is None


def test_pending_facts_are_never_offered(
    corpus: tuple[Store, list[str], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store, _, _ = corpus
    ask = {"mode": "keyword", "scopes": {"global"}, "threshold": 0.05, "max_facts": 8}
    ranked, _ = _compare(store, Request(query="billing deploys Tuesdays March freeze migrations release", **ask))  # type: ignore[arg-type]
    cat = catalog.get(store)
    texts = {cat.read_facts(store.memdir, [r])[r].content for r in ranked}
    assert ranked and not texts & set(PENDING)
