"""An Anthropic Messages API server on 127.0.0.1 for the real Claude Code CLI (``ANTHROPIC_BASE_URL``).

``POST /v1/messages`` answers with the scripted texts in turn, streamed (server-sent events: message_start, one text
block, message_delta, message_stop) when the request asks for a stream, else as one message; anything else Claude
Code asks gets a harmless empty answer. Every request is recorded.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from loopback import LoopbackServer, QuietHandler, answer


class LoopbackAnthropic(LoopbackServer):
    def __init__(self) -> None:
        self.replies: deque[str] = deque()
        self.requests: list[tuple[str, str, dict[str, Any]]] = []  # (path, x-api-key header, body)
        server = self

        class Handler(QuietHandler):
            def do_HEAD(self) -> None:  # noqa: N802 (http.server API)
                answer(self, b"")

            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                answer(self, b"{}")

            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                server.requests.append((self.path, str(self.headers.get("x-api-key") or ""), body))
                if not self.path.startswith("/v1/messages") or "count_tokens" in self.path:
                    answer(self, json.dumps({"input_tokens": 10}).encode())
                    return
                text = server.replies.popleft() if server.replies else "{}"
                answer(self, *server._message(body, text))

        self._serve(Handler)

    @staticmethod
    def _message(body: dict[str, Any], text: str) -> tuple[bytes, str]:
        message: dict[str, Any] = {
            "id": "msg_loopback",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "loopback"),
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1200, "output_tokens": 1},
        }
        if not body.get("stream"):
            message.update(content=[{"type": "text", "text": text}], stop_reason="end_turn")
            return json.dumps(message).encode(), "application/json"
        events = [
            ("message_start", {"message": message}),
            ("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}}),
            ("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": text}}),
            ("content_block_stop", {"index": 0}),
            (
                "message_delta",
                {"delta": {"stop_reason": "end_turn", "stop_sequence": None}, "usage": {"output_tokens": 80}},
            ),
            ("message_stop", {}),
        ]
        stream = "".join(f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n" for name, data in events)
        return stream.encode(), "text/event-stream"
