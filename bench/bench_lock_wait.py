#!/usr/bin/env python3
"""How long does an `argcheck apply` wait for the state file's lock when several appliers compete?

W worker loops each run A `argcheck apply` processes one after the other, all on one state file,
pinned to the given CPUs (default: 2 cores). Each apply runs under a small harness that times
`statefile.locked()`: the wait (until the lock is held) and the hold (read, replay, write). The
default `--lock-timeout` must sit well above the worst wait measured on a loaded machine.

    python bench/bench_lock_wait.py                      # 8 workers x 10 applies, 0 and 1500-move states
    python bench/bench_lock_wait.py --workers 16 --cpus 0
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HARNESS = r"""
import contextlib, json, os, sys, time
from argcheck.files import operations, statefile
original = statefile.locked
@contextlib.contextmanager
def timed(path, timeout=statefile.DEFAULT_LOCK_TIMEOUT):
    asked = time.perf_counter()
    with original(path, timeout):
        held = time.perf_counter()
        try:
            yield
        finally:
            done = time.perf_counter()
            with open(os.environ["LOCK_LOG"], "a") as log:
                log.write(json.dumps({"wait": held - asked, "hold": done - held}) + "\n")
statefile.locked = timed
from argcheck.cli import main
sys.exit(main(sys.argv[1:]))
"""

LONG_TEXT = ("Measured with `argcheck validate` on the generated state: replay is linear in the number "
             "of moves and dominated by JSON parsing and hashing. ") * 14


def ledger_move(entry_id: str, text: str = "An observation.") -> dict:
    return {"type": "ledger", "actor": "orchestrator", "id": entry_id, "text": text,
            "provenance": "orchestrator-unverified", "claim_type": "empirical"}


def make_state(directory: Path, moves: int) -> Path:
    state = directory / "state.json"
    argcheck = [sys.executable, "-m", "argcheck"]
    subprocess.run([*argcheck, "init", "deliberate", "--question", "How long do appliers wait for the lock?",
                    "--state", str(state), "--force"], check=True, capture_output=True)
    if moves:
        batch = directory / "batch.json"
        batch.write_text(json.dumps([ledger_move(f"B{i}", LONG_TEXT) for i in range(moves)]))
        subprocess.run([*argcheck, "apply", str(state), str(batch)], check=True, capture_output=True)
    return state


def worker(state: Path, index: int, applies: int, cpus: str, log: Path) -> list[tuple[int, float]]:
    """A applies in a row; returns (exit code, wall seconds) for each."""
    pin = ["taskset", "-c", cpus] if cpus and shutil.which("taskset") else []
    results = []
    for round_number in range(applies):
        move = state.parent / f"move-{index}-{round_number}.json"
        move.write_text(json.dumps(ledger_move(f"W{index}x{round_number}")))
        started = time.perf_counter()
        done = subprocess.run([*pin, sys.executable, "-c", HARNESS, "apply", str(state), str(move),
                               "--lock-timeout", "600"], capture_output=True, env=dict(os.environ, LOCK_LOG=str(log)))
        results.append((done.returncode, time.perf_counter() - started))
    return results


def measure(moves: int, workers: int, applies: int, cpus: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        state = make_state(directory, moves)
        size = state.stat().st_size
        log = directory / "lock.log"
        with ThreadPoolExecutor(workers) as pool:
            runs = [r for rs in pool.map(lambda i: worker(state, i, applies, cpus, log), range(workers)) for r in rs]
        timings = [json.loads(line) for line in log.read_text().splitlines()]
    waits = sorted(t["wait"] for t in timings)
    holds = sorted(t["hold"] for t in timings)
    return {"moves": moves, "bytes": size, "applies": len(runs), "failed": sum(1 for code, _ in runs if code),
            "wait_p50": statistics.median(waits), "wait_p95": waits[int(0.95 * (len(waits) - 1))],
            "wait_max": waits[-1], "hold_p50": statistics.median(holds), "hold_max": holds[-1],
            "wall_max": max(wall for _, wall in runs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--applies", type=int, default=10, help="applies per worker")
    parser.add_argument("--moves", default="0,1500", help="sizes of the state (comma-separated move counts)")
    parser.add_argument("--cpus", default="0,1", help="CPUs to pin the appliers to (taskset -c); empty: all")
    args = parser.parse_args()
    print(f"{args.workers} workers x {args.applies} applies, pinned to CPUs {args.cpus or 'all'} "
          f"(this machine has {os.cpu_count()})")
    print(f"{'moves':>6} {'bytes':>9} {'applies':>7} {'failed':>6} {'wait p50':>9} {'wait p95':>9} "
          f"{'wait max':>9} {'hold p50':>9} {'hold max':>9} {'wall max':>9}")
    for moves in (int(m) for m in args.moves.split(",")):
        r = measure(moves, args.workers, args.applies, args.cpus)
        print(f"{r['moves']:>6} {r['bytes']:>9} {r['applies']:>7} {r['failed']:>6} {r['wait_p50']:>8.2f}s "
              f"{r['wait_p95']:>8.2f}s {r['wait_max']:>8.2f}s {r['hold_p50']:>8.2f}s {r['hold_max']:>8.2f}s "
              f"{r['wall_max']:>8.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
