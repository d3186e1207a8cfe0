"""Seed fidelity, round three (issue 30, council): critique_council's overall score out of 100, per point a
recommendation and a concession, and the Expert Arbiter pass, as moves with rules (bounded, justified
adjustments; a score derived from the recorded points), in the report, the JSON and the view."""

from __future__ import annotations

import json

import council_kit as ck
import pytest
from council_kit import (
    arbiter_adjustment, arbiter_score, arbitration, assessment, critique, node,
)
from make_council_examples import ANSWERS, _assessed_run

from argcheck.protocols.council import render, view
from argcheck.protocols.council.scoring import SCORE_TOLERANCE, derived_score


def _advised_node(node_id: str, **fields) -> dict:
    return {**node(node_id, ck.EVIDENCE[0], 0.8, "High"), **fields}


def test_the_score_is_derived_from_the_kept_points_most_severe_first():
    points = [{"id": "A", "severity": "Critical", "confidence": 0.8},
              {"id": "B", "severity": "Medium", "confidence": 0.5}]
    result = derived_score(points)
    assert result["deductions"][0]["deduction"] == 20.0 and result["deductions"][1]["deduction"] == 2.0
    assert result["score"] == 78 and derived_score([])["score"] == 100


def test_more_points_never_take_the_score_below_zero():
    many = [{"id": f"P{n}", "severity": "Critical", "confidence": 1.0} for n in range(40)]
    assert derived_score(many)["score"] == 0 and all(d["deduction"] >= 0 for d in derived_score(many)["deductions"])


def test_recommendation_and_concession_are_recorded_per_point_and_reported():
    tree = _advised_node("ARI-1", recommendation="State the fsync policy and test it under power loss.",
                         concession="None")
    run = ck.council().ok(critique("Aristotle", tree), *ck.all_critiques(skip=("Aristotle",)))
    claim = run.state.claims["ARI-1"]
    assert claim.recommendation.startswith("State the fsync") and claim.concession == "None"
    data = json.loads(render.render(run.state, "json"))
    point = next(p for p in data["points"] if p["id"] == "ARI-1")
    assert point["recommendation"].startswith("State the fsync") and point["concession"] == "None"
    md = render.render(run.state, "md")
    assert "Recommendation: State the fsync policy" in md and "Concession: None" in md


def _arbitrated():
    run = _assessed_run()
    lowered = arbiter_adjustment("DES-1", -0.2)
    return run.ok(arbitration(arbiter_score(run, lowered), lowered))


def test_the_arbiter_adjusts_the_confidence_and_the_score_follows():
    run = _assessed_run()
    before = json.loads(render.render(run.state, "json"))["score"]["score"]
    run = _arbitrated()
    assert run.state.claims["DES-1"].adjusted == pytest.approx(0.5)
    data = json.loads(render.render(run.state, "json"))
    assert data["score"]["score"] > before and data["arbiter"]["overall_score"] == data["score"]["score"]
    assert data["arbiter"]["adjustments"][0]["target_claim_id"] == "DES-1"


def test_the_arbiter_comes_after_self_critique_and_only_once():
    early = ck.council().ok(*ck.all_critiques())
    assert early.codes(arbitration(80)) == {"CNL134"}
    run = _arbitrated()
    assert run.codes(arbitration(arbiter_score(run))) == {"CNL135"}


def test_arbiter_adjustments_are_bounded_justified_and_name_a_claim_once():
    run = _assessed_run()
    big = arbiter_adjustment("DES-1", -0.5)
    assert run.codes(arbitration(arbiter_score(run, big), big)) == {"CNL136"}
    thin = arbiter_adjustment("DES-1", -0.1, "Agreed.")
    assert run.codes(arbitration(arbiter_score(run, thin), thin)) == {"CNL137"}
    assert run.codes(arbitration(arbiter_score(run), arbiter_adjustment("NOPE-1", 0.0))) == {"CNL138"}
    twice = [arbiter_adjustment("DES-1", -0.1), arbiter_adjustment("DES-1", -0.1)]
    assert run.codes(arbitration(arbiter_score(run, twice[0]), *twice)) == {"CNL138"}


def test_the_arbiters_score_must_agree_with_the_points():
    run = _assessed_run()
    derived = arbiter_score(run)
    assert run.codes(arbitration(min(100, derived + SCORE_TOLERANCE + 1))) == {"CNL139"}
    assert run.codes(arbitration(derived + SCORE_TOLERANCE)) == set()


def test_the_final_assessment_follows_the_arbitration_and_the_report_and_view_show_it():
    run = _arbitrated().ok(assessment("The durability guarantee (DES-1, ARI-1) has no stated test; the performance "
                                      "claim (POP-1) is unfalsifiable.", ["DES-1", "ARI-1", "POP-1"], ANSWERS))
    md = render.render(run.state, "md")
    score = json.loads(render.render(run.state, "json"))["score"]["score"]
    assert f"| Score | {score}/100, derived from the kept points; the Expert Arbiter gave {score} |" in md
    assert "## Expert Arbiter" in md and "| DES-1 | -0.20 |" in md
    page = view.view(run.state, [])
    assert ("Score", f"{score}/100 (derived from the kept points)") in page["summary"]
    arbiter = next(s for s in page["sections"] if s["title"].startswith("Expert Arbiter"))
    assert arbiter["rows"][0][1] == "-0.20" and f"overall score {score}/100" in arbiter["title"]


def test_a_council_without_arbiter_still_has_its_derived_score():
    run = _assessed_run().ok(assessment("The durability guarantee (DES-1, ARI-1) is untested; the performance "
                                        "claim (POP-1) is unfalsifiable.", ["DES-1", "ARI-1", "POP-1"], ANSWERS))
    data = json.loads(render.render(run.state, "json"))
    assert data["arbiter"] is None and 0 <= data["score"]["score"] <= 100
    assert "## Expert Arbiter" not in render.render(run.state, "md")




# -- the subagent route (prompt --persona arbiter, ingest) and the headless driver -------------------------

def _synthesized(**options):
    run = ck.council(**options).ok(*ck.all_critiques())
    return run.ok(*ck.all_self_critiques())


def test_the_arbiters_prompt_is_given_to_a_subagent_after_self_critique_only():
    from argcheck.protocols.council import prompting

    with pytest.raises(LookupError):
        prompting.persona_prompt(ck.council().ok(*ck.all_critiques()).state, "arbiter")
    run = _synthesized()
    prompt = prompting.persona_prompt(run.state, "arbiter")
    assert "Expert Arbiter" in prompt and "at most 0.3 either way" in prompt and '"arbiter_overall_score"' in prompt
    assert "KAN-1" in prompt and "within 15" in prompt


def test_the_arbiters_reply_is_ingested_as_an_arbitration():
    from argcheck.protocols.council import ingest

    run = _synthesized()
    reply = {"adjustments": [arbiter_adjustment("KAN-1", -0.1)], "arbiter_overall_score": 90,
             "arbiter_score_justification": "Minor points only."}
    envelope = {"envelope": 1, "consultee": "codex", "response": json.dumps(reply)}
    moves = ingest.moves_from_envelope(run.state, envelope)
    assert [m["type"] for m in moves] == ["arbitration"] and moves[0]["provenance"]["consultee"] == "codex"
    adjustment = moves[0]["adjustments"][0]
    moves[0]["arbiter_overall_score"] = arbiter_score(run, adjustment)
    run.ok(*moves)
    assert run.state.arbitration["score"] == arbiter_score(run)


def test_a_council_that_asks_for_the_arbiter_gets_it_from_next_before_the_assessment():
    from argcheck.protocols.council import nextstep, prompting

    run = _synthesized(arbiter=True)
    action = nextstep.report(run.state, "s.json")["next"]
    assert "Expert Arbiter pass" in action["text"]
    assert action["commands"][0] == "argcheck prompt s.json --persona arbiter"
    assert "Expert Arbiter" in prompting.render_prompt(run.state)  # what `consult` sends
    run.ok(arbitration(arbiter_score(run)))
    assert "final assessment" in nextstep.report(run.state, "s.json")["next"]["text"]
    assert "Expert Arbiter" not in prompting.render_prompt(run.state)


def test_without_the_option_the_arbiter_is_offered_not_required():
    from argcheck.protocols.council import nextstep

    action = nextstep.report(_synthesized().state, "s.json")["next"]
    assert "optional first: the Expert Arbiter pass" in action["text"]
