"""A Toulmin chain as data for the standard formats the shells write (MADR, Argdown, AIF), pure.

The decision: the query and the data are the context, the warrant and backing its drivers, the claim the one
considered option (its grounds good, its rebuttals bad), chosen when the verdict sustains it, because of the
verdict's reasoning, with the qualifier as the confidence; the rebuttals are the consequences. The map: the
facts, warrant and claim, the backing, the rebuttal's exceptions and counterexamples and the council's
opinions as statements; facts and warrant support the claim, the backing supports the warrant, every
rebuttal attacks the claim, and an opinion supports the component it feeds.
"""

from __future__ import annotations

from argcheck.protocols.toulmin.state import TERMINATED

STATUS = {"sustained": "accepted", "overruled": "rejected"}


def decision(state) -> dict:
    c = state.components
    claim = c.get("claim", {}).get("statement") or state.query
    verdict = c.get("verdict") or {}
    rebuttals = _rebuttals(state)
    grounds = list(c.get("data", {}).get("facts", ()))
    return {
        "title": verdict.get("final_statement") or claim,
        "status": "rejected" if state.status == TERMINATED else STATUS.get(verdict.get("status"), "proposed"),
        "context": [state.query, *grounds],
        "drivers": [text for text in (c.get("warrant", {}).get("principle"), c.get("backing", {}).get("authority"))
                    if text],
        "options": [{"title": claim, "text": f"scope: {c.get('claim', {}).get('scope', 'not recorded')}",
                     "good": grounds, "bad": rebuttals}],
        "chosen": claim if verdict.get("status") == "sustained" else None,
        "because": _because(state, verdict),
        "confidence": _qualifier(c.get("qualifier")),
        "consequences": [{"good": False, "text": text} for text in rebuttals],
        "confirmation": "",
        "more": [f"{item['source']} ({item.get('locator', '')})" for name in ("data", "backing")
                 for item in c.get(name, {}).get("citations", ())],
    }


def _because(state, verdict: dict) -> str:
    if state.status == TERMINATED:
        return "the circuit breaker terminated the chain: " + "; ".join(
            f"{t.component} strength {t.strength}" for t in state.terminations)
    if verdict:
        return f"the verdict is {verdict['status']}: {verdict.get('reasoning', '')}"
    return f"no verdict yet (the chain is {state.status})"


def _qualifier(qualifier) -> str:
    if not qualifier:
        return ""
    return f"{qualifier['degree']} ({qualifier['confidence_pct']}%): {qualifier.get('rationale', '')}"


def _rebuttals(state) -> list[str]:
    rebuttal = state.components.get("rebuttal") or {}
    return [*rebuttal.get("exceptions", ()), *rebuttal.get("counterexamples", ())]


def argument_map(state) -> dict:
    c = state.components
    statements, relations = [], []
    if "claim" in c:
        statements.append({"id": "claim", "text": c["claim"]["statement"]})
    target = "claim" if "claim" in c else None
    for number, fact in enumerate(c.get("data", {}).get("facts", ()), start=1):
        statements.append({"id": f"data {number}", "text": fact})
        relations.append({"source": f"data {number}", "target": target, "kind": "support"})
    if "warrant" in c:
        statements.append({"id": "warrant", "text": c["warrant"]["principle"]})
        relations.append({"source": "warrant", "target": target, "kind": "support"})
    if "backing" in c:
        statements.append({"id": "backing", "text": c["backing"]["authority"]})
        relations.append({"source": "backing", "target": "warrant", "kind": "support"})
    for number, text in enumerate(_rebuttals(state), start=1):
        statements.append({"id": f"rebuttal {number}", "text": text})
        relations.append({"source": f"rebuttal {number}", "target": target, "kind": "attack"})
    for opinion in state.opinions.values():
        statements.append({"id": opinion.id, "text": f"{opinion.perspective}: {opinion.opinion}"})
        fed = "backing" if opinion.feeds == "backing" else "rebuttal 1"
        relations.append({"source": opinion.id, "target": fed, "kind": "support"})
    return {"title": state.query, "statements": statements, "relations": relations}
