"""Fixtures for the CLI tests: run argcheck in-process or as a subprocess, and fresh deliberate states."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner

from argcheck.cli import main

QUESTION = "Should the checker cache replayed states between calls?"
NOW = "2026-03-01T12:00:00Z"


class Result(NamedTuple):
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr

    def json(self):
        return json.loads(self.stdout)


def argcheck_executable() -> str:
    """The console script next to this interpreter (the venv's), else the one on PATH."""
    beside = Path(sys.executable).parent / "argcheck"
    if beside.exists():
        return str(beside)
    found = shutil.which("argcheck")
    if found is None:
        pytest.skip("no argcheck console script installed")
    return found


def run_in_process(*args: str, input: str | bytes | None = None, env: dict | None = None) -> Result:
    """Call argcheck.cli.main inside CliRunner's isolation (stdin, stdout, stderr and env swapped)."""
    runner = CliRunner()
    with runner.isolation(input=input, env=env) as (out, err, _mixed):
        code = main([str(a) for a in args])
        sys.stdout.flush()
        sys.stderr.flush()
        stdout, stderr = out.getvalue(), err.getvalue()
    return Result(code, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))


def run_process(*args: str, input: str | bytes | None = None, env: dict | None = None,
                timeout: float = 120, cwd: str | None = None) -> Result:
    """Run the installed console script in a fresh process."""
    full_env = dict(os.environ)
    full_env.pop("ARGCHECK_DEBUG", None)
    full_env.update(env or {})
    data = input.encode() if isinstance(input, str) else input
    done = subprocess.run([argcheck_executable(), *map(str, args)], input=data, capture_output=True,
                          env=full_env, timeout=timeout, cwd=cwd)
    return Result(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


@pytest.fixture
def run():
    """Run argcheck in-process: run("validate", path) -> Result(exit_code, stdout, stderr)."""
    return run_in_process


@pytest.fixture
def run_proc():
    """Run argcheck as a subprocess (the real console script)."""
    return run_process


@pytest.fixture(autouse=True)
def _quiet_environment(monkeypatch):
    """No debug tracebacks, the default size limit, and a fixed clock unless a test says otherwise."""
    monkeypatch.delenv("ARGCHECK_DEBUG", raising=False)
    monkeypatch.delenv("ARGCHECK_MAX_BYTES", raising=False)
    monkeypatch.setenv("ARGCHECK_NOW", NOW)


def init_state(path: Path, *extra: str, question: str = QUESTION) -> Path:
    result = run_in_process("init", "deliberate", "--question", question, "--state", str(path),
                            "--workspace", str(path.parent), *extra)
    assert result.exit_code == 0, result.output
    assert path.exists()
    return path


@pytest.fixture
def state(tmp_path) -> Path:
    """A fresh deliberate state file (no moves) in tmp_path."""
    return init_state(tmp_path / "state.json")


@pytest.fixture
def make_state(tmp_path):
    """Create more deliberate states: make_state("name.json", "--mode", "quick")."""
    return lambda name="other.json", *extra, **kw: init_state(tmp_path / name, *extra, **kw)


def write_moves(directory: Path, moves, name: str = "moves.json") -> Path:
    path = Path(directory) / name
    path.write_text(json.dumps(moves, ensure_ascii=False))
    return path


def apply_ok(state_path: Path, moves) -> Result:
    """Apply a move or a list of moves that must be accepted."""
    moves_path = write_moves(state_path.parent, moves, name=f".moves-{os.getpid()}.json")
    result = run_in_process("apply", str(state_path), str(moves_path))
    assert result.exit_code in (0, 4), result.output
    return result


# A short, legal opening of a deliberation (consultee proposes).
OPENING = [
    {"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "sess-1"},
    {"type": "point", "actor": "consultee", "id": "P1", "text": "Caching replays saves time on large states.",
     "kind": "value"},
    {"type": "point", "actor": "consultee", "id": "P2", "text": "Invalidation must follow the log head.",
     "kind": "value"},
    {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE",
     "reason": "Replays are linear in the log."},
    {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "validate replays every move.",
     "provenance": "orchestrator-unverified", "claim_type": "empirical", "supports": ["P1"]},
]


@pytest.fixture
def opening() -> list[dict]:
    """The legal opening moves that `opened_state` holds."""
    return [dict(m) for m in OPENING]


@pytest.fixture
def opened_state(state) -> Path:
    """A deliberate state with a few legal moves already applied."""
    apply_ok(state, OPENING)
    return state
