"""Whole protocol runs in the real Claude Code, across turns (issue 17): the machinery.

A `Plan` is what the user types and what the scripted model does, turn by turn: each `user()` turn is one
`claude -p` call (the first starts the session, every later one is `--resume SID` with the user's answer);
its steps are the tool calls the model makes and the text that ends the turn. Subagents have their own
scripts (`routes`, keyed by a marker in their brief), and turns opened by a background subagent's
completion notice follow `notice` (see tests/stubs/mock_llm_server.py).

`drive` runs a plan against the pinned Claude Code in its default permission mode, keeping each call's
stream-json events (tests/realcli/sessions.py abridges them into docs/sessions/); `dry_run` runs the same
plan's shell commands directly, in order, to check the plan itself without a client. `refusals` lists
every refused or failed tool call of a run: each `permission_denials` entry of each `claude -p` result,
and every tool result marked as an error in the main conversation and in each subagent's.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from mock_llm_server import CLAUDE_ENV, MockLLMServer, chosen_arm, tool_results

RUN_LIMIT = 300
TAUGHT = re.compile(r"^\s*(argcheck|argcheck-consult)(\s|$)")  # the commands the skills teach


def commands_of(block_text: str) -> list[str]:
    """A shell block's commands, one per line, a line whose single quotes are open continuing on the next."""
    commands, pending = [], ""
    for line in block_text.strip().splitlines():
        pending = f"{pending}\n{line}" if pending else line
        if pending.strip() and _complete(pending):
            commands.append(pending)
            pending = ""
    assert not pending, f"unbalanced quotes in {block_text!r}"
    return commands


def _complete(command: str) -> bool:
    try:
        shlex.split(command)
    except ValueError:  # a quote still open
        return False
    return True


def bash(command: str) -> dict:
    return {"tool": {"name": "Bash", "input": {"command": command, "description": command.split("'")[0][:60]}}}


def agent(brief: str, description: str) -> dict:
    """The Agent tool, in the background (Claude Code's default), with the brief the skill teaches."""
    return {"tool": {"name": "Agent", "input": {"description": description, "prompt": brief,
                                                "subagent_type": "general-purpose", "run_in_background": True}}}


@dataclass
class Turn:
    prompt: str
    steps: list = field(default_factory=list)
    before: object = None  # called before the turn's `claude -p` (e.g. the user answers in the page first)


@dataclass
class Plan:
    turns: list = field(default_factory=list)
    routes: dict = field(default_factory=dict)
    notice: list = field(default_factory=list)

    def user(self, prompt: str, before=None) -> "Plan":
        self.turns.append(Turn(prompt, before=before))
        return self

    def run(self, *commands: str) -> "Plan":
        self.turns[-1].steps += [bash(c) for c in commands]
        return self

    def step(self, *steps: dict) -> "Plan":
        self.turns[-1].steps += list(steps)
        return self

    def reply(self, text: str) -> "Plan":
        self.turns[-1].steps.append({"reply": text})
        return self

    def script(self) -> list:
        return [step for turn in self.turns for step in turn.steps]

    def bash_commands(self) -> list[str]:
        return [s["tool"]["input"]["command"] for s in self.script() if s.get("tool", {}).get("name") == "Bash"]


@dataclass
class Outcome:
    results: list  # the JSON result of each `claude -p` call
    server: MockLLMServer
    seconds: float
    streams: list = field(default_factory=list)  # each `claude -p` call's stream-json events, in order

    def denials(self) -> list[dict]:
        return [d for result in self.results for d in result.get("permission_denials") or []]

    def error_results(self) -> list[dict]:
        """Every tool result marked as an error, in any conversation (main, subagents), once each: the mock
        gives every tool call a unique id, and a conversation's every request repeats its earlier results."""
        uses, errors = {}, {}
        for request in self.server.model_requests():
            body = request.get("body") or {}
            where = self.server.route_of(body) or "main"
            for message in body.get("messages", []):
                content = message.get("content") if isinstance(message.get("content"), list) else []
                for block in content:
                    if block.get("type") == "tool_use":
                        uses[block.get("id")] = block
            for result in tool_results(body):
                if result.get("is_error"):
                    use = uses.get(result.get("tool_use_id"), {})
                    errors[result.get("tool_use_id")] = {"where": where, "tool": use.get("name"),
                                                         "input": use.get("input"),
                                                         "result": str(result.get("content"))[:400]}
        return list(errors.values())

    def refusals(self) -> dict:
        """Refused or failed tool calls: the denials and the error results, and those of taught commands."""
        denials, errors = self.denials(), self.error_results()

        def taught(item) -> bool:
            command = (item.get("tool_input") or item.get("input") or {}).get("command", "")
            return bool(TAUGHT.match(command))

        return {"denials": denials, "errors": errors,
                "taught": [d for d in denials if taught(d)] + [e for e in errors if taught(e)]}

    def summary(self) -> str:
        refused = self.refusals()
        return (f"{len(self.results)} claude -p calls, {len(self.server.model_requests())} model requests, "
                f"{len(refused['denials'])} permission denials, {len(refused['errors'])} error tool results, "
                f"{len(refused['taught'])} of a taught command, {self.seconds:.1f} s")


def stream_events(stdout: str) -> list[dict]:
    """The events of `claude -p --output-format stream-json --verbose`: one JSON object a line."""
    events = []
    for line in stdout.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return events


def claude_env(home: Path, bin_dir: Path, stubs: Path, base_url: str, extra: dict) -> dict:
    keep = ("PATH", "LANG", "LC_ALL", "TERM")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(CLAUDE_ENV, HOME=str(home), ANTHROPIC_BASE_URL=base_url, ANTHROPIC_API_KEY="dummy", **extra)
    env["PATH"] = os.pathsep.join([str(stubs), str(bin_dir), env.get("PATH", os.defpath)])
    return env


def drive(plan: Plan, claude: Path, cwd: Path, env_for) -> Outcome:
    """Run the plan in the real Claude Code: one `claude -p` per user turn, `--resume` after the first."""
    server = MockLLMServer(plan.script(), routes=plan.routes, notice=plan.notice).start()
    env = env_for(server.base_url)
    results, streams, session, started = [], [], None, time.monotonic()
    try:
        for turn in plan.turns:
            if turn.before is not None:
                turn.before()
            argv = [str(claude), "-p", turn.prompt, "--output-format", "stream-json", "--verbose"]
            if session:
                argv += ["--resume", session]
            done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                                  timeout=RUN_LIMIT)
            stream = stream_events(done.stdout)
            result = next((event for event in reversed(stream) if event.get("type") == "result"), None)
            if result is None:
                raise AssertionError(f"claude -p gave no result event (exit {done.returncode}): "
                                     f"{done.stdout[-1500:]}{done.stderr[-1500:]}")
            results.append(result)
            streams.append(stream)
            session = result.get("session_id", session)
            if done.returncode != 0 or result.get("is_error"):
                break
    finally:
        server.stop()
    return Outcome(results, server, time.monotonic() - started, streams)


def dry_run(plan: Plan, cwd: Path, env: dict) -> list[str]:
    """Run every shell command of the plan in order, without a client: a subagent's in its Agent call's place,
    then the notice turns (one per subagent started, branches chosen as the mock chooses them). Returns the
    commands that failed."""
    failed, fired, last = [], set(), [""]
    routes = {marker: list(steps) for marker, steps in plan.routes.items()}
    started = [0]

    def run(command: str) -> None:
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
        last[0] = done.stdout + done.stderr
        if done.returncode != 0:
            failed.append(f"{command[:200]} -> {done.returncode}: {done.stderr[-400:]}")

    def walk(steps: list) -> None:
        steps = list(steps)
        while steps:
            step = steps.pop(0)
            if "branch" in step:
                steps[0:0] = chosen_arm(step["branch"], last[0], fired)
                continue
            tool = step.get("tool", {})
            if tool.get("name") == "Bash":
                run(tool["input"]["command"])
            elif tool.get("name") == "Agent":
                started[0] += 1
                route = routes[next(m for m in routes if m in tool["input"]["prompt"])]
                while route and "reply" not in route[0]:
                    walk([route.pop(0)])
                route[:1] = []

    walk(plan.script())
    notices = 0
    while plan.notice and notices < started[0]:
        notices += 1
        walk(plan.notice)
    return failed

