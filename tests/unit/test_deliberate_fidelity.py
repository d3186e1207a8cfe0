"""Seed fidelity, round two (issue 21, deliberate): the framing reaches the consultee, a clarified point is
classified again (and `next` says so), no "high" confidence with nothing agreed, a fresh arbiter session."""

from __future__ import annotations

import pytest
from dlb import Run, arbitrate, clarify, classify, point, reply, settle, stress, synthesize

from argcheck.protocols.deliberate import nextstep, prompting, queries, render
from argcheck.protocols.deliberate.framing import FRAMINGS
from argcheck.protocols.deliberate.header import FLOWS

# -- the framing reaches the consultee -------------------------------------------------------------------


def test_every_flow_has_a_framing_of_its_own():
    assert set(FRAMINGS) == set(FLOWS)
    assert len({task for _seed, _first, task in FRAMINGS.values()}) == len(FLOWS)


@pytest.mark.parametrize("flow", FLOWS)
def test_the_first_prompt_carries_the_flows_task(flow):
    prompt = prompting.render_prompt(Run(flow=flow).state)
    seed_text, _first, task = FRAMINGS[flow]
    assert f"framing: {flow.replace('_', ' ')}" in prompt and seed_text in prompt and task in prompt
    others = [FRAMINGS[f][2] for f in FLOWS if f != flow]
    assert not any(other in prompt for other in others)


def test_red_team_and_devils_advocate_prompts_differ_in_stance():
    red = prompting.render_prompt(Run(flow="red_team").state)
    devil = prompting.render_prompt(Run(flow="devils_advocate").state)
    assert "You are the red team" in red and "Do not propose a design of your own" in red
    assert "You are the devil's advocate" in devil and "Argue for the opposite position" in devil
    assert red != devil


def test_a_resumed_prompt_repeats_the_task():
    run = Run(flow="red_team").ok(reply(), point("P1", actor="orchestrator"))
    resumed = prompting.render_prompt(run.state, seen=Run(flow="red_team").state)
    assert "## Your task (unchanged)" in resumed and "You are the red team" in resumed


# -- a clarified point is classified again, and `next` says so ----------------------------------------

def _clarified() -> Run:
    run = Run()
    return run.ok(reply(), point("P1"), classify("P1", "ILL_FORMED"), clarify("P1", text="Use Redis for pages"))


def test_next_asks_the_orchestrator_to_classify_a_clarified_point_again():
    run = _clarified()
    report = nextstep.report(run.state, "s.json")
    assert "P1: clarified: the orchestrator must classify it again" in report["due"]
    step = report["next"]
    assert step["actor"] == "orchestrator" and "classify P1 (again: clarified after ILL_FORMED)" in step["text"]
    assert '"type": "classify"' in step["commands"][0] and '"point": "P1"' in step["commands"][0]
    text = nextstep.format_text(report)
    assert "Due: P1: clarified" in text and "Next (orchestrator)" in text


def test_the_reclassification_clears_the_duty():
    run = _clarified().ok(classify("P1", "AGREE"))
    assert not any("clarified" in item for item in queries.due_items(run.state))
    assert run.state.points["P1"].bucket == "agreed"


def test_the_consultee_is_asked_to_classify_a_point_it_found_ill_formed_once_clarified():
    run = Run(flow="orchestrator_proposes").ok(point("P1", actor="orchestrator"), reply(),
                                                classify("P1", "ILL_FORMED", actor="consultee"))
    assert "## The orchestrator's points for you to classify" not in prompting.render_prompt(run.state)
    run.ok(clarify("P1", actor="orchestrator", text="Cache the catalog in Redis for five minutes"))
    assert "P1: clarified: the consultee must classify it again" in queries.due_items(run.state)
    assert "## The orchestrator's points for you to classify\n\nP1" in prompting.render_prompt(run.state)


# -- confidence is never "high" with nothing agreed ---------------------------------------------------

def test_confidence_is_not_high_when_nothing_was_agreed():
    run = Run(mode="minimal").ok(reply(), point("P1"), point("P2"), classify("P1", "OUT_OF_SCOPE"),
                                 classify("P2", "SKEPTICAL", challenge="C1", objection="no data"),
                                 settle("P2"))
    run.ok(reply(), synthesize("convergence"))
    assert queries.confidence(run.state) == "n/a"
    text = render.render(run.state, "md", [])
    assert "| Confidence | n/a (nothing was agreed) |" in text and "high" not in text.split("## ")[1]


def test_confidence_is_high_with_an_agreed_point_and_no_flags():
    run = Run(mode="minimal").ok(reply(), point("P1"), classify("P1", "AGREE"), reply(), synthesize("convergence"))
    assert queries.confidence(run.state) == "high"


# -- arbitration comes from a fresh session --------------------------------------------------------------

def _synthesized() -> Run:
    run = Run(stakes="high").ok(reply("s-1"), point("P1"), classify("P1", "AGREE"), stress("P1"), reply("s-1"))
    return run.ok(synthesize("convergence"))


def test_an_arbitration_from_the_consultees_session_is_refused():
    run = _synthesized()
    assert run.codes(arbitrate(session_id="s-1")) == {"DLB193"}
    assert run.state.arbitration is None


def test_an_arbitration_from_a_new_session_is_accepted():
    run = _synthesized()
    assert run.codes(arbitrate(session_id="arbiter-9")) == set()
    assert run.state.arbitration["session_id"] == "arbiter-9"


def test_an_arbitration_without_a_session_is_accepted_with_a_warning():
    run = _synthesized()
    assert run.codes(arbitrate(session_id=None)) == {"DLB194"}
    assert run.state.arbitration is not None
