"""A council's critique as data for the standard formats the shells write (MADR, Argdown, AIF), pure.

The decision: the document is the context, the critiques the council raised are the considered points
(each with its evidence and severity), the final assessment is the outcome, and the claims rated high are
the consequences. The map: the document under review, every critique claim, each root claim attacking the
document and each child claim supporting its parent (it elaborates the critique it hangs under).
"""

from __future__ import annotations

from argcheck.core.text import clip

DOCUMENT_ID = "document"


def _document(state) -> str:
    path = state.header.get("document", {}).get("path") if isinstance(state.header.get("document"), dict) else ""
    return f"the document {path}" if path else "the document"


def decision(state) -> dict:
    claims = list(state.claims.values())
    assessment = state.assessment or {}
    high = [claim for claim in claims if claim.severity == "high"]
    return {
        "title": f"Council review of {_document(state)}",
        "status": "accepted" if assessment else "proposed",
        "context": [f"A council of {len(state.personas)} personas critiqued {_document(state)}.",
                    clip(state.document_text, 600)],
        "drivers": [],
        "options": [{"title": f"{claim.id} ({claim.persona}): {claim.claim}",
                     "text": f"confidence {claim.confidence:.2f}, severity {claim.severity or 'none'}",
                     "good": [], "bad": [claim.evidence] if claim.evidence else []} for claim in claims],
        "chosen": None,
        "because": assessment.get("text") or f"no final assessment yet (the council is {state.status})",
        "confidence": "",
        "consequences": [{"good": False, "text": f"{claim.id}: {claim.claim}"} for claim in high],
        "confirmation": "",
        "more": [],
    }


def argument_map(state) -> dict:
    statements = [{"id": DOCUMENT_ID, "text": clip(state.document_text, 600)}]
    relations = []
    for claim in state.claims.values():
        statements.append({"id": claim.id, "text": f"{claim.persona}: {claim.claim}"})
        if claim.parent in state.claims:
            relations.append({"source": claim.id, "target": claim.parent, "kind": "support"})
        else:
            relations.append({"source": claim.id, "target": DOCUMENT_ID, "kind": "attack"})
    return {"title": f"Council review of {_document(state)}", "statements": statements, "relations": relations}
