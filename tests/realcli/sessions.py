"""The abridged transcripts in docs/sessions/: what the user types, and what Claude Code then runs.

test_whole_runs_real.py runs each protocol whole in the pinned Claude Code (offline, against the scripted
model) and keeps every `claude -p` call's stream-json events. `transcript` abridges them, deterministically:
the user's turns, every tool call as the agent ran it, the first lines of each argcheck output, and the
agent's words; no timestamps, ids or temporary paths. The test compares it with docs/sessions/<skill>.md and
fails on any difference; with ARGCHECK_RECORD_SESSIONS=1 it writes the file instead.

This module imports only the standard library, so the README test (tests/unit/test_readme_claude_code.py)
can read TASKS without the real clients.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SESSIONS = REPO / "docs" / "sessions"
RECORD = "ARGCHECK_RECORD_SESSIONS"
CLIENT = "Claude Code 2.1.330"

# What the user types to start each run: `/name TASK`, or TASK alone, worded with one of the trigger phrases
# of the skill's description, so the model picks the skill (the Skill tool). README.md's "In Claude Code"
# block shows exactly these (tests/unit/test_readme_claude_code.py).
TASKS = {"deliberate": "Should our CLI's state files use SQLite or an append-only JSON log? Ask codex.",
         "toulmin": "Build the argument: should we replace the ORM with raw SQL in the billing service?",
         "council": "Critique docs/design.md with the council.",
         "triz": "Run TRIZ on this: how can an electric car keep its driving range in freezing weather?"}

HOOK_SAID = "Stop hook feedback:"
LOOK = "$ argcheck next "
MACHINE = ("argcheck doctor",)  # its output describes the machine (the consultee CLIs on PATH): not shown
OUTPUT_LINES = 6  # an argcheck output keeps its first lines
LINE_WIDTH = 150  # a longer line is cut
COMMAND_WIDTH = 220  # a longer command (a JSON move) is cut in the middle
VOLATILE = [(re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?"), "<time>"),
            (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<uuid>"),
            (re.compile(r"\b\d{8}-[0-9a-f]{6}\b"), "<run-id>"),
            (re.compile(r"\b[0-9a-f]{16,}\b"), "<hex>"),
            (re.compile(r"\bargcheck \d+\.\d+\.\d+"), "argcheck <version>"),
            (re.compile(r"\bPython \d+\.\d+\.\d+"), "Python <version>"),
            (re.compile(r"\(move \d+\)"), "(move N)"),  # subagents record in the order they finish
            (re.compile(r"/tmp/[^\s'\"]*"), "<tmp>")]
AGE = re.compile(r"(?<=\s)\d+[smhd](?=\s|$)")  # `argcheck sessions`' AGE column, in outputs only
SEQ = re.compile(r"\(seq \d+(-\d+)?\)")
COLUMNS = re.compile(r"(?<=\S) {2,}")  # a table's padding, which follows the widest (varying) cell


def header(skill: str, prompt: str) -> str:
    return (f"# {skill}: a whole run in Claude Code, abridged\n\n"
            f"<!-- Recorded, not written: tests/realcli/test_whole_runs_real.py runs this in the pinned {CLIENT}\n"
            "(offline, against the scripted model in tests/stubs) and fails when this file differs from the run.\n"
            f"Rewrite it with: {RECORD}=1 .venv/bin/python -m pytest -q tests/realcli/test_whole_runs_real.py\n"
            f"-k 'slash and {skill}' -->\n\n"
            "What the user typed in Claude Code:\n\n"
            f"```text\n{prompt}\n```\n\n"
            f"The client ({CLIENT}, after `./install.sh` and `./install.sh --hooks`) and argcheck are real; the\n"
            f"model is a script that does what [skills/{skill}/SKILL.md](../../skills/{skill}/SKILL.md) teaches.\n"
            "Each `$` line is a tool call as Claude Code ran it (a long JSON move cut in the middle), under it\n"
            f"the first {OUTPUT_LINES} lines of what argcheck printed (not `argcheck doctor`'s: they describe the\n"
            "machine).\n"
            "`[Stop hook: ...]` is argcheck's Stop gate ([docs/hooks.md](../hooks.md)) sending the agent back to\n"
            "work. Each \"User\" section is one message of the user: a run that asks the user ends its turn, and\n"
            "the answer continues the same session (`claude -p --resume`). The scripted user answers with the\n"
            "move's own JSON, so that the script stays exact; you answer in your own words, and the agent writes\n"
            "the move. These runs start unwitnessed (`ARGCHECK_WITNESS=off`): a script cannot know the witness\n"
            "log's numbers, and it records search results it never fetched (it has no web). In your runs under\n"
            "the hooks, the rules check both against what the hooks saw (ARG031, TRZ143; docs/hooks.md).\n")


def transcript(skill: str, prompts: list[str], streams: list[list[dict]], places: dict[str, str],
               waiting: tuple[str, ...] = (), unordered: bool = False) -> str:
    """The abridged run: one section per user message, the main conversation's tool calls and text.

    A stretch of the agent's work that ends with one of the `waiting` texts (the orchestrator looked and
    found its background subagents still at work) is left out: how often that happens depends on timing.
    With `unordered` (subagents record moves while the orchestrator does), move numbers are left out too."""

    parts = [header(skill, prompts[0])]
    for number, (prompt, events) in enumerate(zip(prompts, streams), 1):
        parts.append(f"\n## User ({number})\n\n> {scrub(prompt, places)}\n")
        lines = turn_lines(events, places, waiting)
        if unordered:
            lines = [SEQ.sub("(seq N)", line) for line in lines]
        parts.append("\n```text\n" + "\n".join(lines) + "\n```\n" if lines else "")
    return "".join(parts)


def turn_lines(events: list[dict], places: dict[str, str], waiting: tuple[str, ...] = ()) -> list[str]:
    """The lines of one `claude -p` call: its stretches (each up to a text of the agent), a stretch that only
    waited left out, a repeated stretch once, and of two looks in a row (`argcheck next`) the second."""
    stretches: list[list[list[str]]] = [[]]
    calls = {}  # tool_use id -> its group: the call's line, then the lines of its result
    for event in events:
        if event.get("parent_tool_use_id"):
            continue  # a subagent's own messages: its calls show in its Agent line
        for block in content_of(event):
            kind, said = block.get("type"), block.get("text", "")
            if event.get("type") == "assistant" and kind == "tool_use":
                calls[block.get("id")] = [call_line(block, places)]
                stretches[-1].append(calls[block.get("id")])
            elif kind == "tool_result" and block.get("tool_use_id") in calls:
                group = calls[block.get("tool_use_id")]
                group += result_lines(block, group[0], places)
            elif event.get("type") == "assistant" and kind == "text" and said.strip():
                stretches[-1].append(["Claude: " + cut(scrub(said.strip(), places), LINE_WIDTH)])
                if said.strip() in waiting:
                    stretches[-1] = []
                else:
                    stretches.append([])
            elif event.get("type") == "user" and kind == "text" and said.startswith(HOOK_SAID):
                first = (said[len(HOOK_SAID):].strip().splitlines() or [""])[0]
                stretches[-1].append(["[Stop hook: " + cut(scrub(first, places), LINE_WIDTH) + "]"])
    kept = [s for i, s in enumerate(stretches) if s and (i == 0 or s != stretches[i - 1])]
    lines = []
    for stretch in kept:
        looks = [g for i, g in enumerate(stretch)
                 if not (g[0].startswith(LOOK) and i + 1 < len(stretch) and stretch[i + 1][0] == g[0])]
        lines += [line for group in looks for line in group]
    return lines


def content_of(event: dict) -> list[dict]:
    message = event.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return [block for block in content if isinstance(block, dict)] if isinstance(content, list) else []


def call_line(block: dict, places: dict[str, str]) -> str:
    name, given = block.get("name", "?"), block.get("input") or {}
    if name == "Bash":
        command = scrub(given.get("command", ""), places)
        return "$ " + (command if len(command) <= COMMAND_WIDTH else
                       command[:COMMAND_WIDTH - 40] + " … " + command[-37:])
    if name == "Skill":
        return f"[Skill tool: {given.get('skill')}]"
    if name == "Agent":
        where = "in the background" if given.get("run_in_background") else "in the foreground"
        return f"[Agent tool, {where}: {given.get('description')}]"
    detail = given.get("query") or given.get("url") or given.get("description") or ""
    return f"[{name} tool: {cut(scrub(str(detail), places), LINE_WIDTH)}]"


def result_lines(block: dict, call: str, places: dict[str, str]) -> list[str]:
    """What a tool call gave back: argcheck's first lines; a refusal's first line; nothing for the rest."""
    text = scrub(result_text(block), places)
    if block.get("is_error"):
        return ["  refused: " + cut(text.strip().splitlines()[0] if text.strip() else "", LINE_WIDTH)]
    if not re.match(r"\$ argcheck(-consult)?\s", call) or call[2:] in MACHINE:
        return []
    lines = [COLUMNS.sub("  ", AGE.sub("<age>", line)) for line in text.splitlines() if line.strip()]
    shown = ["  " + cut(line, LINE_WIDTH) for line in lines[:OUTPUT_LINES]]
    if len(lines) > OUTPUT_LINES:
        shown.append(f"  … ({len(lines) - OUTPUT_LINES} more lines)")
    return shown


def result_text(block: dict) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content or "")


def scrub(text: str, places: dict[str, str]) -> str:
    """The text without what varies from run to run: the run's folders (longest first), times and ids."""
    for path in sorted(places, key=len, reverse=True):
        text = text.replace(path, places[path])
    for pattern, mark in VOLATILE:
        text = pattern.sub(mark, text)
    return text


def cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[:width - 1] + "…"


def check(skill: str, text: str) -> None:
    """Compare the run's transcript with docs/sessions/<skill>.md, or write it with ARGCHECK_RECORD_SESSIONS=1."""
    path = SESSIONS / f"{skill}.md"
    if os.environ.get(RECORD) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    committed = path.read_text(encoding="utf-8") if path.is_file() else ""
    if committed != text:
        import difflib

        diff = "".join(difflib.unified_diff(committed.splitlines(True), text.splitlines(True),
                                            f"docs/sessions/{skill}.md (committed)", "this run", n=1))
        raise AssertionError(f"docs/sessions/{skill}.md differs from this run; if the change is intended, "
                             f"rewrite it with {RECORD}=1 (see its header):\n{diff[:6000]}")
