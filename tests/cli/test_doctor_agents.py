"""`argcheck doctor` on each agent's skills, user-wide and in the project, and what it says to run when
something is missing. Run as a subprocess with a fresh HOME and a controlled PATH."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import argcheck_executable, run_process

ROOT = Path(__file__).resolve().parents[2]
SKILLS = sorted(p.parent.name for p in (ROOT / "skills").glob("*/SKILL.md"))


@pytest.fixture
def box(tmp_path):
    """A fresh HOME, a project folder and a bin folder holding argcheck, argcheck-consult and jq."""
    home, project, bin_dir = tmp_path / "home", tmp_path / "project", tmp_path / "bin"
    for folder in (home, project, bin_dir):
        folder.mkdir()
    (bin_dir / "argcheck").symlink_to(argcheck_executable())
    (bin_dir / "argcheck-consult").write_text("#!/bin/sh\n")
    (bin_dir / "argcheck-consult").chmod(0o755)
    (bin_dir / "jq").symlink_to(shutil.which("jq") or "/bin/true")
    env = {"HOME": str(home), "PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin"}
    for name in ("CODEX_HOME", "GEMINI_CLI_HOME", "ARGCHECK_CONSULT"):
        env[name] = ""
    return home, project, bin_dir, env


def install_skills(folder: Path, clone: str | None = None, names=SKILLS) -> None:
    for name in names:
        (folder / name).mkdir(parents=True)
        (folder / name / "SKILL.md").write_text(f"---\nname: {name}\n---\n")
        if clone:
            (folder / name / ".argcheck-installed").write_text(
                f"Installed by argcheck 0.1.0 from {clone}; ./install.sh --uninstall removes it.\n")


def doctor(project: Path, env: dict):
    return run_process("doctor", env=env, cwd=str(project))


def skills_line(stdout: str) -> str:
    found = [line for line in stdout.splitlines() if line.startswith("skills:    ")]
    assert len(found) == 1, stdout
    return found[0][len("skills:    "):]


def install_line(stdout: str) -> str | None:
    found = [line[len("install:   "):] for line in stdout.splitlines() if line.startswith("install:   ")]
    return found[0] if found else None


def test_a_fresh_home_lists_no_skills_and_says_how_to_install_them(box):
    home, project, _bin, env = box
    result = doctor(project, env)
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) <= 12
    assert skills_line(result.stdout) == "none (claude, codex, gemini): ./install.sh --agent NAME in an argcheck clone"
    assert install_line(result.stdout) is None


def test_skills_installed_by_install_sh_count_user_wide_and_here(box, tmp_path):
    home, project, _bin, env = box
    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / "install.sh").write_text("#!/bin/sh\n")
    install_skills(home / ".claude" / "skills", str(clone))
    install_skills(project / ".agents" / "skills", str(clone))
    result = doctor(project, env)
    # Gemini CLI reads a project's .agents/skills too; they are Codex's here, so no Gemini policy is asked for.
    assert skills_line(result.stdout) == "claude ~, codex here, gemini here", result.stdout
    assert install_line(result.stdout) is None, result.stdout


def test_gemini_skills_without_the_policy_get_the_install_command_naming_their_clone(box, tmp_path):
    home, project, _bin, env = box
    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / "install.sh").write_text("#!/bin/sh\n")
    install_skills(project / ".gemini" / "skills", str(clone))
    result = doctor(project, env)
    assert skills_line(result.stdout) == "claude none, codex none, gemini here", result.stdout
    assert install_line(result.stdout) == f"cd {clone} && ./install.sh --agent gemini --hooks"


def test_the_skills_cli_lock_names_the_clone_and_a_partial_install_gets_its_command(box, tmp_path):
    home, project, _bin, env = box
    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / "install.sh").write_text("#!/bin/sh\n")
    install_skills(home / ".claude" / "skills")
    install_skills(home / ".agents" / "skills", names=SKILLS[:-1])
    lock = {"version": 3, "skills": {n: {"source": str(clone), "sourceType": "local"} for n in SKILLS}}
    (home / ".agents" / ".skill-lock.json").write_text(json.dumps(lock))
    result = doctor(project, env)
    total = len(SKILLS)
    assert skills_line(result.stdout) == f"claude ~, codex ~ {total - 1}/{total}, gemini ~ {total - 1}/{total}"
    assert install_line(result.stdout) == f"cd {clone} && ./install.sh --agent codex --agent gemini --hooks"


def test_without_argcheck_on_path_or_without_the_wrapper_or_jq_it_exits_1_and_says_what_to_run(box):
    home, project, bin_dir, env = box
    (bin_dir / "argcheck").unlink()
    result = doctor(project, env)
    assert result.exit_code == 1, result.output
    first = result.stdout.splitlines()[0]
    assert first.endswith("not on PATH: run ./install.sh in an argcheck clone, then put its bin folder on PATH"), first

    (bin_dir / "argcheck").symlink_to(argcheck_executable())
    (bin_dir / "argcheck-consult").unlink()
    result = doctor(project, env)
    assert result.exit_code == 1 and "argcheck-consult is not on PATH: run ./install.sh" in result.stdout

    (bin_dir / "argcheck-consult").write_text("#!/bin/sh\n")
    (bin_dir / "argcheck-consult").chmod(0o755)
    (bin_dir / "jq").unlink()
    env["PATH"] = str(bin_dir)  # no system folder, so no jq
    result = doctor(project, env)
    assert result.exit_code == 1 and "jq is missing" in result.stdout, result.output


def test_codex_home_and_gemini_cli_home_move_where_doctor_looks(box, tmp_path):
    home, project, _bin, env = box
    codex_home, gemini_home = tmp_path / "codex-home", tmp_path / "gemini-home"
    install_skills(codex_home / "skills")
    install_skills(gemini_home / ".gemini" / "skills")
    (gemini_home / ".gemini" / "policies").mkdir()
    (gemini_home / ".gemini" / "policies" / "argcheck.toml").write_text("# policy\n")
    env.update(CODEX_HOME=str(codex_home), GEMINI_CLI_HOME=str(gemini_home))
    result = doctor(project, env)
    assert skills_line(result.stdout) == "claude none, codex ~, gemini ~", result.stdout
    assert install_line(result.stdout) is None


def hooks_line(stdout: str) -> str:
    found = [line for line in stdout.splitlines() if line.startswith("hooks:     ")]
    assert len(found) == 1, stdout
    return found[0][len("hooks:     "):]


def test_doctor_says_per_agent_whether_argcheck_hooks_are_installed(box):
    home, project, _bin, env = box
    said = hooks_line(doctor(project, env).stdout)
    assert said.startswith("none: runs are unwitnessed; ./install.sh --agent NAME --hooks"), said
    launcher = "/opt/share/argcheck/argcheck-hook"
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").write_text(json.dumps(
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": f"{launcher} Stop"}]}]}}))
    (project / ".gemini").mkdir()
    command = f"{launcher} --agent gemini AfterAgent"
    (project / ".gemini" / "settings.json").write_text(json.dumps(
        {"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": command}]}]}}))
    tools = str(ROOT / "checker" / "tools")
    codex = home / ".codex" / "config.toml"
    added = __import__("subprocess").run(
        ["python3", f"{tools}/agent_hooks.py", "add", "codex", str(codex), str(codex),
         *[f"{event}={launcher} --agent codex {event}" for event in
           ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop")]],
        capture_output=True, text=True)
    assert added.returncode == 0, added.stderr
    assert hooks_line(doctor(project, env).stdout) == "claude ~, codex ~, gemini here"
    installed = codex.read_text()
    # A hook of the user's own before argcheck's moves argcheck's to another key, which Codex has no trust for.
    codex.write_text('[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "mine"\n\n' + installed)
    assert hooks_line(doctor(project, env).stdout) == \
        "claude ~, codex ~ (not trusted: Codex skips them; ./install.sh --agent codex --hooks again), gemini here"
    codex.write_text(installed.replace("timeout = 10", "timeout = 11", 1))
    assert hooks_line(doctor(project, env).stdout) == \
        "claude ~, codex ~ (edited by hand: Codex skips what changed), gemini here"
