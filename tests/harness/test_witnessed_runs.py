"""Witnessed runs: `argcheck init` marks them when the hooks are in place, the CLI reads and verifies the
witness log and passes it to the rules: ARG030 (the log must verify), ARG031 (a user move cites a later,
uncited prompt that contains its quote), TRZ143 (a web_search matches a witnessed search), DLB195 (an
execution record matches a witnessed Bash call). Unwitnessed runs say so in `next` and `render md`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from kit.transcript import FakeTranscript

from argcheck.core.env import Env
from argcheck.core.witnessing import UNWITNESSED_NOTE, UserCitations, Witness
from argcheck.harness import witness as log
from argcheck.protocols.deliberate import rules_witness as dlb_witness

DEMO = Path(__file__).parents[2] / "checker/src/argcheck/protocols/triz/data/demo/session.json"
PROBLEM = "How can an electric car keep its range in freezing weather?"
STATE = ".argcheck/run.json"
ANSWER = "I confirm assumptions 0 and 1, reject 2, and pick reframing 1."
REVIEW = {"type": "decompose_review", "actor": "user", "confirmed_assumptions": [0, 1],
          "rejected_assumptions": [2], "selected_reframings": [1]}


class Project:
    """A project whose commands run with their own witness key directory (and, when hooked, a conversation)."""

    def __init__(self, root: Path, hooked: bool, key: bool = True) -> None:
        self.root, self.config = root, root.parent / "xdg-config"
        (root / ".argcheck").mkdir(parents=True, exist_ok=True)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "ARGCHECK_CONV"))}
        self.env["XDG_CONFIG_HOME"] = str(self.config)
        if hooked:
            self.env["ARGCHECK_CONVERSATION_ID"] = "conv-1"
        self.key = log.load_key(str(self.config / "argcheck")) if key else None
        self.transcript = FakeTranscript(root.parent)

    def argcheck(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=self.root, env=self.env,
                              capture_output=True, text=True, timeout=60)

    def apply(self, *moves: dict) -> subprocess.CompletedProcess:
        return self.argcheck("apply", STATE, json.dumps(list(moves)))

    def witness(self, record: dict, seen: bool = True, transcript: FakeTranscript | None = None) -> int:
        """Record what the hooks saw (and the client's transcript with it, unless not `seen`: a forgery)."""
        transcript = transcript or self.transcript
        if seen:
            transcript.show(record)
        return log.append(str(self.root / ".argcheck"), self.key, record, transcript.session,
                          transcript=str(transcript.path))["seq"]

    def prompt(self, text: str) -> int:
        return self.witness(log.prompt_record({"prompt": text}))

    def header(self) -> dict:
        return json.loads((self.root / STATE).read_text())["header"]


def demo_moves(turn: int) -> list[dict]:
    return json.loads(DEMO.read_text())["turns"][turn]["moves"]


def searched(project: Project, moves: list[dict]) -> None:
    """Witness the WebSearch behind every web_search move of `moves`."""
    for move in moves:
        if move["type"] == "web_search":
            response = {"results": [{"url": result["source_url"]} for result in move["results"]]}
            project.witness(log.tool_record({"tool_name": "WebSearch", "tool_input": {"query": move["query"]},
                                             "tool_response": response}))


@pytest.fixture
def witnessed(tmp_path) -> Project:
    project = Project(tmp_path / "project", hooked=True)
    assert project.argcheck("init", "triz", "--problem", PROBLEM, "--state", STATE).returncode == 0
    return project


def at_the_decompose_review(project: Project) -> None:
    project.prompt("Run a triz session on EV range in the cold.")
    moves = demo_moves(0) + demo_moves(1)
    searched(project, moves)
    result = project.apply(*moves)
    assert result.returncode == 0, result.stdout + result.stderr


# -- item 1: the header and the reports ------------------------------------------------------------------

@pytest.mark.parametrize("hooked, key", [(False, True), (True, False)])
def test_a_run_started_without_the_hooks_is_unwitnessed_and_says_so(tmp_path, hooked, key):
    project = Project(tmp_path / "project", hooked=hooked, key=key)
    assert project.argcheck("init", "triz", "--problem", PROBLEM, "--state", STATE).returncode == 0
    assert "witnessed" not in project.header()
    assert project.argcheck("next", STATE).stdout.rstrip().endswith(UNWITNESSED_NOTE)
    assert json.loads(project.argcheck("next", STATE, "--format", "json").stdout)["witnessed"] is False
    report = project.argcheck("render", STATE, "--format", "md").stdout.splitlines()
    assert report[0].startswith("# ") and f"> {UNWITNESSED_NOTE}" in report[:4]


def test_a_run_started_with_the_hooks_in_place_is_witnessed(witnessed):
    assert witnessed.header()["witnessed"] is True
    assert UNWITNESSED_NOTE not in witnessed.argcheck("next", STATE).stdout
    assert UNWITNESSED_NOTE not in witnessed.argcheck("render", STATE, "--format", "md").stdout
    assert witnessed.argcheck("validate", STATE).returncode == 0


# -- item 2: the log must verify (ARG030) ----------------------------------------------------------------

def test_a_witnessed_run_whose_log_is_edited_or_keyless_is_refused(witnessed, tmp_path):
    witnessed.prompt("hello")
    witness_log = witnessed.root / ".argcheck" / "witness.jsonl"
    witness_log.write_text(witness_log.read_text().replace("hello", "hullo"))
    before = (witnessed.root / STATE).read_bytes()
    result = witnessed.apply(demo_moves(0)[0])
    assert "ARG030" in result.stdout + result.stderr and result.returncode != 0
    assert (witnessed.root / STATE).read_bytes() == before
    witness_log.unlink()
    (witnessed.config / "argcheck" / "witness.key").unlink()
    result = witnessed.argcheck("validate", STATE)
    assert "ARG030" in result.stdout and "has no key" in result.stdout and result.returncode != 0


# -- item 3: the rules -------------------------------------------------------------------------------------

def test_a_user_review_needs_a_prompt_after_the_question_that_holds_its_quote(witnessed):
    at_the_decompose_review(witnessed)
    first = 1  # the prompt that started the session, before the question
    result = witnessed.apply(dict(REVIEW, witness={"seq": first, "quote": "Run a triz session"}))
    assert "ARG031" in result.stdout and "came before the question" in result.stdout
    assert "ARG031" in witnessed.apply(REVIEW).stdout  # no citation at all
    answer = witnessed.prompt(ANSWER)
    result = witnessed.apply(dict(REVIEW, witness={"seq": answer, "quote": "I pick reframing 2"}))
    assert "ARG031" in result.stdout and "not in prompt" in result.stdout
    result = witnessed.apply(dict(REVIEW, witness={"seq": answer, "quote": "reject 2, and pick reframing 1"}))
    assert result.returncode == 0, result.stdout + result.stderr
    assert witnessed.argcheck("validate", STATE).returncode == 0
    document = witnessed.argcheck("render", STATE, "--format", "md").stdout  # item by item: witnessed or not
    assert f"| decompose_review | prompt {answer} |" in document
    assert "| electric vehicle range loss in freezing weather | 3 | yes |" in document


def test_an_unwitnessed_knowledge_document_marks_each_decision_and_search_unwitnessed(tmp_path):
    project = Project(tmp_path / "project", hooked=False)
    assert project.argcheck("init", "triz", "--problem", PROBLEM, "--state", STATE).returncode == 0
    assert project.apply(*demo_moves(0), *demo_moves(1), REVIEW).returncode == 0
    document = project.argcheck("render", STATE, "--format", "md").stdout
    assert "| decompose_review | no |" in document
    assert "| electric vehicle range loss in freezing weather | 3 | no |" in document


def test_an_honest_cancel_needs_no_citation(witnessed):
    assert witnessed.apply({"type": "cancel", "actor": "user", "reason": "stopping"}).returncode == 4  # the run ended


def test_a_prompt_is_cited_once():
    prompts = [{"seq": 1, "kind": "prompt", "text": "yes, go", "session": "c"},
               {"seq": 2, "kind": "prompt", "text": "yes", "session": "c"}]
    citations = UserCitations(Witness(prompts, [], session="c"))
    move = {"actor": "user", "witness": {"seq": 1, "quote": "yes"}}
    assert citations.check(move, {"witness_seq": 0}, "/moves/3") == []
    again = citations.check(move, {"witness_seq": 0}, "/moves/4")
    assert [f.code for f in again] == ["ARG031"] and "already cited" in again[0].message
    assert citations.check({"actor": "agent"}, None, "/moves/5") == []
    assert UserCitations(None).check(move, None, "/moves/6") == []  # an unwitnessed run: nothing to check


def test_a_web_search_must_match_a_witnessed_search(witnessed):
    witnessed.prompt("Run a triz session on EV range in the cold.")
    decompose, search = demo_moves(0)[:2]
    result = witnessed.apply(decompose, search)
    assert "TRZ143" in result.stdout and "no witnessed WebSearch" in result.stdout
    seen = dict(search, results=search["results"][:1])
    searched(witnessed, [seen])
    result = witnessed.apply(decompose, search)  # cites two URLs the witnessed search did not return
    assert "TRZ143" in result.stdout and search["results"][1]["source_url"] in result.stdout
    assert witnessed.apply(decompose, seen).returncode == 0


class FakeDeliberation:
    """What DLB195 reads of deliberate's engine: its env, its header, and how it reports."""

    def __init__(self, records: list[dict], witnessed: bool = True) -> None:
        self.env = Env("2026-11-25T00:00:00Z", lambda relative: None, Witness(records, []))
        self.state = type("State", (), {"header": {"witnessed": witnessed}})()
        self.reported = []

    def report(self, code, where="", **values):
        self.reported.append((code, values["detail"]))
        return code


BASH = {"kind": "bash", "command": "pytest -q", "exit_code": 1, "output": "1 failed, 3 passed in 0.2s"}


@pytest.mark.parametrize("execution, problem", [
    ({"command": "pytest -q", "exit_code": 1, "output": "1 failed,  3 passed"}, None),
    ({"command": " pytest -q ", "exit_code": 1, "output": ""}, None),
    ({"command": "pytest", "exit_code": 1, "output": ""}, "no witnessed Bash call ran"),
    ({"command": "pytest -q", "exit_code": 0, "output": ""}, "exit code 0"),
    ({"command": "pytest -q", "exit_code": 1, "output": "4 passed"}, "not in the witnessed output"),
])
def test_execution_evidence_must_match_a_witnessed_bash_call(execution, problem):
    eng = FakeDeliberation([BASH])
    found = dlb_witness.execution_problems(eng, execution)
    assert (found == []) if problem is None else (found == ["DLB195"] and problem in eng.reported[0][1])
    assert dlb_witness.execution_problems(FakeDeliberation([], witnessed=False), execution) == []


def test_next_tells_how_to_cite_and_witness_prints_the_seq(witnessed):
    at_the_decompose_review(witnessed)
    assert '"witness": {"seq": N' in witnessed.argcheck("next", STATE).stdout
    answer = witnessed.prompt(ANSWER)
    shown = witnessed.argcheck("witness")
    assert shown.returncode == 0 and shown.stdout.splitlines()[-1].startswith(f"seq {answer} · ")
    assert ANSWER in shown.stdout
    (witnessed.root / ".argcheck" / "witness.jsonl").write_text("not json\n")
    broken = witnessed.argcheck("witness")
    assert broken.returncode != 0 and "does not verify" in broken.stderr


def test_the_run_index_vouches_for_closed_runs_only_while_they_are_unchanged(witnessed, monkeypatch):
    from argcheck.harness.events import nothing_to_do

    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(witnessed.root))
    assert not nothing_to_do("Stop", b"{}")  # the run is open
    assert witnessed.apply({"type": "cancel", "actor": "user", "reason": "done"}).returncode == 4  # the run ended
    assert nothing_to_do("Stop", b"{}") and nothing_to_do("PostToolUse", b"{}")
    state = witnessed.root / STATE
    state.write_text(state.read_text().replace('"cancelled"', '"decomposing"', 1))  # changed behind argcheck
    assert not nothing_to_do("Stop", b"{}")


def test_a_first_user_move_cannot_cite_a_prompt_from_before_the_run(tmp_path):
    project = Project(tmp_path / "project", hooked=True)
    early = project.prompt("The TTL must stay under 10 minutes.")
    assert project.argcheck("init", "deliberate", "--question", "Should the cache TTL be 300 seconds?",
                            "--consultee", "replay", "--state", STATE).returncode == 0
    assert project.header()["witness_seq"] == early
    entry = {"type": "ledger", "actor": "user", "id": "L1", "text": "The TTL stays under 10 minutes.",
             "provenance": "user", "witness": {"seq": early, "quote": "under 10 minutes"}}
    assert "came before the question" in project.apply(entry).stdout
    later = project.prompt("Yes: the TTL must stay under 10 minutes.")
    assert project.apply(dict(entry, witness={"seq": later, "quote": "under 10 minutes"})).returncode == 0
    log_md = project.argcheck("render", STATE, "--format", "md").stdout  # the decision log marks the entry
    assert f"  - witnessed: yes (the user's prompt {later})" in log_md


def test_an_unwitnessed_decision_log_marks_user_entries_and_executions(tmp_path):
    project = Project(tmp_path / "project", hooked=False)
    assert project.argcheck("init", "deliberate", "--question", "Should the cache TTL be 300 seconds?",
                            "--consultee", "replay", "--state", STATE).returncode == 0
    ran = {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "Tests pass.", "provenance": "verified",
           "execution": {"command": "pytest -q", "exit_code": 0, "output": "3 passed"}}
    said = {"type": "ledger", "actor": "user", "id": "L2", "text": "Under 10 minutes.", "provenance": "user"}
    assert project.apply(ran, said).returncode == 0
    log_md = project.argcheck("render", STATE, "--format", "md").stdout
    assert log_md.count("  - witnessed: no (as the agent recorded it)") == 2


def test_witnessing_off_starts_an_unwitnessed_run_that_says_so(tmp_path, monkeypatch):
    from argcheck.files import sessionmarks, witnesslog

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("ARGCHECK_CONVERSATION_ID", "conv-1")
    witnesslog.load_key(witnesslog.key_dir(), create=True)
    assert sessionmarks.hooks_in_place() is True
    monkeypatch.setenv("ARGCHECK_WITNESS", "off")
    assert sessionmarks.hooks_in_place() is False


def test_a_headless_run_the_agent_starts_under_the_hooks_is_witnessed_too(tmp_path):
    """`argcheck init council --run` (the council's way in Gemini CLI, which has no subagents) started in a
    hooked conversation is witnessed like any run `init` starts there; without the hooks it is not."""
    from kit.skillrun import make_sandbox

    box = make_sandbox(tmp_path, "council", ())
    config = tmp_path / "xdg-config"
    log.load_key(str(config / "argcheck"))
    env = {k: v for k, v in box.env.items() if not k.startswith(("CLAUDE", "ARGCHECK_CONV", "CODEX"))}
    for name, hooked in (("hooked", True), ("plain", False)):
        state = f".argcheck/council-{name}.json"
        run_env = dict(env, XDG_CONFIG_HOME=str(config), **({"ARGCHECK_CONVERSATION_ID": "conv-1"} if hooked else {}))
        done = subprocess.run([sys.executable, "-m", "argcheck", "init", "council", "--document", "docs/design.md",
                               "--consultee", "codex", "--run", "--state", state, "--save"], cwd=box.work,
                              env=run_env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        header = json.loads((box.work / state).read_text())["header"]
        assert header.get("witnessed", False) is hooked, header
        report = (box.work / state).with_suffix(".md").read_text()
        assert (UNWITNESSED_NOTE in report) is not hooked
