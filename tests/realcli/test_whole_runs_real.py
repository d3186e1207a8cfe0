"""Whole protocol runs in the real Claude Code, across turns, with only what the project installs (issue 17).

A fresh HOME gets `./install.sh` and the one consent step the README documents (`./install.sh --hooks`,
answered with `--yes` since the test has no terminal). Then the pinned Claude Code, in its default permission
mode, offline against the scripted model (tests/stubs/mock_llm_server.py), runs each protocol whole:

- triz through its five user reviews, one `claude -p --resume SID` per user answer; its first web search
  is refused (WebSearch is not allowed), the agent asks the user for sources and records them;
- council with its personas in background subagents (Claude Code's default): each subagent fetches its own
  prompt (`argcheck prompt STATE --persona NAME`) and records its reply; each completion notice opens a
  turn of the orchestrator;
- deliberate with one question to the user mid-run (its constraints);
- toulmin whole;

each started both ways: `/name` typed by the user, and the model choosing the Skill tool.
The scripted model runs what the skill teaches: its ```bash blocks and, between them, the moves of each
skill's scenario (tests/fixtures/skills/<name>/scenario.py). Every refusal is counted; a refusal of a
command a skill teaches (`argcheck ...`) fails the test, and the run must end where the skill leaves it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest
import sessions
from kit.skillrun import FIXTURES, make_sandbox, shell_blocks, skill_file, state_file
from sessions import TASKS
from wholerun import Plan, agent, bash, claude_env, commands_of, drive, dry_run

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
CONSENT = ["--hooks", "--yes"]  # the README's one consent step, without a terminal
ROUTES = ("slash", "skill-tool")


def scenario_of(skill: str):
    spec = importlib.util.spec_from_file_location(f"scenario_{skill}", FIXTURES / skill / "scenario.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SCENARIO


@pytest.fixture(scope="module")
def installed(real_clis, tmp_path_factory) -> dict:
    """./install.sh into a fresh prefix and HOME, then the documented consent step."""
    root = tmp_path_factory.mktemp("whole-runs")
    home, prefix = root / "home", root / "prefix"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    env.pop("ARGCHECK_PREFIX", None)
    for extra in ([], CONSENT):
        done = subprocess.run([str(REPO / "install.sh"), "--prefix", str(prefix), *extra], capture_output=True,
                              text=True, env=env, cwd=root, stdin=subprocess.DEVNULL, timeout=INSTALL_LIMIT)
        assert done.returncode == 0, f"./install.sh {' '.join(extra)}: {done.stdout}{done.stderr}"
    return {"home": home, "bin": prefix / "bin", "claude": real_clis["claude"]}


def skill_commands(skill: str) -> tuple[list[str], str]:
    """Every command an agent following the skill runs, in order (blocks and the scenario's moves between
    them), one command per Bash call; and the state file."""
    scenario = scenario_of(skill)
    blocks = shell_blocks(skill_file(skill))
    state = state_file(blocks)
    commands, pending = ["argcheck doctor"], list(scenario.steps)
    for block in blocks:
        commands += commands_of(block.text)
        step = pending[0] if pending and pending[0].matches(block.text) else None
        if step is not None:
            commands += [c for text in step.commands(block.text, state) for c in commands_of(text)]
            pending.remove(step)
    assert not pending, f"the scenario's step after '{pending[0].follows}' found no block"
    return commands, state


def start(plan: Plan, skill: str, route: str) -> Plan:
    if route == "slash":
        return plan.user(f"/{skill} {TASKS[skill]}")
    return plan.user(TASKS[skill]).step({"tool": {"name": "Skill", "input": {"skill": skill}}})


def user_turns(plan: Plan, commands: list[str], before_user=None) -> Plan:
    """The commands, a new user turn before each move the user makes (`"actor": "user"`): the agent's turn
    ends with its question, the user's answer opens the next (`--resume`)."""
    for command in commands:
        if '"actor": "user"' in command:
            if before_user:
                before_user(plan, command)
            move = json.loads(command.split(" ", 3)[3].strip("'"))
            plan.reply(f"Over to you: {move['type']}?")
            plan.user("My answer: " + json.dumps({k: v for k, v in move.items() if k not in ("type", "actor")}))
        plan.run(command)
    return plan


def triz_plan(route: str) -> tuple[Plan, str]:
    commands, state = skill_commands("triz")

    def refused_search_first(plan: Plan, command: str) -> None:
        if '"type": "web_search"' in command:  # the agent searched, the search was refused
            plan.step({"tool": {"name": "WebSearch", "input": {"query": "heat pump EV range below -10 C"}}})

    plan = user_turns(start(Plan(), "triz", route), commands, refused_search_first)
    return plan.reply("Here is the Knowledge Document."), state


def deliberate_plan(route: str) -> tuple[Plan, str]:
    commands, state = skill_commands("deliberate")
    constraint = ("argcheck apply .argcheck/deliberate-storage.json '{\"type\": \"ledger\", \"actor\": \"user\", "
                  "\"id\": \"L1\", \"provenance\": \"user\", \"claim_type\": \"constraint\", "
                  "\"text\": \"No native dependencies.\"}'")
    at = next(i for i, c in enumerate(commands) if c.startswith("argcheck init deliberate")) + 1
    plan = user_turns(start(Plan(), "deliberate", route), commands[:at] + [constraint] + commands[at:])
    return plan.reply("Here is the decision log."), state


def toulmin_plan(route: str) -> tuple[Plan, str]:
    commands, state = skill_commands("toulmin")
    return start(Plan(), "toulmin", route).run(*commands).reply("Here is the verdict."), state


COUNCIL_STATE = ".argcheck/council-design.json"
SUBAGENTS = ("Aristotle", "Descartes", "Leibniz", "Popper", "Russell")
WAITING = "Waiting for the other personas."


def brief(name: str) -> str:
    """The subagent's prompt as skills/council/SKILL.md words it."""
    return (f"You are the council's {name} subagent. "
            f"Run `argcheck prompt {COUNCIL_STATE} --persona {name}` and do what it says. Record your JSON reply "
            f"with `argcheck ingest {COUNCIL_STATE} '<the JSON on one line>'` (single quotes; an apostrophe "
            "inside as `'\\''`). If argcheck refuses it, fix what the code names and ingest again. Answer with "
            "argcheck's last line only.")


def council_replies() -> dict[str, tuple[dict, dict]]:
    """Each subagent's critique and self-critique: the scenario's, Aristotle's as the skill's example shows it,
    and a light one for Descartes."""
    spec = importlib.util.spec_from_file_location("council_scenario", FIXTURES / "council" / "scenario.py")
    fixture = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixture)
    trees = {"Aristotle": {"id": "ARI-1", "claim": "R4 names no load, so no design can be shown to satisfy it.",
                           "evidence": "The store scales to any future load without redesign.", "confidence": 0.7,
                           "severity": "Medium", "sub_critiques": []},
             "Descartes": fixture.light_tree("DES", "Performance will be adequate because PostgreSQL is fast")}
    for act in fixture.OTHER_CRITIQUES:
        trees[act.payload["agent_style"]] = act.payload["critique_tree"]
    return {name: ({"agent_style": name, "critique_tree": trees[name]}, {"agent_style": name, "adjustments": []})
            for name in SUBAGENTS}


def council_plan(route: str) -> tuple[Plan, str]:
    state = COUNCIL_STATE
    plan = start(Plan(), "council", route).run(
        "argcheck doctor", f"argcheck init council --document docs/design.md --state {state}", f"argcheck next {state}")
    for name, (critique, self_critique) in council_replies().items():
        plan.step(agent(brief(name), f"council persona {name}"))
        plan.routes[f"council's {name} subagent"] = [
            bash(f"argcheck prompt {state} --persona {name}"), bash(ingest(state, critique)), {"reply": "recorded"},
            bash(f"argcheck prompt {state} --persona {name}"), bash(ingest(state, self_critique)),
            {"reply": "recorded"}]
    kant = {"type": "persona_failure", "agent_style": "Kant", "round": "critique", "failure": "refused",
            "detail": "not started in this run"}
    plan.run(f"argcheck apply {state} '{json.dumps(kant)}'").reply("Five personas are at work in the background.")
    assessment = {"final_assessment": "Five Medium points: R4 names no load (ARI-1), performance rests on an "
                                      "unmeasured claim (DES-1, POP-1), snapshots are unspecified (LEI-1), and "
                                      "load is unbounded (RUS-1). Assessment based on 5 of 6 personas; Kant did "
                                      "not respond.", "addressed": []}
    arms = [
        {"contains": "the self-critique round", "once": "self-critiques",
         "steps": [*(agent(brief(name), f"self-critique {name}") for name in SUBAGENTS),
                   {"reply": "The self-critiques are running."}]},
        {"contains": "write the final assessment", "once": "assessment",
         "steps": [bash(f"argcheck render {state} --format json"), bash(ingest(state, assessment)),
                   bash(f"argcheck render {state} --format md -o .argcheck/council-design.md"),
                   bash(f"argcheck next {state}"), {"reply": "The critique is in .argcheck/council-design.md."}]},
        {"contains": "done (assessed)", "steps": [{"reply": "The council is done."}]}]
    # Otherwise some personas are still at work: a notice that comes during this turn joins it, so look again.
    waiting = [{"reply": WAITING}]
    for _ in range(8):
        waiting = [{**bash(f"argcheck next {state}"), "delay": 1}, {"branch": [*arms, {"steps": waiting}]}]
    plan.notice = [bash(f"argcheck next {state}"), {"branch": [*arms, {"steps": waiting}]}]
    return plan, state


def ingest(state: str, reply: dict) -> str:
    from argcheck.core.commandtext import ingest_command

    return ingest_command(state, reply)


PLANS = {"triz": triz_plan, "deliberate": deliberate_plan, "toulmin": toulmin_plan, "council": council_plan}
LAST = {"triz": "crystallized", "deliberate": "presented", "toulmin": "reported", "council": "assessed"}


def sandbox(skill: str, tmp_path: Path):
    box = make_sandbox(tmp_path, skill, scenario_of(skill).transcripts)  # the workspace, the offline consultee
    return box


@pytest.mark.parametrize("skill", PLANS)
def test_each_plan_runs_as_written_without_a_client(skill, tmp_path):
    """The scripted model's commands themselves are right: run in order, directly, they all succeed and end
    the run where the skill leaves it (so a failure of the real-client test below is the client's)."""
    plan, state = PLANS[skill]("slash")
    box = sandbox(skill, tmp_path)
    assert dry_run(plan, box.work, box.env) == []
    status = box.argcheck("next", state, "--format", "json", what="the final status").stdout
    assert json.loads(status)["status"] == LAST[skill]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("skill", PLANS)
def test_the_whole_run_completes_in_claude_code_with_no_refusal_of_a_taught_command(
        skill, route, installed, tmp_path):
    plan, state = PLANS[skill](route)
    box = sandbox(skill, tmp_path)
    # The scripted model cannot search the web or know the witness log's numbers in advance, so these runs
    # are started unwitnessed (ARGCHECK_WITNESS=off, docs/hooks.md); test_witness_rules_real.py covers
    # witnessed runs. The consent hook, the Stop gate and the guard are in place as installed.
    extra = {"CONSULT_STATE_DIR": box.env["CONSULT_STATE_DIR"], "ARGCHECK_WITNESS": "off"}
    outcome = drive(plan, installed["claude"], box.work,
                    lambda url: claude_env(installed["home"], installed["bin"], tmp_path / "bin", url, extra))
    refused = outcome.refusals()
    print(f"{skill} by {route}: {outcome.summary()}")
    assert refused["taught"] == [], json.dumps(refused["taught"], indent=1)[:6000]
    expected = {"WebSearch"} if skill == "triz" else set()  # WebSearch is not allowed: the user gives sources
    assert {d.get("tool_name") for d in refused["denials"]} == expected, json.dumps(refused, indent=1)[:6000]
    assert {e["tool"] for e in refused["errors"]} <= expected, json.dumps(refused["errors"], indent=1)[:6000]
    assert len(outcome.results) == len(plan.turns), "every user turn ran"
    assert not any(r.get("is_error") for r in outcome.results), json.dumps(outcome.results[-1])[:3000]
    said = [str(r.get("result", "")) for r in outcome.results]
    assert not any("MOCK-ECHO" in text for text in said), ("the scripted model ran out of steps: a turn was off", said)
    if skill != "council":  # each user turn ends with the reply the plan scripted for it, not a step early
        scripted = [next((s["reply"] for s in turn.steps[::-1] if "reply" in s), None) for turn in plan.turns]
        assert [t for t, r in zip(said, scripted) if r is not None] == [r for r in scripted if r is not None]
    status = box.argcheck("next", state, "--format", "json", what="the final status").stdout
    assert json.loads(status)["status"] == LAST[skill], status[:2000]
    if skill == "council":  # the personas ran in background subagents, whose notices opened turns
        assert all(outcome.server.requests_of(marker) for marker in plan.routes)
        assert outcome.server.notice_turns, "no turn was opened by a subagent's completion notice"
    check = scenario_of(skill).check
    if check is not None and skill != "council":  # the council scenario checks its own headless run
        check(box, state)
    if route == "slash":  # the run the README's "In Claude Code" block shows, abridged in docs/sessions/
        places = {str(box.work): ".", str(installed["bin"]): "~/.local/bin", str(installed["home"]): "~",
                  str(tmp_path): "<tmp>"}
        text = sessions.transcript(skill, [t.prompt for t in plan.turns], outcome.streams, places,
                                   waiting=(WAITING,), unordered=skill == "council")
        sessions.check(skill, text)
