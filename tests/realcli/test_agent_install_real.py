"""The hooks install.sh --hooks writes for Codex CLI and Gemini CLI are the ones the pinned clients run.

The hooks are added by the installer's own functions (installer/hooks.bash `agent_hooks add AGENT`, the step
`./install.sh --agent AGENT --hooks` takes after the consent), with a stub in place of the launcher
`argcheck-hook`: it logs its arguments and gives no decision, so these tests need nothing of `argcheck hook
--agent` itself. Then:
- Codex CLI 0.169.0: `codex app-server` hooks/list reports each argcheck hook trusted (Codex skips an
  untrusted hook without a word), and a real `codex exec` against the mock model runs them;
- Gemini CLI 0.61.0: a real `gemini -p` against the mock runs them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from codexrun import CodexPlan, SandboxAccess, drive, scratch_dir
from geminirun import GeminiPlan
from geminirun import drive as gemini_drive
from mock_gemini import GEMINI_SETTINGS, gemini_env
from mock_llm_server import CODEX_CONFIG

pytestmark = pytest.mark.realcli
REPO = Path(__file__).resolve().parents[2]
STUB = "#!/bin/sh\ncat >/dev/null\nprintf '%s\\n' \"$*\" >>{log}\n"


@pytest.fixture
def box():
    root = scratch_dir()  # outside /tmp: Codex's sandbox may write /tmp
    for name in ("home", "project", "prefix/share/argcheck"):
        (root / name).mkdir(parents=True)
    launcher = root / "prefix" / "share" / "argcheck" / "argcheck-hook"
    launcher.write_text(STUB.format(log=root / "hooks.log"))
    launcher.chmod(0o755)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def install_hooks(root: Path, agent: str, env: dict, project: str = "") -> str:
    """installer/hooks.bash's `agent_hooks add AGENT`, as install.sh runs it (the launcher already there), with
    --project PROJECT when given."""
    script = f"""set -euo pipefail
SOURCE_DIR={REPO}; PROJECT="{project}"; SHARE_DIR={root}/prefix/share/argcheck; PYTHON=python3; DRY_RUN=0
die() {{ echo "$*" >&2; exit 1; }}
absolute_path() {{ printf '%s\\n' "$1"; }}
source {REPO}/installer/agents.bash; source {REPO}/installer/claude.bash; source {REPO}/installer/hooks.bash
agent_hooks add {agent}"""
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def logged(root: Path) -> list[str]:
    log = root / "hooks.log"
    return log.read_text().splitlines() if log.exists() else []


def codex_hooks_list(codex: Path, env: dict, cwd: Path) -> list[dict]:
    """`codex app-server`'s hooks/list for CWD: every hook Codex found, with its trust status."""
    server = subprocess.Popen([str(codex), "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, env=env, cwd=cwd)
    try:
        for message in ({"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "t", "version": "1"}}},
                        {"method": "initialized"},
                        {"id": 2, "method": "hooks/list", "params": {"cwds": [str(cwd)]}}):
            server.stdin.write(json.dumps(message) + "\n")
            server.stdin.flush()
        for line in server.stdout:
            answer = json.loads(line)
            if answer.get("id") == 2:
                return answer["result"]["data"][0]["hooks"]
        raise AssertionError("codex app-server ended without answering hooks/list")
    finally:
        server.kill()
        server.wait(timeout=10)


def test_codex_sees_every_argcheck_hook_trusted_and_runs_them_in_a_real_exec(real_clis, box):
    codex_home = box / "home" / ".codex"
    codex_home.mkdir()
    path = os.pathsep.join([str(real_clis["codex"].parent), os.environ.get("PATH", os.defpath)])
    env = {"PATH": path, "HOME": str(box / "home"), "CODEX_HOME": str(codex_home), "MOCK_API_KEY": "dummy"}

    def env_for(base_url: str) -> dict:
        (codex_home / "config.toml").write_text(CODEX_CONFIG.format(base_url=base_url), encoding="utf-8")
        install_hooks(box, "codex", env)
        return env

    env_for("http://127.0.0.1:9")
    hooks = codex_hooks_list(real_clis["codex"], env, box / "project")
    ours = {hook["eventName"]: hook["trustStatus"] for hook in hooks if "argcheck-hook" in hook["command"]}
    assert ours == dict.fromkeys(["sessionStart", "userPromptSubmit", "preToolUse", "permissionRequest",
                                  "postToolUse", "stop"], "trusted"), hooks

    plan = CodexPlan().user("say hi").run("echo hi").reply("done")
    outcome = drive(plan, real_clis["codex"], box / "project", env_for, SandboxAccess())
    assert outcome.calls[0].completed(), outcome.calls[0].stderr[-2000:]
    ran = logged(box)
    for event in ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"):
        assert f"--agent codex {event}" in ran, ran


@pytest.mark.parametrize("trusted", [True, False])
def test_codex_reads_a_projects_hooks_trusted_from_the_users_config_once_the_project_is_trusted(real_clis, box,
                                                                                              trusted):
    codex_home, project = box / "home" / ".codex", box / "project"
    codex_home.mkdir()
    level = "trusted" if trusted else "untrusted"
    (codex_home / "config.toml").write_text(f'[projects."{project}"]\ntrust_level = "{level}"\n')
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": str(box / "home"), "CODEX_HOME": str(codex_home)}
    install_hooks(box, "codex", env, project=str(project))
    hooks = codex_hooks_list(real_clis["codex"], env, project)
    ours = {(hook["source"], hook["trustStatus"]) for hook in hooks if "argcheck-hook" in hook["command"]}
    assert len([h for h in hooks if "argcheck-hook" in h["command"]]) == (6 if trusted else 0), hooks
    assert ours <= {("project", "trusted")}, hooks


def test_gemini_runs_every_argcheck_hook_in_a_real_headless_run(real_clis, box):
    settings = box / "home" / ".gemini" / "settings.json"
    settings.parent.mkdir()
    path = os.pathsep.join([str(real_clis["gemini"].parent), os.environ.get("PATH", os.defpath)])
    (box / "project" / "notes.txt").write_text("a note\n")

    def env_for(base_url: str) -> dict:
        settings.write_text(json.dumps(GEMINI_SETTINGS))
        env = {"PATH": path, "HOME": str(box / "home"), **gemini_env(base_url)}
        install_hooks(box, "gemini", env)
        return env

    plan = GeminiPlan().user("read the note").step(
        {"tool": {"name": "read_file", "args": {"file_path": "notes.txt"}}}).reply("done")
    outcome = gemini_drive(plan, real_clis["gemini"], box / "project", env_for)
    assert outcome.calls[0].ok(), outcome.calls[0].stderr[-2000:]
    ran = logged(box)
    for event in ("SessionStart", "BeforeAgent", "BeforeTool", "AfterAgent"):
        assert f"--agent gemini {event}" in ran, ran
