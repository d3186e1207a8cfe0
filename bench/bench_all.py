#!/usr/bin/env python3
"""Every cost target in one run, as ratios: start-up per call, bytes per consultation, the 100k validate.

  1. start-up of `--version`, `next`, `prompt`, `render`, `apply --dry-run`, `validate` against
     `python -c pass` (bench_startup.py; --baseline-src DIR times an older checker/src beside it);
  2. bytes sent to the consultee per call and in all, before and after the resumed prompt, beside
     codex-ask's way (prompt_bytes.py);
  3. `argcheck validate` of 100,000 moves against `jq empty` of the same file, and where its time goes
     (where_time_goes.py), with the check that orjson and json hash every move alike.

bench_validate.py remains the full picture of validate (10k-100k growth, memory, check-jsonschema).
It reports; it does not assert.  Usage: python3 bench/bench_all.py [--reps N] [--states-dir DIR]
[--baseline-src DIR]   (about 3-5 minutes, most of it generating and validating the 100k-move state)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_startup  # noqa: E402
import prompt_bytes  # noqa: E402
import where_time_goes  # noqa: E402
from bench_validate import CHILD_ENV, MAKE_STATES, find_argcheck, find_tool, interpreter_of, measure  # noqa: E402

BIG = 100_000


def big_state(python: str, folder: Path) -> Path:
    path = folder / f"deliberate-{BIG}.json"
    if not path.exists():
        print(f"bench: generating {path} (about a minute)", file=sys.stderr, flush=True)
        subprocess.run([python, str(MAKE_STATES), "--out-dir", str(folder), "--sizes", str(BIG)], check=True,
                       stdout=subprocess.DEVNULL)
    return path


def validate_vs_jq(argcheck: str, jq: str | None, path: Path, reps: int) -> float | None:
    if jq is None:
        print("\njq not found: the 100k ratio is left out")
        return None
    commands = {"argcheck validate 100k": [argcheck, "validate", str(path)], "jq empty 100k": [jq, "empty", str(path)]}
    timings = measure(commands, reps, set(), reps)
    ours, theirs = timings["argcheck validate 100k"], timings["jq empty 100k"]
    ratio = ours.median / theirs.median
    print(f"\nvalidate 100k: {ours.median:,.0f} ms, jq empty: {theirs.median:,.0f} ms -> {ratio:.2f}x "
          f"[cpu {ours.cpu_median / theirs.cpu_median:.2f}x]  (target <= 2x: {'met' if ratio <= 2 else 'open'})")
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=15, help="start-up repetitions (the 100k ones: 3)")
    parser.add_argument("--states-dir", type=Path)
    parser.add_argument("--baseline-src", type=Path)
    options = parser.parse_args()
    folder = options.states_dir or Path(tempfile.mkdtemp(prefix="argcheck-bench-all-"))
    folder.mkdir(parents=True, exist_ok=True)
    argcheck = find_argcheck()
    python = interpreter_of(argcheck)

    print("== 1. start-up ==")
    startup_args = ["--reps", str(options.reps), "--states-dir", str(folder)]
    if options.baseline_src:
        startup_args += ["--baseline-src", str(options.baseline_src)]
    startup = bench_startup.main(startup_args)

    print("\n== 2. bytes to the consultee ==")
    sent = prompt_bytes.main([])

    print("\n== 3. validate 100,000 moves ==")
    path = big_state(python, folder)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):  # bench_startup has set up CHILD_ENV already
        CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ratio = validate_vs_jq(argcheck, find_tool("jq", argcheck), path, 3)
    phases = where_time_goes.report(str(path))

    print("\n== summary (wall-time ratios; CPU in brackets) ==")
    for command in ("--version", "next 198", "prompt 198", "render 198", "apply --dry-run 198", "validate 198"):
        wall, cpu = startup["after"][command]
        before = f"   before {startup['before'][command][0]:5.2f}x" if "before" in startup else ""
        print(f"  {command:<22} {wall:5.2f}x [{cpu:5.2f}x]{before}")
    for name, result in sent.items():
        totals = result["sent"]
        print(f"  bytes to the consultee, {name}: {totals['before']:,} before, {totals['after']:,} after "
              f"({totals['after'] / totals['before']:.2f}); codex-ask {totals['codex-ask']:,} "
              f"+ {totals['rewrite']:,} rewritten")
    if ratio is not None:
        shares = ", ".join(f"{name} {phases[name] / phases['validate']:.0%}" for name in
                           ("parse", "engine", "shapes", "hash as replayed", "other", "read"))
        print(f"  validate 100k / jq empty 100k: {ratio:.2f}x (goal <= 2x, open); its time: {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
