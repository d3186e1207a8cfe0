"""argcheck prompt prints nothing on stdout once no prompt is due, so a pipeline sends nothing."""

import os
import subprocess
import sys

ARGCHECK = [sys.executable, "-m", "argcheck"]


def run(*args, stdin=None):
    return subprocess.run([*ARGCHECK, *map(str, args)], input=stdin, capture_output=True, text=True,
                          env=dict(os.environ, ARGCHECK_NOW="2026-11-21T10:00:00Z"))


def test_prompt_of_an_aborted_deliberation_exits_4_with_nothing_on_stdout(tmp_path):
    state = tmp_path / "s.json"
    run("init", "deliberate", "--question", "Which queue?", "--consultee", "replay", "--state", state)
    assert "Which queue?" in run("prompt", state).stdout
    run("apply", state, "-", stdin='{"type": "abort", "actor": "user", "reason": "Not needed any more."}')
    result = run("prompt", state)
    assert (result.returncode, result.stdout) == (4, "")
    assert "no prompt is due" in result.stderr
