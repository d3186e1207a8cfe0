#!/usr/bin/env python3
"""Time argcheck.protocols.deliberate.argumentation.grounded_labelling on random AFs and DAGs (m = 3n) and print
growth per 10x n."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "checker" / "src"))

from argcheck.protocols.deliberate.argumentation import grounded_labelling  # noqa: E402

Framework = tuple[list[str], list[tuple[str, str]]]


def random_af(n: int, m: int, rng: random.Random) -> Framework:
    """Uniform random attacks; self-attacks and duplicates allowed."""
    arguments = [f"a{i}" for i in range(n)]
    return arguments, [(arguments[rng.randrange(n)], arguments[rng.randrange(n)]) for _ in range(m)]


def random_dag(n: int, m: int, rng: random.Random) -> Framework:
    """Random acyclic attacks: a higher-numbered argument attacks a lower-numbered one."""
    arguments = [f"a{i}" for i in range(n)]
    attacks = []
    for _ in range(m):
        low, high = sorted(rng.sample(range(n), 2))
        attacks.append((arguments[high], arguments[low]))
    return arguments, attacks


def memory_floor(framework: Framework) -> None:
    """One bare pass that looks up both ends of every attack: the memory-bound floor of any string-keyed method."""
    arguments, attacks = framework
    get = {argument: position for position, argument in enumerate(arguments)}.get
    for attacker, target in attacks:
        get(attacker)
        get(target)


def median_seconds(action: Callable[[], object], repeats: int) -> float:
    """Median wall time of `action` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def label_summary(framework: Framework) -> str:
    """in/out/undec counts of the grounded labelling."""
    labels = list(grounded_labelling(*framework).values())
    return "/".join(str(labels.count(label)) for label in ("in", "out", "undec"))


def growth(current: tuple[int, float], previous: tuple[int, float] | None) -> str:
    """Time ratio to the previous size (suffixed with the size ratio when it is not 10)."""
    if previous is None:
        return "-"
    text = f"{current[1] / previous[1]:.1f}x"
    return text if current[0] == 10 * previous[0] else f"{text}/{current[0] // previous[0]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--ratio", type=int, default=3, help="attacks per argument (m = ratio * n)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2023)
    args = parser.parse_args()
    generators: dict[str, Callable[[int, int, random.Random], Framework]] = {"random": random_af, "dag": random_dag}
    print(f"python {sys.version.split()[0]}; median of {args.repeats} runs; m = {args.ratio}n")
    header = f"{'kind':<7}{'n':>9}{'m':>9}{'ms':>10}{'us/(n+m)':>10}{'growth':>8}{'floor ms':>10}{'growth':>8}"
    print(header + "   in/out/undec")
    for kind, generate in generators.items():
        previous: tuple[int, float, float] | None = None
        for n in args.sizes:
            framework = generate(n, args.ratio * n, random.Random(args.seed + n))
            seconds = median_seconds(partial(grounded_labelling, *framework), args.repeats)
            floor = median_seconds(partial(memory_floor, framework), args.repeats)
            grow = growth((n, seconds), previous and (previous[0], previous[1]))
            floor_grow = growth((n, floor), previous and (previous[0], previous[2]))
            per_item = seconds * 1e6 / (n + args.ratio * n)
            print(
                f"{kind:<7}{n:>9}{args.ratio * n:>9}{seconds * 1e3:>10.2f}{per_item:>10.3f}{grow:>8}"
                f"{floor * 1e3:>10.2f}{floor_grow:>8}   {label_summary(framework)}"
            )
            previous = (n, seconds, floor)
    print("growth: time ratio to the previous size; about 10x per 10x n means linear time.")
    print("floor: a bare pass doing two dict look-ups per attack; where it also grows past 10x,")
    print("the excess comes from the machine's caches (random memory access), not from the algorithm.")


if __name__ == "__main__":
    main()
