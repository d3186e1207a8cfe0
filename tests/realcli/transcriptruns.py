"""Real Codex CLI and Gemini CLI transcripts, made offline against the mock model, for the witness's backing.

Each function runs the pinned CLI for two turns (the second a resume) with a recording hook on every event:
the hook keeps each event it gets (`hooks.jsonl`: what a witness would have recorded), blocks each turn's
first stop with a reason in the words of argcheck's Stop gate, and denies a shell command holding `deny-me`
with the words of argcheck's witness guard. The scripted model runs a shell command with output, a failing
one, the denied one, and a web search (Codex: the provider's hosted `web_search_call`; Gemini: its
`google_web_search` and `web_fetch` tools, which the mock answers grounded). The returned paths are the
session's transcript and the hook events.

Run as a program to refresh the trimmed copies under tests/fixtures/agent-transcripts/ (the unit tests'):
    .venv/bin/python tests/realcli/transcriptruns.py
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "stubs"))
sys.path.insert(0, str(REPO / "checker" / "src"))

from mock_gemini import GEMINI_SETTINGS, gemini_env  # noqa: E402
from mock_llm_server import CODEX_CONFIG, MockLLMServer  # noqa: E402

from argcheck.core.tampering import DENIED  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "agent-transcripts"
REALCLI = Path(os.environ.get("ARGCHECK_REALCLI_DIR") or Path.home() / ".cache" / "argcheck-tests" / "realcli")
LIMIT = 180
FIRST, SECOND = "The first prompt: please say hello", "The second prompt, after resume"
SKILLED = "$demo " + FIRST  # Codex loads the skill's SKILL.md as a message of its own (provenance `skills`)
WITH_FILE = SECOND + ": see @notes.txt"  # Gemini adds the file's text to the prompt its hooks get
PROMPTS = {"codex": (SKILLED, SECOND), "gemini": (FIRST, WITH_FILE)}
SKILL = "---\nname: demo\ndescription: A demo skill that greets the user.\n---\nGreet the user by name.\n"
NOTES = "the notes say forty-two\n"
GATE = ("argcheck: the triz run .argcheck/triz-20261128-abc123.json is not done and the next move is yours: "
        "record the decomposition\nRun: argcheck next .argcheck/triz-20261128-abc123.json  (or end the run with "
        "its cancel/abort move; `argcheck next .argcheck/triz-20261128-abc123.json` shows every option)")
GUARD = DENIED + ": it reaches argcheck's hook entry"
SEARCH = "TRIZ contradiction matrix"
FETCHED = "https://93.184.215.14/triz-page"  # a public address: Gemini's web_fetch skips names it cannot resolve
HOOK = f"""import json, os, sys
event = json.loads(sys.stdin.read() or "{{}}")
with open(os.environ["HOOK_LOG"], "a") as log:
    log.write(json.dumps(event) + "\\n")
agent, name = sys.argv[1], event.get("hook_event_name")
command = str((event.get("tool_input") or {{}}).get("command", ""))
if name in ("Stop", "AfterAgent") and not event.get("stop_hook_active"):
    print(json.dumps({{"decision": "block", "reason": {GATE!r}}}))
elif name == "PreToolUse" and "deny-me" in command:
    print(json.dumps({{"hookSpecificOutput": {{"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                               "permissionDecisionReason": {GUARD!r}}}}}))
elif name == "BeforeTool" and "deny-me" in command:
    print(json.dumps({{"decision": "deny", "reason": {GUARD!r}}}))
else:
    print("{{}}")
"""


def _hooks(root: Path, agent: str, events: tuple) -> dict:
    script = root / "hook.py"
    script.write_text(HOOK, encoding="utf-8")
    hook = {"type": "command", "command": f"{sys.executable} {script} {agent}"}
    return {"hooks": {event: [{"hooks": [hook]}] for event in events}}


def _env(root: Path, home: Path, extra: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TERM")}
    env.update(HOME=str(home), HOOK_LOG=str(root / "hooks.jsonl"), **extra)
    return env


def _run(argv: list, cwd: Path, env: dict) -> None:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=LIMIT)
    assert done.returncode == 0, f"{argv[:3]} exited {done.returncode}: {done.stderr[-2000:]}"


def _dirs(root: Path, *names: str) -> list[Path]:
    paths = [root / name for name in names]
    for path in paths:
        path.mkdir(parents=True, exist_ok=True)
    return paths


def codex_session(root: Path, codex: Path) -> tuple[Path, Path]:
    """(rollout file, hook events) of a two-turn Codex thread."""
    home, codex_home, work = _dirs(root, "home", "codex-home", "work")
    (work / ".agents" / "skills" / "demo").mkdir(parents=True)
    (work / ".agents" / "skills" / "demo" / "SKILL.md").write_text(SKILL, encoding="utf-8")

    def run(command):
        return {"tool": {"name": "exec_command", "arguments": {"cmd": command, "login": False}}}

    script = [run("echo witnessed-hello"), run("ls /nonexistent-argcheck-dir"), run("echo deny-me"),
              {"reply": "first done", "web_search_call": {"query": SEARCH, "urls": ["https://example.org/triz"]}},
              {"reply": "after the gate"}, {"reply": "second done"}, {"reply": "second after the gate"}]
    with MockLLMServer(script) as server:
        (codex_home / "config.toml").write_text('web_search = "live"\n' + CODEX_CONFIG.format(base_url=server.base_url))
        events = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop")
        (codex_home / "hooks.json").write_text(json.dumps(_hooks(root, "codex", events)))
        env = _env(root, home, {"CODEX_HOME": str(codex_home), "MOCK_API_KEY": "dummy"})
        common = ["--json", "--skip-git-repo-check", "--dangerously-bypass-hook-trust"]  # a test's own hook
        first, second = PROMPTS["codex"]
        _run([str(codex), "exec", *common, "--sandbox", "workspace-write", first], work, env)
        _run([str(codex), "exec", "resume", "--last", *common, second], work, env)
    rollouts = list((codex_home / "sessions").rglob("rollout-*.jsonl"))
    assert len(rollouts) == 1, rollouts
    return rollouts[0], root / "hooks.jsonl"


def gemini_session(root: Path, gemini: Path) -> tuple[Path, Path]:
    """(session file, hook events) of a two-turn Gemini session."""
    home, work = _dirs(root, "home", "work")
    (work / "notes.txt").write_text(NOTES, encoding="utf-8")

    def tool(name, **args):
        return {"tool": {"name": name, "args": args}}

    script = [tool("run_shell_command", command="echo witnessed-hello", description="greet"),
              tool("run_shell_command", command="ls /nonexistent-argcheck-dir", description="list"),
              tool("run_shell_command", command="echo deny-me", description="denied"),
              tool("google_web_search", query=SEARCH), tool("web_fetch", prompt=f"Summarise {FETCHED} please"),
              {"reply": "first done"}, {"reply": "after the gate"}, {"reply": "second done"},
              {"reply": "second after the gate"}]
    events = ("SessionStart", "BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool")
    settings = {**GEMINI_SETTINGS, **_hooks(root, "gemini", events)}
    gemini_dir = home / ".gemini"
    (gemini_dir / "policies").mkdir(parents=True)
    (gemini_dir / "settings.json").write_text(json.dumps(settings))
    (gemini_dir / "policies" / "tools.toml").write_text("".join(
        f'[[rule]]\ntoolName = "{name}"\ndecision = "allow"\npriority = 100\n\n'
        for name in ("run_shell_command", "google_web_search", "web_fetch")))
    with MockLLMServer(script) as server:
        env = _env(root, home, gemini_env(server.base_url))
        for index, prompt in enumerate(PROMPTS["gemini"]):
            resume = ["--resume", "latest"] if index else []
            _run([str(gemini), "-p", prompt, "--output-format", "stream-json", *resume], work, env)
    sessions = list((gemini_dir / "tmp").rglob("session-*.json*"))
    assert len(sessions) == 1, sessions
    return sessions[0], root / "hooks.jsonl"


# -- the trimmed copies the unit tests read ---------------------------------------------------------------

CODEX_NOISE = {"turn_context", "world_state", "token_usage_record"}
CODEX_NOISE_EVENTS = {"token_count", "thread_settings_applied"}


def trimmed_codex(text: str) -> str:
    """The rollout without what backing never reads (instructions, settings, token counts)."""
    kept = []
    for line in text.splitlines():
        value = json.loads(line)
        payload = value.get("payload") if isinstance(value.get("payload"), dict) else {}
        if value.get("type") in CODEX_NOISE or payload.get("type") in CODEX_NOISE_EVENTS or \
                payload.get("role") == "developer":
            continue
        if value.get("type") == "session_meta":
            payload["base_instructions"] = "(trimmed)"
        kept.append(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(kept) + "\n"


def save_fixtures(work: Path) -> None:
    """Run both CLIs and keep the trimmed transcripts and hook events under FIXTURES/{codex,gemini}/."""
    for agent, make, trim in (("codex", codex_session, trimmed_codex), ("gemini", gemini_session, None)):
        binary = REALCLI / agent / "node_modules" / ".bin" / agent
        transcript, hooks = make(work / agent, binary)
        target = FIXTURES / agent
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        text = transcript.read_text(encoding="utf-8")
        (target / transcript.name).write_text(trim(text) if trim else text, encoding="utf-8")
        shutil.copy(hooks, target / "hooks.jsonl")


if __name__ == "__main__":
    import tempfile

    os.environ.setdefault("GEMINI_CLI_NO_RELAUNCH", "1")
    with tempfile.TemporaryDirectory() as scratch:
        save_fixtures(Path(scratch))
    print(f"fixtures written under {FIXTURES}")
