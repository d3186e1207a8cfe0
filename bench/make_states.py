#!/usr/bin/env python3
"""Generate deliberate state files for the benchmark, deterministically, through the real code path.

  typical.json   a realistic 200-move deliberation: 5 iterations, points from both parties, challenges
                 defended and judged, a ledger with verified execution evidence, a stress test,
                 synthesis by convergence and presentation;
  <N>.json       a synthetic N-move deliberation (default sizes 10000, 30000, 100000) over all 8
                 iterations and the three phases: thousands of points, classifications, challenges,
                 defenses and judgments, and tens of thousands of ledger entries and verifications,
                 ending in synthesis (convergence) and presentation;
  open-<N>.json  (with --open-sizes, e.g. 48,200,1000) the same kind of run still in progress: its
                 closing moves (stress test, synthesis, presentation) left out, so `next`, `prompt`
                 and `apply` have work to do (45, 198 and 998 moves for those sizes).

Every file is built by `lifecycle.create_state` and `lifecycle.apply_moves` (one batch per round, each
with its own clock), so the hash chain, the derived header fields and every rule are the real ones;
the script then replays each file and refuses to write one with an error finding.

Usage: python3 bench/make_states.py [--out-dir DIR] [--sizes 10000,30000,100000] [--open-sizes 48,200,1000]
Prints {"typical": PATH, "10000": PATH, ...} as JSON on stdout.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "checker" / "src"))

from argcheck.core import lifecycle  # noqa: E402
from argcheck.files import statefile, writing  # noqa: E402
from argcheck.core.env import OUTSIDE, Env  # noqa: E402
from argcheck.files.operations import replay_doc  # noqa: E402

START = datetime(2026, 3, 1, 9, 0, 0, tzinfo=timezone.utc)
QUESTION = "Should argcheck cache replayed states between calls, and if so, keyed by what?"

CLAIMS = [
    "Replaying the whole log costs a few microseconds per move.",
    "A cache keyed by the head hash is invalidated by any new move.",
    "Hand-edited files must never be served from a cache.",
    "The cache adds a second file next to each state.",
    "Cold start, not replay, dominates small states.",
    "A stale cache after a crash would hide a rewritten history.",
    "The agent calls validate after every turn.",
    "Atomic rename keeps readers consistent without a lock.",
]
OBJECTIONS = [
    "That measurement was taken on a warm cache.",
    "The claim ignores states written by older versions.",
    "No numbers were given for the 100k-move case.",
    "This conflates the lock with the atomic rename.",
]
COMMANDS = ["python3 -m pytest -q tests/unit", "argcheck validate s.json", "python3 bench/bench_validate.py --quick",
            "sha256sum s.json", "jq empty s.json"]


def clock(step: int) -> str:
    return (START + timedelta(minutes=7 * step)).strftime("%Y-%m-%dT%H:%M:%SZ")


class Script:
    """Writes the moves of a deliberation, round by round, keeping just enough bookkeeping to stay legal."""

    def __init__(self, rng: random.Random, challenge_rate: float, consultee: str = "codex"):
        self.rng = rng
        self.challenge_rate = challenge_rate
        self.consultee = consultee
        self.rounds: list[list[dict]] = [[]]
        self.counter = {"P": 0, "C": 0, "L": 0}
        self.points: list[tuple[str, str, str]] = []  # (id, author, kind)
        self.verified: list[str] = []  # verified ledger ids (usable as evidence)
        self.unverified: list[str] = []  # orchestrator-unverified ids waiting for a verify
        self.carry: list[tuple] = []  # obligations for the next round: ("defend_judge", cid) / ("judge", cid)
        self.iteration = 0
        self.quiet_from = 10**9  # the first round without new challenges

    # --- helpers ---------------------------------------------------------------------------------

    def new_id(self, prefix: str) -> str:
        self.counter[prefix] += 1
        return f"{prefix}{self.counter[prefix]}"

    def emit(self, move: dict) -> None:
        self.rounds[-1].append(move)

    def text(self, pool, n: int) -> str:
        return f"{self.rng.choice(pool)} (#{n})"

    def other(self, party: str) -> str:
        return "consultee" if party == "orchestrator" else "orchestrator"

    # --- rounds ----------------------------------------------------------------------------------

    def reply(self) -> None:
        """A structured consultee reply opens the next iteration; then last round's obligations."""
        self.iteration += 1
        self.rounds.append([])
        digest = hashlib.sha256(f"reply {self.iteration}".encode()).hexdigest()
        self.emit({"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "019a-bench-session",
                   "usage": {"input_tokens": 1800 + 40 * self.iteration, "output_tokens": 650},
                   "duration_ms": 14_000 + 500 * self.iteration, "response_sha256": digest,
                   "excerpt": f"Round {self.iteration}: points, verdicts and defenses in the requested format."})
        carry, self.carry = self.carry, []
        for kind, challenge_id in carry:
            if kind == "defend_judge":  # the orchestrator challenged a consultee point last round
                self.emit({"type": "defend", "actor": "consultee", "challenge": challenge_id,
                           "argument": "The measurement is in the ledger; see the cited entry.",
                           "evidence": [self.rng.choice(self.verified)]})
                self.emit({"type": "judge", "actor": "orchestrator", "challenge": challenge_id,
                           "outcome": "accepted", "reason": "The cited run settles it.",
                           "evidence": [self.rng.choice(self.verified)]})
            else:  # the consultee challenged an orchestrator point, which was defended at once
                self.emit({"type": "judge", "actor": "consultee", "challenge": challenge_id, "outcome": "accepted",
                           "reason": "Accepted given the execution record."})

    def verified_entry(self, supports: list[str]) -> str:
        entry = self.new_id("L")
        run = self.rng.choice(COMMANDS)
        self.emit({"type": "ledger", "actor": "orchestrator", "id": entry, "provenance": "verified",
                   "text": self.text(CLAIMS, self.counter["L"]), "claim_type": "empirical",
                   "execution": {"command": run, "exit_code": 0, "output": "ok: 42 passed in 0.31s"},
                   "supports": supports})
        self.verified.append(entry)
        return entry

    def point(self, author: str, relation: str = "new") -> str:
        point_id = self.new_id("P")
        kind = "empirical" if self.rng.random() < 0.3 else "value"
        move = {"type": "point", "actor": author, "id": point_id, "text": self.text(CLAIMS, self.counter["P"]),
                "kind": kind, "relation": relation}
        if relation == "extension":
            move["extends"] = self.rng.choice(self.points)[0]
        self.emit(move)
        self.points.append((point_id, author, kind))
        evaluator = self.other(author)
        roll = self.rng.random()
        # No SKEPTICAL/REJECT in CRYSTALLIZATION; none in the last two rounds either, so that the disputed
        # set is empty at both of the last closes (the convergence condition).
        can_challenge = self.iteration <= 5 and self.iteration < self.quiet_from
        if kind == "empirical" or not self.verified:
            self.verified_entry([point_id])
        if can_challenge and roll < self.challenge_rate and author == "consultee":
            challenge_id = self.new_id("C")
            self.emit({"type": "classify", "actor": "orchestrator", "point": point_id, "verdict": "SKEPTICAL",
                       "reason": "Plausible, but show the numbers.", "challenge": challenge_id,
                       "objection": self.text(OBJECTIONS, self.counter["C"])})
            self.carry.append(("defend_judge", challenge_id))
        elif can_challenge and roll < self.challenge_rate and author == "orchestrator":
            challenge_id = self.new_id("C")
            self.emit({"type": "classify", "actor": "consultee", "point": point_id, "verdict": "SKEPTICAL",
                       "reason": "Needs evidence.", "challenge": challenge_id,
                       "objection": self.text(OBJECTIONS, self.counter["C"])})
            self.emit({"type": "defend", "actor": "orchestrator", "challenge": challenge_id,
                       "argument": "Measured; the run is in the ledger.", "evidence": [self.rng.choice(self.verified)]})
            self.carry.append(("judge", challenge_id))
        else:
            self.emit({"type": "classify", "actor": evaluator, "point": point_id, "verdict": "AGREE",
                       "reason": "Consistent with the ledger."})
        return point_id

    def ledger_unit(self) -> None:
        """Evidence work: unverified claims from both sides, user constraints, and verifications."""
        roll = self.rng.random()
        recent = [p for p, _, _ in self.points[-50:]]
        supports = self.rng.sample(recent, k=min(len(recent), self.rng.choice([0, 1, 1, 2])))
        entry = self.new_id("L")
        if roll < 0.35:
            self.emit({"type": "ledger", "actor": "orchestrator", "id": entry, "provenance": "orchestrator-unverified",
                       "text": self.text(CLAIMS, self.counter["L"]), "claim_type": "empirical", "supports": supports})
            self.unverified.append(entry)
        elif roll < 0.65:
            self.emit({"type": "ledger", "actor": "consultee", "id": entry,
                       "provenance": f"{self.consultee}-unverified", "text": self.text(CLAIMS, self.counter["L"]),
                       "claim_type": "empirical", "supports": supports})
        elif roll < 0.75:
            self.emit({"type": "ledger", "actor": "user", "id": entry, "provenance": "user",
                       "text": "The state file must stay one JSON document.", "claim_type": "constraint"})
            self.verified.append(entry)
        else:
            self.counter["L"] -= 1
            self.verified_entry(supports)
        if self.unverified and self.rng.random() < 0.3:
            target = self.unverified.pop(0)
            self.emit({"type": "verify", "actor": "orchestrator", "entry": target,
                       "execution": {"command": self.rng.choice(COMMANDS), "exit_code": 0, "output": "ok"}})
            self.verified.append(target)

    def fill_round(self, budget: int, new_points: bool) -> None:
        """Content for the current round until it holds about `budget` moves."""
        phase_new = self.iteration <= 2  # CONSTRUCTIVE: new points; DEVELOPMENT: extensions only
        crystallized = self.iteration >= 6
        while len(self.rounds[-1]) < budget:
            roll = self.rng.random()
            if new_points and not crystallized and roll < 0.45:
                author = "consultee" if self.rng.random() < 0.6 else "orchestrator"
                if phase_new or not self.points:
                    self.point(author)
                else:
                    self.point(author, relation="extension")
            elif roll < 0.93 or not self.points:
                self.ledger_unit()
            else:
                point_id = self.rng.choice(self.points)[0]
                self.emit({"type": "clarify", "actor": "orchestrator", "point": point_id,
                           "text": "By 'cost' we mean wall time of one validate call."})

    def close(self, termination: str) -> None:
        targets = [p for p, _, _ in self.points[: min(len(self.points), 50)]]
        self.emit({"type": "stress_test", "actor": "orchestrator", "targets": targets, "outcome": "held",
                   "summary": "Re-ran the measurements on a cold cache; every agreed point held."})
        self.emit({"type": "synthesize", "actor": "orchestrator", "termination": termination,
                   "answer": "Do not cache: replay is linear and cheap; spend the effort on cold start."})
        self.emit({"type": "present", "actor": "orchestrator"})


def deliberation(total: int, iterations: int, seed: int, challenge_rate: float, close: bool = True) -> list[list[dict]]:
    """The moves of one deliberation, grouped by round; about `total` moves in all (3 fewer unclosed)."""
    script = Script(random.Random(seed), challenge_rate)
    script.quiet_from = iterations - 1
    per_round = max(4, (total - 3 - iterations) // iterations)
    for number in range(1, iterations + 1):
        script.reply()
        last = number == iterations
        budget = per_round if not last else max(2, total - 3 - sum(map(len, script.rounds[:-1])))
        script.fill_round(budget, new_points=not last)
    if close:
        script.close("convergence")  # the last round raised no point and left nothing disputed
    return script.rounds


def build(total: int, iterations: int, seed: int, challenge_rate: float = 0.08, close: bool = True) -> dict:
    options = {"question": QUESTION, "consultee": "codex", "flow": "consultee_proposes", "mode": "standard",
               "question_kind": "design", "stakes": "normal", "conversation_id": "bench-conversation",
               "workspace": None}
    doc = lifecycle.create_state("deliberate", options, Env(clock(0), lambda _: OUTSIDE), f"20260301-{seed:06x}")
    for number, moves in enumerate(deliberation(total, iterations, seed, challenge_rate, close)):
        if not moves:
            continue
        decision = lifecycle.apply_moves(doc, moves, Env(clock(number + 1), lambda _: OUTSIDE))
        if decision.doc is None:
            errors = [f for f in decision.findings if f.is_error][:5]
            raise SystemExit(f"make_states: round {number} refused: {errors}")
        doc = decision.doc
    return doc


def open_run(size: int) -> dict:
    """A run of about `size` moves still in progress: small ones over fewer rounds, as real ones are."""
    iterations = 3 if size < 100 else 5 if size < 500 else 8
    return build(size, iterations, seed=size, challenge_rate=0.25 if size < 500 else 0.08, close=False)


def write(doc: dict, path: Path) -> None:
    findings = replay_doc(json.loads(statefile.serialize(doc))).findings
    errors = [f for f in findings if f.is_error]
    if errors:
        raise SystemExit(f"make_states: {path.name} does not validate: {errors[:5]}")
    writing.replace(str(path), statefile.serialize(doc))
    warnings = len(findings) - len(errors)
    print(f"make_states: {path} {doc['move_count']} moves, {path.stat().st_size / 1e6:.2f} MB, "
          f"status {doc['status']}, {warnings} warning(s)", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out-dir", type=Path, default=Path("bench-states"))
    parser.add_argument("--sizes", default="10000,30000,100000", help="comma-separated move counts")
    parser.add_argument("--open-sizes", default="", help="comma-separated sizes of runs left in progress")
    options = parser.parse_args()
    options.out_dir.mkdir(parents=True, exist_ok=True)
    made = {}
    typical = options.out_dir / "typical.json"
    write(build(200, 5, seed=200, challenge_rate=0.25), typical)
    made["typical"] = str(typical)
    for size in (int(s) for s in options.sizes.split(",") if s.strip()):
        path = options.out_dir / f"deliberate-{size}.json"
        write(build(size, 8, seed=size), path)
        made[str(size)] = str(path)
    for size in (int(s) for s in options.open_sizes.split(",") if s.strip()):
        path = options.out_dir / f"open-{size}.json"
        write(open_run(size), path)
        made[f"open-{size}"] = str(path)
    print(json.dumps(made))
    return 0


if __name__ == "__main__":
    sys.exit(main())
