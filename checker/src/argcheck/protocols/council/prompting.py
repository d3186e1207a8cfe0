"""`argcheck prompt`: the prompt for the next due persona or round, from the bundled templates (pure).

The persona and round templates under `personas/` are the one source; the same functions give the
headless driver one prompt per persona, so personas can run in parallel.
"""

from __future__ import annotations

import json
import os

from argcheck.protocols.council.fences import boundary, fenced
from argcheck.protocols.council import synthesis
from argcheck.protocols.council.panels import directive, fill, prefixes, template_text
from argcheck.protocols.council.rules_responses import MIN_QUOTED_WORDS, MIN_RESPONSE_WORDS
from argcheck.protocols.council.rules_trees import MIN_DECOMPOSABLE_WORDS, MIN_EVIDENCE_CHARS
from argcheck.protocols.council.state import ASSESSED


def due(state) -> tuple[str, str | None] | None:
    """What is due next: ("critique", persona), ("self_critique", persona), ("assessment", None) or None."""
    for round_name in ("critique", "self_critique"):
        pending = state.pending(round_name)
        if pending:
            return round_name, pending[0]
    return None if state.status == ASSESSED else ("assessment", None)


def render_prompt(state) -> str:
    """The prompt for what is due next (the first pending persona in panel order)."""
    step = due(state)
    if step is None:
        return "The council is assessed: no prompt is due. Render the critique with `argcheck render`.\n"
    round_name, persona = step
    if round_name == "critique":
        return critique_prompt(state, persona)
    if round_name == "self_critique":
        return self_critique_prompt(state, persona)
    return assessment_prompt(state)


def persona_prompt(state, name: str) -> str:
    """The prompt of one persona pending in the current round, for a subagent that fetches its own prompt
    (`argcheck prompt STATE --persona NAME`); a LookupError says why there is none."""
    step = due(state)
    if step is None or step[0] == "assessment":
        raise LookupError("no persona round is open: the council is at "
                          f"{'the end' if step is None else 'the final assessment'}; run `argcheck next`")
    round_name = step[0]
    if state.persona(name) is None:
        raise LookupError(f"no persona {name!r} on this panel (personas: {', '.join(state.names)})")
    if name not in state.pending(round_name):
        raise LookupError(f"{name} owes nothing in the {round_name.replace('_', '-')} round "
                          f"(pending: {', '.join(state.pending(round_name)) or 'none'})")
    render_one = critique_prompt if round_name == "critique" else self_critique_prompt
    return render_one(state, name)


def _common(state, persona: dict | None) -> dict:
    document = state.header.get("document", {})
    slots = {"COUNCIL": f"{state.header['panel']['name']} panel of {len(state.personas)} personas",
             "DOCUMENT_NAME": os.path.basename(document.get("path", "-")) or "-"}
    if persona:
        slots.update(PERSONA=persona["name"], FOCUS=persona["focus"], HEURISTIC=persona["heuristic"],
                     DIRECTIVE=directive(persona), ID_PREFIX=prefixes(state.personas)[persona["name"]])
    return slots


def critique_prompt(state, name: str) -> str:
    slots = _common(state, state.persona(name))
    token = boundary(state.document_text, slots["DOCUMENT_NAME"])
    slots.update(MAX_DEPTH=state.max_depth, LAST_DEPTH=state.max_depth - 1, THRESHOLD=state.threshold,
                 MIN_WORDS=MIN_DECOMPOSABLE_WORDS, MIN_CHARS=MIN_EVIDENCE_CHARS, FENCE=token,
                 DOCUMENT=fenced("document", token, state.document_text,
                                 f"path={json.dumps(slots['DOCUMENT_NAME'], ensure_ascii=False)}"))
    return fill(template_text("round-critique"), slots)


def self_critique_prompt(state, name: str) -> str:
    slots = _common(state, state.persona(name))
    others = [{"agent_style": other, "critique_tree": tree} for other, tree in state.trees.items() if other != name]
    own = json.dumps({"agent_style": name, "critique_tree": state.trees[name]}, ensure_ascii=False, indent=1)
    other = json.dumps(others, ensure_ascii=False, indent=1)
    token = boundary(own, other)
    slots.update(OWN_IDS=", ".join(state.own_claims(name)), FENCE=token,
                 OWN_CRITIQUE=fenced("own_critique", token, own),
                 OTHER_CRITIQUES=fenced("other_critiques", token, other))
    return fill(template_text("round-self-critique"), slots)


def assessment_prompt(state) -> str:
    data = synthesis.synthesize(state)
    data.pop("final_assessment")
    slots = _common(state, None)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    token = boundary(text)
    required = ", ".join("/".join(group) for group in synthesis.required_groups(state))
    slots.update(HEARD=state.council_line(), REQUIRED_IDS=required or "none",
                 CONFLICTS=", ".join(c["id"] for c in data["conflicts"]) or "none",
                 QUOTE_WORDS=MIN_QUOTED_WORDS, RESPONSE_WORDS=MIN_RESPONSE_WORDS,
                 NO_FINDINGS="yes" if data["no_findings"] else "no",
                 SYNTHESIS=fenced("synthesis", token, text), FENCE=token)
    return fill(template_text("round-assessment"), slots)


def correction_prompt(findings) -> str:
    """The follow-up for a persona whose reply the validator refused: the findings and what to do."""
    lines = "\n".join(f"- {f.code} {f.name}: {f.message} (hint: {f.hint})" for f in findings)
    return fill(template_text("round-correction"), {"FINDINGS": lines})


def consultation(state) -> dict:
    """Who `argcheck consult` calls: the consultee the run names at init, if any (any of them, the orchestrating
    agent's own CLI included), each persona in a new session, as a subagent of its own would be."""
    consultee = state.header.get("consultee")
    return {"consultee": consultee, "session_id": None} if consultee else {}
