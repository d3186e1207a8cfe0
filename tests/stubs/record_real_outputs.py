"""Re-record what the real Codex, Claude Code and Gemini CLIs print, for the bats stubs to replay.

    python3 tests/stubs/record_real_outputs.py [CASE-PREFIX ...]   # needs tests/setup/install-real-clis.sh

Each case runs the pinned CLI (the command line the wrapper uses) against the mock model
server and writes tests/stubs/recorded/<cli>/<case>.stdout, .stderr and .rc. Temporary paths
are replaced by /tmp/recording so the files do not change with the machine. With prefixes
(`gemini/`), only the cases whose names start with one. recorded/gemini/hand-* were written by
hand from the documented format; recorded/gemini/* else come from the real Gemini CLI (0.61.0).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from mock_gemini import GEMINI_SETTINGS, gemini_env  # noqa: E402
from mock_llm_server import CLAUDE_ENV, CODEX_CONFIG, MockLLMServer  # noqa: E402

CODEX_FLAGS = ["exec", "--json", "--skip-git-repo-check", "--sandbox", "read-only"]
TOOL = {"tool": {"name": "exec_command", "arguments": {"cmd": "echo ok", "login": False}}}
KEY_INVALID = {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.",
                         "status": "INVALID_ARGUMENT", "details": [{"reason": "API_KEY_INVALID"}]}}  # Google's
BASH = {"tool": {"name": "Bash", "input": {"command": "echo ok", "description": "Print ok"}}}

# name -> (cli, mock script, require_key, extra args before the prompt, use a dead port)
CASES = {
    "codex/new": ("codex", [{"reply": "Use a queue.\nIt decouples \"producers\"."}], None, [], False),
    "codex/tool-call": ("codex", [TOOL, {"reply": "The command printed ok."}], None, [], False),
    "codex/empty": ("codex", [{"reply": ""}], None, [], False),
    "codex/error-500": ("codex", [{"status": 500}], None, [], False),
    "codex/auth-401": ("codex", [], "right-key", [], False),
    "codex/dead-port": ("codex", [], None, [], True),
    "codex/plain-new": ("codex", [{"reply": "Plain answer\nline two"}], None, ["--no-json"], False),
    "codex/plain-error-400": ("codex", [{"status": 400}], None, ["--no-json"], False),
    "claude/new": ("claude", [{"reply": "Use a queue.\nIt decouples \"producers\"."}], None, [], False),
    "claude/tool-call": ("claude", [BASH, {"reply": "The command printed ok."}], None, [], False),
    "claude/verbose-array": ("claude", [{"reply": "Array answer"}], None, ["--verbose"], False),
    "claude/empty": ("claude", [{"reply": ""}] * 4, None, [], False),
    "claude/error-500": ("claude", [{"status": 500}], None, [], False),
    "claude/auth-401": ("claude", [], "right-key", [], False),
    "claude/dead-port": ("claude", [], None, [], True),
    "claude/unknown-session": ("claude", [], None, ["--resume", "00000000-0000-4000-8000-000000000000"], False),
    "gemini/new": ("gemini", [{"reply": "Use a queue.\nIt decouples \"producers\"."}], None, [], False),
    "gemini/error-500": ("gemini", [{"status": 500}], None, [], False),
    "gemini/auth-401": ("gemini", [], "right-key", [], False),
    "gemini/key-invalid-400": ("gemini", [{"status": 400, "body": KEY_INVALID}], None, [], False),
}


def cli_paths() -> dict[str, str]:
    out = subprocess.run(["bash", str(REPO / "tests/setup/install-real-clis.sh"), "--check"],
                         capture_output=True, text=True, check=True).stdout
    return {line.split()[0]: line.split()[2] for line in out.splitlines()}


def dead_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def record(name, cli, script, key, extra, dead, exe, root: Path) -> None:
    work = Path(tempfile.mkdtemp(dir=root))
    for sub in ("home", "codex-home", "tmp"):
        (work / sub).mkdir()
    server = MockLLMServer(script, require_key=key).start()
    base = f"http://127.0.0.1:{dead_port()}" if dead else server.base_url
    env = {"PATH": os.environ["PATH"], "HOME": str(work / "home"), "TMPDIR": str(work / "tmp"),
           "LANG": "C.UTF-8"}
    if cli == "codex":
        (work / "codex-home" / "config.toml").write_text(CODEX_CONFIG.format(base_url=base))
        env.update(CODEX_HOME=str(work / "codex-home"), MOCK_API_KEY="dummy")
        json_flag = [] if "--no-json" in extra else ["--json"]
        argv = [exe, *[f for f in CODEX_FLAGS if f != "--json"], *json_flag, "-"]
    elif cli == "gemini":  # as gemini-wrapper.sh runs it
        (work / "home" / ".gemini").mkdir()
        (work / "home" / ".gemini" / "settings.json").write_text(json.dumps(GEMINI_SETTINGS))
        env.update(gemini_env(base))
        argv = [exe, "-o", "json", *extra]
    else:
        env.update(CLAUDE_ENV, ANTHROPIC_BASE_URL=base, ANTHROPIC_API_KEY="dummy")
        argv = [exe, "-p", "--output-format", "json", "--permission-mode", "dontAsk",
                "--disallowedTools=Edit,Write,NotebookEdit", *extra]
    prompt = b"Should we use a queue here?\n"
    proc = subprocess.run(argv, input=prompt, capture_output=True, env=env, cwd=work, timeout=120)
    server.stop()
    target = HERE / "recorded" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
        text = data.decode("utf-8", "replace").replace(str(work), "/tmp/recording")
        text = text.replace(str(Path(exe).parents[2]), f"/tmp/realcli/{cli}")  # stack traces name the install
        target.with_suffix(f".{suffix}").write_text(text)
    target.with_suffix(".rc").write_text(f"{proc.returncode}\n")
    print(f"{name}: exit {proc.returncode}, {len(proc.stdout)} bytes stdout")


def main(argv=None) -> int:
    prefixes = tuple(sys.argv[1:] if argv is None else argv) or ("",)
    paths = cli_paths()
    with tempfile.TemporaryDirectory() as root:
        for name, (cli, script, key, extra, dead) in CASES.items():
            if not name.startswith(prefixes):
                continue
            record(name, cli, script, key, extra, dead, paths[cli], Path(root))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
