#!/usr/bin/env python3
"""What the orchestrating agent reads, per protocol: the skill text before its first action, and the tool
output of each round, for the four skills as written.

Each skill runs as tests/e2e/test_skill_commands.py runs it: every ```bash block of its SKILL.md in order, in
a sandbox with the offline consultee, with the agent's moves between blocks (tests/fixtures/skills/<name>/
scenario.py). A **round** is one block and the moves the agent makes right after it: one step of the protocol.
Measured: the bytes of stdout + stderr of every command (a block's output is the same whether the agent runs
its commands together or one by one).

Council's personas run in subagents: a command the skill gives a subagent (`argcheck prompt --persona`)
is counted as that subagent's reading, not the orchestrator's.

Targets (issue 17): at most 12 KB of skill text before the first action (the whole SKILL.md, front matter
included: it is what the Skill tool loads), at most 8 KB of tool output in any one round.
Usage: python3 bench/protocol_bytes.py   (reports, exits 0 either way)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KB = 1024
TARGET_SKILL, TARGET_ROUND = 12 * KB, 8 * KB
PROTOCOLS = ("deliberate", "toulmin", "council", "triz")
SUBAGENT_MARK = "--persona"  # a command the skill hands to a persona's subagent


def _kit():
    """tests/kit/skillrun and the scenarios need `argcheck` next to this interpreter (the checkout's venv)."""
    for path in (ROOT / "tests", ROOT / "checker" / "src", ROOT / "checker" / "tools" / "examples"):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    from kit import skillrun

    return skillrun


def scenario_of(skill: str):
    import importlib.util

    skillrun = _kit()
    spec = importlib.util.spec_from_file_location(f"scenario_{skill}", skillrun.FIXTURES / skill / "scenario.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SCENARIO


def read_bytes(done) -> int:
    return len(done.stdout.encode("utf-8")) + len(done.stderr.encode("utf-8"))


def measure_skill(skill: str, folder: Path) -> dict:
    """The skill's size and, per round (block + the agent's moves after it), the bytes the orchestrator reads."""
    skillrun = _kit()
    scenario = scenario_of(skill)
    path = skillrun.skill_file(skill)
    blocks = skillrun.shell_blocks(path)
    state = skillrun.state_file(blocks)
    box = skillrun.make_sandbox(folder, skill, scenario.transcripts)
    rounds, pending = [], list(scenario.steps)
    for block in blocks:
        done = box.run_block(block)
        row = {"block": block.number, "first": block.text.strip().splitlines()[0][:70], "read": 0, "subagent": 0}
        row["subagent" if SUBAGENT_MARK in block.text else "read"] += read_bytes(done)
        step = pending[0] if pending and pending[0].matches(block.text) else None
        if step is not None:
            for act in step.acts:
                row["read"] += read_bytes(_act(box, block, state, act))
            pending.remove(step)
        rounds.append(row)
    text = path.read_text(encoding="utf-8")
    return {"skill": len(text.encode("utf-8")), "rounds": rounds,
            "largest round": max(rounds, key=lambda r: r["read"])}


def _act(box, block, state: str, act):
    import json

    if act.kind == "again":
        return box.run_block(block, again=True)
    return box.argcheck(act.kind, state, "-", stdin=json.dumps(act.payload), what=act.what)


def measure(folder: Path) -> dict[str, dict]:
    figures = {}
    for skill in PROTOCOLS:
        (folder / skill).mkdir()
        figures[skill] = measure_skill(skill, folder / skill)
    return figures


def report(figures: dict[str, dict]) -> bool:
    print("what the orchestrator reads, per protocol (UTF-8 bytes, measured on each skill's e2e scenario)")
    print(f"\n  {'protocol':<11} {'skill text':>10} {'max round':>10}  largest round")
    ok = True
    for skill, row in figures.items():
        peak = row["largest round"]
        passed = row["skill"] <= TARGET_SKILL and peak["read"] <= TARGET_ROUND
        ok &= passed
        print(f"  {skill:<11} {row['skill']:>10,} {peak['read']:>10,}  block {peak['block']}: {peak['first']}"
              f"  {'PASS' if passed else 'FAIL'}")
    for skill, row in figures.items():
        subagents = [r["subagent"] for r in row["rounds"] if r["subagent"]]
        if subagents:
            print(f"  {skill}: a persona subagent reads its own prompt ({max(subagents):,} bytes), "
                  "the orchestrator does not")
    print(f"\ntargets: skill text <= {TARGET_SKILL:,}; tool output per round <= {TARGET_ROUND:,}: "
          f"{'PASS' if ok else 'FAIL'}")
    return ok


def main() -> int:
    venv = ROOT / ".venv" / "bin" / "python"
    if not (Path(sys.executable).parent / "argcheck").exists() and venv.exists() and not os.environ.get("_BENCH_VENV"):
        os.execve(str(venv), [str(venv), __file__, *sys.argv[1:]], dict(os.environ, _BENCH_VENV="1"))
    with tempfile.TemporaryDirectory(prefix="argcheck-protocol-bytes-") as scratch:
        report(measure(Path(scratch)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
