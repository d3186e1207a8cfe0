"""Every exit code in argcheck.exitcodes is reachable, as documented, through the real entry point."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from filelock import FileLock

from argcheck.exitcodes import EXIT_CODE_TABLE, ExitCode

ABORT = {"type": "abort", "actor": "user", "reason": "The question was withdrawn."}
LEDGER = {"type": "ledger", "actor": "orchestrator", "id": "L2", "text": "Another observation.",
          "provenance": "orchestrator-unverified", "claim_type": "empirical"}


def write_moves(directory: Path, moves, name: str = "moves.json") -> Path:
    """Write a move (or a list of moves) as a JSON file in `directory`."""
    path = Path(directory) / name
    path.write_text(json.dumps(moves, ensure_ascii=False))
    return path


def no_traceback(result) -> None:
    assert "Traceback" not in result.stdout and "Traceback" not in result.stderr, result.output


def test_the_table_is_the_documented_one():
    assert {int(code): code.name for code in ExitCode} == {
        0: "OK", 1: "FINDINGS", 2: "USAGE", 3: "INTERNAL", 4: "TERMINAL", 5: "BUSY", 130: "INTERRUPTED"}
    assert [code for code, _ in EXIT_CODE_TABLE] == list(ExitCode)


def test_help_lists_every_exit_code(run):
    result = run("--help")
    assert result.exit_code == 0
    for code, text in EXIT_CODE_TABLE:
        assert f"{int(code):>3}  {text}" in result.stdout


def test_version_exits_0(run):
    result = run("--version")
    assert result.exit_code == 0 and "argcheck" in result.stdout


# ---------------------------------------------------------------- 0 clean


def test_0_for_a_clean_state(run, opened_state):
    result = run("validate", opened_state)
    no_traceback(result)
    assert result.exit_code == ExitCode.OK, result.output
    assert "valid" in result.stdout


def test_0_for_an_applied_move(run, opened_state, tmp_path):
    result = run("apply", opened_state, write_moves(tmp_path, LEDGER))
    assert result.exit_code == ExitCode.OK, result.output
    assert "applied 1 move" in result.stdout


def test_0_for_a_dry_run_that_would_apply(run, opened_state, tmp_path):
    before = opened_state.read_bytes()
    result = run("apply", opened_state, write_moves(tmp_path, LEDGER), "--dry-run")
    assert result.exit_code == ExitCode.OK, result.output
    assert opened_state.read_bytes() == before


def test_0_for_warnings_unless_fail_on_warning(run, opened_state, tmp_path, monkeypatch):
    """A clock that went backwards is a warning (ARG026): exit 0, or 1 with --fail-on warning."""
    monkeypatch.setenv("ARGCHECK_NOW", "2026-02-01T00:00:00Z")
    assert run("apply", opened_state, write_moves(tmp_path, LEDGER)).exit_code == ExitCode.OK
    plain = run("validate", opened_state)
    assert plain.exit_code == ExitCode.OK, plain.output
    assert "ARG026" in plain.stdout
    strict = run("validate", "--fail-on", "warning", opened_state)
    assert strict.exit_code == ExitCode.FINDINGS, strict.output


# ---------------------------------------------------------------- 1 findings


def test_1_for_a_refused_move(run, opened_state, tmp_path):
    before = opened_state.read_bytes()
    duplicate = dict(LEDGER, id="L1")
    result = run("apply", opened_state, write_moves(tmp_path, duplicate))
    no_traceback(result)
    assert result.exit_code == ExitCode.FINDINGS, result.output
    assert "DLB110" in result.stdout and "unchanged" in result.stdout
    assert opened_state.read_bytes() == before


def test_1_for_a_refused_move_as_json(run, opened_state, tmp_path):
    result = run("apply", opened_state, write_moves(tmp_path, dict(LEDGER, id="L1")), "--format", "json")
    assert result.exit_code == ExitCode.FINDINGS
    report = result.json()
    assert report["refused"] is True and report["applied"] == 0
    assert [f["code"] for f in report["findings"]] == ["DLB110"]


def test_1_for_a_state_with_error_findings(run, opened_state):
    doc = json.loads(opened_state.read_bytes())
    doc["moves"][0]["session_id"] = "edited"
    opened_state.write_text(json.dumps(doc))
    result = run("validate", opened_state)
    no_traceback(result)
    assert result.exit_code == ExitCode.FINDINGS
    assert "ARG020" in result.stdout


# ---------------------------------------------------------------- 2 usage


@pytest.mark.parametrize("argv", [
    ["no-such-command"],
    ["apply"],
    ["validate"],
    ["apply", "STATE", "MOVES", "--no-such-option"],
    ["validate", "--format", "xml", "x.json"],
    ["init", "deliberate"],  # --question is required
    ["init", "deliberate", "--question", "   "],
    ["init", "deliberate", "--question", "q", "--mode", "turbo"],
    ["init", "no-such-protocol", "--question", "q"],
    ["rules", "NOPE999"],
])
def test_2_for_usage_errors(run, tmp_path, argv, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*argv)
    no_traceback(result)
    assert result.exit_code == ExitCode.USAGE, result.output


def test_2_for_unreadable_input(run, tmp_path):
    result = run("validate", tmp_path / "missing.json")
    assert result.exit_code == ExitCode.USAGE
    assert "ARG007" in result.stdout


def test_2_for_init_over_an_existing_file(run, state):
    result = run("init", "deliberate", "--question", "Again?", "--state", state)
    assert result.exit_code == ExitCode.USAGE
    assert "exists" in result.stderr


# ---------------------------------------------------------------- 3 internal error


def _boom(*args, **kwargs):
    raise RuntimeError("simulated bug")


@pytest.mark.parametrize(("command", "target"), [
    ("validate", "argcheck.files.operations.validate_file"),
    ("apply", "argcheck.files.operations.apply_to_file"),
    ("next", "argcheck.files.operations.validate_file"),
])
def test_3_for_a_bug_with_a_message_and_no_traceback(run, opened_state, tmp_path, monkeypatch, command, target):
    monkeypatch.setattr(target, _boom)
    argv = [command, opened_state] + ([write_moves(tmp_path, LEDGER)] if command == "apply" else [])
    before = opened_state.read_bytes()
    result = run(*argv)
    assert result.exit_code == ExitCode.INTERNAL, result.output
    assert "internal error" in result.stderr and "simulated bug" in result.stderr
    assert "ARGCHECK_DEBUG=1" in result.stderr
    no_traceback(result)
    assert opened_state.read_bytes() == before


def test_3_shows_the_traceback_with_argcheck_debug(run, opened_state, monkeypatch):
    monkeypatch.setattr("argcheck.files.operations.validate_file", _boom)
    result = run("validate", opened_state, env={"ARGCHECK_DEBUG": "1"})
    assert result.exit_code == ExitCode.INTERNAL
    assert "Traceback" in result.stderr and "simulated bug" in result.stderr


BUGGY_PROCESS = textwrap.dedent("""
    import sys
    import argcheck.files.operations
    def boom(*args, **kwargs):
        raise ZeroDivisionError("simulated bug")
    argcheck.files.operations.validate_file = boom
    from argcheck.cli import main
    sys.exit(main(sys.argv[1:]))
""")


@pytest.mark.parametrize("debug", [False, True])
def test_3_in_a_fresh_process(opened_state, debug):
    import os

    env = {k: v for k, v in os.environ.items() if k != "ARGCHECK_DEBUG"}
    if debug:
        env["ARGCHECK_DEBUG"] = "1"
    done = subprocess.run([sys.executable, "-c", BUGGY_PROCESS, "validate", str(opened_state)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == ExitCode.INTERNAL
    assert "internal error: ZeroDivisionError: simulated bug" in done.stderr
    assert ("Traceback" in done.stderr) is debug
    assert "Traceback" not in done.stdout


# ---------------------------------------------------------------- 4 terminal


def test_4_for_an_aborted_deliberation(run, opened_state, tmp_path):
    applied = run("apply", opened_state, write_moves(tmp_path, ABORT))
    assert applied.exit_code == ExitCode.TERMINAL, applied.output
    result = run("validate", opened_state)
    no_traceback(result)
    assert result.exit_code == ExitCode.TERMINAL, result.output
    assert "aborted" in result.stdout
    report = run("validate", "--format", "json", opened_state)
    assert report.exit_code == ExitCode.TERMINAL
    assert report.json()["status"] == "aborted" and report.json()["valid"] is True


def test_a_closed_run_refuses_further_moves_with_1(run, opened_state, tmp_path):
    run("apply", opened_state, write_moves(tmp_path, ABORT))
    before = opened_state.read_bytes()
    result = run("apply", opened_state, write_moves(tmp_path, LEDGER))
    assert result.exit_code == ExitCode.FINDINGS, result.output
    assert "ARG025" in result.stdout
    assert opened_state.read_bytes() == before


def test_errors_outrank_a_terminal_state(run, opened_state, tmp_path):
    run("apply", opened_state, write_moves(tmp_path, ABORT))
    doc = json.loads(opened_state.read_bytes())
    doc["move_count"] = 1
    opened_state.write_text(json.dumps(doc))
    assert run("validate", opened_state).exit_code == ExitCode.FINDINGS


def test_several_files_exit_with_the_worst(run, opened_state, make_state, tmp_path):
    aborted = make_state("aborted.json")
    run("apply", aborted, write_moves(tmp_path, ABORT))
    assert run("validate", opened_state, aborted).exit_code == ExitCode.TERMINAL
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert run("validate", opened_state, aborted, bad).exit_code == ExitCode.FINDINGS
    bad.write_text("{")
    assert run("validate", bad, aborted).exit_code == ExitCode.USAGE


# ---------------------------------------------------------------- 5 busy, 130 interrupted


def test_5_when_the_lock_is_held(run, opened_state, tmp_path):
    with FileLock(str(opened_state) + ".lock"):
        result = run("apply", opened_state, write_moves(tmp_path, LEDGER), "--lock-timeout", "0.2")
    no_traceback(result)
    assert result.exit_code == ExitCode.BUSY, result.output


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("command", ["validate", "apply"])
def test_130_when_interrupted(run, opened_state, tmp_path, monkeypatch, command):
    target = "argcheck.files.operations." + ("validate_file" if command == "validate" else "apply_to_file")
    monkeypatch.setattr(target, _interrupt)
    argv = [command, opened_state] + ([write_moves(tmp_path, LEDGER)] if command == "apply" else [])
    result = run(*argv)
    no_traceback(result)
    assert result.exit_code == ExitCode.INTERRUPTED
    assert "interrupted" in result.stderr or "aborted" in result.stderr  # click reports Ctrl-C as Abort


def test_the_opening_fixture_is_legal(opened_state, opening):
    assert json.loads(opened_state.read_bytes())["move_count"] == len(opening)


@pytest.mark.parametrize("argv", [["rules"], ["demo", "--no-color"], ["moves", "deliberate"]])
def test_a_reader_that_stops_early_is_not_an_error(argv, tmp_path):
    """`argcheck rules | head -1`: a closed stdout ends the command quietly with exit 0 (not 1, the findings
    code, and never a traceback), whether click or argcheck's own code was writing."""
    done = subprocess.run(["bash", "-c", f'{shlex.quote(sys.executable)} -m argcheck {shlex.join(argv)} | head -c 1 '
                           '>/dev/null; echo "${PIPESTATUS[0]}"'], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "0", done.stderr
    assert "Traceback" not in done.stderr


def test_an_mcp_client_that_closes_the_servers_stdout_ends_it_quietly(tmp_path):
    hello = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    script = (f"(printf '%s\\n' {shlex.quote(hello)}; sleep 1) | {shlex.quote(sys.executable)} -m argcheck mcp "
              "| (exec 0<&-; sleep 2); echo \"${PIPESTATUS[1]}\"")
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "0", done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
