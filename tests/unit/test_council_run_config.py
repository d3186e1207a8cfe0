"""The headless council's configuration file (issue 30): panel, arbiter, parallelism, time limit, a model per
persona and a temperature, with the command line's flags winning over the file."""

from __future__ import annotations

import pytest

from argcheck.core.contract import UsageProblem
from argcheck.protocols.council import run_config

DEFAULTS = {"panel": "philosophers", "parallel": 6, "timeout": None}


def test_a_model_per_persona_and_the_temperature_go_to_the_wrapper():
    config = run_config.parse({"model": "gpt-5", "models": {"Kant": "o3", "arbiter": "judge-1"},
                               "temperature": 0.2}, "c.json")
    assert run_config.wrapper_options(config, "kant") == ["--model", "o3", "--temperature", "0.2"]
    assert run_config.wrapper_options(config, "Popper") == ["--model", "gpt-5", "--temperature", "0.2"]
    assert run_config.wrapper_options(config, "arbiter") == ["--model", "judge-1", "--temperature", "0.2"]
    assert run_config.wrapper_options({}, "Kant") == []


def test_the_file_fills_what_the_command_line_left_at_its_default():
    config = {"panel": "scientific", "arbiter": True, "parallel": 2, "timeout": 90}
    options, settings = run_config.merged({"panel": "philosophers"}, {"parallel": 6}, config, DEFAULTS)
    assert options == {"panel": "scientific", "arbiter": True} and settings == {"parallel": 2, "timeout": 90}
    options, settings = run_config.merged({"panel": "my-panel.json"}, {"parallel": 3, "timeout": 30}, config,
                                          DEFAULTS)
    assert options["panel"] == "my-panel.json" and settings == {"parallel": 3, "timeout": 30}


@pytest.mark.parametrize("value,words", [
    ([], "one JSON object"), ({"colour": "red"}, "unknown key(s) colour"), ({"temperature": 3}, "from 0 to 2"),
    ({"parallel": 0}, "from 1 to 12"), ({"arbiter": "yes"}, "true or false"), ({"models": {"Kant": 7}}, "persona"),
    ({"timeout": True}, "seconds"),
])
def test_a_bad_configuration_is_a_clear_usage_problem(value, words):
    with pytest.raises(UsageProblem, match="c.json") as problem:
        run_config.parse(value, "c.json")
    assert words in str(problem.value)


def test_a_model_for_a_persona_not_on_the_panel_is_refused():
    config = run_config.parse({"models": {"Hegel": "o3"}}, "c.json")
    with pytest.raises(UsageProblem, match="Hegel, not on the panel"):
        run_config.check_personas(config, ["Kant", "Popper"], "c.json")
    run_config.check_personas({"models": {"kant": "o3", "Arbiter": "x"}}, ["Kant"], "c.json")
