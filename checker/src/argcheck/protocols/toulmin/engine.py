"""The toulmin reducer: replay one move at a time, yield findings, keep the derived chain (pure).

A move with an error finding is not applied to the derived state (it would have been refused by
`apply`); warnings and info findings are recorded and the move is kept.
"""

from __future__ import annotations

import re

from argcheck.core.env import OUTSIDE
from argcheck.core.findings import has_errors
from argcheck.protocols.toulmin import catalog  # noqa: F401  (registers the TLM rules)
from argcheck.protocols.toulmin import rules
from argcheck.protocols.toulmin.state import (
    BANDS, BREAKING_STRENGTHS, PHASES, REPORTED, TERMINATED, CouncilRequest, Opinion, Termination, ToulminChain,
    band_text, citation_locator, degree_for, is_question,
)
from argcheck.protocols.toulmin.verdict_reasoning import contradiction
from argcheck.core.rules import finding
from argcheck.core.text import clip

PATH_LINE = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>[1-9][0-9]*)$")


class Engine:
    """Replays a toulmin log: `.step(index, move)` -> findings; `.status`; `.state` for the presentation."""

    def __init__(self, header: dict, env):
        self.env = env
        self.seq, self.path = 0, ""
        relax = header.get("relax") if isinstance(header, dict) else None
        self.state = ToulminChain(
            header=header if isinstance(header, dict) else {},
            query=str(header.get("query", "")) if isinstance(header, dict) else "",
            relax=tuple(relax) if isinstance(relax, list) else (),
            council_enabled=bool(header.get("council", True)) if isinstance(header, dict) else True,
        )

    @property
    def status(self) -> str:
        return self.state.status

    def step(self, index: int, move: dict) -> list:
        """Check one shape-checked move; apply it unless a finding is an error."""
        self.seq = move.get("seq", index + 1)
        self.path = f"/moves/{index}"
        kind = move["type"]
        closed = self._terminated(kind)
        if closed:
            return closed
        return HANDLERS[kind](self, move)

    def finish(self) -> list:
        return []

    # -- closed chains ------------------------------------------------------------------------------

    def _terminated(self, kind: str) -> list:
        """No move after a circuit breaker terminated the chain (TLM109)."""
        state = self.state
        if state.status != TERMINATED:
            return []
        return [rules.chain_terminated(state.terminations[0], kind, self.path + "/type")]

    # -- the four phases and the report ------------------------------------------------------------

    def _grounding(self, move):
        seq, path = self.seq, self.path
        found = self._phase_preconditions("grounding", path)
        statement = move["claim"]["statement"]
        if is_question(statement):
            found.append(finding("TLM107", path=path + "/claim/statement", statement=clip(statement, 80)))
        found += self._citations(move["data"]["citations"], path + "/data/citations")
        if not has_errors(found):
            self._record("grounding", move, seq)
        return found

    def _logic_bridge(self, move):
        seq, path = self.seq, self.path
        found = self._phase_preconditions("logic_bridge", path)
        found += self._council_refs("backing", move["backing"], path + "/backing/council")
        found += self._citations(move["backing"]["citations"], path + "/backing/citations")
        if has_errors(found):
            return found
        tripped = []
        for component in ("warrant", "backing"):
            strength = move[component]["strength"]
            if strength not in BREAKING_STRENGTHS:
                continue
            where = f"{path}/{component}/strength"
            if component in self.state.relax:
                found.append(finding("TLM110", path=where, component=component, strength=strength))
                self.state.relaxed.append({"component": component, "strength": strength, "seq": seq})
            else:
                termination = Termination(component, strength, seq)
                tripped.append(termination)
                found.append(rules.weak_link(component, strength, where))
        self._record("logic_bridge", move, seq)
        if tripped:
            self.state.terminations += tripped
            self.state.status = TERMINATED
        return found

    def _stress_test(self, move):
        seq, path = self.seq, self.path
        found = self._phase_preconditions("stress_test", path)
        found += self._council_refs("rebuttal", move["rebuttal"], path + "/rebuttal/council")
        qualifier = move["qualifier"]
        degree, confidence = qualifier["degree"], qualifier["confidence_pct"]
        low, high = BANDS[degree]
        if not low <= confidence <= high:
            found.append(finding("TLM113", path=path + "/qualifier/degree", degree=degree, band=band_text(degree),
                                 confidence=confidence, expected=degree_for(confidence)))
        if not has_errors(found):
            self._record("stress_test", move, seq)
        return found

    def _judgment(self, move):
        seq, path = self.seq, self.path
        found = self._phase_preconditions("judgment", path)
        if has_errors(found):
            return found
        verdict = move["verdict"]
        found += self._verdict_rule(verdict["status"], path + "/verdict/status")
        clause = contradiction(verdict["status"], verdict["reasoning"])
        if clause:
            found.append(finding("TLM124", path=path + "/verdict/reasoning", status=verdict["status"],
                                 outcome="failed" if verdict["status"] == "sustained" else "succeeded",
                                 clause=clip(clause, 120)))
        if not has_errors(found):
            self._record("judgment", move, seq)
        return found

    def _verdict_rule(self, status: str, where: str) -> list:
        """The status against the chain: an absolute rebuttal (TLM111), else the table of §5.2 (TLM112)."""
        if self.state.components["rebuttal"]["strength"] == "absolute":
            return [finding("TLM111", path=where, status=status)] if status != "overruled" else []
        check = self.state.verdict_check
        if status in check["allowed"]:
            return []
        return [finding("TLM112", path=where, status=status, reason=check["excluded"][status],
                        allowed=", ".join(check["allowed"]))]

    def _report(self, move):
        seq, path = self.seq, self.path
        missing = self.state.missing("report")
        if missing:
            return [rules.missing_components("report", missing, path)]
        self.state.report = {"summary": move["summary"], "seq": seq}
        self.state.status = REPORTED
        return []

    def _phase_preconditions(self, kind: str, path: str) -> list:
        state = self.state
        recorded = PHASES[kind][0]
        already = [name for name in recorded if name in state.components]
        if already:
            verb = "is" if len(already) == 1 else "are"
            return [finding("TLM106", path=path + "/type", components=" and ".join(already), verb=verb,
                            seq=state.recorded_at[already[0]])]
        missing = state.missing(kind)
        return [rules.missing_components(kind, missing, path + "/type")] if missing else []

    def _record(self, kind: str, move: dict, seq: int) -> None:
        components, status = PHASES[kind]
        for name in components:
            self.state.components[name] = move[name]
            self.state.recorded_at[name] = seq
        for name in components:
            for opinion_id in move[name].get("council", []) if isinstance(move[name], dict) else []:
                opinion = self.state.opinions.get(opinion_id)
                if opinion is not None and name not in opinion.cited_by:
                    opinion.cited_by.append(name)
        self.state.status = status

    # -- the council ---------------------------------------------------------------------------------

    def _council_request(self, move):
        seq, path = self.seq, self.path
        state = self.state
        if not state.council_enabled:
            return [rules.council_disabled(path + "/type")]
        perspectives = move.get("perspectives") or []
        if not perspectives:
            return [rules.no_perspectives(path + "/perspectives")]
        closed = self._feed_closed("rebuttal", path + "/type")
        if closed:
            return closed
        state.council_requests.append(CouncilRequest(list(perspectives), move.get("question"), seq))
        return []

    def _council_opinion(self, move):
        seq, path = self.seq, self.path
        state = self.state
        if not state.council_enabled:
            return [rules.council_disabled(path + "/type")]
        found = []
        if move["id"] in state.opinions:
            found.append(finding("TLM117", path=path + "/id", id=move["id"], seq=state.opinions[move["id"]].seq,
                                 free=state.next_opinion_id()))
        requested = state.requested_perspectives
        if move["perspective"] not in requested:
            found.append(finding("TLM116", path=path + "/perspective", perspective=move["perspective"],
                                 requested=", ".join(requested) or "none"))
        found += self._feed_closed(move["feeds"], path + "/feeds")
        provenance = move["provenance"]
        if provenance["source"] == "consultee" and not provenance.get("consultee"):
            found.append(finding("TLM121", path=path + "/provenance/consultee"))
        if not has_errors(found):
            state.opinions[move["id"]] = Opinion(move["id"], move["perspective"], move["opinion"], move["feeds"],
                                                 dict(provenance), seq)
        return found

    def _feed_closed(self, component: str, path: str) -> list:
        """The council can no longer feed `component` once it is recorded (TLM118)."""
        if component not in self.state.components:
            return []
        return [rules.council_feed_closed(component, self.state.recorded_at[component], path)]

    def _council_refs(self, component: str, value: dict, path: str) -> list:
        found = []
        opinions = self.state.opinions
        for index, opinion_id in enumerate(value.get("council", [])):
            where = f"{path}/{index}"
            opinion = opinions.get(opinion_id)
            if opinion is None:
                found.append(finding("TLM119", path=where, component=component, id=opinion_id,
                                     known=", ".join(opinions) or "none"))
            elif opinion.feeds != component:
                found.append(finding("TLM120", path=where, component=component, id=opinion_id, feeds=opinion.feeds))
        return found

    # -- citations -------------------------------------------------------------------------------------

    def _citations(self, citations: list, path: str) -> list:
        """Each citation names where in its source (TLM123); a path:line inside the workspace exists (TLM122)."""
        found = []
        for index, citation in enumerate(citations):
            locator = citation_locator(citation)
            if locator is None:
                found.append(finding("TLM123", path=f"{path}/{index}", source=clip(citation["source"], 80)))
                continue
            problem = self._missing_in_workspace(locator)
            if problem:
                field = "locator" if citation.get("locator") else "reference"
                found.append(finding("TLM122", path=f"{path}/{index}/{field}", locator=locator, problem=problem))
        return found

    def _missing_in_workspace(self, locator: str) -> str | None:
        """Why a path:line locator inside the workspace cannot be found (None: found, or not such a locator)."""
        match = PATH_LINE.match(locator)
        if not match:
            return None
        lines = self.env.read_lines(match.group("path"))
        if lines == OUTSIDE:
            return None
        line = int(match.group("line"))
        if lines is None:
            return f"{match.group('path')} does not exist"
        if line > len(lines):
            return f"{match.group('path')} has only {len(lines)} lines"
        return None


# One handler per move type, called as handler(engine, move) (the contract every engine follows).
HANDLERS = {
    "grounding": Engine._grounding,
    "logic_bridge": Engine._logic_bridge,
    "stress_test": Engine._stress_test,
    "judgment": Engine._judgment,
    "report": Engine._report,
    "council_request": Engine._council_request,
    "council_opinion": Engine._council_opinion,
}
