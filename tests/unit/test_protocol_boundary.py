"""The protocol boundary holds: a protocol defined only in the test tree (tests/fixtures/protocols/tally) is
discovered through ARGCHECK_PROTOCOL_PATH and runs through the CLI and the MCP server, with no file outside
its folder naming it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_PATH = ROOT / "tests" / "fixtures" / "protocols"
ENV = {**os.environ, "ARGCHECK_PROTOCOL_PATH": str(FIXTURE_PATH), "ARGCHECK_NOW": "2026-11-24T10:00:00Z"}


def argcheck(*args, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=cwd, env=ENV, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_only_its_own_folder_names_the_fixture_protocol():
    excluded = ["tests/fixtures/protocols", "tests/unit/test_protocol_boundary.py", "docs/adding-a-protocol.md",
                "tests/unit/test_adding_a_protocol.py"]
    mentions = subprocess.run(["git", "grep", "-n", "-w", "-i", "tally", "--", ".", *(f":!{p}" for p in excluded)],
                              cwd=ROOT, capture_output=True, text=True)
    assert mentions.stdout == "", (
        "the fixture protocol's word 'tally' appears outside its folder (a copy of tests/fixtures/protocols/tally "
        "that kept it? docs/adding-a-protocol.md renames it; then run checker/tools/generate.py):\n"
        + mentions.stdout)


def test_no_module_outside_a_protocols_folder_names_a_bundled_protocol():
    """The core (CLI, MCP server, replay, rules) reads the specs; only a protocol's own folder names it."""
    from argcheck.core import discovery

    source = ROOT / "checker" / "src" / "argcheck"
    pattern = r"\b(" + "|".join(discovery.names()) + r")\b"
    outside = [str(path.relative_to(source)) for path in source.rglob("*.py")
               if "protocols" not in path.relative_to(source).parts[:1]
               and re.search(pattern, path.read_text(encoding="utf-8"), re.I)]
    assert outside == []


def test_without_the_path_the_protocol_does_not_exist(tmp_path):
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "tally", "--goal", "3"], cwd=tmp_path,
                          env={k: v for k, v in ENV.items() if k != "ARGCHECK_PROTOCOL_PATH"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "tally" in done.stderr


def test_the_cli_discovers_initialises_applies_validates_and_renders_it(tmp_path):
    assert "tally" in argcheck("init", "--help", cwd=tmp_path).stdout
    made = argcheck("init", "tally", "--goal", "3", "--state", "t.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    applied = argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 2}')
    assert applied.returncode == 0, applied.stdout + applied.stderr
    before = (tmp_path / "t.json").read_bytes()
    refused = argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 5}')
    assert refused.returncode == 1 and "TLY101 OVERSHOOT" in refused.stdout
    assert (tmp_path / "t.json").read_bytes() == before
    assert argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 1}').returncode == 0
    valid = argcheck("validate", "t.json", cwd=tmp_path)
    assert valid.returncode == 0 and "valid (tally, reached, 2 moves)" in valid.stdout
    assert json.loads(argcheck("render", "t.json", "--format", "json", cwd=tmp_path).stdout)["total"] == 3
    wrong = argcheck("render", "t.json", "--format", "dot", cwd=tmp_path)
    assert wrong.returncode == 2 and "the tally protocol renders md, json" in wrong.stderr
    assert argcheck("next", "t.json", cwd=tmp_path).stdout.startswith("tally · reached · 3 of 3")
    explained = argcheck("rules", "TLY101", cwd=tmp_path).stdout
    assert "‹goal› the header's goal" in explained and "{goal}" not in explained
    assert "TLY101" in argcheck("rules", "--protocol", "tally", cwd=tmp_path).stdout


def test_ingest_prompt_and_next_go_through_its_protocol_calls(tmp_path):
    assert argcheck("init", "tally", "--goal", "3", "--state", "t.json", cwd=tmp_path).returncode == 0
    assert argcheck("prompt", "t.json", cwd=tmp_path).stdout.startswith("Count on from 0 towards 3")
    ingested = argcheck("ingest", "t.json", '{"by": 1}', cwd=tmp_path)
    assert ingested.returncode == 0, ingested.stderr
    assert "counted 1: 1 of 3" in ingested.stdout + ingested.stderr  # describe_recorded
    assert "Next (orchestrator): step by 1..2" in ingested.stdout + ingested.stderr
    assert argcheck("prompt", "t.json", cwd=tmp_path).stdout == "Now at 1 of 3.\n"  # render_turn
    assert argcheck("prompt", "t.json", "--full", cwd=tmp_path).stdout.startswith("Count on from 1")
    shown = json.loads(argcheck("next", "t.json", "--format", "json", cwd=tmp_path).stdout)
    assert shown["next"]["actor"] == "orchestrator" and shown["next"]["commands"]


CONTRACT_PROBE = """
import json, sys
from argcheck.core import discovery, protocol_calls
from argcheck.files import operations
spec = discovery.spec(sys.argv[1])
print(json.dumps(protocol_calls.contract_problems(spec, [operations.validate_file(sys.argv[2]).replay.engine])))
"""


def contract_problems(name: str, state: Path, folder: Path) -> list:
    env = dict(ENV, ARGCHECK_PROTOCOL_PATH=str(folder))
    done = subprocess.run([sys.executable, "-c", CONTRACT_PROBE, name, str(state)], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_it_honours_every_protocol_call_of_the_contract(tmp_path):
    assert argcheck("init", "tally", "--goal", "3", "--state", "t.json", cwd=tmp_path).returncode == 0
    assert contract_problems("tally", tmp_path / "t.json", FIXTURE_PATH) == []


@pytest.fixture
def broken_tally(tmp_path) -> Path:
    """A copy of the fixture whose next report lacks its step and whose ingest lacks describe_recorded's shape."""
    folder = tmp_path / "protocols"
    shutil.copytree(FIXTURE_PATH / "tally", folder / "tally", ignore=shutil.ignore_patterns("__pycache__"))
    nextstep = folder / "tally" / "nextstep.py"
    nextstep.write_text(nextstep.read_text().replace('"next": next_action(state, state_path)', '"next": []'))
    ingest = folder / "tally" / "ingest.py"
    described = "def describe_recorded(moves: list, state) -> str:\n    return "
    ingest.write_text(ingest.read_text().replace(described + "f", described + "1 or f"))
    return folder


def test_the_contract_test_fails_a_protocol_whose_calls_return_the_wrong_shape(tmp_path, broken_tally):
    env = dict(ENV, ARGCHECK_PROTOCOL_PATH=str(broken_tally))
    subprocess.run([sys.executable, "-m", "argcheck", "init", "tally", "--goal", "3", "--state", "t.json"],
                   cwd=tmp_path, env=env, check=True, capture_output=True, timeout=60)
    problems = contract_problems("tally", tmp_path / "t.json", broken_tally)
    assert any("nextstep.report" in problem and "next step" in problem for problem in problems), problems
    removed = broken_tally / "tally" / "prompting.py"
    removed.write_text(removed.read_text().replace("def render_prompt(", "def _render_prompt("))
    assert any("prompting.py has no render_prompt" in problem
               for problem in contract_problems("tally", tmp_path / "t.json", broken_tally))


def test_a_broken_protocol_call_never_exits_3_and_ingest_reports_the_move_it_wrote(tmp_path, broken_tally):
    env = dict(ENV, ARGCHECK_PROTOCOL_PATH=str(broken_tally))

    def run(*args):
        return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60)

    assert run("init", "tally", "--goal", "3", "--state", "t.json").returncode == 0
    shown = run("next", "t.json")
    assert shown.returncode == 2 and "nextstep.report" in shown.stderr and "Traceback" not in shown.stderr
    ingested = run("ingest", "t.json", '{"by": 1}')
    said = ingested.stdout + ingested.stderr
    assert ingested.returncode == 0 and "Traceback" not in said, said  # the move is written: exit 0, never 3
    assert "recorded 1 move (step)" in said and "describe_recorded" in said and "next step cannot be shown" in said
    assert json.loads((tmp_path / "t.json").read_text())["move_count"] == 1


@pytest.mark.parametrize("name", ["pros-cons", "pros_cons", "Tally2", "2tally"])
def test_a_protocol_name_breaking_the_rule_is_refused_at_discovery_with_a_clear_error(tmp_path, name):
    folder = tmp_path / "protocols"
    shutil.copytree(FIXTURE_PATH / "tally", folder / name, ignore=shutil.ignore_patterns("__pycache__"))
    env = dict(ENV, ARGCHECK_PROTOCOL_PATH=str(folder))
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "--help"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"protocol folder {folder / name}: a protocol's name is lowercase letters and digits" in done.stderr


def test_install_sh_and_discovery_apply_the_same_name_rule():
    from argcheck.core.discovery import NAME_PATTERN

    install = (ROOT / "install.sh").read_text(encoding="utf-8")
    assert f'[[ "${{name}}" =~ {NAME_PATTERN} ]]' in install


def test_the_name_rule_without_a_regex_agrees_with_its_pattern():
    import re

    from argcheck.core.discovery import NAME_PATTERN, follows_name_rule

    names = ["tally", "t2", "a", "pros_cons", "pros-cons", "Tally", "2tally", "", "taLly", "tälly", "tally ",
             "x9y8", "_x", "ⅰx", "x²"]
    assert [follows_name_rule(name) for name in names] == [bool(re.match(NAME_PATTERN, name)) for name in names]
    assert [name for name in names if follows_name_rule(name)] == ["tally", "t2", "a", "x9y8"]


@pytest.mark.anyio
async def test_the_mcp_server_serves_it(tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "argcheck", "mcp"], cwd=str(tmp_path),
                                   env={k: ENV[k] for k in ("ARGCHECK_PROTOCOL_PATH", "ARGCHECK_NOW", "PATH")})
    async with Client(params) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert "tally" in tools["argcheck_init"].input_schema["properties"]["protocol"]["enum"]
        made = (await client.call_tool("argcheck_init", {"protocol": "tally", "options": {"goal": 2},
                                                         "state": "t.json"})).structured_content
        assert made["ok"] and made["status"] == "counting", made
        stepped = (await client.call_tool("argcheck_apply", {"state": "t.json",
                                                             "moves": {"type": "step", "by": 2}})).structured_content
        assert stepped["ok"] and stepped["status"] == "reached", stepped
        checked = (await client.call_tool("argcheck_validate", {"state": "t.json"})).structured_content
        assert checked["valid"] and checked["protocol"] == "tally"
        shown = (await client.call_tool("argcheck_render", {"state": "t.json"})).structured_content
        assert shown["report"].startswith("# Tally")


@pytest.fixture
def anyio_backend():
    return "asyncio"
