"""Properties of the triz reducer over generated move sequences and garbage (hypothesis): no exception, only
known codes, a refused move leaves the document unchanged, and the kept log always replays clean."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from triz_kit import (
    Session, add, antithesis, assumptions, claims_review, contradictions, cross_domain, decision, decompose_review,
    document, explore_review, falsification, fundamentals, morphological_box, novelty, reframings, score, search,
    state_of_art, synthesis, thesis, verdicts,
)

from argcheck.core.findings import has_errors
from argcheck.protocols.triz import nextstep, prompting
from argcheck.protocols.triz.graph import is_acyclic
from argcheck.protocols.triz.render import render
from argcheck.core.discovery import load_all_rules
from argcheck.core.replay import replay

KNOWN_CODES = set(load_all_rules())
slots = st.integers(0, 2)
claims = st.sampled_from(["C1", "C2", "C3", "C4"])
purposes = st.sampled_from(["state_of_art", "cross_domain", "antithesis", "falsification", "general"])
verdict_kinds = st.sampled_from(["accept", "reject", "qualify", "merge"])
edge_kinds = st.sampled_from(["supports", "extends", "depends_on", "merged_from", "contradicts"])

moves = st.one_of(
    st.builds(fundamentals), st.builds(lambda: search("state_of_art", "soa")), st.builds(state_of_art),
    st.builds(assumptions, st.integers(1, 3)), st.builds(reframings, st.integers(1, 3)),
    st.builds(decompose_review, st.lists(st.integers(0, 4), max_size=2)),
    st.builds(morphological_box), st.builds(lambda d: search("cross_domain", domain=d), st.sampled_from(["a", "b"])),
    st.builds(cross_domain, st.sampled_from(["a", "b"])), st.builds(contradictions),
    st.builds(explore_review, st.lists(st.integers(0, 2), max_size=2)),
    st.builds(lambda p, i: search(p, "r", index=i), purposes, slots),
    st.builds(thesis, st.just("t"), st.sampled_from(["r", "unsearched"])),
    st.builds(antithesis, slots, st.just("r")), st.builds(lambda i, b: synthesis(i, b, "r"), slots,
                                                          st.one_of(st.none(), claims)),
    st.builds(claims_review), st.builds(falsification, slots), st.builds(novelty, slots), st.builds(score, slots),
    st.builds(lambda pairs: verdicts(*pairs), st.lists(st.tuples(claims, verdict_kinds), max_size=3)),
    st.builds(lambda c, es: add(c, *es), claims, st.lists(st.tuples(claims, claims, edge_kinds), max_size=2)),
    st.builds(lambda: {"type": "get_negative_knowledge"}),
    st.builds(decision, st.sampled_from(["continue", "resolve", "add_insight"])),
    st.builds(document),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(moves, max_size=25), st.sampled_from([None, "explore", "synthesize", "validate", "build"]))
def test_any_sequence_of_moves_keeps_a_valid_log(sequence, start):
    session = Session().to(start, claims=2) if start else Session()
    for move in sequence:
        before = session.doc
        found = session.apply(move)
        assert {f.code for f in found} <= KNOWN_CODES
        if has_errors(found):
            assert session.doc is before
    result = replay(session.doc, session.env)
    assert not has_errors(result.findings)
    state = result.engine.state
    assert is_acyclic(state.graph.nodes, state.graph.edges)
    assert not any(state.claims[c].status == "rejected" for c in state.graph.nodes)
    for fmt in ("md", "status", "reactflow", "mermaid", "dot", "json"):
        render(state, fmt)
    nextstep.format_text(nextstep.report(state, "s.json"))
    prompting.render_prompt(state)


json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=4)),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                        max_size=3), max_leaves=8)
move_types = st.sampled_from(["web_search", "state_thesis", "verdicts", "add_to_knowledge_graph", "build_decision",
                              "decompose_review", "generate_knowledge_document", "nope"])


@settings(max_examples=200, deadline=None)
@given(move_types, st.dictionaries(st.sampled_from(["claim_index", "claim_id", "edges", "verdicts", "actor",
                                                    "results", "query", "purpose", "decision", "thesis_text"]),
                                   json_values, max_size=5))
def test_garbage_moves_are_refused_with_known_codes(kind, fields):
    session = Session().to("build")
    before = session.doc
    found = session.apply({"type": kind, **fields})
    assert {f.code for f in found} <= KNOWN_CODES
    if has_errors(found):
        assert session.doc is before
