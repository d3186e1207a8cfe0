"""What the pinned Codex CLI (0.169.0) and Gemini CLI (0.61.0) show a hook of a web search and of an edit,
against the mock model (issue 27). A hook here is a logger (every event's JSON appended to a file), not
argcheck's, so these facts hold whatever argcheck's adapters make of them:

- **Codex's web search is invisible to hooks.** Codex offers the model the Responses API's hosted
  `web_search` tool (in the request's `tools` with the default config); the provider runs it and answers with
  a `web_search_call` item. The `--json` stream shows it (`"type": "web_search"` with the query), the rollout
  file keeps the call with its query but not the result URLs (they appear only as `url_citation`s of the
  model's own message: its word), and no PreToolUse or PostToolUse fires: a
  witnessed Codex run cannot witness a search, so a `web_search` move there stands only as the user's sources.
- **Codex's edit tool is `apply_patch`**, a freeform tool: PreToolUse and PostToolUse get `tool_name`
  "apply_patch" and the patch text in `tool_input.command` (the files are named inside the patch, in its
  `*** Update File:` / `*** Add File:` / `*** Delete File:` lines), not a `file_path`.
- **Gemini's `google_web_search` is a tool call the hooks see**: BeforeTool gets `tool_input.query`, AfterTool
  `tool_response.llmContent` with the results' URLs ("Sources: [1] TITLE (URL)"). The search itself is a
  `generateContent` request of its own with the `googleSearch` tool, answered from the mock's web. Its
  `transcript_path` is `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl` (JSON lines, not `.json`).

The Codex runs pass `--dangerously-bypass-hook-trust` (only here: the logger is not what an install trusts).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from codexrun import scratch_dir
from mock_gemini import GEMINI_SETTINGS, gemini_env
from mock_llm_server import CODEX_CONFIG, MockLLMServer

pytestmark = [pytest.mark.realcli]

CODEX_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop")
GEMINI_EVENTS = ("SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent")
QUERY = "heat pump EV range below -10 C"
WEB = {QUERY: [{"url": "https://example.org/heat-pumps", "title": "Heat pumps in winter", "snippet": "They help."}]}
LOGGER = '#!/bin/sh\n{ printf "%s\\t" "$1"; tr -d "\\n"; echo; } >> "$(dirname "$0")/events.tsv"\n'


@pytest.fixture
def place():
    root = scratch_dir()  # outside /tmp (codexrun.py says why)
    (root / "work").mkdir()
    logger = root / "log-event"
    logger.write_text(LOGGER)
    logger.chmod(0o755)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def events(root: Path) -> list[tuple[str, dict]]:
    path = root / "events.tsv"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [(name, json.loads(body)) for name, body in (line.split("\t", 1) for line in lines)]


def hooks_config(root: Path, names) -> dict:
    return {name: [{"hooks": [{"type": "command", "command": f"{root}/log-event {name}"}]}] for name in names}


def run_codex(real_clis, root: Path, script: list) -> tuple[subprocess.CompletedProcess, MockLLMServer]:
    codex_home = root / "codex-home"
    codex_home.mkdir()
    (codex_home / "hooks.json").write_text(json.dumps({"hooks": hooks_config(root, CODEX_EVENTS)}))
    with MockLLMServer(script, searches=WEB) as server:
        (codex_home / "config.toml").write_text(CODEX_CONFIG.format(base_url=server.base_url))
        env = dict(PATH=os.environ["PATH"], HOME=str(root), CODEX_HOME=str(codex_home), MOCK_API_KEY="dummy")
        done = subprocess.run([str(real_clis["codex"]), "exec", "--json", "--skip-git-repo-check", "--sandbox",
                               "workspace-write", "--dangerously-bypass-hook-trust", "Go."], cwd=root / "work",
                              env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=180)
    return done, server


def test_codex_runs_a_hosted_web_search_that_no_hook_sees(real_clis, place):
    done, server = run_codex(real_clis, place, [{"web_search": {"query": QUERY}, "reply": "Searched."}])
    assert done.returncode == 0, done.stderr[-2000:]
    offered = [tool.get("type") for tool in server.model_requests()[0]["body"].get("tools", [])]
    assert "web_search" in offered, offered
    stream = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    searches = [e["item"] for e in stream if e.get("type") == "item.completed" and e["item"]["type"] == "web_search"]
    assert [s.get("query") for s in searches] == [QUERY], stream
    seen = events(place)
    assert {name for name, _ in seen} == {"SessionStart", "UserPromptSubmit", "Stop"}, seen
    rollout = Path(seen[0][1]["transcript_path"]).read_text(encoding="utf-8").splitlines()
    calls = [line for line in rollout if '"web_search_call"' in line]
    assert calls and all(QUERY in line and "example.org/heat-pumps" not in line for line in calls), calls
    cited = [line for line in rollout if "example.org/heat-pumps" in line]
    assert cited and all('"url_citation"' in line for line in cited), "the URLs are only the model's citations"


def test_codex_shows_an_apply_patch_edit_to_the_hooks_as_patch_text(real_clis, place):
    target = place / "work" / ".argcheck" / "run.json"
    target.parent.mkdir()
    target.write_text('{"a": 1}\n')
    patch = "*** Begin Patch\n*** Update File: .argcheck/run.json\n@@\n-{\"a\": 1}\n+{\"a\": 2}\n*** End Patch\n"
    done, _ = run_codex(real_clis, place, [{"custom": {"name": "apply_patch", "input": patch}}, {"reply": "Done."}])
    assert done.returncode == 0, done.stderr[-2000:]
    pre = [body for name, body in events(place) if name == "PreToolUse"]
    assert [(b["tool_name"], b["tool_input"]) for b in pre] == [("apply_patch", {"command": patch})], pre
    assert target.read_text() == '{"a": 2}\n', "with no deciding hook the patch applies"


def test_gemini_google_web_search_is_a_tool_call_the_hooks_see_with_its_urls(real_clis, place):
    home = place / "home"
    (home / ".gemini").mkdir(parents=True)
    settings = {**GEMINI_SETTINGS, "hooks": {name: [{"matcher": "*", **entry} for entry in entries]
                                             for name, entries in hooks_config(place, GEMINI_EVENTS).items()}}
    (home / ".gemini" / "settings.json").write_text(json.dumps(settings))
    script = [{"tool": {"name": "google_web_search", "args": {"query": QUERY}}}, {"reply": "Searched."}]
    with MockLLMServer(script, searches=WEB) as server:
        env = dict(PATH=os.environ["PATH"], HOME=str(home), **gemini_env(server.base_url))
        done = subprocess.run([str(real_clis["gemini"]), "-p", "Search.", "--output-format", "stream-json"],
                              cwd=place / "work", env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert server.searches_made() == [QUERY]
    seen = dict(events(place))
    assert seen["BeforeTool"]["tool_name"] == "google_web_search" and seen["BeforeTool"]["tool_input"] == {
        "query": QUERY}
    assert "(https://example.org/heat-pumps)" in seen["AfterTool"]["tool_response"]["llmContent"]
    transcript = Path(seen["AfterTool"]["transcript_path"])
    assert transcript.parent.name == "chats" and transcript.suffix == ".jsonl", transcript
