"""The numbered items a user review refers to: what `next` prints when it asks the user for a review.

The decompose review selects assumptions and reframings by number, the explore review stars analogies by
number (from 0, in the order they were recorded); the verdicts and claims review name claims by id.
"""

from __future__ import annotations

from argcheck.core.text import flat


def review_items(state, review: str | None) -> dict[str, list[dict]]:
    if review == "decompose_review":
        return {"assumptions": _numbered(state.assumptions),
                "reframings": _numbered(f"[{r['reframing_type']}] {r['text']}" for r in state.reframings)}
    if review == "explore_review":
        return {"analogies": _numbered(f"{a['source_domain']} -> {a['target_application']}: "
                                       f"{a['analogy_description']} ({a['semantic_distance']})"
                                       for a in state.cross_domain_analogies)}
    if review in ("claims_review", "verdicts"):
        return {"claims": [{"id": claim.id, "text": claim.claim_text} for claim in state.round_claims]}
    return {}


def _numbered(texts) -> list[dict]:
    return [{"number": number, "text": text} for number, text in enumerate(texts)]


def item_lines(items: dict[str, list[dict]]) -> list[str]:
    lines = []
    for name, entries in items.items():
        lines.append(f"{name.capitalize()} (use these {'ids' if name == 'claims' else 'numbers'}):")
        lines += [f"  {entry.get('number', entry.get('id'))}. {flat(entry['text'])}" for entry in entries]
    return lines
