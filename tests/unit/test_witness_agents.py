"""Which agent witnessed a run: the header's witness_agent, the reports' note, and what an agent cannot see."""

from __future__ import annotations

from argcheck.core import discovery, witnessing  # noqa: F401  (discovery first: it registers the protocols)
from argcheck.core.witnessing import Witness
from argcheck.protocols.triz.rules_witness import check_search_witnessed

MOVE = {"type": "web_search", "actor": "agent", "query": "ev range cold", "results": []}


def test_a_search_codex_could_not_witness_says_why_and_is_still_refused():
    for agent, said in (("codex", True), ("gemini", False), ("claude", False), (None, False)):
        header = {"witnessed": True, **({"witness_agent": agent} if agent else {})}
        [found] = check_search_witnessed(Witness([], [], agent=agent), MOVE, "/moves/3", header)
        assert found.code == "TRZ143"
        assert ("Codex CLI cannot witness web searches" in found.message) is said


def test_the_header_and_the_reports_name_the_agent():
    fields = witnessing.start_fields(Witness([], [], 4, 100, "s-1", agent="gemini"))
    assert fields == {"witnessed": True, "witness_seq": 4, "witness_offset": 100, "witness_session": "s-1",
                      "witness_agent": "gemini"}
    assert witnessing.json_fields(fields) == {"witnessed": True, "witness_agent": "gemini"}
    assert witnessing.marked_text("next", fields, {}).endswith("witnessed by Gemini CLI's hooks: user decisions and "
                                                               "research are checked against its log")
    assert "> witnessed by Gemini CLI's hooks" in witnessing.marked_markdown("# Report\n\nbody", fields)
    old = {"witnessed": True, "witness_seq": 0}  # a run from before witness_agent: as it always read
    assert witnessing.marked_text("next", old, {}) == "next" and witnessing.json_fields(old) == {"witnessed": True}
    assert "witness_agent" not in witnessing.start_fields(Witness([], [], agent="cursor"))
