"""Faults around the state file: concurrent writers, a process killed mid-write, a crash between the
temp write and the rename, and a lock held too long. The file is always the old or the new version,
always validates, and never loses an accepted move."""

from __future__ import annotations

import glob
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from filelock import FileLock


OK, FINDINGS, USAGE, INTERNAL, TERMINAL, BUSY = 0, 1, 2, 3, 4, 5


# About 2 KB: a few thousand ledger entries of this make a multi-megabyte state.
LONG_TEXT = ("Measured with `argcheck validate` on the generated state: replay is linear in the number "
             "of moves and dominated by JSON parsing and hashing. ") * 14


def argcheck_executable() -> str:
    """The console script next to this interpreter (the venv's), else the one on PATH."""
    beside = Path(sys.executable).parent / "argcheck"
    found = str(beside) if beside.exists() else shutil.which("argcheck")
    if found is None:
        pytest.skip("no argcheck console script installed")
    return found


def write_moves(directory: Path, moves, name: str = "moves.json") -> Path:
    """Write a move (or a list of moves) as a JSON file in `directory`."""
    path = Path(directory) / name
    path.write_text(json.dumps(moves, ensure_ascii=False))
    return path


def ledger_move(entry_id: str, text: str = "An observation.") -> dict:
    return {"type": "ledger", "actor": "orchestrator", "id": entry_id, "text": text,
            "provenance": "orchestrator-unverified", "claim_type": "empirical"}


def doc_of(path: Path) -> dict:
    return json.loads(path.read_bytes())


def visible_states(directory: Path) -> list[str]:
    """What `sessions` (and any *.json glob) would take for a state file."""
    return sorted(os.path.basename(p) for p in glob.glob(str(directory / "*.json")))


def assert_no_traceback(result) -> None:
    assert "Traceback" not in result.stdout and "Traceback" not in result.stderr, result.output


def spawn_apply(state: Path, moves: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([argcheck_executable(), "apply", str(state), str(moves), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# ---------------------------------------------------------------- concurrent apply processes


def test_two_concurrent_applies_keep_both_moves_in_order(run, state, tmp_path):
    """Two processes started together, many rounds: each round both distinct moves are kept (the lock
    serialises them), the log stays a valid chain, and no accepted move is ever lost."""
    accepted_ids = []
    for round_number in range(8):
        paths = [write_moves(tmp_path, ledger_move(f"L{round_number}{side}"), name=f"m{side}.json")
                 for side in "ab"]
        children = [spawn_apply(state, path) for path in paths]
        outcomes = [(child.wait(timeout=120), child.stdout.read(), child.stderr.read()) for child in children]
        for code, out, err in outcomes:
            assert code == OK, out + err
            assert "Traceback" not in out + err
        accepted_ids += [f"L{round_number}a", f"L{round_number}b"]
        doc = doc_of(state)
        assert doc["move_count"] == len(accepted_ids)
        assert sorted(m["id"] for m in doc["moves"]) == sorted(accepted_ids)
        assert [m["seq"] for m in doc["moves"]] == list(range(1, len(accepted_ids) + 1))
        assert run("validate", state).exit_code == OK
    assert visible_states(tmp_path) == ["ma.json", "mb.json", "state.json"]


def test_concurrent_applies_of_the_same_id_keep_exactly_one(run, state, tmp_path):
    """Conflicting moves (the same ledger id) race: one is applied, the other refused (DLB110); never both,
    never neither, and the refused process leaves the winner's file as it was."""
    for round_number in range(6):
        paths = [write_moves(tmp_path, ledger_move(f"X{round_number}", text=f"Version {side}."),
                             name=f"m{side}.json") for side in "abc"]
        children = [spawn_apply(state, path) for path in paths]
        codes = []
        for child in children:
            code = child.wait(timeout=120)
            output = child.stdout.read() + child.stderr.read()
            assert "Traceback" not in output
            if code == FINDINGS:
                assert "DLB110" in output, output
            codes.append(code)
        assert sorted(codes) == [OK, FINDINGS, FINDINGS], codes
        doc = doc_of(state)
        assert [m["id"] for m in doc["moves"]].count(f"X{round_number}") == 1
        assert run("validate", state).exit_code == OK
    assert doc_of(state)["move_count"] == 6


def test_many_concurrent_applies_lose_nothing(run, state, tmp_path):
    paths = [write_moves(tmp_path, ledger_move(f"M{i}"), name=f"m{i}.json") for i in range(6)]
    children = [spawn_apply(state, path) for path in paths]
    codes = [child.wait(timeout=180) for child in children]
    assert codes == [OK] * 6
    doc = doc_of(state)
    assert sorted(m["id"] for m in doc["moves"]) == sorted(f"M{i}" for i in range(6))
    assert run("validate", state).exit_code == OK


# ---------------------------------------------------------------- a process killed mid-write


@pytest.fixture
def large_state(state, tmp_path, run):
    """A state of a few MB, so that an apply spends measurable time reading, replaying and writing."""
    batch = [ledger_move(f"B{i}", text=LONG_TEXT) for i in range(1500)]
    result = run("apply", state, write_moves(tmp_path, batch, name="batch.json"))
    assert result.exit_code == OK, result.output
    assert state.stat().st_size > 1_000_000
    return state


def test_sigkill_during_apply_leaves_the_old_or_the_new_file(run, large_state, tmp_path):
    """SIGKILL an apply at random moments (reading, replaying, writing the temp file, renaming): the
    state is always byte-identical to the old or the new version, validates, and no temp file is
    visible as a state. Later applies still work (the kernel releases the dead process's lock)."""
    rng = random.Random(20260301)
    runtime = _time_one_apply(large_state, tmp_path)
    outcomes = {"old": 0, "new": 0}
    for attempt in range(12):
        before = large_state.read_bytes()
        moves = write_moves(tmp_path, ledger_move(f"K{attempt}"), name="k.json")
        child = spawn_apply(large_state, moves)
        time.sleep(rng.uniform(0.3, 1.1) * runtime)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        after = large_state.read_bytes()
        if after == before:
            outcomes["old"] += 1
        else:  # the whole new version: the old log plus exactly the new move
            outcomes["new"] += 1
            doc = doc_of(large_state)
            assert doc["moves"][-1]["id"] == f"K{attempt}"
            assert json.loads(before)["moves"] == doc["moves"][:-1]
        assert run("validate", large_state).exit_code == OK
        assert visible_states(tmp_path) == ["batch.json", "k.json", "state.json"]
        assert not any(name.endswith(".json") for name in os.listdir(tmp_path) if name.startswith("."))
    print(f"kills that left the old file: {outcomes['old']}, the new file: {outcomes['new']}")
    follow_up = run("apply", large_state, write_moves(tmp_path, ledger_move("AFTER"), name="after.json"))
    assert follow_up.exit_code == OK, follow_up.output
    assert run("validate", large_state).exit_code == OK
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []  # none outlives the next write


def _time_one_apply(state: Path, tmp_path: Path) -> float:
    """Wall time of one apply (then undone), to aim the kills at the whole of an apply's life."""
    before = state.read_bytes()
    moves = write_moves(tmp_path, ledger_move("TIMING"), name="t.json")
    started = time.perf_counter()
    assert spawn_apply(state, moves, "--dry-run").wait(timeout=120) == OK
    elapsed = time.perf_counter() - started
    assert state.read_bytes() == before
    os.unlink(moves)
    return elapsed


CRASH_BETWEEN_WRITE_AND_RENAME = textwrap.dedent("""
    import os, sys
    real_replace = os.replace
    def die(src, dst):
        # the temp file is complete here; the process dies before the rename, with no cleanup at all
        assert os.path.getsize(src) > 0
        os._exit(137)
    os.replace = die
    from argcheck.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_a_process_dying_between_temp_write_and_rename_leaves_the_old_file(run, opened_state, tmp_path):
    before = opened_state.read_bytes()
    moves = write_moves(tmp_path, ledger_move("L9"), name="crash.json")
    done = subprocess.run([sys.executable, "-c", CRASH_BETWEEN_WRITE_AND_RENAME, "apply", str(opened_state),
                           str(moves)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 137, done.stdout + done.stderr
    assert opened_state.read_bytes() == before
    leftovers = [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]
    assert leftovers and all(name.startswith(".") for name in leftovers)  # hidden and not *.json
    assert visible_states(tmp_path) == ["crash.json", "state.json"]
    assert run("validate", opened_state).exit_code == OK
    sessions = run("sessions", "--format", "json", "--dir", tmp_path)
    assert sessions.exit_code == OK, sessions.output
    assert not any(row["path"].endswith(".tmp") for row in sessions.json())
    assert run("apply", opened_state, moves).exit_code == OK  # the leftover lock file does not block
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []  # the next write removed it


SLOW_SYNC = textwrap.dedent("""
    import os, sys, time
    marker = os.environ["MARKER"]
    def slow_fsync(fd):
        open(marker, "w").close()  # the temp file is written; now hang until killed
        time.sleep(60)
    os.fsync = slow_fsync
    from argcheck.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_sigkill_while_the_temp_file_is_being_synced_leaves_the_old_file(run, large_state, tmp_path):
    """A deterministic kill inside the write: after the temp file is written, before fsync and rename."""
    before = large_state.read_bytes()
    marker = tmp_path / "writing.marker"
    moves = write_moves(tmp_path, ledger_move("SLOW"), name="slow.json")
    child = subprocess.Popen([sys.executable, "-c", SLOW_SYNC, "apply", str(large_state), str(moves)],
                             env=dict(os.environ, MARKER=str(marker)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not marker.exists() and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.01)
    assert marker.exists(), child.communicate()
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert large_state.read_bytes() == before
    assert visible_states(tmp_path) == ["batch.json", "slow.json", "state.json"]
    assert run("validate", large_state).exit_code == OK
    assert run("apply", large_state, moves).exit_code == OK
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []


def test_an_exception_during_the_rename_is_an_internal_error_and_changes_nothing(run, opened_state, tmp_path,
                                                                                 monkeypatch):
    before = opened_state.read_bytes()

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    result = run("apply", opened_state, write_moves(tmp_path, ledger_move("L9")))
    assert_no_traceback(result)
    assert result.exit_code in (USAGE, INTERNAL), result.output
    assert opened_state.read_bytes() == before
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []


def test_a_failing_fsync_changes_nothing(run, opened_state, tmp_path, monkeypatch):
    before = opened_state.read_bytes()
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "Input/output error")))
    result = run("apply", opened_state, write_moves(tmp_path, ledger_move("L9")))
    assert_no_traceback(result)
    assert result.exit_code in (USAGE, INTERNAL), result.output
    assert opened_state.read_bytes() == before
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []


def test_ctrl_c_during_the_write_changes_nothing(run, opened_state, tmp_path, monkeypatch):
    before = opened_state.read_bytes()
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(KeyboardInterrupt()))
    result = run("apply", opened_state, write_moves(tmp_path, ledger_move("L9")))
    assert_no_traceback(result)
    assert result.exit_code == 130, result.output
    assert opened_state.read_bytes() == before
    assert [name for name in os.listdir(tmp_path) if name.endswith(".tmp")] == []


# ---------------------------------------------------------------- lock timeout


def test_a_held_lock_times_out_with_exit_5(run, opened_state, tmp_path):
    before = opened_state.read_bytes()
    with FileLock(str(opened_state) + ".lock"):
        started = time.perf_counter()
        result = run("apply", opened_state, write_moves(tmp_path, ledger_move("L9")), "--lock-timeout", "0.3")
        waited = time.perf_counter() - started
    assert_no_traceback(result)
    assert result.exit_code == BUSY, result.output
    assert "locked" in result.stderr
    assert 0.25 <= waited < 5
    assert opened_state.read_bytes() == before
    assert run("apply", opened_state, write_moves(tmp_path, ledger_move("L9"))).exit_code == OK


def test_a_held_lock_times_out_with_exit_5_in_a_fresh_process(run_proc, opened_state, tmp_path):
    before = opened_state.read_bytes()
    with FileLock(str(opened_state) + ".lock"):
        result = run_proc("apply", opened_state, write_moves(tmp_path, ledger_move("L9")), "--lock-timeout", "0.2")
    assert_no_traceback(result)
    assert result.exit_code == BUSY, result.output
    assert opened_state.read_bytes() == before


def test_a_held_lock_times_out_for_ingest_too(run, opened_state, tmp_path):
    envelope = tmp_path / "envelope.json"
    envelope.write_text(json.dumps({"envelope": 1, "response": None, "failure": "timeout"}))
    before = opened_state.read_bytes()
    with FileLock(str(opened_state) + ".lock"):
        result = run("ingest", opened_state, envelope, "--lock-timeout", "0.2")
    assert_no_traceback(result)
    assert result.exit_code == BUSY, result.output
    assert opened_state.read_bytes() == before


def test_validate_does_not_wait_for_the_lock(run, opened_state):
    """Readers never block: the writer replaces the file atomically, so validate needs no lock."""
    with FileLock(str(opened_state) + ".lock"):
        started = time.perf_counter()
        result = run("validate", opened_state)
    assert result.exit_code == OK, result.output
    assert time.perf_counter() - started < 5


# ---------------------------------------------------------------- file identity


def test_apply_through_a_symlink_updates_the_target_and_keeps_the_link(run, opened_state, tmp_path):
    """Agents and hooks often point at a state through a symlink (e.g. .argcheck/current.json). The atomic
    rename must replace the real file, not the link: otherwise the link silently becomes a fork of the
    log and the real state never sees the move."""
    link = tmp_path / "current.json"
    link.symlink_to(opened_state.name)
    result = run("apply", link, write_moves(tmp_path, ledger_move("L9"), name="l9.json"))
    assert result.exit_code == OK, result.output
    assert link.is_symlink()
    assert doc_of(opened_state)["moves"][-1]["id"] == "L9"
    assert run("validate", opened_state).exit_code == OK
