"""Seed fidelity, round two (issue 21, triz): claims_remaining, the deep dive (since issue 30: in BUILD,
narrowing the next round), the gaps across the reset, merged and superseded statuses, cross-cutting insights,
status as a read, reported token usage, the relaxed or justified strictness, and what `next` and `apply` print."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from triz_kit import (
    Session, add, analyze_gaps_move, antithesis, claims_review, decision, decompose_moves, dialectic,
    explore_moves, search, state_of_art, synthesis, thesis, validation, verdicts,
)

from argcheck.protocols.triz import nextstep
from argcheck.protocols.triz.render import render
from argcheck.protocols.triz.forge_state import ForgeState, Phase
from argcheck.protocols.triz.status import session_status

ARGCHECK = [sys.executable, "-m", "argcheck"]


def run(*args, stdin=None):
    result = subprocess.run([*ARGCHECK, *args], input=stdin, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in result.stderr, result.stderr
    return result


# -- claims_remaining counts claims (syntheses), as the seed's ForgeState does -----------------------------

def test_claims_remaining_counts_claims_not_stated_theses():
    run_ = Session().to("synthesize").ok(search("general", "a"), thesis("a", "a"), thesis("b", "a"))
    assert run_.state.theses_stated == 2
    assert run_.state.claims_remaining == 3 and run_.state.slots_remaining == 1
    run_.ok(search("antithesis", "x", index=0), antithesis(0, "x"), synthesis(0, None, "a"))
    assert run_.state.claims_remaining == 2
    assert session_status(run_.state)["claims_remaining"] == 2


def test_claims_remaining_zero_when_three_claims_are_made():
    state = ForgeState(current_round_claims={0: "C1", 1: "C2", 2: "C3"}, theses_stated=3)
    assert state.claims_remaining == 0


# -- deep_dive stays in BUILD and narrows the round the next continue opens (issue 30) ---------------------

def _deep_dive(run_: Session, target: str = "C1") -> Session:
    return run_.ok(add(target), decision("deep_dive", deep_dive_claim_id=target))


def test_deep_dive_keeps_the_session_in_build_and_the_round():
    run_ = _deep_dive(Session().to("build"))
    state = run_.state
    assert state.current_round == 0 and session_status(state)["round"] == 1
    assert state.current_phase == Phase.BUILD and state.deep_dive_active
    assert session_status(state)["deep_dive"] == "C1" and session_status(state)["awaiting"]["actor"] == "user"


def test_a_continue_right_after_a_deep_dive_opens_the_narrowed_round():
    run_ = _deep_dive(Session().to("build"))
    assert run_.codes(decision("continue")) == set()  # not refused as wrong-phase (TRZ120)
    assert run_.state.current_phase == Phase.SYNTHESIZE and session_status(run_.state)["round"] == 2
    assert run_.state.deep_dive_active and run_.state.deep_dive_round == 2


def test_a_deep_dive_synthesis_must_build_on_the_chosen_claim():
    run_ = _deep_dive(Session().to("build")).ok(decision("continue"), {"type": "get_negative_knowledge"},
                                                search("general", "t"), thesis("t", "t"),
                                                search("antithesis", "u", index=0), antithesis(0, "u"))
    assert run_.codes(synthesis(0, None, "t")) == {"TRZ142"}
    assert run_.codes(synthesis(0, "C1", "t")) == set()


def test_the_deep_dive_ends_when_its_round_reaches_build():
    run_ = _deep_dive(Session().to("build")).ok(decision("continue"), {"type": "get_negative_knowledge"},
                                                *dialectic(0, builds_on="C1"), claims_review(), *validation(0))
    assert run_.state.deep_dive_active
    run_.ok(verdicts(("C2", "accept")))
    assert run_.state.current_phase == Phase.BUILD and not run_.state.deep_dive_active
    run_.ok(add("C2"), decision("continue"), {"type": "get_negative_knowledge"}, *dialectic(0)[:-1])
    assert run_.codes(synthesis(0, "C2", "r0")) == set()  # no longer narrowed to C1


def test_deep_dive_is_allowed_in_the_fifth_round_and_the_continue_after_it_is_refused():
    run_ = Session().to("build")
    for first in (1, 2, 3, 4):
        run_.next_round(f"C{first}")
    assert session_status(run_.state)["round"] == 5
    _deep_dive(run_, "C5")
    assert session_status(run_.state)["round"] == 5 and run_.state.deep_dive_active
    assert run_.codes(decision("continue")) == {"TRZ111"}
    assert run_.codes(decision("resolve")) == set()


def test_continue_is_allowed_after_a_deep_dive_in_the_fourth_round():
    run_ = Session().to("build")
    for first in (1, 2, 3):
        run_.next_round(f"C{first}")
    _deep_dive(run_, "C4").ok(decision("continue"))
    assert session_status(run_.state)["round"] == 5


def test_next_after_a_deep_dive_asks_the_user_to_start_the_narrowed_round():
    step = nextstep.report(_deep_dive(Session().to("build")).state)["next"]
    assert step["actor"] == "user" and "deep dive on C1" in step["text"]
    assert '"decision":"continue"' in step["commands"][0].replace(" ", "")


def test_resolve_ends_a_chosen_deep_dive():
    run_ = _deep_dive(Session().to("build")).ok(decision("resolve"))
    assert not run_.state.deep_dive_active and run_.state.current_phase == Phase.CRYSTALLIZE


# -- the round reset and the gaps ----------------------------------------------------------------------

def test_gaps_are_kept_by_the_reset_and_replaced_by_the_next_rounds_analysis():
    run_ = Session().to("build").ok(add("C1"), analyze_gaps_move())
    run_.ok({"type": "analyze_gaps", "gaps": ["heat pumps below -25 C"], "convergence_locks": []})
    assert run_.state.gaps == ["charging at -20 C", "heat pumps below -25 C"]  # one build phase: they add up
    run_.ok(decision("continue"))
    assert run_.state.gaps == ["charging at -20 C", "heat pumps below -25 C"]  # preserved across the reset
    run_.ok({"type": "get_negative_knowledge"}, *dialectic(0, builds_on="C1"), claims_review(), *validation(0),
            verdicts(("C2", "accept")))
    run_.ok({"type": "analyze_gaps", "gaps": ["cabins of buses"], "convergence_locks": []})
    assert run_.state.gaps == ["cabins of buses"] and run_.state.convergence_locks == []


def test_the_reset_list_is_the_seeds_and_keeps_graph_negative_knowledge_and_gaps():
    state = ForgeState(current_phase=Phase.BUILD, theses_stated=2, current_round_claims={0: "C1"},
                       antitheses_searched={0}, falsification_attempted={0}, novelty_checked={0},
                       negative_knowledge_consulted=True, previous_claims_referenced=True,
                       web_searches_this_phase=[{}], negative_knowledge=["C2"], gaps=["g"])
    state.graph.add_node("C1")
    state.reset_for_new_round()
    assert (state.current_round_claims, state.theses_stated, state.antitheses_searched,
            state.falsification_attempted, state.novelty_checked, state.negative_knowledge_consulted,
            state.previous_claims_referenced, state.web_searches_this_phase, state.current_round) == (
        {}, 0, set(), set(), set(), False, False, [], 1)
    assert state.graph.nodes == ["C1"] and state.negative_knowledge == ["C2"] and state.gaps == ["g"]


# -- statuses: merged and superseded -----------------------------------------------------------------

def _merged_session() -> Session:
    run_ = Session().to("validate", claims=2)
    return run_.ok(*validation(0), *validation(1), verdicts(("C1", "accept"), ("C2", "merge", {"merge_with": ["C1"]})))


def test_a_merge_verdict_makes_a_merged_claim_and_its_trace_supersedes_the_merged_one():
    run_ = _merged_session()
    merged = run_.state.claims["C2"]
    assert merged.claim_type == "merged" and merged.status == "validated"
    run_.ok(add("C1"))
    assert run_.state.claims["C1"].status == "validated"
    run_.ok(add("C2", ("C2", "C1", "merged_from")))
    assert run_.state.claims["C1"].status == "superseded"


def test_a_supersedes_edge_supersedes_its_target():
    run_ = Session().to("validate", claims=2).ok(*validation(0), *validation(1),
                                                 verdicts(("C1", "accept"), ("C2", "accept")))
    run_.ok(add("C1"), add("C2", ("C2", "C1", "supersedes")))
    assert run_.state.claims["C1"].status == "superseded" and run_.state.claims["C2"].status == "validated"


def test_a_refused_addition_supersedes_nothing():
    run_ = _merged_session().ok(add("C1"))
    assert run_.codes(add("C2", ("C2", "C1", "merged_from"), ("C1", "C2", "extends"))) == {"TRZ129"}
    assert run_.state.claims["C1"].status == "validated"


# -- submit_user_insight is cross-cutting --------------------------------------------------------------

@pytest.mark.parametrize("phase", ["synthesize", "validate"])
def test_a_user_insight_is_accepted_outside_the_build_phase(phase):
    run_ = Session().to(phase)
    insight = {"type": "submit_user_insight", "actor": "user", "insight": "Fleet depots already preheat buses."}
    assert run_.codes(insight) == set()
    claim = run_.state.claims[run_.state.user_insights[-1]]
    assert claim.claim_type == "user_contributed" and claim.id in run_.state.graph
    assert "submit_user_insight" in nextstep.allowed_moves(run_.state)


# -- status is a read; token usage is reported ---------------------------------------------------------

def test_apply_refuses_get_session_status_and_leaves_the_log_alone():
    run_ = Session().ok(*decompose_moves())
    before = run_.doc
    assert run_.codes({"type": "get_session_status"}) == {"ARG029"}
    assert run_.doc == before
    assert "get_session_status" not in nextstep.allowed_moves(run_.state)


def test_an_old_state_file_with_get_session_status_stays_valid():
    run_ = Session().ok(*decompose_moves())
    run_.force({"type": "get_session_status"})
    assert run_.replay_codes() == set()


def test_token_usage_is_recorded_as_reported_by_the_agent():
    run_ = Session().ok({"type": "report_token_usage", "tokens_used": 120000, "tokens_limit": 1000000})
    usage = session_status(run_.state)["token_usage"]
    assert usage["source"] == "reported by the agent" and usage["tokens_remaining"] == 880000
    text = nextstep.format_text(nextstep.report(run_.state)) + render(run_.state, "status")
    assert "reported by the agent" in text and "not measured" in text


# -- stricter than the seed: relaxed to it, or justified -----------------------------------------------

def test_rule_12_accepts_any_web_search_of_the_phase():
    run_ = Session().ok(search("general", "soa"))
    assert run_.codes(state_of_art()) == set()


def test_rule_12_without_any_search_is_refused():
    run_ = Session()
    assert "TRZ112" in run_.codes(state_of_art())


def test_rules_14_and_15_accept_a_search_that_names_no_slot_but_not_one_for_another_slot():
    run_ = Session().to("synthesize").ok(search("general", "a"), thesis("a", "a"), thesis("b", "a"))
    run_.ok(search("antithesis", "x"))
    assert run_.codes(antithesis(1, "x")) == set()
    run_.ok(search("antithesis", "y", index=0))
    assert run_.codes(antithesis(0, "y")) == set()
    other = Session().to("synthesize").ok(search("general", "a"), thesis("a", "a"), thesis("b", "a"),
                                          search("antithesis", "x", index=0))
    assert other.codes(antithesis(1, "x")) == {"TRZ114"}
    validate = Session().to("validate").ok(search("falsification", "f"))
    assert validate.codes({"type": "attempt_falsification", "claim_index": 0, "approach": "fleet data",
                           "outcome": "survived"}) == set()


def test_a_thesis_may_be_left_unsynthesized_after_its_antithesis_but_not_before():
    run_ = Session().to("synthesize").ok(*dialectic(0), search("general", "b"), thesis("b", "b"))
    assert run_.codes(claims_review()) == {"TRZ104"}
    run_.ok(search("antithesis", "bx", index=1), antithesis(1, "bx"))
    assert run_.codes(claims_review()) == set()
    assert [claim.id for claim in run_.state.round_claims] == ["C1"]
    assert "- thesis left without a synthesis: b\n  - antithesis: Most cars park unplugged." in render(
        run_.state, "md")


def test_resolve_on_an_empty_graph_stays_refused():
    run_ = Session().to("validate").ok(*validation(0), verdicts(("C1", "reject")))
    assert run_.codes(decision("resolve")) == {"TRZ140"}


# -- interface: move reference, issued ids, item numbers, 1-based rounds -------------------------------

def test_moves_triz_prints_a_reference_with_an_example_for_every_move_but_the_legacy_read():
    result = run("moves", "triz")
    assert result.returncode == 0 and "ships no move reference" not in result.stdout
    from argcheck.core import discovery
    for kind in discovery.spec("triz").move_types:
        if kind != "get_session_status":
            assert f'"type": "{kind}"' in result.stdout, kind


def test_apply_prints_the_claim_id_it_issued(tmp_path):
    run_ = Session().to("synthesize").ok(*dialectic(0)[:-1])
    path = tmp_path / "triz.json"
    path.write_text(json.dumps(run_.doc), encoding="utf-8")
    result = run("apply", str(path), json.dumps(synthesis(0, None, "r0")))
    assert result.returncode == 0 and "claim C1 issued (slot 0)" in result.stdout
    insight = {"type": "submit_user_insight", "actor": "user", "insight": "Preheat at the depot."}
    result = run("apply", str(path), "--format", "json", json.dumps(insight))
    assert json.loads(result.stdout)["issued"] == ["claim C2 issued (user insight)"]


def test_next_prints_the_numbers_the_decompose_and_explore_reviews_use():
    run_ = Session().ok(*decompose_moves())
    report = nextstep.report(run_.state)
    assert report["review_items"]["assumptions"][2] == {"number": 2, "text": "assumption 2"}
    text = nextstep.format_text(report)
    assert "  0. assumption 0" in text and "  2. [variable_change] reframing 2" in text
    explore = Session().to("explore").ok(*explore_moves())
    text = nextstep.format_text(nextstep.report(explore.state))
    assert "Analogies (use these numbers):" in text and "  1. ceramic kilns" in text


def test_round_numbers_are_one_based_everywhere():
    run_ = Session().to("build").next_round("C1")
    status = session_status(run_.state)
    claims = json.loads(render(run_.state, "json"))["claims"]
    assert status["round"] == 2 and claims["C1"]["round_created"] == 1 and claims["C2"]["round_created"] == 2
    assert "**Round 1**" in render(run_.state, "md") and "**Round 2**" in render(run_.state, "md")
    assert "round 2/5" in render(run_.state, "status")


def test_the_round_two_rules_name_round_two():
    run_ = Session().to("build").ok(add("C1"), decision("continue"), search("general", "x"))
    found = run_.apply(thesis("again", "x"))
    assert [f.message for f in found if f.code == "TRZ110"] == [
        "round 2: negative knowledge was not consulted before synthesis"]


def test_every_example_of_the_move_reference_has_a_valid_shape():
    import re

    from argcheck.core import discovery
    from argcheck.core.replay import check_move

    spec = discovery.spec("triz")
    text = (spec.part("catalog").__file__.rsplit("/", 1)[0]) + "/references/moves.md"
    blocks = re.findall(r"```json\n(.*?)```", open(text, encoding="utf-8").read(), re.S)
    kinds = set()
    for block in blocks:
        move = json.loads(block)
        kinds.add(move["type"])
        assert check_move(spec, move, "/moves/0") == [], block
    assert kinds == set(spec.move_types) - {"get_session_status"}


# -- the agent prompt: a good and a bad example per phase, and the communication style (issue 30) -----------

@pytest.mark.parametrize("phase", ["decompose", "explore", "synthesize", "validate", "build"])
def test_the_prompt_shows_the_phases_good_and_bad_example_and_the_style(phase):
    from argcheck.protocols.triz.guidance import EXAMPLES, STYLE
    from argcheck.protocols.triz.prompting import render_prompt

    run_ = Session() if phase == "decompose" else Session().to(phase)
    if phase == "build":
        run_.ok(add("C1"), analyze_gaps_move(), decision("add_insight", user_insight="Depots have chargers."))
    state = run_.state
    prompt = render_prompt(state)
    good, bad = EXAMPLES[state.current_phase]
    assert f"Good: {good}." in prompt and f"Bad: {bad}." in prompt and STYLE in prompt
    assert all(f"Good: {EXAMPLES[other][0]}" not in prompt for other in EXAMPLES if other != state.current_phase)


def test_next_gives_the_agent_one_line_of_the_phases_example_and_the_user_none():
    agent = nextstep.report(Session().state)["next"]
    assert agent["actor"] == "agent" and "Good decompose work: " in agent["text"] and "Not: " in agent["text"]
    user = nextstep.report(Session().to("validate").ok(*validation(0)).state)["next"]
    assert user["actor"] == "user" and "Good " not in user["text"]


def test_every_phase_has_an_example_pair():
    from argcheck.protocols.triz.forge_state import Phase
    from argcheck.protocols.triz.guidance import EXAMPLES

    assert set(EXAMPLES) == set(Phase) and all(good and bad for good, bad in EXAMPLES.values())
