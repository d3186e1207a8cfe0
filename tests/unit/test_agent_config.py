"""checker/tools/agent_config.py, which install.sh --agent codex|gemini uses: the Codex MCP block and the Gemini
CLI MCP entry go in and come out exactly, an entry argcheck did not write is refused (exit 5), and the skills
CLI's lock names a skill's source."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "checker" / "tools" / "agent_config.py"
COMMAND = "/opt/argcheck/bin/argcheck"


def tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True)


@pytest.mark.parametrize("original", ["", 'model = "o4"\n', 'model = "o4"', '[mcp_servers.x]\ncommand = "x"\n\n'])
def test_the_codex_block_goes_in_once_and_comes_out_byte_for_byte(tmp_path, original):
    config = tmp_path / "config.toml"
    if original:
        config.write_text(original)
    first = tool("codex-mcp", "add", str(config), COMMAND)
    assert first.returncode == 0, first.stderr
    assert first.stdout == ("" if original else "created\n")
    assert tool("codex-mcp", "add", str(config), COMMAND).returncode == 0  # again: replaces, no second block
    text = config.read_text()
    assert text.count("[mcp_servers.argcheck]") == 1
    assert tomllib.loads(text)["mcp_servers"]["argcheck"] == {"command": COMMAND, "args": ["mcp"]}
    assert tool("codex-mcp", "remove", str(config)).returncode == 0
    assert config.read_text() == original


@pytest.mark.parametrize("theirs", ['[mcp_servers.argcheck]\ncommand = "mine"\n',
                                    'mcp_servers.argcheck.command = "mine"\n',
                                    '[mcp_servers."argcheck".env]\nA = "1"\n'])
def test_a_codex_entry_named_argcheck_that_argcheck_did_not_write_is_refused(tmp_path, theirs):
    config = tmp_path / "config.toml"
    config.write_text(theirs)
    for verb in ("check", "add"):
        result = tool("codex-mcp", verb, str(config), COMMAND)
        assert result.returncode == 5 and "that argcheck did not add" in result.stderr, result
    assert config.read_text() == theirs


def test_a_codex_config_that_is_not_toml_is_left_alone_with_exit_1(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("model = \n")
    result = tool("codex-mcp", "add", str(config), COMMAND)
    assert result.returncode == 1 and "is not valid TOML" in result.stderr and "Traceback" not in result.stderr
    assert config.read_text() == "model = \n"


def test_the_gemini_entry_keeps_the_users_settings_and_only_ours_is_removed(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"theme": "dark", "mcpServers": {"other": {"command": "x"}}}))
    assert tool("gemini-mcp", "add", str(settings), COMMAND).returncode == 0
    assert json.loads(settings.read_text())["mcpServers"]["argcheck"] == {"command": COMMAND, "args": ["mcp"]}
    assert tool("gemini-mcp", "remove", str(settings), "/another/argcheck").returncode == 0  # not ours: kept
    assert "argcheck" in json.loads(settings.read_text())["mcpServers"]
    assert tool("gemini-mcp", "remove", str(settings), COMMAND).returncode == 0
    assert json.loads(settings.read_text()) == {"theme": "dark", "mcpServers": {"other": {"command": "x"}}}


def test_a_gemini_entry_named_argcheck_that_is_not_ours_is_refused(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"mcpServers": {"argcheck": {"command": "mine"}}}))
    result = tool("gemini-mcp", "check", str(settings), COMMAND)
    assert result.returncode == 5 and "mcpServers.argcheck entry that argcheck did not add" in result.stderr
    settings.write_text("[1, 2]")
    result = tool("gemini-mcp", "add", str(settings), COMMAND)
    assert result.returncode == 1 and "not a JSON object" in result.stderr


def test_the_skills_cli_lock_names_the_source_folder_relative_to_the_lock(tmp_path):
    (tmp_path / "clone").mkdir()
    project = tmp_path / "project"
    project.mkdir()
    lock = project / "skills-lock.json"
    lock.write_text(json.dumps({"version": 1, "skills": {
        "toulmin": {"source": "../clone", "sourceType": "local"},
        "triz": {"source": "owner/repo", "sourceType": "github"}}}))
    assert tool("lock-source", str(lock), "toulmin").stdout.strip() == str((tmp_path / "clone").resolve())
    assert tool("lock-source", str(lock), "triz").stdout.strip() == ""
    assert tool("lock-source", str(lock), "council").stdout.strip() == ""
    assert tool("lock-source", str(tmp_path / "missing.json"), "toulmin").stdout.strip() == ""
