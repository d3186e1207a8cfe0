"""One skill text per protocol for Claude Code, Codex CLI and Gemini CLI (issue 20): the parts every agent reads
name no tool that only Claude Code has.

The parts every agent reads (the **agent-neutral text**) of a skill's SKILL.md and references/agents.md: the
front matter's `description` (what Codex and Gemini show when they list skills) and the whole body, except the
sections whose heading starts with "In Claude Code", "In Codex" or "In Gemini CLI" (from that heading to the
next heading of the same or a higher level). The front matter's `allowed-tools` is Claude Code's own (Codex
ignores it, Gemini reads only name and description) and is not neutral text.

A Claude-only tool name in neutral text is:
- a name only Claude Code's tools have, as a whole word anywhere (WebSearch, AskUserQuestion, ...);
- a tool name that is also an English word (Bash, Agent, Task, Skill, Read, Edit, Write, Glob, Grep) written
  capitalized where it cannot start a sentence (after a word or a comma, as in "a Bash call"), or followed by
  "(" or " tool" (a permission rule, "the Read tool"); "Read the question." starts a sentence and is prose;
- Claude Code's own permission settings: `/permissions`, `.claude/settings`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKILLS = sorted(path.parent.name for path in (ROOT / "skills").glob("*/SKILL.md"))
AGENT_HEADINGS = ("In Claude Code", "In Codex", "In Gemini CLI")
ONLY_CLAUDE = ("AskUserQuestion", "WebSearch", "WebFetch", "MultiEdit", "NotebookEdit", "TodoWrite", "ToolSearch",
               "ListAgents", "ExitPlanMode", "BashOutput", "KillShell", "SlashCommand")
WORDLIKE = ("Bash", "Agent", "Task", "Skill", "Read", "Edit", "Write", "Glob", "Grep")
SETTINGS = ("/permissions", ".claude/settings")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
FENCE = re.compile(r"^\s*(```|~~~)")


def front_matter(text: str) -> tuple[dict, str]:
    """The front matter's top-level `key: value` lines (one line each, as the skills write them) and the body."""
    match = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    assert match, "no front matter"
    fields = dict(line.split(": ", 1) for line in match.group(1).splitlines() if ": " in line)
    return fields, text[match.end():]


def neutral_lines(body: str) -> list[tuple[int, str]]:
    """(line number in the body, line) of every line outside the per-agent sections (headings inside code fences
    are not headings)."""
    kept, skipping, fenced = [], None, False
    for number, line in enumerate(body.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if skipping is not None and level <= skipping:
                skipping = None
            if skipping is None and heading.group(2).strip().startswith(AGENT_HEADINGS):
                skipping = level
        if skipping is None:
            kept.append((number, line))
    return kept


def claude_only_names(line: str) -> list[str]:
    found = [name for name in ONLY_CLAUDE if re.search(rf"\b{name}\b", line)]
    found += [setting for setting in SETTINGS if setting in line]
    for name in WORDLIKE:
        mid_sentence = rf"(?<=[a-z0-9,;)`'\"] ){name}\b|(?<=[a-z0-9,;)] / ){name}\b"
        as_tool = rf"\b{name}(\(| tool\b)"
        if re.search(mid_sentence, line) or re.search(as_tool, line):
            found.append(name)
    return found


def violations(text: str) -> list[str]:
    fields, body = front_matter(text)
    found = [f"description: {name}" for name in claude_only_names(fields.get("description", ""))]
    found += [f"line {number}: {name}: {line.strip()[:90]}"
              for number, line in neutral_lines(body) for name in claude_only_names(line)]
    return found


def agent_texts(skill: str) -> list[Path]:
    folder = ROOT / "skills" / skill
    return [folder / "SKILL.md", *([folder / "references" / "agents.md"]
                                   if (folder / "references" / "agents.md").exists() else [])]


@pytest.mark.parametrize("skill", SKILLS)
def test_the_parts_every_agent_reads_name_no_claude_only_tool(skill):
    for path in agent_texts(skill):
        text = path.read_text(encoding="utf-8")
        if path.name != "SKILL.md":
            text = "---\ndescription: \n---\n" + text
        assert violations(text) == [], f"{path.relative_to(ROOT)}"


@pytest.mark.parametrize("skill", SKILLS)
def test_each_agent_has_its_notes_and_the_skill_points_to_them(skill):
    notes = (ROOT / "skills" / skill / "references" / "agents.md").read_text(encoding="utf-8")
    headings = [m.group(2) for m in map(HEADING.match, notes.splitlines()) if m]
    for agent in AGENT_HEADINGS:
        assert any(h.startswith(agent) for h in headings), (skill, agent)
    assert "references/agents.md" in (ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("skill", SKILLS)
def test_the_skill_says_near_the_top_that_argcheck_must_be_installed(skill):
    _, body = front_matter((ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8"))
    top = " ".join(body.splitlines()[:12])
    assert "`./install.sh`" in top and "README" in top and "`argcheck doctor`" in top, top


@pytest.mark.parametrize("skill", SKILLS)
def test_gemini_and_codex_find_what_they_need_in_the_front_matter(skill):
    fields, _ = front_matter((ROOT / "skills" / skill / "SKILL.md").read_text(encoding="utf-8"))
    assert fields["name"] == skill and len(fields["description"]) > 40


def test_the_check_catches_claude_only_tool_names_and_lets_prose_and_agent_sections_be():
    text = ("---\nname: x\ndescription: Use when the user asks.\nallowed-tools: Bash(argcheck:*)\n---\n"
            "Read the question. Write each move inline.\n"
            "an execution record is a Bash call you ran\n"
            "its own subagent (the Agent / Task tool)\n"
            "a search you ran with WebSearch\n"
            "add it with `/permissions`\n"
            "## In Claude Code\n\nUse the Agent tool and WebSearch.\n### deeper\n\nstill Claude's: Bash(argcheck:*)\n"
            "## Next\n\nthen the Read tool\n")
    assert [v.split(":")[1].strip() for v in violations(text)] == ["Bash", "Agent", "Task", "WebSearch",
                                                                   "/permissions", "Read"]
    assert violations(text.replace("Use when", "Use AskUserQuestion when")) [0] == "description: AskUserQuestion"
