"""The fault run's process cases: a headless council whose consultee misbehaves the way real CLIs do, through
the real wrappers and a stub CLI (tests/stubs/bin/fake-consultee as `codex`); counts the processes of the run
still alive after argcheck exited (each found by an environment marker every descendant inherits).

Cases: good replies; a CLI child that keeps stdout open after the reply; a `setsid` daemon that does; a CLI
that hangs past --timeout; SIGTERM, SIGHUP, SIGINT and SIGKILL to argcheck while six calls hang.
Usage: python bench/faultprocesses.py   (also run by bench/faultrun.py)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "checker" / "tools" / "examples")]

from kit.processes import kill_marked, marked, new_marker, settled  # noqa: E402

CASES = {"good": {}, "child_holding_stdout": {"STUB_LINGER": "300"}, "setsid_daemon": {"STUB_DETACH": "300"},
         "hang_past_timeout": {"STUB_HANG": "300", "STUB_IGNORE_TERM": "1"}}
SIGNALS = {"SIGTERM": signal.SIGTERM, "SIGHUP": signal.SIGHUP, "SIGINT": signal.SIGINT, "SIGKILL": signal.SIGKILL}
REPLY = [{"type": "thread.started", "thread_id": "0199a0b0-0000-7000-8000-000000000001"},
         {"type": "item.completed", "item": {"id": "item_0", "type": "agent_message", "text": "No critique."}},
         {"type": "turn.completed", "usage": {"input_tokens": 10, "output_tokens": 5}}]


def council(extra: dict, timeout: str) -> tuple[subprocess.Popen, Path, str]:
    workdir = Path(tempfile.mkdtemp(prefix="faultrun-processes-"))
    (workdir / "bin").mkdir()
    (workdir / "bin" / "codex").symlink_to(ROOT / "tests" / "stubs" / "bin" / "fake-consultee")
    (workdir / "design.md").write_text("# Design\n\nEvery event is written to one SQLite file.\n")
    (workdir / "reply.stdout").write_text("".join(json.dumps(event) + "\n" for event in REPLY))
    marker = new_marker()
    name, value = marker.split("=")
    env = dict(os.environ, PATH=f"{workdir / 'bin'}:{os.environ['PATH']}", STUB_LOG=str(workdir / "calls"),
               STUB_CASE=str(workdir / "reply"), CONSULT_STATE_DIR=str(workdir / "sessions"),
               ARGCHECK_CONSULT=f"bash {ROOT / 'wrappers' / 'consult'}", **{name: value}, **extra)
    run = subprocess.Popen([sys.executable, "-m", "argcheck", "init", "council", "--document", "design.md",
                            "--state", "s.json", "--consultee", "codex", "--run", "--timeout", timeout],
                           cwd=workdir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return run, workdir, marker


def finish(run: subprocess.Popen, marker: str, counts, case: str, began: float) -> None:
    try:
        run.wait(timeout=120)
    except subprocess.TimeoutExpired:
        counts.add(f"{case}_hang")
        run.kill()
    counts.add(f"{case}_exit_{run.returncode}")
    counts.add(f"{case}_left", len(settled(marker, within=5)))
    counts[f"{case}_seconds"] = round(time.monotonic() - began, 1)
    kill_marked(marker)


def run_cases(counts) -> None:
    for case, extra in CASES.items():
        began = time.monotonic()
        run, _, marker = council(extra, "2" if case.startswith("hang") else "60")
        finish(run, marker, counts, case, began)
    for case, signum in SIGNALS.items():
        run, workdir, marker = council({"STUB_HANG": "300"}, "250")
        deadline = time.monotonic() + 60
        while len(list((workdir / "calls").glob("*/child_pid"))) < 6 and time.monotonic() < deadline:
            time.sleep(0.1)
        counts.add(f"{case}_processes_before", len(marked(marker)))
        began = time.monotonic()
        run.send_signal(signum)
        finish(run, marker, counts, case, began)


class Counts(dict):
    def add(self, key: str, amount: int = 1) -> None:
        self[key] = self.get(key, 0) + amount


if __name__ == "__main__":
    found = Counts()
    run_cases(found)
    print(json.dumps(dict(sorted(found.items())), indent=1))
