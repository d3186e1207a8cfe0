"""After ./install.sh, the real (pinned) Claude Code finds the skills and can run them end to end.

One install per module (./install.sh --prefix <tmp>/prefix with HOME=<tmp>/home, about 20 s), then
Claude Code runs through the consult wrappers against the mock Messages API on 127.0.0.1 with that
HOME and <prefix>/bin first on PATH:

1. the first model request carries the system listing of the skills, with each installed skill's
   name and its SKILL.md description;
2. a scripted `Skill` tool_use for `deliberate` comes back as "Launching skill: deliberate" plus the
   installed SKILL.md body;
   (`install.sh --allow-skills` put the Skill(<name>) allow rules in HOME/.claude/settings.json: the
   wrapper runs claude with --permission-mode dontAsk, where an unallowed skill is refused);
3. a scripted `Bash` tool_use of `argcheck next STATE` (allowed by HOME/.claude/settings.json, as the
   wrapper runs claude with --permission-mode dontAsk) returns the installed argcheck's real output;
4. the final scripted reply comes back in the wrapper's envelope.

No API key and no network beyond 127.0.0.1. A missing CLI fails (conftest's real_clis).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from mock_llm_server import tool_results

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
SKILLS = tuple(sorted(path.parent.name for path in (REPO / "skills").glob("*/SKILL.md")))
LISTING_HEADER = "The following skills are available for use with the Skill tool:"
SETTINGS = {"permissions": {"allow": ["Bash(argcheck next:*)"]}}
INSTALL_LIMIT = 300


@dataclass
class Install:
    root: Path
    prefix: Path
    home: Path
    bin: Path
    skills_dir: Path
    descriptions: dict[str, str]
    bodies: dict[str, str]


def split_skill(text: str) -> tuple[str, str]:
    """(description, body) of a SKILL.md: its front-matter description and what follows it."""
    match = re.match(r"---\n(.*?)\n---\n(.*)", text, re.S)
    assert match, "SKILL.md has no front matter"
    description = re.search(r"^description:\s*(.+)$", match.group(1), re.M)
    assert description, "SKILL.md front matter has no description"
    return description.group(1).strip(), match.group(2).strip()


@pytest.fixture(scope="module")
def installed(real_clis, tmp_path_factory) -> Install:
    """./install.sh --allow-skills into a fresh prefix and HOME, once per module, plus the Bash permission.

    The skills' `allowed-tools` grant commands, so Claude Code asks before the model starts one itself:
    `--allow-skills` is the opt-in that lets the model (here in the wrapper's dontAsk mode) start them."""
    root = tmp_path_factory.mktemp("skill-discovery")
    home, prefix, tmp = root / "home", root / "prefix", root / "tmp"
    for directory in (home, tmp):
        directory.mkdir()
    env = dict(os.environ)
    # pip keeps its cache under HOME, which the install replaces: keep using the real one.
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    env.update(HOME=str(home), TMPDIR=str(tmp))
    env.pop("ARGCHECK_PREFIX", None)
    proc = subprocess.run(
        [str(REPO / "install.sh"), "--prefix", str(prefix), "--allow-skills"],
        capture_output=True, text=True, env=env, cwd=root, stdin=subprocess.DEVNULL,
        timeout=INSTALL_LIMIT,
    )
    assert proc.returncode == 0, f"install.sh exited {proc.returncode}:\n{proc.stderr}\n{proc.stdout}"
    skills_dir = home / ".claude" / "skills"
    descriptions, bodies = {}, {}
    for name in SKILLS:
        skill_md = skills_dir / name / "SKILL.md"
        assert skill_md.is_file(), f"install.sh did not install {skill_md}:\n{proc.stdout}{proc.stderr}"
        descriptions[name], bodies[name] = split_skill(skill_md.read_text(encoding="utf-8"))
    settings_file = home / ".claude" / "settings.json"
    settings = json.loads(settings_file.read_text(encoding="utf-8"))  # --allow-skills wrote Skill(<name>) rules
    assert {f"Skill({name})" for name in SKILLS} <= set(settings["permissions"]["allow"]), settings
    settings["permissions"]["allow"] += SETTINGS["permissions"]["allow"]
    settings_file.write_text(json.dumps(settings))
    return Install(root, prefix, home, prefix / "bin", skills_dir, descriptions, bodies)


@pytest.fixture
def env_for(installed, claude_env):
    """Factory: claude_env for a base URL, with the install's HOME and <prefix>/bin first on PATH."""

    def make(base_url: str) -> dict[str, str]:
        env = claude_env(base_url)
        env["HOME"] = str(installed.home)
        env["PATH"] = f"{installed.bin}{os.pathsep}{env['PATH']}"
        found = shutil.which("argcheck", path=env["PATH"])
        assert found == str(installed.bin / "argcheck"), f"argcheck on PATH is {found}"
        return env

    return make


def texts_of(content) -> list[str]:
    """Every text in a message content: a string, text blocks, tool_result contents."""
    if isinstance(content, str):
        return [content]
    out = []
    for block in content or []:
        if not isinstance(block, dict):
            continue
        if "text" in block:
            out.append(block["text"])
        if block.get("type") == "tool_result":
            out.extend(texts_of(block.get("content")))
    return out


def system_texts(body: dict) -> list[str]:
    """The system prompt's texts and those of any system-role message."""
    found = texts_of(body.get("system"))
    for message in body.get("messages", []):
        if message.get("role") == "system":
            found.extend(texts_of(message.get("content")))
    return found


def tool_use_id(body: dict, name: str) -> str:
    """The id of the one assistant tool_use of tool NAME in the request's history."""
    ids = [b["id"] for m in body["messages"] if m.get("role") == "assistant"
           and isinstance(m.get("content"), list)
           for b in m["content"] if b.get("type") == "tool_use" and b.get("name") == name]
    assert len(ids) == 1, f"expected one {name} tool_use in the history, got {ids!r}"
    return ids[0]


def result_of(body: dict, tool_use_id: str) -> dict:
    """The tool_result block answering tool_use_id."""
    matches = [r for r in tool_results(body) if r.get("tool_use_id") == tool_use_id]
    assert len(matches) == 1, f"expected one tool_result for {tool_use_id}, got {tool_results(body)!r}"
    return matches[0]


def after_tool_use(body: dict, tool_use_id: str) -> str:
    """All the text the client sent after the assistant's tool_use tool_use_id (results, user texts)."""
    messages = body["messages"]
    for index, message in enumerate(messages):
        content = message.get("content")
        if message.get("role") == "assistant" and isinstance(content, list) and any(
            b.get("type") == "tool_use" and b.get("id") == tool_use_id for b in content
        ):
            return "\n".join(t for m in messages[index + 1:] for t in texts_of(m.get("content")))
    raise AssertionError(f"no assistant tool_use {tool_use_id} in the request")


def run_installed_consult(installed: Install, args: list[str], prompt: str, env, cwd: Path):
    """<prefix>/bin/argcheck-consult ARGS < prompt: the installed consult entry point."""
    proc = subprocess.run(
        [str(installed.bin / "argcheck-consult"), *args],
        input=prompt.encode("utf-8"), capture_output=True, env=env, cwd=cwd, timeout=60,
    )
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1, f"expected one envelope line, got {proc.stdout!r}; stderr {proc.stderr!r}"
    return SimpleNamespace(envelope=json.loads(lines[0]), exit_code=proc.returncode,
                           stderr=proc.stderr.decode("utf-8", "replace"))


def test_claude_lists_the_installed_skills_with_their_descriptions(
    installed, env_for, mock_server, consult, sandbox
):
    server = mock_server([{"reply": "ok"}])
    result = consult("claude", ["--cd", str(sandbox / "work"), "new"], "hello", env_for(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert result.envelope["response"] == "ok"

    first = server.model_requests()[0]["body"]
    assert "Skill" in {tool["name"] for tool in first.get("tools", [])}
    listings = [t for t in system_texts(first) if LISTING_HEADER in t]
    assert listings, (
        "no system text lists the skills in the first request; system texts begin: "
        f"{[t[:120] for t in system_texts(first)]!r}"
    )
    lines = listings[0].split(LISTING_HEADER, 1)[1].splitlines()
    for name in SKILLS:
        entry = f"- {name}: {installed.descriptions[name]}"
        assert entry in lines, f"{name} is not listed with its description; skill lines: " + repr(
            [line[:80] for line in lines if line.startswith("- ")]
        )


@pytest.mark.parametrize("entry", ["wrapper", "installed-consult"])
def test_skill_then_argcheck_next_then_reply_round_trip(
    entry, installed, env_for, mock_server, consult, sandbox
):
    work = sandbox / "work"
    state = work / "deliberate.json"
    bash = {"command": f"argcheck next {state}", "description": "Show what the deliberation needs next"}
    server = mock_server([
        {"tool": {"name": "Skill", "input": {"skill": "deliberate"}}},
        {"tool": {"name": "Bash", "input": bash}},
        {"reply": "done"},
    ])
    env = env_for(server.base_url)
    init = subprocess.run(
        ["argcheck", "init", "deliberate", "--question", "Should the cache be per-request?",
         "--consultee", "replay", "--state", str(state)],
        capture_output=True, text=True, env=env, cwd=work, stdin=subprocess.DEVNULL, timeout=60,
    )
    assert init.returncode == 0, init.stderr
    expected = subprocess.run(
        ["argcheck", "next", str(state)],
        capture_output=True, text=True, env=env, cwd=work, stdin=subprocess.DEVNULL, timeout=60,
    )
    assert expected.returncode == 0, expected.stderr
    assert expected.stdout.startswith("deliberate · in_progress"), expected.stdout
    before = state.read_bytes()

    args, prompt = ["--cd", str(work), "new"], "Deliberate: should the cache be per-request?"
    if entry == "wrapper":
        result = consult("claude", args, prompt, env)
    else:
        result = run_installed_consult(installed, ["claude", *args], prompt, env, work)

    # 4. the final reply comes back in the envelope
    assert result.exit_code == 0, result.stderr
    assert result.envelope["failure"] is None, result.envelope
    assert result.envelope["response"] == "done"
    requests = server.model_requests()
    assert len(requests) == 3, [last["body"].get("messages", [])[-1:] for last in requests]

    # 2. the Skill call loads the installed SKILL.md
    second = requests[1]["body"]
    skill_call = tool_use_id(second, "Skill")
    launched = result_of(second, skill_call)
    assert not launched.get("is_error"), launched
    assert "Launching skill: deliberate" in "\n".join(texts_of(launched.get("content")))
    loaded = after_tool_use(second, skill_call)
    assert f"Base directory for this skill: {installed.skills_dir / 'deliberate'}" in loaded
    assert "# Deliberate" in loaded
    assert "THE IRON LAW: NO EMPIRICAL POINT IS AGREED WITHOUT EVIDENCE YOU VERIFIED" in loaded
    assert installed.bodies["deliberate"] in loaded, "the SKILL.md body did not reach the model verbatim"

    # 3. the Bash call runs the installed argcheck, allowed by settings.json
    third = requests[2]["body"]
    ran = result_of(third, tool_use_id(third, "Bash"))
    output = "\n".join(texts_of(ran.get("content")))
    assert not ran.get("is_error"), output
    assert "deliberate · in_progress" in output
    assert expected.stdout.strip() in output
    assert state.read_bytes() == before
