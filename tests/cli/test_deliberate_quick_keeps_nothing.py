"""A quick deliberation keeps no state file in the project unless asked (issue 30; the Argumentation Protocol's
Quick Mode is stateless): the file lives while the run does and goes when it ends; `--keep` keeps it."""

import json
import os
import subprocess
import sys

from dlb import classify, point, present, reply, synthesize

ARGCHECK = [sys.executable, "-m", "argcheck"]


def argcheck(*args, cwd):
    return subprocess.run([*ARGCHECK, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          env=dict(os.environ, ARGCHECK_NOW="2026-11-28T03:00:00Z"))


def _quick(tmp_path, *extra):
    state = tmp_path / ".argcheck" / "quick.json"
    done = argcheck("init", "deliberate", "--question", "Is the cache worth it?", "--mode", "quick", "--consultee",
                    "replay", "--state", state, *extra, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    moves = [reply(), point("P1"), classify("P1", "AGREE"), reply(), synthesize("iteration_bound")]
    assert argcheck("apply", state, json.dumps(moves), cwd=tmp_path).returncode == 0
    return state


def test_a_quick_deliberation_removes_its_state_file_when_it_ends(tmp_path):
    state = _quick(tmp_path)
    assert state.exists()  # the run lives in the file while it runs
    step = argcheck("next", state, cwd=tmp_path).stdout
    assert "render the decision log, then present it" in step and "--keep" in step
    done = argcheck("apply", state, json.dumps(present()), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "in quick mode" in done.stdout and "is removed" in done.stdout
    assert not state.exists() and "quick.json" not in (tmp_path / ".argcheck" / "runs.index").read_text()


def test_keep_keeps_the_quick_deliberations_state_file(tmp_path):
    state = _quick(tmp_path, "--keep")
    assert argcheck("apply", state, json.dumps(present()), cwd=tmp_path).returncode == 0
    assert state.exists() and json.loads(state.read_text())["status"] == "presented"
    assert "ephemeral" not in json.loads(state.read_text())["header"]


def test_a_standard_deliberation_is_kept(tmp_path):
    state = tmp_path / ".argcheck" / "std.json"
    argcheck("init", "deliberate", "--question", "Is the cache worth it?", "--state", state, cwd=tmp_path)
    assert "ephemeral" not in json.loads(state.read_text())["header"]
