#!/usr/bin/env python3
"""Time the everyday calls (`--version`, `next`, `prompt`, `render`, `apply --dry-run`, `validate`) against
the interpreter's own start-up, on runs still in progress of about 45, 200 and 1,000 moves.

Each command runs in a fresh process, interleaved round by round with `python -c pass` on argcheck's
own interpreter (see bench_validate.py for the method and the bytecode note). The ratios are the
medians' ratios, wall time and (in brackets) CPU time. Targets, on the ~200-move run:
`next`, `prompt`, `render` <= 4x, `apply` <= 5x, `--version` about 1.5x.

  --baseline-src DIR   also time another checkout's checker/src (e.g. the tree before a change), run
                       the way the console script runs (import re and sys, then argcheck.cli.main)

It reports; it does not assert.  Usage: python3 bench/bench_startup.py [--reps N] [--baseline-src DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import CHILD_ENV, MAKE_STATES, find_argcheck, interpreter_of, measure  # noqa: E402

SIZES = {"45": 48, "198": 200, "998": 1000}  # moves in the run -> the size asked of make_states
TARGETS = {"next": 4, "prompt": 4, "render": 4, "apply --dry-run": 5, "--version": 1.5}
LAUNCH = "import re, sys; from argcheck.cli import main; sys.exit(main())"  # what the console script does
MOVE = [{"type": "ledger", "actor": "user", "id": "L9999", "provenance": "user", "text": "One file per run.",
         "claim_type": "constraint"}]


def open_states(python: str, folder: Path) -> dict[str, Path]:
    wanted = {moves: folder / f"open-{size}.json" for moves, size in SIZES.items()}
    if not all(path.exists() for path in wanted.values()):
        sizes = ",".join(str(size) for size in SIZES.values())
        done = subprocess.run([python, str(MAKE_STATES), "--out-dir", str(folder), "--sizes", "", "--open-sizes",
                               sizes], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"bench: make_states.py failed:\n{done.stdout}{done.stderr}")
    return wanted


def commands_for(run: list[str], states: dict[str, Path], moves: Path) -> dict[str, list[str]]:
    found = {"--version": [*run, "--version"], "validate 198": [*run, "validate", str(states["198"])]}
    for size, path in states.items():
        found[f"next {size}"] = [*run, "next", str(path)]
        found[f"prompt {size}"] = [*run, "prompt", str(path)]
        found[f"render {size}"] = [*run, "render", str(path)]
        found[f"apply --dry-run {size}"] = [*run, "apply", "--dry-run", str(path), str(moves)]
    return found


def ratio_table(timings, labels, prefix: str = "") -> dict[str, tuple[float, float]]:
    base = timings["python -c pass"]
    ratios = {}
    print(f"\n{'command':<24}" + "".join(f"{size + ' moves':>20}" for size in ("", *SIZES)[1:]))
    for command in ("apply --dry-run", "next", "prompt", "render"):
        cells = []
        for size in SIZES:
            t = timings[f"{prefix}{command} {size}"]
            ratios[f"{command} {size}"] = (t.median / base.median, t.cpu_median / base.cpu_median)
            cells.append(f"{ratios[f'{command} {size}'][0]:6.2f}x [{ratios[f'{command} {size}'][1]:5.2f}x]")
        print(f"{command:<24}" + "".join(f"{cell:>20}" for cell in cells))
    for single in ("--version", "validate 198"):
        t = timings[f"{prefix}{single}"]
        ratios[single] = (t.median / base.median, t.cpu_median / base.cpu_median)
        print(f"{single:<24}{ratios[single][0]:>13.2f}x [{ratios[single][1]:5.2f}x]")
    return ratios


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--states-dir", type=Path, help="where the generated runs go (default: a temp dir)")
    parser.add_argument("--baseline-src", type=Path, help="another checkout's checker/src to time beside")
    options = parser.parse_args(argv)
    argcheck = find_argcheck()
    python = interpreter_of(argcheck)
    folder = options.states_dir or Path(tempfile.mkdtemp(prefix="argcheck-startup-"))
    folder.mkdir(parents=True, exist_ok=True)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE")
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    states = open_states(python, folder)
    moves = folder / "move.json"
    moves.write_text(json.dumps(MOVE))
    commands = {"python -c pass": [python, "-c", "pass"], **commands_for([argcheck], states, moves)}
    if options.baseline_src:
        launcher = [python, "-c", LAUNCH]
        for label, argv_ in commands_for(launcher, states, moves).items():
            commands[f"before: {label}"] = ["env", f"PYTHONPATH={options.baseline_src.resolve()}", *argv_]
    print(f"argcheck: {argcheck}\npython:   {python}\nreps: {options.reps}, interleaved; states in {folder}")
    load = os.getloadavg()[0]
    timings = measure(commands, options.reps, set(), options.reps)
    print(f"\nstart-up: median wall time / python -c pass ({timings['python -c pass'].median:.1f} ms), "
          "[CPU time ratio]")
    result = {"after": ratio_table(timings, commands)}
    if options.baseline_src:
        print(f"\nthe same, before (checker/src of {options.baseline_src}):")
        result["before"] = ratio_table(timings, commands, "before: ")
    print("\ntargets on the 198-move run (wall [cpu]):")
    for command, target in TARGETS.items():
        key = command if command == "--version" else f"{command} 198"
        wall, cpu = result["after"][key]
        met = "met" if wall <= target * (1.1 if command == "--version" else 1) else "MISSED"
        print(f"  {command:<18} {wall:5.2f}x [{cpu:5.2f}x]  target {'about ' if command == '--version' else '<= '}"
              f"{target}x  {met}")
    print(f"\nload average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end on {os.cpu_count()} CPUs")
    bad = {label: sorted(set(t.exit_codes)) for label, t in timings.items() if set(t.exit_codes) != {0}}
    if bad:
        print(f"WARNING: non-zero exits: {bad}")
    return result


if __name__ == "__main__":
    main()
