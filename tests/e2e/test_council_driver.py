"""The headless council (`argcheck init council --run`): the replay consultee with one persona failing,
Ctrl-C leaving a valid state that resumes, and `argcheck demo council`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from argcheck.files import operations
from argcheck.protocols.council import demo

ROOT = Path(__file__).resolve().parents[2]
CONSULT = ROOT / "wrappers" / "consult"
STUB = Path(__file__).resolve().parents[1] / "fixtures" / "skills" / "council" / "consult.py"


def argcheck(*args, cwd, env=None, **kwargs):
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120, **kwargs)


def write_transcripts(folder: Path) -> None:
    """One replay transcript per persona (critique, then the self-critique on resume), and the assessment."""
    script = demo.load_script()
    folder.mkdir()
    for name in ("Aristotle", "Descartes", "Kant", "Leibniz", "Popper", "Russell"):
        if name in script["failures"]:
            replies = [{"response": None, **script["failures"][name]}]
        else:
            replies = [{"response": json.dumps(script["critiques"][name])},
                       {"response": json.dumps(script["self_critiques"][name])}]
        (folder / f"{name.lower()}.json").write_text(json.dumps({"consultee": "replay", "replies": replies}))
    (folder / "assessment.json").write_text(json.dumps(
        {"consultee": "replay", "replies": [{"response": json.dumps(script["assessment"])}]}))


@pytest.fixture
def document(tmp_path) -> Path:
    path = tmp_path / "design.md"
    path.write_text(demo._data("design.md").read_text(encoding="utf-8"))
    return path


@pytest.mark.slow
def test_replay_council_with_one_persona_failing_prints_the_partial_critique(tmp_path, document):
    write_transcripts(tmp_path / "replay")
    env = dict(os.environ, CONSULT_STATE_DIR=str(tmp_path / "sessions"))
    done = argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", "--consultee",
                    "replay", "--run", "--replay-dir", tmp_path / "replay", "--wrapper", CONSULT, cwd=tmp_path,
                    env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# Council critique: design.md")
    assert "> **PARTIAL COUNCIL: 5 of 6 personas.**" in done.stdout
    assert "Kant: FAILED (timeout" in done.stderr and "Russell: self-critique recorded (1 adjustments)" in done.stderr
    assert "final assessment recorded" in done.stderr
    outcome = operations.validate_file(str(tmp_path / "s.json"))
    assert outcome.replay.engine.status == "assessed" and not [f for f in outcome.findings if f.is_error]
    sessions = {record.provenance["session_id"] for record in
                outcome.replay.engine.state.rounds["self_critique"].values()}
    critiques = {record.provenance["session_id"] for record in
                 outcome.replay.engine.state.rounds["critique"].values() if record.provenance}
    assert sessions == critiques  # each persona's self-critique resumed its own session


@pytest.mark.slow
def test_run_with_save_writes_the_critique_beside_the_state_file_and_keeps_stdout_empty(tmp_path, document):
    write_transcripts(tmp_path / "replay")
    env = dict(os.environ, CONSULT_STATE_DIR=str(tmp_path / "sessions"))
    done = argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", "--consultee",
                    "replay", "--run", "--replay-dir", tmp_path / "replay", "--wrapper", CONSULT, "--save",
                    cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and f"its report is in {tmp_path / 's.md'}" in done.stderr
    assert {p.name for p in tmp_path.iterdir() if p.suffix == ".md"} == {"design.md", "s.md"}
    written = (tmp_path / "s.md").read_text(encoding="utf-8")
    rendered = argcheck("render", tmp_path / "s.json", "--format", "md", cwd=tmp_path).stdout
    assert written.startswith("# Council critique: design.md") and written == rendered


def test_run_without_a_wrapper_is_a_setup_error(tmp_path, document):
    env = dict(os.environ, PATH="/usr/bin:/bin", ARGCHECK_CONSULT=str(tmp_path / "missing-consult"))
    done = argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", "--consultee",
                    "codex", "--run", cwd=tmp_path, env=env)
    assert done.returncode == 2, done.stderr
    assert "cannot answer (not_installed:" in done.stderr and "Traceback" not in done.stderr
    assert json.loads((tmp_path / "s.json").read_text())["status"] == "critiquing"


@pytest.mark.slow
def test_ctrl_c_leaves_a_valid_state_that_resumes(tmp_path, document):
    state, log = tmp_path / "s.json", tmp_path / "calls.log"
    env = dict(os.environ, STUB_SLOW="Popper", STUB_LOG=str(log))
    command = [sys.executable, "-m", "argcheck", "init", "council", "--document", str(document), "--state",
               str(state), "--consultee", "codex", "--run", "--wrapper", str(STUB)]
    child = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if state.exists() and operations.validate_file(str(state)).doc["move_count"] >= 5:
            break
        time.sleep(0.1)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    outcome = operations.validate_file(str(state))
    assert not [f for f in outcome.findings if f.is_error]
    assert outcome.replay.engine.state.pending("critique") == ["Popper"]
    resumed = argcheck(*command[3:], "--resume", cwd=tmp_path, env=dict(os.environ))
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming: 4 of 6 personas (partial council: Kant failed" in resumed.stderr
    assert "Popper: critique recorded" in resumed.stderr and "Aristotle: initial critique asked" not in resumed.stderr
    assert operations.validate_file(str(state)).replay.engine.status == "assessed"


@pytest.mark.slow
@pytest.mark.parametrize("stubborn", [False, True])
def test_a_refused_reply_is_sent_back_once_then_recorded_as_a_failure(tmp_path, document, stubborn):
    env = dict(os.environ, STUB_MISQUOTE="Popper", STUB_LOG=str(tmp_path / "calls.log"))
    if stubborn:
        env["STUB_STUBBORN"] = "1"
    done = argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", "--consultee",
                    "codex", "--run", "--wrapper", STUB, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert "Popper: refused (CNL110); asked to correct it" in done.stderr
    assert "resume s-Popper" in (tmp_path / "calls.log").read_text()
    state = operations.validate_file(str(tmp_path / "s.json")).replay.engine.state
    if stubborn:
        assert "Popper: FAILED (refused: CNL110)" in done.stderr
        assert state.rounds["critique"]["Popper"].failure == "refused"
        assert "4 of 6 personas" in done.stdout
    else:
        assert state.rounds["critique"]["Popper"].kind == "critique"
        assert "5 of 6 personas" in done.stdout


def test_resume_refuses_another_document(tmp_path, document):
    state = tmp_path / "s.json"
    assert argcheck("init", "council", "--document", document, "--state", state, cwd=tmp_path).returncode == 0
    other = tmp_path / "other.md"
    other.write_text("Another document.\n")
    done = argcheck("init", "council", "--document", other, "--state", state, "--consultee", "replay", "--run",
                    "--resume", cwd=tmp_path)
    assert done.returncode == 2 and "sha256 differs" in done.stderr


def test_demo_council_replays_and_ends_with_the_critique(tmp_path):
    done = argcheck("demo", "council", "--no-color", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "consultee failure recorded: timeout" in done.stdout
    assert "REFUSED (CNL110): the state file is unchanged" in done.stdout
    assert "══ The critique (argcheck render --format md) ══" in done.stdout
    assert "> **PARTIAL COUNCIL: 5 of 6 personas.**" in done.stdout


@pytest.mark.slow
def test_a_locked_state_file_stops_the_run_with_exit_5(tmp_path, document):
    from argcheck.files import statefile

    state = tmp_path / "s.json"
    assert argcheck("init", "council", "--document", document, "--state", state, cwd=tmp_path).returncode == 0
    before = state.read_bytes()
    with statefile.locked(str(state), 1.0):  # held for the whole run: each apply gives up after 2 s
        done = argcheck("init", "council", "--document", document, "--state", state, "--consultee", "codex",
                        "--run", "--resume", "--wrapper", STUB, "--lock-timeout", "2", cwd=tmp_path)
    assert done.returncode == 5, done.stderr
    assert "locked by another process" in done.stderr and "Traceback" not in done.stderr
    assert state.read_bytes() == before


def test_a_consultee_that_cannot_answer_at_all_is_a_setup_error_not_six_failed_personas(tmp_path, document):
    """Not installed (or not logged in) is the machine's problem, not the personas': nothing is recorded
    for it, exit 2 with the fix, and a later --resume asks every persona (no "no findings" council)."""
    wrapper = tmp_path / "missing-cli"
    envelope = {"envelope": 1, "consultee": "codex", "session_id": None, "response": None, "usage": None,
                "duration_ms": 1, "failure": "not_installed", "exit_code": 127, "model": None,
                "detail": "codex not found on PATH"}
    wrapper.write_text(f"#!/bin/sh\ncat >/dev/null\necho '{json.dumps(envelope)}'\nexit 127\n")
    wrapper.chmod(0o755)
    state = tmp_path / "s.json"
    done = argcheck("init", "council", "--document", document, "--state", state, "--consultee", "codex",
                    "--run", "--wrapper", wrapper, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "cannot answer (not_installed: codex not found on PATH)" in done.stderr and "--resume" in done.stderr
    assert "Traceback" not in done.stderr
    moves = json.loads(state.read_text())["moves"]
    assert not [m for m in moves if m["type"] == "persona_failure"]


@pytest.mark.slow
def test_replay_council_with_the_expert_arbiter_records_it_before_the_assessment(tmp_path, document):
    write_transcripts(tmp_path / "replay")
    reply = {"adjustments": [], "arbiter_overall_score": 30,
             "arbiter_score_justification": "The durability and ordering gaps are validated."}
    (tmp_path / "replay" / "arbiter.json").write_text(json.dumps(
        {"consultee": "replay", "replies": [{"response": json.dumps(reply)}]}))
    env = dict(os.environ, CONSULT_STATE_DIR=str(tmp_path / "sessions"))
    done = argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", "--consultee",
                    "replay", "--run", "--arbiter", "--replay-dir", tmp_path / "replay", "--wrapper", CONSULT,
                    cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert "Expert Arbiter recorded: score 30/100" in done.stderr
    assert "## Expert Arbiter" in done.stdout and "the Expert Arbiter gave 30" in done.stdout
    moves = json.loads((tmp_path / "s.json").read_text())["moves"]
    assert [m["type"] for m in moves][-2:] == ["arbitration", "final_assessment"]


@pytest.mark.slow
def test_a_configuration_file_turns_the_arbiter_on_and_a_bad_one_is_refused_before_any_call(tmp_path, document):
    write_transcripts(tmp_path / "replay")
    reply = {"adjustments": [], "arbiter_overall_score": 25, "arbiter_score_justification": "Validated gaps."}
    (tmp_path / "replay" / "arbiter.json").write_text(json.dumps(
        {"consultee": "replay", "replies": [{"response": json.dumps(reply)}]}))
    (tmp_path / "council.json").write_text(json.dumps({"arbiter": True, "parallel": 2, "temperature": 0.3,
                                                       "models": {"Kant": "m-1"}}))
    env = dict(os.environ, CONSULT_STATE_DIR=str(tmp_path / "sessions"))
    common = ["init", "council", "--document", document, "--consultee", "replay", "--run", "--replay-dir",
              tmp_path / "replay", "--wrapper", CONSULT]
    done = argcheck(*common, "--state", tmp_path / "s.json", "--config", tmp_path / "council.json", cwd=tmp_path,
                    env=env)
    assert done.returncode == 0, done.stderr
    assert "(2 at a time)" in done.stderr and "Expert Arbiter recorded: score 25/100" in done.stderr
    (tmp_path / "bad.json").write_text(json.dumps({"models": {"Hegel": "m-1"}}))
    refused = argcheck(*common, "--state", tmp_path / "t.json", "--config", tmp_path / "bad.json", cwd=tmp_path,
                       env=env)
    assert refused.returncode == 2 and "Hegel, not on the panel" in refused.stderr
    assert not (tmp_path / "t.json").exists()
