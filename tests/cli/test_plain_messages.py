"""Messages a new user meets: "did you mean" for a misspelled field and a mistyped command, semantic refusals
without click's Usage banner and without the input echoed back, a consult that needs no consultee, one exit
code for ending a run early, and council `next` naming every move it would take."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.protocols.council import demo as council_demo

ROOT = Path(__file__).resolve().parents[2]
OK, FINDINGS, USAGE, TERMINAL = 0, 1, 2, 4
POINT_TYPO = {"type": "point", "actor": "orchestrator", "id": "P1", "txt": "A point.", "kind": "value"}


def argcheck(*args, input: str | None = None, cwd=None):
    env = dict(os.environ, ARGCHECK_NOW="2026-03-01T12:00:00Z")
    env.pop("ARGCHECK_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], input=input, capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


def init(tmp_path, protocol: str, *options) -> Path:
    state = tmp_path / f"{protocol}.json"
    made = argcheck("init", protocol, *options, "--state", state, cwd=tmp_path)
    assert made.returncode == OK, made.stderr
    return state


def test_a_misspelled_field_gets_did_you_mean(tmp_path):
    state = init(tmp_path, "deliberate", "--question", "Cache the replay?")
    result = argcheck("apply", state, json.dumps(POINT_TYPO))
    assert result.returncode == FINDINGS
    assert 'missing the required field "text" (did you mean "text" where it says "txt"?)' in result.stdout


@pytest.mark.parametrize("typed, meant", [(["aply"], "apply"), (["init", "deliberat"], "deliberate"),
                                          (["sessions", "prnue"], "prune")])
def test_a_mistyped_command_gets_a_suggestion(typed, meant):
    result = argcheck(*typed)
    assert result.returncode == USAGE and f"Did you mean '{meant}'?" in result.stderr


def test_a_reply_that_is_not_an_envelope_is_refused_without_usage_banner_or_echo(tmp_path):
    state = init(tmp_path, "deliberate", "--question", "Cache the replay?")
    secret = "a long inline reply that should not be printed back " * 3
    result = argcheck("ingest", state, json.dumps({"text": secret}))
    assert result.returncode == USAGE
    assert "Usage:" not in result.stderr and secret.strip() not in result.stderr
    assert "the reply: not a wrapper envelope" in result.stderr


def test_init_refusals_and_unknown_rules_have_no_usage_banner(tmp_path):
    state = init(tmp_path, "deliberate", "--question", "Cache the replay?")
    again = argcheck("init", "deliberate", "--question", "Cache it?", "--state", state)
    assert again.returncode == USAGE and "already exists" in again.stderr and "Usage:" not in again.stderr
    unknown = argcheck("rules", "XYZ123")
    assert unknown.returncode == USAGE and "no rule 'XYZ123'" in unknown.stderr and "Usage:" not in unknown.stderr


def test_consult_on_a_triz_run_says_what_is_due_instead_of_asking_for_a_consultee(tmp_path):
    state = init(tmp_path, "triz", "--problem", "How can an electric car keep its range in freezing weather?")
    result = argcheck("consult", state)
    assert result.returncode == USAGE and "Usage:" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert "no consultation is due" in first and "pass --consultee" not in first
    assert "Next (agent):" in result.stderr and "decompose_to_fundamentals" in result.stderr


def test_triz_cancel_and_deliberate_abort_exit_alike(tmp_path):
    triz = init(tmp_path, "triz", "--problem", "How can an electric car keep its range in freezing weather?")
    cancel = argcheck("apply", triz, json.dumps({"type": "cancel", "actor": "user", "reason": "Not needed now."}))
    deliberate = init(tmp_path, "deliberate", "--question", "Cache the replay?")
    abort = argcheck("apply", deliberate, json.dumps({"type": "abort", "actor": "user", "reason": "Moot now."}))
    assert cancel.returncode == abort.returncode == TERMINAL, cancel.stdout + abort.stdout


def test_council_next_names_the_retry_of_a_failed_critique(tmp_path):
    """After the initial round, with Kant's call failed, a critique for Kant is still taken (until the
    self-critique round begins): `next` says so."""
    script = council_demo.load_script()
    document = tmp_path / "design.md"
    document.write_text(council_demo._data(script["document"]).read_text(encoding="utf-8"))
    state = init(tmp_path, "council", "--document", document, "--panel", script["panel"], "--consultee", "replay")
    for name in json.loads(argcheck("next", state, "--format", "json").stdout)["rounds"]["critique"]:
        failure = script["failures"].get(name)
        reply = council_demo.envelope(None if failure else script["critiques"][name], failure, session=name)
        assert argcheck("ingest", state, json.dumps(reply)).returncode == OK
    allowed = json.loads(argcheck("next", state, "--format", "json").stdout)["allowed_moves"]
    assert allowed == ["critique", "self_critique", "persona_failure"]
    retry = json.loads(json.dumps(script["critiques"]["Aristotle"]).replace("ARI-", "KAN-"))
    retry["agent_style"] = "Kant"
    applied = argcheck("apply", state, json.dumps({"type": "critique", **retry}))
    assert applied.returncode == OK, applied.stdout
    after = json.loads(argcheck("next", state, "--format", "json").stdout)["allowed_moves"]
    assert after == ["self_critique", "persona_failure"]  # no failed critique is left to retry


def test_moves_expands_nested_types():
    result = argcheck("moves", "toulmin", "grounding")
    assert result.returncode == OK
    fields = {line.split()[0]: line.split()[1] for line in result.stdout.split("\n\n")[1].splitlines()}
    assert fields["data"] == "required" and fields["data.facts"] == "required"
    assert fields["data.citations[].source"] == "required" and fields["data.citations[].locator"] == "optional"
    assert fields["claim.statement"] == "required"
    council = argcheck("moves", "council", "critique").stdout
    assert "critique_tree.confidence" in council and "critique_tree.sub_critiques" in council
