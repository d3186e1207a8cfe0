"""Test helpers for the deliberate protocol: build state files move by move with a fixed Env.

`Run` is the shared kit's ProtocolRun (runkit.py) with a deliberation's defaults; the move builders
below omit unset fields so that the stored moves look like what an agent would send.
"""

from __future__ import annotations

from runkit import ProtocolRun, reader

from argcheck.core.env import Env

NOW = "2026-03-01T10:00:00Z"
WORKSPACE_FILES = {
    "src/cache.py": [
        "import redis",
        "",
        "TTL_SECONDS = 300",
        "",
        "def client():",
        "    return redis.Redis(host='localhost', port=6379)",
    ],
}


def make_env(files=None, now: str = NOW) -> Env:
    return Env(now=now, read_lines=reader(WORKSPACE_FILES if files is None else files))


class Run(ProtocolRun):
    """One deliberation under test (the kit's ProtocolRun with a deliberation's defaults)."""

    def __init__(self, mode: str = "standard", env: Env | None = None, state_id: str = "dlb-test", **options):
        options = {"question": "How should we cache the catalog API?", "consultee": "codex", "mode": mode,
                   **options}
        super().__init__("deliberate", options, state_id=state_id, env=env or make_env())


def _move(move_type: str, actor: str, **fields) -> dict:
    return {"type": move_type, "actor": actor, **{k: v for k, v in fields.items() if v is not None}}


# --- move builders ------------------------------------------------------------------------------

def reply(session: str | None = "s-1") -> dict:
    return _move("consult", "consultee", outcome="reply", session_id=session)


def format_failure() -> dict:
    return _move("consult", "consultee", outcome="format_failure")


def failure(failure_class: str | None = "timeout") -> dict:
    return _move("consult", "consultee", outcome="failure", failure_class=failure_class)


def point(pid: str, actor: str = "consultee", kind: str = "value", text: str | None = None,
          relation: str | None = None, extends: str | None = None) -> dict:
    return _move("point", actor, id=pid, text=text or f"claim {pid}", kind=kind, relation=relation, extends=extends)


def classify(pid: str, verdict: str, actor: str = "orchestrator", challenge: str | None = None,
             objection: str | None = None, reason: str = "because") -> dict:
    return _move("classify", actor, point=pid, verdict=verdict, reason=reason, challenge=challenge,
                 objection=objection)


def skeptical(pid: str, cid: str, actor: str = "orchestrator") -> dict:
    return classify(pid, "SKEPTICAL", actor, challenge=cid, objection=f"doubt about {pid}")


def reject(pid: str, cid: str, actor: str = "orchestrator") -> dict:
    return classify(pid, "REJECT", actor, challenge=cid, objection=f"{pid} is wrong")


def challenge(cid: str, pid: str, kind: str = "skeptical", actor: str = "orchestrator", cites=None) -> dict:
    return _move("challenge", actor, id=cid, point=pid, kind=kind, objection=f"objection {cid}", cites=cites)


def defend(cid: str | None, actor: str = "consultee", evidence=None, point_id: str | None = None) -> dict:
    return _move("defend", actor, challenge=cid, point=point_id, argument=f"defense of {cid or point_id}",
                 evidence=evidence)


def concede(cid: str, actor: str = "consultee") -> dict:
    return _move("concede", actor, challenge=cid, reason="fair point")


def judge(cid: str, outcome: str = "accepted", actor: str = "orchestrator", evidence=None) -> dict:
    return _move("judge", actor, challenge=cid, outcome=outcome, reason=f"{outcome} on the merits",
                 evidence=evidence)


def ledger(eid: str, provenance: str = "orchestrator-unverified", actor: str = "orchestrator",
           text: str | None = None, **fields) -> dict:
    return _move("ledger", actor, id=eid, text=text or f"fact {eid}", provenance=provenance, **fields)


def executed(command: str = "pytest -q", exit_code: int = 0, output: str = "3 passed") -> dict:
    return {"command": command, "exit_code": exit_code, "output": output}


def verified(eid: str, supports=None, **fields) -> dict:
    """A verified entry backed by an execution record (no workspace needed)."""
    fields.setdefault("execution", executed())
    return ledger(eid, "verified", "orchestrator", supports=supports, **fields)


def verify(eid: str, **fields) -> dict:
    if not fields:
        fields = {"execution": executed()}
    return _move("verify", "orchestrator", entry=eid, **fields)


def revise(pid: str, to: str, actor: str = "orchestrator") -> dict:
    return _move("revise", actor, point=pid, to=to, justification=f"Revising {pid} to {to} because of new facts")


def clarify(pid: str, actor: str = "consultee", text: str | None = None) -> dict:
    return _move("clarify", actor, point=pid, text=text or f"restated {pid}")


def settle(pid: str, reason: str = "missing_data", question: str | None = "What is the p99 load?",
           tradeoff: str | None = None) -> dict:
    return _move("settle", "orchestrator", point=pid, reason=reason, question=question, tradeoff=tradeoff)


def extend(trigger: str = "unaddressed_dispute") -> dict:
    return _move("extend_constructive", "orchestrator", trigger=trigger)


def stress(*targets: str, outcome: str = "held") -> dict:
    return _move("stress_test", "orchestrator", targets=list(targets), outcome=outcome,
                 summary="worst-case load considered")


def reframe(question: str = "How should we cache the search API?") -> dict:
    return _move("reframe", "user", question=question, consent=True)


def request_arbitration() -> dict:
    return _move("request_arbitration", "user", reason="important decision")


def synthesize(termination: str = "convergence") -> dict:
    return _move("synthesize", "orchestrator", termination=termination, answer="Use Redis with a 5 minute TTL")


def arbitrate(flags=(), constraints=None) -> dict:
    return _move("arbitrate", "arbiter", flags=[{"point": p, "concern": f"is {p} sound?"} for p in flags],
                 constraints=constraints, summary="checked the buckets")


def present(acknowledge: bool | None = None) -> dict:
    return _move("present", "orchestrator", acknowledge_warning=acknowledge)


def abort(actor: str = "orchestrator") -> dict:
    return _move("abort", actor, reason="user changed priorities")
