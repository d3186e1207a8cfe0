"""The Toulmin chain's picture for `argcheck view`, as plain data: the seven components in Toulmin's layout
(data → qualifier → claim, the warrant and its backing beneath, the rebuttal against the claim), the circuit
breakers, the verdict with its reasoning, and the council's opinions (pure)."""

from __future__ import annotations

from argcheck.protocols.toulmin.nextstep import breakers
from argcheck.protocols.toulmin.render_graph import _nodes
from argcheck.protocols.toulmin.state import TERMINATED

CELLS = {"D": (0, 0), "Q": (2, 0), "C": (3, 0), "W": (1, 1), "B": (1, 2), "R": (2, 1), "V": (3, 1)}
NAMES = {"D": "data", "Q": "qualifier", "C": "claim", "W": "warrant", "B": "backing", "R": "rebuttal",
         "V": "verdict"}
EDGES = [("D", "Q", "so", False), ("Q", "C", "", False), ("W", "Q", "since", True), ("B", "W", "on account of", True),
         ("R", "C", "unless", True), ("C", "V", "judged", False)]
CLASS_TONE = {"recorded": "info", "pending": "muted", "rejected": "bad", "relaxed": "warn"}
VERDICT_TONE = {"sustained": "good", "overruled": "bad", "remanded": "warn"}


def view(state, findings) -> dict:
    verdict = state.components.get("verdict") or {}
    summary = [("Verdict", verdict.get("status") or ("terminated" if state.status == TERMINATED else "none yet"))]
    return {"summary": summary,
            "sections": [_diagram(state), _breakers(state), _verdict(state), _opinions(state), _grounds(state)]}


def _diagram(state) -> dict:
    nodes = []
    for key, (lines, css) in _nodes(state).items():
        tone = CLASS_TONE.get(css, "plain")
        if key == "V" and state.components.get("verdict"):
            tone = VERDICT_TONE.get(state.components["verdict"]["status"], tone)
        nodes.append({"id": key, "label": "\n".join(lines), "text": f"{NAMES[key]}: {_full(state, key)}",
                      "tone": tone, "status": css, "pruned": css == "pending", "cell": list(CELLS[key])})
    edges = [{"source": s, "target": t, "label": label, "dashed": dashed} for s, t, label, dashed in EDGES]
    return {"kind": "graph", "title": "The argument in Toulmin's layout", "nodes": nodes, "edges": edges}


def _full(state, key: str) -> str:
    component = state.components.get(NAMES[key])
    if not component:
        return "not recorded"
    texts = {"D": lambda c: " ".join(c.get("facts", [])), "C": lambda c: c.get("statement", ""),
             "W": lambda c: c.get("principle", ""), "B": lambda c: c.get("authority", ""),
             "R": lambda c: " ".join(c.get("exceptions", []) + c.get("counterexamples", [])),
             "Q": lambda c: f"{c.get('degree')} ({c.get('confidence_pct')}%): {c.get('rationale', '')}",
             "V": lambda c: f"{c.get('status')}: {c.get('reasoning', '')}"}
    return texts[key](component)


def _breakers(state) -> dict:
    rows, tones = [], []
    for name, item in breakers(state).items():
        rows.append([name, item["mode"], item["strength"] or "—", item["outcome"]])
        tones.append("bad" if item["outcome"].startswith("tripped") else
                     "warn" if item["outcome"] == "let through" else "muted" if item["strength"] is None else "good")
    return {"kind": "table", "title": "Circuit breakers", "columns": ["Breaker", "Mode", "Strength", "Outcome"],
            "rows": rows, "row_tones": tones}


def _verdict(state) -> dict:
    verdict = state.components.get("verdict")
    rows = [("Status", state.status)]
    if state.terminations:
        rows.append(("Terminated", "; ".join(t.label for t in state.terminations)))
    if verdict:
        rows += [("Verdict", verdict.get("status", "")), ("Reasoning", verdict.get("reasoning", "")),
                 ("Final statement", verdict.get("final_statement", ""))]
    check = state.verdict_check
    if check:
        rows.append(("Verdict rule", f"rebuttal {check['rebuttal']}, confidence {check['confidence']}%, weakest link "
                                     f"{check['weakest_link']}: allows {', '.join(check['allowed'])}"))
    if state.report:
        rows.append(("Report", state.report.get("summary", "")))
    return {"kind": "facts", "title": "Verdict", "rows": rows}


def _opinions(state) -> dict:
    rows = [[o.id, o.perspective, o.feeds, o.opinion, (o.provenance or {}).get("source", ""),
             ", ".join(o.cited_by) or "—"] for o in state.opinions.values()]
    return {"kind": "table", "title": "Council opinions", "rows": rows, "empty": "No council opinion.",
            "columns": ["Opinion", "Perspective", "Feeds", "Opinion text", "From", "Cited by"]}


def _grounds(state) -> dict:
    rows = []
    for name in ("data", "backing"):
        for citation in (state.components.get(name) or {}).get("citations", []):
            rows.append([name, citation.get("source", ""), citation.get("locator") or "—"])
    return {"kind": "table", "title": "Citations", "columns": ["For", "Source", "Locator"], "rows": rows,
            "empty": "No citation recorded."}
