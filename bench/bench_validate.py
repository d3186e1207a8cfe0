#!/usr/bin/env python3
"""Time `argcheck validate` against the interpreter's start-up, `jq empty` and `check-jsonschema`.

Every command runs in a fresh process, N times, interleaved round by round (so a noisy moment hits
every command alike); the table gives the median and the minimum wall time. It also measures the
peak RSS of `argcheck validate` (os.wait4 gives each child's own rusage), validates at 10k/30k/100k
moves to show how the cost grows, and prints the ratios against the targets:

  * a typical state (200 moves) validates in <= 6x `python3 -c pass` on argcheck's own interpreter;
  * 100,000 moves validate in <= 2x `jq empty` of the same file;
  * the cost per move stays flat from 10k to 100k moves (linear growth);
  * peak memory < 10x the file size.

It reports; it does not assert.  Usage:  python3 bench/bench_validate.py [--quick] [--reps N]
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
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "state" / "schemas" / "deliberate.schema.json"
MAKE_STATES = Path(__file__).resolve().parent / "make_states.py"


class Timing(NamedTuple):
    label: str
    runs_ms: list
    exit_codes: list
    cpu_ms: list  # user + system CPU time of the child: steadier than wall time on a busy machine

    @property
    def median(self) -> float:
        return statistics.median(self.runs_ms) if self.runs_ms else float("nan")

    @property
    def minimum(self) -> float:
        return min(self.runs_ms) if self.runs_ms else float("nan")

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_ms) if self.cpu_ms else float("nan")


# ---------------------------------------------------------------- finding the tools


def find_argcheck() -> str:
    beside = [ROOT / ".venv" / "bin" / "argcheck", Path(sys.executable).parent / "argcheck"]
    found = shutil.which("argcheck") or next((str(p) for p in beside if p.exists()), None)
    if found is None:
        sys.exit("bench: no argcheck on PATH, in .venv/bin or next to this python; install it first")
    return found


def interpreter_of(script: str) -> str:
    """The interpreter a console script runs on (its #! line), so `-c pass` is a fair baseline."""
    with open(script, "rb") as handle:
        first = handle.readline().decode("utf-8", "replace").strip()
    if first.startswith("#!"):
        parts = first[2:].split()
        if parts and os.path.basename(parts[0]) == "env" and len(parts) > 1:
            return shutil.which(parts[1]) or parts[1]
        if parts and os.path.exists(parts[0]):
            return parts[0]
    return sys.executable


def find_tool(name: str, argcheck: str) -> str | None:
    return shutil.which(name) or next(
        (str(p) for p in [Path(argcheck).parent / name, ROOT / ".venv" / "bin" / name] if p.exists()), None)


# ---------------------------------------------------------------- measuring


CHILD_ENV = dict(os.environ)


def run_once(argv: list[str]) -> tuple[float, int, int, float]:
    """Wall ms, exit code, the child's own peak RSS in KiB (Linux ru_maxrss) and its CPU ms."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=CHILD_ENV)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = (time.perf_counter() - started) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, child.returncode, usage.ru_maxrss, (usage.ru_utime + usage.ru_stime) * 1000


def measure(commands: dict[str, list[str]], reps: int, slow: set[str], slow_reps: int) -> dict[str, Timing]:
    """Run every command `reps` times, interleaved round by round; `slow` ones only `slow_reps` times."""
    for argv in commands.values():  # one untimed warm-up each: page cache, .pyc files
        run_once(argv)
    timings = {label: Timing(label, [], [], []) for label in commands}
    labels = list(commands)
    for round_number in range(reps):
        shift = round_number % len(labels)
        for label in labels[shift:] + labels[:shift]:
            if label in slow and round_number >= slow_reps:
                continue
            elapsed, code, _, cpu = run_once(commands[label])
            timings[label].runs_ms.append(elapsed)
            timings[label].exit_codes.append(code)
            timings[label].cpu_ms.append(cpu)
        print(f"  round {round_number + 1}/{reps} done", file=sys.stderr, flush=True)
    return timings


def peak_rss_kib(argv: list[str], reps: int = 3) -> int:
    """The largest peak RSS of `reps` runs (the children's own ru_maxrss, via os.wait4)."""
    return max(run_once(argv)[2] for _ in range(reps))


# ---------------------------------------------------------------- states


def make_states(python: str, out_dir: Path, sizes: list[int]) -> dict[str, Path]:
    """Generate the states with make_states.py (on argcheck's interpreter), or reuse them if present."""
    wanted = {"typical": out_dir / "typical.json", **{str(n): out_dir / f"deliberate-{n}.json" for n in sizes}}
    stamp = out_dir / "made-by.txt"
    fingerprint = f"{MAKE_STATES.stat().st_mtime_ns} {sizes}"
    if all(p.exists() for p in wanted.values()) and stamp.exists() and stamp.read_text() == fingerprint:
        print(f"bench: reusing the states in {out_dir}", file=sys.stderr)
        return wanted
    args = [python, str(MAKE_STATES), "--out-dir", str(out_dir), "--sizes", ",".join(map(str, sizes))]
    print(f"bench: generating states: {' '.join(args)}", file=sys.stderr, flush=True)
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"bench: make_states.py failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    stamp.write_text(fingerprint)
    return {name: Path(path) for name, path in json.loads(done.stdout).items()}


# ---------------------------------------------------------------- reporting


def fmt_ms(value: float) -> str:
    return f"{value:,.1f}" if value == value else "-"


def ratio_line(name: str, value: float, target: float, unit: str = "x") -> str:
    met = "met" if value <= target else "MISSED"
    return f"  {name:<58} {value:6.2f}{unit}  (target <= {target:g}{unit})  {met}"


def print_table(timings: dict[str, Timing]) -> None:
    print(f"\n{'command':<50} {'median ms':>10} {'min ms':>10} {'cpu ms':>10} {'runs':>5}  exit")
    print("-" * 96)
    for t in timings.values():
        codes = sorted(set(t.exit_codes))
        print(f"{t.label:<50} {fmt_ms(t.median):>10} {fmt_ms(t.minimum):>10} {fmt_ms(t.cpu_median):>10}"
              f" {len(t.runs_ms):>5}  {codes}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 repetitions, 1 for the very slow commands")
    parser.add_argument("--reps", type=int, help="repetitions per command (default 9, quick 3)")
    parser.add_argument("--states-dir", type=Path, help="where the generated states go (default: a temp dir)")
    parser.add_argument("--json", type=Path, help="also write the raw timings to this JSON file")
    parser.add_argument("--as-is", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as set (by default bytecode is cached in the states dir)")
    options = parser.parse_args()
    reps = options.reps or (3 if options.quick else 9)
    slow_reps = 1 if options.quick else 3

    argcheck = find_argcheck()
    python = interpreter_of(argcheck)
    jq = find_tool("jq", argcheck)
    cjs = find_tool("check-jsonschema", argcheck)
    print(f"argcheck: {argcheck}\npython:   {python}\njq:       {jq or 'not found'}\n"
          f"check-jsonschema: {cjs or 'not found'}\nreps: {reps} (very slow commands: {slow_reps})")
    states_dir = options.states_dir or Path(tempfile.mkdtemp(prefix="argcheck-bench-"))
    states_dir.mkdir(parents=True, exist_ok=True)
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not options.as_is:
        # An installed argcheck has .pyc files; a checkout under PYTHONDONTWRITEBYTECODE recompiles every
        # module on every call. Cache bytecode under the states dir (never in the source tree) instead.
        CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE")
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(states_dir / "pycache")
        print(f"note: PYTHONDONTWRITEBYTECODE is set; bytecode is cached in {states_dir / 'pycache'} "
              "for the measured calls (--as-is measures without it)")
    states = make_states(python, states_dir, [10_000, 30_000, 100_000])
    typical, big = states["typical"], states["100000"]
    sizes = {name: path.stat().st_size for name, path in states.items()}
    print(f"states in {states_dir}: " + ", ".join(f"{n} {sizes[n] / 1e6:.2f} MB" for n in states))

    commands = {"python -c pass": [python, "-c", "pass"]}
    commands["argcheck validate typical (200 moves)"] = [argcheck, "validate", str(typical)]
    commands["argcheck validate 100k moves"] = [argcheck, "validate", str(big)]
    if jq:
        commands["jq empty typical"] = [jq, "empty", str(typical)]
        commands["jq empty 100k"] = [jq, "empty", str(big)]
    if cjs:
        commands["check-jsonschema typical"] = [cjs, "--schemafile", str(SCHEMA), str(typical)]
        commands["check-jsonschema 100k"] = [cjs, "--schemafile", str(SCHEMA), str(big)]
    for size in (10_000, 30_000):
        commands[f"argcheck validate {size // 1000}k moves"] = [argcheck, "validate", str(states[str(size)])]
    slow = {"check-jsonschema 100k"}
    load_before = os.getloadavg()
    timings = measure(commands, reps, slow, slow_reps)
    print_table(timings)

    rss = {name: peak_rss_kib([argcheck, "validate", str(states[name])], 1 if options.quick else 3)
           for name in ("typical", "10000", "100000")}
    baseline_rss = peak_rss_kib([python, "-c", "pass"], 1)
    print(f"\npeak RSS (KiB; python -c pass: {baseline_rss:,})")
    for name, kib in rss.items():
        above = (kib - baseline_rss) * 1024 / sizes[name]
        print(f"  argcheck validate {name:<8} {kib:>10,} KiB   file {sizes[name] / 1024:>10,.0f} KiB"
              f"   ratio {kib * 1024 / sizes[name]:6.2f}x  (above baseline {above:.2f}x)")

    wall = {label: t.median for label, t in timings.items()}
    cpu = {label: t.cpu_median for label, t in timings.items()}
    typical_label, big_label = "argcheck validate typical (200 moves)", "argcheck validate 100k moves"
    sized = ((10_000, "argcheck validate 10k moves"), (30_000, "argcheck validate 30k moves"), (100_000, big_label))
    print("\ngrowth (per-move cost after subtracting the 200-move call, i.e. the cold start)")
    growth = {}
    for size, label in sized:
        growth[size] = {kind: (table[label] - table[typical_label]) / size * 1000
                        for kind, table in (("wall", wall), ("cpu", cpu))}
        print(f"  {size:>7,} moves  wall {wall[label]:>9,.1f} ms  {growth[size]['wall']:6.2f} us/move   "
              f"cpu {cpu[label]:>9,.1f} ms  {growth[size]['cpu']:6.2f} us/move   {sizes[str(size)] / 1e6:6.2f} MB")

    print("\ntargets (wall-time medians; CPU-time medians in brackets)")
    for name, label, base, target in (
            ("typical validate / python -c pass", typical_label, "python -c pass", 6),
            ("100k validate / jq empty 100k", big_label, "jq empty 100k", 2)):
        if base in timings:
            print(ratio_line(name, wall[label] / wall[base], target) + f"  [{cpu[label] / cpu[base]:.2f}x]")
    print(ratio_line("per-move cost 100k / per-move cost 10k (linear = 1)",
                     growth[100_000]["wall"] / growth[10_000]["wall"], 1.25)
          + f"  [{growth[100_000]['cpu'] / growth[10_000]['cpu']:.2f}x]")
    print(ratio_line("peak RSS / file size at 100k", rss["100000"] * 1024 / sizes["100000"], 10))
    if "check-jsonschema 100k" in timings:
        print(f"  (for scale: check-jsonschema 100k / argcheck 100k = "
              f"{wall['check-jsonschema 100k'] / wall[big_label]:.1f}x)")
    print(f"\nload average at the start {load_before[0]:.2f}, at the end {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs (a busy machine inflates wall times; CPU times are steadier)")
    bad = {t.label: sorted(set(t.exit_codes)) for t in timings.values()
           if t.label.startswith("argcheck") and set(t.exit_codes) != {0}}
    if bad:
        print(f"\nWARNING: argcheck validate did not exit 0 on: {bad} (the generated state is not clean)")
    if options.json:
        options.json.write_text(json.dumps({
            "timings": {t.label: {"runs_ms": t.runs_ms, "median": t.median, "min": t.minimum,
                                  "cpu_ms": t.cpu_ms, "exit_codes": t.exit_codes} for t in timings.values()},
            "peak_rss_kib": rss, "file_bytes": sizes, "us_per_move": growth,
            "loadavg": [load_before[0], os.getloadavg()[0]]}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
