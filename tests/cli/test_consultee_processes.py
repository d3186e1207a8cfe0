"""No consultee process outlives its run, for `argcheck consult` and `argcheck init council --run` alike.

Both commands call consultees through the one runner (argcheck/files/consulting.py), here with
ARGCHECK_CONSULT="bash <checkout>/wrappers/consult" (a command with an argument) in front of a stub CLI
(tests/stubs/bin/fake-consultee as `codex`), or through a dispatcher whose descendant detaches
(tests/stubs/bin/detaching-consult). Every process a case starts inherits an environment marker; once
argcheck has exited, however it ended (a reply, a timeout, SIGTERM, SIGHUP, SIGINT, SIGKILL), no process
with that marker is alive: not the wrappers, not timeout(1), not the CLI, not what the CLI left behind.
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

from kit.processes import described, kill_marked, marked, new_marker, settled

ROOT = Path(__file__).resolve().parents[2]
STUBS = ROOT / "tests" / "stubs" / "bin"
INTERRUPTED = 130
DOCUMENT = "# Design\n\nEvery event is written to one SQLite file; writes are batched every 500 ms.\n"
PANEL = {"personas": [{"name": "Skeptic", "focus": "what fails first", "heuristic": "ask for the evidence"},
                      {"name": "Builder", "focus": "what it costs", "heuristic": "count the moving parts"}]}
POINTS = {"points": [{"id": "P1", "text": "Batching loses at most 500 ms of events.", "kind": "empirical"}]}
COMMANDS = ("consult", "council")
CALLS = {"consult": 1, "council": len(PANEL["personas"])}  # calls running at once

pytestmark = pytest.mark.skipif(
    not (Path("/proc/self/environ").exists() and shutil.which("jq") and shutil.which("timeout")
         and shutil.which("setsid")),
    reason="Linux /proc; the wrappers need jq and timeout(1), the stub setsid (run-tests.sh installs them)")


@pytest.fixture
def marker():
    value = new_marker()
    yield value
    kill_marked(value)  # whatever a failing case left


@pytest.fixture
def workdir(tmp_path) -> Path:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "codex").symlink_to(STUBS / "fake-consultee")
    (tmp_path / "design.md").write_text(DOCUMENT)
    (tmp_path / "panel.json").write_text(json.dumps(PANEL))
    reply = {"type": "item.completed", "item": {"id": "item_0", "type": "agent_message",
                                                 "text": "```json\n" + json.dumps(POINTS) + "\n```"}}
    events = [{"type": "thread.started", "thread_id": "0199a0b0-0000-7000-8000-000000000001"}, reply,
              {"type": "turn.completed", "usage": {"input_tokens": 10, "output_tokens": 5}}]
    (tmp_path / "reply.stdout").write_text("".join(json.dumps(e) + "\n" for e in events))
    made = run_argcheck(tmp_path, {}, "init", "deliberate", "--question", "Batch the writes?", "--consultee", "codex",
                        "--state", "d.json")
    assert made.wait(60) == 0
    return tmp_path


def environment(workdir: Path, marker: str, wrapper: str | None = None, **extra) -> dict:
    name, value = marker.split("=")
    env = dict(os.environ, PATH=f"{workdir / 'bin'}:{os.environ['PATH']}", STUB_LOG=str(workdir / "calls"),
               STUB_CASE=str(workdir / "reply"), CONSULT_STATE_DIR=str(workdir / "sessions"),
               ARGCHECK_CONSULT=wrapper or f"bash {ROOT / 'wrappers' / 'consult'}", **{name: value}, **extra)
    env.pop("ARGCHECK_DEBUG", None)
    return env


def run_argcheck(workdir: Path, env: dict, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "argcheck", *map(str, args)], cwd=workdir,
                            env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def start(command: str, workdir: Path, env: dict, timeout: int = 60) -> subprocess.Popen:
    if command == "consult":
        return run_argcheck(workdir, env, "consult", "d.json", "--timeout", timeout)
    return run_argcheck(workdir, env, "init", "council", "--document", "design.md", "--panel", "panel.json",
                        "--state", "c.json", "--consultee", "codex", "--run", "--timeout", timeout)


def finished(run: subprocess.Popen, within: float = 60) -> tuple[int, str]:
    try:
        _, err = run.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        run.kill()
        raise AssertionError(f"argcheck still running after {within} s") from None
    return run.returncode, err


def assert_none_left(marker: str, within: float = 3.0) -> None:
    left = settled(marker, within)
    assert left == [], "left running:\n" + "\n".join(described(left))


def wait_for_hanging_calls(workdir: Path, count: int, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while len(list((workdir / "calls").glob("*/child_pid"))) < count:
        assert time.monotonic() < deadline, f"fewer than {count} consultee calls started within {within} s"
        time.sleep(0.05)


def recorded(command: str, workdir: Path) -> list[dict]:
    path = workdir / ("d.json" if command == "consult" else "c.json")
    return json.loads(path.read_text())["moves"] if path.exists() else []


def failures(command: str, workdir: Path) -> set[str]:
    """The failure classes recorded (deliberate's consult move and the council's persona_failure differ)."""
    return {m.get("failure_class") or m.get("failure") for m in recorded(command, workdir)} - {None}


@pytest.mark.parametrize("command", COMMANDS)
def test_argcheck_consult_with_arguments_runs_the_real_wrapper_for_both_commands(command, workdir, marker):
    run = start(command, workdir, environment(workdir, marker))
    code, err = finished(run)
    assert code == 0 and "Traceback" not in err, err
    calls = sorted((workdir / "calls").glob("[0-9]*/argv"))
    assert calls and all(path.read_bytes().split(b"\0")[0] == b"exec" for path in calls)  # codex exec ...
    if command == "consult":
        assert [m["type"] for m in recorded(command, workdir)] == ["consult", "point"]
    else:
        assert "recorded in" in err and "not_installed" not in err, err
    assert_none_left(marker)


@pytest.mark.parametrize("leaves", ["STUB_LINGER", "STUB_DETACH"], ids=["child-holding-stdout", "setsid-daemon"])
@pytest.mark.parametrize("command", COMMANDS)
def test_what_the_cli_leaves_behind_after_its_reply_is_ended(command, leaves, workdir, marker):
    run = start(command, workdir, environment(workdir, marker, **{leaves: "300"}))
    code, err = finished(run)
    assert code == 0, err
    assert_none_left(marker)


# The council's hanging dispatcher is tests/e2e/test_council_signals.py (two rounds of a 10 s deadline).
@pytest.mark.parametrize("command, mode", [("consult", "exit"), ("council", "exit"),
                                           pytest.param("consult", "hang", marks=pytest.mark.slow)])  # a 9 s deadline
def test_a_detached_descendant_holding_argchecks_pipe_neither_holds_the_call_nor_outlives_it(command, mode, workdir,
                                                                                             marker):
    env = environment(workdir, marker, wrapper=str(STUBS / "detaching-consult"), DETACH_MODE=mode)
    began = time.monotonic()
    run = start(command, workdir, env, timeout=1)
    code, err = finished(run)
    assert code in (0, 1) and "Traceback" not in err, err  # the failure envelope is recorded
    assert time.monotonic() - began < 30, "the call waited for the detached descendant's pipe"
    assert failures(command, workdir) == {"timeout" if mode == "hang" else "cli_error"}, err
    assert_none_left(marker)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_hanging_cli_is_stopped_at_the_time_limit_and_nothing_is_left(command, workdir, marker):
    run = start(command, workdir, environment(workdir, marker, STUB_HANG="300"), timeout=1)
    code, err = finished(run)
    assert code in (0, 1) and "Traceback" not in err, err
    assert failures(command, workdir) == {"timeout"}, err
    assert_none_left(marker)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_stop_signal_to_argcheck_alone_ends_every_process_it_started(command, signum, workdir, marker):
    run = start(command, workdir, environment(workdir, marker, STUB_HANG="300"), timeout=250)
    wait_for_hanging_calls(workdir, CALLS[command])
    before = recorded(command, workdir)
    run.send_signal(signum)  # to argcheck's pid only, as `kill PID`, a closed terminal or a tool's time limit does
    code, err = finished(run, within=30)
    assert code == INTERRUPTED and "Traceback" not in err, err
    assert_none_left(marker, within=1.0)  # argcheck has returned: it waited for them
    assert recorded(command, workdir) == before  # nothing recorded for the stopped calls


@pytest.mark.parametrize("command", COMMANDS)
def test_sigkill_of_argcheck_stops_its_consultees_within_a_second(command, workdir, marker):
    run = start(command, workdir, environment(workdir, marker, STUB_HANG="300", STUB_IGNORE_TERM="1"),
                timeout=250)
    wait_for_hanging_calls(workdir, CALLS[command])
    assert len(marked(marker)) >= 4 * CALLS[command]  # per call: a wrapper, timeout, the CLI's shell, the CLI, ...
    run.kill()
    run.wait()
    killed = time.monotonic()
    left = settled(marker, within=5.0)
    took = time.monotonic() - killed
    assert left == [], "left running:\n" + "\n".join(described(left))
    # The watchdog's grace is half a second; allow for a loaded machine (2 cores shared by the whole suite).
    assert took < 3.0, f"the consultees stopped {took:.2f} s after argcheck was killed"
