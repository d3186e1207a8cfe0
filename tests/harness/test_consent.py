"""consent.decide with the real click commands (argcheck.cli.effects.read): the skills' commands run without a
prompt when they write only into .argcheck/ and read only the project; everything else asks or gets no
decision. Every allowed command is also run for real, and nothing outside .argcheck/ may change."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.cli.effects import read
from argcheck.harness import consent

ROOT = Path(__file__).resolve().parents[2]
RUN = ".argcheck/t.json"  # a deliberate run the `project` fixture below creates
COUNCIL = ".argcheck/council-design.json"


@pytest.fixture
def world(tmp_path):
    """A world of one's own, for a test that runs commands or plants links."""
    return make_world(tmp_path)


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One world for the tests that only ask for verdicts."""
    return make_world(tmp_path_factory.mktemp("shared"))


def make_world(tmp_path):
    """A home, a folder outside the project, and a project with a deliberate run, a council run on
    docs/design.md and a subfolder; argcheck runs with HOME and XDG_* under the home."""
    home, outside, project = tmp_path / "home", tmp_path / "outside", tmp_path / "project"
    for folder in (home / ".config" / "argcheck", outside / ".argcheck", project / "docs", project / "sub"):
        folder.mkdir(parents=True)
    (home / ".bashrc").write_text("# rc\n")
    (home / ".config" / "argcheck" / "key").write_text("secret\n")
    (outside / "notes.md").write_text("outside\n")
    (project / "docs" / "design.md").write_text("# Design\n\nThe store keeps every event forever.\n")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "ARGCHECK", "XDG"))},
           "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_STATE_HOME": str(home / ".state"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    world = {"home": home, "outside": outside, "project": project, "env": env, "root": tmp_path}
    sh(world, f"argcheck init deliberate --question 'Which store?' --state {RUN}")
    sh(world, f"argcheck init council --document docs/design.md --state {COUNCIL}")
    return world


def sh(world, command: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=cwd or world["project"], env=world["env"],
                          capture_output=True, text=True, timeout=120)


def verdict(world, command, cwd=None):
    found = consent.decide(command, str(cwd or world["project"]), str(world["project"]), read)
    return found.decision if found else None


def snapshot(world) -> dict:
    """Every file under the test's root but the project's .argcheck/: its size and modification time."""
    state_dir = world["project"] / ".argcheck"
    found = {}
    for folder, subfolders, files in os.walk(world["root"]):
        if Path(folder) == state_dir or state_dir in Path(folder).parents:
            continue
        for name in files + subfolders:
            path = Path(folder) / name
            if path == state_dir:
                continue
            info = path.lstat()
            found[str(path)] = (info.st_size, info.st_mtime_ns)
    return found


ALLOWED = [
    f"argcheck next {RUN}",
    "argcheck next",
    f"argcheck next {RUN} --format json",
    f"argcheck prompt {RUN}",
    f"argcheck validate {RUN} {COUNCIL}",
    "argcheck rules DLB101",
    "argcheck rules --protocol core --format md",
    "argcheck moves deliberate",
    "argcheck schema council",
    "argcheck schema --output-dir .argcheck/schemas",
    "argcheck doctor",
    "argcheck sessions",
    "argcheck sessions --dir .argcheck --format json",
    "argcheck sessions prune --older-than 1d",
    "argcheck sessions prune --older-than 1d --dir .argcheck --dry-run",
    "argcheck sessions --status open --protocol triz --limit 20 --page 2",
    "argcheck --version",
    "argcheck",
    "argcheck -h",
    "argcheck render --help",
    "argcheck init -h",
    "argcheck init council -h",
    "argcheck sessions -h prune --dir /",
    "argcheck init deliberate --state /etc/x.json --help",
    f"argcheck render {RUN} --format md",
    f"argcheck render {RUN} --format=json -o -",
    f"argcheck render {RUN} -o .argcheck/report.md",
    f"argcheck render {RUN} --output=.argcheck/report.md",
    "argcheck verify",
    "argcheck verify .argcheck --format sarif -o .argcheck/argcheck.sarif",
    f"argcheck apply {RUN} '{{\"type\": \"present\", \"actor\": \"orchestrator\", \"note\": \"it'\\''s\"}}'",
    f"argcheck apply --dry-run -q {RUN} '[]'",
    f"argcheck apply -- {RUN} '{{}}'",
    f"argcheck ingest {RUN} '{{\"reply\": 1}}' --format json --dry-run",
    "argcheck init deliberate --question 'Why?' --state .argcheck/new.json",
    "argcheck init deliberate --question='Why?' --state=.argcheck/sub/new.json",
    "argcheck init deliberate --question 'Why?'",
    "argcheck init toulmin --query 'Should the billing service use raw SQL?' --workspace .",
    "argcheck init triz --problem 'How can an electric car keep its range in the cold?'",
    "argcheck init council --document docs/design.md --panel scientific --state .argcheck/c2.json",
    "argcheck init council --document docs/design.md --workspace docs --state .argcheck/c3.json",
    "argcheck init deliberate --question q --state .argcheck/fresh.json --force",
    f"argcheck next {RUN}\nargcheck sessions",
    f"argcheck next {RUN} && argcheck validate {RUN}; argcheck sessions",
    f"argcheck render {COUNCIL} --format md -o .argcheck/council-design.md\nargcheck next {COUNCIL}",
    "argcheck witness --format json --last 1",  # what a skill runs to cite the user's answer: it reads the log
    "argcheck witness --dir .argcheck",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_an_allowed_command_is_allowed_and_writes_nothing_outside_the_state_directory(world, command):
    assert verdict(world, command) == "allow", command
    before = snapshot(world)
    result = sh(world, command)
    assert "Traceback" not in result.stderr, result.stderr
    assert snapshot(world) == before, (command, result.stdout[-400:], result.stderr[-400:])


@pytest.mark.parametrize("command", [
    f"argcheck render {RUN} -o {{outside}}/r.md",
    "argcheck init deliberate --conversation-id -h --question q --state {home}/.bashrc --force",
    "argcheck init council --document {home}/.config/argcheck/key --workspace / --state .argcheck/k.json",
])
def test_what_asks_would_change_files_outside_when_run(world, command):
    """The check above can fail: these commands, which ask, do write outside or copy the key into a run."""
    command = command.format(home=world["home"], outside=world["outside"])
    assert verdict(world, command) == "ask"
    before = snapshot(world)
    result = sh(world, command)
    assert result.returncode == 0, result.stderr
    copied = "secret" in (world["project"] / ".argcheck" / "k.json").read_text() if "key" in command else False
    assert snapshot(world) != before or copied


def test_help_is_allowed_only_where_click_prints_help(shared):
    """`-h` as an option's value is a value: the command runs, and its paths are judged."""
    rc = shared["home"] / ".bashrc"
    command = f"argcheck init deliberate --conversation-id -h --question q --state {rc} --force"
    assert verdict(shared, command) == "ask"
    printed = sh(shared, "argcheck sessions -h prune --dir /")
    assert printed.returncode == 0 and "Usage: argcheck sessions" in printed.stdout


@pytest.mark.parametrize("command", [
    # the issue's own cases
    "argcheck init deliberate --conversation-id -h --question q --state {home}/.bashrc --force",
    "argcheck sessions --conversation -h prune --dir {outside}/.argcheck --older-than 0s --include-open",
    "argcheck init council --document {home}/.config/argcheck/key --workspace / --state .argcheck/k.json",
    "argcheck init council --document docs/design.md --workspace / --state .argcheck/k.json",
    # writes elsewhere: absolute, `..`, relative to the project root, --opt=value, repeated options
    f"argcheck render {RUN} -o {{outside}}/r.md",
    f"argcheck render {RUN} --output=notes.md",
    f"argcheck render {RUN} -o .argcheck/../README.md",
    f"argcheck render {RUN} -o .argcheck/ok.md -o {{outside}}/r.md",
    "argcheck sessions prune --older-than 0s --include-open",
    "argcheck sessions prune --include-open --dry-run --older-than 1d",
    f"argcheck render {RUN} --format madr -o docs/adr/NNNN-title.md",
    "argcheck verify --format sarif -o argcheck.sarif",
    "argcheck schema --output-dir {outside}/schemas",
    "argcheck schema council --output-dir=schemas",
    "argcheck sessions prune --older-than 1d --dir .argcheck --dir {outside}/.argcheck",
    "argcheck sessions prune --older-than 1d --dir={outside}/.argcheck",
    "argcheck sessions --dir {outside}/.argcheck",
    "argcheck apply {outside}/.argcheck/t.json '{{}}'",
    "argcheck ingest ../outside/.argcheck/t.json '{{}}'",
    "argcheck consult {home}/.bashrc",
    "argcheck init deliberate --question q --state {outside}/t.json",
    "argcheck init deliberate --question q --state='~/t.json'",
    "argcheck init deliberate --question q --state t.json",
    # reads outside the project, into a run or as a root
    "argcheck init council --document ../outside/notes.md",
    "argcheck init council --document docs/design.md --panel {outside}/notes.md",
    "argcheck init council --document docs/design.md --run --consultee replay --replay-dir {outside}",
    "argcheck init toulmin --query 'Should the billing service use raw SQL?' --workspace {home}",
    "argcheck init deliberate --question q --workspace=..",
    f"argcheck apply {RUN} {{outside}}/notes.md",
    f"argcheck ingest {RUN} ../outside/notes.md",
    f"argcheck validate {RUN} {{home}}/.bashrc",
    "argcheck next {home}/.config/argcheck/key",
    # a program the user did not name; a run replaced
    "argcheck init council --document docs/design.md --run --wrapper ./evil.sh",
    f"argcheck init deliberate --question q --state {RUN} --force",
    f"argcheck render {RUN} -o {RUN}",
    # the witness log deleted, or read from another project
    "argcheck witness --purge",
    "argcheck witness --dir {outside}/.argcheck",
    # one command of a block asks: the block asks
    f"argcheck next {RUN} && argcheck render {RUN} -o {{outside}}/r.md",
])
def test_a_path_outside_asks(shared, command):
    assert verdict(shared, command.format(home=shared["home"], outside=shared["outside"])) == "ask"


@pytest.mark.parametrize("command", [
    "argcheck init deliberate --question q --state",  # click refuses it: it runs nothing
    "argcheck init --question q",
    "argcheck init nosuchprotocol --question q",
    "argcheck init deliberate --stat /tmp/x.json --question q",  # click matches no prefix of --state
    "argcheck apply .argcheck/t.json --unknown '{}'",
    "argcheck doctor extra",
    "argcheck render .argcheck/t.json -o",
    "argcheck demo",
    "argcheck mcp",
    "argcheck view .argcheck/t.json",
    "argcheck sessions delete .argcheck/t.json --yes --force",
    "argcheck cost .argcheck/t.json",
    "argcheck view .argcheck/t.json --serve",
    "argcheck hook PreToolUse",
    "argcheck render .argcheck/t.json -o /tmp/x.md > /dev/null",
    "argcheck next .argcheck/t.json | head",
    "argcheck next .argcheck/t.json & argcheck next",
    "argcheck next .argcheck/t.json && rm -rf .argcheck",
    "argcheck next $HOME/x.json",
    "argcheck next ~/x.json",
    "argcheck next `pwd`/x.json",
    "argcheck next .argcheck/*.json",
    "argcheck next .argcheck/t.json &&\nargcheck next",
    "argcheck next .argcheck/t.json ;",
    "argcheck-consult codex new",
    "/usr/local/bin/argcheck next",
    "ARGCHECK_CONSULT=./evil argcheck consult .argcheck/t.json",
    "echo argcheck",
    "",
])
def test_anything_else_gets_no_decision(shared, command):
    assert verdict(shared, command) is None


def test_a_subfolder_working_directory_resolves_paths_and_defaults_from_there(shared):
    sub = shared["project"] / "sub"
    assert verdict(shared, f"argcheck apply ../{RUN} '{{}}'", cwd=sub) == "allow"
    assert verdict(shared, "argcheck init deliberate --question q", cwd=sub) == "ask"  # sub/.argcheck/
    assert verdict(shared, "argcheck sessions prune --older-than 1d", cwd=sub) == "ask"  # deletes in sub/.argcheck
    assert verdict(shared, "argcheck init council --document ../docs/design.md --state ../.argcheck/c.json",
                   cwd=sub) == "allow"  # the workspace defaults to sub/, inside the project


def test_symlinks_are_followed_as_the_command_follows_them(world):
    project, outside = world["project"], world["outside"]
    (project / ".argcheck" / "out").symlink_to(outside)
    (project / ".argcheck" / "dangling.json").symlink_to(outside / "nowhere.json")
    (project / "docs" / "innocent.md").symlink_to(world["home"] / ".config" / "argcheck" / "key")
    (project / ".argcheck" / "report.md").symlink_to(outside / "report.md")
    assert verdict(world, "argcheck apply .argcheck/out/t.json '{}'") == "ask"
    assert verdict(world, "argcheck apply .argcheck/dangling.json '{}'") == "ask"
    assert verdict(world, f"argcheck render {RUN} -o .argcheck/out/r.md") == "ask"
    assert verdict(world, "argcheck init council --document docs/innocent.md --state .argcheck/c.json") == "ask"
    assert verdict(world, "argcheck init council --document docs/design.md --run --save --state "
                          ".argcheck/report.json") == "ask"  # --save writes .argcheck/report.md, a link outside


def test_a_state_directory_that_is_a_symlink_allows_no_write(tmp_path):
    project, elsewhere = tmp_path / "p", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / ".argcheck").symlink_to(elsewhere)
    found = consent.decide("argcheck apply .argcheck/t.json '{}'", str(project), str(project), read)
    assert found.decision == "ask"


def test_a_project_reached_through_a_symlink_still_has_its_state_directory(world, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(world["project"])
    assert consent.decide(f"argcheck apply {RUN} '{{}}'", str(link), str(link), read).decision == "allow"


def test_every_verdict_carries_a_reason(shared):
    found = consent.decide(f"argcheck render {RUN} -o /tmp/elsewhere.md", str(shared["project"]),
                           str(shared["project"]), read)
    assert "/tmp/elsewhere.md" in found.reason and ".argcheck/" in found.reason


def test_without_the_clis_reader_there_is_no_decision(shared):
    assert consent.decide(f"argcheck next {RUN}", str(shared["project"]), str(shared["project"]), None) is None


def taught_blocks():
    """Every ```bash block of the skills, whole, and every command the per-agent notes hand out in backquotes
    (STATE, DOC and NAME filled in)."""
    found = []
    for skill in sorted((ROOT / "skills").glob("*/SKILL.md")):
        text = skill.read_text(encoding="utf-8")
        found += [(skill.parent.name, block.strip()) for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]
        found += [(skill.parent.name, line) for line in re.findall(r"`(argcheck prompt [^`]*--persona [^`]*)`", text)]
        notes = skill.parent / "references" / "agents.md"
        if notes.exists():
            found += [(skill.parent.name, line) for line in
                      re.findall(r"`(argcheck [a-z]+ [^`]*)`", notes.read_text(encoding="utf-8"))]
    filled = {"STATE": RUN, "DOC": "docs/design.md", "NAME": "codex", "<persona>": "Kant"}
    return [(skill, re.sub("|".join(filled), lambda match: filled[match.group(0)], block)) for skill, block in found]


def test_the_skills_teach_blocks_of_several_commands():
    assert sum(block.count("\nargcheck ") >= 1 for _, block in taught_blocks()) >= 3


@pytest.mark.parametrize("skill,block", taught_blocks(), ids=lambda value: str(value)[:60])
def test_every_block_a_skill_teaches_runs_without_a_prompt(shared, skill, block):
    """A skill's grant ends with its turn; the hook vouches for each taught block, whole, in every later turn."""
    assert verdict(shared, block) == "allow", (skill, block)


def test_every_path_parameter_of_a_vouched_command_declares_its_effect():
    """A path option without a declared effect makes the reader give no decision; none of the taught
    commands has one, so none of them falls out of the consent by accident."""
    import click

    from argcheck.cli.clickapp import cli
    from argcheck.core import effects

    context = click.Context(cli)
    commands = [cli.get_command(context, name) for name in cli.list_commands(context)]
    init = cli.get_command(context, "init")
    commands += [init.get_command(context, name) for name in init.list_commands(context)]
    commands += list(cli.get_command(context, "sessions").commands.values())
    vouched = [command for command in commands if effects.declared(command) is not None]
    assert {"init", "apply", "ingest", "consult", "render", "sessions", "prune", "council"} <= {
        command.name for command in vouched}
    for command in vouched:
        for param in command.params:
            if isinstance(param.type, (click.Path, click.File)):
                assert param.name in effects.declared(command), (command.name, param.name)


def test_an_undeclared_path_option_gets_no_decision_and_an_undeclared_effect_is_refused():
    import click

    from argcheck.cli import effects as reader
    from argcheck.core import effects
    from argcheck.core.contract import InitOption

    command = effects.declare()(click.Command("x", params=[click.Option(["--out"], type=click.Path())]))
    assert reader._paths(command, effects.declared(command), {"out": "/tmp/x"}, click) is None
    with pytest.raises(ValueError):
        effects.declare(nothing=effects.WRITES)(click.Command("y", params=[]))
    with pytest.raises(ValueError):
        InitOption("source", "A file read.", kind="file")  # a path option says what it does


def test_the_hook_entry_answers_with_the_click_reading(shared, hook):
    """The whole hook call, as Claude Code makes it: the issue's cases ask, the report block is allowed."""
    import json

    project = shared["project"]
    rc = shared["home"] / ".bashrc"
    cases = {f"argcheck init deliberate --conversation-id -h --question q --state {rc} --force": "ask",
             f"argcheck sessions --conversation -h prune --dir {shared['outside']}/.argcheck --older-than 1d": "ask",
             f"argcheck render {COUNCIL} --format md -o .argcheck/council-design.md\nargcheck next {COUNCIL}": "allow"}
    for command, expected in cases.items():
        payload = {"session_id": "s", "transcript_path": "/nonexistent.jsonl", "cwd": str(project),
                   "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": command}}
        answer = hook("PreToolUse", payload, env={"CLAUDE_PROJECT_DIR": str(project)})
        assert json.loads(answer.stdout)["hookSpecificOutput"]["permissionDecision"] == expected, answer


def test_a_module_planted_in_the_commands_folder_is_never_imported(world, tmp_path):
    """The parse runs in the command's folder; the interpreter's search path ('' from `python -c`) does not
    follow it there, so a planted `glob.py` (which `sessions` imports) is not run by the hook."""
    import json

    sub = world["project"] / "sub"
    marker = tmp_path / "planted-ran"
    for name in ("glob", "datetime", "inspect", "difflib"):
        (sub / f"{name}.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    payload = {"session_id": "s", "transcript_path": "/nonexistent.jsonl", "cwd": str(sub),
               "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "argcheck sessions --dir ../.argcheck"}}
    env = {**world["env"], "CLAUDE_PROJECT_DIR": str(world["project"])}
    answer = subprocess.run([sys.executable, "-c", "import sys; from argcheck.cli import main; "
                             "sys.exit(main(['hook', 'PreToolUse']))"], input=json.dumps(payload), text=True,
                            capture_output=True, cwd=tmp_path, env=env, timeout=60)
    assert json.loads(answer.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow", answer
    assert not marker.exists()


@pytest.mark.parametrize("impostor", ["argcheck", "argcheck-consult"])
def test_a_look_alike_in_the_project_earlier_on_path_gets_no_decision(shared, monkeypatch, impostor):
    """An agent that writes its own `argcheck` (or `argcheck-consult`) into the project's .venv/bin, on PATH,
    could make an approved command run anything: the consent never vouches for a program in the project."""
    assert verdict(shared, f"argcheck next {RUN}") == "allow"
    fake = shared["project"] / ".venv" / "bin"
    fake.mkdir(parents=True, exist_ok=True)
    (fake / impostor).write_text("#!/bin/sh\necho impostor\n")
    (fake / impostor).chmod(0o755)
    monkeypatch.setenv("PATH", os.pathsep.join([str(fake), os.environ["PATH"]]))
    try:
        assert verdict(shared, f"argcheck next {RUN}") is None
        assert consent.runs_this_install(str(shared["project"])) is False
    finally:
        (fake / impostor).unlink()


def test_a_program_of_the_users_own_setup_outside_the_project_is_trusted(shared, tmp_path, monkeypatch):
    """An `argcheck-consult` stub the user put on PATH outside the project (the offline tests' replay) is the
    user's own choice, not the agent's."""
    stubs = tmp_path / "user-stubs"
    stubs.mkdir()
    (stubs / "argcheck-consult").write_text("#!/bin/sh\necho stub\n")
    (stubs / "argcheck-consult").chmod(0o755)
    monkeypatch.setenv("PATH", os.pathsep.join([str(stubs), os.environ["PATH"]]))
    assert verdict(shared, f"argcheck next {RUN}") == "allow"


def test_copying_a_private_file_into_a_run_asks(world):
    """A council run copies its document into a state file meant to be committed: not the witness log, not a
    hidden file such as .env, not a hard link (the witness key linked into the project)."""
    project = world["project"]
    (project / ".argcheck" / "witness.jsonl").write_text('{"kind": "prompt"}\n')
    (project / ".env").write_text("TOKEN=secret\n")
    (project / "docs" / "linked.md").hardlink_to(project / "docs" / "design.md")
    for document in (".argcheck/witness.jsonl", ".env", "docs/linked.md", "docs/design.md"):
        assert verdict(world, f"argcheck init council --document {document} --state .argcheck/c9.json") == "ask"
    (project / "docs" / "linked.md").unlink()
    assert verdict(world, "argcheck init council --document docs/design.md --state .argcheck/c9.json") == "allow"
