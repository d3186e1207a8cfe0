"""`npx skills add ./` from a clone, then the documented CLI install: the pinned open `skills` CLI (on the
pinned Node 22, tests/setup/install-skills-cli.sh) installs the four skills for Claude Code and Codex in a
fresh HOME, `./install.sh --agent claude --agent codex` then installs the argcheck CLI without touching
them (no exit 5), `argcheck doctor` passes and counts them, and the real Codex and Claude Code list them.

The clone is a copy of this checkout's tracked files (what `git clone` gives, with any uncommitted edits).
The skills CLI runs offline: a local path, and DO_NOT_TRACK=1 (its install telemetry and audit lookups
are off). No API key and no network beyond 127.0.0.1. A missing skills CLI or real CLI FAILS.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_skill_discovery_real import LISTING_HEADER, split_skill, system_texts

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
SETUP = REPO / "tests" / "setup" / "install-skills-cli.sh"
SKILLS = tuple(sorted(path.parent.name for path in (REPO / "skills").glob("*/SKILL.md")))
INSTALL_LIMIT = 300


@pytest.fixture(scope="module")
def skills_cli() -> Path:
    """The pinned skills CLI's launcher; fails when tests/setup/install-skills-cli.sh has not run."""
    proc = subprocess.run(["bash", str(SETUP), "--check"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        pytest.fail(f"the pinned skills CLI is not installed: run {SETUP.relative_to(REPO)}\n{proc.stderr.strip()}",
                    pytrace=False)
    paths = dict(line.split(" ", 2)[0::2] for line in proc.stdout.splitlines())
    return Path(paths["skills"])


def copy_checkout(target: Path) -> Path:
    """The tracked files of this checkout, as a clone would have them."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=True).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def run(argv, env, cwd, limit=120) -> subprocess.CompletedProcess:
    proc = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=limit)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    return proc


def skills_listing(body: dict) -> str:
    """The `<skills_instructions>` text of a Codex request: the skill roots table and one line per skill."""
    return "\n".join(c.get("text", "") for item in body["input"] for c in item.get("content", []) or []
                     if isinstance(c, dict) and "<skills_instructions>" in c.get("text", ""))


def description_of(name: str) -> str:
    return split_skill((REPO / "skills" / name / "SKILL.md").read_text(encoding="utf-8"))[0]


def test_skills_cli_then_install_sh_then_doctor_and_both_agents_list_the_skills(
    skills_cli, real_clis, sandbox, codex_env, claude_env, mock_server
):
    home, work = sandbox / "home", sandbox / "work"
    clone = copy_checkout(sandbox / "clone")
    env = {**os.environ, "HOME": str(home), "TMPDIR": str(sandbox / "tmp"), "DO_NOT_TRACK": "1",
           "DISABLE_TELEMETRY": "1", "PIP_CACHE_DIR": str(Path.home() / ".cache" / "pip"),
           "RUSTUP_HOME": str(sandbox / "rustup")}
    for name in ("ARGCHECK_PREFIX", "CODEX_HOME", "GEMINI_CLI_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        env.pop(name, None)

    # 1. npx skills add ./ (its bin, on the pinned Node) for Claude Code and Codex, user-wide.
    added = run([str(skills_cli), "add", "./", "--global", "--agent", "claude-code", "--agent", "codex",
                 "--skill", "*", "--yes"], env, clone)
    assert added.returncode == 0, f"skills add exited {added.returncode}:\n{added.stdout}\n{added.stderr}"
    for folder in (home / ".claude" / "skills", home / ".agents" / "skills"):
        for name in SKILLS:
            installed = folder / name / "SKILL.md"
            assert installed.is_file(), f"the skills CLI did not install {installed}:\n{added.stdout}"
            assert installed.read_bytes() == (REPO / "skills" / name / "SKILL.md").read_bytes()
    assert (home / ".claude" / "skills" / SKILLS[0]).is_symlink()  # how 1.7.x installs for Claude Code

    # 2. The documented CLI install: it leaves the skills CLI's skills as they are, and says so.
    prefix = sandbox / "prefix"
    installed = run([str(clone / "install.sh"), "--prefix", str(prefix), "--agent", "claude", "--agent", "codex"],
                    env, clone, INSTALL_LIMIT)
    assert installed.returncode == 0, f"install.sh exited {installed.returncode}:\n{installed.stderr}"
    assert "left as they are (not argcheck's copies" in installed.stderr
    assert f"{len(SKILLS)} skills already in {home}/.claude/skills" in installed.stdout, installed.stdout
    assert not list(home.glob("*/skills/*/.argcheck-installed"))

    # 3. argcheck doctor passes and counts the four skills for both agents.
    env["PATH"] = f"{prefix / 'bin'}{os.pathsep}{env['PATH']}"
    doctor = run(["argcheck", "doctor"], env, work)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert re.search(r"^skills: +claude ~, codex ~, ", doctor.stdout, re.M), doctor.stdout
    assert "install:" not in doctor.stdout, doctor.stdout

    # 4. The real Codex lists the four skills from ~/.agents/skills with their descriptions.
    server = mock_server([{"reply": "ok"}])
    codex = run([str(real_clis["codex"]), "exec", "--skip-git-repo-check", "--sandbox", "read-only", "hi"],
                codex_env(server.base_url), work)
    assert codex.returncode == 0, codex.stderr
    listing = skills_listing(server.model_requests()[0]["body"])
    assert f"`{home}/.agents/skills`" in listing, listing[:2000]
    for name in SKILLS:
        assert f"- {name}: {description_of(name)}" in listing, f"Codex does not list {name}: {listing[:2000]}"

    # 5. The real Claude Code lists them too (through the symlinks in ~/.claude/skills).
    claude = run([str(real_clis["claude"]), "-p", "hi", "--output-format", "json"],
                 claude_env(server.base_url), work)
    assert claude.returncode == 0, claude.stdout + claude.stderr
    first = [r for r in server.model_requests() if "/messages" in r["path"]][0]["body"]
    texts = [t for t in system_texts(first) if LISTING_HEADER in t]
    assert texts, "Claude Code lists no skills"
    for name in SKILLS:
        assert f"- {name}: {description_of(name)}" in texts[0], f"Claude Code does not list {name}"


def test_codex_lists_the_project_skills_and_the_mcp_server_install_sh_adds_and_uninstall_restores_config(
    real_clis, sandbox, codex_env, mock_server
):
    """`./install.sh --agent codex --project DIR --mcp`: the real Codex lists the four skills in
    DIR/.agents/skills and the argcheck MCP server with the installed command; `--uninstall --agent codex`
    leaves its config.toml byte for byte as it was."""
    server = mock_server()
    codex = codex_env(server.base_url)
    config = Path(codex["CODEX_HOME"]) / "config.toml"
    before = config.read_bytes()
    env = {**os.environ, **codex, "PIP_CACHE_DIR": str(Path.home() / ".cache" / "pip"),
           "RUSTUP_HOME": str(sandbox / "rustup")}
    env.pop("ARGCHECK_PREFIX", None)
    prefix = sandbox / "prefix"
    work = sandbox / "work"
    installed = run([str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", "codex", "--project", str(work),
                     "--mcp"], env, work, INSTALL_LIMIT)
    assert installed.returncode == 0, installed.stderr
    codex_run = run([str(real_clis["codex"]), "exec", "--skip-git-repo-check", "--sandbox", "read-only", "hi"],
                    codex, work)
    assert codex_run.returncode == 0, codex_run.stderr
    listing = skills_listing(server.model_requests()[0]["body"])
    assert f"`{work}/.agents/skills`" in listing, listing[:2000]
    for name in SKILLS:
        assert f"- {name}: {description_of(name)}" in listing, f"Codex does not list {name}: {listing[:2000]}"
    listed = run([str(real_clis["codex"]), "mcp", "get", "argcheck"], codex, work, 60)
    assert listed.returncode == 0, listed.stderr
    assert re.search(rf"command: {re.escape(str(prefix / 'bin' / 'argcheck'))}\s", listed.stdout), listed.stdout
    assert re.search(r"args: mcp\s", listed.stdout), listed.stdout

    removed = run([str(REPO / "install.sh"), "--prefix", str(prefix), "--agent", "codex", "--project", str(work),
                   "--uninstall"], env, work)
    assert removed.returncode == 0, removed.stderr
    assert config.read_bytes() == before
    assert not (work / ".agents").exists()
