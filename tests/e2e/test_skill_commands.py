"""Every shell command in each skill's SKILL.md runs as written (a project rule), in document order.

For skills/<name>/SKILL.md the test parses the Markdown, takes its ```bash fenced blocks in document order
(none is copied into this file: change a command in a skill and this test runs the new one) and runs each
with `bash -euo pipefail` in a fresh workspace (the current directory of every block), where:

- `argcheck` is this interpreter's console script (its directory comes first on PATH); jq is on PATH;
- `argcheck-consult` is a stub written into the temp dir (STUB below): the consultee the skill names must
  be one that `wrappers/consult --list` knows, the options the real wrappers take (--abstract, --model,
  --effort, --cd, --timeout) are dropped, and the rest goes to `wrappers/consult replay new|resume ID`;
  the Nth `new` session replays the Nth transcript of the scenario (tests/fixtures/skills/<name>/*.json,
  replies in the reply format `argcheck prompt` asks for), and `resume` continues its session;
- HOME and CONSULT_STATE_DIR are in the temp dir; the workspace starts as a copy of
  tests/fixtures/skills/<name>/workspace/ (for deliberate: src/storage.py, whose line 12 holds the
  `os.replace(temp, path)` that the step-3 example cites as verified evidence).

A skill shows only some of the agent's moves. Where the run needs the others to reach the skill's next
block, the test applies the fewest an agent would apply there (AgentStep, each with its reason), right
after the first block that does what the step follows (found by the block's content, not its position).
Every block must exit 0 without a Traceback; at the end `argcheck validate` accepts the state file
(exit 4 for a toulmin chain the skill leaves terminated) and the run reached the skill's last step.

The machinery is tests/kit/skillrun.py; each skill's scenario is tests/fixtures/skills/<name>/scenario.py
(`SCENARIO`), so a new skill adds its scenario beside its fixtures and this file does not change.

To see the test fail on a broken command, point it at an edited copy of a SKILL.md:
  ARGCHECK_TEST_SKILL_DELIBERATE=/tmp/copy/SKILL.md .venv/bin/python -m pytest tests/e2e/test_skill_commands.py
(ARGCHECK_TEST_SKILL_TOULMIN likewise).
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess

import pytest
from kit.skillrun import (
    BIN, FIXTURES, ROOT, TIMEOUT, Scenario, fenced_blocks, make_sandbox, shell_blocks, skill_file, walk,
)

SKILLS = sorted(path.parent.name for path in (ROOT / "skills").glob("*/SKILL.md"))


def scenario_of(skill: str) -> Scenario:
    path = FIXTURES / skill / "scenario.py"
    assert path.exists(), f"skills/{skill} has no scenario: add {path.relative_to(ROOT)} defining SCENARIO"
    spec = importlib.util.spec_from_file_location(f"scenario_{skill}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.SCENARIO.skill == skill
    return module.SCENARIO


def test_fenced_blocks_follow_commonmark():
    markdown = "\n".join([
        "text", "```", "not shell", "```", "~~~~ Bash title=x", "a", "~~~", "```", "b", "~~~~", "",
        "- item", "  ```sh", "  c", "   d", "  ```", "```` bash", "e", "```", "````", "``` ba`sh", "f"])
    assert fenced_blocks(markdown) == [("", 2, "not shell\n"), ("bash", 5, "a\n~~~\n```\nb\n"),
                                       ("sh", 13, "c\n d\n"), ("bash", 17, "e\n```\n")]


# --- the workspace ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("skill", SKILLS)
def test_every_shell_block_of_the_skill_runs_as_written(skill, tmp_path):
    scenario = scenario_of(skill)
    box, state = walk(scenario, tmp_path)
    status = json.loads(box.argcheck("next", state, "--format", "json", what="argcheck next").stdout)["status"]
    assert status == scenario.last_status, f"the skill's blocks left the run {status}, not {scenario.last_status}"
    validated = subprocess.run([str(BIN / "argcheck"), "validate", state], cwd=box.work, env=box.env,
                               capture_output=True, text=True, timeout=TIMEOUT)
    expected = 4 if status == "terminated" else 0
    assert validated.returncode == expected, validated.stdout + validated.stderr
    assert "Traceback" not in validated.stdout + validated.stderr
    if scenario.check is not None:
        scenario.check(box, state)


@pytest.mark.parametrize("skill", SKILLS)
def test_the_skill_runs_in_claude_codes_default_permission_mode(skill):
    """Only the skill's own `allowed-tools`, and no form Claude Code asks about even when argcheck is
    allowed: no heredoc, `$(...)`, pipe or redirection outside single quotes (the real client runs them in
    tests/realcli/test_skills_default_permissions_real.py)."""
    text = (ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8")
    head = text.split("---\n")[1]
    assert re.search(r"^allowed-tools: Bash\(argcheck:\*\) Bash\(argcheck-consult:\*\)$", head, re.M), skill
    for block in shell_blocks(skill_file(skill)):
        outside = re.sub(r"'[^']*'", "''", block.text)  # inside single quotes nothing is shell syntax
        assert not re.search(r"<<|\$\(|`|[|>]", outside), block.where(skill)


@pytest.mark.slow
def test_the_commands_before_the_first_run_work(tmp_path):
    """`argcheck doctor`, which the skills say to run first: a few lines, and the wrapper is found."""
    box = make_sandbox(tmp_path, "deliberate", ())
    doctor = box.run(["bash", "-euo", "pipefail", "-c", "argcheck doctor"], "argcheck doctor")
    assert re.search(r"^argcheck \d+\.\d+", doctor.stdout), doctor.stdout
    assert "wrapper:" in doctor.stdout and "not on PATH" not in doctor.stdout.splitlines()[1]
    assert len(doctor.stdout.splitlines()) <= 12
    for skill in SKILLS:
        assert "`argcheck doctor`" in (ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8")
