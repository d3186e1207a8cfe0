"""The scripted model's side of the Codex whole runs (test_codex_whole_runs_real.py): one plan per run.

Each plan is what the user types and what the model does, following the skill as written: the skill's
```bash blocks and, between them, the moves of its scenario (tests/fixtures/skills/<name>/scenario.py), the
consultee's replies as routes of the mock server (keyed by the first words of the prompt it gets), and the
sandbox access the run needs (`SandboxAccess`). A plan takes the run's directories (`run.codex_home`,
`run.claude_sessions`) and returns (plan, state file, access).
"""

from __future__ import annotations

import json
from pathlib import Path

from codexrun import CodexPlan, SandboxAccess
from kit.skillrun import FIXTURES
from test_whole_runs_real import LAST, TASKS, skill_commands, user_turns

from argcheck.core.commandtext import ingest_command

REPO = Path(__file__).resolve().parents[2]
DEMO_COUNCIL = REPO / "checker/src/argcheck/protocols/council/data/demo/council.json"


def start(skill: str, task: str | None = None) -> CodexPlan:
    """The user names the skill; the model reads its notes for Codex first (Codex has no skill tool to open
    the skill's other files, so the skill says to read them with the shell)."""
    plan = CodexPlan().user(f"${skill} {task or TASKS[skill]}")
    return plan.run(f"cat .agents/skills/{skill}/references/agents.md")


def toulmin_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    commands, state = skill_commands("toulmin")
    return start("toulmin").run(*commands).reply("Here is the verdict."), state, SandboxAccess()


def triz_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    commands, state = skill_commands("triz")
    plan = user_turns(start("triz"), commands)
    return plan.reply("Here is the Knowledge Document."), state, SandboxAccess()


CONSULTEE_MARK = "You are the consultee in a bounded"
ARBITER_MARK = "You are an independent arbiter"


def replies_of(transcript: str) -> list[dict]:
    data = json.loads((FIXTURES / "deliberate" / transcript).read_text(encoding="utf-8"))
    return [{"reply": reply["response"]} for reply in data["replies"]]


def deliberate_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
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
    demo = json.loads(DEMO_COUNCIL.read_text(encoding="utf-8"))
    kant = {"agent_style": "Kant", "critique_tree": {
        "id": "KAN-1", "claim": "KAN: the requirement cannot be made a universal rule without a stated load.",
        "evidence": "The store scales to any future load without redesign.", "confidence": 0.6,
        "severity": "Medium", "sub_critiques": []}}
    critiques = {**demo["critiques"], "Kant": kant}
    selves = {**demo["self_critiques"], "Kant": {"agent_style": "Kant", "adjustments": []}}
    return {name: [{"reply": json.dumps(critiques[name])}, {"reply": json.dumps(selves[name])}]
            for name in PERSONAS}


def council_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    """Without subagents, the council's notes for Codex, way 3: the consultee named at init, then one
    `argcheck consult STATE` per persona and round (each a new session), then the assessment."""
    state = COUNCIL_STATE
    demo = json.loads(DEMO_COUNCIL.read_text(encoding="utf-8"))
    consult = f"argcheck consult {state}"
    init = f"argcheck init council --document docs/design.md --consultee codex --state {state}"
    plan = start("council").run("argcheck doctor", init, f"argcheck next {state}")
    plan.run(*[consult] * len(PERSONAS), f"argcheck next {state}", *[consult] * len(PERSONAS),
             f"argcheck next {state}", f"argcheck render {state} --format json")
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


def council_headless_plan(run) -> tuple[CodexPlan, str, SandboxAccess]:
    """The skill's headless run, in one command: the consultee (Codex itself) answers every persona in
    parallel, each self-critique in its persona's resumed session, then the final assessment."""
    demo = json.loads(DEMO_COUNCIL.read_text(encoding="utf-8"))
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
