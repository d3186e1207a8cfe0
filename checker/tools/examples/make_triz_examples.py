"""The generator of state/examples/{valid/triz-*,invalid/TRZ*}.json and the five-round golden document.

Each invalid example yields exactly the code in its file name (plus INHERENT codes that cannot be
separated from it); the valid ones have no finding.

Usage: python checker/tools/examples/make_triz_examples.py   (from the repository root, with argcheck importable)
"""

from __future__ import annotations

import sys
from pathlib import Path

from runkit import make_env, reseal
from triz_kit import (
    Session, add, antithesis, assumptions, claims_review, contradictions, cross_domain, decision, decompose_moves,
    decompose_review, dialectic, document, explore_review, falsification, fundamentals, morphological_box,
    novelty, reframings, score, search, state_of_art, synthesis, thesis, validation, verdicts,
)

from argcheck.files import statefile

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = "tests/unit/triz_five_rounds.golden.md"
INHERENT: dict[str, set] = {}
NO_ISOLATED_EXAMPLE: dict[str, str] = {
    "TRZ112": "a state of the art's sources must come from a recorded search (TRZ134), and decompose is the first "
              "phase, so without a search in this phase TRZ134 is always found too (tested in "
              "test_triz_fidelity.py)",
    "TRZ143": "needs a signed witness log beside the file: tested in tests/harness/test_witnessed_runs.py",
}


def session(**options) -> Session:
    return Session(ticking=True, state_id="20261124-7a7a01", **options)


def judged(*pairs) -> Session:
    run = session().to("validate", claims=len(pairs))
    return run.ok(*[m for i in range(len(pairs)) for m in validation(i)], verdicts(*pairs))


def five_rounds() -> Session:
    """Five rounds, two claims in the first, a rejection, a merge, two deep dives (the first narrows round 3; the
    one in the fifth round has no round left to narrow), an insight, the document."""
    run = session().to("validate", claims=2)
    run.ok(*validation(0), *validation(1), verdicts(("C1", "accept"), ("C2", "reject")))
    run.ok({"type": "analyze_gaps", "gaps": ["cars parked unplugged overnight"], "convergence_locks": []})
    run.next_round("C1")  # round 2: C3 builds on C1
    run.ok(add("C3", ("C3", "C1", "extends")), decision("deep_dive", deep_dive_claim_id="C3"), decision("continue"),
           {"type": "get_negative_knowledge"}, *dialectic(0, builds_on="C3"), claims_review())  # round 3, on C3
    run.ok(*validation(0), verdicts(("C4", "qualify", {"qualification": "only for fleets with depots"})))
    run.ok(add("C4", ("C4", "C3", "depends_on")), decision("continue"), {"type": "get_negative_knowledge"},
           *dialectic(0, builds_on="C4"), *dialectic(1), claims_review())
    run.ok(*validation(0), *validation(1), verdicts(("C5", "accept"), ("C6", "merge", {"merge_with": ["C5"]})))
    run.ok(add("C5", ("C5", "C4", "extends")), add("C6", ("C6", "C5", "merged_from")),
           {"type": "submit_user_insight", "actor": "user", "insight": "Depot chargers can run the heat pump.",
            "evidence_urls": ["https://example.org/depot-chargers"],
            "edges": [{"source": "C7", "target": "C6", "edge_type": "supports"}]})
    run.ok(decision("continue"), {"type": "get_negative_knowledge"}, *dialectic(0, builds_on="C6"), claims_review())
    run.ok(*validation(0), verdicts(("C8", "accept")), add("C8", ("C8", "C6", "extends")))
    run.ok({"type": "analyze_gaps", "gaps": ["heat pumps below -25 C"], "convergence_locks": []})
    run.ok(decision("deep_dive", deep_dive_claim_id="C8"),
           {"type": "report_token_usage", "tokens_used": 182000, "tokens_limit": 1000000})
    run.ok(decision("resolve"), document(
        core="Range in the cold is recovered by heating the pack on a schedule [C1], extended to depots [C6].",
        guide="Ship a departure timer [C1]; let depot chargers run the heat pump [C7] [C8].",
        frontiers="Unplugged cars remain open; the rejected idea [C2] may return with better cells."))
    return run


def valid_examples() -> dict[str, dict]:
    explore = session().to("explore").ok(morphological_box())
    cancelled = session().ok(fundamentals(), {"type": "cancel", "actor": "user", "reason": "the problem changed"})
    return {"triz-five-rounds-crystallized.json": five_rounds().doc, "triz-exploring.json": explore.doc,
            "triz-cancelled.json": cancelled.doc}


def _header_edit() -> dict:
    doc = session().ok(fundamentals()).doc
    doc["header"]["problem"] += " (edited)"
    return reseal(doc)


def _synthesize() -> Session:
    return session().to("synthesize")


def _round_two() -> Session:
    return session().to("build").ok(add("C1"), decision("continue"))


def _fifth_round() -> Session:
    run = session().to("build")
    for first in (1, 2, 3, 4):
        run.next_round(f"C{first}")
    return run


def invalid_examples() -> dict[str, dict]:
    two_judged = judged(("C1", "accept"), ("C2", "accept"))
    return {
        "TRZ101-two-assumptions.json": session().ok(fundamentals(), search("state_of_art", "soa"), state_of_art(),
                                                    assumptions(2), reframings()).force(decompose_review()).doc,
        "TRZ102-one-cross-domain-search.json": session().to("explore").ok(
            morphological_box(), search("cross_domain", "p", domain="arctic animals"),
            cross_domain("arctic animals", "p"), contradictions()).force(explore_review()).doc,
        "TRZ103-synthesis-without-antithesis.json": _synthesize().ok(search("general", "t"), thesis("t", "t"))
        .force(synthesis(0, None, "t")).doc,
        "TRZ104-claims-review-without-antithesis.json": _synthesize().ok(search("general", "t"), thesis("t", "t"))
        .force(claims_review()).doc,
        "TRZ105-score-without-falsification.json": session().to("validate").ok(novelty(0)).force(score(0)).doc,
        "TRZ106-score-without-novelty-check.json": session().to("validate").ok(
            search("falsification", index=0), falsification(0)).force(score(0)).doc,
        "TRZ107-synthesis-without-evidence.json": _synthesize().ok(
            search("general", "t"), thesis("grounded thesis", "t"), search("antithesis", "u", index=0),
            antithesis(0, "u")).force(synthesis(0)).doc,
        "TRZ108-fourth-thesis.json": _synthesize().ok(search("general", "t"), thesis("a", "t"), thesis("b", "t"),
                                                      thesis("c", "t")).force(thesis("d", "t")).doc,
        "TRZ109-round-two-not-cumulative.json": _round_two().ok({"type": "get_negative_knowledge"}, *dialectic(0))
        .force(claims_review()).doc,
        "TRZ110-round-two-without-negative-knowledge.json": _round_two().ok(search("general", "x"))
        .force(thesis("again", "x")).doc,
        "TRZ111-sixth-round.json": _fifth_round().force(decision("continue")).doc,
        "TRZ113-analogy-without-domain-search.json": session().to("explore").force(cross_domain("ant colonies")).doc,
        "TRZ114-antithesis-without-search.json": _synthesize().ok(search("general", "t"), thesis("t", "t"))
        .force(antithesis(0)).doc,
        "TRZ115-falsification-without-search.json": session().to("validate").force(falsification(0)).doc,
        "TRZ120-thesis-in-decompose.json": session().force(thesis()).doc,
        "TRZ142-deep-dive-off-target.json": session().to("build").ok(
            add("C1"), decision("deep_dive", deep_dive_claim_id="C1"), decision("continue"),
            {"type": "get_negative_knowledge"}, search("general", "t"), thesis("t", "t"),
            search("antithesis", "u", index=0), antithesis(0, "u")).force(synthesis(0, None, "t")).doc,
        "TRZ121-antithesis-for-unopened-slot.json": _synthesize().ok(search("general", "t"), thesis("t", "t"))
        .force(antithesis(2)).doc,
        "TRZ122-verdict-for-unknown-claim.json": session().to("validate", claims=2).ok(*validation(0), *validation(1))
        .force(verdicts(("C1", "accept"), ("C2", "accept"), ("C9", "accept"))).doc,
        "TRZ123-slot-synthesized-twice.json": _synthesize().ok(*dialectic(0)).force(synthesis(0, None, "r0")).doc,
        "TRZ124-verdict-missing.json": session().to("validate", claims=2).ok(*validation(0), *validation(1))
        .force(verdicts(("C1", "accept"))).doc,
        "TRZ125-merge-naming-no-claims.json": session().to("validate", claims=2).ok(*validation(0), *validation(1))
        .force(verdicts(("C1", "accept"), ("C2", "merge"))).doc,
        "TRZ126-rejected-claim-into-graph.json": judged(("C1", "reject")).force(add("C1")).doc,
        "TRZ127-claim-added-twice.json": judged(("C1", "accept")).ok(add("C1")).force(add("C1")).doc,
        "TRZ128-edge-to-claim-outside-graph.json": two_judged.ok(add("C1")).force(add("C2", ("C2", "C3", "extends")))
        .doc,
        "TRZ129-cycle.json": judged(("C1", "accept"), ("C2", "accept")).ok(add("C1"))
        .force(add("C2", ("C2", "C1", "extends"), ("C1", "C2", "supports"))).doc,
        "TRZ130-merge-not-traced.json": judged(("C1", "accept"), ("C2", "merge", {"merge_with": ["C1"]}))
        .ok(add("C1")).force(add("C2")).doc,
        "TRZ131-unknown-reframing-selected.json": session().ok(*decompose_moves())
        .force(decompose_review(selected=(7,))).doc,
        "TRZ132-verdicts-before-scores.json": session().to("validate").force(verdicts(("C1", "accept"))).doc,
        "TRZ133-rejection-without-reason.json": session().to("validate").ok(*validation(0))
        .force(_unexplained_rejection()).doc,
        "TRZ134-evidence-not-researched.json": _synthesize().force(thesis("t", "never-searched")).doc,
        "TRZ135-uncited-insight.json": judged(("C1", "accept")).ok(add("C1"), decision("resolve"))
        .force(document(core="Precondition on a schedule.")).doc,
        "TRZ136-cites-unknown-claim.json": judged(("C1", "accept")).ok(add("C1"), decision("resolve"))
        .force(document(guide="Build it [C9].")).doc,
        "TRZ137-problem-edited.json": _header_edit(),
        "TRZ138-two-verdicts-for-one-claim.json": session().to("validate", claims=2).ok(*validation(0),
                                                                                          *validation(1))
        .force(verdicts(("C1", "accept"), ("C1", "accept"), ("C2", "accept"))).doc,
        "TRZ139-deep-dive-without-claim.json": judged(("C1", "accept")).force(decision("deep_dive")).doc,
        "TRZ141-merge-with-rejected-claim.json": session().to("validate", claims=2).ok(*validation(0),
                                                                                       *validation(1))
        .force(verdicts(("C1", "reject"), ("C2", "merge", {"merge_with": ["C1"]}))).doc,
        "TRZ140-resolve-with-an-empty-graph.json": judged(("C1", "reject")).force(decision("resolve")).doc,
    }


def _unexplained_rejection() -> dict:
    move = verdicts(("C1", "reject"))
    move["verdicts"][0].pop("rejection_reason")
    return move


def golden_document() -> str:
    from argcheck.files import operations
    from argcheck.protocols.triz.render import render

    outcome = operations.replay_doc(five_rounds().doc, make_env())
    return render(outcome.replay.engine.state, "md", outcome.findings)


def generated_files() -> dict[str, bytes]:
    files = {f"state/examples/valid/{name}": statefile.serialize(doc) for name, doc in valid_examples().items()}
    for name, doc in invalid_examples().items():
        files[f"state/examples/invalid/{name}"] = statefile.serialize(doc)
    files[GOLDEN] = golden_document().encode("utf-8")
    return files


def main(root: Path | None = None) -> int:
    root = root or ROOT
    for relative, data in generated_files().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {relative}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
