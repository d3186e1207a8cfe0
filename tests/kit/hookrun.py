"""Driving the real Claude Code with argcheck's hooks installed the documented way (`./install.sh --hooks`).

`install_with_hooks` runs the install into a fresh HOME and prefix (the user's one consent step, `--yes`);
`Session` runs `claude -p` turns in a project against a scripted mock model, `--resume`-ing the same
conversation for each later turn, and keeps every turn's JSON result.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from mock_llm_server import CLAUDE_ENV, MockLLMServer, tool_results

REPO = Path(__file__).resolve().parents[2]
INSTALL_LIMIT = 300
TURN_LIMIT = 180


def install_with_hooks(root: Path) -> dict:
    """./install.sh --hooks --yes into root/home and root/prefix; {"home", "bin"}."""
    home, prefix = root / "home", root / "prefix"
    home.mkdir(parents=True)
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    env.pop("ARGCHECK_PREFIX", None)
    done = subprocess.run([str(REPO / "install.sh"), "--prefix", str(prefix), "--hooks", "--yes"],
                          capture_output=True, text=True, env=env, cwd=root, stdin=subprocess.DEVNULL,
                          timeout=INSTALL_LIMIT)
    assert done.returncode == 0, done.stdout + done.stderr
    return {"home": home, "bin": prefix / "bin"}


def bash(command: str) -> dict:
    """A scripted model step: run `command` with the Bash tool."""
    return {"tool": {"name": "Bash", "input": {"command": command, "description": "protocol step"}}}


def tool(name: str, **tool_input) -> dict:
    return {"tool": {"name": name, "input": tool_input}}


@dataclass
class Session:
    """One Claude Code conversation in `project`, the model scripted by `server`."""

    installed: dict
    claude_bin: Path
    project: Path
    server: MockLLMServer
    session_id: str | None = None
    results: list = field(default_factory=list)
    new_session: str | None = None  # the first turn's session id (`--session-id`), so a run can be started for it

    def env(self) -> dict:
        keep = ("LANG", "LC_ALL", "TERM")
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.update(CLAUDE_ENV, HOME=str(self.installed["home"]), ANTHROPIC_BASE_URL=self.server.base_url,
                   ANTHROPIC_API_KEY="dummy", XDG_CONFIG_HOME=str(self.installed["home"] / ".config"))
        env["PATH"] = os.pathsep.join([str(self.claude_bin), str(self.installed["bin"]),
                                       os.environ.get("PATH", "/usr/bin:/bin")])
        return env

    def turn(self, prompt: str) -> dict:
        """One user turn (`claude -p PROMPT`, resumed after the first); its JSON result."""
        args = ["claude", "-p", prompt, "--output-format", "json"]
        if self.session_id:
            args += ["--resume", self.session_id]
        elif self.new_session:
            args += ["--session-id", self.new_session]
        done = subprocess.run(args, cwd=self.project, env=self.env(), capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=TURN_LIMIT)
        assert done.stdout.strip(), done.stderr[-2000:]
        result = json.loads(done.stdout)
        self.session_id = result["session_id"]
        self.results.append(result)
        return result

    def tool_results(self) -> list:
        """Every tool result the model has been sent so far, in order."""
        return tool_results(self.server.model_requests()[-1]["body"])

    def argcheck(self, *args) -> subprocess.CompletedProcess:
        """Run the installed argcheck in the project, as the user would in a shell."""
        return subprocess.run(["argcheck", *args], cwd=self.project, env=self.env(), capture_output=True,
                              text=True, timeout=60)


def denied_commands(result: dict) -> list[str]:
    return [d.get("tool_input", {}).get("command", d.get("tool_name")) for d in result.get("permission_denials", [])]
