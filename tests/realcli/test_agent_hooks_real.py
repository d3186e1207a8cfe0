"""`argcheck hook --agent codex|gemini` in the pinned Codex CLI 0.169.0 and Gemini CLI 0.61.0, offline
against the mock model: the conversation's start is marked, `argcheck init` typed by the agent's shell
makes a run witnessed by that agent in that conversation, a stop mid-run is sent back with the next step
(bounded), Gemini's echo of the stop reason is not recorded as the user's prompt, and a state-file write
is denied in the agent's own protocol.

The hooks are written here as a user would write them (Codex: $CODEX_HOME/hooks.json, run with
--dangerously-bypass-hook-trust because the trust step is the installer's; Gemini: ~/.gemini/settings.json).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.harness import stopgate

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "stubs"))
from mock_gemini import GEMINI_SETTINGS, gemini_env  # noqa: E402
from mock_llm_server import CODEX_CONFIG, MockLLMServer  # noqa: E402

pytestmark = pytest.mark.realcli
PROBLEM = "How can an electric car keep its range in freezing weather?"
INIT = f"argcheck init triz --problem '{PROBLEM}' --state .argcheck/t.json"
WRITE = "echo '{}' > .argcheck/t.json"
CODEX_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop")
GEMINI_EVENTS = ("SessionStart", "BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool")


def hooks(agent: str, events, timeout: int) -> dict:
    command = f"{sys.executable} -m argcheck hook --agent {agent}"
    return {event: [{"matcher": "*" if "Tool" in event else "",
                     "hooks": [{"type": "command", "command": f"{command} {event}", "timeout": timeout}]}]
            for event in events}


def base_env(home: Path) -> dict:
    return {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "HOME": str(home),
            "LANG": "C.UTF-8"}


def prompts_in(requests: list, needle: str) -> int:
    return sum(needle in json.dumps(request.get("body")) for request in requests)


def header_and_log(work: Path) -> tuple[dict, list]:
    header = json.loads((work / ".argcheck" / "t.json").read_text())["header"]
    log = work / ".argcheck" / "witness.jsonl"
    return header, [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_codex_witnesses_its_run_and_holds_its_stop(real_clis, tmp_path):
    home, codex_home, work = tmp_path / "home", tmp_path / "codex-home", tmp_path / "work"
    for path in (home, codex_home, work):
        path.mkdir()
    def tool(cmd):
        return {"tool": {"name": "exec_command", "arguments": {"cmd": cmd, "login": False}}}

    script = [tool(INIT), tool(WRITE)] + [{"reply": f"stop {n}"} for n in range(stopgate.MAX_BLOCKS + 1)]
    server = MockLLMServer(script).start()
    try:
        (codex_home / "config.toml").write_text(CODEX_CONFIG.format(base_url=server.base_url))
        (codex_home / "hooks.json").write_text(json.dumps({"hooks": hooks("codex", CODEX_EVENTS, 60)}))
        env = dict(base_env(home), CODEX_HOME=str(codex_home), MOCK_API_KEY="dummy")
        done = subprocess.run([str(real_clis["codex"]), "exec", "--json", "--skip-git-repo-check",
                               "--dangerously-bypass-hook-trust", "--sandbox", "workspace-write", "start the run"],
                              cwd=work, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
        requests = server.model_requests()
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr[-2000:]
    thread = next(json.loads(line)["thread_id"] for line in done.stdout.splitlines() if "thread.started" in line)
    header, log = header_and_log(work)
    assert (header.get("witnessed"), header.get("witness_agent"), header.get("conversation_id")) == (
        True, "codex", thread)
    assert prompts_in(requests, "Command blocked by PreToolUse hook") >= 1  # the state-file write, denied
    assert prompts_in(requests, "is not done and the next move is yours") >= 1  # the stop, sent back
    assert len(requests) == 3 + stopgate.MAX_BLOCKS  # two tool calls, then MAX_BLOCKS blocks and the stop
    ran = [record for record in log if record["kind"] == "bash" and record.get("agent") == "codex"]
    assert ran and ran[0]["command"] == INIT and ran[0]["exit_code"] == 0  # the code, read from the rollout
    assert "/sessions/" in ran[0]["transcript"] and ran[0]["transcript"].endswith(".jsonl")


def test_gemini_witnesses_its_run_and_never_records_its_stop_reason_as_a_prompt(real_clis, tmp_path):
    home, work = tmp_path / "home", tmp_path / "work"
    (home / ".gemini" / "policies").mkdir(parents=True)
    work.mkdir()
    def tool(cmd):
        return {"tool": {"name": "run_shell_command", "args": {"command": cmd, "description": "x"}}}

    write = {"tool": {"name": "write_file", "args": {"file_path": str(work / ".argcheck" / "t.json"),
                                                      "content": "{}"}}}
    script = [tool(INIT), write] + [{"reply": f"stop {n}"} for n in range(stopgate.MAX_BLOCKS + 1)]
    server = MockLLMServer(script).start()
    try:
        settings = dict(GEMINI_SETTINGS, hooks=hooks("gemini", GEMINI_EVENTS, 60000))
        (home / ".gemini" / "settings.json").write_text(json.dumps(settings))
        (home / ".gemini" / "policies" / "argcheck.toml").write_text(
            '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "argcheck"\ndecision = "allow"\n'
            'priority = 100\n')
        env = dict(base_env(home), **gemini_env(server.base_url))
        done = subprocess.run([str(real_clis["gemini"]), "-p", "start the run", "--output-format", "stream-json",
                               "--approval-mode", "yolo"], cwd=work, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=300)
        requests = [r for r in server.model_requests() if ":streamGenerateContent" in r.get("path", "")]
    finally:
        server.stop()
    session = next(json.loads(line)["session_id"] for line in done.stdout.splitlines() if '"init"' in line)
    header, log = header_and_log(work)
    assert (header.get("witnessed"), header.get("witness_agent"), header.get("conversation_id")) == (
        True, "gemini", session), done.stderr[-2000:]
    assert prompts_in(requests, "Tool execution blocked") >= 1  # the state-file write, denied
    assert prompts_in(requests, "is not done and the next move is yours") >= 1  # the stop reason, as a user turn
    assert len(requests) == 3 + stopgate.MAX_BLOCKS  # two tool calls, then MAX_BLOCKS blocks and the stop
    prompts = [record["text"] for record in log if record["kind"] == "prompt"]
    assert not any("next move is yours" in text for text in prompts), prompts
    ran = [record for record in log if record["kind"] == "bash" and record.get("agent") == "gemini"]
    assert ran and ran[0]["command"] == INIT and ran[0]["exit_code"] == 0
    assert "/.gemini/tmp/" in ran[0]["transcript"] and "/chats/session-" in ran[0]["transcript"]
