"""`argcheck hook --agent codex|gemini EVENT` end to end, on the events the pinned CLIs really sent
(tests/fixtures/agent-events) placed in a real project: the core's decisions in each agent's protocol, the
Stop gate and its echo in Gemini, the conversation's start marker and the witnessed run it makes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.harness import stopgate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "agent-events"
PROBLEM = "How can an electric car keep its range in freezing weather?"
SESSION = {"codex": "01a220a7-5632-72e2-bcf1-0e1a807dae0f", "gemini": "01b47a06-2924-44a6-a61a-0efb9b1e9215"}


def event(agent: str, name: str, project: Path, **more) -> dict:
    data = json.loads((FIXTURES / agent / f"{name}.json").read_text())
    return dict(data, cwd=str(project), **more)


@pytest.fixture
def homes(tmp_path) -> dict:
    return {"XDG_CONFIG_HOME": str(tmp_path / "xdg-config"), "XDG_STATE_HOME": str(tmp_path / "xdg-state"),
            "HOME": str(tmp_path / "home")}


def agent_hook(agent: str, name: str, payload, homes: dict, env: dict | None = None, argv=None):
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    full = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "CODEX", "ARGCHECK"))}
    full.update(homes, **(env or {}))
    return subprocess.run(argv or [sys.executable, "-m", "argcheck", "hook", "--agent", agent, name], input=data,
                          capture_output=True, env=full, timeout=60)


def init(project: Path, env: dict, name: str = "t") -> dict:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "CODEX", "ARGCHECK"))}
    full.update(env)
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "triz", "--problem", PROBLEM, "--state",
                           f".argcheck/{name}.json"], cwd=project, env=full, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads((project / ".argcheck" / f"{name}.json").read_text())["header"]


@pytest.mark.parametrize(("agent", "stop", "again"), [("codex", "Stop", "Stop-after-block"),
                                                       ("gemini", "AfterAgent", "AfterAgent-after-block")])
def test_a_stop_mid_run_is_sent_back_with_the_next_step_and_bounded(project, homes, agent, stop, again):
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION[agent]))
    name = "Stop" if agent == "codex" else "AfterAgent"
    outs = [agent_hook(agent, name, event(agent, stop if index == 0 else again, project), homes)
            for index in range(stopgate.MAX_BLOCKS + 2)]
    assert all(done.returncode == 0 and not done.stderr for done in outs)
    first = json.loads(outs[0].stdout)
    assert first["decision"] == "block" and "argcheck apply .argcheck/t.json" in first["reason"]
    assert [bool(done.stdout.strip()) for done in outs] == [True] * stopgate.MAX_BLOCKS + [False, False]


def log_records(project: Path) -> list[dict]:
    path = project / ".argcheck" / "witness.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_gemini_never_records_argchecks_own_stop_reason_as_the_users_prompt(project, homes):
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION["gemini"]))
    reason = json.loads(agent_hook("gemini", "AfterAgent", event("gemini", "AfterAgent", project), homes).stdout)
    echoed = event("gemini", "BeforeAgent-stop-reason", project, prompt=reason["reason"])
    assert agent_hook("gemini", "BeforeAgent", echoed, homes).stdout == b""
    agent_hook("gemini", "BeforeAgent", event("gemini", "BeforeAgent-resumed", project), homes)
    prompts = [record for record in log_records(project) if record["kind"] == "prompt"]
    assert [(record["text"], record["agent"]) for record in prompts] == [("capture: resumed prompt", "gemini")]


def test_codex_and_gemini_calls_are_witnessed_with_their_agent_and_transcript(project, homes):
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION["codex"]))
    agent_hook("codex", "UserPromptSubmit", event("codex", "UserPromptSubmit", project), homes)
    agent_hook("codex", "PostToolUse", event("codex", "PostToolUse-Bash-failed", project), homes)
    agent_hook("gemini", "AfterTool", event("gemini", "AfterTool-run_shell_command", project), homes)
    agent_hook("gemini", "AfterTool", event("gemini", "AfterTool-google_web_search", project), homes)
    records = log_records(project)
    assert [(r["kind"], r["agent"]) for r in records] == [("prompt", "codex"), ("bash", "codex"), ("bash", "gemini"),
                                                          ("web_search", "gemini")]
    assert records[1]["exit_code"] is None  # the fixture's rollout is not on this machine: unknown, never 0
    assert records[2]["exit_code"] == 0 and records[2]["output"] == "hello"
    assert records[0]["transcript"].startswith("/home/user/.codex/sessions/")
    assert records[3]["transcript"].startswith("/home/user/.gemini/tmp/")


def test_a_state_file_write_is_denied_in_each_agents_protocol(project, homes):
    write = f"echo {{}} > {project}/.argcheck/t.json"
    codex = event("codex", "PreToolUse-Bash", project, tool_input={"command": write})
    answer = json.loads(agent_hook("codex", "PreToolUse", codex, homes).stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    asked = event("codex", "PermissionRequest-Bash.schema", project, tool_input={"command": write})
    answer = json.loads(agent_hook("codex", "PermissionRequest", asked, homes).stdout)
    assert answer["hookSpecificOutput"]["decision"]["behavior"] == "deny"
    gemini = event("gemini", "BeforeTool-write_file", project,
                   tool_input={"file_path": f"{project}/.argcheck/t.json", "content": "{}"})
    done = agent_hook("gemini", "BeforeTool", gemini, homes, env={"CLAUDE_PROJECT_DIR": str(project)})
    assert json.loads(done.stdout)["decision"] == "deny" and done.stderr == b""
    key = event("gemini", "BeforeTool-read_file", project,
                tool_input={"file_path": str(Path(homes["XDG_CONFIG_HOME"]) / "argcheck" / "witness.key")})
    assert json.loads(agent_hook("gemini", "BeforeTool", key, homes).stdout)["decision"] == "deny"


def test_codex_apply_patch_on_a_state_file_is_denied_and_elsewhere_is_left_alone(project, homes):
    """Codex CLI 0.169.0's editor, apply_patch, reaches PreToolUse with the patch text as `tool_input.command`
    (tests/realcli/test_agent_hook_shapes_real.py): each file the patch names is an editor call of its own."""
    (project / ".argcheck").mkdir(exist_ok=True)
    (project / ".argcheck" / "t.json").write_text("{}")

    def patch(*lines: str) -> dict:
        text = "\n".join(["*** Begin Patch", *lines, "*** End Patch", ""])
        return event("codex", "PreToolUse-Bash", project, tool_name="apply_patch", tool_input={"command": text})

    for lines in (["*** Delete File: .argcheck/t.json"], ["*** Update File: .argcheck/t.json", "@@", "-{}", "+[]"],
                  ["*** Add File: notes.md", "+hi", "*** Update File: .argcheck/t.json", "@@", "-{}", "+[]"],
                  ["*** Update File: notes.md", "*** Move to: .argcheck/t.json"]):
        answer = json.loads(agent_hook("codex", "PreToolUse", patch(*lines), homes).stdout)
        assert answer["hookSpecificOutput"]["permissionDecision"] == "deny", lines
    assert agent_hook("codex", "PreToolUse", patch("*** Add File: notes.md", "+hi"), homes).stdout == b""


def test_codex_consent_allows_a_taught_command_only_where_codex_asks(project, homes):
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION["codex"]))
    command = {"command": "argcheck next .argcheck/t.json"}
    asked = event("codex", "PermissionRequest-Bash.schema", project, tool_input=command)
    answer = json.loads(agent_hook("codex", "PermissionRequest", asked, homes).stdout)
    assert answer == {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
    pre = event("codex", "PreToolUse-Bash", project, tool_input=command)
    assert agent_hook("codex", "PreToolUse", pre, homes).stdout == b""  # Codex refuses a PreToolUse allow


@pytest.mark.parametrize("agent", ["codex", "gemini"])
def test_an_unknown_shape_gets_no_decision_and_a_private_note(project, homes, agent):
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION[agent]))  # a run open: the hook reads the event
    name = "Stop" if agent == "codex" else "AfterAgent"
    fixture = "Stop" if agent == "codex" else "AfterAgent"
    changed = event(agent, fixture, project, stop_hook_active="yes")
    done = agent_hook(agent, name, changed, homes)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    log = project / ".argcheck" / "harness.log"
    assert f"{agent} {name}: an event shape argcheck does not know" in log.read_text()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    for garbage in (b"", b"[1]", b"{", b'{"session_id": 1}', b"\xff\xfe"):
        done = agent_hook(agent, name, garbage, homes)
        assert done.returncode == 0 and done.stdout == b"" and b"Traceback" not in done.stderr


def test_the_harness_log_stays_bounded(project):
    from argcheck.harness import notes

    for index in range(2000):
        notes.note(str(project), "gemini", "BeforeTool", f"note {index} " + "x" * 100)
    log = project / ".argcheck" / "harness.log"
    assert log.stat().st_size <= notes.MAX_BYTES and log.read_text().splitlines()[-1].startswith("20")
    assert "note 1999 " in log.read_text()


@pytest.mark.parametrize("agent", ["codex", "gemini"])
def test_other_events_and_agents(homes, agent, project):
    if agent == "gemini":
        done = agent_hook("gemini", "BeforeModel", b"{}", homes)
        assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    done = agent_hook(agent, "Nonsense", b"{}", homes)
    assert done.returncode == 1 and b"unknown event" in done.stderr
    done = agent_hook(agent, "Stop", b"{}", homes, argv=[sys.executable, "-m", "argcheck", "hook", "--agent",
                                                         "cursor", "Stop"])
    assert done.returncode == 1 and b"unknown agent" in done.stderr and b"Traceback" not in done.stderr


def test_codex_session_start_marks_the_thread_and_init_finds_it(project, homes):
    done = agent_hook("codex", "SessionStart", event("codex", "SessionStart-startup", project), homes)
    assert done.returncode == 0 and done.stdout == b""
    marker = Path(homes["XDG_CONFIG_HOME"]) / "argcheck" / "sessions" / f"codex-{SESSION['codex']}.json"
    assert stat.S_IMODE(marker.stat().st_mode) == 0o600
    assert stat.S_IMODE(marker.parent.stat().st_mode) == 0o700
    assert json.loads(marker.read_text())["transcript"].startswith("/home/user/.codex/sessions/")
    header = init(project, dict(homes, CODEX_THREAD_ID=SESSION["codex"]))
    assert (header["witnessed"], header["witness_agent"], header["witness_session"]) == (
        True, "codex", SESSION["codex"])
    assert header["conversation_id"] == SESSION["codex"]
    other = init(project, dict(homes, CODEX_THREAD_ID="another-thread"), name="u")
    assert "witnessed" not in other


def fake_gemini(tmp_path: Path) -> Path:
    """A program named like an agent (its process is no shell or interpreter), running a shell script."""
    link = tmp_path / "fakegemini"
    link.symlink_to("/bin/sh")
    return link


def test_gemini_session_start_marks_its_process_and_init_in_its_shell_finds_it(project, homes, tmp_path):
    start = tmp_path / "start.json"
    start.write_text(json.dumps(event("gemini", "SessionStart-startup", project)))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "CODEX", "ARGCHECK"))}
    env.update(homes)
    hook = f"{sys.executable} -m argcheck hook --agent gemini SessionStart < {start}"
    run = f"{sys.executable} -m argcheck init triz --problem '{PROBLEM}' --state .argcheck/t.json"
    done = subprocess.run([str(fake_gemini(tmp_path)), "-c", f"{hook} && {run} && true"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    header = json.loads((project / ".argcheck" / "t.json").read_text())["header"]
    assert (header["witnessed"], header["witness_agent"], header["conversation_id"]) == (
        True, "gemini", SESSION["gemini"])
    later = subprocess.run([str(tmp_path / "fakegemini"), "-c",
                            run.replace("t.json", "u.json") + " && true"], cwd=project, env=env,
                           capture_output=True, text=True, timeout=120)
    assert later.returncode == 0, later.stderr
    assert "witnessed" not in json.loads((project / ".argcheck" / "u.json").read_text())["header"]


def test_reports_say_which_agent_witnessed_the_run(project, homes):
    agent_hook("codex", "SessionStart", event("codex", "SessionStart-startup", project), homes)
    init(project, dict(homes, CODEX_THREAD_ID=SESSION["codex"]))
    full = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "CODEX", "ARGCHECK"))}
    full.update(homes)
    text = subprocess.run([sys.executable, "-m", "argcheck", "next", ".argcheck/t.json"], cwd=project, env=full,
                          capture_output=True, text=True).stdout
    assert "witnessed by Codex CLI's hooks" in text
    report = subprocess.run([sys.executable, "-m", "argcheck", "next", ".argcheck/t.json", "--format", "json"],
                            cwd=project, env=full, capture_output=True, text=True).stdout
    assert json.loads(report)["witness_agent"] == "codex"
    markdown = subprocess.run([sys.executable, "-m", "argcheck", "render", ".argcheck/t.json"], cwd=project,
                              env=full, capture_output=True, text=True).stdout
    assert "> witnessed by Codex CLI's hooks" in markdown
    from argcheck.cli.view.run import witnessed
    from argcheck.core.exporting import run_facts

    doc = json.loads((project / ".argcheck" / "t.json").read_text())
    assert witnessed(doc["header"]) == "witnessed by Codex CLI's hooks"
    assert run_facts(doc, "x.json")["witness_agent"] == "codex"


def test_no_agent_edits_codexs_or_geminis_transcripts(project, homes, tmp_path):
    rollout = tmp_path / "codex-home" / "sessions" / "2026" / "rollout-x.jsonl"
    chat = Path(homes["HOME"]) / ".gemini" / "tmp" / "project" / "chats" / "session-x.json"
    env = {"CODEX_HOME": str(tmp_path / "codex-home")}
    for target in (rollout, chat):
        edit = event("gemini", "BeforeTool-write_file", project, tool_input={"file_path": str(target), "content": "{}"})
        answer = json.loads(agent_hook("gemini", "BeforeTool", edit, homes, env=env).stdout)
        assert answer["decision"] == "deny" and "transcript" in answer["reason"]
    shell = event("codex", "PreToolUse-Bash", project, tool_input={"command": f"echo x >> {rollout}"})
    answer = json.loads(agent_hook("codex", "PreToolUse", shell, homes, env=env).stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize("agent", ["codex", "gemini"])
def test_a_resumed_session_restates_the_open_runs_where_the_history_keeps_the_prompt(project, homes, agent):
    """Codex restates the open runs on resume; Gemini CLI 0.61.0 would drop the resumed prompt the context is
    put before from the model's history at the next resume (agents/gemini.py RESUMED_HISTORY): no context."""
    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION[agent]))
    fresh = agent_hook(agent, "SessionStart", event(agent, "SessionStart-startup", project), homes)
    assert fresh.returncode == 0 and fresh.stdout == b""
    done = agent_hook(agent, "SessionStart", event(agent, "SessionStart-resume", project), homes)
    assert done.returncode == 0
    if agent == "gemini":
        assert done.stdout.strip() in (b"", b"{}")
        return
    specific = json.loads(done.stdout)["hookSpecificOutput"]
    assert specific["hookEventName"] == "SessionStart" and ".argcheck/t.json" in specific["additionalContext"]


@pytest.mark.parametrize("agent", ["codex", "gemini"])
def test_changed_shapes_through_the_whole_hook_never_fail_and_never_decide(project, homes, agent, monkeypatch):
    """Every captured event with each field dropped or given another type, through the adapter and the core
    (in this process, with a run open and the CLI's own command reader): never an exception; a shape the
    adapter does not know gets no answer at all, and only a known one can get an allow."""
    from argcheck.cli.fastpath import read_command
    from argcheck.harness import events
    from argcheck.harness.agents import EVENT_NAMES, adapter

    from tests.harness.test_agent_adapters import mutations

    init(project, dict(homes, ARGCHECK_CONVERSATION_ID=SESSION[agent]))
    for name, value in homes.items():
        monkeypatch.setenv(name, value)
    unknown = 0
    for path in sorted((FIXTURES / agent).glob("*.json")):
        data = json.loads(path.read_text())
        own = data["hook_event_name"]
        if EVENT_NAMES[agent].get(own) is None:
            continue
        for changed in mutations(dict(data, cwd=str(project))):
            answer = events.answered(agent, own, EVENT_NAMES[agent][own], json.dumps(changed).encode(), read_command)
            if adapter(agent).canonical(own, json.loads(json.dumps(changed))) is None:
                unknown += 1
                assert answer is None, (path.name, changed)
    assert unknown > 50


def test_a_codex_patch_that_reaches_a_state_file_is_denied(project, homes):
    patch = "*** Begin Patch\n*** Update File: notes.md\n*** Add File: .argcheck/t.json\n+{}\n*** End Patch\n"
    changed = event("codex", "PreToolUse-apply_patch", project, tool_input={"command": patch})
    answer = json.loads(agent_hook("codex", "PreToolUse", changed, homes).stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    fine = event("codex", "PreToolUse-apply_patch", project)
    assert agent_hook("codex", "PreToolUse", fine, homes).stdout == b""


def test_a_codex_patch_through_a_link_into_the_state_directory_is_denied(project, homes):
    (project / "innocent.txt").symlink_to(project / ".argcheck" / "t.json")
    patch = "*** Begin Patch\n*** Update File: innocent.txt\n@@\n-a\n+b\n*** End Patch\n"
    changed = event("codex", "PreToolUse-apply_patch", project, tool_input={"command": patch})
    answer = json.loads(agent_hook("codex", "PreToolUse", changed, homes).stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_a_gemini_edit_through_a_link_into_the_state_directory_is_denied(project, homes):
    (project / "innocent.txt").symlink_to(project / ".argcheck" / "t.json")
    edit = event("gemini", "BeforeTool-replace", project, tool_input={"file_path": str(project / "innocent.txt"),
                                                                      "old_string": "a", "new_string": "b"})
    done = agent_hook("gemini", "BeforeTool", edit, homes, env={"CLAUDE_PROJECT_DIR": str(project)})
    assert json.loads(done.stdout)["decision"] == "deny"


def test_gemini_read_many_files_into_the_key_is_denied_even_with_no_state_directory(tmp_path, homes):
    bare = tmp_path / "bare"
    bare.mkdir()
    key = str(Path(homes["XDG_CONFIG_HOME"]) / "argcheck" / "witness.key")
    reads = event("gemini", "BeforeTool-read_file", bare, tool_name="read_many_files",
                  tool_input={"include": ["README.md", key]})
    done = agent_hook("gemini", "BeforeTool", reads, homes, env={"CLAUDE_PROJECT_DIR": str(bare)})
    assert json.loads(done.stdout)["decision"] == "deny"
    fine = dict(reads, tool_input={"include": ["README.md", "src/*.py"]})
    assert agent_hook("gemini", "BeforeTool", fine, homes, env={"CLAUDE_PROJECT_DIR": str(bare)}).stdout == b""
