"""argcheck_init's `options` are checked against the protocol's InitOption declarations before make_header:
a clear usage problem (exit 2, nothing created) for an unknown name, a missing required option, a value of the
wrong type, choice or range; never a traceback."""

from __future__ import annotations

import pytest

from argcheck.core.contract import InitOption
from argcheck.mcp.initcheck import init_option_problems
from argcheck.mcp.server import call, tool_named

QUESTION = "Should the checker cache replayed states between calls?"
DECLARED = (
    InitOption("question", "The question.", required=True),
    InitOption("mode", "The mode.", choices=("standard", "quick")),
    InitOption("depth", "How deep.", kind="int", minimum=1, maximum=5),
    InitOption("threshold", "A confidence.", kind="float", minimum=0, maximum=1),
    InitOption("relax", "Rules switched off.", multiple=True, choices=("a", "b")),
    InitOption("council", "Allow the council.", kind="flag"),
    InitOption("conversation_id", "The conversation.", mcp=False),
    InitOption("run", "Run it now.", kind="flag", header=False),
    InitOption("document", "A document.", mcp_object=True),
)


@pytest.mark.parametrize("values, problem", [
    ({"question": "q", "mode": "quick", "depth": 5, "threshold": 1, "relax": ["a"], "council": True,
      "conversation_id": "c", "document": {"text": "t"}}, None),
    ({"question": "q", "mode": None}, None),
    ({}, "`options.question` is required: The question."),
    ({"question": None}, "`options.question` is required: The question."),
    ({"question": "q", "stake": "high"}, "`options.stake` is not an init option of demo; it takes question, mode, "
                                         "depth, threshold, relax, council, document"),
    ({"question": "q", "run": True}, "`options.run` is not an init option of demo"),
    ({"question": 42}, "`options.question` must be a string, not a whole number"),
    ({"question": "q", "mode": "slow"}, "`options.mode` must be one of standard, quick, not 'slow'"),
    ({"question": "q", "depth": 2.5}, "`options.depth` must be a whole number, not a number"),
    ({"question": "q", "depth": True}, "`options.depth` must be a whole number, not true or false"),
    ({"question": "q", "depth": 0}, "`options.depth` must be at least 1, not 0"),
    ({"question": "q", "threshold": 1.5}, "`options.threshold` must be at most 1, not 1.5"),
    ({"question": "q", "relax": "a"}, "`options.relax` must be a list, not a string"),
    ({"question": "q", "relax": ["a", "c"]}, "`options.relax` must be one of a, b, not 'c'"),
    ({"question": "q", "council": "yes"}, "`options.council` must be true or false, not a string"),
    ({"question": "q", "document": ["x"]}, "`options.document` must be a string or an object, not a list"),
])
def test_each_declared_check_has_its_own_clear_problem(values, problem):
    problems = init_option_problems("demo", DECLARED, values)
    if problem is None:
        assert problems == []
    else:
        assert problems and problems[0].startswith(problem), problems


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-03-01T12:00:00Z")


@pytest.mark.parametrize("options, words", [
    ({"question": QUESTION, "stakes": "urgent"}, "`options.stakes` must be one of normal, high"),
    ({"question": QUESTION, "mode": 3}, "`options.mode` must be a string"),
    ({"question": QUESTION, "flow": "sideways", "stake": "x"}, "`options.stake` is not an init option of deliberate"),
    ({"stakes": "high"}, "`options.question` is required"),
])
def test_mcp_init_refuses_bad_options_as_a_usage_problem_and_creates_nothing(tmp_path, options, words):
    result = call(tool_named("argcheck_init"), protocol="deliberate", options=options, state="d.json")
    assert not result["ok"] and result["exit_code"] == 2 and result["error"]["code"] == "USAGE", result
    assert result["error"]["message"].startswith(words), result
    assert "nothing was created" in result["error"]["message"]
    assert not (tmp_path / "d.json").exists()


def test_every_problem_is_named_the_first_as_the_error_the_rest_as_its_hint(tmp_path):
    """In the order the spec declares the options (mode before stakes)."""
    result = call(tool_named("argcheck_init"), protocol="deliberate",
                  options={"question": QUESTION, "stakes": "urgent", "mode": "fast"}, state="d.json")
    assert "`options.mode`" in result["error"]["message"] and "`options.stakes`" in result["error"]["hint"], result


def test_good_options_still_create_the_run(tmp_path):
    result = call(tool_named("argcheck_init"), protocol="deliberate",
                  options={"question": QUESTION, "stakes": "high", "mode": "quick"}, state="d.json")
    assert result["ok"] and (tmp_path / "d.json").exists(), result
