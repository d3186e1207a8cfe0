"""The council reducer: replay one move at a time, yield findings, keep the derived council (pure).

A move with an error finding is not applied to the derived state (`apply` would have refused it);
warnings and info findings are recorded and the move is kept.
"""

from __future__ import annotations

import os

from argcheck.core.env import OUTSIDE, TOO_LARGE
from argcheck.core.findings import has_errors
from argcheck.protocols.council import catalog  # noqa: F401  (registers the CNL rules)
from argcheck.protocols.council import rules_arbiter, rules_assessment, rules_rounds, rules_trees
from argcheck.protocols.council.reading import MAX_DOCUMENT_BYTES
from argcheck.protocols.council.state import Claim, Council, Record
from argcheck.core.rules import finding


def new_council(header) -> Council:
    header = header if isinstance(header, dict) else {}
    document = header.get("document") if isinstance(header.get("document"), dict) else {}
    panel = header.get("panel") if isinstance(header.get("panel"), dict) else {}
    return Council(header=header, personas=list(panel.get("personas") or []),
                   max_depth=header.get("max_depth", 3), threshold=header.get("threshold", 0.3),
                   inclusion_threshold=header.get("inclusion_threshold", 0.4),
                   document_text=str(document.get("text", "")))


class Engine:
    """Replays a council log: `.step(index, move)` -> findings; `.status`; `.state` for the presentation."""

    def __init__(self, header: dict, env):
        self.env = env
        self.seq, self.path = 0, ""
        self.state = new_council(header)
        self.notices: list | None = None  # the document findings of finish(), reported once more by apply

    @property
    def status(self) -> str:
        return self.state.status

    def step(self, index: int, move: dict) -> list:
        """Check one shape-checked move; apply it unless a finding is an error."""
        self.seq = move.get("seq", index + 1)
        self.path = f"/moves/{index}"
        if "agent_style" in move:
            move = dict(move, agent_style=self.state.canonical(move["agent_style"]))
        found = self._pending_notices() + HANDLERS[move["type"]](self, move)
        self.state.update_status()
        return found

    def finish(self) -> list:
        document = document_on_disk(self.state, self.env)
        self.notices = [f for f in document if f.code == "CNL102"]
        self.state.document_findings = document
        return document + rules_rounds.partial_council(self.state)

    def _pending_notices(self) -> list:
        """A step after finish() is a new move being applied: it reports the document's change too (once),
        so `apply` says what `validate` says."""
        notices, self.notices = self.notices or [], None
        return list(notices)

    # -- the moves ---------------------------------------------------------------------------------------

    def _critique(self, move):
        state, path, persona = self.state, self.path, move["agent_style"]
        found = rules_rounds.unknown_persona(state, persona, path + "/agent_style")
        if found:
            return found
        found = (rules_rounds.initial_round_closed(state, persona, path + "/type")
                 or rules_rounds.critique_already_recorded(state, persona, path + "/agent_style", True))
        found += rules_trees.check_tree(state, move["critique_tree"], path + "/critique_tree")
        if not has_errors(found):
            self._record_tree(persona, move)
        return found

    def _record_tree(self, persona: str, move: dict) -> None:
        state = self.state
        for node, _, depth, parent in rules_trees.walk(move["critique_tree"], ""):
            state.claims[node["id"]] = Claim(
                id=node["id"], persona=persona, claim=node["claim"], evidence=node["evidence"],
                confidence=node["confidence"], severity=node.get("severity"), depth=depth, parent=parent,
                seq=self.seq, span=state.locate(node["evidence"]), recommendation=node.get("recommendation"),
                concession=node.get("concession"))
        state.trees[persona] = move["critique_tree"]
        state.rounds["critique"][persona] = Record("critique", self.seq, provenance=move.get("provenance"))

    def _self_critique(self, move):
        state, path, persona = self.state, self.path, move["agent_style"]
        found = (rules_rounds.unknown_persona(state, persona, path + "/agent_style")
                 or rules_rounds.self_critique_too_early(state, path + "/type")
                 or rules_rounds.persona_has_no_critique(state, persona, path + "/agent_style")
                 or rules_rounds.self_critique_repeated(state, persona, path + "/agent_style"))
        if found:
            return found
        found = rules_rounds.check_adjustments(state, persona, move["adjustments"], path + "/adjustments")
        if not has_errors(found):
            for adjustment in move["adjustments"]:
                state.claims[adjustment["target_claim_id"]].delta += adjustment["confidence_delta"]
                state.adjustments.append({"persona": persona, **adjustment, "seq": self.seq})
            state.rounds["self_critique"][persona] = Record("self_critique", self.seq,
                                                            provenance=move.get("provenance"))
        return found

    def _persona_failure(self, move):
        state, path, persona = self.state, self.path, move["agent_style"]
        found = rules_rounds.unknown_persona(state, persona, path + "/agent_style")
        if found:
            return found
        if move["round"] == "critique":
            found = (rules_rounds.initial_round_closed(state, persona, path + "/round")
                     or rules_rounds.critique_already_recorded(state, persona, path + "/agent_style", False))
        else:
            found = (rules_rounds.self_critique_too_early(state, path + "/round")
                     or rules_rounds.persona_has_no_critique(state, persona, path + "/agent_style")
                     or rules_rounds.self_critique_repeated(state, persona, path + "/agent_style"))
        if not found:
            state.rounds[move["round"]][persona] = Record("failure", self.seq, failure=move["failure"],
                                                          detail=move.get("detail"))
        return found

    def _arbitration(self, move):
        state = self.state
        found = rules_arbiter.check_arbitration(state, move, self.path)
        if not has_errors(found):
            for adjustment in move["adjustments"]:
                claim = state.claims[adjustment["target_claim_id"]]
                claim.arbiter_delta = adjustment["confidence_delta"]
                claim.arbiter_comment = adjustment["arbitration_comment"]
            state.arbitration = {"score": move["arbiter_overall_score"],
                                 "justification": move["arbiter_score_justification"],
                                 "adjustments": [dict(a) for a in move["adjustments"]], "seq": self.seq,
                                 "provenance": move.get("provenance")}
        return found

    def _final_assessment(self, move):
        state = self.state
        found = rules_assessment.check_assessment(state, move, self.path)
        if not has_errors(found):
            state.assessment = {"text": move["text"], "addressed": list(move.get("addressed", [])),
                                "responses": list(move.get("responses", [])),
                                "resolutions": list(move.get("resolutions", [])),
                                "seq": self.seq, "provenance": move.get("provenance")}
        return found


# The most of the document file a command reads to compare it with the recorded text: twice what init
# accepts, so that a file with its line ends rewritten (LF to CRLF) is still compared, and no more.
DOCUMENT_READ_LIMIT = 2 * MAX_DOCUMENT_BYTES


def document_on_disk(state, env) -> list:
    """The file the council read, compared with the recorded text (reported, never trusted)."""
    document = state.header.get("document") or {}
    path, workspace = document.get("path"), state.header.get("workspace")
    if not isinstance(path, str) or path == "-" or not isinstance(workspace, str):
        return []
    limit = DOCUMENT_READ_LIMIT
    lines = env.read_lines(os.path.relpath(path, workspace), max_bytes=limit)
    if lines == OUTSIDE:
        return []
    if lines == TOO_LARGE:  # the size is checked before reading: a file that grew is never read whole
        return [finding("CNL128", path="/header/document/path", file=path, limit=limit,
                        expected=state.header["document"].get("sha256"))]
    return document_moved(path, lines) or document_changed(state, path, lines)


def document_moved(path: str, lines) -> list:
    """CNL103: the file is gone; the recorded text is used."""
    if lines is not None:
        return []
    return [finding("CNL103", path="/header/document/path", file=path)]


def document_changed(state, path: str, lines) -> list:
    """CNL102: the file no longer holds the recorded text."""
    if lines == state.document_text.splitlines():
        return []
    return [finding("CNL102", path="/header/document/path", file=path,
                    expected=state.header["document"].get("sha256"))]


# One handler per move type, called as handler(engine, move) (the contract every engine follows).
HANDLERS = {
    "critique": Engine._critique,
    "self_critique": Engine._self_critique,
    "persona_failure": Engine._persona_failure,
    "arbitration": Engine._arbitration,
    "final_assessment": Engine._final_assessment,
}
