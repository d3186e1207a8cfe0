"""How fast are `argcheck validate` and the council synthesis on a 50-page document?

Usage: python3 bench/bench_council.py [--pages 50] [--repeat 7] [--keep DIR]

Builds a synthetic 50-page design document (about 3,000 characters a page) and a full council on it
through the real lifecycle (six personas, a 3-level tree of 49 claims each with evidence quoted from
the document, self-critiques adjusting a third of the claims, a final assessment), then times fresh
processes of `python -c pass`, `argcheck validate`, and `argcheck render --format json` (which computes
the synthesis), interleaved, and prints the medians and their ratio to `python -c pass`.
Run from a checkout; it uses .venv/bin/argcheck when present, else `argcheck` on PATH.
"""

from __future__ import annotations

import argparse
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
sys.path.insert(0, str(ROOT / "checker" / "src"))

from argcheck.core import lifecycle  # noqa: E402
from argcheck.files import statefile  # noqa: E402
from argcheck.core.env import Env  # noqa: E402

WORDS = ("event store replica snapshot invoice billing latency durability audit hash sequence writer reader "
         "partition retention backup rollout requirement guarantee consistency throughput index query cache "
         "failure recovery operator alert budget quota schema migration").split()
PERSONAS = ("Aristotle", "Descartes", "Kant", "Leibniz", "Popper", "Russell")


def document(pages: int, rng: random.Random) -> str:
    lines = []
    for page in range(1, pages + 1):
        lines.append(f"## Section {page}\n")
        for sentence in range(30):
            words = " ".join(rng.choice(WORDS) for _ in range(14))
            lines.append(f"S{page}.{sentence} The {words}.")
        lines.append("")
    return "\n".join(lines)


def tree(prefix: str, sentences: list[str], rng: random.Random) -> dict:
    def node(node_id: str, depth: int) -> dict:
        count = (8, 5, 0)[depth]
        return {"id": node_id, "claim": f"Claim {node_id} on the cited passage.",
                "evidence": rng.choice(sentences), "confidence": round(rng.uniform(0.35, 0.95), 2),
                "severity": rng.choice(("Low", "Medium", "High", "Critical")),
                "sub_critiques": [node(f"{node_id}.{n}", depth + 1) for n in range(1, count + 1)]}
    return node(f"{prefix}-1", 0)


def build(path: Path, pages: int) -> None:
    rng = random.Random(7)
    text = document(pages, rng)
    sentences = [line for line in text.splitlines() if line.startswith("S")]
    import hashlib

    data = text.encode()
    options = {"document": {"path": "/bench/design.md", "size": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                            "text": text}, "panel": "philosophers", "threshold": 0.3}
    env = Env(now="2026-11-21T09:00:00Z", read_lines=lambda relative: None)
    doc = lifecycle.create_state("council", options, env, "bench")
    critiques = [{"type": "critique", "agent_style": name, "critique_tree": tree(name[:3].upper(), sentences, rng)}
                 for name in PERSONAS]
    doc = _apply(doc, critiques, env)
    selves = []
    for move in critiques:
        ids = [move["critique_tree"]["id"]] + [c["id"] for c in move["critique_tree"]["sub_critiques"]]
        selves.append({"type": "self_critique", "agent_style": move["agent_style"], "adjustments": [
            {"target_claim_id": claim, "confidence_delta": -0.05, "reasoning": "Weaker than another persona's."}
            for claim in ids]})
    doc = _apply(doc, selves, env)
    from argcheck.core.replay import replay
    from argcheck.protocols.council import synthesis

    state = replay(doc, env).engine.state
    required = synthesis.required_ids(state)
    doc = _apply(doc, [{"type": "final_assessment", "text": "The synthesized points stand as computed.",
                        "addressed": required}], env)
    path.write_bytes(statefile.serialize(doc))


def _apply(doc, moves, env):
    decision = lifecycle.apply_moves(doc, moves, env)
    if decision.doc is None:
        raise SystemExit("bench state refused: " + "; ".join(f.format_text() for f in decision.findings[:5]))
    return decision.doc


def argcheck_command() -> list[str]:
    local = ROOT / ".venv" / "bin" / "argcheck"
    found = str(local) if local.exists() else shutil.which("argcheck")
    if not found:
        raise SystemExit("argcheck not found (.venv/bin/argcheck or PATH)")
    return [found]


def python_of(script: str) -> str:
    first = Path(script).read_text(errors="replace").splitlines()[0]
    return first[2:].strip() if first.startswith("#!") and "python" in first else sys.executable


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--keep", help="keep the generated state file in this directory")
    args = parser.parse_args(argv)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="argcheck-council-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    state = folder / "council-bench.json"
    build(state, args.pages)
    argcheck = argcheck_command()
    commands = {"python -c pass": [python_of(argcheck[0]), "-c", "pass"],
                "argcheck validate": [*argcheck, "validate", str(state)],
                "argcheck render --format json (synthesis)": [*argcheck, "render", str(state), "--format", "json"]}
    times = {name: [] for name in commands}
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for command in commands.values():
        subprocess.run(command, capture_output=True, env=env, check=False)  # warm-up
    for _ in range(args.repeat):
        for name, command in commands.items():
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, env=env, check=False)
            times[name].append(time.perf_counter() - start)
            if done.returncode != 0:
                print(f"warning: {name} exited {done.returncode}", file=sys.stderr)
    size = state.stat().st_size
    print(f"council on a {args.pages}-page document: {size / 1e6:.2f} MB state file, 6 personas, 294 claims")
    base = statistics.median(times["python -c pass"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:<45} median {median * 1000:7.1f} ms  min {min(values) * 1000:7.1f} ms  "
              f"x{median / base:5.1f} python -c pass")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
