"""argcheck sessions lists state files and prunes old finished ones; prune is a real subcommand."""

import json
import os
import subprocess
import sys

ARGCHECK = [sys.executable, "-m", "argcheck"]


def argcheck(*args, cwd, now=None):
    env = dict(os.environ)
    if now:
        env["ARGCHECK_NOW"] = now
    return subprocess.run([*ARGCHECK, *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True)


def make_run(tmp_path, name, now, finished):
    state = tmp_path / ".argcheck" / name
    argcheck("init", "deliberate", "--question", f"question {name}", "--consultee", "replay", "--state", state,
             cwd=tmp_path, now=now)
    if finished:
        move = '{"type": "abort", "actor": "user", "reason": "The user stopped it."}'
        subprocess.run([*ARGCHECK, "apply", str(state), "-"], input=move, text=True, capture_output=True,
                       env=dict(os.environ, ARGCHECK_NOW=now))
    return state


def test_sessions_lists_runs_newest_first(tmp_path):
    make_run(tmp_path, "old.json", "2026-01-01T00:00:00Z", finished=True)
    make_run(tmp_path, "new.json", "2026-11-01T00:00:00Z", finished=False)
    listed = argcheck("sessions", "--format", "json", cwd=tmp_path, now="2026-11-02T00:00:00Z")
    rows = json.loads(listed.stdout)
    assert [os.path.basename(r["path"]) for r in rows] == ["new.json", "old.json"]
    assert [r["status"] for r in rows] == ["in_progress", "aborted"]
    assert rows[0]["age"] == "1d"


def test_prune_deletes_only_old_finished_runs(tmp_path):
    old = make_run(tmp_path, "old.json", "2026-01-01T00:00:00Z", finished=True)
    open_run = make_run(tmp_path, "open.json", "2026-01-01T00:00:00Z", finished=False)
    dry = argcheck("sessions", "prune", "--older-than", "7d", "--dry-run", cwd=tmp_path, now="2026-11-02T00:00:00Z")
    assert dry.returncode == 0 and "would delete" in dry.stdout and old.exists()
    done = argcheck("sessions", "prune", "--older-than", "7d", cwd=tmp_path, now="2026-11-02T00:00:00Z")
    assert done.returncode == 0, done.stderr
    assert not old.exists() and open_run.exists()


def test_prune_rejects_a_bad_age(tmp_path):
    result = argcheck("sessions", "prune", "--older-than", "soon", cwd=tmp_path)
    assert result.returncode == 2 and "30m, 12h, 7d, 2w" in result.stderr


LONG_QUESTION = "Should the checker cache replayed states between calls, or is replaying every time fast enough " \
                "for a thousand moves?"


def test_sessions_json_keeps_the_full_question(tmp_path):
    state = tmp_path / ".argcheck" / "long.json"
    argcheck("init", "deliberate", "--question", LONG_QUESTION, "--state", state, cwd=tmp_path)
    rows = json.loads(argcheck("sessions", "--format", "json", cwd=tmp_path).stdout)
    assert rows[0]["question"] == LONG_QUESTION


def test_sessions_text_lines_up_its_columns_and_counts_one_move(tmp_path):
    make_run(tmp_path, "a-much-longer-name.json", "2026-01-01T00:00:00Z", finished=True)
    make_run(tmp_path, "b.json", "2026-11-01T00:00:00Z", finished=False)
    lines = argcheck("sessions", cwd=tmp_path, now="2026-11-02T00:00:00Z").stdout.splitlines()
    assert lines[0].split() == ["PATH", "PROTOCOL", "STATUS", "MOVES", "AGE", "QUESTION"]
    starts = {line.index("question") for line in lines[1:]}
    assert len(starts) == 1 and lines[0].index("QUESTION") in starts
    assert " 1 move " in lines[1] + lines[2] and " 1 moves" not in "\n".join(lines)


def test_sessions_of_a_missing_directory_is_a_usage_error(tmp_path):
    for args in (("sessions", "--dir", "nosuchdir"), ("sessions", "prune", "--dir", "nosuchdir", "--older-than", "1d")):
        result = argcheck(*args, cwd=tmp_path)
        assert result.returncode == 2 and "nosuchdir" in result.stderr and "does not exist" in result.stderr


def test_validate_counts_one_move(tmp_path):
    state = make_run(tmp_path, "one.json", "2026-01-01T00:00:00Z", finished=True)
    assert "1 move)" in argcheck("validate", state, cwd=tmp_path).stdout
