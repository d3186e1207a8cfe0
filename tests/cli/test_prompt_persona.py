"""`argcheck prompt STATE --persona NAME`: a persona's subagent fetches its own prompt (issue 17), so the
persona prompts never pass through the orchestrator. Both the fast path and click parse it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.protocols.council import demo

ARGCHECK = [sys.executable, "-m", "argcheck"]


def run(*args, stdin=None, cwd=None):
    return subprocess.run([*ARGCHECK, *map(str, args)], input=stdin, capture_output=True, text=True, cwd=cwd,
                          env=dict(os.environ, ARGCHECK_NOW="2026-11-21T10:00:00Z"), timeout=60)


@pytest.fixture
def council(tmp_path) -> Path:
    document = tmp_path / "design.md"
    document.write_text(demo._data("design.md").read_text(encoding="utf-8"), encoding="utf-8")
    state = tmp_path / "c.json"
    assert run("init", "council", "--document", document, "--state", state, "--workspace", tmp_path).returncode == 0
    return state


def critique(name: str, claim_id: str) -> str:
    return json.dumps({"agent_style": name, "critique_tree": {
        "id": claim_id, "claim": "The durability guarantee names no mechanism.",
        "evidence": "A snapshot is taken every 100 events", "confidence": 0.6, "severity": "Medium",
        "sub_critiques": []}})


def test_each_pending_persona_gets_its_own_critique_prompt(council):
    kant, popper = run("prompt", council, "--persona", "Kant"), run("prompt", council, "--persona", "Popper")
    assert kant.returncode == popper.returncode == 0
    assert kant.stdout.startswith("You are Kant") and popper.stdout.startswith("You are Popper")
    assert "KAN-" in kant.stdout and "POP-" in popper.stdout


def test_the_option_may_come_first_or_as_name_equals_value(council):
    first = run("prompt", "--persona", "Kant", council)
    joined = run("prompt", council, "--persona=Kant")
    assert first.stdout == joined.stdout == run("prompt", council, "--persona", "Kant").stdout


def test_after_its_critique_a_persona_owes_nothing_until_the_self_critique_round(council):
    assert run("ingest", council, critique("Leibniz", "LEI-1")).returncode == 0
    done = run("prompt", council, "--persona", "Leibniz")
    assert done.returncode == 2 and done.stdout == ""
    assert "Leibniz owes nothing in the critique round" in done.stderr and "Traceback" not in done.stderr


def test_the_self_critique_prompt_holds_the_other_critiques(council):
    prefixes = {"Aristotle": "ARI", "Descartes": "DES", "Kant": "KAN", "Leibniz": "LEI", "Popper": "POP",
                "Russell": "RUS"}
    for name, prefix in prefixes.items():
        assert run("ingest", council, critique(name, f"{prefix}-1")).returncode == 0
    text = run("prompt", council, "--persona", "Popper").stdout
    assert text.startswith("You are Popper") and "LEI-1" in text and "POP-1" in text


def test_an_unknown_persona_is_a_usage_error_naming_the_panel(council):
    before = council.read_bytes()
    done = run("prompt", council, "--persona", "Nobody")
    assert done.returncode == 2 and "no persona 'Nobody' on this panel" in done.stderr and "Aristotle" in done.stderr
    assert council.read_bytes() == before


def test_a_protocol_without_persona_rounds_says_so(tmp_path):
    state = tmp_path / "t.json"
    run("init", "toulmin", "--query", "Should we cache the invoices?", "--state", state)
    done = run("prompt", state, "--persona", "Kant")
    assert done.returncode == 2 and "has no persona rounds" in done.stderr and "Traceback" not in done.stderr
