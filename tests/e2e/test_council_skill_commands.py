"""Every shell command in skills/council/SKILL.md runs as written, in document order (a project rule).

It reuses the harness of test_skill_commands.py (the blocks, the sandbox with `argcheck` first on PATH),
with `argcheck-consult` replaced by a persona-aware stub (council_stub_consult.py: each persona answers
from the demo's recorded council, Kant times out), and the demo's design document at docs/design.md.
Between the blocks, the test records what the agent's other subagents would return (AgentStep-like).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from pathlib import Path

import pytest
from test_skill_commands import make_sandbox, shell_blocks, state_file

from argcheck import operations
from argcheck.protocols.council import demo

ROOT = Path(__file__).resolve().parents[2]
SKILL = Path(os.environ.get("ARGCHECK_TEST_SKILL_COUNCIL", ROOT / "skills" / "council" / "SKILL.md"))
STUB = Path(__file__).with_name("council_stub_consult.py")


def light_tree(prefix: str, evidence: str) -> dict:
    return {"id": f"{prefix}-1", "claim": f"{prefix}: the passage states a requirement without a test.",
            "evidence": evidence, "confidence": 0.6, "severity": "Medium", "sub_critiques": []}


# What the other subagents return between the skill's examples (one persona each in the skill).
def other_critiques(box, state: str) -> None:
    for name, prefix, evidence in (("Leibniz", "LEI", "A snapshot is taken every 100 events"),
                                   ("Popper", "POP", "Performance will be adequate"),
                                   ("Russell", "RUS", "any future load")):
        box.ingest(state, {"agent_style": name, "critique_tree": light_tree(prefix, evidence)}, f"{name}'s critique")


def other_self_critiques(box, state: str) -> None:
    for name in ("Descartes", "Leibniz", "Popper", "Russell"):
        box.ingest(state, {"agent_style": name, "adjustments": []}, f"{name}'s self-critique")


AFTER = (  # (what the block does, the agent's steps right after the first block that does it)
    (re.compile(r'"type": "persona_failure"'), other_critiques),
    (re.compile(r'"adjustments"'), other_self_critiques),
)


@pytest.mark.slow
def test_every_council_skill_command_runs_as_written(tmp_path):
    blocks = shell_blocks(SKILL)
    box = make_sandbox(tmp_path, "council", ())
    consult = box.root / "bin" / "argcheck-consult"
    consult.write_text(f'#!/usr/bin/env bash\nexec {shlex.quote(sys.executable)} {shlex.quote(str(STUB))} "$@"\n')
    consult.chmod(0o755)
    (box.work / "docs").mkdir()
    (box.work / "docs" / "design.md").write_text(demo._data("design.md").read_text(encoding="utf-8"))
    state = state_file(blocks)
    done = set()
    for block in blocks:
        box.run_block(block)
        for pattern, step in AFTER:
            if step not in done and pattern.search(block.text):
                step(box, state)
                done.add(step)
    assert done == {step for _, step in AFTER}
    outcome = operations.validate_file(str(box.work / state))
    assert outcome.replay.engine.status == "assessed" and not [f for f in outcome.findings if f.is_error]
    assert outcome.replay.engine.state.council_line().startswith("5 of 6 personas (partial council: Kant")
    headless = operations.validate_file(str(box.work / ".argcheck" / "council-headless.json"))
    assert headless.replay.engine.status == "assessed"


def test_the_skill_uses_no_heredoc_substitution_or_redirection():
    for block in shell_blocks(SKILL):
        text = re.sub(r"'[^']*'", "''", block.text)  # inside single quotes nothing is shell syntax
        assert "<<" not in text and "$(" not in text and ">" not in text, block.where("council")


def test_the_skill_frontmatter_names_its_folder():
    head = SKILL.read_text(encoding="utf-8").split("---")[1]
    assert re.search(r"^name: council$", head, re.M)
    assert json.dumps  # the description is one line
    assert re.search(r"^description: Use when .{100,}$", head, re.M)
