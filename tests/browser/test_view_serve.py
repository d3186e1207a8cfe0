"""`argcheck view STATE --serve`: loopback only, only the run's page and head, the page reloads within 2 s of
an `apply`, and Ctrl-C stops it."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import time

import pytest
from pagekit import TOULMIN_EXAMPLE, argcheck

pytestmark = pytest.mark.browser
QUERY = "Should our team adopt type hints across the Python codebase?"


def first_move() -> dict:
    doc = json.loads(TOULMIN_EXAMPLE.read_text(encoding="utf-8"))
    return {k: v for k, v in doc["moves"][0].items() if k not in ("seq", "prev", "at")}


@pytest.fixture
def served(tmp_path):
    state = tmp_path / "live.json"
    argcheck("init", "toulmin", "--query", QUERY, "--state", state, "-q")
    server = subprocess.Popen([sys.executable, "-m", "argcheck", "view", str(state), "--serve", "--no-open"],
                              stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = server.stderr.readline()
    match = re.search(r"at (http://127\.0\.0\.1:(\d+)/)", line)
    assert match, line
    yield state, match.group(1), int(match.group(2)), server
    if server.poll() is None:
        server.kill()
        server.wait(timeout=10)


def get(port: int, path: str, host: str = "127.0.0.1") -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Host": f"{host}:{port}"})
    reply = connection.getresponse()
    return reply.status, reply.read().decode("utf-8", "replace")


def test_the_page_reloads_within_two_seconds_of_an_apply(served, open_page, capsys):
    state, url, _, _ = served
    opened = open_page(url)
    assert opened.page.locator("details.move").count() == 0
    assert opened.page.locator(".live").is_visible()
    started = time.perf_counter()
    argcheck("apply", state, "-", stdin=json.dumps(first_move()))
    while opened.page.locator("details.move").count() == 0 and time.perf_counter() - started < 2.0:
        opened.page.wait_for_timeout(50)  # (the page's policy forbids eval, so wait_for_function cannot run)
    elapsed = time.perf_counter() - started
    assert opened.page.locator("details.move").count() == 1, f"no reload {elapsed:.2f}s after the apply"
    assert opened.page.locator("#move-1").get_attribute("data-type") == "council_request"
    assert opened.errors == []
    assert all(request.startswith(url) for request in opened.requests), opened.requests
    with capsys.disabled():
        print(f"\n[view --serve] the page showed the applied move {elapsed:.2f}s after `apply` started")


def test_only_the_page_and_its_head_are_served(served):
    state, _, port, _ = served
    assert get(port, "/")[0] == 200
    status, body = get(port, "/head.json")
    assert status == 200 and json.loads(body) == {"head": json.loads(state.read_text())["head"], "moves": 0}
    for path in (f"/{state.name}", "/../live.json", "/etc/passwd", "/%2e%2e/live.json", "/index.html"):
        assert get(port, path)[0] == 404, path
    assert get(port, "/", host="attacker.example")[0] == 403  # a rebound name is refused


def test_ctrl_c_stops_the_server(served):
    _, _, port, server = served
    assert get(port, "/")[0] == 200
    server.send_signal(signal.SIGINT)
    assert server.wait(timeout=10) == 0
    assert "stopped" in server.stderr.read()
    with pytest.raises(OSError):
        get(port, "/")


def test_serve_refuses_a_folder(tmp_path):
    done = argcheck("view", tmp_path, "--serve", "--no-open", check=False)
    assert done.returncode == 2 and "--serve shows one run" in done.stderr
