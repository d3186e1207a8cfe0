"""The live view: one run's page served on 127.0.0.1, rebuilt on each request, reloading when a move lands.

Only two paths exist: `/` (the page) and `/head.json` (the state's head hash and move count, which the page
polls). Nothing else is served, no other file is read, and a request whose Host is not loopback is refused.
"""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from argcheck.core import jsonio
from argcheck.cli.view import assets, page, run as runs

HOST = "127.0.0.1"
HEAD_PATH = "/head.json"
LOOPBACK_NAMES = ("127.0.0.1", "localhost")


def make_server(state_path: str, port: int = 0) -> ThreadingHTTPServer:
    """A server for `state_path` bound to loopback (port 0: any free port)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the http.server name)
            host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]")
            if host not in LOOPBACK_NAMES:
                return self._send(403, "text/plain", "only loopback requests are served\n")
            path = self.path.split("?", 1)[0]
            if path == "/":
                return self._page()
            if path == HEAD_PATH:
                return self._head()
            return self._send(404, "text/plain", "not found: the live view serves / and /head.json only\n")

        def _page(self):
            try:
                html = page.run_page(runs.load(state_path), live=HEAD_PATH)
            except (jsonio.InputError, runs.NotARun) as why:
                return self._send(503, "text/plain", f"cannot show {state_path} now: {why}\n")
            self._send(200, "text/html; charset=utf-8", html)

        def _head(self):
            try:
                doc = jsonio.load(state_path)
            except jsonio.InputError as why:
                return self._send(503, "application/json", json.dumps({"error": str(why)}))
            heads = {"head": doc.get("head"), "moves": doc.get("move_count")} if isinstance(doc, dict) else {}
            self._send(200, "application/json", json.dumps(heads))

        def _send(self, code: int, kind: str, text: str):
            body = text.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Content-Security-Policy", assets.policy(live=True))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet: the terminal shows only what the command prints
            pass

    return ThreadingHTTPServer((HOST, port), Handler)


def url_of(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_address[1]}/"


def serve(server: ThreadingHTTPServer) -> None:
    """Serve until Ctrl-C."""
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
