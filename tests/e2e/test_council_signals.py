"""The headless council (`argcheck init council --run`) under signals and stuck children, with real
subprocesses: the bash wrappers (wrappers/consult) in front of a stub CLI that hangs, and a dispatcher whose
descendant detaches and keeps stdout open.

- SIGTERM (or SIGHUP) to argcheck alone stops every wrapper, timeout, jq and CLI it started: no process of
  the run is left (each is found by an environment marker that every descendant inherits).
- A call's time limit holds even when a detached descendant keeps the wrapper's stdout open, and that
  descendant is ended with the call.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from argcheck.files import operations
from kit.processes import described, kill_marked, marked, new_marker, settled

ROOT = Path(__file__).resolve().parents[2]
CONSULT = ROOT / "wrappers" / "consult"
STUBS = ROOT / "tests" / "stubs" / "bin"
DOCUMENT = "# Design\n\nEvery event is written to one SQLite file; writes are batched every 500 ms.\n"

pytestmark = pytest.mark.skipif(not (shutil.which("jq") and shutil.which("timeout") and shutil.which("setsid")),
                                reason="the wrappers need jq and timeout(1); the stub needs setsid")


@pytest.fixture
def marker():
    value = new_marker()
    yield value
    kill_marked(value)


@pytest.fixture
def document(tmp_path) -> Path:
    path = tmp_path / "design.md"
    path.write_text(DOCUMENT)
    return path


def environment(tmp_path: Path, marker: str, **extra) -> dict:
    fake = tmp_path / "bin"
    fake.mkdir(exist_ok=True)
    (fake / "codex").symlink_to(STUBS / "fake-consultee")
    name, value = marker.split("=")
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}", STUB_LOG=str(tmp_path / "calls"),
               CONSULT_STATE_DIR=str(tmp_path / "sessions"), **{name: value}, **extra)
    env.pop("ARGCHECK_DEBUG", None)
    return env


def council_run(tmp_path: Path, document: Path, env: dict, *extra) -> subprocess.Popen:
    command = [sys.executable, "-m", "argcheck", "init", "council", "--document", str(document), "--state",
               str(tmp_path / "s.json"), "--consultee", "codex", "--run", *map(str, extra)]
    return subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def wait_for_calls(tmp_path: Path, count: int, within: float = 60) -> None:
    """Until `count` stub CLI calls have started their hanging child."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if len(list((tmp_path / "calls").glob("*/child_pid"))) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} consultee calls started within {within} s")


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_to_argcheck_alone_leaves_no_process_of_the_run(tmp_path, document, marker, signum):
    env = environment(tmp_path, marker, STUB_HANG="300")
    run = council_run(tmp_path, document, env, "--wrapper", CONSULT, "--timeout", "250")
    wait_for_calls(tmp_path, 6)
    running = len(marked(marker))
    assert running >= 6 * 4, running  # per persona: a wrapper, timeout, the CLI's shell, the CLI, its sleep, ...
    run.send_signal(signum)  # to argcheck's pid only, as `kill PID` or an agent's tool limit does
    out, err = run.communicate(timeout=30)
    assert run.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    assert settled(marker, within=10) == [], "processes of the run left running"
    outcome = operations.validate_file(str(tmp_path / "s.json"))
    assert not [f for f in outcome.findings if f.is_error]
    assert outcome.replay.engine.state.pending("critique")  # nothing recorded for the stopped calls


@pytest.mark.slow
def test_the_time_limit_holds_when_a_detached_child_keeps_stdout_open(tmp_path, document, marker):
    env = environment(tmp_path, marker, DETACH_MODE="hang")
    began = time.monotonic()
    run = council_run(tmp_path, document, env, "--wrapper", STUBS / "detaching-consult", "--timeout", "2")
    out, err = run.communicate(timeout=120)
    took = time.monotonic() - began
    assert run.returncode == 0, err
    # The personas in parallel, then the assessment: each call ends by --timeout plus the wrappers' 8 s grace.
    assert took < 2 * (2 + 8) + 15, took
    assert err.count("FAILED (timeout") == 6, err
    assert "no answer within 10 s" in err
    left = settled(marker, within=3)  # the detached sleeps too, though they left the run's process groups
    assert left == [], described(left)


@pytest.mark.slow
def test_a_wrapper_that_exits_is_not_waited_for_through_a_detached_childs_pipe(tmp_path, document, marker):
    env = environment(tmp_path, marker, DETACH_MODE="exit")
    began = time.monotonic()
    run = council_run(tmp_path, document, env, "--wrapper", STUBS / "detaching-consult")
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert time.monotonic() - began < 30 and err.count("FAILED (cli_error: detaching stub)") == 6, err
    assert json.loads((tmp_path / "s.json").read_text())["status"] == "assessed"


COUNCIL_STUB = ROOT / "tests" / "fixtures" / "skills" / "council" / "consult.py"


@pytest.mark.slow
@pytest.mark.parametrize("odd", [{"STUB_ODD_DETAIL": "Popper"}, {"STUB_SESSION": "Popper=7"},
                                 {"STUB_SESSION": "Popper=[1, 2]"}, {"STUB_SESSION": "Popper={\"id\": 1}"}],
                         ids=["detail-object", "session-number", "session-list", "session-object"])
def test_an_envelope_off_the_contract_does_not_stop_the_headless_council(tmp_path, odd):
    """Each envelope is normalized where it enters: an object `detail` is recorded as text, a numeric session
    id is resumed as its digits, and a list or object session id is dropped (a fresh session instead)."""
    from argcheck.protocols.council import demo

    document = tmp_path / "design.md"  # the document the stub's recorded critiques quote
    document.write_text(demo._data("design.md").read_text(encoding="utf-8"))
    env = dict(os.environ, STUB_LOG=str(tmp_path / "calls.log"), **odd)
    env.pop("ARGCHECK_DEBUG", None)
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "council", "--document", str(document),
                           "--state", str(tmp_path / "s.json"), "--consultee", "codex", "--run", "--wrapper",
                           str(COUNCIL_STUB)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "internal error" not in done.stderr, done.stderr
    state = operations.validate_file(str(tmp_path / "s.json")).replay.engine.state
    assert state.status == "assessed" and "Popper: refused" not in done.stderr, done.stderr
    calls = (tmp_path / "calls.log").read_text()
    if "STUB_ODD_DETAIL" in odd:
        assert state.rounds["critique"]["Popper"].failure == "cli_error"
        assert "FAILED (cli_error: {\"code\": 17" in done.stderr
    elif odd["STUB_SESSION"] == "Popper=7":
        assert "Popper codex resume 7" in calls
    else:  # the self-critique asks in a new session
        assert calls.count("Popper codex new") == 2 and "Popper codex resume" not in calls
        assert state.rounds["self_critique"]["Popper"].kind == "self_critique"
