#!/usr/bin/env python3
"""What argcheck's hooks cost a Bash tool call in the real Claude Code, in a project with no `.argcheck/`.

The pinned Claude Code (tests/setup/install-real-clis.sh) runs offline against the scripted mock model
(tests/stubs/mock_llm_server.py): each turn the model asks for CALLS Bash calls (`echo N`), one at a time,
then replies. A tool call's cost is the time from the model request that asked for it to the next request,
which carries its result (the mock answers at once; the hooks, the permission check and the command run in
between). Three set-ups, interleaved turn by turn:
- `no hooks`: a HOME with no hooks;
- `sh launcher`: `./install.sh --hooks` as it installs today (checker/tools/argcheck-hook.sh);
- `python launcher`: the same install with the launcher before it (a python-shebang script that runs
  `argcheck hook EVENT`), for comparison;
- `empty hook`: the same install with a launcher that only reads its input (`sh`, no decision): the floor,
  what Claude Code's running of the two hooks (PreToolUse, PostToolUse) costs whatever they do;
- with `--async-post`, also `sh launcher, async PostToolUse`: the install's settings with `"async": true` on
  the PostToolUse and PostToolUseFailure entries (Claude Code then does not wait for them; not what
  install.sh writes: a witness record could land after the next command that reads the log).
Bash is allowed by `--allowedTools Bash` in all three, so the hooks are the only difference. The table gives
the median per call and its ratio to `no hooks` (target <= 1.2x for the installed launcher).

It reports; it does not assert.  Usage: python3 bench/bench_tool_call.py [--turns N] [--calls N] [--async-post]
(`--turns 2 --calls 10`: 20 calls per set-up; the install takes a minute or two.)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "stubs"))

from mock_llm_server import CLAUDE_ENV, MockLLMServer  # noqa: E402

TARGET = 1.2
EMPTY_LAUNCHER = "#!/bin/sh\nwhile IFS= read -r line; do :; done\nexit 0\n"
PYTHON_LAUNCHER = "#!{python}\nimport sys\nfrom argcheck.cli import main\nsys.exit(main([\"hook\", *sys.argv[1:]]))\n"


class TimedServer(MockLLMServer):
    """The mock model, noting when each request arrived."""

    def record(self, entry: dict) -> int:
        entry["at"] = time.perf_counter()
        return super().record(entry)


def claude_binary() -> Path:
    done = subprocess.run(["bash", str(REPO / "tests" / "setup" / "install-real-clis.sh"), "--check"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    for line in done.stdout.splitlines():
        name, _version, path = line.split(" ", 2)
        if name == "claude":
            return Path(path)
    raise SystemExit("bench: the pinned Claude Code is missing; run tests/setup/install-real-clis.sh")


def install(root: Path) -> dict:
    """./install.sh --hooks --yes into root/home and root/prefix, as tests/kit/hookrun.py does."""
    home, prefix = root / "home", root / "prefix"
    home.mkdir(parents=True)
    env = dict(os.environ, HOME=str(home), PIP_CACHE_DIR=str(Path.home() / ".cache" / "pip"))
    env.pop("ARGCHECK_PREFIX", None)
    done = subprocess.run([str(REPO / "install.sh"), "--prefix", str(prefix), "--hooks", "--yes"],
                          capture_output=True, text=True, env=env, cwd=root, stdin=subprocess.DEVNULL, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"bench: the install failed: {done.stdout[-1000:]}{done.stderr[-1000:]}")
    return {"home": home, "bin": prefix / "bin"}


def turn(claude: Path, home: Path, bin_dir: Path, project: Path, calls: int) -> list[float]:
    """One `claude -p` turn of `calls` Bash calls; the ms each call took."""
    script = [{"tool": {"name": "Bash", "input": {"command": f"echo {n}", "description": "count"}}}
              for n in range(calls)] + [{"reply": "Counted."}]
    with TimedServer(script) as server:
        env = {k: v for k, v in os.environ.items() if k in ("LANG", "LC_ALL", "TERM")}
        env.update(CLAUDE_ENV, HOME=str(home), ANTHROPIC_BASE_URL=server.base_url, ANTHROPIC_API_KEY="dummy",
                   XDG_CONFIG_HOME=str(home / ".config"),
                   PATH=os.pathsep.join([str(claude.parent), str(bin_dir), os.environ.get("PATH", "/usr/bin:/bin")]))
        done = subprocess.run([str(claude), "-p", "Count to ten with echo.", "--output-format", "json",
                               "--allowedTools", "Bash"], cwd=project, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=600)
        result = json.loads(done.stdout) if done.stdout.strip() else {}
        if result.get("permission_denials") or result.get("result") != "Counted.":
            raise SystemExit(f"bench: the turn did not run its calls: {done.stdout[-500:]}{done.stderr[-500:]}")
        arrivals = [request["at"] for request in server.model_requests()]
    return [(later - earlier) * 1000 for earlier, later in zip(arrivals, arrivals[1:])][:calls]


def async_home(home: Path, copy: Path) -> Path:
    """A copy of the hooked HOME whose PostToolUse hooks run in the background (`"async": true`)."""
    shutil.copytree(home, copy, symlinks=True)
    settings = copy / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    for event in ("PostToolUse", "PostToolUseFailure"):
        for group in data["hooks"].get(event, []):
            for hook in group["hooks"]:
                hook["async"] = True
    settings.write_text(json.dumps(data, indent=2))
    return copy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--async-post", action="store_true", help="also time PostToolUse as an async hook")
    args = parser.parse_args()
    claude = claude_binary()
    with tempfile.TemporaryDirectory(prefix="bench-tool-call.") as folder:
        root = Path(folder)
        installed = install(root / "hooked")
        share = installed["bin"].parent / "share" / "argcheck"
        sh_launcher = (share / "argcheck-hook").read_text()
        py_launcher = PYTHON_LAUNCHER.format(python=share / "venv" / "bin" / "python")
        bare = root / "bare" / "home"
        bare.mkdir(parents=True)
        project = root / "project"
        project.mkdir()
        hooked = installed["home"]
        setups = {"no hooks": (bare, None), "sh launcher": (hooked, sh_launcher),
                  "python launcher": (hooked, py_launcher), "empty hook": (hooked, EMPTY_LAUNCHER)}
        if args.async_post:
            setups["sh launcher, async PostToolUse"] = (async_home(hooked, root / "async" / "home"), sh_launcher)
        times: dict[str, list[float]] = {label: [] for label in setups}
        for number in range(args.turns + 1):  # the first round warms the page cache and is dropped
            for label, (home, launcher) in setups.items():
                if launcher is not None:
                    (share / "argcheck-hook").write_text(launcher)
                calls = turn(claude, home, installed["bin"], project, args.calls)
                if number:
                    times[label].extend(calls)
        shutil.rmtree(project, ignore_errors=True)
    base = statistics.median(times["no hooks"])
    load = os.getloadavg()[0]
    print(f"Bash tool call in Claude Code, project with no .argcheck/: medians of {len(times['no hooks'])} calls "
          f"each, load average {load:.1f} on {os.cpu_count()} CPUs")
    for label, values in times.items():
        ratio = statistics.median(values) / base
        mark = f"  over the {TARGET}x target" if label == "sh launcher" and ratio > TARGET else ""
        print(f"{label:<16} {statistics.median(values):>7.1f} ms  {ratio:>5.2f}x{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
