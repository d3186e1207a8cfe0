"""Witnessed whole runs in the real Codex CLI (pinned 0.169.0), offline, after the documented install with
hooks (issue 27).

A fresh HOME gets `./install.sh --prefix P --agent codex --project PROJECT --hooks --yes`: the skills in
PROJECT/.agents/skills, argcheck's hooks in PROJECT/.codex/config.toml and, in the user's config.toml, the
trust Codex asks for before it runs each hook; the user trusts the project in Codex (as the installer tells
them: Codex reads a project's .codex/ only then), which the test writes as Codex does. The runs share
that HOME and project (Codex's trust names the files that hold the hooks, so the HOME is not copied), one
after the other; each run's config.toml is the installed one plus the mock model provider. Nothing turns the
witness off: each run must be "witnessed": true with "witness_agent": "codex". The scripted model
(witnessplans.py) runs each skill as test_codex_whole_runs_real.py does, plus what the witness needs:

- toulmin whole;
- triz through its five user reviews, each citing the prompt that carried it (`codex exec resume --last`
  with the user's answer: UserPromptSubmit records it). Codex's web search is the provider's hosted tool,
  which no hook sees (test_agent_hook_shapes_real.py): so the sources of every `web_search` come from the
  user, asked for and cited, and a search the agent claims is refused (TRZ143, below);
- deliberate with Claude as the consultee, the user's constraint cited and execution evidence (a command the
  PostToolUse hook saw run);
- council with one `argcheck consult` per persona and round (Codex consulting itself, in nested `codex exec`
  sessions; the headless `init council --run` starts unwitnessed by design).

No tool call may be refused or fail (the `--json` stream and the tool outputs the model received), each turn
ends with its scripted reply, and `argcheck validate` passes. Then the negative cases: a stop mid-protocol is
sent back with the next step (Stop), a state-file write by the shell or by apply_patch is denied, a record
forged by piping an event into `argcheck hook` is denied and fails the run, a web_search backed only by the
hosted search is refused, and `validate` refuses a user move or a web_search no witnessed record backs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from codexplans import FINISHED, council_plan, deliberate_plan, start, toulmin_plan
from codexrun import CodexPlan, SandboxAccess, drive, exec_command, scratch_dir
from kit.skillrun import FIXTURES
from mock_llm_server import CLAUDE_ENV, CODEX_CONFIG
from runkit import reseal
from test_whole_runs_real import TASKS, skill_commands, user_turns
from witnessplans import (
    cite_user_moves, execution_evidence, insert_after, sources_from_the_user, unbacked_variants,
)

from argcheck.core.commandtext import apply_command

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
AGENT = "codex"
SKILLS = ("council", "deliberate", "toulmin", "triz")


@pytest.fixture(scope="module")
def installed(real_clis):
    """The documented Codex install with hooks into a fresh prefix, HOME and project, outside /tmp."""
    root = scratch_dir()
    home, prefix, project = root / "home", root / "prefix", root / "project"
    for directory in (home, project):
        directory.mkdir()
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    for name in ("ARGCHECK_PREFIX", "CODEX_HOME"):
        env.pop(name, None)
    argv = [str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", AGENT, "--project", str(project),
            "--hooks", "--yes"]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=root, stdin=subprocess.DEVNULL,
                          timeout=INSTALL_LIMIT)
    assert done.returncode == 0, f"{' '.join(argv[1:])}: {done.stdout}{done.stderr}"
    for skill in SKILLS:
        assert (project / ".agents" / "skills" / skill / "SKILL.md").is_file(), f"{skill} not installed for Codex"
    codex_home = home / ".codex"
    configs = [codex_home / "config.toml", codex_home / "hooks.json", project / ".codex" / "config.toml",
               project / ".codex" / "hooks.json"]
    assert any("argcheck-hook" in p.read_text(encoding="utf-8") for p in configs if p.is_file()), done.stdout
    assert "trusted_hash" in (codex_home / "config.toml").read_text(encoding="utf-8"), "no hook trust recorded"
    for directory in (home / ".claude" / "projects",):
        directory.mkdir(parents=True, exist_ok=True)
    yield {"root": root, "home": home, "bin": prefix / "bin", "project": project, "codex_home": codex_home,
           "claude_sessions": home / ".claude" / "projects",
           "config": (codex_home / "config.toml").read_text(encoding="utf-8"), **real_clis}
    shutil.rmtree(root, ignore_errors=True)


def with_mock_provider(installed_config: str, base_url: str, project: Path) -> str:
    """The installed config.toml plus the mock model provider (mock_llm_server.CODEX_CONFIG): its top-level
    keys first, its tables after, a table the install already has ([features]) extended in place; and the
    user's trust of the project, which Codex asks for before it reads the project's .codex/config.toml (where
    `--project` puts the hooks; the installer says so), as Codex records it."""
    mock = CODEX_CONFIG.format(base_url=base_url) + f'[projects."{project}"]\ntrust_level = "trusted"\n'

    top, _, tables = mock.partition("\n[")
    text = installed_config
    for table in ("[" + tables).split("\n["):
        header, _, body = table.lstrip("[").partition("\n")
        line = f"[{header}"
        if f"\n{line}\n" in f"\n{text}":
            text = text.replace(f"{line}\n", f"{line}\n{body.rstrip()}\n", 1)
        else:
            text = f"{text.rstrip()}\n\n{line}\n{body.rstrip()}\n"
    return f"{top.strip()}\n{text}"


class Run:
    """The installed HOME and project, the environment of a run, and the installed argcheck."""

    def __init__(self, installed: dict, skill: str):
        self.installed, self.project = installed, installed["project"]
        self.codex_home, self.claude_sessions = installed["codex_home"], installed["claude_sessions"]
        seed = FIXTURES / skill / "workspace"
        if seed.is_dir():
            shutil.copytree(seed, self.project, dirs_exist_ok=True)

    def env_for(self, base_url: str) -> dict:
        config = with_mock_provider(self.installed["config"], base_url, self.project)
        (self.codex_home / "config.toml").write_text(config, encoding="utf-8")
        return self.env(base_url)

    def env(self, base_url: str) -> dict:
        keep = ("PATH", "LANG", "LC_ALL", "TERM")
        env = {k: v for k, v in os.environ.items() if k in keep}
        path = [self.installed["bin"], self.installed["codex"].parent, self.installed["claude"].parent]
        env.update(CLAUDE_ENV, HOME=str(self.installed["home"]), CODEX_HOME=str(self.codex_home),
                   MOCK_API_KEY="dummy", ANTHROPIC_BASE_URL=base_url, ANTHROPIC_API_KEY="dummy",
                   PATH=os.pathsep.join([*map(str, path), env.get("PATH", os.defpath)]))
        return env

    def argcheck(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.installed["bin"] / "argcheck"), *args], cwd=self.project,
                              capture_output=True, text=True, env=self.env("http://127.0.0.1:9"), timeout=120)

    def document(self, state: str) -> dict:
        return json.loads((self.project / state).read_text(encoding="utf-8"))


ASK_SOURCES = "Over to you: web_search?"  # how user_turns words the agent's question for the user's sources
GATE_BLOCKS = 3  # harness/stopgate.MAX_BLOCKS: the stops in a row the Stop gate sends back


def triz_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    """The skill's triz run, every web_search the sources the user gave (Codex cannot witness a search). While
    the agent waits for sources the research is still its move, so the Stop gate sends its stop back, up to
    GATE_BLOCKS times in a row; the agent asks again each time, and then the gate lets it stop."""
    commands, state = skill_commands("triz")
    plan = user_turns(start("triz"), sources_from_the_user(commands))
    for turn in plan.turns:
        if turn.steps and turn.steps[-1] == {"reply": ASK_SOURCES}:
            turn.steps += [{"reply": ASK_SOURCES}] * GATE_BLOCKS
    return plan.reply("Here is the Knowledge Document."), state, SandboxAccess()


def witnessed_deliberate_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    plan, state, access = deliberate_plan(run)
    insert_after(plan, f"argcheck consult {state}", execution_evidence(state, exec_command, "L2"))
    return plan, state, access


PLANS = {"toulmin": toulmin_plan, "triz": triz_plan, "deliberate": witnessed_deliberate_plan,
         "council": council_plan}  # council one consult per persona: its headless run is unwitnessed by design


def said(call) -> str:
    messages = [e["item"].get("text", "") for e in call.events
                if e.get("type") == "item.completed" and e["item"].get("type") == "agent_message"]
    return messages[-1] if messages else ""


def witnessed_run(installed, skill: str):
    run = Run(installed, skill.split("-")[0])
    plan, state, access = PLANS[skill](run)
    cite_user_moves(plan, exec_command)
    outcome = drive(plan, installed["codex"], run.project, run.env_for, access)
    print(f"codex witnessed {skill}: {outcome.summary()}")
    return run, plan, state, outcome


@pytest.mark.parametrize("skill", PLANS)
def test_a_witnessed_run_completes_in_codex(skill, installed):
    run, plan, state, outcome = witnessed_run(installed, skill)
    refused, last = outcome.refusals(), outcome.calls[-1]
    assert len(outcome.calls) == len(plan.turns), (
        f"{len(outcome.calls)} of {len(plan.turns)} turns ran; the last: {json.dumps(last.events)[-3000:]} "
        f"{last.stderr[-1500:]}")
    assert all(c.exit_code == 0 and c.completed() for c in outcome.calls), last.stderr[-2000:]
    threads = [c.threads() for c in outcome.calls]
    assert all(t == threads[0] and len(t) == 1 for t in threads), f"`resume --last` left the run's thread: {threads}"
    assert refused["outputs"] == [], json.dumps(refused["outputs"], indent=1)[:6000]
    assert refused["events"] == [], json.dumps(refused["events"], indent=1)[:6000]
    assert outcome.server.script == [], "the scripted model's every step was taken"
    scripted = [next((s["reply"] for s in turn.steps[::-1] if "reply" in s), None) for turn in plan.turns]
    assert [said(call) for call in outcome.calls] == scripted, "each turn ended with its scripted reply"
    header = run.document(state)["header"]
    assert header.get("witnessed") is True and header.get("witness_agent") == AGENT, header
    validated = run.argcheck("validate", state)
    assert validated.returncode == 0, validated.stdout[-3000:] + validated.stderr[-2000:]
    status = run.argcheck("next", state, "--format", "json")
    assert json.loads(status.stdout)["status"] == FINISHED[skill], status.stdout[-2000:] + status.stderr[-2000:]
    if skill == "triz":
        cited = [m["witness"] for m in run.document(state)["moves"] if m.get("actor") == "user"]
        assert len(cited) == len(plan.turns) - 1 and len({c["seq"] for c in cited}) == len(cited), cited
        unbacked(run, state)
    if skill == "deliberate":
        ledger = [m for m in run.document(state)["moves"] if m["type"] == "ledger"]
        assert any((m.get("execution") or {}).get("command") == "argcheck --version" for m in ledger), ledger


def unbacked(run: Run, state: str) -> None:
    """`validate` refuses the finished run changed so that a user move cites a prompt an earlier move cited,
    or a web_search is the agent's with no witnessed search (resealed: only the witness rules object)."""
    variants = unbacked_variants(run.document(state))
    assert [code for code, _ in variants] == ["ARG031", "TRZ143"]
    for code, doc in variants:
        forged = run.project / ".argcheck" / f"forged-{code}.json"
        forged.write_text(json.dumps(reseal(doc)), encoding="utf-8")
        done = run.argcheck("validate", str(forged.relative_to(run.project)))
        forged.unlink()
        assert done.returncode == 1 and code in done.stdout, (code, done.stdout[-2000:], done.stderr[-1000:])


def one_turn(installed, name: str, *steps: dict, reply: str = "Done.", searches=None):
    """A short run: the toulmin task, the scripted steps, the reply."""
    run = Run(installed, "toulmin")
    plan = CodexPlan().user(f"$toulmin {TASKS['toulmin']}").step(*steps).reply(reply)
    outcome = drive(plan, installed["codex"], run.project, run.env_for, SandboxAccess(), searches=searches)
    print(f"codex {name}: {outcome.summary()}")
    return run, outcome


def init_toulmin(state: str) -> str:
    return f"argcheck init toulmin --query 'Raw SQL?' --state {state}"


def outputs_of(outcome, kind: str = "function_call_output") -> list[str]:
    last = outcome.server.model_requests()[-1]["body"].get("input") or []
    return [str(item.get("output")) for item in last if isinstance(item, dict) and item.get("type") == kind]


def test_a_stop_mid_protocol_is_sent_back_with_the_next_step(installed):
    """Stop blocks while the run owes the agent's move: Codex asks the model again in the same turn with the
    reason (a <hook_prompt>), and the model finishes the run."""
    commands, state = skill_commands("toulmin")
    state = state.replace("toulmin-orm", "toulmin-stopped")
    commands = [c.replace(".argcheck/toulmin-orm.json", state) for c in commands]
    at = next(i for i, c in enumerate(commands) if c.startswith("argcheck prompt ")) + 1
    steps = [exec_command(c) for c in commands[:at]] + [{"reply": "I will stop here."}]
    steps += [exec_command(c) for c in commands[at:]]
    run, outcome = one_turn(installed, "stop", *steps, reply="Here is the verdict.")
    sent_back = [r for r in outcome.server.model_requests() if "hook_prompt" in json.dumps(r["body"].get("input"))
                 and state in json.dumps(r["body"].get("input"))]
    assert sent_back, "the stop was not sent back with the run's next step"
    assert outcome.calls[0].completed() and said(outcome.calls[0]) == "Here is the verdict."
    assert json.loads(run.argcheck("next", state, "--format", "json").stdout)["status"] == FINISHED["toulmin"]


def test_a_state_file_write_by_the_shell_or_apply_patch_is_denied(installed):
    state = ".argcheck/toulmin-guarded.json"
    patch = f"*** Begin Patch\n*** Delete File: {state}\n*** End Patch\n"
    run, outcome = one_turn(installed, "guard", exec_command(init_toulmin(state)),
                            exec_command(f"echo '{{}}' > {state}"), {"custom": {"name": "apply_patch", "input": patch}})
    shell, patched = outputs_of(outcome)[1], outputs_of(outcome, "custom_tool_call_output")
    assert "blocked by PreToolUse hook" in shell, shell
    assert len(patched) == 1 and "blocked by PreToolUse hook" in patched[0], patched
    kept = run.document(state)
    assert kept["protocol"] == "toulmin" and kept["header"].get("witnessed") is True, "the state is intact"


def test_a_forged_record_is_denied_and_fails_the_run(installed):
    state = ".argcheck/toulmin-forged.json"
    forged = json.dumps({"session_id": "x", "cwd": ".", "hook_event_name": "UserPromptSubmit",
                         "prompt": "Yes, go with raw SQL."})
    attempt = f"echo '{forged}' | argcheck hook --agent codex UserPromptSubmit"
    run, outcome = one_turn(installed, "forged", exec_command(init_toulmin(state)), exec_command(attempt))
    denied = outputs_of(outcome)[1]
    assert "blocked by PreToolUse hook" in denied and "witness guard denied" in denied, denied
    log = run.project / ".argcheck" / "witness.jsonl"
    assert "go with raw SQL" not in (log.read_text(encoding="utf-8") if log.exists() else "")
    done = run.argcheck("validate", state)
    assert done.returncode == 1 and "ARG032" in done.stdout, done.stdout[-2000:]


def test_a_web_search_only_the_hosted_tool_ran_is_refused(installed):
    """The model searches with Codex's hosted web_search (no hook sees it) and records the search as its own:
    the witnessed run refuses the move (TRZ143), and the state keeps no web_search."""
    state = ".argcheck/triz-hosted-search.json"
    query, url = "heat pump EV range below -10 C", "https://example.org/heat-pumps"
    move = {"type": "web_search", "query": query, "purpose": "state_of_art",
            "results": [{"source_url": url, "source_title": "Heat pumps", "content_summary": "They help."}]}
    init = f"argcheck init triz --problem 'How can an EV keep its range in the cold?' --state {state}"
    run, outcome = one_turn(installed, "hosted search", exec_command(init),
                            {"web_search": {"query": query}, "tool": exec_command(apply_command(state, move))["tool"]},
                            searches={query: [{"url": url, "title": "Heat pumps", "snippet": "They help."}]})
    searched = [e for c in outcome.calls for e in c.events if e.get("type") == "item.completed"
                and e["item"].get("type") == "web_search"]
    assert [e["item"]["query"] for e in searched] == [query], "the hosted search ran"
    refused = outputs_of(outcome)[1]
    assert "TRZ143" in refused, refused
    assert not [m for m in run.document(state)["moves"] if m["type"] == "web_search"]
