"""Whole protocol runs in the real Gemini CLI (pinned 0.61.0), offline, with only what the project installs
(issue 20).

A fresh HOME gets the documented install for Gemini, `./install.sh --prefix P --agent gemini --project DIR
--hooks --yes` (the skills in DIR/.gemini/skills, the consented user policy that lets the `argcheck` commands
run), and the settings that point Gemini at the local mock of its API (tests/stubs/mock_gemini.py). Then the
scripted model activates the skill (`activate_skill`) and runs what the skill teaches, one `run_shell_command`
per command, each user turn one headless `gemini -p ... --output-format stream-json` call continued with
`--resume latest` (what the skills' notes for Gemini tell the user):

- toulmin whole;
- triz through its five user reviews (and the user's sources, since the agent does not search), each
  answer's turn starting with `argcheck next STATE` as the skill's note for Gemini says;
- deliberate with the pinned Codex CLI as the consultee (`argcheck consult` through codex-wrapper.sh, against
  the same mock, on its Responses API route): Gemini orchestrating with Codex consulting; and with Gemini
  itself as the consultee (gemini-wrapper.sh: a separate headless Gemini session per consultee session);
- council without subagents: the headless `argcheck init council --run`, one consultee call per persona.

Each run must end where the skill leaves it, its state must validate, and no tool call may be refused or fail:
the client's stream shows no denial or error, and no function response it sent the model holds an error or a
non-zero exit code.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from geminirun import GeminiPlan, activate, client_env, drive, shell, write_settings
from kit.skillrun import FIXTURES, make_sandbox
from mock_llm_server import CODEX_CONFIG, first_user_text, last_user_text
from test_whole_runs_real import LAST, TASKS, scenario_of, skill_commands, user_turns

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
COUNCIL_STATE = ".argcheck/council-design.json"


@pytest.fixture(scope="module")
def gemini_install(real_clis, tmp_path_factory) -> dict:
    """A fresh HOME and prefix; `install` puts argcheck there for Gemini, into a project, as documented."""
    root = tmp_path_factory.mktemp("gemini-runs")
    home, prefix = root / "home", root / "prefix"
    home.mkdir()

    def install(project: Path) -> None:
        argv = [str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", "gemini", "--project", str(project),
                "--hooks", "--yes"]
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
               "PIP_CACHE_DIR": str(Path.home() / ".cache" / "pip")}
        done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=project, stdin=subprocess.DEVNULL,
                              timeout=INSTALL_LIMIT)
        assert done.returncode == 0, f"{' '.join(argv[1:])}: {done.stdout}{done.stderr}"
        missing = [s for s in LAST if not (project / ".gemini" / "skills" / s / "SKILL.md").is_file()]
        assert not missing, f"the install put no {missing} into {project}/.gemini/skills: {done.stdout}"
        assert list((home / ".gemini" / "policies").glob("*.toml")), "the install wrote no Gemini policy"

    return {"install": install, "home": home, "bin": prefix / "bin", "gemini": real_clis["gemini"],
            "codex": real_clis["codex"], "root": root}


def start(plan: GeminiPlan, skill: str) -> GeminiPlan:
    """The user asks; the model picks the skill and activates it (Gemini has no `/skill` command)."""
    return plan.user(TASKS[skill]).step(activate(skill))


def toulmin_plan() -> tuple[GeminiPlan, str]:
    commands, state = skill_commands("toulmin")
    return start(GeminiPlan(), "toulmin").run(*commands).reply("Here is the verdict."), state


def triz_plan() -> tuple[GeminiPlan, str]:
    commands, state = skill_commands("triz")
    plan = user_turns(start(GeminiPlan(), "triz"), commands).reply("Here is the Knowledge Document.")
    for turn in plan.turns[1:]:  # the user answered: where does the run stand, then record the answer
        turn.steps.insert(0, shell(f"argcheck next {state}"))
    return plan, state


def deliberate_plan(consultee: str = "codex") -> tuple[GeminiPlan, str]:
    commands, state = skill_commands("deliberate")
    commands = [c.replace("--consultee codex", f"--consultee {consultee}") for c in commands]
    constraint = (f"argcheck apply {state} '{{\"type\": \"ledger\", \"actor\": \"user\", \"id\": \"L1\", "
                  "\"provenance\": \"user\", \"claim_type\": \"constraint\", \"text\": \"No native dependencies.\"}'")
    at = next(i for i, c in enumerate(commands) if c.startswith("argcheck init deliberate")) + 1
    plan = GeminiPlan().user(TASKS["deliberate"].replace("codex", consultee)).step(activate("deliberate"))
    plan = user_turns(plan, commands[:at] + [constraint] + commands[at:])
    return plan.reply("Here is the decision log."), state


def council_plan() -> tuple[GeminiPlan, str]:
    """Without subagents: the headless run consults each persona in turn and writes the assessment."""
    plan = start(GeminiPlan(), "council").run(
        "argcheck doctor",
        f"argcheck init council --document docs/design.md --consultee codex --run --state {COUNCIL_STATE} --save",
        f"argcheck next {COUNCIL_STATE}", f"argcheck validate {COUNCIL_STATE}")
    return plan.reply("The council's critique is in .argcheck/."), COUNCIL_STATE


def consultee_replies() -> list[dict]:
    """What the consultee answers, in order: three consultee rounds, then the arbiter's session."""
    replies = []
    for name in ("consultee.json", "arbiter.json"):
        replies += json.loads((FIXTURES / "deliberate" / name).read_text(encoding="utf-8"))["replies"]
    return [{"reply": reply["response"]} for reply in replies]


def with_consultee(plan: GeminiPlan, replies: list[dict]) -> list[dict]:
    """The mock's whole script: after each `argcheck consult` call of Gemini, the consultee's request takes a
    reply (the calls come one after the other: Gemini waits for the command)."""
    script, pending = [], list(replies)
    for step in plan.script():
        script.append(step)
        if step.get("tool", {}).get("args", {}).get("command", "").startswith("argcheck consult "):
            script.append(pending.pop(0))
    assert not pending, "the plan consults fewer times than the consultee has replies"
    return script


PLANS = {"toulmin": toulmin_plan, "triz": triz_plan, "deliberate": deliberate_plan, "council": council_plan}


def run_whole(skill: str, gemini_install: dict, tmp_path: Path, consultee: str | None = None):
    plan, state = PLANS[skill](consultee) if consultee else PLANS[skill]()
    box, outcome = run_plan(plan, skill, gemini_install, tmp_path, consultee)
    return plan, state, box, outcome


def run_plan(plan: GeminiPlan, skill: str, gemini_install: dict, tmp_path: Path, consultee: str | None = None,
             script: list | None = None):
    """Install into the skill's test workspace, then drive the plan there in the real Gemini CLI. With a
    consultee (codex, gemini), the installed argcheck-consult calls that real CLI, against the same mock."""
    transcripts = () if consultee else scenario_of(skill).transcripts
    box = make_sandbox(tmp_path, skill, transcripts)
    gemini_install["install"](box.work)
    home = gemini_install["home"]
    write_settings(home)
    extra = {"CONSULT_STATE_DIR": box.env["CONSULT_STATE_DIR"], "ARGCHECK_WITNESS": "off"}
    # The scripted model cannot search the web or know the witness log's numbers: unwitnessed runs (docs/hooks.md).
    path = [gemini_install["bin"], gemini_install["gemini"].parent]
    codex_home = gemini_install["root"] / f"codex-home-{skill}-{tmp_path.name}"
    if consultee == "codex":
        codex_home.mkdir()
        path.append(gemini_install["codex"].parent)
        extra.update(CODEX_HOME=str(codex_home), MOCK_API_KEY="dummy")
    if consultee:  # the installed argcheck-consult calls the real CLI
        script = with_consultee(plan, consultee_replies())
    else:  # the test's consultee stub (tests/kit/skillrun.py) before the installed one
        path.insert(0, tmp_path / "bin")

    def env_for(url: str) -> dict:
        if consultee == "codex":
            (codex_home / "config.toml").write_text(CODEX_CONFIG.format(base_url=url))
        return client_env(home, path, url, extra)

    outcome = drive(plan, gemini_install["gemini"], box.work, env_for, script)
    print(f"gemini {skill}: {outcome.summary()}")
    return box, outcome


def assert_finished_cleanly(skill: str, plan, state: str, box, outcome) -> None:
    failures = outcome.failures()
    assert failures == {"refused": [], "failed": [], "calls": []}, json.dumps(failures, indent=1)[:6000]
    assert len(outcome.calls) == len(plan.turns), "every user turn ran"
    assert outcome.shell_commands() == plan.bash_commands(), "the client ran every command of the plan, in order"
    box.argcheck("validate", state, what="the state validates")
    status = json.loads(box.argcheck("next", state, "--format", "json", what="the final status").stdout)
    assert status["status"] == LAST[skill], status


def test_toulmin_whole_in_gemini(gemini_install, tmp_path):
    plan, state, box, outcome = run_whole("toulmin", gemini_install, tmp_path)
    assert_finished_cleanly("toulmin", plan, state, box, outcome)


def test_triz_through_five_user_reviews_in_one_resumed_gemini_session(gemini_install, tmp_path):
    plan, state, box, outcome = run_whole("triz", gemini_install, tmp_path)
    assert_finished_cleanly("triz", plan, state, box, outcome)
    assert len(plan.turns) == 7, "the task, the user's sources, five reviews"
    assert len({call.session_id for call in outcome.calls}) == 1, "every turn resumed the first session"
    history = outcome.server.model_requests()[-1]["body"]["messages"]
    assert sum(1 for m in history if m["role"] == "user" and any(b.get("type") == "text" for b in m["content"])) == 7
    scenario_of("triz").check(box, state)


def test_deliberate_gemini_orchestrating_with_codex_consulting(gemini_install, tmp_path):
    plan, state, box, outcome = run_whole("deliberate", gemini_install, tmp_path, "codex")
    assert_finished_cleanly("deliberate", plan, state, box, outcome)
    codex_requests = [r for r in outcome.server.model_requests() if r["path"].endswith("/responses")]
    assert len(codex_requests) == 4, "three consultee rounds and the arbiter, each one Codex request"
    assert all(r["headers"].get("originator", "").startswith("codex") for r in codex_requests)
    moves = json.loads((box.work / state).read_text(encoding="utf-8"))["moves"]
    consults = [m for m in moves if m["type"] == "consult"]
    assert [m["outcome"] for m in consults] == ["reply"] * 3, consults
    assert [m["actor"] for m in moves if m["type"] == "arbitrate"] == ["arbiter"]


def test_deliberate_gemini_orchestrating_with_gemini_consulting(gemini_install, tmp_path):
    plan, state, box, outcome = run_whole("deliberate", gemini_install, tmp_path, "gemini")
    assert_finished_cleanly("deliberate", plan, state, box, outcome)
    main = outcome.calls[0].session_id
    task = TASKS["deliberate"].replace("codex", "gemini")
    consulted = [r for r in outcome.server.model_requests() if task not in first_user_text(r["body"])]
    assert len(consulted) == 4, "three consultee rounds and the arbiter, each one request of a nested Gemini"
    moves = json.loads((box.work / state).read_text(encoding="utf-8"))["moves"]
    sessions = [m.get("session_id") for m in moves if m["type"] == "consult"]
    assert [m["outcome"] for m in moves if m["type"] == "consult"] == ["reply"] * 3
    assert len(set(sessions)) == 1 and main not in sessions, "one consultee session, resumed, not the run's own"


def test_council_without_subagents_in_gemini(gemini_install, tmp_path):
    plan, state, box, outcome = run_whole("council", gemini_install, tmp_path)
    assert_finished_cleanly("council", plan, state, box, outcome)
    report = box.argcheck("render", state, "--format", "md", what="the council's report").stdout
    assert "5 of 6 personas" in report, report[:2000]


def test_a_refused_and_a_failed_command_are_both_counted(gemini_install, tmp_path):
    """The count the tests above expect to be empty sees what it should: a command the installed policy does
    not allow is refused (and does not run), an allowed command that exits non-zero has failed."""
    plan = (GeminiPlan().user("Tidy up, then show the run.")
            .run("touch outside-policy.txt", "argcheck next .argcheck/no-such-run.json").reply("Done."))
    box, outcome = run_plan(plan, "toulmin", gemini_install, tmp_path)
    failures = outcome.failures()
    assert [(r["tool"], r["input"]["command"], r["status"]) for r in failures["refused"]] == [
        ("run_shell_command", "touch outside-policy.txt", "error")], failures
    assert [f["input"]["command"] for f in failures["failed"]] == [
        "touch outside-policy.txt", "argcheck next .argcheck/no-such-run.json"], failures
    assert not (box.work / "outside-policy.txt").exists()
    assert failures["calls"] == [] and outcome.shell_commands() == plan.bash_commands()


def test_the_policy_refuses_argcheck_commands_that_would_write_outside_the_project(gemini_install, tmp_path):
    """The installed policy asks (so a headless run refuses) where an argcheck command would write outside the
    project's .argcheck/: a report rendered to an absolute path, a state file created elsewhere, another
    folder's runs pruned, schemas written elsewhere. The same commands aimed into .argcheck/ run."""
    outside = tmp_path / "outside"
    outside.mkdir()
    report, elsewhere = outside / "report.md", outside / "run.json"
    state = ".argcheck/toulmin-policy.json"
    (outside / ".argcheck").mkdir()
    refused = [f"argcheck render {state} --format md -o {report}",
               f"argcheck init toulmin --query 'Raw SQL?' --state {elsewhere}",
               f"argcheck sessions prune --dir {outside}/.argcheck --older-than 0s --include-open",
               f"argcheck schema --output-dir {outside}/schemas"]
    plan = (GeminiPlan().user("Start a run and save its report.")
            .run(f"argcheck init toulmin --query 'Raw SQL?' --state {state}", *refused,
                 f"argcheck render {state} --format md -o .argcheck/toulmin-policy.md").reply("Done."))
    box, outcome = run_plan(plan, "toulmin", gemini_install, tmp_path)
    failures = outcome.failures()
    assert [(r["tool"], r["input"]["command"]) for r in failures["refused"]] == [
        ("run_shell_command", command) for command in refused], failures
    assert not report.exists() and not elsewhere.exists() and not (outside / "schemas").exists()
    assert (box.work / ".argcheck" / "toulmin-policy.md").is_file(), "the report into .argcheck/ was written"
    assert outcome.shell_commands() == plan.bash_commands()


@pytest.mark.parametrize("cycle, ran", [(["argcheck sessions"], 4),
                                        (["argcheck sessions", "argcheck next .argcheck/toulmin-orm.json"], 9)])
def test_gemini_stops_a_turn_that_repeats_a_cycle_of_commands(cycle, ran, gemini_install, tmp_path):
    """Gemini CLI 0.61.0's loop detection, with commands the policy allows: the 5th call of one command in a
    row, or the call that completes a cycle of up to 5 calls 5 times, is not run; the model is told
    ("System: Potential loop detected ...") and asked once more, and when it goes on with the cycle the turn
    ends with a warning (exit 0, status success). So `argcheck next` between two `argcheck consult` calls
    does not carry a council's 6 personas through one turn. The count starts again with the next user turn."""
    again = cycle * (4 // len(cycle))  # four calls, in the next turn
    plan = (GeminiPlan().user("Show me the runs.").run(*(cycle * 6)).reply("Stopped.")
            .user("Go on.").run(*again).reply("Done."))
    # The stopped call took a step, and so does the model's one more chance (it keeps to the cycle).
    script = [step for n, step in enumerate(plan.script()) if not ran + 1 < n <= len(cycle) * 6]
    _box, outcome = run_plan(plan, "toulmin", gemini_install, tmp_path, script=script)
    assert len(outcome.shell_commands()) == ran + len(again), outcome.summary()
    assert [e["error"]["message"] for e in outcome.refused()] == ["Loop detected, stopping execution"]
    told = [r for r in outcome.server.model_requests()
            if last_user_text(r["body"]).startswith("System: Potential loop detected")]
    assert len(told) == 1, "the model is told of the loop once and may change course"
    assert outcome.calls[0].exit_code == 0 and outcome.calls[0].result.get("status") == "success"
