"""Ctrl-C during `argcheck consult`: the consultee (the wrapper and everything it started) is stopped within a
second, nothing is recorded, argcheck exits 130, and the run can be consulted again."""

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

ROOT = Path(__file__).resolve().parents[2]
INTERRUPTED = 130
REPLY = {"envelope": 1, "consultee": "codex", "session_id": "s-2", "failure": None,
         "response": "```json\n" + json.dumps({"points": [{"id": "P1", "text": "Caching helps.",
                                                           "kind": "empirical"}]}) + "\n```"}
SLOW_WRAPPER = """#!/usr/bin/env bash
cat >/dev/null
sleep 60 &                      # a background child: SIGINT is ignored in it, as in any script
echo "$!" >"$PID_FILE"
wait "$!"
"""


def argcheck(*args, env=None, **popen):
    full = dict(os.environ, **(env or {}))
    full.pop("ARGCHECK_DEBUG", None)
    return subprocess.Popen([sys.executable, "-m", "argcheck", *map(str, args)], env=full, **popen)


@pytest.fixture
def state(tmp_path) -> Path:
    path = tmp_path / "d.json"
    made = argcheck("init", "deliberate", "--question", "Cache the replay?", "--state", path,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert made.wait(60) == 0
    return path


def wait_for(path: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not (path.exists() and path.read_text().strip()):
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def ctrl_c(process: subprocess.Popen) -> float:
    """Send SIGINT to the foreground process group, as a terminal's Ctrl-C does; seconds until argcheck exits."""
    started = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    process.wait(30)
    return time.monotonic() - started


def test_ctrl_c_stops_a_slow_consultee_records_nothing_and_exits_130(state, tmp_path):
    wrapper, pid_file = tmp_path / "slow-wrapper", tmp_path / "child.pid"
    wrapper.write_text(SLOW_WRAPPER)
    wrapper.chmod(0o755)
    before = state.read_bytes()
    consult = argcheck("consult", state, env={"ARGCHECK_CONSULT": str(wrapper), "PID_FILE": str(pid_file)},
                       start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(pid_file)
    seconds = ctrl_c(consult)
    child = int(pid_file.read_text())
    assert consult.returncode == INTERRUPTED, consult.stderr.read()
    assert seconds < 1.5, f"argcheck took {seconds:.2f}s to stop"
    assert not alive(child), "the consultee's child is still running"
    assert "interrupted" in consult.stderr.read().decode()
    assert state.read_bytes() == before

    fast = tmp_path / "fast-wrapper"
    (tmp_path / "reply.json").write_text(json.dumps(REPLY))
    fast.write_text(f"#!/bin/sh\ncat >/dev/null\ncat {tmp_path / 'reply.json'}\n")
    fast.chmod(0o755)
    again = argcheck("consult", state, env={"ARGCHECK_CONSULT": str(fast)}, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)
    assert again.wait(60) == 0, again.stderr.read()
    assert [m["type"] for m in json.loads(state.read_text())["moves"]] == ["consult", "point"]


@pytest.mark.skipif(shutil.which("jq") is None, reason="the real wrappers need jq (run-tests.sh installs it)")
def test_ctrl_c_stops_the_real_wrapper_and_its_cli_within_a_second(state, tmp_path):
    """Through wrappers/consult and a codex stand-in that hangs (tests/stubs/bin/fake-consultee)."""
    stubs, log = tmp_path / "bin", tmp_path / "calls"
    stubs.mkdir()
    (stubs / "codex").symlink_to(ROOT / "tests" / "stubs" / "bin" / "fake-consultee")
    env = {"ARGCHECK_CONSULT": f"bash {ROOT / 'wrappers' / 'consult'}", "PATH": f"{stubs}:{os.environ['PATH']}",
           "STUB_LOG": str(log), "STUB_HANG": "60", "XDG_STATE_HOME": str(tmp_path / "xdg")}
    before = state.read_bytes()
    consult = argcheck("consult", state, env=env, start_new_session=True, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    wait_for(log / "last" / "child_pid")
    seconds = ctrl_c(consult)
    child = int((log / "last" / "child_pid").read_text())
    assert consult.returncode == INTERRUPTED, consult.stderr.read()
    assert seconds < 1.5, f"argcheck took {seconds:.2f}s to stop"
    time.sleep(0.2)
    assert not alive(child), "the CLI's child is still running"
    assert state.read_bytes() == before
