"""What a new user hits first: inline moves, pipes, messages in plain words, positions in the batch sent."""

from __future__ import annotations

import json
import os
import re
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
    assert result.exit_code == USAGE and "ARG007" in result.stdout
    assert "no such file (inline JSON must start with { or [)" in result.stdout


def test_an_apostrophe_escaped_as_the_shell_or_json_way_arrives_in_the_move(opened_state):
    """Inside single-quoted inline JSON, an apostrophe written the shell way (as apply --help says) or as the
    JSON escape (which a shell passes on, though Claude Code does not) arrives in the move."""
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


# ---------------------------------------------------------------- a batch: every bad move, located in the batch

BAD_BATCH = [
    dict(POINT, extra=1),
    {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "YES", "reason": "r"},
    {"type": "clasify", "actor": "orchestrator"},
    dict(POINT, id="P10"),
    {"type": "classify", "actor": "orchestrator", "point": "P10", "verdict": "AGREE", "reason": "my own point"},
]


def test_a_batch_reports_every_bad_move_and_leaves_the_file_unchanged(run, opened_state):
    before = opened_state.read_bytes()
    result = run("apply", "--format", "json", opened_state, json.dumps(BAD_BATCH))
    assert result.exit_code == FINDINGS
    located = {(f["move"], f["code"]) for f in result.json()["findings"]}
    assert {(1, "ARG013"), (2, "ARG013"), (3, "ARG014"), (5, "DLB113")} <= located, located
    assert opened_state.read_bytes() == before


def test_findings_point_into_the_batch_sent_in_json(run, opened_state):
    result = run("apply", "--format", "json", opened_state, json.dumps(BAD_BATCH))
    paths = {(f["move"], f["path"]) for f in result.json()["findings"]}
    assert (2, "/1/verdict") in paths and (3, "/2/type") in paths


def test_findings_point_into_the_batch_sent_in_words(run, opened_state, tmp_path):
    moves = tmp_path / "batch.json"
    moves.write_text(json.dumps(BAD_BATCH))
    result = run("apply", opened_state, moves)
    assert f"{moves}, move 2 of your batch, field verdict: ARG013" in result.stdout
    assert "/moves/" not in result.stdout
    single = run("apply", opened_state, json.dumps(dict(POINT, kind="opinion")))
    assert single.stdout.startswith("your move, field kind: ARG013")


def test_a_shape_message_is_in_plain_words(run, opened_state):
    result = run("apply", opened_state, json.dumps(BAD_BATCH[:2]))
    assert 'the move has an unknown field "extra"' in result.stdout
    assert 'verdict must be one of "AGREE", "SKEPTICAL", "REJECT", "ILL_FORMED" or "OUT_OF_SCOPE" (got "YES")' \
        in result.stdout
    assert "['" not in result.stdout and "{'" not in result.stdout


def test_a_mistyped_move_type_gets_a_did_you_mean(run, opened_state):
    result = run("apply", opened_state, '{"type": "clasify"}')
    assert "did you mean `classify`?" in result.stdout


def test_the_schema_hint_leads_to_a_command_that_works(run, opened_state):
    result = run("apply", opened_state, json.dumps(dict(POINT, kind="opinion")))
    hint = next(line for line in result.stdout.splitlines() if "hint:" in line)
    assert "argcheck schema PROTOCOL MOVE_TYPE" in hint
    move_schema = run("schema", "deliberate", "point")
    assert move_schema.exit_code == OK
    assert "kind" in move_schema.json()["properties"]
    assert run("schema", "deliberate", "header").json()["properties"]["question"]
    overview = run("schema")
    assert overview.exit_code == OK and "classify" in overview.stdout


def test_schema_of_an_unknown_move_type_is_a_usage_error_with_a_guess(run):
    result = run("schema", "deliberate", "clasify")
    assert result.exit_code == USAGE and "did you mean 'classify'?" in result.output


# ---------------------------------------------------------------- --quiet and --fail-on

REPLY = {"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "s"}
LATE_POINT = {"type": "point", "actor": "consultee", "id": "P7", "text": "A late point.", "kind": "value"}


def in_round_three(run, state):
    """Three replies recorded: a new point now draws the DLB103 warning (it is still recorded)."""
    assert run("apply", "-q", state, json.dumps([REPLY, REPLY, REPLY])).exit_code == OK


def reply_envelope(points) -> str:
    body = json.dumps({"points": points})
    return json.dumps({"envelope": 1, "consultee": "codex", "session_id": "s", "failure": None, "exit_code": 0,
                       "response": f"```json\n{body}\n```\n"})


def test_apply_quiet_prints_no_summary_line(run, state):
    result = run("apply", "--quiet", state, json.dumps(REPLY))
    assert result.exit_code == OK and result.stdout == "" and result.stderr == ""
    assert len(moves_of(state)) == 1


def test_apply_quiet_still_prints_the_findings(run, state):
    result = run("apply", "-q", state, json.dumps(LATE_POINT))
    assert "DLB106" in result.stdout and "refused" not in result.stdout


def test_init_quiet_prints_only_the_path(run, tmp_path):
    target = tmp_path / "q.json"
    result = run("init", "deliberate", "--question", "Cache or not?", "--state", target, "--quiet")
    assert result.exit_code == OK and result.stdout == f"{target}\n" and result.stderr == ""


@pytest.mark.parametrize("fail_on, expected", [("error", OK), ("warning", FINDINGS)])
def test_apply_fail_on_warning_makes_a_warning_exit_1(run, state, fail_on, expected):
    in_round_three(run, state)
    result = run("apply", "--fail-on", fail_on, state, json.dumps(LATE_POINT))
    assert "DLB103" in result.stdout and result.exit_code == expected, result.output
    assert moves_of(state)[-1]["id"] == "P7"


@pytest.mark.parametrize("fail_on, expected", [("error", OK), ("warning", FINDINGS)])
def test_ingest_fail_on_warning_makes_a_warning_exit_1(run, state, fail_on, expected):
    in_round_three(run, state)
    result = run("ingest", "--fail-on", fail_on, state, "-", input=reply_envelope([
        {"id": "P7", "kind": "value", "text": "A late point."}]))
    assert "DLB103" in result.stdout and result.exit_code == expected, result.output


def test_ingest_quiet_prints_no_summary_line(run, state):
    result = run("ingest", "-q", state, "-", input=reply_envelope([{"id": "P1", "kind": "value", "text": "A point."}]))
    assert result.exit_code == OK and result.stdout == "", result.output


# ---------------------------------------------------------------- next without STATE


def test_next_without_state_picks_the_only_run(run_proc, tmp_path):
    made = run_proc("init", "deliberate", "--question", "Cache or not?", cwd=tmp_path)
    result = run_proc("next", cwd=tmp_path)
    assert result.exit_code == OK, result.output
    assert "Cache or not?" in result.stdout and result.stderr == ""
    assert made.exit_code == OK, made.output


def test_next_without_state_picks_the_most_recently_updated_run_and_says_which(run_proc, tmp_path):
    run_proc("init", "deliberate", "--question", "The older run?", "--state", ".argcheck/a.json", cwd=tmp_path,
             env={"ARGCHECK_NOW": "2026-01-01T00:00:00Z"})
    run_proc("init", "deliberate", "--question", "The newer run?", "--state", ".argcheck/b.json", cwd=tmp_path,
             env={"ARGCHECK_NOW": "2026-02-01T00:00:00Z"})
    result = run_proc("next", cwd=tmp_path)
    assert result.exit_code == OK and "The newer run?" in result.stdout
    assert "using .argcheck/b.json, the most recently updated of 2 runs" in result.stderr


def test_next_without_state_and_no_runs_is_a_usage_error(run_proc, tmp_path):
    result = run_proc("next", cwd=tmp_path)
    assert result.exit_code == USAGE and "no state files in ./.argcheck" in result.stderr


# ---------------------------------------------------------------- demo: no commands on a file it deletes


def test_demo_without_keep_suggests_no_command_on_the_file_it_deletes(run_proc, tmp_path):
    result = run_proc("demo", "--no-color", env={"TMPDIR": str(tmp_path)})
    assert result.exit_code == OK, result.output
    assert "argcheck-demo-" in result.stdout
    assert not re.search(r"argcheck [a-z]+ \S*argcheck-demo-", result.stdout)
    assert "argcheck consult STATE" in result.stdout
    assert "`argcheck demo deliberate --keep DIR` keeps them" in result.stdout.splitlines()[-1]


def test_demo_with_keep_names_the_kept_file_in_its_suggestions(run_proc, tmp_path):
    keep = tmp_path / "kept"
    result = run_proc("demo", "--no-color", "--keep", keep)
    kept = keep / "deliberate-demo.json"
    assert result.exit_code == OK and kept.is_file()
    assert f"argcheck consult {kept}" in result.stdout
    assert f"`argcheck next {kept}`" in result.stdout.splitlines()[-1]


# ---------------------------------------------------------------- colour: NO_COLOR everywhere, in a terminal


def in_a_terminal(*args: str, env: dict, cwd) -> bytes:
    """Run argcheck with stdout and stderr on a pseudo-terminal; return everything it wrote."""
    import pty

    leader, follower = pty.openpty()
    process = subprocess.Popen([argcheck_executable(), *map(str, args)], stdin=subprocess.DEVNULL,
                               stdout=follower, stderr=follower, env={**os.environ, **env}, cwd=cwd)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO once the child has exited and the terminal is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks)


COMMANDS = [("demo",), ("--help",), ("apply", "--help"), ("validate", "{state}"), ("next", "{state}"),
            ("sessions",), ("rules",), ("rules", "ARG013"), ("apply", "{state}", '{"type": "clasify"}'),
            ("schema",)]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_no_color_means_no_escape_codes_in_a_terminal(opened_state, args):
    args = [a.replace("{state}", str(opened_state)) for a in args]
    output = in_a_terminal(*args, env={"NO_COLOR": "1"}, cwd=opened_state.parent)
    assert output and b"\033[" not in output


def test_the_demo_colours_a_terminal_unless_told_not_to(tmp_path):
    assert b"\033[" in in_a_terminal("demo", env={}, cwd=tmp_path)
    assert b"\033[" not in in_a_terminal("demo", "--no-color", env={}, cwd=tmp_path)


# ---------------------------------------------------------------- shell completion and rules --format md

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_the_readme_documents_is_produced(run_proc, shell):
    with open(README, encoding="utf-8") as handle:
        assert f"_ARGCHECK_COMPLETE={shell}_source argcheck" in handle.read()
    result = run_proc(env={"_ARGCHECK_COMPLETE": f"{shell}_source"})
    assert result.exit_code == OK and "_ARGCHECK_COMPLETE" in result.stdout and "argcheck" in result.stdout


def test_completion_completes_a_command_name(run_proc):
    result = run_proc(env={"_ARGCHECK_COMPLETE": "bash_complete", "COMP_WORDS": "argcheck ap", "COMP_CWORD": "1"})
    assert result.exit_code == OK and "apply" in result.stdout.split()[-1]


def test_rules_format_md_explains_one_code_in_markdown(run):
    md, text = run("rules", "ARG013", "--format", "md"), run("rules", "ARG013")
    assert md.exit_code == OK and md.stdout.startswith("## ARG013 SCHEMA_VIOLATION") and md.stdout != text.stdout


def test_rules_of_an_unknown_protocol_is_a_usage_error(run):
    assert run("rules", "--protocol", "nosuch").exit_code == USAGE


# ---------------------------------------------------------------- locating findings never breaks on a broken state

TOP_LEVEL_EDITS = {
    "move_count deleted": lambda d: d.pop("move_count"),
    "move_count a string": lambda d: d.update(move_count="3"),
    "move_count true": lambda d: d.update(move_count=True),
    "moves null": lambda d: d.update(moves=None),
    "the top level an array": lambda d: [d],
}


@pytest.mark.parametrize("edit", list(TOP_LEVEL_EDITS))
def test_apply_to_a_state_with_a_broken_top_level_is_refused_not_a_crash(run, opened_state, edit):
    doc = json.loads(opened_state.read_text())
    changed = TOP_LEVEL_EDITS[edit](doc)
    opened_state.write_text(json.dumps(changed if isinstance(changed, list) else doc))
    before = opened_state.read_bytes()
    for fmt in ("text", "json"):
        result = run("apply", "--format", fmt, opened_state, json.dumps([POINT, dict(POINT, id="P10")]))
        assert result.exit_code == FINDINGS and "internal error" not in result.output, result.output
    assert opened_state.read_bytes() == before


def test_a_finding_about_another_move_keeps_its_state_position():
    from argcheck.cli.batchview import Batch
    from argcheck.core.rules import finding

    about_move_13 = finding("ARG016")._replace(move=2, path="/moves/12/text")
    located = Batch("MOVES (stdin)", single=False).locate([about_move_13], before=1, fmt="text")[0]
    assert located.path == "move 1 of your batch (/moves/12/text)"
