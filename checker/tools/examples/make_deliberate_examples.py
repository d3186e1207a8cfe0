"""state/examples/{valid,invalid}/deliberate-* and DLB*.json (written by `python checker/tools/generate.py`).

Every example is built through lifecycle.create_state/apply_moves, so its hash chain is right. An
invalid example's LAST move is appended bypassing the rules (stamped with integrity.link by hand), so
`replay` reports exactly the code in the file name. Warnings are produced by legal moves: they are
kept by `apply`, and `replay` reports them again.

Codes with no example, because a log cannot yield them alone: DLB105 (a not-evaluated point always
brings its DLB103 warning), DLB132 (a pending reconcile always brings its DLB131 warning), DLB160
(the schema refuses a reframe without user consent first, ARG013) and DLB189 (the buckets never put an
empirical point in Agreed without evidence; the check guards that invariant).
DLB141 and DLB142 cite files of this repository with workspace "." — validate them from the repo root.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "checker", "src"))

from dlb import (  # noqa: E402
    NOW, Run, arbitrate, challenge, classify, concede, defend, extend, format_failure, judge, ledger, point,
    present, reject, reply, request_arbitration, revise, settle, skeptical, stress, synthesize, verified, verify,
)

from argcheck.core import integrity  # noqa: E402
from argcheck.files import statefile  # noqa: E402
from argcheck.core.env import Env, file_reader  # noqa: E402
from argcheck.core.rules import RULES  # noqa: E402

EXAMPLES = os.path.join(ROOT, "state", "examples")
# Codes a log cannot yield alone (see the module docstring).
NO_ISOLATED_EXAMPLE = {
    "DLB195": "needs a signed witness log beside the file: tested in tests/harness/test_witnessed_runs.py",
    "DLB105": "a not-evaluated point always brings its DLB103 warning",
    "DLB132": "a pending reconcile always brings its DLB131 warning",
    "DLB160": "the schema refuses a reframe without user consent first (ARG013)",
    "DLB189": "the buckets never put an empirical point in Agreed without evidence; tested on a corrupted state",
    "DLB192": "always comes with the DLB187 warning of the arbitrate move before it",
}


def repo_env() -> Env:
    """What `argcheck validate` uses for a header with workspace "." run from the repository root."""
    return Env(now=NOW, read_lines=file_reader(ROOT))


def run(mode: str = "minimal", **options) -> Run:
    return Run(mode=mode, state_id=f"dlb-example-{mode}", **options)


# --- valid ---------------------------------------------------------------------------------------

def standard_presented() -> Run:
    """Consultee proposes; Agreed, Dismissed (undefended, rejected with evidence), Unresolved; arbitration."""
    r = run("standard", stakes="high", question="Should the catalog API get a read-through cache?")
    r.ok(reply())
    r.ok(point("P1", text="Use Redis as a read-through cache for catalog reads"),
         point("P2", kind="empirical", text="Redis serves 100k ops/s on our hardware"),
         point("P3", kind="empirical", text="The catalog changes at most once a day"),
         point("P4", kind="empirical", text="The hit rate will exceed 90%"),
         point("P5", kind="empirical", text="Peak load stays under 500 rps"))
    r.ok(classify("P1", "AGREE"), skeptical("P2", "C1"), reject("P3", "C2"), classify("P4", "AGREE"),
         skeptical("P5", "C3"))
    r.ok(reply(), defend("C2"), defend("C3"),
         ledger("L1", "codex-unverified", "consultee", text="Staging hit rate was 95%", supports=["P4"]))
    r.ok(verified("L2", text="catalog_updates.log shows 24 updates a day"), judge("C2", "rejected", evidence=["L2"]),
         settle("P5", question="What is the measured peak load?"), verify("L1"))
    r.ok(reply(), stress("P1", "P4"), reply(), synthesize("convergence"))
    r.ok(arbitrate(flags=["P4"], constraints=["L2"]), present())
    return r


def quick_trivial() -> Run:
    r = run("quick", question_kind="factual", question="Is Redis single-threaded for command execution?")
    r.ok(reply(), point("P1", text="Yes: commands execute on one thread"),
         classify("P1", "SKEPTICAL", reason="I/O threads?"))
    r.ok(reply(), defend(None, point_id="P1"), judge("P1-c1"), synthesize("trivial"), present())
    return r


def minimal_in_progress() -> Run:
    r = run("minimal")
    r.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2"), classify("P2", "AGREE"),
         point("P3", actor="orchestrator"), reply(), classify("P3", "AGREE", actor="consultee"))
    r.ok(reply())
    return r


def minimal_converged() -> Run:
    r = run("minimal")
    r.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2", kind="empirical"), classify("P2", "AGREE"))
    r.ok(reply(), concede("C1"), verified("L1", supports=["P2"]))
    r.ok(reply(), reply(), synthesize("convergence"), present())
    return r


VALID = {
    "deliberate-standard-presented": standard_presented,
    "deliberate-quick-trivial": quick_trivial,
    "deliberate-minimal-in-progress": minimal_in_progress,
    "deliberate-minimal-converged": minimal_converged,
}


# --- invalid: the LAST move is forced past the rules ----------------------------------------------

def after_reply(mode: str = "minimal", **options) -> Run:
    return run(mode, **options).ok(reply())


def with_point(**kw) -> Run:
    return after_reply().ok(point("P1", **kw))


def replies(n: int, mode: str = "minimal", **options) -> Run:
    r = run(mode, **options)
    for _ in range(n):
        r.ok(reply())
    return r


def agreed(mode: str = "minimal", points: int = 1, **options) -> Run:
    r = after_reply(mode, **options)
    for number in range(1, points + 1):
        r.ok(point(f"P{number}"), classify(f"P{number}", "AGREE"))
    return r.ok(reply(), reply())


def deadlocked() -> Run:
    r = after_reply().ok(point("P1", kind="empirical"), skeptical("P1", "C1"))
    for _ in range(2):
        r.ok(reply(), defend("C1"), judge("C1", "rejected"))
    return r.ok(reply())


def crystallized() -> Run:
    r = after_reply().ok(point("P1"), classify("P1", "AGREE"), point("P2", actor="orchestrator"))
    for _ in range(5):
        r.ok(reply())
    return r


def artifact_run() -> Run:
    return Run(mode="minimal", env=repo_env(), state_id="dlb-example-artifact", workspace=".").ok(reply())


def reconcile_open() -> Run:
    r = after_reply().ok(point("P1"), classify("P1", "AGREE"), reply(), challenge("R1", "P1", kind="reconcile"))
    return r.ok(reply())


def settled_unchallenged() -> Run:
    return with_point().ok(settle("P1"))


def eight_open() -> Run:
    """More than 7 open points: the run waits for the user's priority."""
    return after_reply().ok(*[point(f"P{n}", actor="orchestrator") for n in range(1, 9)])


def prioritise(first=(), drop=()) -> dict:
    return {"type": "prioritise", "actor": "user", "first": list(first), "drop": list(drop)}


def degraded() -> Run:
    return after_reply(question_kind="factual").ok(point("P1"), classify("P1", "AGREE"), format_failure(),
                                                   synthesize("trivial"))


INVALID = {
    "DLB101": lambda: replies(8).force(reply()),
    "DLB102": lambda: after_reply().force(extend()),
    "DLB103": lambda: replies(3).ok_warn(point("P1")),
    "DLB104": lambda: crystallized().force(challenge("C1", "P2", kind="reject", actor="consultee")),
    "DLB106": lambda: run().force(point("P1")),
    "DLB107": lambda: with_point().ok(classify("P1", "OUT_OF_SCOPE")).ok_warn(
        point("P2", relation="extension", extends="P1")),
    "DLB108": lambda: with_point().ok(classify("P1", "AGREE")).force(
        {"type": "revise", "actor": "orchestrator", "point": "P1", "to": "OUT_OF_SCOPE", "justification": "   "}),
    "DLB110": lambda: with_point().force(point("P1")),
    "DLB111": lambda: after_reply().force(classify("P9", "AGREE")),
    "DLB112": lambda: after_reply().force(point("P1", relation="extension")),
    "DLB113": lambda: with_point().force(classify("P1", "AGREE", actor="consultee")),
    "DLB114": lambda: with_point().ok(skeptical("P1", "C1")).force(defend("C1", actor="orchestrator")),
    "DLB115": lambda: with_point().force(classify("P1", "SKEPTICAL")),
    "DLB116": lambda: with_point().force(classify("P1", "AGREE", challenge="C1")),
    "DLB117": lambda: with_point().ok(skeptical("P1", "C1"), concede("C1")).force(defend("C1")),
    "DLB118": lambda: with_point().ok(skeptical("P1", "C1")).force(defend(None, point_id="P1")),
    "DLB119": lambda: with_point().ok(skeptical("P1", "C1")).force(judge("C1")),
    "DLB120": lambda: with_point(kind="empirical").ok(reject("P1", "C1"), defend("C1")).force(
        judge("C1", "rejected")),
    "DLB121": lambda: with_point().ok(classify("P1", "ILL_FORMED")).force(classify("P1", "AGREE")),
    "DLB130": lambda: with_point().ok(classify("P1", "AGREE")).force(classify("P1", "OUT_OF_SCOPE")),
    "DLB131": lambda: run().ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"),
                               reply()).ok_warn(classify("P1", "OUT_OF_SCOPE", actor="consultee")),
    "DLB133": lambda: with_point().force(revise("P1", "AGREE")),
    "DLB140": lambda: after_reply().force(ledger("L1", "verified")),
    "DLB141": lambda: artifact_run().force(ledger("L1", "verified", artifact="checker/pyproject.toml:99999")),
    "DLB142": lambda: artifact_run().force(ledger("L1", "verified", artifact="checker/pyproject.toml:2",
                                                  quote="this text is not in the file")),
    "DLB143": lambda: after_reply().ok(ledger("U1", "user", "user")).force(verified("L1", supersedes="U1")),
    "DLB144": lambda: after_reply().ok(verified("L1")).force(
        ledger("L2", "codex-unverified", "consultee", supersedes="L1")),
    "DLB145": lambda: after_reply().ok(ledger("L1")).force(ledger("L2", "revision", revises="L1")),
    "DLB146": lambda: after_reply().ok(ledger("L1", "codex-unverified", "consultee", text="Redis does 100k ops/s"))
    .force(verified("L2", text="Redis does 100k ops/s", supersedes="L1")),
    "DLB147": lambda: after_reply().force(ledger("L1", "gemini-unverified", "consultee")),
    "DLB148": lambda: after_reply().force(ledger("L1", "user", "orchestrator")),
    "DLB149": lambda: after_reply().ok(verified("L1")).force(verify("L1")),
    "DLB150": lambda: with_point().ok(skeptical("P1", "C1"), ledger("L1", "codex-unverified", "consultee"))
    .ok_warn(defend("C1", evidence=["L1"])),
    "DLB170": lambda: deadlocked().force(reply()),
    "DLB171": lambda: with_point().ok(skeptical("P1", "C1")).force(settle("P1", question=None)),
    "DLB172": lambda: with_point().ok(skeptical("P1", "C1")).force(
        settle("P1", reason="criteria_divergence", question=None)),
    "DLB173": lambda: with_point().ok(skeptical("P1", "C1")).force(settle("P1", reason="definitional")),
    "DLB174": lambda: with_point().ok(classify("P1", "AGREE")).force(settle("P1")),
    "DLB180": lambda: agreed().ok(point("P9", actor="orchestrator", relation="extension", extends="P1"), reply())
    .force(synthesize("convergence")),
    "DLB181": lambda: reconcile_open().force(synthesize("convergence")),
    "DLB182": lambda: agreed().force(synthesize("iteration_bound")),
    "DLB183": lambda: agreed("standard").force(synthesize("convergence")),
    "DLB184": lambda: agreed().force(stress("P1")),
    "DLB185": lambda: agreed("standard").ok(stress("P1"), request_arbitration(), synthesize("convergence"))
    .force(present()),
    "DLB186": lambda: agreed("standard").ok(ledger("L1"), stress("P1"), synthesize("convergence"))
    .force(arbitrate(constraints=["L1"])),
    "DLB187": lambda: agreed("standard", points=2).ok(stress("P1"), synthesize("convergence"))
    .ok_warn(arbitrate(flags=["P1"])),
    "DLB188": lambda: agreed().force(present()),
    "DLB193": lambda: agreed("standard").ok(stress("P1"), synthesize("convergence"))
    .force(arbitrate(session_id="s-1")),
    "DLB194": lambda: agreed("standard").ok(stress("P1"), synthesize("convergence"))
    .ok_warn(arbitrate(session_id=None)),
    "DLB200": lambda: with_point().force(prioritise(first=["P1"])),
    "DLB201": lambda: eight_open().force(prioritise(first=["P9"])),
    "DLB202": lambda: eight_open().force(prioritise(first=["P2"], drop=["P2"])),
    "DLB203": lambda: eight_open().force(prioritise()),
    "DLB190": settled_unchallenged,
    "DLB191": degraded,
}


def ok_warn(self: Run, move: dict) -> Run:
    """Apply a legal move that draws a warning (kept by apply, reported again by replay)."""
    found = self.apply(move)
    assert found and all(not f.is_error for f in found), [f.format_text() for f in found]
    return self


Run.ok_warn = ok_warn


def question_hash_mismatch() -> dict:
    """DLB161: a header whose question was edited after init (the genesis hash is recomputed)."""
    doc = dict(run().doc)
    doc["header"] = dict(doc["header"], question="How should we cache the search API?")
    doc["head"] = integrity.genesis_hash(doc)
    return doc


def slug(code: str) -> str:
    return RULES[code].name.lower().replace("_", "-")


def documents() -> dict[str, dict]:
    """Relative path -> state document, for every example."""
    docs = {f"valid/{name}.json": build().doc for name, build in VALID.items()}
    docs.update({f"invalid/{code}-{slug(code)}.json": build().doc for code, build in INVALID.items()})
    docs[f"invalid/DLB161-{slug('DLB161')}.json"] = question_hash_mismatch()
    return docs


def generated_files() -> dict[str, bytes]:
    """Repository-relative path -> bytes, for `checker/tools/generate.py`."""
    return {f"state/examples/{relative}": statefile.serialize(doc) for relative, doc in documents().items()}


def main() -> int:
    for relative, doc in documents().items():
        path = os.path.join(EXAMPLES, relative)
        with open(path, "wb") as handle:
            handle.write(statefile.serialize(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
