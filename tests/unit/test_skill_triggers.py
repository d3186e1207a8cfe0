"""No two skills share a trigger: a phrase a skill's description gives as what the user says ("when they say
A, B or C", or a quoted "phrase") appears in no other skill's description, so one request picks one skill."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKILLS = sorted(path.parent.name for path in (ROOT / "skills").glob("*/SKILL.md"))


def description(skill: str) -> str:
    text = (ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8")
    return re.search(r"^description: (.*)$", text.split("\n---", 1)[0], re.M).group(1)


def triggers(text: str) -> list[str]:
    """The phrases of a "when they say ..." clause (up to its end or ", or want") and every quoted phrase."""
    found = re.findall(r'"([^"]+)"', text)
    clause = re.search(r"when they say (.*?)(?:, or want|;|\.|$)", text)
    if clause:
        found += [part for piece in clause.group(1).split(", ") for part in piece.split(" or ")]
    return [phrase.strip() for phrase in found if phrase.strip()]


def pattern(phrase: str) -> re.Pattern:
    """The phrase as whole words, case aside; an X (the user's subject) matches any words."""
    words = [r".+?" if word == "X" else re.escape(word) for word in phrase.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.I)


@pytest.mark.parametrize("skill", SKILLS)
def test_each_skill_names_its_triggers(skill):
    assert len(triggers(description(skill))) >= 3, description(skill)


@pytest.mark.parametrize("skill", SKILLS)
def test_no_trigger_of_a_skill_is_in_another_skills_description(skill):
    shared = {(phrase, other) for phrase in triggers(description(skill)) for other in SKILLS
              if other != skill and pattern(phrase).search(description(other))}
    assert shared == set(), f"{skill}'s triggers also in: {sorted(shared)}"


def test_a_shared_trigger_is_found():
    deliberate = "Use when they say ask codex, steelman or play devil's advocate, or want a log."
    assert triggers(deliberate) == ["ask codex", "steelman", "play devil's advocate"]
    assert pattern("steelman").search("when they say build the argument, steelman or stress-test this claim")
    assert pattern("run TRIZ on X").search('"Run triz on the cold battery"')
    assert not pattern("steelman").search("steelmanning")
