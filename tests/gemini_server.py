"""A Gemini API server on 127.0.0.1 for the real Gemini CLI (``GOOGLE_GEMINI_BASE_URL``, API-key auth).

``streamGenerateContent?alt=sse`` answers with the scripted texts in turn (server-sent events); any other model call
(Gemini CLI's router and utility calls) gets an empty JSON object as its text. Every request is recorded.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from loopback import LoopbackServer, QuietHandler, answer


class LoopbackGemini(LoopbackServer):
    def __init__(self) -> None:
        self.replies: deque[str] = deque()
        self.requests: list[tuple[str, str, dict[str, Any]]] = []  # (path, API key header, body)
        server = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                answer(self, b"", status=404)

            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                server.requests.append((self.path, str(self.headers.get("x-goog-api-key") or ""), body))
                streamed = ":streamGenerateContent" in self.path
                text = server.replies.popleft() if streamed and server.replies else "{}"
                reply = {
                    "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP"}],
                    "usageMetadata": {"promptTokenCount": 900, "candidatesTokenCount": 60, "totalTokenCount": 960},
                }
                data = (f"data: {json.dumps(reply)}\r\n\r\n" if streamed else json.dumps(reply)).encode()
                answer(self, data, "text/event-stream" if streamed else "application/json")

        self._serve(Handler)
