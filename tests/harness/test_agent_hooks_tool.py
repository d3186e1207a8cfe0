"""checker/tools/agent_hooks.py and codex_hooks.py: the hooks install.sh --hooks adds for Codex CLI and Gemini CLI,
the trust Codex asks for, and their removal byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "checker" / "tools" / "agent_hooks.py"
sys.path.insert(0, str(TOOL.parent))

from agent_hooks import HOOKS, events  # noqa: E402
from codex_hooks import trust_hash  # noqa: E402  (argcheck.files.codexhooks)

LAUNCHER = "/opt/argcheck/share/argcheck/argcheck-hook"
USERS_OWN_TOML = ('model = "o4"\n\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\n'
                  'type = "command"\ncommand = "mine"\n')


def tool(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True, text=True, timeout=30)


def commands(agent: str) -> list[str]:
    return [f"{event}={LAUNCHER} --agent {agent} {event}" for event in events(agent)]


def test_the_table_holds_the_events_of_the_contract_for_each_agent():
    assert list(events("codex")) == ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
                                     "PostToolUse", "Stop"]
    assert list(events("gemini")) == ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart"]
    assert tool("events", "gemini").stdout.split() == list(events("gemini"))
    assert HOOKS["gemini"][0] == 10000 and HOOKS["codex"][0] == 10  # Gemini counts milliseconds, Codex seconds


def test_the_trust_hash_is_the_one_the_pinned_codex_reports():
    # Measured: `codex app-server` hooks/list on Codex CLI 0.169.0 reported these currentHash values for a
    # hooks.json holding exactly these two hooks (tests/realcli/test_agent_install_real.py checks it live).
    assert trust_hash("PreToolUse", "Bash", "/x/argcheck-hook --agent codex PreToolUse", 10) == \
        "sha256:411a7032b8775a8750252efe9bc08ca7bb6e148397cb9b27b3bec26ac6f0bca1"
    assert trust_hash("Stop", None, "/x/argcheck-hook --agent codex Stop", 10) == \
        "sha256:3ed66d1e7c58b24013494d8758b15775e110bef3f6137ad4f5e6087283a239bf"


def test_codex_hooks_and_their_trust_go_in_one_block_that_leaves_the_file_byte_for_byte_on_removal(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(USERS_OWN_TOML)
    plan = tool("plan", "codex", config, config, *commands("codex"))
    assert plan.returncode == 0 and "# BEGIN argcheck hooks" in plan.stdout
    added = tool("add", "codex", config, config, *commands("codex"))
    assert added.stdout.splitlines() == [f"hooks {config}"]
    whole = tomllib.loads(config.read_text())
    assert whole["model"] == "o4" and whole["hooks"]["PreToolUse"][0]["hooks"][0]["command"] == "mine"
    states = whole["hooks"]["state"]
    for event in events("codex"):
        groups = whole["hooks"][event]
        index = len(groups) - 1  # ours come after the user's own: PreToolUse's is the second group
        key = f"{config}:{''.join('_' + c.lower() if c.isupper() else c for c in event).lstrip('_')}:{index}:0"
        command = groups[index]["hooks"][0]["command"]
        assert command == f"{LAUNCHER} --agent codex {event}" and "matcher" not in groups[index]
        assert states[key] == {"trusted_hash": trust_hash(event, None, command, 10)}
    assert f"{config}:pre_tool_use:1:0" in states
    assert tool("status", "codex", config).stdout.strip() == "installed"
    assert tool("plan", "codex", config, config, *commands("codex")).stdout == ""  # nothing to add twice
    assert tool("remove", "codex", config).returncode == 0
    assert config.read_text() == USERS_OWN_TOML
    assert tool("status", "codex", config).stdout.strip() == "none"


def test_a_hand_edited_codex_block_is_left_and_said_and_an_install_over_it_refused(tmp_path):
    config = tmp_path / "config.toml"
    tool("add", "codex", config, config, *commands("codex"))
    edited = config.read_text().replace("timeout = 10", "timeout = 30", 1)
    config.write_text(edited)
    assert tool("status", "codex", config).stdout.strip() == "edited"
    removed = tool("remove", "codex", config)
    assert removed.returncode == 0 and removed.stdout.strip() == "edited" and config.read_text() == edited
    again = tool("add", "codex", config, config, *commands("codex"))
    assert again.returncode == 5 and "edited by hand" in again.stderr and config.read_text() == edited


def test_with_a_project_the_hooks_go_to_its_config_and_their_trust_to_the_users(tmp_path):
    project, user = tmp_path / "repo" / ".codex" / "config.toml", tmp_path / "home" / "config.toml"
    user.parent.mkdir()
    user.write_text('model = "o4"\n')
    added = tool("add", "codex", project, user, *commands("codex"))
    assert added.returncode == 0, added.stderr
    assert sorted(added.stdout.splitlines()) == sorted([f"hooks {project}", f"created-file {project}", f"hooks {user}"])
    assert "state" not in tomllib.loads(project.read_text())["hooks"]
    assert f"{project}:stop:0:0" in tomllib.loads(user.read_text())["hooks"]["state"]
    assert tool("status", "codex", project, user).stdout.strip() == "installed"
    tool("remove", "codex", project)
    tool("remove", "codex", user)
    assert project.read_text() == "" and user.read_text() == 'model = "o4"\n'


def test_a_users_hooks_written_another_way_are_refused_not_broken(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('hooks = { PreToolUse = [] }\n')
    done = tool("add", "codex", config, config, *commands("codex"))
    assert done.returncode == 1 and "cannot use" in done.stderr and "Traceback" not in done.stderr
    assert config.read_text() == 'hooks = { PreToolUse = [] }\n'


def test_gemini_hooks_join_the_users_own_and_leave_them_on_removal(tmp_path):
    settings = tmp_path / "settings.json"
    mine = {"matcher": "x", "hooks": [{"type": "command", "command": "mine"}]}
    own = {"theme": "dark", "hooks": {"BeforeTool": [mine]}}
    settings.write_text(json.dumps(own))
    plan = json.loads(tool("plan", "gemini", settings, *commands("gemini")).stdout)
    assert set(plan["hooks"]) == set(events("gemini"))
    assert plan["hooks"]["BeforeTool"][0]["hooks"][0]["timeout"] == 10000
    records = tool("add", "gemini", settings, *commands("gemini")).stdout.splitlines()
    assert len(records) == len(events("gemini"))
    after = json.loads(settings.read_text())
    assert after["hooks"]["BeforeTool"][0] == own["hooks"]["BeforeTool"][0]
    assert tool("status", "gemini", settings).stdout.strip() == "installed"
    assert json.loads(tool("plan", "gemini", settings, *commands("gemini")).stdout) == {}
    _, event, matcher, command = records[0].split("\t")
    after["hooks"][event][-1]["hooks"][0]["timeout"] = 1  # the user changed one of argcheck's entries
    settings.write_text(json.dumps(after))
    for record in records:
        said = tool("remove", "gemini", settings, *record.split("\t")[1:]).stdout.strip()
        assert said == ("kept" if record == records[0] else "")
    left = json.loads(settings.read_text())
    assert list(left["hooks"]) == [event] and left["theme"] == "dark"
    assert left["hooks"][event][0] == own["hooks"]["BeforeTool"][0]


def test_a_command_list_that_misses_an_event_is_a_clear_error(tmp_path):
    done = tool("add", "gemini", tmp_path / "settings.json", *commands("gemini")[1:])
    assert done.returncode == 1 and "give EVENT=COMMAND for exactly" in done.stderr
    assert not (tmp_path / "settings.json").exists()
