"""checker/tools/claude_hooks.py: what install.sh --hooks adds to a settings file, and takes out again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "checker" / "tools" / "claude_hooks.py"
sys.path.insert(0, str(TOOL.parent))

from claude_hooks import EVENTS, hook_group  # noqa: E402


def commands(launcher: str) -> list[str]:
    """EVENT=COMMAND for each event, as install.sh's hook_command claude EVENT makes them."""
    import shlex

    return [f"{event}={shlex.quote(launcher)} {event}" for event in EVENTS]


def tool(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True, text=True, timeout=30)


def test_plan_shows_exactly_what_add_adds_and_nothing_once_it_is_there(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"model": "opus", "permissions": {"allow": ["Skill(one)"]},
                                    "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}]}]}}))
    plan = json.loads(tool("plan", settings, *commands("/opt/x y/argcheck-hook"), "one", "two").stdout)
    assert plan["permissions"] == {"allow": ["Skill(two)"]}
    assert set(plan["hooks"]) == set(EVENTS)
    assert plan["hooks"]["PreToolUse"][0]["hooks"][0]["command"] == "'/opt/x y/argcheck-hook' PreToolUse"
    records = tool("add", settings, *commands("/opt/x y/argcheck-hook"), "one", "two").stdout.splitlines()
    assert len(records) == len(EVENTS) + 1 and records[-1] == "allow\tSkill(two)"
    after = json.loads(settings.read_text())
    assert after["model"] == "opus" and after["hooks"]["Stop"][0]["hooks"][0]["command"] == "mine"
    assert after["hooks"]["Stop"][1] == plan["hooks"]["Stop"][0]
    assert json.loads(tool("plan", settings, *commands("/opt/x y/argcheck-hook"), "one", "two").stdout) == {}
    assert tool("add", settings, *commands("/opt/x y/argcheck-hook"), "one", "two").stdout.strip() == ""
    assert json.loads(settings.read_text()) == after


def test_remove_takes_out_one_entry_and_keeps_the_users_own(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}]}]}}))
    tool("add", settings, *commands("/bin/argcheck-hook"))
    for event in EVENTS:
        group = hook_group(event, "/bin/argcheck-hook")
        assert tool("remove", settings, event, group.get("matcher", ""), group["hooks"][0]["command"]).returncode == 0
    assert json.loads(settings.read_text()) == {
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}]}]}}


def test_drop_if_empty_deletes_only_a_file_with_nothing_left(tmp_path):
    empty, kept = tmp_path / "empty.json", tmp_path / "kept.json"
    empty.write_text('{"permissions": {"allow": []}, "hooks": {}}')
    kept.write_text('{"permissions": {"allow": ["Bash(ls:*)"]}}')
    tool("drop-if-empty", empty)
    tool("drop-if-empty", kept)
    assert not empty.exists() and kept.exists()


def test_a_settings_file_that_is_not_an_object_is_left_alone(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text("[1, 2]")
    done = tool("add", settings, *commands("/bin/argcheck"))
    assert done.returncode == 1 and "cannot use" in done.stderr and settings.read_text() == "[1, 2]"


PLUGIN_LAUNCHER = '"${CLAUDE_PLUGIN_ROOT}/hooks/argcheck-hook"'


def test_the_plugin_ships_the_same_hooks_through_its_launcher_not_path():
    shipped = json.loads((REPO / "hooks" / "hooks.json").read_text())
    assert shipped["hooks"] == {event: [hook_group(event, PLUGIN_LAUNCHER)] for event in EVENTS}
    assert "argcheck hook" not in (REPO / "hooks" / "hooks.json").read_text()
    assert (REPO / ".claude-plugin" / "plugin.json").exists()


def test_the_plugin_launcher_runs_the_installed_argcheck_never_the_one_on_path(tmp_path):
    import os
    import subprocess

    impostor = tmp_path / "agent-bin"
    impostor.mkdir()
    (impostor / "argcheck").write_text("#!/bin/sh\necho impostor\n")
    (impostor / "argcheck").chmod(0o755)
    installed = tmp_path / "prefix" / "share" / "argcheck" / "argcheck-hook"
    installed.parent.mkdir(parents=True)
    installed.write_text("#!/bin/sh\necho \"installed $*\"\n")
    installed.chmod(0o755)
    env = {"PATH": f"{impostor}{os.pathsep}/usr/bin:/bin", "HOME": str(tmp_path / "home"),
           "ARGCHECK_PREFIX": str(tmp_path / "prefix")}
    launcher = str(REPO / "hooks" / "argcheck-hook")
    ran = subprocess.run([launcher, "PreToolUse"], env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert ran.stdout == "installed PreToolUse\n"
    ran = subprocess.run([launcher, "Stop"], env=dict(env, ARGCHECK_PREFIX=""), capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stdout == ""  # nothing installed: no decision, never the impostor
