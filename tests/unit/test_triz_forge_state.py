"""ForgeState: computed properties and every per-round reset behaviour (BUILD -> SYNTHESIZE)."""

from __future__ import annotations

import pytest
from triz_kit import Session, add, analyze_gaps_move, decision, search

from argcheck.protocols.triz.forge_state import ForgeState, Phase


def test_initial_state():
    state = ForgeState()
    assert state.current_phase == Phase.DECOMPOSE and state.current_round == 0 and state.status == "decomposing"


def test_claims_remaining_zero_when_full():
    state = ForgeState()
    for index in range(3):
        state.current_round_claims[index] = f"C{index + 1}"
    assert state.claims_remaining == 0


def test_max_rounds_reached_in_the_fifth_round():
    state = ForgeState(current_round=3)
    assert not state.max_rounds_reached
    state.current_round = 4
    assert state.max_rounds_reached


def test_all_claims_have_antithesis():
    state = ForgeState(theses_stated=2, antitheses_searched={0})
    assert not state.all_claims_have_antithesis
    state.antitheses_searched.add(1)
    assert state.all_claims_have_antithesis


def dirty_state() -> ForgeState:
    state = ForgeState(current_phase=Phase.BUILD, current_round=1, theses_stated=2, theses=[{}, {}],
                       antitheses={0: {}}, antitheses_searched={0, 1}, current_round_claims={0: "C3", 1: "C4"},
                       falsification_attempted={0, 1}, novelty_checked={0}, negative_knowledge_consulted=True,
                       previous_claims_referenced=True, web_searches_this_phase=[{"purpose": "general"}],
                       negative_knowledge=["C2"], gaps=["unplugged cars"])
    state.graph.add_node("C1")
    state.graph.add_node("C3")
    state.graph.add_edge("C3", "C1", "extends")
    return state


RESET = [
    ("current_round_claims", {}), ("theses_stated", 0), ("antitheses_searched", set()),
    ("falsification_attempted", set()), ("novelty_checked", set()), ("negative_knowledge_consulted", False),
    ("previous_claims_referenced", False), ("web_searches_this_phase", []), ("current_round", 2),
]


@pytest.mark.parametrize("name, value", RESET, ids=[name for name, _ in RESET])
def test_reset_for_new_round(name, value):
    state = dirty_state()
    state.reset_for_new_round()
    assert getattr(state, name) == value


@pytest.mark.parametrize("name", ["knowledge_graph_nodes", "knowledge_graph_edges", "negative_knowledge", "gaps"])
def test_reset_preserves(name):
    state = dirty_state()
    before = list(getattr(state, name))
    state.reset_for_new_round()
    assert getattr(state, name) == before and before


def test_continue_resets_the_round_in_a_replayed_session():
    session = Session().to("build", claims=2).ok(add("C1"), add("C2"), analyze_gaps_move(),
                                                 {"type": "get_negative_knowledge"}, search("general", "g"))
    assert session.state.negative_knowledge_consulted
    session.ok(decision("continue"))
    state = session.state
    assert (state.current_round, state.current_phase, state.theses_stated) == (1, Phase.SYNTHESIZE, 0)
    assert state.current_round_claims == {} and state.falsification_attempted == set()
    assert not state.negative_knowledge_consulted and state.web_searches_this_phase == []
    assert state.graph.nodes == ["C1", "C2"] and state.gaps == ["charging at -20 C"]
    assert list(state.claims) == ["C1", "C2"]


def test_phase_change_clears_web_searches():
    session = Session().ok(search("general", "x"))
    assert len(session.state.web_searches_this_phase) == 1
    session.to("explore")
    assert session.state.web_searches_this_phase == [] and len(session.state.research_log) == 2
