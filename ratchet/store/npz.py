"""Reading the one-dimensional arrays of a numpy ``.npz`` file without numpy.

Why: ``import numpy`` costs about 40-60 ms of a hook's life, more than the per-prompt recall it serves needs in all
(a few postings lists and a few hundred rows). The retrieval cache (``state/retrieval.npz``) is still written by
numpy; this reads the members a per-prompt lookup needs as :class:`array.array` (numbers) or :class:`FixedBytes`
(numpy's ``S`` strings), per the ``.npy`` format (version 1-3: magic, a header that is a Python dict literal, then
the raw little-endian data). Anything else (2-D arrays, object arrays, a big-endian machine) is ``None`` here and
read with numpy by the caller.
"""

from __future__ import annotations

import re
import sys
import zipfile
from array import array
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MAGIC = b"\x93NUMPY"
# numpy dtype string -> array typecode of the same size (on the little-endian platforms checked below)
_CODES = {
    "<f4": "f",
    "<f8": "d",
    "|u1": "B",
    "|b1": "B",
    "<i2": "h",
    "<i4": "i",
    "<i8": "q",
    "<u8": "Q",
}


# The header numpy writes for a one-dimensional C-order array:
# {'descr': '<f4', 'fortran_order': False, 'shape': (12,), }
_HEADER = re.compile(
    r"\{'descr': '(?P<descr>[<|][a-zA-Z]\d+)', 'fortran_order': False, 'shape': \((?P<count>\d+),\), \}"
)


class FixedBytes:
    """A numpy ``S<width>`` array as a sequence of bytes (trailing NULs stripped, as numpy shows them)."""

    def __init__(self, data: bytes, width: int, count: int) -> None:
        self.data, self.width, self.count = data, width, count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, row: int) -> bytes:
        if not -self.count <= row < self.count:
            raise IndexError(row)
        row %= self.count
        return self.data[row * self.width : (row + 1) * self.width].rstrip(b"\0")


def usable() -> bool:
    """Whether raw ``.npy`` data can be read as this machine's native numbers."""
    return sys.byteorder == "little" and array("i").itemsize == 4 and array("q").itemsize == 8


def _member(raw: bytes) -> array[Any] | FixedBytes | None:
    if not raw.startswith(MAGIC) or len(raw) < 10:
        return None
    major = raw[6]
    size_bytes = 2 if major == 1 else 4
    start = 8 + size_bytes
    header_len = int.from_bytes(raw[8:start], "little")
    header = _HEADER.fullmatch(raw[start : start + header_len].decode("latin-1").strip())
    if header is None:
        return None  # not a one-dimensional C-order array of a plain dtype
    descr, count = header["descr"], int(header["count"])
    data = raw[start + header_len :]
    if descr.startswith("|S"):
        width = int(descr[2:])
        return FixedBytes(data[: width * count], width, count) if len(data) >= width * count else None
    code = _CODES.get(descr)
    if code is None:
        return None
    out = array(code)
    if len(data) < out.itemsize * count:
        return None
    out.frombytes(data[: out.itemsize * count])
    return out


def load(path: Path, names: Iterable[str]) -> dict[str, array[Any] | FixedBytes] | None:
    """The members ``names`` (without ``.npy``) of the ``.npz`` at ``path``, or None when the file is missing or
    damaged, or a member is absent or of a kind read only by numpy."""
    if not usable():
        return None
    out: dict[str, array[Any] | FixedBytes] = {}
    try:
        with zipfile.ZipFile(path) as archive:
            for name in names:
                value = _member(archive.read(f"{name}.npy"))
                if value is None:
                    return None
                out[name] = value
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None
    return out
