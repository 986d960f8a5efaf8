"""A Gemini API server on 127.0.0.1 for the real Gemini CLI (``GOOGLE_GEMINI_BASE_URL``, API-key auth).

``streamGenerateContent?alt=sse`` answers with the scripted texts in turn (server-sent events); any other model call
(Gemini CLI's router and utility calls) gets an empty JSON object as its text. Every request is recorded.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class LoopbackGemini:
    def __init__(self) -> None:
        self.replies: deque[str] = deque()
        self.requests: list[tuple[str, str, dict[str, Any]]] = []  # (path, API key header, body)
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {}
                server.requests.append((self.path, str(self.headers.get("x-goog-api-key") or ""), body))
                streamed = ":streamGenerateContent" in self.path
                text = server.replies.popleft() if streamed and server.replies else "{}"
                answer = {
                    "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP"}],
                    "usageMetadata": {"promptTokenCount": 900, "candidatesTokenCount": 60, "totalTokenCount": 960},
                }
                data = (f"data: {json.dumps(answer)}\r\n\r\n" if streamed else json.dumps(answer)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream" if streamed else "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
