#!/usr/bin/env python3
"""Where the time of `argcheck validate` on a large state goes, phase by phase, in one process.

  read      the file's bytes (jsonio.read_bytes)
  parse     strict JSON (jsonio.parse: duplicate keys, NaN, depth, UTF-8, lone surrogates)
  shapes    every move's shape (the generated validators)
  hash      the hash chain: canonical JSON of every move and SHA-256 (by json, then as replay does it:
            by orjson where it writes json's bytes, from 10,000 moves)
  engine    the protocol's rules, move by move
  finish    the end-of-log checks (grounded semantics)
  validate  the whole of operations.validate_file; "other" is what the phases above leave out:
            the replay loop's own bookkeeping (seq, prev and clock checks, collecting findings)

It also checks that orjson and json give the same canonical bytes for every move of the file.
Each phase is timed on its own (best of --reps), with the garbage collector paused as replay pauses it.
Usage: python3 bench/where_time_goes.py STATE [--reps N]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "checker" / "src"))

from argcheck.core import integrity, jsonio
from argcheck.files import operations
from argcheck.core import discovery  # noqa: E402
from argcheck.core.replay import check_move  # noqa: E402


def best(function, reps: int) -> tuple[float, object]:
    """The best wall time in ms of `reps` calls, and the last result."""
    times, result = [], None
    for _ in range(reps):
        gc.collect()
        gc.disable()
        started = time.perf_counter()
        result = function()
        times.append((time.perf_counter() - started) * 1000)
        gc.enable()
    return min(times), result


def chain(link, moves) -> str:
    prev = "0" * integrity.HASH_HEX_DIGITS
    for move in moves:
        prev = link(move.get("prev", prev), move)
    return prev


def phases(path: str, reps: int) -> dict[str, float]:
    ms = {}
    ms["read"], data = best(lambda: jsonio.read_bytes(path), reps)
    ms["parse"], doc = best(lambda: jsonio.parse(data), reps)
    moves = doc["moves"]
    protocol = discovery.spec(doc["protocol"])
    ms["shapes"], _ = best(lambda: [check_move(protocol, m, "/moves/0") for m in moves], reps)
    ms["hash by json"], _ = best(lambda: chain(integrity.link, moves), reps)
    ms["hash as replayed"], _ = best(lambda: chain(integrity.linker(len(moves)), moves), reps)
    env = operations.env_for(doc)

    def engine_only():
        engine = protocol.new_engine(doc["header"], env)
        for index, move in enumerate(moves):
            engine.step(index, move)
        return engine

    ms["engine"], engine = best(engine_only, reps)
    ms["finish"], _ = best(engine.finish, reps)
    ms["validate"], _ = best(lambda: operations.validate_file(path), reps)
    return ms, moves


def identical_bytes(moves) -> str:
    try:
        import orjson
    except ImportError:
        return "orjson is not installed (pip install 'argcheck[fast]'): json alone encodes"
    same = sum(integrity.fast_canonical(m, orjson.dumps, orjson.OPT_SORT_KEYS) == integrity.canonical(m)
               for m in moves)
    return f"orjson and json canonical bytes identical for {same:,} of {len(moves):,} moves"


def report(path: str, reps: int = 3) -> dict[str, float]:
    ms, moves = phases(path, reps)
    counted = ("read", "parse", "shapes", "hash as replayed", "engine", "finish")
    other = ms["validate"] - sum(ms[name] for name in counted)
    print(f"\nwhere the time of one validate goes ({len(moves):,} moves, {Path(path).stat().st_size / 1e6:.1f} MB, "
          f"in-process, best of {reps}):")
    for name in ("read", "parse", "shapes", "hash by json", "hash as replayed", "engine", "finish"):
        share = f"{ms[name] / ms['validate']:6.1%}" if name in counted else "      "
        print(f"  {name:<18} {ms[name]:9.1f} ms  {share}")
    print(f"  {'other':<18} {other:9.1f} ms  {other / ms['validate']:6.1%}")
    print(f"  {'validate':<18} {ms['validate']:9.1f} ms  (plus the process start and imports)")
    print(f"  {identical_bytes(moves)}")
    return dict(ms, other=other)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("state")
    parser.add_argument("--reps", type=int, default=3)
    options = parser.parse_args(argv)
    return report(options.state, options.reps)


if __name__ == "__main__":
    main()
