"""What a new user hits first: inline moves, pipes, messages in plain words, positions in the batch sent."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.cli.conftest import argcheck_executable

OK, FINDINGS, USAGE = 0, 1, 2
POINT = {"type": "point", "actor": "orchestrator", "id": "P9", "text": "A good point.", "kind": "value"}


def moves_of(path) -> list[dict]:
    return json.loads(path.read_text())["moves"]


# ---------------------------------------------------------------- MOVES: inline JSON, pipes, character devices


@pytest.mark.parametrize("spacing", ["", "  ", "\n\t"])
def test_apply_takes_an_inline_json_move(run, opened_state, spacing):
    result = run("apply", opened_state, spacing + json.dumps(POINT))
    assert result.exit_code == OK, result.output
    assert moves_of(opened_state)[-1]["id"] == "P9"


def test_apply_takes_an_inline_json_batch(run, opened_state):
    second = dict(POINT, id="P10")
    result = run("apply", opened_state, json.dumps([POINT, second]))
    assert result.exit_code == OK, result.output
    assert [m["id"] for m in moves_of(opened_state)[-2:]] == ["P9", "P10"]


def test_inline_json_that_is_not_json_is_named_as_such_and_changes_nothing(run, opened_state):
    before = opened_state.read_bytes()
    result = run("apply", opened_state, '{"type": "point",}')
    assert result.exit_code == USAGE and "ARG001" in result.stdout
    assert result.stdout.startswith("MOVES (inline JSON): ")
    assert opened_state.read_bytes() == before


def test_inline_json_keeps_the_size_limit(run, opened_state):
    result = run("apply", opened_state, json.dumps(POINT), env={"ARGCHECK_MAX_BYTES": "16"})
    assert result.exit_code == USAGE and "ARG003" in result.stdout


def test_an_argument_not_starting_with_a_brace_is_still_a_path(run, opened_state, tmp_path):
    result = run("apply", opened_state, str(tmp_path / "point.json"))
    assert result.exit_code == USAGE and "ARG007" in result.stdout and "No such file" in result.stdout


def test_an_apostrophe_escaped_as_the_shell_or_json_way_arrives_in_the_move(opened_state):
    """The two ways apply --help documents for an apostrophe inside single-quoted inline JSON."""
    script = ("argcheck apply \"$1\" '{\"type\": \"point\", \"actor\": \"orchestrator\", \"id\": \"P9\", "
              "\"text\": \"it'\\''s \\u0027fast\\u0027\", \"kind\": \"value\"}'")
    done = subprocess.run(["bash", "-c", script, "bash", str(opened_state)], capture_output=True, text=True,
                          env={"PATH": f"{_bin_dir()}:/usr/bin:/bin", "ARGCHECK_NOW": "2026-03-01T12:00:00Z"})
    assert done.returncode == OK, done.stdout + done.stderr
    assert moves_of(opened_state)[-1]["text"] == "it's 'fast'"


PIPED = {"/dev/stdin": 'cat "$2" | argcheck apply "$1" /dev/stdin',
         "process substitution": 'argcheck apply "$1" <(cat "$2")'}


@pytest.mark.parametrize("how", list(PIPED))
def test_apply_reads_dev_stdin_and_a_process_substitution(opened_state, how):
    moves = opened_state.parent / "p.json"
    moves.write_text(json.dumps(POINT))
    done = subprocess.run(["bash", "-c", PIPED[how], "bash", str(opened_state), str(moves)], capture_output=True,
                          text=True, env={"PATH": f"{_bin_dir()}:/usr/bin:/bin"})
    assert done.returncode == OK, done.stdout + done.stderr
    assert moves_of(opened_state)[-1]["id"] == "P9"


def test_a_character_device_is_read_under_the_size_limit(run, opened_state):
    before = opened_state.read_bytes()
    result = run("apply", opened_state, "/dev/zero", env={"ARGCHECK_MAX_BYTES": "4096"})
    assert result.exit_code == USAGE and "ARG003" in result.stdout, result.output
    assert opened_state.read_bytes() == before


def test_ingest_of_empty_input_says_the_wrapper_printed_nothing(run, opened_state):
    before = opened_state.read_bytes()
    result = run("ingest", opened_state, "-", input="")
    assert result.exit_code == USAGE
    assert "empty input: the consultee wrapper printed nothing" in result.stdout
    assert "Expecting value" not in result.stdout
    assert opened_state.read_bytes() == before


def _bin_dir() -> str:
    return os.path.dirname(argcheck_executable())


# ---------------------------------------------------------------- a hand-edited state


def test_apply_after_a_hand_edit_names_the_file_once_and_fills_the_hint(run, opened_state):
    doc = json.loads(opened_state.read_text())
    doc["moves"][1]["text"] = "edited by hand"
    opened_state.write_text(json.dumps(doc))
    result = run("apply", opened_state, json.dumps(POINT))
    assert result.exit_code == FINDINGS
    assert f"{opened_state}: ARG024" in result.stdout
    assert f"{opened_state}:{opened_state}" not in result.stdout
    assert f"run `argcheck validate {opened_state}`" in result.stdout and "{" not in result.stdout
