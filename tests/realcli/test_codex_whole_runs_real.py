"""Whole protocol runs in the real Codex CLI (pinned 0.169.0), offline, after the documented install (issue 20).

A fresh HOME gets `./install.sh --prefix P --agent codex --project PROJECT` (the skills in
PROJECT/.agents/skills, where Codex finds them). Then each run, in a fresh copy of that HOME with P/bin on
PATH and its own CODEX_HOME pointed at the scripted model (tests/stubs/mock_llm_server.py), is driven by
`codex exec` in PROJECT: the user's first message names the skill (`$toulmin ...`), each later user message
is one `codex exec resume --last` call (as the skills' notes for Codex tell the user; the test checks that it
continued the run's own thread). Every call runs in the `workspace-write` sandbox with the default approval
mode of `codex exec`, plus, where a consultee is called, network access and the consultee CLI's session
directory as a writable root (codexrun.SandboxAccess; the plans are in codexplans.py):

- toulmin whole, in one call;
- triz through its five user reviews (and the sources the user gives when the agent cannot search), one
  `codex exec resume` per user answer;
- deliberate with Claude as the consultee: Codex orchestrating, the pinned Claude Code consulting through
  `argcheck consult` -> the claude wrapper -> `claude -p`, against the same mock server; one user turn mid-run
  (a constraint) resumes the thread, and the consultee's Claude session is resumed round after round;
- council without subagents (Codex has none), both ways its notes for Codex give: one
  `argcheck consult STATE --consultee codex` per persona and round, each a nested `codex exec` (Codex
  consulting itself in a fresh session), then the final assessment; and the headless
  `argcheck init council ... --consultee codex --run` in one command.

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
from pathlib import Path

import pytest
from codexplans import ARBITER_MARK, ASSESSOR_MARK, CONSULTEE_MARK, FINISHED, PERSONAS, PLANS
from codexrun import drive, scratch_dir
from kit.skillrun import FIXTURES
from mock_llm_server import CLAUDE_ENV, CODEX_CONFIG
from test_whole_runs_real import scenario_of

from argcheck.files import operations

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
SKILLS = ("council", "deliberate", "toulmin", "triz")


def install_argv(prefix: Path, project: Path) -> list[str]:
    """The README's install for Codex, into a project."""
    return [str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", "codex", "--project", str(project)]


@pytest.fixture(scope="module")
def installed(real_clis):
    """The documented Codex install into a fresh prefix, HOME and project, outside /tmp."""
    root = scratch_dir()
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
