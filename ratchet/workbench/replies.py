"""Recorded LLM replies for the prompt workshop: call an endpoint once, re-run the evaluation offline forever.

A live evaluation saves each raw reply under ``<replies>/<prompt version>/<model>/<case>.json``, one entry per
chunk, together with a SHA-256 of the exact request (messages, schema, model). A later run replays an entry only
when its request is byte-for-byte the same, so an edited prompt whose version line was not bumped, a changed
transcript or another chunk size never replays a stale reply: it is a miss, answered by the endpoint when one is
configured (and recorded), else reported. The files hold what the model said, never anything written by hand.

File format (``format`` 1)::

    {"format": 1, "prompt_version": "...", "model": "...", "case": "...",
     "replies": [{"chunk": 1, "request_sha256": "...", "raw": "<the reply text>", "usage": {...},
                  "mode": "json_schema", "model": "<model that answered>", "recorded": "<ISO time>"}]}
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from ratchet.config import Config
from ratchet.core import clock
from ratchet.errors import RatchetError
from ratchet.models.llm import ChatResult
from ratchet.store.files import atomic_write, read_json

FORMAT = 1
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class MissingReplyError(RatchetError):
    """A recorded reply is needed but there is none for this request, and no endpoint may be called."""


def safe_name(name: str) -> str:
    """``name`` as one path component (``ollama/llama3:8b`` -> ``ollama_llama3_8b``)."""
    cleaned = _UNSAFE.sub("_", name).strip("._") or "_"
    return cleaned[:120]


def replies_dir(root: Path, prompt_version: str, model: str) -> Path:
    """Where replies of one prompt version and model live."""
    return Path(root) / safe_name(prompt_version) / safe_name(model)


def reply_file(root: Path, prompt_version: str, model: str, case: str) -> Path:
    """The recording of one golden case."""
    return replies_dir(root, prompt_version, model) / f"{safe_name(case)}.json"


def request_key(messages: list[dict[str, str]], schema: dict[str, Any], model: str) -> str:
    """SHA-256 of a request's canonical JSON: what a recorded reply must have answered."""
    blob = json.dumps({"messages": messages, "schema": schema, "model": model}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class Recorder:
    """A chat function for :func:`ratchet.extract.llm.run`: replay a recorded reply, or call and record one.

    ``live=True`` always calls the endpoint; ``allow_calls=False`` forbids calls (a miss raises
    :class:`MissingReplyError`). ``replayed`` and ``called`` count chunks; :meth:`save` writes what this run used.
    """

    def __init__(
        self,
        config: Config,
        root: Path,
        prompt_version: str,
        model: str,
        case: str,
        *,
        live: bool = False,
        allow_calls: bool = True,
    ) -> None:
        self.config = config
        self.path = reply_file(root, prompt_version, model, case)
        self.prompt_version, self.model, self.case = prompt_version, model, case
        self.live, self.allow_calls = live, allow_calls
        self.replayed = 0
        self.called = 0
        self._client: Any = None
        self._used: list[dict[str, Any]] = []
        data = read_json(self.path, {})
        entries = data.get("replies") if isinstance(data, dict) and data.get("format") == FORMAT else None
        self._recorded: dict[str, dict[str, Any]] = {
            str(e.get("request_sha256")): e
            for e in entries or []
            if isinstance(e, dict) and isinstance(e.get("raw"), str)
        }

    @property
    def has_recordings(self) -> bool:
        return bool(self._recorded)

    def __call__(self, messages: list[dict[str, str]], schema: dict[str, Any], name: str, model: str) -> ChatResult:
        from ratchet.models import llm

        key = request_key(messages, schema, model)
        chunk = len(self._used) + 1
        entry = None if self.live else self._recorded.get(key)
        if entry is not None:
            self.replayed += 1
            self._used.append(dict(entry, chunk=chunk))
            usage = {k: int(v) for k, v in (entry.get("usage") or {}).items() if isinstance(v, int)}
            return ChatResult(
                data=llm.parse_reply(entry["raw"]),
                raw=entry["raw"],
                usage=usage,
                mode=str(entry.get("mode") or "json_schema"),
                model=str(entry.get("model") or model),
            )
        if not self.allow_calls:
            why = "were made with another prompt text or transcript" if self._recorded else "do not exist"
            raise MissingReplyError(
                f"No recorded reply for case '{self.case}' chunk {chunk} (prompt {self.prompt_version}, model "
                f"{self.model}): the recordings in {self.path.parent} {why}; configure an LLM and run with --live"
            )
        if self._client is None:
            self._client = llm.make_client(self.config)
        result = llm.chat_json(self.config, messages, schema, name, model=model, client=self._client)
        self.called += 1
        self._used.append(
            {
                "chunk": chunk,
                "request_sha256": key,
                "raw": result.raw,
                "usage": result.usage,
                "mode": result.mode,
                "model": result.model,
                "recorded": clock.now_iso(),
            }
        )
        return result

    def save(self) -> Path | None:
        """Write the replies this run used (only when something was called: a pure replay changes nothing)."""
        if not self.called:
            return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        doc = {
            "format": FORMAT,
            "prompt_version": self.prompt_version,
            "model": self.model,
            "case": self.case,
            "replies": self._used,
        }
        atomic_write(self.path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        return self.path
