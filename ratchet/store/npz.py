"""Reading the one-dimensional arrays of a numpy ``.npz`` file without numpy.

Why: ``import numpy`` costs about 40-60 ms of a hook's life, more than the per-prompt recall it serves needs in all
(a few postings lists and a few hundred rows). The retrieval cache (``state/retrieval.npz``) is still written by
numpy; this reads the members a per-prompt lookup needs as :class:`array.array` (numbers) or :class:`FixedBytes`
(numpy's ``S`` strings), per the ``.npy`` format (version 1-3: magic, a header that is a Python dict literal, then
the raw little-endian data). Anything else (2-D arrays, object arrays, a big-endian machine) is ``None`` here and
read with numpy by the caller.

The archive itself is read here too (:func:`members`): numpy writes its members stored, uncompressed, and finding
them takes the end record and the central directory of the ZIP format (APPNOTE 4.3.12-4.3.16, with the ZIP64
records 4.3.14-4.3.15 for sizes numpy may force); :mod:`zipfile` would bring ``shutil``, ``bz2``, ``lzma`` and
``threading`` into every prompt for that. A compressed or encrypted member, or any record that does not read as the
format says, is ``None``: the caller then reads the cache with numpy.
"""

from __future__ import annotations

import re
import struct
import sys
import zlib
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


# ZIP records (APPNOTE.TXT): end of central directory, its ZIP64 locator and record, a central directory entry, a
# local file header. ``<`` little-endian, no padding.
_END = struct.Struct("<4s4H2LH")
_END64_LOCATOR = struct.Struct("<4sLQL")
_END64 = struct.Struct("<4sQ2H2L4Q")
_ENTRY = struct.Struct("<4s6H3L5H2L")
_LOCAL = struct.Struct("<4s5H3L2H")
_MASK32 = 0xFFFFFFFF


class BadArchive(ValueError):
    """Not a ZIP archive this module reads (damaged, truncated, compressed or encrypted members)."""


def _zip64(extra: bytes, wanted: list[bool]) -> list[int]:
    """The 8-byte values of the ZIP64 extra field (id 1) present in ``extra``, one per True in ``wanted``."""
    pos = 0
    while pos + 4 <= len(extra):
        tag, size = struct.unpack_from("<2H", extra, pos)
        if tag == 1:
            values = struct.unpack_from(f"<{sum(wanted)}Q", extra, pos + 4) if size >= 8 * sum(wanted) else None
            if values is None:
                break
            return list(values)
        pos += 4 + size
    raise BadArchive("ZIP64 sizes missing")


def members(data: bytes) -> dict[str, tuple[int, int, int]]:
    """Each stored member of the ZIP archive ``data``: name -> (start of its bytes, length, CRC-32); raises
    :class:`BadArchive` for anything else."""
    try:
        return _members(data)
    except (struct.error, UnicodeDecodeError) as exc:
        raise BadArchive(str(exc)) from None


def _members(data: bytes) -> dict[str, tuple[int, int, int]]:
    # The end record is the last thing in the file but its comment: the signature whose comment length reaches
    # exactly to the end (a comment may itself hold the signature's bytes).
    lowest, at = max(0, len(data) - _END.size - 0xFFFF), len(data)
    while True:
        at = data.rfind(b"PK\x05\x06", lowest, at)
        if at < 0:
            raise BadArchive("no end record")
        if at + _END.size <= len(data) and at + _END.size + _END.unpack_from(data, at)[-1] == len(data):
            break
    _, _, _, _, count, _, offset, _ = _END.unpack_from(data, at)
    if count == 0xFFFF or offset == _MASK32:  # the ZIP64 end record holds the real values
        locator = at - _END64_LOCATOR.size
        if locator < 0 or data[locator : locator + 4] != b"PK\x06\x07":
            raise BadArchive("no ZIP64 locator")
        end64 = _END64_LOCATOR.unpack_from(data, locator)[2]
        if end64 + _END64.size > len(data) or data[end64 : end64 + 4] != b"PK\x06\x06":
            raise BadArchive("no ZIP64 end record")
        _, _, _, _, _, _, _, count, _, offset = _END64.unpack_from(data, end64)
    out: dict[str, tuple[int, int, int]] = {}
    pos = offset
    for _ in range(count):
        if pos + _ENTRY.size > len(data) or data[pos : pos + 4] != b"PK\x01\x02":
            raise BadArchive("central directory damaged")
        fields = _ENTRY.unpack_from(data, pos)
        flags, method, crc, packed, size = fields[3], fields[4], fields[7], fields[8], fields[9]
        name_len, extra_len, comment_len, local = fields[10], fields[11], fields[12], fields[16]
        name_at = pos + _ENTRY.size
        name = data[name_at : name_at + name_len].decode("utf-8" if flags & 0x800 else "cp437")
        if _MASK32 in (size, packed, local):
            wide = _zip64(
                data[name_at + name_len : name_at + name_len + extra_len],
                [size == _MASK32, packed == _MASK32, local == _MASK32],
            )
            size = wide.pop(0) if size == _MASK32 else size
            packed = wide.pop(0) if packed == _MASK32 else packed
            local = wide.pop(0) if local == _MASK32 else local
        if method != 0 or flags & 1 or packed != size:
            raise BadArchive(f"member {name} is compressed or encrypted")
        if local + _LOCAL.size > len(data) or data[local : local + 4] != b"PK\x03\x04":
            raise BadArchive(f"member {name}: no local header")
        head = _LOCAL.unpack_from(data, local)
        start = local + _LOCAL.size + head[9] + head[10]
        if start + size > len(data):
            raise BadArchive(f"member {name} is truncated")
        out[name] = (start, size, crc)
        pos = name_at + name_len + extra_len + comment_len
    return out


def load(path: Path, names: Iterable[str]) -> dict[str, array[Any] | FixedBytes] | None:
    """The members ``names`` (without ``.npy``) of the ``.npz`` at ``path``, or None when the file is missing or
    damaged (a member's CRC-32 is checked), or a member is absent or of a kind read only by numpy."""
    if not usable():
        return None
    out: dict[str, array[Any] | FixedBytes] = {}
    try:
        data = path.read_bytes()
        found = members(data)
        for name in names:
            start, size, crc = found[f"{name}.npy"]
            raw = data[start : start + size]
            value = _member(raw) if zlib.crc32(raw) == crc else None
            if value is None:
                return None
            out[name] = value
    except (OSError, KeyError, ValueError):  # BadArchive is a ValueError
        return None
    return out
