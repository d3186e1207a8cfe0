"""`argcheck sessions prune` prunes the finished runs of every protocol and leaves no lock files behind."""

from __future__ import annotations

import shutil
from pathlib import Path

from argcheck.files import statefile
from tests.cli.test_sessions import argcheck

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "state" / "examples" / "valid"
FINISHED = ["council-assessed", "deliberate-standard-presented", "toulmin-sustained-reported",
            "toulmin-terminated-irrelevant-warrant", "triz-cancelled", "triz-five-rounds-crystallized"]
OPEN = ["council-self-critiquing", "deliberate-minimal-in-progress", "toulmin-council-overruled", "triz-exploring"]
LATER = "2027-06-01T00:00:00Z"


def _runs(tmp_path) -> Path:
    folder = tmp_path / ".argcheck"
    folder.mkdir()
    for name in FINISHED + OPEN:
        shutil.copy(VALID / f"{name}.json", folder / f"{name}.json")
    return folder


def test_prune_deletes_the_finished_runs_of_every_protocol_and_keeps_the_open_ones(tmp_path):
    folder = _runs(tmp_path)
    done = argcheck("sessions", "prune", "--older-than", "7d", cwd=tmp_path, now=LATER)
    assert done.returncode == 0, done.stderr
    assert sorted(p.stem for p in folder.iterdir()) == sorted(OPEN)
    assert f"{len(FINISHED)} state files pruned" in done.stderr


def test_prune_leaves_no_lock_file_and_sweeps_idle_ones(tmp_path):
    folder = _runs(tmp_path)
    (folder / "deliberate-standard-presented.json.lock").touch()  # left by a writer killed with -9
    (folder / "triz-exploring.json.lock").touch()
    done = argcheck("sessions", "prune", "--older-than", "7d", cwd=tmp_path, now=LATER)
    assert done.returncode == 0, done.stderr
    assert not list(folder.glob("*.lock"))


def test_prune_keeps_the_lock_of_a_run_being_written(tmp_path):
    folder = _runs(tmp_path)
    busy = folder / "triz-cancelled.json"
    with statefile.locked(str(busy), timeout=1):
        done = argcheck("sessions", "prune", "--older-than", "7d", cwd=tmp_path, now=LATER)
        assert (folder / "triz-cancelled.json.lock").exists()
    assert done.returncode == 0 and busy.exists()
    assert "being written by another process; kept it" in done.stderr


def test_apply_and_ingest_leave_no_lock_file(tmp_path):
    state = tmp_path / ".argcheck" / "d.json"
    argcheck("init", "deliberate", "--question", "Cache it?", "--consultee", "replay", "--state", state, cwd=tmp_path)
    point = '{"type": "point", "actor": "orchestrator", "id": "P1", "text": "A point.", "kind": "value"}'
    assert argcheck("apply", state, point, cwd=tmp_path).returncode == 0
    failed = '{"envelope": 1, "response": null, "failure": "timeout"}'
    assert argcheck("ingest", state, failed, cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in state.parent.iterdir()) == [".gitignore", "d.json", "runs.index"]  # no lock file
