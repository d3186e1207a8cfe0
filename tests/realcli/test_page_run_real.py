"""A whole triz run in the real Claude Code (pinned, offline against the scripted model) whose five kinds of user
review are answered in the page, not in the chat: the test, as the user, serves `argcheck view STATE --serve`
and posts each review through its form between turns; the agent's next turn reads `argcheck next` and goes on.
Then `argcheck cost` reads the run's tokens from Claude Code's own session transcript: they equal the sum of
the usage the mock model reported for every request of the conversation."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
from urllib.parse import urlencode

import pageanswers
import pytest
from test_whole_runs_real import installed, sandbox, skill_commands, start  # noqa: F401 (installed: a fixture)
from wholerun import Plan, claude_env, commands_of, drive

from argcheck.files import operations
from argcheck.harness.stopgate import MAX_BLOCKS

pytestmark = [pytest.mark.realcli, pytest.mark.slow]
REVIEWS = ("decompose_review", "explore_review", "claims_review", "verdicts", "build_decision")


class PageUser:
    """The user: serves the run's page once the run exists, and answers each review in it."""

    def __init__(self, work, state: str, env: dict, home=None):
        self.work, self.state, self.env, self.home = work, state, env, home
        self.server, self.port, self.answered = None, None, []

    def answer(self, move: dict):
        def before() -> None:
            if self.server is None:
                self._serve()
            page = self._get("/")
            if 'name="secret"' not in page:
                where = subprocess.run(["argcheck", "next", self.state], cwd=self.work, env=self.env,
                                       capture_output=True, text=True, timeout=60)
                raise AssertionError(f"the page asks nothing before the {move['type']}; `argcheck next` says: "
                                     f"{where.stdout[-1500:]}{where.stderr[-500:]}\n{transcript_tail(self.home)}")
            secret = re.search(r'name="secret" value="([^"]+)"', page).group(1)
            head = re.search(r'name="head" value="([^"]+)"', page).group(1)
            asked = re.search(r'name="move" value="([^"]+)"', page).group(1)
            assert asked == move["type"], f"the page asks {asked}, the user answers {move['type']}"
            state = operations.validate_file(str(self.work / self.state)).replay.engine.state
            fields = {"secret": secret, "head": head, "move": asked, **pageanswers.form_values(move, state)}
            status = self._post(urlencode(fields, doseq=True))
            assert status == 303, f"the page refused the {asked}: {status}"
            self.answered.append(asked)
        return before

    def _serve(self) -> None:
        self.server = subprocess.Popen(["argcheck", "view", self.state, "--serve", "--no-open"], cwd=self.work,
                                       env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.server.stderr.readline()
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))

    def _get(self, path: str) -> str:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("GET", path)
        return connection.getresponse().read().decode("utf-8")

    def _post(self, body: str) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        connection.request("POST", "/answer", body=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
        return connection.getresponse().status

    def stop(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            self.server.communicate(timeout=10)


def transcript_tail(home, lines: int = 40) -> str:
    """The last tool calls, results and prompts of Claude Code's session transcript (for a failure's message)."""
    if home is None:
        return ""
    shown = []
    for path in sorted((home / ".claude" / "projects").glob("*/*.jsonl")):
        for text in path.read_text().splitlines():
            line = json.loads(text)
            content = (line.get("message") or {}).get("content")
            if isinstance(content, str) and line.get("type") == "user":
                shown.append("PROMPT " + content[:200])
            for part in content if isinstance(content, list) and line.get("type") in ("user", "assistant") else []:
                kind = part.get("type")
                if kind in ("tool_use", "tool_result", "text"):
                    value = part.get("input") or part.get("content") or part.get("text")
                    shown.append(f"{kind} " + json.dumps(value)[:300])
    return "\n".join(shown[-lines:])


def page_plan(user_of) -> tuple[Plan, str]:
    """The skill's commands; each review the user gives in the page (the agent asks, ends its turn, and reads
    `next` when the user says they answered); sources for the refused search the user gives in chat."""
    commands, state = skill_commands("triz")
    user = user_of(state)
    plan = start(Plan(), "triz", "slash")
    for command in commands:
        if '"actor": "user"' not in command:
            plan.run(command)
            continue
        move = json.loads(command.split(" ", 3)[3].strip("'"))
        if move["type"] not in REVIEWS:  # the sources for a refused search: given in chat
            plan.step({"tool": {"name": "WebSearch", "input": {"query": "heat pump EV range below -10 C"}}})
            plan.reply(f"Over to you: {move['type']}?")
            # The Stop gate sends the agent back (the sources are its move to record) up to MAX_BLOCKS times in a
            # row; the agent says again that it needs the user's sources, and its last reply ends the turn, so
            # the user's answer opens the next one, as in the chat.
            for _ in range(MAX_BLOCKS):
                plan.reply("I need the sources from you: the web search was refused.")
            plan.user("My answer: " + json.dumps({k: v for k, v in move.items() if k not in ("type", "actor")}))
            plan.run(command)
            continue
        plan.reply(f"Over to you: answer the {move['type']} in the page.")
        plan.user("I answered in the page.", before=user.answer(move)).run(f"argcheck next {state}")
    return plan.reply("Here is the Knowledge Document."), state


def test_the_plan_runs_without_a_client(tmp_path):
    box = sandbox("triz", tmp_path)
    users = []
    plan, state = page_plan(lambda state: users.append(PageUser(box.work, state, box.env)) or users[0])
    failed = []
    try:
        for turn in plan.turns:
            if turn.before is not None:
                turn.before()
            for step in turn.steps:
                if step.get("tool", {}).get("name") == "Bash":
                    for command in commands_of(step["tool"]["input"]["command"]):
                        done = subprocess.run(["bash", "-c", command], cwd=box.work, env=box.env,
                                              capture_output=True, text=True, timeout=120)
                        if done.returncode != 0:
                            failed.append(f"{command[:160]}: {done.stdout[-300:]}{done.stderr[-300:]}")
    finally:
        users[0].stop()
    assert failed == []
    assert users[0].answered == list(REVIEWS)
    doc = json.loads((box.work / state).read_text())
    assert doc["status"] == "crystallized" and sum(m.get("via") == "page" for m in doc["moves"]) == len(REVIEWS)


def test_a_whole_triz_run_in_claude_code_with_its_reviews_answered_in_the_page(installed, tmp_path):  # noqa: F811
    box = sandbox("triz", tmp_path)
    users = []
    plan, state = page_plan(lambda state: users.append(PageUser(box.work, state, box.env, installed["home"]))
                            or users[0])
    extra = {"CONSULT_STATE_DIR": box.env["CONSULT_STATE_DIR"], "ARGCHECK_WITNESS": "off"}
    try:
        outcome = drive(plan, installed["claude"], box.work,
                        lambda url: claude_env(installed["home"], installed["bin"], tmp_path / "bin", url, extra))
    finally:
        users[0].stop()
    print(f"triz with the page: {outcome.summary()}")
    assert outcome.refusals()["taught"] == []
    assert len(outcome.results) == len(plan.turns) and not any(r.get("is_error") for r in outcome.results)
    assert users[0].answered == list(REVIEWS)
    doc = json.loads((box.work / state).read_text())
    assert doc["status"] == "crystallized" and sum(m.get("via") == "page" for m in doc["moves"]) == len(REVIEWS)

    env = claude_env(installed["home"], installed["bin"], tmp_path / "bin", "http://127.0.0.1:9", extra)
    done = subprocess.run(["argcheck", "cost", state, "--format", "json"], cwd=box.work, env=env,
                          capture_output=True, text=True, timeout=120)
    cost = json.loads(done.stdout)
    calls = [r for r in outcome.server.requests if r["path"].split("?")[0].endswith("/messages")]
    reported = {"input": 113 * len(calls), "output": 30 * len(calls), "cache_read": 7 * len(calls),
                "cache_write": 0, "calls": len(calls)}  # the mock's DEFAULT_USAGE on every request
    print(f"argcheck cost from Claude Code's transcript: {cost['total']}; the mock reported: {reported}")
    assert cost["client"] == "Claude Code", cost
    assert cost["total"] == reported, (cost["total"], reported)
