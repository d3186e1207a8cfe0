#!/usr/bin/env python3
"""How many bytes does the agent read before its first consultation, and per round, beside codex-ask?

The bundled demo deliberation (`argcheck demo`) is replayed the way an agent following
skills/deliberate/SKILL.md runs it, every command in a fresh `argcheck` process (this checkout's code),
in the demo's workspace with the state at .argcheck/deliberate-storage.json. Measured: the bytes of
stdout + stderr the agent reads.

  before     the SKILL.md body (without its front matter), `argcheck doctor` (only the interpreter on PATH),
             `argcheck init` with the demo's options, the `apply` of the user's constraint, `argcheck next`;
             optional and not counted: `argcheck moves deliberate [TYPE]` (= references/moves.md);
  per round  `argcheck consult` (ARGCHECK_CONSULT is a stub printing the demo's recorded envelope), which
             ends with what is due next and its command, as the skill's loop uses it (no `argcheck next`
             per round); then the `apply` of every move batch until the next consult (the demo's own,
             its refused synthesis included); the moves the agent writes are output, shown apart.

codex-ask is modelled: its 39 KB SKILL.md (../shared/reference/peer-projects.md) loaded up front; per
round its agent reads the consultee's whole reply (measured: the demo's recorded reply text) and writes
the prompt and the whole state file (bench/prompt_bytes.py's model of both).

Targets: under 1.5 KB of tool output per round, under 12 KB loaded before the first consultation.
Then, for all four protocols (bench/protocol_bytes.py): the skill text before the first action (target 12 KB)
and the largest tool output of one round (target 8 KB), on each skill's e2e scenario.
It reports and exits 0 either way.  Usage: python3 bench/agent_bytes.py
"""

from __future__ import annotations

import io
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "checker" / "src"))
sys.path.insert(0, str(ROOT / "bench"))

import prompt_bytes  # noqa: E402
from argcheck.cli.commands.demo import play  # noqa: E402
from argcheck.protocols.deliberate import demo  # noqa: E402

KB = 1024
TARGET_BEFORE, TARGET_ROUND = 12 * KB, 1.5 * KB
CODEX_ASK_SKILL = 39 * KB  # modelled: "a 39 KB SKILL.md" (peer-projects.md)
STATE = ".argcheck/deliberate-storage.json"
VENV = ROOT / ".venv" / "bin" / "python"
PYTHON = str(VENV) if VENV.exists() else sys.executable  # argcheck's dependencies live in the venv
LAUNCH = "import sys; from argcheck.cli import main; sys.exit(main())"  # what the console script does
STUB = "import sys; sys.stdin.buffer.read(); sys.stdout.write(open(sys.argv[1], encoding='utf-8').read())"
size = prompt_bytes.size


# doctor lists the consultee CLIs it finds on PATH (curl stands for the OpenAI-compatible route): counted with
# only the interpreter's folder on PATH, so the figure is the same on every machine.
BARE_PATH = os.path.dirname(PYTHON)


def argcheck(cwd: Path, *args: str, **env: str) -> int:
    """The bytes of stdout + stderr of one `argcheck ARGS` in a fresh process."""
    environ = dict(os.environ, PYTHONPATH=str(ROOT / "checker" / "src"), **env)
    done = subprocess.run([PYTHON, "-c", LAUNCH, *args], cwd=cwd, env=environ, capture_output=True, check=False)
    return len(done.stdout) + len(done.stderr)


def skill_body() -> str:
    text = (ROOT / "skills" / "deliberate" / "SKILL.md").read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1] if text.startswith("---\n") else text


def measure(folder: Path) -> dict:
    """Replay the demo in `folder`, command by command: the bytes of every output the agent reads, and codex-ask's
    model of the same rounds."""
    play("deliberate", io.StringIO(), keep_dir=str(folder))  # the finished run (for codex-ask's model), its workspace
    work, script, envelope = folder / "workspace", demo.load_script(), folder / "envelope.json"
    init = script["init"]
    before = {"SKILL.md body": size(skill_body()), "argcheck doctor": argcheck(work, "doctor", PATH=BARE_PATH),
              "argcheck init": argcheck(work, "init", "deliberate", "--question", init["question"], "--consultee",
                                        init["consultee"], "--flow", init["flow"], "--mode", init["mode"],
                                        "--question-kind", init["question_kind"], "--stakes", init["stakes"],
                                        "--state", STATE),
              "argcheck apply (the user's constraints)": 0}
    rounds = []
    for turn in script["turns"]:
        if "envelope" in turn:
            if not rounds:
                before["argcheck next"] = argcheck(work, "next", STATE)
            recorded = demo._envelope(turn)  # the envelope exactly as `argcheck demo` ingests it
            envelope.write_text(json.dumps(recorded), encoding="utf-8")
            stub = shlex.join([PYTHON, "-c", STUB, str(envelope)])
            rounds.append({"who": turn["speaker"], "consult": argcheck(work, "consult", STATE, ARGCHECK_CONSULT=stub),
                           "apply": 0, "refused": 0, "written": 0,
                           "reply": size(recorded["response"])})
            continue
        moves = json.dumps(turn["moves"], ensure_ascii=False)
        read = argcheck(work, "apply", STATE, moves)
        if not rounds:
            before["argcheck apply (the user's constraints)"] += read
            continue
        rounds[-1]["apply"] += read
        rounds[-1]["refused"] += read if turn.get("expect_refused") else 0
        rounds[-1]["written"] += size(moves)
    for row in rounds:
        row["read"] = row["consult"] + row["apply"]
    check_replay(folder / demo.STATE_NAME, work / STATE)
    kinds = sorted({m["type"] for t in script["turns"] if t["speaker"] == "orchestrator" for m in t.get("moves", [])})
    optional = {"all": argcheck(work, "moves", "deliberate"),
                "one": {kind: argcheck(work, "moves", "deliberate", kind) for kind in kinds}}
    modelled = prompt_bytes.rounds(json.loads((folder / demo.STATE_NAME).read_text(encoding="utf-8")))
    replies = [row["reply"] for row in rounds if row["who"] == "consultee"]
    codex = [{"read": reply, "written": row["codex-ask"] + row["rewrite"]} for row, reply in zip(modelled, replies)]
    return {"before": before, "rounds": rounds, "optional": optional, "codex": codex}


def check_replay(recorded: Path, replayed: Path) -> None:
    """The replay must end where the demo ended, move for move, or the figures measure something else."""
    kinds = [[m["type"] for m in json.loads(p.read_text(encoding="utf-8"))["moves"]] for p in (recorded, replayed)]
    if kinds[0] != kinds[1]:
        raise SystemExit(f"bench: the replay diverged from the demo:\n  demo   {kinds[0]}\n  replay {kinds[1]}")


def summary(figures: dict) -> dict[str, tuple[float, float]]:
    """The headline figures, (argcheck, codex-ask) each."""
    def both(key: str, how) -> tuple[float, float]:
        return how([r[key] for r in figures["rounds"]]), how([r[key] for r in figures["codex"]])

    start = sum(figures["before"].values())
    read, written = both("read", sum), both("written", sum)
    return {"loaded before the first consult": (start, CODEX_ASK_SKILL),
            "tool output per round, median": both("read", statistics.median),
            "tool output per round, max": both("read", max),
            "moves written per round, median": both("written", statistics.median),
            "moves written per round, max": both("written", max),
            "whole run, read": (start + read[0], CODEX_ASK_SKILL + read[1]),
            "whole run, written": written}


def report(figures: dict) -> dict[str, tuple[float, float]]:
    print("bytes an agent following skills/deliberate/SKILL.md reads, on the demo deliberation (UTF-8, measured)")
    print("\nbefore the first consultation")
    for label, value in figures["before"].items():
        print(f"  {label:<42} {value:>7,}")
    one = figures["optional"]["one"]
    print(f"  optional, not counted: `argcheck moves deliberate` {figures['optional']['all']:,}; `... TYPE` "
          f"{min(one.values()):,} to {max(one.values()):,} ({', '.join(f'{k} {v:,}' for k, v in one.items())})")
    print("\nper consultation: read = consult + apply; written = the moves applied (output, not read)")
    print(f"  {'round':>5} {'who':<10} {'consult':>7} {'apply':>6} {'read':>6} {'written':>7} |"
          f" codex-ask {'read':>5} {'written':>7}")
    for number, row in enumerate(figures["rounds"], 1):
        codex = figures["codex"][number - 1] if number <= len(figures["codex"]) else None
        theirs = f"{codex['read']:>15,} {codex['written']:>7,}" if codex else "   (not modelled)"
        refused = f"   apply: {row['refused']:,} of a refused move" if row["refused"] else ""
        print(f"  {number:>5} {row['who']:<10} {row['consult']:>7,} {row['apply']:>6,}"
              f" {row['read']:>6,} {row['written']:>7,} | {theirs}{refused}")
    heads = summary(figures)
    print(f"\n  {'':<34} {'argcheck':>9} {'codex-ask':>10} {'ratio':>6}")
    for label, (ours, theirs) in heads.items():
        print(f"  {label:<34} {ours:>9,.0f} {theirs:>10,.0f} {ours / theirs:>6.2f}")
    print("  measured: every argcheck figure, and the replies codex-ask's agent reads (the demo's recorded ones).\n"
          "  modelled: codex-ask's 39 KB SKILL.md and what its agent writes each round, the prompt and the whole\n"
          "  state file (bench/prompt_bytes.py); its rounds are the consultee's only (argcheck's add the arbiter's).")
    start, peak = heads["loaded before the first consult"][0], heads["tool output per round, max"][0]
    median = heads["tool output per round, median"][0]
    print(f"\ntarget: loaded before the first consult < {TARGET_BEFORE:,}: {start:,} "
          f"{'PASS' if start < TARGET_BEFORE else 'FAIL'}")
    print(f"target: tool output per round < {TARGET_ROUND:,.0f}: median {median:,.0f}, max {peak:,} "
          f"{'PASS' if peak < TARGET_ROUND else 'FAIL'} (every round)")
    return heads


if __name__ == "__main__":
    import protocol_bytes  # the four protocols: skill text before the first action, tool output per round

    with tempfile.TemporaryDirectory(prefix="argcheck-agent-bytes-") as scratch:
        report(measure(Path(scratch)))
        print()
        (Path(scratch) / "protocols").mkdir()
        protocol_bytes.report(protocol_bytes.measure(Path(scratch) / "protocols"))
