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


def test_init_names_the_default_state_file_after_the_runs_id(tmp_path):
    result = subprocess.run([*ARGCHECK, "init", "deliberate", "--question", "Which queue?"], cwd=tmp_path,
                            capture_output=True, text=True)
    path = tmp_path / result.stdout.strip()
    state_id = __import__("json").loads(path.read_text())["id"]
    assert path.name == f"deliberate-{state_id}.json" and path.parent.name == ".argcheck"
