"""The hooks hold the run, with the pinned Claude Code in its default permission mode and only what
`./install.sh --hooks` writes: the Stop gate sends an agent that stops mid-run back with the next step; the
state guard denies Edit, Write and a Bash redirection on a state file, which stays byte-for-byte the same;
`--resume` puts the open run's next step back into the model's context; the witness log records the Bash
calls, chained and signed with a key outside the project.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from kit.hookrun import Session, bash, install_with_hooks, tool

from argcheck.harness import witness

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

STATE = ".argcheck/run.json"
PROBLEM = "How can an electric car keep its range in freezing weather?"
INIT = f"argcheck init triz --problem '{PROBLEM}' --state {STATE}"
CANCEL = "argcheck apply " + STATE + " '{\"type\": \"cancel\", \"actor\": \"user\", \"reason\": \"stopping here\"}'"


@pytest.fixture(scope="module")
def installed(real_clis, tmp_path_factory) -> dict:
    return install_with_hooks(tmp_path_factory.mktemp("harness"))


@pytest.fixture
def session(installed, real_clis, mock_server, tmp_path):
    def start(script) -> Session:
        project = tmp_path / "project"
        project.mkdir(exist_ok=True)
        return Session(installed, real_clis["claude"].parent, project, mock_server(script))

    return start


def sent_texts(server) -> str:
    return "\n".join(json.dumps(request["body"]) for request in server.model_requests())


def test_an_agent_stopping_mid_run_is_sent_back_with_the_next_step(session):
    run = session([bash(INIT), {"reply": "Started; I will stop here."}, bash(CANCEL), {"reply": "Cancelled."}])
    result = run.turn("Run a triz session on EV range in the cold.")
    assert result["permission_denials"] == []
    requests = run.server.model_requests()
    assert len(requests) == 4, "init, the stop that was blocked, the cancel, the final stop"
    blocked_with = json.dumps(requests[2]["body"]["messages"][-1])
    assert f"the triz run {STATE} is not done" in blocked_with and f"argcheck apply {STATE}" in blocked_with
    status = run.argcheck("next", STATE, "--format", "json")
    assert json.loads(status.stdout)["status"] == "cancelled"
    assert result["result"] == "Cancelled."
    # The witness log saw the Bash calls, signed with the key the hooks made outside the project.
    key = witness.load_key(str(run.installed["home"] / ".config" / "argcheck"), create=False)
    entries, problems = witness.verify(witness.read_log(str(run.project / ".argcheck")), key)
    assert problems == []
    # The cancel closed the run: with no run open the witness records nothing more (docs/hooks.md).
    assert [(e["kind"], e["command"], e["exit_code"]) for e in entries if e["kind"] == "bash"] == [
        ("bash", INIT, 0)]
    assert all(e["session"] == result["session_id"] for e in entries)


def test_the_guard_denies_edits_of_a_state_file_and_resume_restates_the_run(session):
    run = session([
        tool("Read", file_path="PLACEHOLDER"),
        tool("Edit", file_path="PLACEHOLDER", old_string='"moves": []', new_string='"moves": [{}]'),
        tool("Write", file_path="PLACEHOLDER", content="{}"),
        bash(f"echo '{{}}' > {STATE}"),
        {"reply": "I could not change it."},
        {"reply": "Back again."},
    ])
    made = subprocess.run(["argcheck", "init", "triz", "--problem", PROBLEM, "--state", STATE], cwd=run.project,
                          env={k: v for k, v in run.env().items() if k != "ARGCHECK_CONVERSATION_ID"},
                          capture_output=True, text=True)  # a run this conversation did not start: no Stop gate
    assert made.returncode == 0, made.stderr
    path = run.project / STATE
    for step in run.server.script[:3]:
        step["tool"]["input"]["file_path"] = str(path)
    before = path.read_bytes()

    first = run.turn("Tidy up the state file for me.")
    denied = [d["tool_name"] for d in first["permission_denials"]]
    assert denied == ["Edit", "Write", "Bash"], first["permission_denials"]
    assert path.read_bytes() == before
    results = run.tool_results()
    assert [bool(r.get("is_error")) for r in results] == [False, True, True, True]
    assert all("argcheck apply" in r["content"] for r in results[1:])

    run.turn("Where were we?")  # --resume: SessionStart(resume) restates the open run
    resumed = json.dumps(run.server.model_requests()[-1]["body"])
    assert "argcheck: open protocol runs in this project" in resumed and STATE in resumed
    assert "decompose_to_fundamentals" in resumed
    assert os.path.getsize(path) == len(before)
