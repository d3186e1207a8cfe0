"""The deliberate reducer: checks each move against the replayed state and applies the legal ones.

`Engine(header, env)` holds a `state.Deliberation`. `step(index, move)` returns the move's findings and
changes the state only when none of them is an error (warnings keep the move). `finish()` reports the
end-of-log findings without changing anything. Pure: the only outside world is `env.read_lines`.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate import (  # noqa: F401  (catalog registers the DLB rules)
    afview, catalog, priority, refusals, rules_challenges, rules_ledger, rules_positions, rules_scope,
    rules_termination, texts,
)
from argcheck.protocols.deliberate.state import CAPS, Deliberation
from argcheck.core.rules import finding

NEEDS_SYNTHESIS = frozenset({"arbitrate", "present"})
AFTER_SYNTHESIS = frozenset({"arbitrate", "present", "abort", "ledger", "verify", "request_arbitration"})
STANDARD_ONLY = frozenset({"arbitrate", "stress_test", "request_arbitration"})
# Moves that pass the gate whenever the run is in progress and a reply has been recorded.
ORDINARY = frozenset({"consult", "point", "classify", "challenge", "defend", "concede", "judge", "ledger",
                      "verify", "revise", "clarify", "settle", "extend_constructive", "reframe", "prioritise",
                      "synthesize", "abort"})

HANDLERS = {
    "consult": rules_scope.on_consult,
    "point": rules_scope.on_point,
    "extend_constructive": rules_scope.on_extend_constructive,
    "reframe": rules_scope.on_reframe,
    "classify": rules_positions.on_classify,
    "revise": rules_positions.on_revise,
    "clarify": rules_positions.on_clarify,
    "challenge": rules_challenges.on_challenge,
    "defend": rules_challenges.on_defend,
    "concede": rules_challenges.on_concede,
    "judge": rules_challenges.on_judge,
    "ledger": rules_ledger.on_ledger,
    "verify": rules_ledger.on_verify,
    "settle": rules_termination.on_settle,
    "stress_test": rules_termination.on_stress_test,
    "request_arbitration": rules_termination.on_request_arbitration,
    "prioritise": priority.on_prioritise,
    "synthesize": rules_termination.on_synthesize,
    "arbitrate": rules_termination.on_arbitrate,
    "present": rules_termination.on_present,
    "abort": rules_termination.on_abort,
}


class Engine:
    """Replays a deliberation move by move; `state` is the derived state the renderers read."""

    def __init__(self, header: dict, env) -> None:
        mode = header.get("mode", "standard")
        self.state = Deliberation(header=header, question=header.get("question", ""), mode=mode,
                                  cap=CAPS.get(mode, CAPS["standard"]))
        self.env = env
        self.index = 0
        self.seq = 0

    @property
    def status(self) -> str:
        return self.state.status

    def step(self, index: int, move: dict) -> list[Finding]:
        """Check one shape-checked move; apply it unless a finding is an error."""
        self.index = index
        self.seq = move.get("seq") or index + 1
        kind = move["type"]
        blank = texts.blank_text_problems(self, move)
        if blank:
            return blank
        if not (self.state.status == "in_progress" and kind in ORDINARY and self.state.replies):
            refused = self._gate(move)
            if refused:
                return refused
        return HANDLERS[kind](self, move)

    def finish(self) -> list[Finding]:
        """End-of-log findings: grounded-semantics cross-check and a degraded result."""
        found = afview.contradictions(self.state)
        return found + rules_termination.degraded_warning(self.state)

    # --- helpers for the rule modules ---------------------------------------------------------

    def at(self, where: str = "") -> str:
        """The JSON pointer of the current move (or of one of its fields)."""
        return f"/moves/{self.index}/{where}" if where else f"/moves/{self.index}"

    def report(self, code: str, where: str = "", **values) -> Finding:
        """The finding `code` for the current move, at field `where`, with the observed `values`."""
        return finding(code, path=self.at(where), move=self.seq, **values)

    # --- the status, mode and first-reply gate ------------------------------------------------

    def _gate(self, move: dict) -> list[Finding]:
        kind, status = move["type"], self.state.status
        if kind in STANDARD_ONLY and self.state.mode != "standard":
            return [self.report("DLB184", "type", move_type=kind, mode=self.state.mode)]
        if status == "in_progress" and kind in NEEDS_SYNTHESIS:
            return [refusals.wrong_status(self, kind, "synthesized", status)]
        if status == "synthesized" and kind not in AFTER_SYNTHESIS:
            return [refusals.wrong_status(self, kind, "in_progress", status)]
        if move.get("actor") == "consultee" and kind != "consult" and self.state.replies == 0:
            return [self.report("DLB106", "type", move_type=kind)]
        return []
