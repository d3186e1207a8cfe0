#!/usr/bin/env python3
"""Time `argcheck verify` over a project of many runs against `argcheck validate` run once per run.

Makes RUNS deliberations of about MOVES moves each (bench/make_states.py's generator, one seed per run) in
a temporary .argcheck/, then measures, REPS times interleaved: one `argcheck verify` process over the folder,
and RUNS `argcheck validate FILE` processes (their times summed). Prints the medians and the ratio
verify / sum(validate), whose target is < 2 (issue 31). It reports; it does not assert.

Usage:  python3 bench/bench_verify.py [--runs 200] [--moves 200] [--reps 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_states  # noqa: E402  (the generator beside this script)
from bench_validate import find_argcheck  # noqa: E402


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--reps", type=int, default=3)
    options = parser.parse_args()
    argcheck = find_argcheck()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / ".argcheck"
        folder.mkdir()
        for seed in range(options.runs):
            doc = make_states.build(options.moves, 5, seed=1000 + seed, challenge_rate=0.25)
            (folder / f"deliberate-{seed:04d}.json").write_bytes(make_states.statefile.serialize(doc))
        files = sorted(str(p) for p in folder.glob("*.json"))
        verify, validate = [], []
        for _ in range(options.reps):
            verify.append(wall([argcheck, "verify", str(folder)]))
            validate.append(sum(wall([argcheck, "validate", path]) for path in files))
    one, many = statistics.median(verify), statistics.median(validate)
    print(f"runs {options.runs} x ~{options.moves} moves, {options.reps} reps, {os.cpu_count()} CPUs")
    print(f"argcheck verify (one process):      {one * 1000:9.0f} ms")
    print(f"argcheck validate x {options.runs} (summed): {many * 1000:9.0f} ms")
    print(f"ratio verify / sum(validate): {one / many:.2f}x (target < 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
