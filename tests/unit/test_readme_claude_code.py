"""README.md's "In Claude Code" block shows what the real-client whole runs type, and links their transcripts.

tests/realcli/test_whole_runs_real.py types `/name TASK` (and TASK alone, for the model to pick the skill)
from tests/realcli/sessions.py's TASKS, and records docs/sessions/<name>.md from the pinned Claude Code's
stream. Here, without a client: the README's lines are exactly those, each task carries a trigger phrase of
its skill's description, and each transcript is there, starts with the same line and is linked.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MARK = "<!-- in-claude-code:"
# The phrase of each skill's description that its task uses ("this" and "X" stand for the object).
TRIGGERS = {"deliberate": "ask codex", "toulmin": "build the argument",
            "council": "critique this with the council", "triz": "run TRIZ on X"}


def load_sessions():
    spec = importlib.util.spec_from_file_location("sessions", ROOT / "tests" / "realcli" / "sessions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SESSIONS = load_sessions()
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", README, re.S | re.M)
    assert match, f"README.md has no '## {title}' section"
    return match.group(1)


def typed_lines() -> list[str]:
    text = section("In Claude Code")
    assert MARK in text, "the block that the test reads lost its marker comment"
    block = re.search(r"```text\n(.*?)```", text[text.index(MARK):], re.S)
    return block.group(1).strip().splitlines()


def description(skill: str) -> str:
    head = (ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8").split("---")[1]
    return re.search(r"^description: (.*)$", head, re.M).group(1)


def test_the_block_comes_right_after_the_install_section():
    titles = re.findall(r"^## (.+)$", README, re.M)
    assert titles[titles.index("Install") + 1] == "In Claude Code"
    assert "- [In Claude Code](#in-claude-code)" in README


def test_the_lines_are_the_ones_the_real_client_tests_type():
    assert typed_lines() == [f"/{skill} {task}" for skill, task in SESSIONS.TASKS.items()]


@pytest.mark.parametrize("skill", sorted(TRIGGERS))
def test_each_task_carries_a_trigger_phrase_of_its_skill(skill):
    phrase = TRIGGERS[skill]
    assert phrase.lower() in description(skill).lower(), f"skills/{skill}/SKILL.md no longer says {phrase!r}"
    pattern = r"\s+".join(".+" if word in ("this", "X") else re.escape(word) for word in phrase.split())
    assert re.search(pattern, SESSIONS.TASKS[skill], re.I), f"{SESSIONS.TASKS[skill]!r} lacks {phrase!r}"


@pytest.mark.parametrize("skill", sorted(TRIGGERS))
def test_each_transcript_is_recorded_for_that_line_and_linked(skill):
    path = ROOT / "docs" / "sessions" / f"{skill}.md"
    assert path.is_file(), f"{path} is missing: run the whole-run test with {SESSIONS.RECORD}=1 (see sessions.py)"
    text = path.read_text(encoding="utf-8")
    assert text.startswith(SESSIONS.header(skill, f"/{skill} {SESSIONS.TASKS[skill]}"))
    assert f"## User (1)\n\n> /{skill} {SESSIONS.TASKS[skill]}\n" in text
    assert f"(docs/sessions/{skill}.md)" in section("In Claude Code")
