"""`argcheck demo`: the bundled deliberation replays end to end, with no consultee and no API key."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from argcheck.files import operations
from argcheck.protocols.deliberate.demo import STATE_NAME, load_script
from argcheck.cli.commands.demo import play
from argcheck.core.findings import has_errors


def run_demo(out, **options) -> int:
    """The deliberate demo with the real file operations (the shell's `play`)."""
    return play("deliberate", out, **options)


def run_cli(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "argcheck", "demo", *args], check=False,
                          capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def test_demo_replays_every_turn_and_ends_with_the_decision_log(tmp_path):
    done = run_cli("--no-color", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    turns = len(load_script()["turns"])
    assert f"── turn {turns}/{turns} · orchestrator · present" in out
    assert "REFUSED (DLB182, DLB183): the state file is unchanged" in out
    assert "DLB103 PHASE_VIOLATION warning" in out
    assert "REMINDER" not in out  # the demo shows `next`, the reminder lives in the prompt
    assert "Reminders (carried by the next prompt): C1" in out
    assert "Decision log (argcheck render --format md)" in out
    for line in ("## Agreed (5)", "## Dismissed (3)", "## Unresolved (1)", "> **WARNING: degraded result.**",
                 "a challenge was not answered by id: undefended",
                 "rejected, and the rejection cited verified evidence",
                 "evidence: L6 [verified · textual statefile.py:11]", "Confidence: **medium**"):
        assert line in out
    assert "\033[" not in out


def test_demo_cleans_up_its_temp_dir(tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = run_cli("--no-color", env={**os.environ, "TMPDIR": str(scratch)}, cwd=tmp_path)
    assert done.returncode == 0
    assert list(scratch.iterdir()) == []


def test_demo_keep_leaves_a_state_file_that_validates(tmp_path):
    keep = tmp_path / "kept"
    assert run_demo(io.StringIO(), keep_dir=str(keep), pause=0, color=False) == 0
    outcome = operations.validate_file(str(keep / STATE_NAME))
    assert not has_errors(outcome.findings)
    assert outcome.replay.engine.status == "presented"
    assert (keep / "workspace" / "statefile.py").is_file()


def test_demo_colours_only_when_asked(tmp_path):
    out = io.StringIO()
    assert run_demo(out, keep_dir=str(tmp_path / "k"), pause=0, color=True) == 0
    assert "\033[1;31mREFUSED" in out.getvalue()


@pytest.mark.slow
def test_demo_in_a_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "argcheck", "demo", "--pause", "0"], cwd=str(tmp_path),
                          encoding="utf-8", timeout=60, dimensions=(50, 140))
    child.expect("argcheck demo: SQLite or an append-only JSON log")
    child.expect("consult\\(format_failure\\)")
    child.expect("REFUSED \\(DLB182, DLB183\\)")
    child.expect("Decision log")
    child.expect("## Unresolved \\(1\\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
