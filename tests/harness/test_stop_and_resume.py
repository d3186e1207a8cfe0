"""The Stop gate and the SessionStart summary, on real runs made with `argcheck init`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from argcheck.harness import resume, runs, stopgate

PROBLEM = "How can an electric car keep its range in freezing weather?"


def init(project, session="conv-1", name="t", *extra):
    env = dict(os.environ, ARGCHECK_CONVERSATION_ID=session) if session else dict(os.environ)
    env.pop("ARGCHECK_CONVERSATION_ID", None) if not session else None
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "triz", "--problem", PROBLEM,
                           "--state", f".argcheck/{name}.json", *extra], cwd=project, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return f".argcheck/{name}.json"


def apply(project, state, move):
    done = subprocess.run([sys.executable, "-m", "argcheck", "apply", state, json.dumps(move)], cwd=project,
                          capture_output=True, text=True)
    assert done.returncode in (0, 4), done.stdout + done.stderr  # 4: the move ended the run (cancel)


def stop_input(project, session="conv-1", active=False, **more):
    return dict({"session_id": session, "cwd": str(project), "hook_event_name": "Stop", "stop_hook_active": active,
                 "background_tasks": []}, **more)


@pytest.fixture
def state_home(tmp_path):
    return {"XDG_STATE_HOME": str(tmp_path / "state-home")}


def test_init_records_the_conversation_the_harness_exported(project):
    state = init(project, session="conv-1")
    assert json.loads((project / state).read_text())["header"]["conversation_id"] == "conv-1"


def test_a_stop_mid_run_is_blocked_with_the_next_step(project, hook, state_home):
    state = init(project)
    answer = json.loads(hook("Stop", stop_input(project), env=state_home).stdout)
    assert answer["decision"] == "block"
    assert state in answer["reason"] and f"argcheck apply {state}" in answer["reason"]
    assert "cancel" in answer["reason"] and len(answer["reason"].splitlines()) == 2


def test_blocks_in_a_row_are_bounded(project, hook, state_home):
    init(project)
    answers = [hook("Stop", stop_input(project, active=index > 0), env=state_home).stdout for index in range(6)]
    blocked = [bool(out.strip()) for out in answers]
    assert blocked == [True] * stopgate.MAX_BLOCKS + [False] * (6 - stopgate.MAX_BLOCKS)
    assert hook("Stop", stop_input(project, active=False), env=state_home).stdout.strip()  # a new stop: again


@pytest.mark.parametrize("why", ["another conversation", "no conversation", "background tasks", "closed"])
def test_no_block_when_the_run_is_not_this_conversations_due_move(project, hook, state_home, why):
    state = init(project, session=None if why == "no conversation" else "conv-1")
    payload = stop_input(project, session="conv-2" if why == "another conversation" else "conv-1")
    if why == "background tasks":
        payload["background_tasks"] = [{"id": "a1", "status": "running"}]
    if why == "closed":
        apply(project, state, {"type": "cancel", "actor": "user", "reason": "not needed"})
    assert hook("Stop", payload, env=state_home).stdout == b""


def test_no_block_while_the_run_waits_for_the_user(project):
    run = runs.Run(".argcheck/t.json", "x", "open", "conv-1", "x · open", {"actor": "user", "text": "ask"})
    assert stopgate.decide([run], "conv-1", False, [], 0) is None
    for actor in ("consultee", "arbiter"):
        assert stopgate.decide([run._replace(next_step={"actor": actor})], "conv-1", False, [], 0) is None
    assert stopgate.decide([run._replace(next_step={"actor": "orchestrator", "text": "go"})], "conv-1", False, [], 0)


def test_stray_and_broken_files_in_the_state_directory_are_skipped(project, hook, state_home):
    (project / ".argcheck" / "notes.json").write_text("[1, 2")
    (project / ".argcheck" / "other.json").write_text('{"format": "x"}')
    (project / ".argcheck" / "report.md").write_text("# hi")
    assert hook("Stop", stop_input(project), env=state_home).stdout == b""
    init(project)
    assert json.loads(hook("Stop", stop_input(project), env=state_home).stdout)["decision"] == "block"


def test_compaction_and_resume_restate_each_open_run_within_a_kilobyte(project, hook, tmp_path):
    states = [init(project, name=f"run{index}") for index in range(2)]
    env_file = tmp_path / "env.sh"
    for source in ("compact", "resume"):
        done = hook("SessionStart", {"session_id": "conv-1", "cwd": str(project), "source": source},
                    env={"CLAUDE_ENV_FILE": str(env_file)})
        text = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
        assert all(state in text for state in states) and "argcheck apply" in text
        assert len(text.encode()) <= 100 + len(states) * resume.PER_RUN
    assert env_file.read_text() == "export ARGCHECK_CONVERSATION_ID=conv-1\n" * 2


def test_a_fresh_start_only_exports_the_conversation(project, hook, tmp_path):
    init(project)
    env_file = tmp_path / "env.sh"
    done = hook("SessionStart", {"session_id": "conv-9", "cwd": str(project), "source": "startup"},
                env={"CLAUDE_ENV_FILE": str(env_file)})
    assert done.stdout == b"" and env_file.read_text() == "export ARGCHECK_CONVERSATION_ID=conv-9\n"


def test_a_hostile_session_id_is_never_written_to_the_env_file(project, hook, tmp_path):
    env_file = tmp_path / "env.sh"
    hook("SessionStart", {"session_id": "x; rm -rf ~", "cwd": str(project), "source": "startup"},
         env={"CLAUDE_ENV_FILE": str(env_file)})
    assert not env_file.exists()


def test_a_long_next_step_is_clipped_to_the_budget():
    run = runs.Run(".argcheck/t.json", "x", "open", "c", "x · open", {"actor": "agent", "text": "é" * 3000,
                                                                       "commands": ["argcheck next"]})
    text = resume.context_text([run])
    assert len(text.encode()) <= 120 + resume.PER_RUN


# -- fail open: a gate that cannot keep its count lets the stop through ---------------------------------------

@pytest.mark.parametrize("where", ["a file in the way", "a read-only file system", "the counter is a folder"])
def test_a_stop_goes_through_when_the_count_cannot_be_kept(project, hook, tmp_path, where):
    init(project)
    if where == "a file in the way":
        (tmp_path / "blocker").write_text("")
        state_home = str(tmp_path / "blocker" / "state")
    elif where == "a read-only file system":
        state_home = "/proc/argcheck-no-such-state-home"
    else:
        state_home = str(tmp_path / "state-home")
        os.makedirs(os.path.join(state_home, "argcheck", "stop-blocks", "conv-1"))
    answers = [hook("Stop", stop_input(project, active=index > 0), env={"XDG_STATE_HOME": state_home}).stdout
               for index in range(2)]
    assert answers == [b"", b""]  # never blocked: an uncounted block could hold the agent for ever


@pytest.mark.parametrize("counter", ["garbage", "-1", "9" * 40, "\xff\xfe"])
def test_a_corrupt_counter_lets_a_continued_stop_through(project, hook, state_home, counter):
    init(project)
    assert hook("Stop", stop_input(project), env=state_home).stdout  # the first stop: blocked, counted
    path = os.path.join(state_home["XDG_STATE_HOME"], "argcheck", "stop-blocks", "conv-1")
    with open(path, "w", encoding="latin-1") as handle:
        handle.write(counter)
    assert hook("Stop", stop_input(project, active=True), env=state_home).stdout == b""
    assert hook("Stop", stop_input(project, active=False), env=state_home).stdout  # a new stop is held again


def test_the_count_is_private_to_the_user(project, hook, state_home):
    init(project)
    hook("Stop", stop_input(project), env=state_home)
    path = os.path.join(state_home["XDG_STATE_HOME"], "argcheck", "stop-blocks", "conv-1")
    assert oct(os.stat(path).st_mode & 0o777) == oct(0o600)


def transcript_lines(*entries) -> str:
    """A Claude Code transcript: ("prompt", text), ("call", tool), ("result", text), ("feedback", text)."""
    lines = []
    for kind, text in entries:
        if kind == "prompt":
            lines.append({"type": "user", "message": {"role": "user", "content": text}})
        elif kind == "feedback":
            lines.append({"type": "user", "message": {"role": "user", "content": f"Stop hook feedback:\n{text}"}})
        elif kind == "call":
            lines.append({"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": f"toolu_{len(lines)}", "name": text, "input": {}}]}})
        else:
            lines.append({"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"toolu_{len(lines) - 1}", "content": text, "is_error": True}]}})
    return "".join(json.dumps(line) + "\n" for line in lines)


REFUSED_IN_P_MODE = "Claude requested permissions to use WebSearch, but you haven't granted it yet."
REFUSED_ON_SCREEN = ("The user doesn't want to proceed with this tool use. The tool use was rejected. STOP what you "
                     "are doing and wait for the user to tell you how to proceed.")


@pytest.mark.parametrize("entries, refused", [
    ((("prompt", "run triz"), ("call", "WebSearch"), ("result", REFUSED_IN_P_MODE)), True),
    ((("prompt", "run triz"), ("call", "WebSearch"), ("result", REFUSED_ON_SCREEN), ("call", "Bash"),
      ("result", "ok")), True),
    ((("prompt", "run triz"), ("call", "WebSearch"), ("result", REFUSED_IN_P_MODE), ("feedback", "argcheck: ...")),
     True),
    ((("prompt", "run triz"), ("call", "WebSearch"), ("result", REFUSED_IN_P_MODE), ("prompt", "go on"),
      ("call", "Bash"), ("result", "Exit code 1")), False),
    ((("prompt", "run triz"), ("call", "Bash"), ("result", "Exit code 1")), False),
    ((), False),
])
def test_a_refusal_counts_only_in_the_turn_since_the_users_last_prompt(entries, refused):
    assert stopgate.user_refused_last_turn(transcript_lines(*entries)) is refused


def test_no_block_in_a_turn_where_the_user_refused_a_tool_call(project, hook, state_home, tmp_path):
    init(project)
    folder = tmp_path / "claude" / "projects" / "-work"
    folder.mkdir(parents=True)
    transcript = folder / "conv-1.jsonl"
    transcript.write_text(transcript_lines(("prompt", "run triz"), ("call", "WebSearch"),
                                           ("result", REFUSED_IN_P_MODE)))
    answer = hook("Stop", stop_input(project, transcript_path=str(transcript)), env=state_home)
    assert not answer.stdout.strip()
    transcript.write_text(transcript_lines(("prompt", "run triz"), ("call", "Bash"), ("result", "Exit code 1")))
    blocked = json.loads(hook("Stop", stop_input(project, transcript_path=str(transcript)), env=state_home).stdout)
    assert blocked["decision"] == "block"


def test_a_refusal_in_a_file_that_is_not_this_sessions_transcript_does_not_count(project, hook, state_home, tmp_path):
    init(project)
    elsewhere = tmp_path / "notes.jsonl"
    elsewhere.write_text(transcript_lines(("prompt", "x"), ("call", "WebSearch"), ("result", REFUSED_IN_P_MODE)))
    blocked = json.loads(hook("Stop", stop_input(project, transcript_path=str(elsewhere)), env=state_home).stdout)
    assert blocked["decision"] == "block"


def test_the_gate_waits_a_moment_for_the_client_to_write_the_turns_last_lines(project, hook, state_home, tmp_path):
    """Claude Code calls the Stop hook before its transcript holds the turn's end: the refusal and the
    message the turn ended with (last_assistant_message) arrive a moment later, and still count."""
    import threading
    import time

    init(project)
    folder = tmp_path / "claude" / "projects" / "-work"
    folder.mkdir(parents=True)
    transcript = folder / "conv-1.jsonl"
    transcript.write_text(transcript_lines(("prompt", "run triz"), ("call", "WebSearch")))
    ending = {"type": "assistant", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "Over to you: sources?"}]}}

    def client_writes_late():
        time.sleep(0.4)
        with transcript.open("a") as handle:
            handle.write(transcript_lines(("result", REFUSED_IN_P_MODE)).replace("toolu_-1", "toolu_1"))
            handle.write(json.dumps(ending) + "\n")

    writer = threading.Thread(target=client_writes_late)
    writer.start()
    answer = hook("Stop", stop_input(project, transcript_path=str(transcript),
                                     last_assistant_message="Over to you: sources?"), env=state_home)
    writer.join()
    assert not answer.stdout.strip()


def test_a_fifo_in_place_of_the_counter_never_holds_the_stop(project, hook, state_home):
    """A FIFO (or any non-file) where the count is kept would make a blocking read wait for ever."""
    init(project)
    folder = os.path.join(state_home["XDG_STATE_HOME"], "argcheck", "stop-blocks")
    os.makedirs(folder)
    os.mkfifo(os.path.join(folder, "conv-1"))
    answer = hook("Stop", stop_input(project, active=True), env=state_home)
    assert answer.stdout == b""
