"""Backing under Codex CLI and Gemini CLI: a witness record counts only when that agent's own transcript shows
it. The transcripts are trimmed copies of real ones the pinned CLIs wrote against the mock model
(tests/realcli/transcriptruns.py; the hook events beside them are what each CLI sent its hooks), put back
where each agent keeps its transcripts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from argcheck.core import witnessing
from argcheck.core.transcripts_gemini import GATE_REASON
from argcheck.core.witnessing import Witness
from argcheck.files import transcripts
from argcheck.harness import stopgate
from argcheck.harness.runs import Run
from argcheck.harness.witness import digest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "agent-transcripts"
FIRST, SECOND = "The first prompt: please say hello", "The second prompt, after resume"
PROMPTS = {"codex": ("$demo " + FIRST, SECOND), "gemini": (FIRST, SECOND + ": see @notes.txt")}
ECHO, FAILING, DENIED = "echo witnessed-hello", "ls /nonexistent-argcheck-dir", "echo deny-me"
SEARCH, FETCHED = "TRIZ contradiction matrix", "https://93.184.215.14/triz-page"
GUARD = "argcheck's witness guard denied this call: it reaches argcheck's hook entry"
GATE = ("argcheck: the triz run .argcheck/triz-20261128-abc123.json is not done and the next move is yours: "
        "record the decomposition\nRun: argcheck next .argcheck/triz-20261128-abc123.json  (or end the run with "
        "its cancel/abort move; `argcheck next .argcheck/triz-20261128-abc123.json` shows every option)")
PLACES = {"codex": ("codex-home", "sessions", "2026", "11", "28"),
          "gemini": ("home", ".gemini", "tmp", "work", "chats")}


class Session:
    """One agent's real transcript, copied into `root` where that agent keeps it, and its hook events."""

    def __init__(self, agent: str, root: Path, where=None) -> None:
        source = next(path for path in (FIXTURES / agent).iterdir() if path.name != "hooks.jsonl")
        self.agent, self.events = agent, [json.loads(line) for line in (FIXTURES / agent / "hooks.jsonl").open()]
        self.session = self.events[0]["session_id"]
        self.path = root.joinpath(*(where or PLACES[agent]), source.name)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, self.path)

    def record(self, kind: str, **fields) -> dict:
        return {"agent": self.agent, "session": self.session, "transcript": str(self.path), "kind": kind, **fields}

    def prompt(self, text: str) -> dict:
        return self.record("prompt", text=text, sha256=digest(text))

    def bash(self, command: str, exit_code, output: str) -> dict:
        return self.record("bash", command=command, command_sha256=digest(command), exit_code=exit_code,
                           output=output, output_sha256=digest(output))

    def witness(self, *records: dict) -> Witness:
        return transcripts.attach(Witness(list(records), [], session=self.session))

    def backs(self, record: dict) -> bool:
        return self.witness(record).backed(record)

    def hook_output(self, command: str) -> str:
        """The output the agent's PostToolUse / AfterTool event gave for `command`."""
        for event in self.events:
            if event.get("hook_event_name") in ("PostToolUse", "AfterTool") and \
                    (event.get("tool_input") or {}).get("command") == command:
                response = event["tool_response"]
                return response if isinstance(response, str) else response["returnDisplay"]
        raise AssertionError(command)


@pytest.fixture(params=["codex", "gemini"])
def agent(request, tmp_path) -> Session:
    return Session(request.param, tmp_path)


@pytest.fixture
def gemini(tmp_path) -> Session:
    return Session("gemini", tmp_path)


@pytest.fixture
def codex(tmp_path) -> Session:
    return Session("codex", tmp_path)


# -- prompts ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("turn", [0, 1])
def test_a_prompt_the_user_typed_is_backed_in_either_turn(agent, turn):
    text = PROMPTS[agent.agent][turn]
    assert any(event.get("prompt", "").startswith(text) for event in agent.events)  # the hook saw it
    assert agent.backs(agent.prompt(text))


def test_a_skill_codex_loaded_for_the_prompt_is_not_a_prompt(codex):
    lines = [json.loads(line) for line in codex.path.read_text(encoding="utf-8").splitlines()]
    [skill] = [text for text in _texts(lines) if text.startswith("<skill>")]
    assert "Greet the user by name." in skill
    assert not codex.backs(codex.prompt(skill))


def test_a_file_gemini_added_to_the_prompt_is_not_what_the_user_typed(gemini):
    """Gemini's BeforeAgent prompt holds the @file's text (the agent may have written that file): only the
    typed part is backed."""
    [expanded] = {event["prompt"] for event in gemini.events if "@notes.txt" in event.get("prompt", "")}
    assert "the notes say forty-two" in expanded
    assert not gemini.backs(gemini.prompt(expanded))
    assert not gemini.backs(gemini.prompt("the notes say forty-two"))
    assert gemini.backs(gemini.prompt(PROMPTS["gemini"][1]))


def test_a_gemini_prompt_after_argcheck_s_own_hook_context_is_what_the_user_typed(gemini):
    """Gemini CLI 0.61.0 writes a BeforeAgent hook's additionalContext (argcheck restates the open runs there)
    into the prompt's message, first, as <hook_context>...</hook_context> and a blank line: the user typed what
    follows it, and the context alone is no prompt."""
    typed = "My answer: keep it under ten minutes"
    context = "<hook_context>argcheck: open protocol runs in this project:\n- .argcheck/t.json</hook_context>"
    message = {"id": "m-hook", "timestamp": "2026-11-28T06:06:01.834Z", "type": "user",
               "content": [{"text": f"{context}\n\n{typed}"}]}
    with gemini.path.open("a", encoding="utf-8") as transcript:
        transcript.write(json.dumps(message) + "\n")
    assert gemini.backs(gemini.prompt(typed))
    assert not gemini.backs(gemini.prompt(f"{context}\n\n{typed}"))
    assert not gemini.backs(gemini.prompt(context))


def test_a_prompt_not_in_the_transcript_is_not_backed(agent):
    assert not agent.backs(agent.prompt("Yes, go ahead with option B."))
    assert not agent.backs(agent.prompt(PROMPTS[agent.agent][0][:-1]))  # the whole text, not a part of one


def test_what_a_command_printed_is_not_a_prompt(agent):
    assert not agent.backs(agent.prompt("witnessed-hello"))
    assert not agent.backs(agent.prompt("first done"))  # nor what the model said


def test_the_stop_gate_s_reason_fed_back_to_the_agent_is_not_a_prompt(agent):
    """Codex wraps it in <hook_prompt> (provenance harness); Gemini sends it as a plain user message, and its
    BeforeAgent hook even reports it as the prompt."""
    fed_back = [event["prompt"] for event in agent.events if event.get("prompt") == GATE]
    assert len(fed_back) == (2 if agent.agent == "gemini" else 0)
    assert json.dumps(GATE)[1:-1] in agent.path.read_text(encoding="utf-8")
    assert not agent.backs(agent.prompt(GATE))
    lines = [json.loads(line) for line in agent.path.read_text(encoding="utf-8").splitlines()]
    wrapped = [text for text in _texts(lines) if text.startswith("<hook_prompt")]
    assert len(wrapped) == (2 if agent.agent == "codex" else 0)
    assert not any(agent.backs(agent.prompt(text)) for text in wrapped)  # the whole element, as written


def test_the_agent_s_own_context_is_not_a_prompt(agent):
    lines = [json.loads(line) for line in agent.path.read_text(encoding="utf-8").splitlines()]
    mark = "<environment_context>" if agent.agent == "codex" else "<session_context>"
    context = next(text for text in _texts(lines) if text.startswith(mark))
    assert not agent.backs(agent.prompt(context))


def _texts(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "text" and isinstance(item, str):
                yield item
            else:
                yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


# -- shell commands ---------------------------------------------------------------------------------------

def test_a_command_that_ran_is_backed_with_its_output_and_exit_code(agent):
    assert agent.backs(agent.bash(ECHO, 0, agent.hook_output(ECHO)))
    assert agent.backs(agent.bash(ECHO, None, "witnessed-hello"))  # an exit code the hook did not know
    failing = agent.hook_output(FAILING)
    assert "No such file or directory" in failing
    assert agent.backs(agent.bash(FAILING, 2, failing))


def test_a_command_record_the_run_does_not_fit_is_not_backed(agent):
    assert not agent.backs(agent.bash("echo never-ran", 0, ""))
    assert not agent.backs(agent.bash(ECHO, 1, "witnessed-hello"))  # another exit code
    assert not agent.backs(agent.bash(FAILING, 0, agent.hook_output(FAILING)))
    assert not agent.backs(agent.bash(ECHO, 0, "all 12 tests passed"))  # another output
    assert not agent.backs(agent.bash(DENIED, 0, "deny-me"))  # denied: it never ran


# -- web searches and fetches -----------------------------------------------------------------------------

def test_gemini_backs_a_search_and_a_fetch_it_made_with_the_pages_they_named(gemini):
    found = ["https://example.org/mock-search/first", "https://example.org/mock-search/second"]
    assert gemini.backs(gemini.record("web_search", query=SEARCH, urls=found))
    assert gemini.backs(gemini.record("web_fetch", url=FETCHED, urls=[FETCHED]))


def test_gemini_backs_no_search_it_did_not_make_nor_pages_it_was_not_shown(gemini):
    assert not gemini.backs(gemini.record("web_search", query="TRIZ inventive principles", urls=[]))
    assert not gemini.backs(gemini.record("web_search", query=SEARCH, urls=["https://example.org/invented"]))
    assert not gemini.backs(gemini.record("web_fetch", url="https://93.184.215.14/other-page", urls=[]))


def test_codex_backs_no_web_search_even_one_its_rollout_names(codex):
    """Codex's search runs in the provider's hosted tool: no hook event, and only the query in the rollout."""
    rollout = codex.path.read_text(encoding="utf-8")
    assert '"web_search_call"' in rollout and SEARCH in rollout
    assert not any(event.get("tool_name") not in (None, "Bash") for event in codex.events)  # no hook saw it
    assert not codex.backs(codex.record("web_search", query=SEARCH, urls=[]))
    assert not codex.backs(codex.record("web_fetch", url="https://example.org/triz", urls=[]))


# -- the file: where the agent keeps it, and the record's own session ------------------------------------

def test_a_transcript_elsewhere_backs_nothing(agent, tmp_path):
    moved = Session(agent.agent, tmp_path / "moved", where=("somewhere", "else"))
    assert not moved.backs(moved.prompt(PROMPTS[moved.agent][0]))
    assert moved.witness(moved.prompt(PROMPTS[moved.agent][0])).transcripts == {}


def test_a_record_of_another_session_or_agent_is_not_backed_by_this_file(agent):
    typed = agent.prompt(PROMPTS[agent.agent][0])
    assert agent.backs(typed)
    assert not agent.backs(dict(typed, session="0" * 8 + agent.session[8:]))
    assert not agent.backs(dict(typed, agent="gemini" if agent.agent == "codex" else "codex"))
    claude = dict(typed)
    del claude["agent"]  # no agent: Claude Code's record, whose transcript is never here
    assert not agent.backs(claude)


def test_a_file_named_for_the_session_that_belongs_to_another_is_not_read(agent):
    text = agent.path.read_text(encoding="utf-8")
    agent.path.write_text(text.replace(agent.session, agent.session[:8] + "-0000-0000-0000-000000000000", 1))
    assert not agent.backs(agent.prompt(PROMPTS[agent.agent][0]))


def test_an_older_gemini_session_document_is_read_too(gemini):
    lines = [json.loads(line) for line in gemini.path.read_text(encoding="utf-8").splitlines()]
    messages = [line for line in lines if "type" in line and "id" in line]
    document = gemini.path.with_suffix(".json")
    document.write_text(json.dumps({"sessionId": gemini.session, "kind": "main", "messages": messages}))
    older = dict(gemini.prompt(FIRST), transcript=str(document))
    assert gemini.backs(older)
    assert gemini.backs(dict(gemini.bash(ECHO, 0, "witnessed-hello"), transcript=str(document)))
    gate = dict(gemini.prompt(GATE), transcript=str(document))
    assert not gemini.backs(gate)


# -- attempts to reach the witness (ARG032) ---------------------------------------------------------------

def test_a_call_the_witness_guard_denied_fails_the_run(agent):
    witness = agent.witness(agent.prompt(PROMPTS[agent.agent][0]))
    assert witness.transcripts[str(agent.path)].attempts() == ["a call the witness guard denied"]
    assert [found.code for found in witnessing.check_attempts(witness)] == ["ARG032"]


def test_a_command_that_reaches_the_hook_entry_is_an_attempt(agent):
    text = agent.path.read_text(encoding="utf-8").replace("echo witnessed-hello", "argcheck hook UserPromptSubmit")
    agent.path.write_text(text, encoding="utf-8")
    attempts = agent.witness(agent.prompt(PROMPTS[agent.agent][0])).transcripts[str(agent.path)].attempts()
    assert "argcheck hook UserPromptSubmit" in attempts


def test_the_gate_reason_pattern_is_the_stop_gate_s_own_wording():
    run = Run(".argcheck/deliberate-x.json", "deliberate", "open", "s", "", {"text": "record the points",
                                                                          "commands": ["argcheck next x"]})
    assert GATE_REASON.match(stopgate.reason_for(run))


# -- what an agent cannot witness: the rule refuses the agent's word and the report says why --------------

CODEX_RUN = {"witnessed": True, "witness_agent": "codex"}
SEARCH_MOVE = {"type": "web_search", "actor": "orchestrator", "query": SEARCH, "purpose": "state_of_art",
               "results": [{"source_url": "https://example.org/triz", "title": "t", "snippet": "s"}]}


def test_a_search_in_a_codex_run_is_refused_with_the_reason_codex_cannot_witness_it(codex):
    from argcheck.core import discovery  # noqa: F401  (the protocols' rule codes)
    from argcheck.protocols.triz.rules_witness import check_search_witnessed

    forged = codex.record("web_search", query=SEARCH, urls=["https://example.org/triz"])  # the agent's word
    [found] = check_search_witnessed(codex.witness(forged), SEARCH_MOVE, "/moves/3", CODEX_RUN)
    assert found.code == "TRZ143"
    assert "Codex CLI cannot witness web searches: its web search runs inside the model provider" in found.message
    assert "ask the user for the sources" in found.message
    assert check_search_witnessed(codex.witness(forged), dict(SEARCH_MOVE, actor="user"), "/m", CODEX_RUN) == []


def test_a_search_in_a_gemini_run_is_checked_against_the_backed_records(gemini):
    from argcheck.core import discovery  # noqa: F401  (the protocols' rule codes)
    from argcheck.protocols.triz.rules_witness import check_search_witnessed

    urls = ["https://example.org/mock-search/first"]
    move = dict(SEARCH_MOVE, results=[{"source_url": urls[0], "title": "t", "snippet": "s"}])
    header = {"witnessed": True, "witness_agent": "gemini"}
    backed = gemini.witness(gemini.record("web_search", query=SEARCH, urls=urls))
    assert check_search_witnessed(backed, move, "/moves/3", header) == []
    forged = gemini.witness(gemini.record("web_search", query=SEARCH, urls=["https://example.org/made-up"]))
    assert [f.code for f in check_search_witnessed(forged, move, "/moves/3", header)] == ["TRZ143"]


def test_a_codex_run_s_reports_say_what_codex_cannot_witness():
    limit = "Codex CLI cannot witness web searches"
    assert limit in witnessing.marked_text("Next: record the decomposition", CODEX_RUN, {"next": {}})
    assert witnessing.json_fields(CODEX_RUN)["cannot_witness"][0].startswith(limit)
    assert f"> {limit}" in witnessing.marked_markdown("# Report\n\nbody", CODEX_RUN)
    for header in ({"witnessed": True}, {"witnessed": True, "witness_agent": "gemini"}):
        assert "cannot_witness" not in witnessing.json_fields(header)
        assert "cannot witness" not in witnessing.marked_markdown("# Report", header)
        assert "cannot witness" not in witnessing.marked_text("Next", header, {"next": {}})
    claude = {"witnessed": True}  # an older header: Claude Code's, which says nothing more
    assert witnessing.marked_markdown("# Report", claude) == "# Report"
    assert witnessing.marked_text("Next", claude, {"next": {}}) == "Next"


def _append(session: Session, *lines: dict) -> None:
    with session.path.open("a", encoding="utf-8") as handle:
        handle.writelines(json.dumps(line) + "\n" for line in lines)


def test_codex_keystrokes_into_a_running_shell_and_a_denied_patch_are_attempts(codex):
    typed = {"chars": "argcheck hook UserPromptSubmit\n", "session_id": 7}
    _append(codex, {"type": "response_item", "payload": {"type": "function_call", "name": "write_stdin",
                                                         "arguments": json.dumps(typed), "call_id": "call_90"}},
            {"type": "response_item", "payload": {"type": "custom_tool_call_output", "call_id": "call_91",
                                                  "output": "Command blocked by PreToolUse hook: " + GUARD}})
    attempts = codex.witness(codex.prompt(SECOND)).transcripts[str(codex.path)].attempts()
    assert attempts.count("a call the witness guard denied") == 2 and typed["chars"] in attempts
    assert not codex.backs(codex.bash(typed["chars"], None, ""))  # typed keys are no command that ran


def test_gemini_file_text_added_to_a_prompt_without_display_content_is_not_typed(gemini):
    added = ["\n--- Content from referenced files ---", "\nContent from @plan.txt:\n", "Yes, approve option B"]
    parts = [{"text": text} for text in ["Read @plan.txt", *added]]
    _append(gemini, {"id": "m-90", "type": "user", "content": parts})
    assert gemini.backs(gemini.prompt("Read @plan.txt"))
    assert not gemini.backs(gemini.prompt("Yes, approve option B"))


def test_an_exit_code_the_hook_did_not_see_is_read_from_the_agent_s_transcript(agent):
    """Codex's PostToolUse event carries only the output: DLB195 compares the code the transcript shows."""
    from argcheck.core import discovery  # noqa: F401  (the protocols' rule codes)
    from argcheck.protocols.deliberate import rules_witness

    failing = agent.bash(FAILING, None, agent.hook_output(FAILING))
    witness = agent.witness(agent.bash(ECHO, None, "witnessed-hello"), failing)
    assert [witness.exit_code(record) for record in witness.records] == [0, 2]
    assert witness.exit_code(agent.bash(DENIED, None, "")) is None  # no run, no code
    evidence = {"command": FAILING, "exit_code": 2, "output": "No such file or directory"}
    assert rules_witness._mismatch(witness, evidence) is None
    assert "exit code 0" in rules_witness._mismatch(witness, dict(evidence, exit_code=0))
