"""Whole protocol runs in the real Codex CLI, across turns (issue 20): the machinery.

A `CodexPlan` is wholerun's `Plan` with Codex's shell tool: each `user()` turn is one `codex exec` call (the
first starts the thread, every later one is `codex exec resume THREAD_ID` with the user's answer as its
prompt); its steps are the `exec_command` calls the scripted model makes and the text that ends the turn.
A consultee the run calls (a nested `claude -p` or `codex exec`) talks to the same mock server and follows
its own script (`routes`, keyed by a marker in its first prompt).

Every call runs in Codex's `workspace-write` sandbox with the default approval mode of `codex exec`
(never ask: a command the sandbox refuses fails). `codex exec resume` has no `--sandbox` flag and, without
`-c sandbox_mode="workspace-write"`, runs read-only whatever the thread started with (measured on 0.169.0).
`SandboxAccess` says what more a run needs: network access for a nested consultee call, and the consultee
CLI's own state directory (~/.claude, $CODEX_HOME) as a writable root so that its session can be resumed.

`refusals` lists every refused or failed tool call of a run, from two sources: the `--json` event stream
(`command_execution` items that did not complete with exit code 0, `error` and `turn.failed` events) and
the tool outputs the model received (every `function_call_output` the mock server saw). The second is the
one to trust: Codex 0.169.0 emits no `command_execution` item at all for a command the sandbox refused
(a write outside the writable roots, say), while the model still gets its "Read-only file system" output.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from mock_llm_server import MockLLMServer
from wholerun import TAUGHT, Plan

RUN_LIMIT = 300
# /tmp is a writable root of every workspace-write sandbox: a HOME there would let a command write into it
# without the writable root a test means to measure. So the runs' directories live here instead.
SCRATCH = Path.home() / ".cache" / "argcheck-tests" / "codex-runs"
EXIT_CODE = re.compile(r"^Process exited with code (-?\d+)$", re.M)


def scratch_dir() -> Path:
    """A new empty directory outside /tmp for one module's runs (the caller removes it)."""
    SCRATCH.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="run-", dir=SCRATCH))


def exec_command(command: str) -> dict:
    """Codex 0.169.0's shell tool; `login: false` keeps the host's login profile out of the output."""
    return {"tool": {"name": "exec_command", "arguments": {"cmd": command, "login": False}}}


@dataclass
class CodexPlan(Plan):
    def run(self, *commands: str) -> "CodexPlan":
        self.turns[-1].steps += [exec_command(c) for c in commands]
        return self

    def bash_commands(self) -> list[str]:
        return [s["tool"]["arguments"]["cmd"] for s in self.script()
                if s.get("tool", {}).get("name") == "exec_command"]


@dataclass(frozen=True)
class SandboxAccess:
    """What a run needs beyond `workspace-write`: the network (for a nested consultee call to its model) and
    more writable directories (the consultee CLI's own state)."""
    network: bool = False
    writable: tuple[str, ...] = ()
    resume_mode: bool = True  # give `resume` the sandbox mode again (False: what a bare `resume ID` gets)

    def config(self) -> list[str]:
        args = []
        if self.network:
            args += ["-c", "sandbox_workspace_write.network_access=true"]
        if self.writable:
            args += ["-c", f"sandbox_workspace_write.writable_roots={json.dumps(list(self.writable))}"]
        return args

    def first(self) -> list[str]:
        return ["--sandbox", "workspace-write", *self.config()]

    def resume(self) -> list[str]:
        mode = ["-c", 'sandbox_mode="workspace-write"'] if self.resume_mode else []
        return [*mode, *self.config()]


@dataclass
class Call:
    argv: list
    exit_code: int
    events: list
    stderr: str

    def thread_id(self) -> str | None:
        return next((e.get("thread_id") for e in self.events if e.get("type") == "thread.started"), None)

    def threads(self) -> set:
        return {e.get("thread_id") for e in self.events if e.get("type") == "thread.started"}

    def completed(self) -> bool:
        return any(e.get("type") == "turn.completed" for e in self.events)


@dataclass
class Outcome:
    calls: list  # one Call per `codex exec` / `codex exec resume`
    server: MockLLMServer
    seconds: float
    turns: int = 0

    def failed_events(self) -> list[dict]:
        """command_execution items that did not complete with exit code 0, and error / turn.failed events."""
        found = []
        for call in self.calls:
            for event in call.events:
                item = event.get("item") or {}
                if event.get("type") in ("error", "turn.failed"):
                    found.append(event)
                elif (event.get("type") == "item.completed" and item.get("type") == "command_execution"
                      and (item.get("status") != "completed" or item.get("exit_code") != 0)):
                    found.append({"command": item.get("command"), "status": item.get("status"),
                                  "exit_code": item.get("exit_code"),
                                  "output": str(item.get("aggregated_output"))[-400:]})
        return found

    def failed_outputs(self) -> list[dict]:
        """Every tool output the model received that is not a command ending with exit code 0, once each (a
        conversation's every request repeats its earlier outputs), in any conversation the server saw."""
        calls, failed = {}, {}
        for request in self.server.model_requests():
            body = request.get("body") or {}
            where = self.server.route_of(body) or "main"
            for item in body.get("input") or [] if isinstance(body.get("input"), list) else []:
                if not isinstance(item, dict):
                    continue
                if item.get("type") == "function_call":
                    calls[item.get("call_id")] = item
                elif item.get("type") == "function_call_output" and not _succeeded(item.get("output")):
                    call = calls.get(item.get("call_id"), {})
                    failed[item.get("call_id")] = {"where": where, "tool": call.get("name"),
                                                   "input": _arguments(call),
                                                   "output": str(item.get("output"))[-600:]}
        return list(failed.values())

    def refusals(self) -> dict:
        events, outputs = self.failed_events(), self.failed_outputs()
        taught = [o for o in outputs if TAUGHT.match((o.get("input") or {}).get("cmd", ""))]
        return {"events": events, "outputs": outputs, "taught": taught}

    def summary(self) -> str:
        refused = self.refusals()
        return (f"{len(self.calls)} codex exec calls, {len(self.server.model_requests())} model requests, "
                f"{len(refused['outputs'])} failed tool outputs ({len(refused['taught'])} of a taught command), "
                f"{len(refused['events'])} failed events, {self.seconds:.1f} s")


def _succeeded(output) -> bool:
    codes = EXIT_CODE.findall(str(output or ""))
    return bool(codes) and codes[0] == "0"


def _arguments(call: dict) -> dict:
    try:
        return json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return {"raw": call.get("arguments")}


def codex_call(argv: list, cwd: Path, env: dict) -> Call:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=RUN_LIMIT)
    events = []
    for line in done.stdout.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return Call(argv, done.returncode, events, done.stderr)


def drive(plan: CodexPlan, codex: Path, cwd: Path, env_for, access: SandboxAccess, last: bool = True,
          searches=None, config=()) -> Outcome:
    """Run the plan in the real Codex CLI: one `codex exec` per user turn, then `codex exec resume --last` (as
    the skills teach the user; last=False: `resume THREAD_ID`). `env_for(base_url)` gives the environment
    (CODEX_HOME's config.toml pointed at the server); `searches` the mock web's results (mock_search.py);
    `config` more `-c` options of each call."""
    server = MockLLMServer(plan.script(), routes=plan.routes, searches=searches).start()
    env = env_for(server.base_url)
    calls, thread, started = [], None, time.monotonic()
    try:
        for turn in plan.turns:
            common = ["--json", "--skip-git-repo-check", *config]
            if thread is None:
                argv = [str(codex), "exec", *common, *access.first(), turn.prompt]
            else:
                which = ["--last"] if last else [thread]
                argv = [str(codex), "exec", "resume", *which, *common, *access.resume(), turn.prompt]
            call = codex_call(argv, cwd, env)
            calls.append(call)
            thread = thread or call.thread_id()
            if call.exit_code != 0 or not call.completed() or thread is None:
                break
    finally:
        server.stop()
    return Outcome(calls, server, time.monotonic() - started, len(plan.turns))
