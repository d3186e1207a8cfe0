"""A step the run's agent cannot witness is the user's to supply (core/agent_limits.owed_to_the_user): under
Codex CLI a triz web search is the user's sources, so the Stop gate lets the agent stop and ask for them
instead of sending the stop back (harness/runs.py)."""

import json
import subprocess
import sys

from argcheck.core import agent_limits

CODEX = {"witnessed": True, "witness_agent": "codex"}
SEARCH = ("argcheck apply .argcheck/triz-1.json '{\"type\": \"web_search\", \"query\": \"...\", "
          "\"purpose\": \"state_of_art\", \"results\": []}'")


def _step(*commands, actor="agent"):
    return {"actor": actor, "text": "Next move: web_search (record the search before the move that needs it).",
            "commands": list(commands)}


def test_a_search_codex_cannot_witness_is_owed_to_the_user():
    assert agent_limits.owed_to_the_user(CODEX, _step(SEARCH))
    for header in ({"witnessed": True}, {"witnessed": True, "witness_agent": "gemini"}, {}):
        assert not agent_limits.owed_to_the_user(header, _step(SEARCH)), header


def test_any_other_move_stays_the_agent_s():
    other = "argcheck apply .argcheck/triz-1.json '{\"type\": \"map_state_of_art\", \"summary\": \"...\"}'"
    assert not agent_limits.owed_to_the_user(CODEX, _step(other))
    assert not agent_limits.owed_to_the_user(CODEX, _step(SEARCH, other)), "one move the agent can make is its"
    assert not agent_limits.owed_to_the_user(CODEX, {"actor": "agent", "text": "run argcheck next"})
    assert not agent_limits.owed_to_the_user(CODEX, _step(SEARCH, actor="user"))
    assert not agent_limits.owed_to_the_user(CODEX, None)


def test_triz_s_own_next_step_at_its_first_search(tmp_path):
    """The step `argcheck next` really gives when triz needs its state-of-the-art search."""
    def argcheck(*args, stdin=None):
        done = subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=tmp_path, input=stdin,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    state = argcheck("init", "triz", "--problem", "Why do EV ranges drop in the cold?", "-q").strip()
    argcheck("apply", state, "-", stdin=json.dumps({"type": "decompose_to_fundamentals",
                                                    "fundamentals": ["cell temperature"]}))
    step = json.loads(argcheck("next", state, "--format", "json"))["next"]
    assert step["actor"] == "agent"
    assert agent_limits.owed_to_the_user(CODEX, step)
    assert not agent_limits.owed_to_the_user({"witnessed": True, "witness_agent": "gemini"}, step)
