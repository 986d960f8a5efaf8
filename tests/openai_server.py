"""A real OpenAI-compatible HTTP server on 127.0.0.1 for tests.

The project's code talks to it through the real ``openai`` client (``base_url``), so nothing of ours is mocked.
Tests script replies per endpoint; every request body is recorded.

    server.chat.push(content='{"facts": []}')            # a normal reply
    server.chat.push(status=429)                          # then a rate limit ...
    server.chat.push(status=400, error="response_format json_schema not supported")
    server.chat.push(delay=5)                             # a slow reply (for timeouts)
    server.chat.push(refusal="I can't help with that")
    server.chat.default = lambda body: '{"facts": []}'   # when the queue is empty

Embeddings default to a deterministic bag-of-words hashing embedding so similar texts get similar vectors.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from loopback import LoopbackServer, QuietHandler, answer


@dataclass
class Reply:
    status: int = 200
    content: str | None = None
    refusal: str | None = None
    finish_reason: str = "stop"
    error: str | None = None
    delay: float = 0.0
    body: dict[str, Any] | None = None  # a complete raw body, sent as is


@dataclass
class Endpoint:
    queue: deque[Reply] = field(default_factory=deque)
    requests: list[dict[str, Any]] = field(default_factory=list)
    default: Callable[[dict[str, Any]], Any] | None = None

    def push(self, **kwargs: Any) -> None:
        self.queue.append(Reply(**kwargs))


def hash_embedding(text: str, dim: int = 64) -> list[float]:
    vec = [0.0] * dim
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        h = int(hashlib.md5(word.encode()).hexdigest(), 16)
        vec[h % dim] += 1.0 if (h >> 8) & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]


class LoopbackOpenAI(LoopbackServer):
    URL_PATH = "/v1"

    def __init__(self) -> None:
        self.chat = Endpoint()
        self.responses = Endpoint()  # the Responses API, streamed (what Codex CLI speaks)
        self.embeddings = Endpoint()
        self.embedding_dim = 64
        self.model_calls: list[str] = []
        self.seen: list[tuple[str, str]] = []  # (path, Authorization header) of every request, whatever the route
        server = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                server.seen.append((self.path, str(self.headers.get("Authorization") or "")))
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                if self.path.rstrip("/").endswith("/responses"):
                    stream = server._responses(body)
                    answer(self, stream, "text/event-stream")
                    return
                if self.path.rstrip("/").endswith("/chat/completions"):
                    status, payload = server._chat(body)
                elif self.path.rstrip("/").endswith("/embeddings"):
                    status, payload = server._embed(body)
                else:
                    status, payload = 404, {"error": {"message": f"no route {self.path}"}}
                if status < 0:  # drop the connection without an answer
                    self.close_connection = True
                    return
                data = json.dumps(payload).encode()
                try:
                    answer(self, data, status=status, headers={"retry-after-ms": "10"} if status == 429 else None)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self._serve(Handler)

    # ----- handlers ------------------------------------------------------------------------------
    def _next(self, endpoint: Endpoint, body: dict[str, Any]) -> Reply | None:
        endpoint.requests.append(body)
        return endpoint.queue.popleft() if endpoint.queue else None

    @staticmethod
    def _error(reply: Reply) -> tuple[int, dict[str, Any]]:
        return reply.status, {"error": {"message": reply.error or f"HTTP {reply.status}", "type": "test", "code": None}}

    def _chat(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        reply = self._next(self.chat, body)
        if reply is None:
            content = self.chat.default(body) if self.chat.default else "{}"
            reply = Reply(content=content if isinstance(content, str) else json.dumps(content))
        if reply.delay:
            time.sleep(reply.delay)
        if reply.body is not None:
            return reply.status, reply.body
        if reply.status != 200:
            return self._error(reply)
        message: dict[str, Any] = {"role": "assistant", "content": reply.content, "refusal": reply.refusal}
        if reply.refusal:
            message["content"] = None
        return 200, {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "test-model"),
            "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }

    def _responses(self, body: dict[str, Any]) -> bytes:
        """A streamed Responses API answer: created, one assistant message, completed (server-sent events)."""
        reply = self._next(self.responses, body)
        if reply is None:
            content = self.responses.default(body) if self.responses.default else "{}"
            reply = Reply(content=content if isinstance(content, str) else json.dumps(content))
        message = {
            "type": "message",
            "id": "msg_test",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": reply.content or "", "annotations": []}],
        }
        usage = {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120}
        events = [
            ("response.created", {"response": {"id": "resp_test", "status": "in_progress"}}),
            ("response.output_item.done", {"output_index": 0, "item": message}),
            ("response.completed", {"response": {"id": "resp_test", "status": "completed", "usage": usage}}),
        ]
        return "".join(
            f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n" for name, data in events
        ).encode()

    def _embed(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        reply = self._next(self.embeddings, body)
        if reply is not None and reply.delay:
            time.sleep(reply.delay)
        if reply is not None and reply.body is not None:
            return reply.status, reply.body
        if reply is not None and reply.status != 200:
            return self._error(reply)
        inputs = body.get("input", [])
        if isinstance(inputs, str):
            inputs = [inputs]
        dim = int(body.get("dimensions") or self.embedding_dim)
        embed = self.embeddings.default or (lambda text: hash_embedding(text, dim))
        data = [{"object": "embedding", "index": i, "embedding": embed(t)} for i, t in enumerate(inputs)]
        tokens = sum(len(str(t).split()) for t in inputs)
        return 200, {
            "object": "list",
            "data": data,
            "model": body.get("model", "test-embed"),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
