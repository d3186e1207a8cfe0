"""The Claude Code plugin and marketplace manifests, and the skills they ship, are valid and agree."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.kit.cache import tool_cache

REPO = Path(__file__).resolve().parents[2]
PLUGIN_DIR = REPO / ".claude-plugin"
SKILLS_DIR = REPO / "skills"

KEBAB = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SKILL_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$")
RESERVED_MARKETPLACE_NAMES = {
    "claude-code-marketplace",
    "claude-code-plugins",
    "claude-plugins-official",
    "anthropic-marketplace",
    "anthropic-plugins",
    "agent-skills",
    "knowledge-work-plugins",
    "life-sciences",
}
SPEC_SKILL_KEYS = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}


def load_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def pyproject_version() -> str:
    text = (REPO / "checker" / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    match = re.search(r'^version\s*=\s*"([^"]+)"', project, re.MULTILINE)
    assert match, "checker/pyproject.toml has no [project] version"
    return match.group(1)


def frontmatter(skill_md: Path) -> dict[str, str]:
    """Top-level `key: value` pairs of a SKILL.md's YAML frontmatter (plain, quoted or block scalars)."""
    lines = skill_md.read_text(encoding="utf-8").splitlines()
    assert lines and lines[0].strip() == "---", f"{skill_md} must start with a --- frontmatter line"
    end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() == "---"), None)
    assert end is not None, f"{skill_md} frontmatter has no closing ---"
    fields: dict[str, str] = {}
    key = None
    block: list[str] = []
    for line in lines[1:end]:
        top = re.match(r"^([A-Za-z0-9_-]+):\s*(.*)$", line)
        if top:
            if key is not None and block:
                fields[key] = " ".join(block)
            key, value = top.group(1), top.group(2).strip()
            block = []
            if value in {">", "|", ">-", "|-", ">+", "|+", ""}:
                fields[key] = ""
            else:
                fields[key] = value[1:-1] if value[:1] in "'\"" and value[-1:] == value[:1] else value
                key = None
        elif key is not None and line.strip():
            block.append(line.strip())
    if key is not None and block:
        fields[key] = " ".join(block)
    return fields


def skill_folders() -> list[Path]:
    return sorted(p for p in SKILLS_DIR.iterdir() if p.is_dir()) if SKILLS_DIR.is_dir() else []


@pytest.fixture(scope="module")
def plugin() -> dict:
    return load_json(PLUGIN_DIR / "plugin.json")


@pytest.fixture(scope="module")
def marketplace() -> dict:
    return load_json(PLUGIN_DIR / "marketplace.json")


def test_plugin_json_has_the_required_and_expected_fields(plugin):
    assert plugin["name"] == "argcheck"
    assert KEBAB.match(plugin["name"])
    assert SEMVER.match(plugin["version"])
    assert plugin["description"].strip()
    assert plugin["author"]["name"].strip()
    assert plugin["license"] == "MIT"
    assert plugin["keywords"] and all(isinstance(k, str) and k for k in plugin["keywords"])


def test_plugin_version_matches_the_checker_version(plugin, marketplace):
    version = pyproject_version()

    assert plugin["version"] == version
    assert marketplace["metadata"]["version"] == version
    assert [p.get("version", version) for p in marketplace["plugins"]] == [version]


def test_plugin_skills_path_points_at_the_skills_folder(plugin):
    skills = plugin["skills"]
    paths = [skills] if isinstance(skills, str) else skills

    for path in paths:
        assert path.startswith("./") and ".." not in Path(path).parts
        assert (REPO / path).resolve() == SKILLS_DIR.resolve()


def test_plugin_declares_the_argcheck_mcp_server(plugin):
    assert plugin["mcpServers"] == {"argcheck": {"command": "argcheck", "args": ["mcp"]}}


def test_marketplace_lists_this_repo_as_its_one_plugin(marketplace, plugin):
    assert KEBAB.match(marketplace["name"])
    assert marketplace["name"] not in RESERVED_MARKETPLACE_NAMES
    assert marketplace["owner"]["name"].strip()
    assert len(marketplace["plugins"]) == 1
    entry = marketplace["plugins"][0]
    assert entry["name"] == plugin["name"]
    assert entry["source"] == "./"
    assert (REPO / entry["source"] / ".claude-plugin" / "plugin.json").is_file()
    assert entry["description"] == plugin["description"]


def test_skills_folder_holds_at_least_the_deliberate_skill():
    assert (SKILLS_DIR / "deliberate").is_dir()
    assert skill_folders()


@pytest.mark.parametrize("folder", skill_folders(), ids=lambda p: p.name)
def test_every_skill_folder_has_a_skill_md_named_after_it_with_a_use_when_description(folder):
    skill_md = folder / "SKILL.md"
    assert skill_md.is_file(), f"skills/{folder.name} has no SKILL.md"

    fields = frontmatter(skill_md)

    assert fields.get("name") == folder.name
    assert SKILL_NAME.match(folder.name) and len(folder.name) <= 64
    assert not {"claude", "anthropic"} & set(folder.name.split("-"))
    description = fields.get("description", "")
    assert description.startswith("Use when"), f"description must start with 'Use when': {description[:60]!r}"
    assert len(description) <= 1024
    assert "<" not in description and ">" not in description
    assert set(fields) <= SPEC_SKILL_KEYS, f"keys outside the Agent Skills spec: {set(fields) - SPEC_SKILL_KEYS}"


def test_frontmatter_reader_handles_quoted_and_folded_values(tmp_path):
    skill_md = tmp_path / "SKILL.md"
    skill_md.write_text(
        '---\nname: "x-y"\ndescription: >\n  Use when one\n  and two\nlicense: MIT\n---\nbody\n',
        encoding="utf-8",
    )

    assert frontmatter(skill_md) == {"name": "x-y", "description": "Use when one and two", "license": "MIT"}


def real_claude() -> str | None:
    root = Path(os.environ.get("ARGCHECK_REALCLI_DIR") or tool_cache() / "realcli") / "claude"
    for candidate in (
        root / "node_modules" / ".bin" / "claude",
        root / "node_modules" / "@anthropic-ai" / "claude-code-linux-x64" / "claude",
    ):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("claude") if os.environ.get("ARGCHECK_USE_PATH_CLAUDE") == "1" else None


@pytest.mark.realcli
def test_real_claude_code_accepts_the_plugin_and_marketplace(tmp_path):
    claude = real_claude()
    if claude is None:
        pytest.skip("the pinned Claude Code CLI is not installed (tests/setup/install-real-clis.sh)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "ANTHROPIC"))}
    env["HOME"] = str(tmp_path)

    result = subprocess.run(
        [claude, "plugin", "validate", str(REPO)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "Validation passed" in result.stdout
