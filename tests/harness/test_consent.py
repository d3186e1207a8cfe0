"""consent.decide: allow the argcheck commands the skills teach when they write only into .argcheck/."""

from __future__ import annotations

import os

import pytest

from argcheck.harness import consent, places


def verdict(project, command, cwd=None):
    found = consent.decide(command, str(cwd or project), places.state_dir(str(project)))
    return found.decision if found else None


@pytest.mark.parametrize("command", [
    "argcheck next .argcheck/t.json",
    "argcheck next",
    "argcheck next .argcheck/t.json --format json",
    "argcheck prompt .argcheck/t.json",
    "argcheck validate .argcheck/t.json",
    "argcheck rules DLB101",
    "argcheck rules --protocol core --format md",
    "argcheck moves somename",
    "argcheck schema somename",
    "argcheck doctor",
    "argcheck sessions",
    "argcheck sessions --status open --protocol triz --limit 20 --page 2",
    "argcheck --version",
    "argcheck render --help",
    "argcheck render .argcheck/t.json --format md",
    "argcheck render .argcheck/t.json --format=mermaid -o -",
    "argcheck render .argcheck/t.json -o .argcheck/report.md",
    "argcheck apply .argcheck/t.json '{\"type\": \"x\", \"text\": \"it'\\''s\"}'",
    "argcheck apply .argcheck/t.json moves.json --dry-run -q",
    "argcheck ingest .argcheck/t.json '{\"reply\": 1}' --format json",
    "argcheck consult .argcheck/t.json --consultee codex --new --timeout 60",
    "argcheck init anything --question 'Why?' --state .argcheck/t.json",
    "argcheck init anything --question 'Why?' --state=.argcheck/sub/t.json",
    "argcheck init anything --question 'Why?'",
])
def test_taught_commands_that_write_nothing_or_only_into_the_state_directory_are_allowed(project, command):
    assert verdict(project, command) == "allow"


def test_a_relative_state_path_is_taken_from_the_working_directory(project):
    sub = project / "sub"
    sub.mkdir()
    assert verdict(project, "argcheck apply ../.argcheck/t.json '{}'", cwd=sub) == "allow"
    assert verdict(project, "argcheck apply .argcheck/t.json '{}'", cwd=sub) is None
    assert verdict(project, "argcheck init x --question q", cwd=sub) is None


@pytest.mark.parametrize("command", [
    "argcheck render .argcheck/t.json -o /tmp/elsewhere.md",
    "argcheck render .argcheck/t.json --output=notes.md",
    "argcheck render .argcheck/t.json -o .argcheck/../README.md",
])
def test_render_to_a_file_outside_the_state_directory_asks(project, command):
    assert verdict(project, command) == "ask"


def test_render_over_an_existing_file_of_the_state_directory_asks(project):
    (project / ".argcheck" / "t.json").write_text("{}")
    assert verdict(project, "argcheck render .argcheck/t.json -o .argcheck/t.json") == "ask"


def test_init_force_over_an_existing_run_asks_and_over_nothing_is_allowed(project):
    (project / ".argcheck" / "t.json").write_text("{}")
    assert verdict(project, "argcheck init x --question q --state .argcheck/t.json --force") == "ask"
    assert verdict(project, "argcheck init x --question q --state .argcheck/new.json --force") == "allow"


@pytest.mark.parametrize("command", [
    "argcheck apply /tmp/t.json '{}'",
    "argcheck apply .argcheck '{}'",
    "argcheck ingest ../elsewhere/.argcheck/t.json '{}'",
    "argcheck consult /etc/passwd",
    "argcheck init x --question q --state /tmp/t.json",
    "argcheck init x --question q --state",
    "argcheck init x --question q --run --wrapper ./evil.sh",
    "argcheck init --question q",
    "argcheck schema --output-dir .argcheck",
    "argcheck sessions prune --older-than 1d",
    "argcheck sessions delete t.json --yes",
    "argcheck demo",
    "argcheck mcp",
    "argcheck view .argcheck/t.json",
    "argcheck render .argcheck/t.json -o/tmp/x.md",
    "argcheck render .argcheck/t.json -o",
    "argcheck apply .argcheck/t.json --unknown '{}'",
    "argcheck apply .argcheck/t.json -- '{}'",
    "argcheck doctor extra",
    "argcheck render .argcheck/t.json -o /tmp/x.md > /dev/null",
    "argcheck next .argcheck/t.json && rm -rf .argcheck",
    "argcheck-consult codex new",
    "/usr/local/bin/argcheck next",
    "ARGCHECK_X=1 argcheck next",
    "echo argcheck",
    "",
])
def test_anything_else_gets_no_decision(project, command):
    assert verdict(project, command) is None


def test_a_symlink_in_the_state_directory_pointing_outside_is_not_inside(project, tmp_path):
    (project / ".argcheck" / "out").symlink_to(tmp_path)
    (project / ".argcheck" / "dangling.json").symlink_to(tmp_path / "nowhere.json")
    assert verdict(project, "argcheck apply .argcheck/out/t.json '{}'") is None
    assert verdict(project, "argcheck apply .argcheck/dangling.json '{}'") is None
    assert verdict(project, "argcheck render S -o .argcheck/out/r.md") == "ask"


def test_a_state_directory_that_is_a_symlink_allows_no_write(tmp_path):
    project, elsewhere = tmp_path / "p", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / ".argcheck").symlink_to(elsewhere)
    assert places.state_dir(str(project)) is None
    assert verdict(project, "argcheck apply .argcheck/t.json '{}'") is None
    assert verdict(project, "argcheck next .argcheck/t.json") == "allow"


def test_a_project_reached_through_a_symlink_still_has_its_state_directory(tmp_path, project):
    link = tmp_path / "link"
    link.symlink_to(project)
    assert verdict(link, "argcheck apply .argcheck/t.json '{}'") == "allow"
    assert places.state_dir(str(link)) == os.path.join(os.path.realpath(project), ".argcheck")


def test_every_verdict_carries_a_reason(project):
    found = consent.decide("argcheck render S -o /tmp/elsewhere.md", str(project), places.state_dir(str(project)))
    assert "/tmp/elsewhere.md" in found.reason and ".argcheck/" in found.reason


def _commands(block: str) -> list[str]:
    """The block's commands, a command whose quoted argument spans lines read as one."""
    import shlex

    commands, pending = [], ""
    for line in block.splitlines():
        pending = f"{pending}\n{line}" if pending else line
        try:
            shlex.split(pending)
        except ValueError:  # an open quote: the command goes on
            continue
        commands.append(pending)
        pending = ""
    return commands


def taught_commands():
    """Every `argcheck` line of the skills' bash blocks and every command they hand a subagent in backquotes."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "skills"
    found = []
    for skill in sorted(root.glob("*/SKILL.md")):
        text = skill.read_text(encoding="utf-8")
        for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
            found += [(skill.parent.name, command) for command in _commands(block) if command.startswith("argcheck ")]
        found += [(skill.parent.name, line) for line in re.findall(r"`(argcheck prompt [^`]*--persona [^`]*)`", text)]
        notes = skill.parent / "references" / "agents.md"  # per-agent notes: whole commands, STATE and DOC for paths
        if notes.exists():
            found += [(skill.parent.name, line.replace("STATE", ".argcheck/run.json").replace("DOC", "docs/design.md"))
                      for line in re.findall(r"`(argcheck [a-z]+ [^`]*)`", notes.read_text(encoding="utf-8"))]
    return found


@pytest.mark.parametrize("skill,command", taught_commands())
def test_every_command_a_skill_teaches_runs_without_a_prompt(project, skill, command):
    """A skill's grant ends with its turn; the hook must vouch for each taught command in every later turn."""
    assert verdict(project, command.replace("NAME", "Kant")) == "allow", (skill, command)


def test_the_consent_table_is_the_click_commands_own_declarations():
    """One declaration: the hook's table is generated from the click commands (generate.py --check holds the
    file to it; this says the same without running the generator)."""
    from argcheck.generate import consenttable
    from argcheck.harness import consent_table

    assert consent_table.COMMANDS == consenttable.table()
    assert consent_table.COMMANDS["apply"][1]["--lock-timeout"] == consent.VALUE
    assert "--output-dir" not in consent_table.COMMANDS["schema"][1]  # it writes, and the policy does not vouch


def test_a_path_option_the_policy_does_not_know_is_left_out_of_the_table():
    import click

    from argcheck.generate.consenttable import _option_kind

    assert _option_kind(click.Option(["--out-dir"], type=click.Path()), click) is None
    assert _option_kind(click.Option(["-o", "--output"], type=click.Path()), click) == consent.OUTPUT
    assert _option_kind(click.Option(["--dry-run"], is_flag=True), click) == consent.FLAG
    assert _option_kind(click.Option(["--timeout"], type=int), click) == consent.VALUE
