"""The real Claude Code, in its default permission mode, runs every skill as written: no permission denial.

For each skill: ./install.sh into a fresh prefix and HOME (no allow rule but what the project ships: the
skill's own `allowed-tools`), then the pinned Claude Code runs `claude -p` against the mock model server,
whose scripted turns are exactly what an agent following the skill does: the Skill tool, `argcheck doctor`,
then every ```bash block of SKILL.md in order with the agent's moves between them (the same scenario as
tests/e2e/test_skill_commands.py, written as the commands the agent would run). The run must end with no
entry in `permission_denials`, no tool result marked as an error, and the run where the skill leaves it.

The consultee is offline: `argcheck-consult` is the e2e test's stub (the project's replay wrapper behind
any consultee name), first on PATH; everything else is what install.sh installed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from kit.skillrun import FIXTURES, make_sandbox, shell_blocks, skill_file, state_file
from mock_llm_server import tool_results

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
SKILLS = sorted(path.parent.name for path in (REPO / "skills").glob("*/SKILL.md"))
INSTALL_LIMIT = 300
RUN_LIMIT = 300


def scenario_of(skill: str):
    spec = importlib.util.spec_from_file_location(f"scenario_{skill}", FIXTURES / skill / "scenario.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SCENARIO


@pytest.fixture(scope="module")
def installed(real_clis, tmp_path_factory) -> dict:
    """./install.sh into a fresh prefix and HOME, with no settings of ours at all."""
    root = tmp_path_factory.mktemp("default-permissions")
    home, prefix = root / "home", root / "prefix"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    env.pop("ARGCHECK_PREFIX", None)
    done = subprocess.run([str(REPO / "install.sh"), "--prefix", str(prefix)], capture_output=True, text=True,
                          env=env, cwd=root, stdin=subprocess.DEVNULL, timeout=INSTALL_LIMIT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (home / ".claude" / "settings.json").exists(), "install.sh wrote permission settings by default"
    return {"home": home, "bin": prefix / "bin"}


def agent_commands(skill: str, state_hint: str | None = None) -> tuple[list[str], str, str]:
    """The commands an agent following the skill runs, in order; the state file; the final status."""
    scenario = scenario_of(skill)
    blocks = shell_blocks(skill_file(skill))
    state = state_file(blocks)
    commands, pending = ["argcheck doctor"], list(scenario.steps)
    for block in blocks:
        commands.append(block.text.strip())
        step = pending[0] if pending and pending[0].matches(block.text) else None
        if step is not None:
            commands += step.commands(block.text, state)
            pending.remove(step)
    assert not pending, f"the scenario's step after '{pending[0].follows}' found no block"
    return commands, state, scenario.last_status


def bash(command: str, number: int) -> dict:
    return {"tool": {"name": "Bash", "input": {"command": command, "description": f"skill step {number}"}}}


@pytest.mark.parametrize("skill", SKILLS)
def test_claude_code_runs_the_skill_as_written_without_a_permission_prompt(
        skill, installed, mock_server, claude_env, tmp_path):
    scenario = scenario_of(skill)
    (tmp_path / "skill").mkdir()
    box = make_sandbox(tmp_path / "skill", skill, scenario.transcripts)  # the workspace, the offline consultee
    commands, state, last_status = agent_commands(skill)
    script = [bash(command, number) for number, command in enumerate(commands, start=1)]
    server = mock_server(script + [{"reply": "done"}])
    env = claude_env(server.base_url)
    env.update(HOME=str(installed["home"]), CONSULT_STATE_DIR=box.env["CONSULT_STATE_DIR"])
    stub_dir = str(tmp_path / "skill" / "bin")
    env["PATH"] = os.pathsep.join([stub_dir, str(installed["bin"]), env["PATH"]])
    assert shutil.which("argcheck", path=env["PATH"]) == str(installed["bin"] / "argcheck")

    # The user starts the skill by name (`/deliberate ...`): its allowed-tools then hold for the run.
    done = subprocess.run(["claude", "-p", f"/{skill} on this project", "--output-format", "json"],
                          cwd=box.work, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=RUN_LIMIT)
    result = json.loads(done.stdout)
    if os.environ.get("ARGCHECK_DEBUG_REALCLI"):
        for r in tool_results(server.model_requests()[-1]["body"]):
            print(json.dumps(r)[:600])
    assert result.get("permission_denials") == [], json.dumps(result.get("permission_denials"), indent=1)
    last = server.model_requests()[-1]["body"]
    failed = [r for r in tool_results(last) if r.get("is_error")]
    assert failed == [], json.dumps(failed, indent=1)[:4000]
    assert len(tool_results(last)) == len(script), "every scripted tool call got a result"
    assert done.returncode == 0 and not result.get("is_error"), done.stdout[-2000:] + done.stderr[-2000:]

    status = subprocess.run(["argcheck", "next", state, "--format", "json"], cwd=box.work, env=env,
                            capture_output=True, text=True, timeout=60)
    assert json.loads(status.stdout)["status"] == last_status
    report = subprocess.run(["argcheck", "render", state, "--format", "md"], cwd=box.work, env=env,
                            capture_output=True, text=True, timeout=60)
    assert report.returncode == 0 and report.stdout.startswith("# ")
    if scenario.check is not None:
        scenario.check(box, state)
