"""What the loopback model servers of the tests share: a threaded HTTP server on 127.0.0.1, its URL and shutdown,
and one way to answer a request."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class QuietHandler(BaseHTTPRequestHandler):
    """HTTP/1.1 (keep-alive, as the real clients use it), and no request log in the test output."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass


class LoopbackServer:
    """Serves ``handler`` on a free port of 127.0.0.1 from a daemon thread; ``url`` ends with :attr:`URL_PATH`."""

    URL_PATH = ""

    def _serve(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{self.URL_PATH}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def answer(
    handler: BaseHTTPRequestHandler,
    data: bytes,
    content_type: str = "application/json",
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> None:
    """Send ``data`` as the whole response (its length given, so keep-alive connections stay in step)."""
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(data)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(data)
