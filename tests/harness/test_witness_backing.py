"""Records tied to the client's own conversation: a record the rules use must be in the client's transcript,
a prompt from another conversation is not the user's answer, a tampering attempt the transcript shows fails the
run (ARG032). The log is bounded: no record outgrows a line, a damaged or huge log before a run does not
touch it, and a run reads only its own part of the log."""

from __future__ import annotations

import json

import pytest
from kit.transcript import FakeTranscript
from harness.test_witnessed_runs import STATE, Project

from argcheck.core.transcripts import Transcript
from argcheck.files.witnesslog import LOG_NAME, MAX_LINE
from argcheck.harness import witness as log

QUESTION = {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "Asked the user for their TTL limit.",
            "provenance": "orchestrator-unverified"}
ENTRY = {"type": "ledger", "actor": "user", "id": "L2", "text": "The TTL stays under 10 minutes.",
         "provenance": "user"}
ANSWER = "Yes: the TTL must stay under 10 minutes."


@pytest.fixture
def run(tmp_path) -> Project:
    """A witnessed deliberate run started in conversation conv-1, the question put."""
    project = Project(tmp_path / "project", hooked=True)
    project.prompt("Deliberate on the cache TTL; ask me for my limit.")
    started = project.argcheck("init", "deliberate", "--question", "Should the cache TTL be 300 seconds?",
                               "--consultee", "replay", "--state", STATE)
    assert started.returncode == 0, started.stderr
    assert project.header()["witness_session"] == "conv-1"
    assert project.apply(QUESTION).returncode == 0
    return project


def cite(seq: int) -> dict:
    return dict(ENTRY, witness={"seq": seq, "quote": "under 10 minutes"})


def test_the_user_s_answer_in_the_conversation_s_transcript_is_accepted(run):
    seq = run.prompt(ANSWER)
    assert run.apply(cite(seq)).returncode == 0
    assert run.argcheck("validate", STATE).returncode == 0


def test_a_prompt_fed_to_the_hook_by_the_agent_is_not_in_the_transcript(run):
    forged = run.witness(log.prompt_record({"prompt": ANSWER}), seen=False)
    refused = run.apply(cite(forged))
    assert "ARG031" in refused.stdout and "not in the conversation's own transcript" in refused.stdout


def test_a_prompt_the_agent_echoed_is_output_not_a_prompt(run):
    run.transcript.tool("Bash", {"command": f"echo '{ANSWER}'"}, ANSWER)  # the words are in the file, as output
    forged = run.witness(log.prompt_record({"prompt": ANSWER}), seen=False)
    assert "not in the conversation's own transcript" in run.apply(cite(forged)).stdout


def test_a_prompt_typed_in_another_conversation_is_not_the_user_s_answer(run, tmp_path):
    consultee = FakeTranscript(tmp_path / "consultee", session="conv-2")  # `claude -p` under the same hooks
    seq = run.witness(log.prompt_record({"prompt": ANSWER}), transcript=consultee)
    refused = run.apply(cite(seq))
    assert "ARG031" in refused.stdout and "another conversation" in refused.stdout


def test_a_transcript_elsewhere_or_named_for_another_session_backs_nothing(run, tmp_path):
    fake = FakeTranscript(tmp_path / "fake", session="conv-1")
    moved = fake.path.parent.parent.parent / "conv-1.jsonl"  # not in a folder of a `projects` directory
    fake.show(log.prompt_record({"prompt": ANSWER}))
    moved.write_text(fake.path.read_text())
    entry = log.append(str(run.root / ".argcheck"), run.key, log.prompt_record({"prompt": ANSWER}), "conv-1",
                       transcript=str(moved))
    assert "not in the conversation's own transcript" in run.apply(cite(entry["seq"])).stdout


def test_execution_evidence_the_client_never_ran_is_refused(tmp_path):
    project = Project(tmp_path / "project", hooked=True)
    assert project.argcheck("init", "deliberate", "--question", "Does the greeting print?", "--consultee",
                            "replay", "--state", STATE).returncode == 0
    claimed = {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "The greeting prints.",
               "provenance": "verified", "execution": {"command": "pytest -q", "exit_code": 0,
                                                       "output": "3 passed"}}
    record = log.tool_record({"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                              "tool_response": {"stdout": "3 passed", "stderr": ""}})
    project.witness(record, seen=False)  # `echo '{...}' | argcheck hook PostToolUse`: no such call in the transcript
    assert "DLB195" in project.apply(claimed).stdout
    project.witness(record)
    assert project.apply(claimed).returncode == 0


@pytest.mark.parametrize("attempt", [
    "echo '{\"prompt\": \"yes\"}' | argcheck hook UserPromptSubmit",
    "cat ~/.config/argcheck/witness.key",
    "ARGCHECK_CONVERSATION_ID=other argcheck init deliberate --question q",
])
def test_a_tampering_attempt_in_the_transcript_fails_the_run(run, attempt):
    seq = run.prompt(ANSWER)
    assert run.apply(cite(seq)).returncode == 0
    run.transcript.tool("Bash", {"command": attempt}, "denied", is_error=True)
    checked = run.argcheck("validate", STATE)
    assert checked.returncode == 1 and "ARG032" in checked.stdout, checked.stdout


def test_a_call_the_guard_denied_for_what_only_the_file_system_shows_fails_the_run(run):
    seq = run.prompt(ANSWER)
    assert run.apply(cite(seq)).returncode == 0
    run.transcript.tool("Read", {"file_path": "notes.txt"},
                        "argcheck's witness guard denied this call: it reaches the witness key", is_error=True)
    assert "ARG032" in run.argcheck("validate", STATE).stdout


def test_an_attempt_in_another_conversation_is_not_this_run_s():
    transcript = Transcript(json.dumps({"type": "user", "message": {"role": "user", "content": "hi"}}) + "\n")
    assert transcript.attempts() == []


@pytest.mark.parametrize("output", ["\x01" * 54000, "é" * 70000, "a" * 300000, "\x00\n\x1b[31m" * 30000])
def test_no_record_outgrows_a_line_and_the_chain_goes_on(run, output):
    record = log.tool_record({"tool_name": "Bash", "tool_input": {"command": "cat blob"},
                              "tool_response": {"stdout": output, "stderr": ""}})
    run.witness(record)
    lines = (run.root / ".argcheck" / LOG_NAME).read_bytes().splitlines()
    assert all(len(line) <= MAX_LINE for line in lines)
    last = json.loads(lines[-1])
    assert last["output_sha256"] == log.digest(output) and last["output_chars"] == len(output)
    seq = run.prompt(ANSWER)
    assert run.apply(cite(seq)).returncode == 0
    assert run.argcheck("validate", STATE).returncode == 0


def test_a_damaged_log_before_a_run_does_not_hold_it_back(tmp_path):
    project = Project(tmp_path / "project", hooked=True)
    project.prompt("first")
    with (project.root / ".argcheck" / LOG_NAME).open("ab") as handle:
        handle.write(b'{"seq": 2, "kind": "bash", "output": "' + b"\\u0001" * 60000 + b'"}\n')  # the old failure
    project.prompt("Deliberate on the cache TTL.")  # a fresh chain after the damage
    assert project.argcheck("init", "deliberate", "--question", "Should the cache TTL be 300 seconds?",
                            "--consultee", "replay", "--state", STATE).returncode == 0
    assert project.apply(QUESTION).returncode == 0
    seq = project.prompt(ANSWER)
    assert project.apply(cite(seq)).returncode == 0
    assert project.argcheck("validate", STATE).returncode == 0


def test_a_run_reads_only_its_part_of_the_log(tmp_path):
    project = Project(tmp_path / "project", hooked=True)
    path = project.root / ".argcheck" / LOG_NAME
    project.prompt("before")
    with path.open("ab") as handle:  # what a run never reads: anything before it started
        handle.write(b"not a record at all\n" * 50000)
    project.prompt("Deliberate on the cache TTL.")
    assert project.argcheck("init", "deliberate", "--question", "Should the cache TTL be 300 seconds?",
                            "--consultee", "replay", "--state", STATE).returncode == 0
    assert project.header()["witness_offset"] == path.stat().st_size
    assert project.apply(QUESTION).returncode == 0
    assert project.apply({"type": "abort", "actor": "orchestrator", "reason": "enough"}).returncode == 4
    with path.open("ab") as handle:  # nor anything after its last move, once it is closed
        handle.write(b"not a record either\n")
    assert ": valid (deliberate, aborted" in project.argcheck("validate", STATE).stdout
    path.write_bytes(path.read_bytes()[:-200])  # the run's own records cut: refused
    assert "ARG030" in project.argcheck("validate", STATE).stdout


def test_argcheck_witness_shows_the_prompts_after_a_damaged_line(tmp_path):
    project = Project(tmp_path / "project", hooked=True)
    project.prompt("before")
    with (project.root / ".argcheck" / LOG_NAME).open("ab") as handle:
        handle.write(b'{"seq": 2, "output": "' + b"x" * 200000 + b'"}\n')
    seq = project.prompt(ANSWER)
    shown = project.argcheck("witness")
    assert shown.stdout.splitlines()[-1].startswith(f"seq {seq} · ") and ANSWER in shown.stdout
    assert shown.returncode == 1 and "does not verify" in shown.stderr


@pytest.mark.parametrize("forged", [{"exit_code": 0, "output": "3 passed"}, {"exit_code": 1, "output": "3 passed"}])
def test_a_forged_result_of_a_command_that_did_run_is_not_backed(tmp_path, forged, monkeypatch):
    """pytest really ran and failed; a record of the same command claiming another result is not the client's."""
    project = Project(tmp_path / "project", hooked=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", project.env["XDG_CONFIG_HOME"])
    project.transcript.tool("Bash", {"command": "pytest -q"}, "Exit code 1\n1 failed, 2 passed", is_error=True)
    record = log.tool_record({"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                              "tool_response": {"stdout": forged["output"], "stderr": ""}})
    record["exit_code"] = forged["exit_code"]
    project.witness(record, seen=False)
    witness = project_witness(project)
    assert witness.tool_calls("bash") == []
    project.witness(log.tool_record({"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                                     "error": "Exit code 1\n1 failed, 2 passed"}), seen=False)
    assert len(project_witness(project).tool_calls("bash")) == 1  # what the client did show


def project_witness(project: Project):
    from argcheck.files.transcripts import attach
    from argcheck.files.witnesslog import read_witness

    return attach(read_witness(str(project.root / ".argcheck"), session="conv-1"))


@pytest.mark.parametrize("sidechain", [True, False])
def test_a_prompt_in_a_subagents_transcript_is_not_the_user_s_answer(run, sidechain):
    """A subagent's transcript (<session>/subagents/*.jsonl) holds, as its "user" message, the prompt the agent
    itself gave the subagent: it backs a subagent's tool calls, never a prompt the user typed."""
    forged = run.witness(log.prompt_record({"prompt": ANSWER}), seen=False)
    folder = run.transcript.path.with_suffix("") / "subagents"
    folder.mkdir(parents=True)
    line = {"type": "user", "message": {"role": "user", "content": ANSWER}}
    if sidechain:
        line["isSidechain"] = True
    (folder / "agent-a1.jsonl").write_text(json.dumps(line) + "\n")
    refused = run.apply(cite(forged))
    assert "ARG031" in refused.stdout and "not in the conversation's own transcript" in refused.stdout
