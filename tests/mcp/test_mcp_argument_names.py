"""An MCP argument a tool does not take (often one put in the wrong place) is reported over the wire, not
silently dropped, and nothing is done; init's messages name `options.NAME`, never a CLI flag."""

from __future__ import annotations

import json

from tests.mcp.test_mcp_wire import QUESTION, exchange, new_state, structured, tool_call


def test_an_option_given_beside_options_is_reported_and_nothing_is_created(tmp_path):
    replies = exchange(tmp_path, [tool_call(1, "argcheck_init", protocol="deliberate", question=QUESTION,
                                            state="d.json")])
    result = structured(replies[0])
    assert replies[0]["result"]["isError"] is True and result["ok"] is False
    assert result["error"]["message"] == "argcheck_init does not take `question`; nothing was done"
    assert "go inside `options`" in result["error"]["hint"]
    assert not (tmp_path / "d.json").exists()


def test_a_misnamed_argument_gets_a_suggestion_and_changes_nothing(tmp_path):
    state = new_state(tmp_path)
    before = state.read_bytes()
    move = {"type": "point", "actor": "orchestrator", "id": "P1", "text": "A point.", "kind": "value"}
    replies = exchange(tmp_path, [tool_call(2, "argcheck_apply", state=str(state), move=move)])
    result = structured(replies[0])
    assert result["ok"] is False and "does not take `move`" in result["error"]["message"]
    assert "did you mean `moves`" in result["error"]["hint"]
    assert state.read_bytes() == before


def test_init_problems_speak_of_options_not_of_cli_flags(tmp_path):
    replies = exchange(tmp_path, [tool_call(3, "argcheck_init", protocol="triz", options={"problem": "short"}),
                                  tool_call(4, "argcheck_init", protocol="deliberate", options={"question": " "})])
    messages = [structured(reply)["error"]["message"] for reply in sorted(replies, key=lambda r: r["id"])]
    assert "`options.problem`" in messages[0] and "`options.question`" in messages[1], messages
    assert not any("--" in message for message in messages), messages
    assert "--" not in json.dumps([structured(reply)["error"] for reply in replies])
