"""Creating and replacing state files under faults: two inits racing for one path, a temp file left by a
process killed mid-write, a refused apply on a mistyped path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from argcheck.core import lifecycle
from argcheck.files import writing
from conftest import QUESTION, argcheck_executable, init_state

OK, FINDINGS, USAGE = 0, 1, 2


def test_init_refuses_a_file_created_by_another_process_after_its_check(run, tmp_path, monkeypatch):
    """The other process wins the race between init's existence check and its write: init must fail
    and leave the winner's file as it is (it used to replace it)."""
    target = tmp_path / "state.json"
    create_state = lifecycle.create_state

    def lose_the_race(*args, **kwargs):
        target.write_text('{"the": "winner"}')
        return create_state(*args, **kwargs)

    monkeypatch.setattr(lifecycle, "create_state", lose_the_race)
    result = run("init", "deliberate", "--question", QUESTION, "--state", target)
    assert result.exit_code == USAGE and "already exists" in result.output, result.output
    assert target.read_text() == '{"the": "winner"}'
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_init_force_still_replaces_an_existing_file(run, tmp_path):
    state = init_state(tmp_path / "state.json")
    first = json.loads(state.read_text())["id"]
    result = run("init", "deliberate", "--question", QUESTION, "--state", state, "--force")
    assert result.exit_code == OK, result.output
    assert json.loads(state.read_text())["id"] != first


def test_simultaneous_inits_of_one_path_never_both_succeed(tmp_path):
    for round_number in range(10):
        target = tmp_path / f"race-{round_number}.json"
        children = [subprocess.Popen([argcheck_executable(), "init", "deliberate", "--question", QUESTION,
                                      "--state", str(target)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True) for _ in range(3)]
        outcomes = [(child.wait(timeout=120), child.stdout.read(), child.stderr.read()) for child in children]
        winners = [err for code, _, err in outcomes if code == OK]
        assert sorted(code for code, _, _ in outcomes) == [OK, USAGE, USAGE], outcomes
        assert json.loads(target.read_text())["id"] in winners[0]
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# ---------------------------------------------------------------- temp files left by a killed writer


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _temp_name(state: Path, pid: int) -> str:
    return f".{state.name}.{pid}-{writing._host_tag()}-abc123.tmp"


def test_a_later_write_removes_the_temp_file_of_a_dead_writer_only(run, opened_state, tmp_path):
    dead = tmp_path / _temp_name(opened_state, _dead_pid())
    dead.write_bytes(b"x" * 4096)
    mine = tmp_path / _temp_name(opened_state, os.getpid())  # a live writer: left alone
    mine.write_bytes(b"y")
    other_host = tmp_path / f".{opened_state.name}.{_dead_pid()}-00000000-abc123.tmp"
    other_host.write_bytes(b"z")  # cannot tell whether its writer runs: left alone
    other_file = tmp_path / _temp_name(tmp_path / "other.json", _dead_pid())
    other_file.write_bytes(b"w")  # another state's temp: that state's writes clean it
    moves = tmp_path / "m.json"
    moves.write_text(json.dumps({"type": "point", "actor": "orchestrator", "id": "P7", "text": "A point.",
                                 "kind": "value"}))
    assert run("apply", opened_state, moves).exit_code == OK
    assert not dead.exists()
    assert mine.exists() and other_host.exists() and other_file.exists()


def test_a_temp_file_named_by_the_writer_is_recognised_as_its_own(tmp_path):
    fd, temp = writing.temp_file(str(tmp_path / "s.json"))
    os.close(fd)
    name = os.path.basename(temp)
    assert name.startswith(".s.json.") and name.endswith(".tmp")
    assert writing.remove_stale_temps(str(tmp_path / "s.json")) == []  # its writer (this process) runs
    dead = tmp_path / name.replace(f".{os.getpid()}-", f".{_dead_pid()}-")
    os.rename(temp, dead)
    assert writing.remove_stale_temps(str(tmp_path / "s.json")) == [dead.name]


# ---------------------------------------------------------------- a mistyped path


MISTYPED = ["missing.json", "no-such-dir/state.json", "no/such/dir/state.json", "a-directory"]


def _moves(tmp_path: Path) -> Path:
    path = tmp_path / "moves.json"
    path.write_text(json.dumps({"type": "point", "actor": "orchestrator", "id": "P7", "text": "A point.",
                                "kind": "value"}))
    return path


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_apply_to_a_mistyped_path_creates_nothing(run, tmp_path):
    (tmp_path / "a-directory").mkdir()
    moves = _moves(tmp_path)
    before = _tree(tmp_path)
    for name in MISTYPED:
        result = run("apply", tmp_path / name, moves)
        assert result.exit_code == USAGE and "ARG007" in result.output, result.output
        dry = run("apply", tmp_path / name, moves, "--dry-run")
        assert dry.exit_code == USAGE, dry.output
    assert _tree(tmp_path) == before


def test_the_mcp_apply_to_a_mistyped_path_creates_nothing(tmp_path):
    from argcheck.mcp.server import call, tool_named

    for name in MISTYPED[:3]:
        result = call(tool_named("argcheck_apply"), state=str(tmp_path / name),
                      moves={"type": "abort", "actor": "user", "reason": "Moot."})
        assert not result["ok"] and result["error"]["code"] == "ARG007", result
    assert _tree(tmp_path) == []


def test_sessions_prune_removes_the_temp_files_of_dead_writers(run, opened_state, tmp_path):
    """A state that is never written again keeps its killed writer's temp file until prune runs."""
    dead = tmp_path / _temp_name(opened_state, _dead_pid())
    dead.write_bytes(b"x" * 4096)
    assert run("sessions", "prune", "--older-than", "1d", "--dir", tmp_path, "--dry-run").exit_code == OK
    assert dead.exists()
    assert run("sessions", "prune", "--older-than", "1d", "--dir", tmp_path).exit_code == OK
    assert not dead.exists() and opened_state.exists()
