"""The user's five reviews as page forms, built from what `next` asks (pure).

`pending_form(state)` is the form of the review the session waits for (None when it waits for the agent or
is over); `answer_move(state, values)` turns the posted values into the review's own `actor: user` move,
which `apply`'s rules then judge like any other. The items are those `next` numbers (review_items.py).
"""

from __future__ import annotations

from argcheck.core.formvalues import FormProblem, choices, group, lines, numbers, one, picked, text, words
from argcheck.protocols.triz.review_items import review_items
from argcheck.protocols.triz.status import awaiting

TITLES = {"decompose_review": "Decompose review", "explore_review": "Explore review",
          "claims_review": "Claims review", "verdicts": "Verdicts", "build_decision": "Build decision"}
QUESTIONS = {
    "decompose_review": "Which assumptions do you confirm or reject, and what would you add? Select at least one "
                        "reframing, and add your own if you like.",
    "explore_review": "Which analogies resonate? Star at least one. Name any domain you want searched.",
    "claims_review": "Any feedback on this round's claims before they are validated?",
    "verdicts": "Give a verdict on every claim: accept, reject (say why), qualify (say how) or merge (with which).",
    "build_decision": "Continue with another round, deep-dive into one claim, resolve and write the Knowledge "
                      "Document, or add an insight of your own?",
}
ASSUMPTION_CHOICES = (("none", "no opinion"), ("confirm", "confirm"), ("reject", "reject"))
VERDICTS = ("accept", "reject", "qualify", "merge")
DECISIONS = {"continue": "continue: another round", "deep_dive": "deep-dive into one claim",
             "resolve": "resolve: write the Knowledge Document", "add_insight": "add an insight of my own"}


def answered_moves() -> tuple:
    """The user moves these forms record (while a page serves, the agent's own are refused: ARG040)."""
    return tuple(TITLES)


def pending_form(state) -> dict | None:
    review = awaiting(state)["review"]
    if review is None:
        return None
    items = review_items(state, review)
    build = {"decompose_review": _decompose, "explore_review": _explore, "claims_review": _claims,
             "verdicts": _verdicts, "build_decision": _build}[review]
    context, fields = build(state, items)
    return {"move": review, "title": TITLES[review], "question": QUESTIONS[review], "context": context,
            "fields": fields}


def answer_move(state, values: dict) -> dict:
    review = awaiting(state)["review"]
    if review is None:
        raise FormProblem("the session waits for no review")
    read = {"decompose_review": _decompose_move, "explore_review": _explore_move, "claims_review": _claims_move,
            "verdicts": _verdicts_move, "build_decision": _build_move}[review]
    return {"type": review, "actor": "user", **read(state, values)}


# -- decompose ------------------------------------------------------------------------------------------


def _decompose(state, items):
    context = [{"heading": "Fundamentals", "items": list(state.fundamentals)}]
    fields = [choices(f"assumption-{entry['number']}", f"Assumption {entry['number']}: {entry['text']}",
                      ASSUMPTION_CHOICES, checked=("none",)) for entry in items["assumptions"]]
    fields += [text("added_assumptions", "Assumptions you would add (one per line)", lines=True),
               choices("reframing", "Reframings to pursue (at least one)",
                       [(e["number"], e["text"]) for e in items["reframings"]], multiple=True),
               text("added_reframings", "Reframings of your own (one per line)", lines=True)]
    return context, fields


def _decompose_move(state, values):
    count = len(state.assumptions)
    marks = {index: one(values, f"assumption-{index}", ("none", "confirm", "reject"), "none")
             for index in range(count)}
    return {"confirmed_assumptions": [i for i, mark in marks.items() if mark == "confirm"],
            "rejected_assumptions": [i for i, mark in marks.items() if mark == "reject"],
            "added_assumptions": lines(values, "added_assumptions"),
            "selected_reframings": numbers(values, "reframing", len(state.reframings)),
            "added_reframings": lines(values, "added_reframings")}


# -- explore --------------------------------------------------------------------------------------------


def _explore(state, items):
    box = state.morphological_box or []
    context = [{"heading": "Morphological box",
                "items": [f"{p.get('name')}: {', '.join(map(str, p.get('values', [])))}" for p in box
                          if isinstance(p, dict)]},
               {"heading": "Contradictions", "items": [c.get("description", "") for c in state.contradictions
                                                      if isinstance(c, dict)]}]
    fields = [choices("analogy", "Analogies that resonate (star at least one)",
                      [(e["number"], e["text"]) for e in items["analogies"]], multiple=True),
              text("suggested_domains", "Domains you want searched (one per line)", lines=True)]
    return context, fields


def _explore_move(state, values):
    return {"starred_analogies": numbers(values, "analogy", len(state.cross_domain_analogies)),
            "suggested_domains": lines(values, "suggested_domains")}


# -- claims and verdicts ------------------------------------------------------------------------------------


def _claim_detail(claim) -> list:
    detail = [("Thesis", claim.thesis_text or "—"), ("Antithesis", claim.antithesis_text or "—"),
              ("Synthesis", claim.claim_text), ("Falsifiable if", claim.falsifiability_condition or "—")]
    detail += [("Evidence", f"{e.get('evidence_type', '')}: {e.get('source_title', '')} <{e.get('source_url', '')}>")
               for e in claim.evidence if isinstance(e, dict)]
    return detail


def _claims(state, items):
    fields = [group(f"Claim {claim.id}", [text(f"feedback-{claim.id}", f"Your feedback on {claim.id} (optional)")],
                    _claim_detail(claim)) for claim in state.round_claims]
    return [], fields


def _claims_move(state, values):
    notes = [(claim.id, words(values, f"feedback-{claim.id}")) for claim in state.round_claims]
    return {"claim_feedback": [{"claim_id": cid, "feedback": note} for cid, note in notes if note]}


def _validation_detail(claim) -> list:
    detail = [("Synthesis", claim.claim_text)]
    detail += [("Falsification", f"{f.get('approach', '')}: {f.get('outcome', '')}") for f in claim.falsifications]
    if claim.novelty:
        detail.append(("Novel", "yes" if claim.novelty.get("is_novel") else "no"))
    if claim.scores:
        detail.append(("Scores", ", ".join(f"{k} {v}" for k, v in claim.scores.items())))
    return detail


def _verdicts(state, items):
    ids = [claim.id for claim in state.round_claims]
    fields = []
    for claim in state.round_claims:
        others = [(other, other) for other in ids if other != claim.id]
        parts = [choices(f"verdict-{claim.id}", f"Verdict on {claim.id}", [(v, v) for v in VERDICTS]),
                 text(f"reason-{claim.id}", "If rejected: why"),
                 text(f"qualification-{claim.id}", "If qualified: how")]
        if others:
            parts.append(choices(f"merge-{claim.id}", "If merged: with which claims", others, multiple=True))
        fields.append(group(f"Claim {claim.id}", parts, _validation_detail(claim)))
    return [], fields


def _verdicts_move(state, values):
    ids = [claim.id for claim in state.round_claims]
    verdicts = []
    for cid in ids:
        verdict = one(values, f"verdict-{cid}", VERDICTS)
        if verdict is None:
            raise FormProblem(f"verdict-{cid}: give a verdict on {cid}")
        entry = {"claim_id": cid, "verdict": verdict}
        extra = {"reject": ("rejection_reason", words(values, f"reason-{cid}")),
                 "qualify": ("qualification", words(values, f"qualification-{cid}"))}.get(verdict)
        if extra and extra[1]:
            entry[extra[0]] = extra[1]
        if verdict == "merge":
            entry["merge_with"] = picked(values, f"merge-{cid}", [other for other in ids if other != cid])
        verdicts.append(entry)
    return {"verdicts": verdicts}


# -- build ----------------------------------------------------------------------------------------------


def _build(state, items):
    graph = [f"{node}: {state.claims[node].claim_text}" if node in state.claims else node
             for node in state.graph.nodes]
    edges = [f"{source} {kind} {target}" for source, target, kind in state.graph.edges]
    context = [{"heading": "Knowledge graph", "items": graph + edges},
               {"heading": "Gaps", "items": list(state.gaps)},
               {"heading": "Negative knowledge", "items": [f"{cid}: {state.claims[cid].claim_text}"
                                                           for cid in state.negative_knowledge if cid in state.claims]}]
    offered = [(k, label) for k, label in DECISIONS.items() if k != "continue" or not state.max_rounds_reached]
    fields = [choices("decision", "Your decision", offered),
              choices("deep_dive_claim", "For a deep dive: which claim", [(c, c) for c in sorted(state.claims)]),
              group("Your insight (for add an insight)",
                    [text("user_insight", "The insight"),
                     text("user_evidence_urls", "Evidence URLs (one per line)", lines=True)])]
    return context, fields


def _build_move(state, values):
    offered = [k for k in DECISIONS if k != "continue" or not state.max_rounds_reached]
    decision = one(values, "decision", offered)
    if decision is None:
        raise FormProblem("decision: choose one")
    move = {"decision": decision}
    if decision == "deep_dive":
        move["deep_dive_claim_id"] = one(values, "deep_dive_claim", sorted(state.claims))
        if move["deep_dive_claim_id"] is None:
            raise FormProblem("deep_dive_claim: choose the claim to deep-dive into")
    if decision == "add_insight":
        insight = words(values, "user_insight")
        if insight is None:
            raise FormProblem("user_insight: write the insight")
        move.update(user_insight=insight, user_evidence_urls=lines(values, "user_evidence_urls"))
    return move
