"""What ``ratchet doctor`` reports: one :class:`Check` per concern, OK, WARN or FAIL with what to do."""

from __future__ import annotations

from dataclasses import asdict, dataclass

OK, WARN, FAIL = "OK", "WARN", "FAIL"


@dataclass
class Check:
    name: str
    status: str
    detail: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)
