"""A whole state file sent where a move (or a reply) belongs is named as such, once, as a usage error; so are
the moves of a state file copied with the fields apply fills in. The state file is left as it was."""

from __future__ import annotations

import json

from argcheck.core.envelope import not_a_move

from conftest import apply_ok, write_moves


def test_apply_names_a_state_file_given_as_the_move_once(run, state, make_state, opening):
    apply_ok(state, opening)
    other = make_state("other.json")
    before = state.read_bytes()
    result = run("apply", state, other)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"argcheck: {other} is a deliberate state file, not a move: a move is one "
                                     "object with a \"type\" (`argcheck next STATE` shows the one due)")
    assert result.stdout == "" and state.read_bytes() == before


def test_apply_names_the_copied_moves_of_a_state_file_once(run, state, opening, tmp_path):
    apply_ok(state, opening)
    copied = write_moves(tmp_path, json.loads(state.read_text())["moves"], name="copied.json")
    before = state.read_bytes()
    result = run("apply", state, copied)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert "holds moves copied from a state file (they carry seq, prev, at" in result.stderr
    assert state.read_bytes() == before


def test_ingest_names_a_state_file_given_as_the_reply(run, state, make_state):
    other = make_state("other.json")
    result = run("ingest", state, other)
    assert result.exit_code == 2 and f"{other} is a deliberate state file, not a move" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_move_and_a_batch_of_moves_are_not_mistaken_for_a_state_file():
    assert not_a_move({"type": "point", "text": "x"}, "M") is None
    assert not_a_move([{"type": "point"}, {"type": "classify", "seq": 2}], "M") is None
    assert not_a_move({"header": {}}, "M") is None
    assert not_a_move({"format": "argcheck-state"}, "M") == (
        "M is a state file, not a move: a move is one object with a \"type\" (`argcheck next STATE` shows the one due)")


def test_the_mcp_tools_name_a_state_file_given_as_the_moves_or_the_reply(state, make_state, monkeypatch):
    import pytest

    from argcheck.mcp import generic_tools
    from argcheck.mcp.arguments import ToolProblem

    monkeypatch.chdir(state.parent)
    other = json.loads(make_state("other.json").read_text())
    before = state.read_bytes()
    for tool, argument in ((generic_tools.argcheck_apply, "moves"), (generic_tools.argcheck_ingest, "reply")):
        with pytest.raises(ToolProblem) as problem:
            tool(state=state.name, **{argument: other})
        assert problem.value.error["code"] == "USAGE"
        assert str(problem.value) == (f"`{argument}` is a deliberate state file, not a move: a move is one object "
                                      "with a \"type\" (`argcheck next STATE` shows the one due)")
    assert state.read_bytes() == before
