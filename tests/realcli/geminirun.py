"""Whole protocol runs in the real Gemini CLI, across turns (issue 20): the machinery.

A `GeminiPlan` is a `wholerun.Plan` whose shell steps are Gemini's `run_shell_command` calls: each user turn
is one headless `gemini -p PROMPT --output-format stream-json` call, the first starting the session and every
later one continuing it with `--resume latest`, as the skills' notes for Gemini tell the user (the project's
latest session; `Outcome.calls` keep each call's session id to check it is the same). The scripted model
(tests/stubs/mock_gemini.py) makes the tool calls of the plan in order.

`drive` runs a plan against the pinned Gemini CLI. `Outcome.failures` lists every refused or failed tool call
of a run, from both sides: each `tool_result` event of the client's stream that is not a success (a policy
denial is one), and each function response the client sent the model that holds an error or a shell
command's non-zero `Exit Code`; plus each `error` event and each call that did not end in success.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from mock_gemini import GEMINI_SETTINGS, gemini_env
from mock_llm_server import MockLLMServer, tool_results
from wholerun import Plan

RUN_LIMIT = 300
SHELL = "run_shell_command"
EXIT_CODE = re.compile(r"^Exit Code: (-?\d+)$", re.MULTILINE)


def shell(command: str) -> dict:
    return {"tool": {"name": SHELL, "args": {"command": command, "description": command.split("'")[0][:60]}}}


def activate(skill: str) -> dict:
    """Gemini's tool that loads a skill's SKILL.md into the conversation."""
    return {"tool": {"name": "activate_skill", "args": {"name": skill}}}


class GeminiPlan(Plan):
    def run(self, *commands: str) -> "GeminiPlan":
        self.turns[-1].steps += [shell(c) for c in commands]
        return self

    def bash_commands(self) -> list[str]:
        return [s["tool"]["args"]["command"] for s in self.script() if s.get("tool", {}).get("name") == SHELL]


@dataclass
class Call:
    """One `gemini -p` call: its exit status and the events of its stream."""
    argv: list
    exit_code: int
    events: list
    stderr: str

    @property
    def session_id(self) -> str | None:
        return next((e.get("session_id") for e in self.events if e.get("type") == "init"), None)

    @property
    def result(self) -> dict:
        return next((e for e in reversed(self.events) if e.get("type") == "result"), {})

    def ok(self) -> bool:
        return self.exit_code == 0 and self.result.get("status") == "success"


@dataclass
class Outcome:
    calls: list
    server: MockLLMServer
    seconds: float

    def tool_uses(self) -> dict:
        return {e["tool_id"]: e for call in self.calls for e in call.events if e.get("type") == "tool_use"}

    def refused(self) -> list[dict]:
        """The client's own account: every tool result that is not a success, and every error event."""
        uses, found = self.tool_uses(), []
        for call in self.calls:
            for event in call.events:
                if event.get("type") == "tool_result" and event.get("status") != "success":
                    use = uses.get(event.get("tool_id"), {})
                    found.append({"tool": use.get("tool_name"), "input": use.get("parameters"),
                                  "status": event.get("status"), "error": event.get("error"),
                                  "output": str(event.get("output"))[:400]})
                elif event.get("type") == "error":
                    found.append({"tool": None, "error": event})
        return found

    def failed_responses(self) -> list[dict]:
        """What the model was told: each function response with an error or a non-zero exit code, once each."""
        calls, failed = {}, {}
        for request in self.server.model_requests():
            body = request.get("body") or {}
            for message in body.get("messages", []):
                for block in message.get("content") or []:
                    if block.get("type") == "tool_use":
                        calls[block["id"]] = block
            for result in tool_results(body):
                text = str(result.get("content"))
                codes = [int(c) for c in EXIT_CODE.findall(text)]
                if result.get("is_error") or any(codes):
                    call = calls.get(result.get("tool_use_id"), {})
                    failed[result.get("tool_use_id")] = {"tool": call.get("name"), "input": call.get("input"),
                                                         "result": text[:400]}
        return list(failed.values())

    def failures(self) -> dict:
        return {"refused": self.refused(), "failed": self.failed_responses(),
                "calls": [{"argv": c.argv[1:3], "exit": c.exit_code, "result": c.result, "stderr": c.stderr[-800:]}
                          for c in self.calls if not c.ok()]}

    def shell_commands(self) -> list[str]:
        return [e["parameters"]["command"] for e in self.tool_uses().values() if e.get("tool_name") == SHELL]

    def summary(self) -> str:
        failures = self.failures()
        return (f"{len(self.calls)} gemini -p calls, {len(self.server.model_requests())} model requests, "
                f"{len(self.shell_commands())} shell commands, {len(failures['refused'])} refused, "
                f"{len(failures['failed'])} failed, {self.seconds:.1f} s")


def write_settings(home: Path) -> None:
    """~/.gemini/settings.json: what installs put there, plus the mock's settings (shared/reference/harness.md)."""
    path = home / ".gemini" / "settings.json"
    settings = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for key, value in GEMINI_SETTINGS.items():
        settings[key] = {**settings.get(key, {}), **value}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def client_env(home: Path, path_dirs: list, base_url: str, extra: dict | None = None) -> dict:
    keep = ("PATH", "LANG", "LC_ALL", "TERM")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(gemini_env(base_url), HOME=str(home), **(extra or {}))
    env["PATH"] = os.pathsep.join([*map(str, path_dirs), env.get("PATH", os.defpath)])
    return env


def gemini_call(gemini: Path, prompt: str, session: str | None, cwd: Path, env: dict, flags=()) -> Call:
    argv = [str(gemini), "-p", prompt, "--output-format", "stream-json", *(["--resume", session] if session else []),
            *flags]
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=RUN_LIMIT)
    events = []
    for line in done.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            events.append({"type": "error", "unparsed": line[:400]})
    return Call(argv, done.returncode, events, done.stderr)


def drive(plan: Plan, gemini: Path, cwd: Path, env_for, script=None, searches=None, flags=()) -> Outcome:
    """Run the plan in the real Gemini CLI: one headless call per user turn, `--resume latest` after the first.
    `script` (default: the plan's) is the mock's whole script, for runs whose consultee shares the mock;
    `searches` the mock web's results (mock_search.py); `flags` more options of each call."""
    server = MockLLMServer(plan.script() if script is None else script, routes=plan.routes, searches=searches).start()
    env = env_for(server.base_url)
    calls, started = [], time.monotonic()
    try:
        for turn in plan.turns:
            call = gemini_call(gemini, turn.prompt, "latest" if calls else None, cwd, env, flags)
            calls.append(call)
            if not call.ok():
                break
    finally:
        server.stop()
    return Outcome(calls, server, time.monotonic() - started)
