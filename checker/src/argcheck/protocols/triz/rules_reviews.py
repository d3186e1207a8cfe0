"""Review Enforcement: the user's reviews carry the seed's UserInput minimums; the document cites claims.

Invariants:
    - A review names only items that were recorded; the verdicts cover every claim of the round, once.
    - A merge names the claims it merges; a rejection says why (it becomes negative knowledge).
    - The document's prose cites claims that exist (the insight and the guide: claims in the graph).
"""

from __future__ import annotations

import re
from collections import Counter

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz.rules_claims import check_claim_known
from argcheck.protocols.triz.forge_state import ForgeState
from argcheck.core.rules import finding

CITATION = re.compile(r"\[(C[1-9][0-9]*)\]")
GRAPH_SECTIONS = ("core_insight", "implementation_guide")


def check_indices(indices: list, count: int, where: str, path: str) -> list:
    """REVIEW_INDEX_UNKNOWN: a selected, starred or confirmed item exists."""
    return [finding("TRZ131", path=f"{path}/{n}", where=where, found=index, count=count)
            for n, index in enumerate(indices) if index >= count]


def check_verdicts(state: ForgeState, verdicts: list, path: str) -> list:
    round_ids = [claim.id for claim in state.round_claims]
    found = []
    for number, verdict in enumerate(verdicts):
        where = f"{path}/{number}"
        unknown = check_claim_known(state, verdict["claim_id"], where + "/claim_id", among=round_ids)
        found += [unknown] if unknown else []
        found += check_verdict_fields(state, verdict, where)
    found += check_merge_partners_stand(state, verdicts, path)
    found += check_duplicate_verdicts(verdicts, path)
    found += check_verdict_coverage(round_ids, verdicts, path)
    return found


def check_verdict_fields(state: ForgeState, verdict: dict, path: str) -> list:
    found = []
    if verdict["verdict"] == "merge":
        found += check_merge_names_claims(verdict, path)
        found += [f for n, other in enumerate(verdict.get("merge_with", []))
                  if (f := check_claim_known(state, other, f"{path}/merge_with/{n}"))]
    if verdict["verdict"] == "reject" and not verdict.get("rejection_reason"):
        found.append(finding("TRZ133", path=path + "/rejection_reason", claim=verdict["claim_id"]))
    return found


def check_merge_names_claims(verdict: dict, path: str) -> list:
    """MERGE_WITHOUT_CLAIMS."""
    others = [c for c in verdict.get("merge_with", []) if c != verdict["claim_id"]]
    if others:
        return []
    return [finding("TRZ125", path=path + "/merge_with", claim=verdict["claim_id"])]


def check_merge_partners_stand(state: ForgeState, verdicts: list, path: str) -> list:
    """MERGE_WITH_REJECTED_CLAIM: a merge names no claim rejected before or in these verdicts."""
    rejected = {v["claim_id"] for v in verdicts if v["verdict"] == "reject"} | set(state.negative_knowledge)
    return [finding("TRZ141", path=f"{path}/{n}/merge_with", claim=v["claim_id"], found=other)
            for n, v in enumerate(verdicts) if v["verdict"] == "merge"
            for other in v.get("merge_with", []) if other in rejected]


def check_duplicate_verdicts(verdicts: list, path: str) -> list:
    """DUPLICATE_VERDICT."""
    counts = Counter(v["claim_id"] for v in verdicts)
    return [finding("TRZ138", path=path, claim=claim, count=count) for claim, count in counts.items() if count > 1]


def check_verdict_coverage(round_ids: list, verdicts: list, path: str) -> list:
    """VERDICT_MISSING: every claim of the round has a verdict."""
    judged = {v["claim_id"] for v in verdicts}
    missing = [claim for claim in round_ids if claim not in judged]
    if missing:
        return [finding("TRZ124", path=path, missing=", ".join(missing))]
    return []


def check_decision(move: dict, path: str):
    """DECISION_INCOMPLETE: deep_dive names its claim, add_insight carries the insight."""
    needs = {"deep_dive": "deep_dive_claim_id", "add_insight": "user_insight"}.get(move["decision"])
    if needs and not move.get(needs):
        return finding("TRZ139", path=f"{path}/{needs}", decision=move["decision"], field=needs)
    return None


def check_prose(state: ForgeState, section: str, text: str, path: str) -> list:
    """PROSE_UNCITED and PROSE_CITES_UNKNOWN_CLAIM for one section of the agent's document prose."""
    cited = CITATION.findall(text)
    if not cited:
        return [finding("TRZ135", path=path, where=section)]
    found = []
    for claim_id in dict.fromkeys(cited):
        problem = _citation_problem(state, section, claim_id)
        if problem:
            found.append(finding("TRZ136", path=path, where=section, claim=claim_id, found=problem))
    return found


def _citation_problem(state: ForgeState, section: str, claim_id: str) -> str | None:
    if claim_id not in state.claims:
        return "does not exist"
    if section in GRAPH_SECTIONS and claim_id not in state.graph:
        return "is not in the knowledge graph"
    return None


def check_graph_not_empty(state: ForgeState, path: str):
    """KNOWLEDGE_GRAPH_EMPTY."""
    if state.graph.nodes:
        return None
    return finding("TRZ140", path=path)
