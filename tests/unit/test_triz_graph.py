"""The knowledge graph: only judged claims enter, edges stay inside it, it stays a DAG (also on large random
graphs, against a from-scratch check), merges are traced; deep dive, insights, crystallize and cancel."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from triz_kit import Session, add, decision, document, validation, verdicts

from argcheck.protocols.triz.graph import KnowledgeGraph, is_acyclic


def built(*pairs):
    session = Session().to("validate", claims=len(pairs))
    return session.ok(*[m for i in range(len(pairs)) for m in validation(i)], verdicts(*pairs))


def test_graph_addition_fails_with_reject_verdict():
    session = built(("C1", "reject"), ("C2", "accept"))
    assert session.codes(add("C1")) == {"TRZ126"}
    assert "C1" not in session.state.graph


def test_graph_addition_passes_with_accept_qualify_or_merge():
    session = built(("C1", "accept"), ("C2", "qualify", {"qualification": "in cities"}),
                    ("C3", "merge", {"merge_with": ["C1"]}))
    assert session.codes(add("C1"), add("C2"), add("C3", ("C3", "C1", "merged_from"))) == set()
    assert session.state.graph.nodes == ["C1", "C2", "C3"]


def test_graph_addition_fails_for_an_unknown_claim():
    assert built(("C1", "accept")).codes(add("C5")) == {"TRZ122"}


def test_a_claim_enters_the_graph_once():
    session = built(("C1", "accept")).ok(add("C1"))
    assert session.codes(add("C1")) == {"TRZ127"}


def test_edges_join_claims_in_the_graph():
    session = built(("C1", "accept"), ("C2", "reject"))
    assert session.codes(add("C1", ("C1", "C2", "contradicts"))) == {"TRZ128"}
    assert session.state.graph.nodes == []


def test_a_merged_claim_needs_merged_from_edges():
    session = built(("C1", "accept"), ("C2", "merge", {"merge_with": ["C1"]})).ok(add("C1"))
    assert session.codes(add("C2", ("C2", "C1", "extends"))) == {"TRZ130"}
    assert session.codes(add("C2", ("C2", "C1", "merged_from"))) == set()


def test_an_edge_closing_a_cycle_is_refused_and_leaves_the_graph_unchanged():
    session = built(("C1", "accept"), ("C2", "accept"), ("C3", "accept"))
    session.ok(add("C1"), add("C2", ("C2", "C1", "extends")))
    assert session.codes(add("C3", ("C3", "C2", "depends_on"), ("C1", "C3", "supports"))) == {"TRZ129"}
    assert "the cycle C3 -> C2 -> C1 -> C3" in session.findings[0].message
    state = session.state
    assert state.graph.nodes == ["C1", "C2"] and state.graph.edges == [("C2", "C1", "extends")]


def test_a_self_loop_is_a_cycle():
    session = built(("C1", "accept"))
    assert session.codes(add("C1", ("C1", "C1", "supports"))) == {"TRZ129"}


def test_user_insight_enters_the_graph_with_its_edges():
    session = built(("C1", "accept")).ok(add("C1"))
    insight = {"type": "submit_user_insight", "actor": "user", "insight": "Fleet owners precondition at depots.",
               "evidence_urls": ["https://example.org/depot"], "edges": [
                   {"source": "C2", "target": "C1", "edge_type": "supports"}]}
    assert session.codes(insight) == set()
    assert session.state.claims["C2"].claim_type == "user_contributed" and "C2" in session.state.graph


def test_deep_dive_target_must_exist():
    session = built(("C1", "accept")).ok(add("C1"))
    assert session.codes(decision("deep_dive", deep_dive_claim_id="C8")) == {"TRZ122"}
    assert session.codes(decision("deep_dive")) == {"TRZ139"}
    assert session.codes(decision("deep_dive", deep_dive_claim_id="C1")) == set()
    state = session.state
    assert state.deep_dive_active and state.deep_dive_target_claim_id == "C1" and state.current_round == 0


def test_merge_with_a_rejected_claim_is_refused():
    session = Session().to("validate", claims=2).ok(*validation(0), *validation(1))
    assert session.codes(verdicts(("C1", "reject"), ("C2", "merge", {"merge_with": ["C1"]}))) == {"TRZ141"}


def test_an_add_insight_decision_asks_the_agent_to_record_the_insight():
    from argcheck.protocols.triz import nextstep

    session = built(("C1", "accept")).ok(add("C1"), decision("add_insight", user_insight="Depots matter."))
    step = nextstep.report(session.state, "s.json")["next"]
    assert step["actor"] == "agent" and '"insight": "Depots matter."' in step["commands"][0]
    session.ok({"type": "submit_user_insight", "actor": "user", "insight": "Depots matter.", "edges": [
        {"source": "C2", "target": "C1", "edge_type": "supports"}]})
    assert nextstep.report(session.state, "s.json")["next"]["actor"] == "user"


def test_add_insight_needs_the_insight():
    session = built(("C1", "accept"))
    assert session.codes(decision("add_insight")) == {"TRZ139"}
    assert session.codes(decision("add_insight", user_insight="Depots matter.")) == set()
    assert session.status == "building"


def test_resolve_then_the_document_crystallizes_the_session():
    session = built(("C1", "accept")).ok(add("C1"), decision("resolve"))
    assert session.status == "crystallizing"
    assert session.codes(document()) == set() and session.status == "crystallized"


def test_moves_after_crystallize_are_refused():
    session = built(("C1", "accept")).ok(add("C1"), decision("resolve"), document())
    assert session.codes({"type": "report_token_usage", "tokens_used": 5}) == {"ARG025"}


def test_moves_after_cancel_are_refused():
    session = Session().ok({"type": "cancel", "actor": "user", "reason": "wrong problem"})
    assert session.status == "cancelled"
    assert session.codes({"type": "decompose_to_fundamentals", "fundamentals": ["x"]}) == {"ARG025"}


def test_resolve_needs_a_non_empty_graph():
    session = built(("C1", "reject"))
    assert session.codes(decision("resolve")) == {"TRZ140"}
    assert session.codes(decision("continue")) == set()


def test_document_prose_must_cite_claims():
    session = built(("C1", "accept")).ok(add("C1"), decision("resolve"))
    assert session.codes(document(core="Precondition on a schedule.")) == {"TRZ135"}
    assert session.codes(document(guide="Build it [C9].")) == {"TRZ136"}


def test_document_insight_cites_graph_claims_but_frontiers_may_cite_rejected_ones():
    session = built(("C1", "accept"), ("C2", "reject")).ok(add("C1"), decision("resolve"))
    assert session.codes(document(core="Both [C1] [C2].")) == {"TRZ136"}
    assert session.codes(document(frontiers="Revisit [C2] with new data.")) == set()


# -- the incremental DAG check against a from-scratch check ---------------------------------------------

edge_lists = st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), max_size=200)


@settings(max_examples=200, deadline=None)
@given(edge_lists)
def test_incremental_cycle_check_agrees_with_a_full_check(pairs):
    graph, accepted = KnowledgeGraph(), []
    nodes = [f"C{n + 1}" for n in range(30)]
    for node in nodes:
        graph.add_node(node)
    for source, target in pairs:
        edge = (nodes[source], nodes[target], "supports")
        acyclic = is_acyclic(nodes, accepted + [edge])
        cycle = graph.add_edge(*edge)
        assert (cycle is None) == acyclic
        if cycle is None:
            accepted.append(edge)
        else:
            assert cycle[0] == edge[1] and cycle[-1] == edge[0]
    position = graph.order
    assert all(position[s] < position[t] for s, t, _ in graph.edges)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 20))
def test_undoing_a_refused_addition_keeps_a_valid_order(seed, removed):
    rng = random.Random(seed)
    graph = KnowledgeGraph()
    for n in range(60):
        graph.add_node(f"C{n}")
    for _ in range(300):
        graph.add_edge(f"C{rng.randrange(60)}", f"C{rng.randrange(60)}", "extends")
    graph.remove_edges(min(removed, len(graph.edges)))
    assert is_acyclic(graph.nodes, graph.edges)
    assert all(graph.order[s] < graph.order[t] for s, t, _ in graph.edges)


def _reaches(graph: KnowledgeGraph, start: str, goal: str) -> bool:
    seen, stack = {start}, [start]
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        for nxt in graph.successors[node]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_incremental_check_on_large_random_graphs(seed):
    """2,000 claims and 6,000 random edges: every refused edge really closes a cycle, and what is kept is a DAG
    whose order agrees with every edge."""
    rng = random.Random(seed)
    graph = KnowledgeGraph()
    nodes = [f"C{n + 1}" for n in range(2000)]
    for node in nodes:
        graph.add_node(node, last=rng.random() < 0.5)
    for _ in range(6000):
        source, target = rng.choice(nodes), rng.choice(nodes)
        cycle = graph.add_edge(source, target, "extends")
        if cycle is not None:
            assert _reaches(graph, target, source)
    assert is_acyclic(graph.nodes, graph.edges)
    assert all(graph.order[s] < graph.order[t] for s, t, _ in graph.edges)


def test_large_random_dag_is_checked_quickly():
    """50,000 claims, each pointing at two older ones or pointed at by two older ones, plus edges between
    existing claims: the check stays fast and the graph acyclic."""
    import time

    rng = random.Random(7)
    graph = KnowledgeGraph()
    started = time.perf_counter()
    graph.add_node("C1")
    for n in range(1, 50_000):
        node, older = f"C{n + 1}", [f"C{rng.randrange(n) + 1}" for _ in range(2)]
        pointed_at = rng.random() < 0.3
        graph.add_node(node, last=pointed_at)
        for other in older:
            edge = (other, node) if pointed_at else (node, other)
            assert graph.add_edge(*edge, "extends") is None
    for _ in range(300):
        graph.add_edge(f"C{rng.randrange(50_000) + 1}", f"C{rng.randrange(50_000) + 1}", "supports")
    assert time.perf_counter() - started < 10
    assert is_acyclic(graph.nodes, graph.edges)
    assert all(graph.order[s] < graph.order[t] for s, t, _ in graph.edges)
