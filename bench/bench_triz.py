#!/usr/bin/env python3
"""Time `argcheck validate` on triz state files against `python3 -c pass` and `jq empty` of the same file.

Files: the five-round session of state/examples (every phase, 104 moves, crystallized), and synthetic
sessions whose knowledge graph holds 10^4, 3*10^4 and 10^5 claims and edges (one round through the real
phases, then user insights that each add a claim and an edge: most point at an older claim, one in five is
pointed at by an older claim, so the incremental cycle check works both ways). The synthetic files are
hash-chained like `apply` writes them and are replayed once before timing: a finding is reported.

It reports; it does not assert.  Usage:  python3 bench/bench_triz.py [--reps N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIVE_ROUNDS = ROOT / "state" / "examples" / "valid" / "triz-five-rounds-crystallized.json"
SIZES = (10_000, 30_000, 100_000)
sys.path.insert(0, str(ROOT / "checker" / "src"))


def synthetic(items: int) -> dict:
    """A session in build phase with items/2 user-insight claims, each with one edge."""
    from argcheck.core import integrity, replay
    from argcheck.files import statefile
    from argcheck.core.env import Env

    source = json.loads(FIVE_ROUNDS.read_text(encoding="utf-8"))
    first_verdicts = next(i for i, m in enumerate(source["moves"]) if m["type"] == "verdicts")
    doc = dict(source, id="bench-graph", moves=[], status="building")
    doc["head"] = integrity.genesis_hash(doc)
    head, moves = doc["head"], []
    prefix = [{k: v for k, v in m.items() if k not in ("seq", "prev", "at")} for m in
              source["moves"][:first_verdicts + 1]]
    rng = random.Random(items)
    nodes = []
    insights = [_insight(n, rng, nodes) for n in range(items // 2)]
    for move in prefix + [{"type": "add_to_knowledge_graph", "claim_id": "C1", "edges": []}] + insights:
        stamped = {"seq": len(moves) + 1, "prev": head, "at": "2026-11-24T10:00:00Z", **move}
        head = integrity.link(head, stamped)
        moves.append(stamped)
    doc.update(moves=moves, head=head, move_count=len(moves), updated_at="2026-11-24T10:00:00Z")
    outcome = replay.replay(doc, Env(now="2026-11-24T10:00:00Z", read_lines=lambda _: None))
    doc["status"] = outcome.engine.status
    errors = [f for f in outcome.findings if f.is_error]
    if errors:
        print(f"bench: the {items} file has {len(errors)} error(s), first: {errors[0].format_text()}")
    return doc, statefile


def _insight(n: int, rng: random.Random, nodes: list) -> dict:
    claim = f"C{n + 3}"  # C1, C2 are the first round's claims; C1 is in the graph
    other = rng.choice(nodes) if nodes else "C1"
    edge = ({"source": other, "target": claim, "edge_type": "supports"} if rng.random() < 0.2
            else {"source": claim, "target": other, "edge_type": "extends"})
    nodes.append(claim)
    return {"type": "submit_user_insight", "actor": "user", "insight": f"Insight {n}.", "edges": [edge]}


def timed(command: list[str], reps: int, env: dict) -> float:
    """The median wall time of `reps` runs after one warm-up run."""
    runs = []
    for _ in range(reps + 1):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        runs.append((time.perf_counter() - started) * 1000)
    return statistics.median(runs[1:])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--keep", help="write the synthetic files here (kept)")
    args = parser.parse_args()
    folder = Path(args.keep or tempfile.mkdtemp(prefix="argcheck-bench-triz-"))
    folder.mkdir(parents=True, exist_ok=True)
    argcheck = shutil.which("argcheck") or str(ROOT / ".venv" / "bin" / "argcheck")
    python = sys.executable
    jq = shutil.which("jq")
    # Like an installed argcheck: bytecode cached (outside the source tree), not recompiled per call.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    files = {"five rounds (104 moves)": FIVE_ROUNDS}
    for items in SIZES:
        doc, statefile = synthetic(items)
        path = folder / f"triz-graph-{items}.json"
        path.write_bytes(statefile.serialize(doc))
        files[f"graph {items:,} claims+edges"] = path
    baseline = timed([python, "-c", "pass"], args.reps, env)
    print(f"python3 -c pass: {baseline:.0f} ms")
    print(f"{'file':32} {'MB':>6} {'validate ms':>12} {'x python':>9} {'jq ms':>8} {'x jq':>6} {'us/item':>8}")
    for label, path in files.items():
        validate = timed([argcheck, "validate", str(path)], args.reps, env)
        jq_ms = timed([jq, "empty", str(path)], args.reps, env) if jq else float("nan")
        items = int(label.split()[1].replace(",", "")) if label.startswith("graph") else 0
        per_item = (validate - baseline) * 1000 / items if items else float("nan")
        print(f"{label:32} {os.path.getsize(path) / 1e6:6.1f} {validate:12.0f} {validate / baseline:9.1f} "
              f"{jq_ms:8.0f} {validate / jq_ms:6.1f} {per_item:8.1f}")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
