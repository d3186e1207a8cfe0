"""Whole protocol runs in the real Codex CLI (pinned 0.169.0), offline, after the documented install (issue 20).

A fresh HOME gets `./install.sh --prefix P --agent codex --project PROJECT` (the skills in
PROJECT/.agents/skills, where Codex finds them). Then each run, in a fresh copy of that HOME with P/bin on
PATH and its own CODEX_HOME pointed at the scripted model (tests/stubs/mock_llm_server.py), is driven by
`codex exec` in PROJECT: the user's first message names the skill (`$toulmin ...`), each later user message
is one `codex exec resume THREAD_ID` call. Every call runs in the `workspace-write` sandbox with the default
approval mode of `codex exec` (see codexrun.py for the exact flags):

- toulmin whole, in one call;
- triz through its five user reviews (and the sources the user gives when the agent cannot search), one
  `codex exec resume` per user answer;
- deliberate with Claude as the consultee: Codex orchestrating, the pinned Claude Code consulting through
  `argcheck consult` -> the claude wrapper -> `claude -p`, against the same mock server; one user turn mid-run
  (a constraint) resumes the thread, and the consultee's Claude session is resumed round after round;
- council without subagents (Codex has none): one `argcheck consult STATE --consultee codex` per persona and
  round, each a nested `codex exec` (Codex consulting itself in a fresh session), then the final assessment.

The scripted model runs what each SKILL.md teaches: its ```bash blocks and, between them, the moves of each
skill's scenario (tests/fixtures/skills/<name>/scenario.py). Each test asserts that every user turn ran,
that no tool call was refused or failed (the tool outputs the model received and the `--json` events), that
the run reached the protocol's last status and that `argcheck validate` finds no error.

The HOME and project live outside /tmp: /tmp is a writable root of every `workspace-write` sandbox, so a HOME
there would let a nested consultee write its session without the writable root the test means to measure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from codexrun import CodexPlan, SandboxAccess, drive
from kit.skillrun import FIXTURES
from mock_llm_server import CLAUDE_ENV, CODEX_CONFIG
from test_whole_runs_real import LAST, TASKS, scenario_of, skill_commands, user_turns

from argcheck.files import operations

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
SKILLS = ("council", "deliberate", "toulmin", "triz")
SCRATCH = Path.home() / ".cache" / "argcheck-tests" / "codex-runs"


def install_argv(prefix: Path, project: Path) -> list[str]:
    """The README's install for Codex, into a project."""
    return [str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", "codex", "--project", str(project)]


@pytest.fixture(scope="module")
def installed(real_clis):
    """The documented Codex install into a fresh prefix, HOME and project, outside /tmp."""
    SCRATCH.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="run-", dir=SCRATCH))
    home, prefix, project = root / "install-home", root / "prefix", root / "project"
    for directory in (home, project):
        directory.mkdir()
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    env.pop("ARGCHECK_PREFIX", None)
    done = subprocess.run(install_argv(prefix, project), capture_output=True, text=True, env=env, cwd=root,
                          stdin=subprocess.DEVNULL, timeout=INSTALL_LIMIT)
    assert done.returncode == 0, f"./install.sh --agent codex --project: {done.stdout}{done.stderr}"
    for skill in SKILLS:
        assert (project / ".agents" / "skills" / skill / "SKILL.md").is_file(), f"{skill} not installed for Codex"
    yield {"root": root, "home": home, "bin": prefix / "bin", "project": project, **real_clis}
    shutil.rmtree(root, ignore_errors=True)


class Run:
    """One run's fresh HOME (a copy of the install's), its CODEX_HOME and the environment Codex gets."""

    def __init__(self, installed: dict, name: str, skill: str | None = None):
        self.installed, self.project = installed, installed["project"]
        self.home = installed["root"] / f"home-{name}"
        shutil.copytree(installed["home"], self.home)
        self.codex_home = self.home / ".codex"
        # Claude Code keeps its session transcripts here (what `--resume` reads); the rest of ~/.claude (its
        # settings, hooks) need not be writable for a consultee call, and stays read-only in the runs below.
        self.claude_sessions = self.home / ".claude" / "projects"
        for directory in (self.codex_home, self.claude_sessions):
            directory.mkdir(parents=True, exist_ok=True)
        seed = FIXTURES / (skill or name) / "workspace"  # the skill's workspace files (docs/design.md, ...)
        if seed.is_dir():
            shutil.copytree(seed, self.project, dirs_exist_ok=True)

    def env_for(self, base_url: str) -> dict:
        """The environment of a run against the server at base_url (CODEX_HOME's config.toml points there)."""
        (self.codex_home / "config.toml").write_text(CODEX_CONFIG.format(base_url=base_url), encoding="utf-8")
        return self.env(base_url)

    def env(self, base_url: str) -> dict:
        keep = ("PATH", "LANG", "LC_ALL", "TERM")
        env = {k: v for k, v in os.environ.items() if k in keep}
        path = [self.installed["bin"], self.installed["codex"].parent, self.installed["claude"].parent]
        env.update(CLAUDE_ENV, HOME=str(self.home), CODEX_HOME=str(self.codex_home), MOCK_API_KEY="dummy",
                   ANTHROPIC_BASE_URL=base_url, ANTHROPIC_API_KEY="dummy",
                   PATH=os.pathsep.join([*map(str, path), env.get("PATH", os.defpath)]))
        return env

    def argcheck(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.installed["bin"] / "argcheck"), *args], cwd=self.project,
                              capture_output=True, text=True, env=self.env("http://127.0.0.1:9"), timeout=120)


# --- the plans -----------------------------------------------------------------------------------------------

def start(skill: str, task: str | None = None) -> CodexPlan:
    """The user names the skill; the model reads its notes for Codex first (Codex has no skill tool to open
    the skill's other files, so the skill says to read them with the shell)."""
    plan = CodexPlan().user(f"${skill} {task or TASKS[skill]}")
    return plan.run(f"cat .agents/skills/{skill}/references/agents.md")


def toulmin_plan(run: Run) -> tuple[CodexPlan, str, SandboxAccess]:
    commands, state = skill_commands("toulmin")
    return start("toulmin").run(*commands).reply("Here is the verdict."), state, SandboxAccess()


def triz_plan(run: Run) -> tuple[CodexPlan, str, SandboxAccess]:
    commands, state = skill_commands("triz")
    plan = user_turns(start("triz"), commands)
    return plan.reply("Here is the Knowledge Document."), state, SandboxAccess()


CONSULTEE_MARK = "You are the consultee in a bounded"
ARBITER_MARK = "You are an independent arbiter"


def replies_of(transcript: str) -> list[dict]:
    data = json.loads((FIXTURES / "deliberate" / transcript).read_text(encoding="utf-8"))
    return [{"reply": reply["response"]} for reply in data["replies"]]


def deliberate_plan(run: Run) -> tuple[CodexPlan, str, SandboxAccess]:
    """The skill's run with Claude as the consultee: the scripted Claude answers as the skill's consultee and
    arbiter transcripts do."""
    commands, state = skill_commands("deliberate")
    commands = [c.replace("--consultee codex", "--consultee claude") if c.startswith("argcheck init") else c
                for c in commands]
    constraint = ("argcheck apply .argcheck/deliberate-storage.json '{\"type\": \"ledger\", \"actor\": \"user\", "
                  "\"id\": \"L1\", \"provenance\": \"user\", \"claim_type\": \"constraint\", "
                  "\"text\": \"No native dependencies.\"}'")
    at = next(i for i, c in enumerate(commands) if c.startswith("argcheck init deliberate")) + 1
    task = TASKS["deliberate"].replace("Ask codex.", "Ask claude.")
    plan = user_turns(start("deliberate", task), commands[:at] + [constraint] + commands[at:])
    plan.routes = {CONSULTEE_MARK: replies_of("consultee.json"), ARBITER_MARK: replies_of("arbiter.json")}
    return plan.reply("Here is the decision log."), state, SandboxAccess(network=True,
                                                                 writable=(str(run.claude_sessions),))


COUNCIL_STATE = ".argcheck/council-design.json"
PERSONAS = ("Aristotle", "Descartes", "Kant", "Leibniz", "Popper", "Russell")


def council_replies() -> dict[str, list[dict]]:
    """Each persona's critique and self-critique as its nested Codex answers them: the demo's recorded council,
    and a light critique for Kant (who timed out there)."""
    demo = json.loads((REPO / "checker/src/argcheck/protocols/council/data/demo/council.json").read_text())
    kant = {"agent_style": "Kant", "critique_tree": {
        "id": "KAN-1", "claim": "KAN: the requirement cannot be made a universal rule without a stated load.",
        "evidence": "The store scales to any future load without redesign.", "confidence": 0.6,
        "severity": "Medium", "sub_critiques": []}}
    critiques = {**demo["critiques"], "Kant": kant}
    selves = {**demo["self_critiques"], "Kant": {"agent_style": "Kant", "adjustments": []}}
    return {name: [{"reply": json.dumps(critiques[name])}, {"reply": json.dumps(selves[name])}]
            for name in PERSONAS}


def council_plan(run: Run) -> tuple[CodexPlan, str, SandboxAccess]:
    """Without subagents: one `argcheck consult --consultee codex` per persona and round, then the assessment."""
    state = COUNCIL_STATE
    demo = json.loads((REPO / "checker/src/argcheck/protocols/council/data/demo/council.json").read_text())
    consult = f"argcheck consult {state} --consultee codex"
    plan = start("council").run("argcheck doctor", f"argcheck init council --document docs/design.md --state {state}",
                                f"argcheck next {state}")
    plan.run(*[consult] * len(PERSONAS), f"argcheck next {state}", *[consult] * len(PERSONAS),
             f"argcheck next {state}", f"argcheck render {state} --format json")
    from argcheck.core.commandtext import ingest_command

    plan.run(ingest_command(state, demo["assessment"]),
             f"argcheck render {state} --format md -o .argcheck/council-design.md", f"argcheck next {state}")
    plan.routes = {f"You are {name}, one member": replies for name, replies in council_replies().items()}
    access = SandboxAccess(network=True, writable=(str(run.codex_home),))
    plan.reply("The critique is in .argcheck/council-design.md.")
    # One more user turn: `resume --last` must find the orchestrator's thread, not a consultee's nested one.
    plan.user("Which points are High?").run(f"argcheck next {state}").reply("DES-1, POP-2 and DES-2.")
    return plan, state, access


HEADLESS_STATE = ".argcheck/council-headless.json"
ASSESSOR_MARK = "You write the final assessment of a reasoning council"


def council_headless_plan(run: Run) -> tuple[CodexPlan, str, SandboxAccess]:
    """The skill's headless run, in one command: the consultee (Codex itself) answers every persona in
    parallel, each self-critique in its persona's resumed session, then the final assessment."""
    demo = json.loads((REPO / "checker/src/argcheck/protocols/council/data/demo/council.json").read_text())
    plan = start("council", "Critique docs/design.md with the council, headless.").run(
        "argcheck doctor",
        f"argcheck init council --document docs/design.md --consultee codex --run --state {HEADLESS_STATE} --save",
        f"argcheck next {HEADLESS_STATE}")
    plan.routes = {f"You are {name}, one member": replies for name, replies in council_replies().items()}
    plan.routes[ASSESSOR_MARK] = [{"reply": json.dumps(demo["assessment"])}]
    access = SandboxAccess(network=True, writable=(str(run.codex_home),))
    return plan.reply("The critique is in .argcheck/council-headless.md."), HEADLESS_STATE, access


PLANS = {"toulmin": toulmin_plan, "triz": triz_plan, "deliberate": deliberate_plan, "council": council_plan,
         "council-headless": council_headless_plan}
FINISHED = {**LAST, "council-headless": "assessed"}


# --- the test ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("skill", PLANS)
def test_the_whole_run_completes_in_codex_with_no_refused_command(skill, installed):
    run = Run(installed, skill, skill.split("-")[0])
    plan, state, access = PLANS[skill](run)
    outcome = drive(plan, installed["codex"], run.project, run.env_for, access)
    refused = outcome.refusals()
    print(f"{skill}: {outcome.summary()}")
    last = outcome.calls[-1]
    assert len(outcome.calls) == len(plan.turns), (
        f"{len(outcome.calls)} of {len(plan.turns)} turns ran; the last (exit {last.exit_code}): "
        f"{json.dumps(last.events)[-3000:]} {last.stderr[-1500:]}")
    assert all(c.exit_code == 0 and c.completed() for c in outcome.calls), f"{last.stderr[-2000:]}"
    threads = [c.threads() for c in outcome.calls]
    assert all(t == threads[0] and len(t) == 1 for t in threads), f"`resume --last` left the run's thread: {threads}"
    assert refused["outputs"] == [], json.dumps(refused["outputs"], indent=1)[:6000]
    assert refused["events"] == [], json.dumps(refused["events"], indent=1)[:6000]
    assert plan.script() and outcome.server.script == [], "the scripted model's every step was taken"
    assert all(steps == [] for steps in outcome.server.routes.values()), "every consultee reply was asked for"
    status = run.argcheck("next", state, "--format", "json")
    assert json.loads(status.stdout)["status"] == FINISHED[skill], status.stdout[-2000:] + status.stderr[-2000:]
    validated = run.argcheck("validate", state)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    outcome_of_file = operations.validate_file(str(run.project / state))
    assert [f for f in outcome_of_file.findings if f.is_error] == []
    CHECKS.get(skill, lambda *_: None)(run, state, outcome)


def claude_consulted(run: Run, state: str, outcome) -> None:
    """Three rounds in one Claude session, resumed round after round, and the arbiter in a fresh one."""
    document = json.loads((run.project / state).read_text(encoding="utf-8"))
    assert document["header"]["consultee"] == "claude"
    moves = document["moves"]
    consults = [m for m in moves if m["type"] == "consult"]
    assert [m["outcome"] for m in consults] == ["reply"] * 3, consults
    sessions = {m.get("session_id") for m in consults}
    assert len(sessions) == 1 and None not in sessions, consults
    arbiters = [m for m in moves if m["type"] == "arbitrate"]
    assert [m["actor"] for m in arbiters] == ["arbiter"] and arbiters[0].get("session_id") not in {*sessions, None}
    assert len(outcome.server.requests_of(CONSULTEE_MARK)) == 3 and outcome.server.requests_of(ARBITER_MARK)


def council_heard_everyone(run: Run, state: str, outcome) -> None:
    final = operations.validate_file(str(run.project / state)).replay.engine.state
    assert final.council_line().startswith("6 of 6 personas"), final.council_line()
    for name in PERSONAS:
        assert len(outcome.server.requests_of(f"You are {name}, one member")) == 2, name
    assert (run.project / ".argcheck" / "council-design.md").is_file()


def headless_council_heard_everyone(run: Run, state: str, outcome) -> None:
    final = operations.validate_file(str(run.project / state)).replay.engine.state
    assert final.council_line().startswith("6 of 6 personas"), final.council_line()
    for name in PERSONAS:
        assert len(outcome.server.requests_of(f"You are {name}, one member")) == 2, name
    assert len(outcome.server.requests_of(ASSESSOR_MARK)) == 1
    assert (run.project / ".argcheck" / "council-headless.md").is_file()


def triz_document(run: Run, state: str, outcome) -> None:
    class Box:  # what the scenario's check reads
        def argcheck(self, *args, what):
            done = run.argcheck(*args)
            assert done.returncode == 0, what + done.stderr
            return done

    scenario_of("triz").check(Box(), state)


CHECKS = {"deliberate": claude_consulted, "council": council_heard_everyone, "triz": triz_document,
          "council-headless": headless_council_heard_everyone}


# --- what the runs above rely on (measured on Codex 0.169.0) -------------------------------------------------

def test_a_command_the_sandbox_refuses_is_counted_though_codex_reports_no_event_for_it(installed):
    """The refusal count reads the tool outputs the model got: Codex's --json stream has no item for a command
    the sandbox refused (here a write into HOME, outside the writable roots)."""
    run = Run(installed, "sandbox-refusal")
    plan = CodexPlan().user("make two files").run("touch made-here.txt", f"touch {run.home}/outside.txt")
    plan.reply("done")
    outcome = drive(plan, installed["codex"], run.project, run.env_for, SandboxAccess())
    refused = outcome.refusals()
    assert (run.project / "made-here.txt").is_file() and not (run.home / "outside.txt").exists()
    assert [o["input"]["cmd"] for o in refused["outputs"]] == [f"touch {run.home}/outside.txt"], refused
    assert "Read-only file system" in refused["outputs"][0]["output"]
    commands = [e["item"]["command"] for c in outcome.calls for e in c.events
                if e.get("type") == "item.completed" and e["item"].get("type") == "command_execution"]
    assert commands == ["/bin/bash -c 'touch made-here.txt'"], "Codex now reports the refused command: " \
        "count it from the events too"


def test_resume_runs_read_only_unless_the_sandbox_mode_is_given_again(installed):
    """`codex exec resume` has no --sandbox flag; without `-c sandbox_mode=...` it does not keep the thread's."""
    run = Run(installed, "resume-sandbox")
    plan = CodexPlan().user("first").run("touch first.txt").reply("one")
    plan.user("second").run("touch second.txt").reply("two")
    outcome = drive(plan, installed["codex"], run.project, run.env_for, SandboxAccess(resume_mode=False))
    assert (run.project / "first.txt").is_file() and not (run.project / "second.txt").exists()
    assert [o["input"]["cmd"] for o in outcome.refusals()["outputs"]] == ["touch second.txt"]
