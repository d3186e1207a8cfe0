"""The synthesis is computed: adjusted confidences, points, severity counts, agreement, conflicts, no_findings,
and the partial council."""

from __future__ import annotations

import council_kit as ck
from council_kit import adjustment, critique, failure, node, self_critique

from argcheck.protocols.council import synthesis


def _run():
    trees = {
        "Aristotle": node("ARI-1", ck.EVIDENCE[0], 0.8, "High", [node("ARI-1.1", ck.EVIDENCE[1], 0.5, "Low")]),
        "Descartes": node("DES-1", "no event is ever lost", 0.6, "Critical"),
        "Kant": node("KAN-1", ck.EVIDENCE[2], 0.35, "Medium"),
        "Leibniz": node("LEI-1", ck.EVIDENCE[3], 0.7, None),
        "Popper": node("POP-1", ck.EVIDENCE[2], 0.5, "Medium"),
        "Russell": node("RUS-1", ck.EVIDENCE[4], 0.2, "Low"),
    }
    run = ck.council().ok(*[critique(name, tree) for name, tree in trees.items()])
    return run.ok(self_critique("Aristotle", adjustment("ARI-1.1", -0.2)),
                  self_critique("Kant", adjustment("KAN-1", 0.1)),
                  self_critique("Popper", adjustment("POP-1", -0.05)),
                  *ck.all_self_critiques(skip=("Aristotle", "Kant", "Popper")))


def test_points_are_the_claims_at_or_above_the_inclusion_threshold_after_adjustment():
    data = synthesis.synthesize(_run().state)
    assert [p["id"] for p in data["points"]] == ["DES-1", "ARI-1", "KAN-1", "POP-1", "LEI-1"]
    kant = next(p for p in data["points"] if p["id"] == "KAN-1")
    assert kant["confidence"] == 0.45 and kant["initial_confidence"] == 0.35
    assert set(kant) >= {"area", "critique", "severity", "confidence"} and kant["area"] == "Kant"


def test_severity_counts_and_unrated_points():
    data = synthesis.synthesize(_run().state)
    assert data["severity_counts"] == {"Critical": 1, "High": 1, "Medium": 2, "Low": 0, "Unrated": 1}
    assert data["no_findings"] is False


def test_agreement_is_several_personas_on_one_passage():
    data = synthesis.synthesize(_run().state)
    assert {tuple(a["personas"]) for a in data["agreement"]} == {("Aristotle", "Descartes"), ("Kant", "Popper")}


def test_conflicts_are_opposite_adjustments_on_one_passage():
    data = synthesis.synthesize(_run().state)
    assert data["conflicts"] == [{"id": "conflict-1", "passage": "Performance will be adequate", "raised": ["Kant"],
                                  "lowered": ["Popper"], "ids": ["KAN-1", "POP-1"], "outcome": "pending",
                                  "reason": None}]


def test_required_ids_are_the_high_and_critical_points():
    assert synthesis.required_ids(_run().state) == ["DES-1", "ARI-1"]


def test_no_findings_when_every_claim_is_below_the_threshold():
    low = [critique(p, node(f"{ck.PREFIX[p]}-1", confidence=0.39)) for p in ck.PHILOSOPHERS]
    data = synthesis.synthesize(ck.council().ok(*low).ok(*ck.all_self_critiques()).state)
    assert data["no_findings"] is True and data["points"] == []


def test_inclusion_threshold_is_the_runs_option():
    run = ck.council(inclusion_threshold=0.9).ok(*ck.all_critiques()).ok(*ck.all_self_critiques())
    assert synthesis.synthesize(run.state)["no_findings"] is True


def test_partial_council_is_counted_everywhere():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    run.ok(*ck.all_self_critiques(skip=("Kant", "Russell")), failure("Russell", "self_critique", "format"))
    council = synthesis.synthesize(run.state)["council"]
    assert council["responded"] == 5 and council["complete"] == 4 and council["personas"] == 6
    assert council["partial"] is True
    assert council["line"] == ("4 of 6 personas (partial council: Kant failed initial critique: timeout; "
                               "Russell failed self-critique: format; its initial critique stands unadjusted)")
    assert run.status == "synthesized"
