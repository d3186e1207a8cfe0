#!/usr/bin/env python3
"""What a Claude Code hook costs a prompt or a tool call: `argcheck hook EVENT` against `python -c pass`.

Every hook call runs in a fresh process with a recorded hook input on stdin (the shapes Claude Code 2.1.330
sends), interleaved round by round with `python -c pass` on argcheck's own interpreter, and the table gives
the ratio of the medians: CPU time, then wall time. Two projects: one with no `.argcheck/` at all (no run
open: the fast path, target <= 2x), and one holding a finished run (no run open either: the run index
vouches for it without a replay, target <= 2x). `PreToolUse argcheck` (a taught two-command block) and
`argcheck next`, which the consent decides with the click commands (it loads click: the 2x target is the
no-op's).
`CLAUDE_PROJECT_DIR` is set as Claude Code sets it for every hook.

The hook runs as `./install.sh --hooks` installs it: the sh launcher (checker/tools/argcheck-hook.sh, its
interpreter filled in the same way), which answers alone where no decision can be needed and otherwise runs
`argcheck.cli.main(["hook", ...])` on argcheck's interpreter. Codex and Gemini events run as their hook
config calls them (`argcheck-hook --agent AGENT EVENT`), with the variables each client sets (Gemini:
GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR; Codex: none). `--python-launcher` also times the launcher before it
(a python-shebang script); `--bash` runs the sh launcher under bash instead of /bin/sh too (macOS's /bin/sh
is bash); `--console-script` times `argcheck hook EVENT` through the pip console script.

It reports; it does not assert.  Usage: python3 bench/bench_hooks.py [--reps N] [--python-launcher] [--bash]
[--console-script]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import find_argcheck, interpreter_of  # noqa: E402

TARGET = 2.0
REPO = Path(__file__).resolve().parents[1]
SH_LAUNCHER = REPO / "checker" / "tools" / "argcheck-hook.sh"
LAUNCHER = "#!{python}\nimport sys\nfrom argcheck.cli import main\nsys.exit(main([\"hook\", *sys.argv[1:]]))\n"


def inputs(project: Path) -> dict[str, dict]:
    common = {"session_id": "bench-1", "transcript_path": "/nonexistent.jsonl", "cwd": str(project),
              "permission_mode": "default"}
    bash = {"command": "npm test -- --watch=false", "description": "run the tests"}
    taught = {"command": "argcheck render .argcheck/done.json --format md -o .argcheck/done.md\n"
                         "argcheck next .argcheck/done.json", "description": "the report"}
    return {
        "PreToolUse Bash": dict(common, hook_event_name="PreToolUse", tool_name="Bash", tool_input=bash),
        "PreToolUse argcheck": dict(common, hook_event_name="PreToolUse", tool_name="Bash", tool_input=taught),
        "PreToolUse argcheck next": dict(common, hook_event_name="PreToolUse", tool_name="Bash",
                                         tool_input={"command": "argcheck next .argcheck/done.json"}),
        "PreToolUse Edit": dict(common, hook_event_name="PreToolUse", tool_name="Edit",
                                tool_input={"file_path": str(project / "src" / "app.py"), "old_string": "a",
                                            "new_string": "b"}),
        "PostToolUse Bash": dict(common, hook_event_name="PostToolUse", tool_name="Bash", tool_input=bash,
                                 tool_response={"stdout": "ok\n" * 200, "stderr": "", "interrupted": False}),
        "UserPromptSubmit": dict(common, hook_event_name="UserPromptSubmit", prompt="Now add the tests."),
        "Stop": dict(common, hook_event_name="Stop", stop_hook_active=False, background_tasks=[]),
    }


def agent_inputs(project: Path) -> dict[str, tuple[list[str], dict]]:
    """Codex's and Gemini's events, as their hook configs call the launcher: label -> (arguments, input)."""
    common = {"session_id": "bench-2", "transcript_path": "/nonexistent.jsonl", "cwd": str(project)}
    shell = {"command": "npm test -- --watch=false"}
    gemini = dict(common, tool_name="run_shell_command", tool_input=shell)
    codex = dict(common, tool_name="Bash", tool_input=shell, model="m", turn_id="t1", permission_mode="default")
    return {
        "gemini BeforeTool": (["--agent", "gemini", "BeforeTool"], dict(gemini, hook_event_name="BeforeTool")),
        "gemini AfterTool": (["--agent", "gemini", "AfterTool"],
                             dict(gemini, hook_event_name="AfterTool", tool_response={"llmContent": "ok\n" * 200})),
        "gemini BeforeAgent": (["--agent", "gemini", "BeforeAgent"],
                               dict(common, hook_event_name="BeforeAgent", prompt="Now add the tests.")),
        "gemini AfterAgent": (["--agent", "gemini", "AfterAgent"],
                              dict(common, hook_event_name="AfterAgent", prompt="p", prompt_response="done")),
        "codex PreToolUse": (["--agent", "codex", "PreToolUse"], dict(codex, hook_event_name="PreToolUse")),
        "codex PostToolUse": (["--agent", "codex", "PostToolUse"],
                              dict(codex, hook_event_name="PostToolUse", tool_response="ok\n" * 200)),
        "codex Stop": (["--agent", "codex", "Stop"], dict(common, hook_event_name="Stop", stop_hook_active=False)),
    }


def python_takes_agents(python: str) -> bool:
    """Whether this argcheck's `hook` knows `--agent` (issue 27's adapters)."""
    done = subprocess.run([python, "-m", "argcheck", "hook", "--agent", "gemini", "AfterAgent"], input=b"{}",
                          capture_output=True, env=dict(os.environ, CLAUDE_PROJECT_DIR="/nonexistent"))
    return done.returncode == 0


def run_once(argv: list[str], stdin_path: str | None, env: dict) -> tuple[float, float]:
    """Wall ms and CPU ms of one process."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        started = time.perf_counter()
        child = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(child.pid, 0)
    return (time.perf_counter() - started) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def measure(cases: dict, reps: int) -> dict[str, tuple[list, list]]:
    for argv, path, env in cases.values():
        run_once(argv, path, env)  # warm-up: page cache, .pyc files
    times = {label: ([], []) for label in cases}
    labels = list(cases)
    for number in range(reps):
        shift = number % len(labels)
        for label in labels[shift:] + labels[:shift]:
            wall, cpu = run_once(*cases[label])
            times[label][0].append(wall)
            times[label][1].append(cpu)
    return times


def make_projects(root: Path, argcheck: str) -> dict[str, Path]:
    empty, finished = root / "no-run", root / "finished-run"
    empty.mkdir()
    finished.mkdir()
    state = ".argcheck/done.json"
    subprocess.run([argcheck, "init", "triz", "--problem", "How do we keep a bench honest over time?",
                    "--state", state], cwd=finished, check=True, capture_output=True)
    cancel = json.dumps({"type": "cancel", "actor": "user", "reason": "bench"})
    done = subprocess.run([argcheck, "apply", state, cancel], cwd=finished, capture_output=True)
    if done.returncode not in (0, 4):  # 4: the cancel ended the run, as it should
        raise SystemExit(f"bench: the cancel was refused: {done.stdout.decode()}{done.stderr.decode()}")
    return {"no .argcheck/": empty, "a finished run": finished}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--console-script", action="store_true", help="also time `argcheck hook` (the plugin's way)")
    parser.add_argument("--python-launcher", action="store_true", help="also time the python-shebang launcher")
    parser.add_argument("--bash", action="store_true", help="also run the sh launcher under bash")
    args = parser.parse_args()
    argcheck = find_argcheck()
    python = interpreter_of(argcheck)
    with tempfile.TemporaryDirectory(prefix="bench-hooks.") as folder:
        root = Path(folder)
        projects = make_projects(root, argcheck)
        launcher = root / "share" / "argcheck-hook"
        launcher.parent.mkdir()
        launcher.write_text(SH_LAUNCHER.read_text().replace("@ARGCHECK_PYTHON@", python))
        launcher.chmod(0o755)
        old = root / "old" / "argcheck-hook"
        old.parent.mkdir()
        old.write_text(LAUNCHER.format(python=python))
        old.chmod(0o755)
        agents = "" if python_takes_agents(python) else " *"
        key_dir = root / "config" / "argcheck"  # the witness key, as SessionStart makes it: the guard resolves
        key_dir.mkdir(parents=True)             # every Bash word and Read path against it
        (key_dir / "witness.key").write_text("0" * 64)
        cases = {"python -c pass": ([python, "-c", "pass"], None, dict(os.environ))}
        for where, project in projects.items():
            env = dict(os.environ, CLAUDE_PROJECT_DIR=str(project), XDG_CONFIG_HOME=str(root / "config"),
                       XDG_STATE_HOME=str(root / "state"))  # the witness key and the Stop counter stay here
            for label, payload in inputs(project).items():
                path = root / f"{abs(hash((where, label)))}.json"
                path.write_text(json.dumps(payload))
                event = label.split()[0]
                cases[f"{label} | {where}"] = ([str(launcher), event], str(path), env)
                if args.bash:
                    cases[f"{label} | {where} | bash"] = (["bash", str(launcher), event], str(path), env)
                if args.python_launcher:
                    cases[f"{label} | {where} | python launcher"] = ([str(old), event], str(path), env)
                if args.console_script:
                    cases[f"{label} | {where} | argcheck hook"] = ([argcheck, "hook", event], str(path), env)
            for label, (arguments, payload) in agent_inputs(project).items():
                path = root / f"{abs(hash((where, label)))}.json"
                path.write_text(json.dumps(payload))
                agent_env = dict(env, GEMINI_PROJECT_DIR=str(project)) if label.startswith("gemini") else \
                    {k: v for k, v in env.items() if k != "CLAUDE_PROJECT_DIR"}
                cases[f"{label} | {where}{agents}"] = ([str(launcher), *arguments], str(path), agent_env)
        times = measure(cases, args.reps)
    base_wall, base_cpu = (statistics.median(values) for values in times["python -c pass"])
    print(f"python -c pass: {base_cpu:.1f} ms CPU, {base_wall:.1f} ms wall (medians of {args.reps})")
    print(f"{'hook call | project | how':<60} {'CPU ratio':>9} {'wall ratio':>10}")
    for label, (walls, cpus) in times.items():
        if label == "python -c pass":
            continue
        cpu, wall = statistics.median(cpus) / base_cpu, statistics.median(walls) / base_wall
        targeted = "argcheck hook" not in label and "launcher" not in label  # no run OPEN: held to the target
        mark = f"  over the {TARGET}x target" if targeted and cpu > TARGET else ""
        print(f"{label:<60} {cpu:>8.2f}x {wall:>9.2f}x{mark}")
    if any(label.endswith(" *") for label in times):
        print("* this argcheck's `hook` has no --agent yet: where the launcher defers, Python stops at the usage error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
