"""The live view: one run's page served on 127.0.0.1, rebuilt on each request, reloading when a move lands.

Three paths exist: `/` (the page, with the pending question as a form), `/head.json` (the state's head hash
and move count, which the page polls) and `/answer` (POST: the form's answer, cli/view/answers.py). Nothing
else is served, no other file is read, and a request whose Host (or Origin) is not this loopback server is
refused. The per-serve secret the forms carry is made here and goes only into the pages served: never into
the state, a log or the terminal.
"""

from __future__ import annotations

import json
import secrets
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from argcheck.core import jsonio
from argcheck.cli.view import assets, page, run as runs

HOST = "127.0.0.1"
HEAD_PATH = "/head.json"
ANSWER_PATH = "/answer"
LOOPBACK_NAMES = ("127.0.0.1", "localhost")
REFUSAL_STATUS = {"ARG041": 403, "ARG042": 409, "ARG044": 409}


def make_server(state_path: str, port: int = 0) -> ThreadingHTTPServer:
    """A server for `state_path` bound to loopback (port 0: any free port)."""
    secret = secrets.token_urlsafe(32)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the http.server name)
            if not self._loopback():
                return self._send(403, "text/plain", "only loopback requests are served\n")
            path, _, query = self.path.partition("?")
            if path == "/":
                return self._page(recorded=_recorded_of(query))
            if path == HEAD_PATH:
                return self._head()
            return self._send(404, "text/plain", "not found: the live view serves / and /head.json only\n")

        def do_POST(self):  # noqa: N802
            if not self._loopback() or not self._same_origin():
                return self._send(403, "text/plain", "only this page may post its answer\n")
            if self.path.split("?", 1)[0] != ANSWER_PATH:
                return self._send(404, "text/plain", "not found: answers go to /answer\n")
            from argcheck.cli.view import answers

            length = self.headers.get("Content-Length") or ""
            if not length.isdigit() or int(length) > answers.MAX_BODY:
                return self._send(413, "text/plain", "the answer is missing its length or is too large\n")
            try:
                answer = answers.submit(state_path, self.rfile.read(int(length)), secret)
            except (jsonio.InputError, runs.NotARun) as why:
                return self._send(503, "text/plain", f"cannot record in {state_path} now: {why}\n")
            if answer.recorded:
                return self._redirect("/?recorded=1#answer")
            codes = [f.code for f in answer.findings]
            status = next((REFUSAL_STATUS[c] for c in codes if c in REFUSAL_STATUS), 422)
            if "ARG041" in codes:  # no page for a caller without the secret
                return self._send(403, "text/plain", "refused: ARG041 PAGE_SECRET_MISSING (nothing recorded)\n")
            self._page(refused=answer.findings or [], values=answer.values, status=status)

        def _loopback(self) -> bool:
            host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]")
            return host in LOOPBACK_NAMES

        def _same_origin(self) -> bool:
            origin = self.headers.get("Origin")
            if origin in (None, "null"):  # the page sends no referrer, so its posts say "null": the secret decides
                return True
            port = self.server.server_address[1]
            return origin in (f"http://{name}:{port}" for name in LOOPBACK_NAMES)

        def _page(self, refused=(), values=None, recorded=False, status=200):
            from argcheck.cli.view import answers, forms

            try:
                run = runs.load(state_path)
                note = _last_page_answer(run) if recorded else ""
                busy = "Not recorded: the state file is busy; send the form again." if status != 200 and not refused \
                    else ""
                answer = forms.section(answers.pending_form(run), secret, str(run.doc.get("head", "")),
                                       refused=refused, values=values, recorded=note, notice=busy)
                html = page.run_page(run, live=HEAD_PATH, answer=answer)
            except (jsonio.InputError, runs.NotARun) as why:
                return self._send(503, "text/plain", f"cannot show {state_path} now: {why}\n")
            self._send(status, "text/html; charset=utf-8", html)

        def _head(self):
            try:
                doc = jsonio.load(state_path)
            except jsonio.InputError as why:
                return self._send(503, "application/json", json.dumps({"error": str(why)}))
            heads = {"head": doc.get("head"), "moves": doc.get("move_count")} if isinstance(doc, dict) else {}
            self._send(200, "application/json", json.dumps(heads))

        def _redirect(self, where: str):
            self.send_response(303)
            self.send_header("Location", where)
            self.send_header("Content-Length", "0")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()

        def _send(self, code: int, kind: str, text: str):
            body = text.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            # (frame-ancestors works only in the header: no other site may frame the form to click it)
            self.send_header("Content-Security-Policy", assets.policy(live=True) + "; frame-ancestors 'none'")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet: the terminal shows only what the command prints
            pass

    return ThreadingHTTPServer((HOST, port), Handler)


def _recorded_of(query: str) -> bool:
    return "recorded=1" in query.split("&")


def _last_page_answer(run) -> str:
    """What the page recorded last, when the log's last move is its answer ("" otherwise)."""
    moves = run.doc.get("moves") or []
    last = moves[-1] if moves and isinstance(moves[-1], dict) else {}
    if last.get("via") != "page":
        return ""
    return f"Recorded your {last.get('type')} as move #{last.get('seq')}. The agent's `argcheck next` says so."


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
