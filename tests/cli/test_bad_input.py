"""Bad input of every kind gets a clear finding and a documented exit code — never a traceback, and
never a changed state file (bytes compared before and after)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest


OK, FINDINGS, USAGE, INTERNAL, TERMINAL, BUSY = 0, 1, 2, 3, 4, 5

GOOD_MOVE = {"type": "point", "actor": "orchestrator", "id": "P9", "text": "A good point.", "kind": "value"}


def write_moves(directory: Path, moves, name: str = "moves.json") -> Path:
    """Write a move (or a list of moves) as a JSON file in `directory`."""
    path = Path(directory) / name
    path.write_text(json.dumps(moves, ensure_ascii=False))
    return path


def clean_failure(result, exit_code: int, code: str | None = None) -> None:
    """The result exited with `exit_code`, printed `code`, and carried no traceback."""
    assert "Traceback" not in result.stdout and "Traceback" not in result.stderr, result.output
    assert "internal error" not in result.output, result.output
    assert result.exit_code == exit_code, result.output
    if code is not None:
        assert code in result.output, result.output


def big_sparse_file(path: Path, size: int = 100 * 1024 * 1024) -> Path:
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


# ---------------------------------------------------------------- bad MOVES for `apply`

MOVE_CASES = {
    # name: (bytes of MOVES, exit code, finding code)
    "not json": (b'{"type": "point",', USAGE, "ARG001"),
    "trailing comma": (b'{"type": "abort", "actor": "user", "reason": "x",}', USAGE, "ARG001"),
    "empty file": (b"", USAGE, "ARG001"),
    "whitespace only": (b" \n\t", USAGE, "ARG001"),
    "wrong type: text is a number": (json.dumps(dict(GOOD_MOVE, text=42)).encode(), FINDINGS, "ARG013"),
    "wrong type: kind is a list": (json.dumps(dict(GOOD_MOVE, kind=["value"])).encode(), FINDINGS, "ARG013"),
    "wrong type: actor is an object": (json.dumps(dict(GOOD_MOVE, actor={"a": 1})).encode(), FINDINGS, "ARG013"),
    "wrong enum value": (json.dumps(dict(GOOD_MOVE, kind="opinion")).encode(), FINDINGS, "ARG013"),
    "id with a space": (json.dumps(dict(GOOD_MOVE, id="P 9")).encode(), FINDINGS, "ARG013"),
    "unknown move type": (b'{"type": "teleport", "actor": "orchestrator"}', FINDINGS, "ARG014"),
    "no move type": (b'{"actor": "orchestrator", "id": "P9"}', FINDINGS, "ARG014"),
    "move type is a list": (b'{"type": ["point"], "actor": "orchestrator"}', FINDINGS, "ARG014"),
    "move type is an object": (b'{"type": {"point": 1}, "actor": "orchestrator"}', FINDINGS, "ARG014"),
    "missing required field": (json.dumps({k: v for k, v in GOOD_MOVE.items() if k != "text"}).encode(),
                               FINDINGS, "ARG013"),
    "missing actor": (json.dumps({k: v for k, v in GOOD_MOVE.items() if k != "actor"}).encode(),
                      FINDINGS, "ARG013"),
    "extra field": (json.dumps(dict(GOOD_MOVE, confidence=0.9)).encode(), FINDINGS, "ARG013"),
    "managed field seq": (json.dumps(dict(GOOD_MOVE, seq=7)).encode(), FINDINGS, "ARG015"),
    "managed field prev": (json.dumps(dict(GOOD_MOVE, prev="0" * 32)).encode(), FINDINGS, "ARG015"),
    "managed field at": (json.dumps(dict(GOOD_MOVE, at="2026-01-01T00:00:00Z")).encode(), FINDINGS, "ARG015"),
    "oversized text": (json.dumps(dict(GOOD_MOVE, text="x" * 4001)).encode(), FINDINGS, "ARG013"),
    "oversized id": (json.dumps(dict(GOOD_MOVE, id="P" + "1" * 40)).encode(), FINDINGS, "ARG013"),
    "empty text": (json.dumps(dict(GOOD_MOVE, text="")).encode(), FINDINGS, "ARG013"),
    "nesting 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, USAGE, "ARG004"),
    "nesting 100,000 deep inside a move": (b'{"type": "point", "text": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                                            USAGE, "ARG004"),
    "invalid utf-8": (b'{"type": "point", "text": "caf\xe9"}', USAGE, "ARG002"),
    "lone surrogate escape": (b'{"type": "point", "actor": "orchestrator", "id": "P9", "kind": "value", '
                              b'"text": "\\ud800"}', USAGE, "ARG002"),
    "NaN": (b'{"type": "consult", "actor": "consultee", "outcome": "reply", "duration_ms": NaN}', USAGE, "ARG006"),
    "Infinity": (b'{"type": "consult", "actor": "consultee", "outcome": "reply", "duration_ms": Infinity}',
                 USAGE, "ARG006"),
    "1e999": (b'{"type": "consult", "actor": "consultee", "outcome": "reply", "duration_ms": 1e999}',
              USAGE, "ARG006"),
    "duplicate keys": (b'{"type": "point", "type": "abort", "actor": "user", "reason": "x"}', USAGE, "ARG005"),
    "empty move array": (b"[]", FINDINGS, "ARG016"),
    "array of non-objects": (b'[1, "two", null]', FINDINGS, "ARG013"),
    "a bare number": (b"42", FINDINGS, "ARG013"),
    "a bare string": (b'"point"', FINDINGS, "ARG013"),
    "null": (b"null", FINDINGS, "ARG013"),
    "one bad move in a batch": (json.dumps([GOOD_MOVE, dict(GOOD_MOVE, id="P10", text=None, kind=3)]).encode(),
                                FINDINGS, "ARG013"),
}


@pytest.mark.parametrize("name", list(MOVE_CASES))
def test_apply_refuses_bad_moves_and_leaves_the_state_unchanged(run, opened_state, tmp_path, name):
    data, exit_code, code = MOVE_CASES[name]
    moves = tmp_path / "moves.json"
    moves.write_bytes(data)
    before = opened_state.read_bytes()
    result = run("apply", opened_state, moves)
    clean_failure(result, exit_code, code)
    assert opened_state.read_bytes() == before


@pytest.mark.parametrize("name", ["not json", "invalid utf-8", "managed field seq", "empty move array",
                                  "duplicate keys", "nesting 100,000 deep"])
def test_apply_refuses_bad_moves_on_stdin(run, opened_state, name):
    data, exit_code, code = MOVE_CASES[name]
    before = opened_state.read_bytes()
    result = run("apply", opened_state, "-", input=data)
    clean_failure(result, exit_code, code)
    assert opened_state.read_bytes() == before


@pytest.mark.parametrize("name", ["not json", "unknown move type", "extra field", "NaN"])
def test_apply_reports_bad_moves_as_json_too(run, opened_state, tmp_path, name):
    data, exit_code, code = MOVE_CASES[name]
    moves = tmp_path / "moves.json"
    moves.write_bytes(data)
    result = run("apply", opened_state, moves, "--format", "json")
    clean_failure(result, exit_code, code)
    report = result.json()
    assert code in [f["code"] for f in report["findings"]]


def test_apply_refuses_an_integer_with_thousands_of_digits(run, opened_state, tmp_path):
    moves = tmp_path / "moves.json"
    moves.write_bytes(b'{"type": "consult", "actor": "consultee", "outcome": "reply", "duration_ms": '
                      + b"9" * 5000 + b"}")
    before = opened_state.read_bytes()
    result = run("apply", opened_state, moves)
    clean_failure(result, USAGE)
    assert opened_state.read_bytes() == before


def test_apply_refuses_a_100_megabyte_moves_file_fast(run, opened_state, tmp_path):
    moves = big_sparse_file(tmp_path / "huge.json")
    before = opened_state.read_bytes()
    started = time.perf_counter()
    result = run("apply", opened_state, moves)
    assert time.perf_counter() - started < 2
    clean_failure(result, USAGE, "ARG003")
    assert opened_state.read_bytes() == before


def test_apply_honours_a_lower_size_limit(run, opened_state, tmp_path):
    moves = write_moves(tmp_path, GOOD_MOVE)
    before = opened_state.read_bytes()
    result = run("apply", opened_state, moves, env={"ARGCHECK_MAX_BYTES": "16"})
    clean_failure(result, USAGE, "ARG003")
    assert opened_state.read_bytes() == before


@pytest.mark.parametrize("kind", ["directory", "missing parent", "proc mem"])
def test_apply_refuses_an_unreadable_moves_path(run, opened_state, tmp_path, kind):
    """chmod 000 does not stop root from reading, so unreadable paths are: a directory, a path whose
    parent directory is missing, and /proc/self/mem, a "regular" file whose read fails with EIO."""
    target = {"directory": tmp_path, "missing parent": tmp_path / "no" / "moves.json",
              "proc mem": Path("/proc/self/mem")}[kind]
    before = opened_state.read_bytes()
    result = run("apply", opened_state, target)
    clean_failure(result, USAGE, "ARG007")
    assert opened_state.read_bytes() == before


def test_apply_reads_a_named_pipe_nobody_writes_to_as_empty_without_blocking(run, opened_state, tmp_path):
    """A pipe is read (for <(...) and /dev/stdin), opened without blocking: a FIFO with no writer is empty."""
    target = tmp_path / "fifo"
    os.mkfifo(target)
    before = opened_state.read_bytes()
    result = run("apply", opened_state, target)
    clean_failure(result, USAGE, "ARG001")
    assert "empty input" in result.output
    assert opened_state.read_bytes() == before


# ---------------------------------------------------------------- a bad STATE for `apply`


@pytest.mark.parametrize("kind", ["directory", "missing file", "missing parent", "fifo"])
def test_apply_to_an_unreadable_state_is_a_usage_error(run, tmp_path, kind):
    target = {"directory": tmp_path / "d", "missing file": tmp_path / "absent.json",
              "missing parent": tmp_path / "no" / "such" / "state.json", "fifo": tmp_path / "fifo.json"}[kind]
    if kind == "directory":
        target.mkdir()
    if kind == "fifo":
        os.mkfifo(target)
    moves = write_moves(tmp_path, GOOD_MOVE)
    result = run("apply", target, moves)
    clean_failure(result, USAGE, "ARG007")
    assert not (tmp_path / "absent.json").exists()


def test_apply_to_a_state_that_is_not_json(run, tmp_path):
    target = tmp_path / "state.json"
    target.write_bytes(b"\xff\xfe not json")
    result = run("apply", target, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(result, USAGE, "ARG002")
    assert target.read_bytes() == b"\xff\xfe not json"


def test_apply_to_an_array_is_refused(run, tmp_path):
    target = tmp_path / "state.json"
    target.write_bytes(b"[1, 2, 3]")
    result = run("apply", target, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(result, FINDINGS, "ARG010")
    assert target.read_bytes() == b"[1, 2, 3]"


def test_apply_to_a_state_of_an_unknown_protocol_is_refused(run, opened_state, tmp_path):
    doc = json.loads(opened_state.read_bytes())
    doc["protocol"] = "debate"
    opened_state.write_text(json.dumps(doc))
    before = opened_state.read_bytes()
    result = run("apply", opened_state, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(result, FINDINGS, "ARG011")
    assert opened_state.read_bytes() == before


# ---------------------------------------------------------------- bad state files for `validate`


def state_doc(path: Path) -> dict:
    return json.loads(path.read_bytes())


def edited(path: Path, change) -> bytes:
    doc = state_doc(path)
    change(doc)
    data = json.dumps(doc, ensure_ascii=False).encode()
    path.write_bytes(data)
    return data


def _set(key, value):
    def change(doc):
        doc[key] = value
    return change


def _move(index, key, value):
    def change(doc):
        doc["moves"][index][key] = value
    return change


def _drop_move_field(index, key):
    def change(doc):
        del doc["moves"][index][key]
    return change


STATE_EDITS = {
    # name: (change, exit code, finding code)
    "format wrong": (_set("format", "other-tool"), FINDINGS, "ARG010"),
    "unknown protocol": (_set("protocol", "debate"), FINDINGS, "ARG011"),
    "protocol is a list": (_set("protocol", ["deliberate"]), FINDINGS, "ARG011"),
    "protocol is an object": (_set("protocol", {"name": "deliberate"}), FINDINGS, "ARG011"),
    "protocol is null": (_set("protocol", None), FINDINGS, "ARG011"),
    "unsupported version": (_set("version", 99), FINDINGS, "ARG012"),
    "version is a string": (_set("version", "1"), FINDINGS, "ARG012"),
    "moves is an object": (_set("moves", {"0": {}}), FINDINGS, "ARG013"),
    "moves is null": (_set("moves", None), FINDINGS, "ARG013"),
    "header is a string": (_set("header", "q"), FINDINGS, "ARG013"),
    "header question is a number": (lambda doc: doc["header"].update(question=7), FINDINGS, "ARG013"),
    "header extra field": (lambda doc: doc["header"].update(secret=1), FINDINGS, "ARG013"),
    "missing top-level field": (lambda doc: doc.pop("head"), FINDINGS, "ARG013"),
    "extra top-level field": (_set("comment", "hand-written"), FINDINGS, "ARG013"),
    "unknown move type in the log": (_move(1, "type", "teleport"), FINDINGS, "ARG014"),
    "a move that is a string": (lambda doc: doc["moves"].__setitem__(1, "point P1"), FINDINGS, "ARG013"),
    "a move that is null": (lambda doc: doc["moves"].__setitem__(1, None), FINDINGS, "ARG013"),
    "a move missing a required field": (_drop_move_field(1, "text"), FINDINGS, "ARG013"),
    "a move with an extra field": (_move(1, "confidence", 0.5), FINDINGS, "ARG013"),
    "a move with a wrong type": (_move(1, "kind", 3), FINDINGS, "ARG013"),
    "a move with an oversized string": (_move(1, "text", "y" * 5000), FINDINGS, "ARG013"),
    "a stored move without at": (_drop_move_field(1, "at"), FINDINGS, "ARG013"),
    "a stored move with seq a string": (_move(1, "seq", "2"), FINDINGS, "ARG021"),
    "a stored move with prev a number": (_move(1, "prev", 5), FINDINGS, "ARG020"),
    "status edited": (_set("status", "presented"), FINDINGS, "ARG023"),
    "move_count edited": (_set("move_count", 99), FINDINGS, "ARG023"),
    "move_count true": (_set("move_count", True), FINDINGS, "/move_count"),
    "move_count a float equal to the count (5.0 == 5 in Python)": (_set("move_count", 5.0), FINDINGS, "/move_count"),
    "head edited": (_set("head", "0" * 32), FINDINGS, "ARG022"),
    "question edited": (lambda doc: doc["header"].update(question="Another question?"), FINDINGS, "ARG020"),
}


@pytest.mark.parametrize("name", list(STATE_EDITS))
def test_validate_reports_a_bad_state_and_apply_refuses_it(run, opened_state, tmp_path, name):
    change, exit_code, code = STATE_EDITS[name]
    data = edited(opened_state, change)
    result = run("validate", opened_state)
    clean_failure(result, exit_code, code)
    assert opened_state.read_bytes() == data
    refused = run("apply", opened_state, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(refused, FINDINGS)
    assert opened_state.read_bytes() == data


@pytest.mark.parametrize("name", ["unknown protocol", "a move with an extra field", "head edited"])
def test_validate_reports_a_bad_state_as_json(run, opened_state, name):
    change, exit_code, code = STATE_EDITS[name]
    edited(opened_state, change)
    result = run("validate", "--format", "json", opened_state)
    clean_failure(result, exit_code, code)
    report = result.json()
    assert report["valid"] is False
    assert code in [f["code"] for f in report["findings"]]


STATE_BYTES = {
    # name: (file bytes, exit code, finding code)
    "not json": (b"state: yes", USAGE, "ARG001"),
    "empty file": (b"", USAGE, "ARG001"),
    "truncated": (b'{"format": "argcheck-state", "version": 1, "moves": [', USAGE, "ARG001"),
    "a json array": (b"[1, 2, 3]", FINDINGS, "ARG010"),
    "an empty array": (b"[]", FINDINGS, "ARG010"),
    "a string": (b'"argcheck-state"', FINDINGS, "ARG010"),
    "null": (b"null", FINDINGS, "ARG010"),
    "an empty object": (b"{}", FINDINGS, "ARG010"),
    "nesting 100,000 deep": (b'{"moves": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", USAGE, "ARG004"),
    "invalid utf-8": (b'{"format": "argcheck-state\x80"}', USAGE, "ARG002"),
    "latin-1 text": ('{"header": {"question": "Größe?"}}'.encode("latin-1"), USAGE, "ARG002"),
    "lone surrogate escape": (b'{"format": "argcheck-state", "id": "\\udead"}', USAGE, "ARG002"),
    "NaN": (b'{"format": "argcheck-state", "move_count": NaN}', USAGE, "ARG006"),
    "-Infinity": (b'{"format": "argcheck-state", "move_count": -Infinity}', USAGE, "ARG006"),
    "1e999": (b'{"format": "argcheck-state", "move_count": 1e999}', USAGE, "ARG006"),
    "duplicate keys": (b'{"format": "argcheck-state", "format": "argcheck-state"}', USAGE, "ARG005"),
}


@pytest.mark.parametrize("name", list(STATE_BYTES))
def test_validate_refuses_bad_state_bytes(run, tmp_path, name):
    data, exit_code, code = STATE_BYTES[name]
    path = tmp_path / "state.json"
    path.write_bytes(data)
    result = run("validate", path)
    clean_failure(result, exit_code, code)
    assert path.read_bytes() == data


@pytest.mark.parametrize("name", ["not json", "a json array", "NaN", "duplicate keys"])
def test_apply_to_bad_state_bytes_is_refused(run, tmp_path, name):
    data, exit_code, code = STATE_BYTES[name]
    path = tmp_path / "state.json"
    path.write_bytes(data)
    result = run("apply", path, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(result, exit_code, code)
    assert path.read_bytes() == data


@pytest.mark.parametrize("name", ["not json", "invalid utf-8", "a json array"])
def test_validate_reads_bad_state_bytes_from_stdin(run, name):
    data, exit_code, code = STATE_BYTES[name]
    clean_failure(run("validate", "-", input=data), exit_code, code)


def test_validate_refuses_an_integer_with_thousands_of_digits(run, tmp_path):
    path = tmp_path / "state.json"
    path.write_bytes(b'{"format": "argcheck-state", "move_count": ' + b"1" * 5000 + b"}")
    clean_failure(run("validate", path), USAGE)


def test_validate_refuses_a_deep_but_parseable_move_without_crashing(run, opened_state):
    """Nesting just under the parser's limit parses, and every later recursive pass must cope with it."""
    doc = state_doc(opened_state)
    for depth in (900, 950, 980, 990, 995):
        text = json.dumps(doc)[:-1] + ', "junk": ' + "[" * depth + "]" * depth + "}"
        opened_state.write_text(text)
        result = run("validate", opened_state)
        assert "Traceback" not in result.output and "internal error" not in result.output, (depth, result.output)
        assert result.exit_code in (FINDINGS, USAGE), (depth, result.output)


def test_validate_refuses_a_deep_but_parseable_value_inside_a_move(run, opened_state):
    doc = state_doc(opened_state)
    for depth in (900, 950, 980, 990, 995):
        nested = "[" * depth + "]" * depth
        moves = [json.dumps(m) for m in doc["moves"]]
        moves[-1] = moves[-1][:-1] + ', "junk": ' + nested + "}"
        text = json.dumps(dict(doc, moves=[]))[:-len("[]}")] + "[" + ",".join(moves) + "]}"
        opened_state.write_text(text)
        before = opened_state.read_bytes()
        result = run("validate", opened_state)
        assert "Traceback" not in result.output and "internal error" not in result.output, (depth, result.output)
        assert result.exit_code in (FINDINGS, USAGE), (depth, result.output)
        refused = run("apply", opened_state, write_moves(opened_state.parent, GOOD_MOVE))
        assert "internal error" not in refused.output, (depth, refused.output)
        assert refused.exit_code in (FINDINGS, USAGE), (depth, refused.output)
        assert opened_state.read_bytes() == before


def test_validate_refuses_a_100_megabyte_state_fast(run, tmp_path):
    path = big_sparse_file(tmp_path / "huge.json")
    started = time.perf_counter()
    result = run("validate", path)
    assert time.perf_counter() - started < 2
    clean_failure(result, USAGE, "ARG003")
    assert "104857600" in result.output and str(64 * 1024 * 1024) in result.output


def test_validate_refuses_a_100_megabyte_state_fast_in_a_fresh_process(run_proc, tmp_path):
    path = big_sparse_file(tmp_path / "huge.json")
    started = time.perf_counter()
    result = run_proc("validate", path)
    assert time.perf_counter() - started < 5
    clean_failure(result, USAGE, "ARG003")


def test_apply_refuses_a_100_megabyte_state_fast(run, tmp_path):
    path = big_sparse_file(tmp_path / "huge.json")
    started = time.perf_counter()
    result = run("apply", path, write_moves(tmp_path, GOOD_MOVE))
    assert time.perf_counter() - started < 2
    clean_failure(result, USAGE, "ARG003")
    assert path.stat().st_size == 100 * 1024 * 1024


@pytest.mark.parametrize("kind", ["directory", "missing file", "missing parent", "fifo", "proc mem", "dev null"])
def test_validate_refuses_an_unreadable_path(run, tmp_path, kind):
    """chmod 000 does not stop root from reading, so unreadable paths are: a directory, a missing file,
    a path whose parent directory is missing, a FIFO (refused from its stat; opening it would block),
    /proc/self/mem (a "regular" file whose read fails with EIO) and /dev/null (a character device)."""
    target = {"directory": tmp_path, "missing file": tmp_path / "absent.json",
              "missing parent": tmp_path / "no" / "such" / "state.json", "fifo": tmp_path / "fifo.json",
              "proc mem": Path("/proc/self/mem"), "dev null": Path("/dev/null")}[kind]
    if kind == "fifo":
        os.mkfifo(target)
    started = time.perf_counter()
    result = run("validate", target)
    assert time.perf_counter() - started < 5
    clean_failure(result, USAGE, "ARG007")


def test_validate_several_files_reports_each_and_exits_with_the_worst(run, opened_state, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"nope")
    result = run("validate", opened_state, bad)
    clean_failure(result, USAGE, "ARG001")
    assert str(opened_state) in result.stdout and str(bad) in result.stdout


# ---------------------------------------------------------------- hand-edited history


def history_edit(name: str):
    def swap(doc):
        doc["moves"][1], doc["moves"][2] = doc["moves"][2], doc["moves"][1]

    def edit_field(doc):
        doc["moves"][1]["text"] = "Caching replays is always free."

    def edit_last(doc):
        doc["moves"][-1]["text"] = "validate replays only the suffix."

    def delete_last(doc):
        doc["moves"].pop()

    def delete_last_and_fix_header(doc):
        doc["moves"].pop()
        doc["move_count"] = len(doc["moves"])

    def delete_middle(doc):
        del doc["moves"][2]

    def renumber(doc):
        doc["moves"][2]["seq"] = 7

    def rewrite_prev(doc):
        doc["moves"][2]["prev"] = "f" * 32

    return {"swap two moves": swap, "edit a field": edit_field, "edit the last move": edit_last,
            "delete the last move": delete_last, "delete the last move and fix the count": delete_last_and_fix_header,
            "delete a middle move": delete_middle, "renumber a move": renumber,
            "rewrite a prev hash": rewrite_prev}[name]


HISTORY_CASES = {
    "swap two moves": {"ARG020", "ARG021"},
    "edit a field": {"ARG020"},
    "edit the last move": {"ARG022"},
    "delete the last move": {"ARG022"},
    "delete the last move and fix the count": {"ARG022"},
    "delete a middle move": {"ARG020", "ARG021"},
    "renumber a move": {"ARG021"},
    "rewrite a prev hash": {"ARG020"},
}


@pytest.mark.parametrize("name", list(HISTORY_CASES))
def test_a_hand_edited_history_is_reported_and_blocks_apply(run, opened_state, tmp_path, name):
    data = edited(opened_state, history_edit(name))
    result = run("validate", "--format", "json", opened_state)
    clean_failure(result, FINDINGS)
    codes = {f["code"] for f in result.json()["findings"]}
    assert HISTORY_CASES[name] <= codes, codes
    refused = run("apply", opened_state, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(refused, FINDINGS, "ARG024")
    assert opened_state.read_bytes() == data


def test_a_reformatted_but_unchanged_state_still_validates(run, opened_state):
    """The chain hashes canonical JSON, not bytes: pretty-printing the file by hand is not an edit."""
    doc = state_doc(opened_state)
    opened_state.write_text(json.dumps(doc, indent=4, sort_keys=True))
    clean_failure(run("validate", opened_state), OK)


def test_apply_on_a_valid_state_still_works_after_all_that(run, opened_state, tmp_path):
    before_count = state_doc(opened_state)["move_count"]
    result = run("apply", opened_state, write_moves(tmp_path, GOOD_MOVE))
    clean_failure(result, OK)
    assert state_doc(opened_state)["move_count"] == before_count + 1
    clean_failure(run("validate", opened_state), OK)


# ---------------------------------------------------------------- ingest


ENVELOPE_CASES = {
    "not json": (b"{envelope", USAGE, "ARG001"),
    "invalid utf-8": (b'{"envelope": 1, "response": "\xc0\xaf"}', USAGE, "ARG002"),
    "nesting 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, USAGE, "ARG004"),
    "duplicate keys": (b'{"envelope": 1, "envelope": 1}', USAGE, "ARG005"),
    "NaN": (b'{"envelope": 1, "duration_ms": NaN}', USAGE, "ARG006"),
    "empty": (b"", USAGE, "ARG001"),
    "an array": (b"[]", USAGE, None),
    "a string": (b'"hello"', USAGE, None),
    "no envelope marker": (b'{"response": "hi", "failure": null}', USAGE, None),
    "response is a number": (b'{"envelope": 1, "response": 5, "failure": null}', USAGE, None),
    "unknown failure class": (b'{"envelope": 1, "response": null, "failure": "meltdown"}', USAGE, None),
    "failure is a list": (b'{"envelope": 1, "response": null, "failure": ["timeout"]}', USAGE, None),
}


@pytest.mark.parametrize("name", list(ENVELOPE_CASES))
def test_ingest_refuses_a_bad_envelope(run, opened_state, tmp_path, name):
    data, exit_code, code = ENVELOPE_CASES[name]
    envelope = tmp_path / "envelope.json"
    envelope.write_bytes(data)
    before = opened_state.read_bytes()
    result = run("ingest", opened_state, envelope)
    clean_failure(result, exit_code, code)
    assert opened_state.read_bytes() == before


def test_ingest_refuses_a_100_megabyte_envelope_fast(run, opened_state, tmp_path):
    envelope = big_sparse_file(tmp_path / "envelope.json")
    before = opened_state.read_bytes()
    started = time.perf_counter()
    result = run("ingest", opened_state, envelope)
    assert time.perf_counter() - started < 2
    clean_failure(result, USAGE, "ARG003")
    assert opened_state.read_bytes() == before


def test_ingest_on_stdin_refuses_bad_json(run, opened_state):
    before = opened_state.read_bytes()
    clean_failure(run("ingest", opened_state, "-", input=b"\xff"), USAGE, "ARG002")
    assert opened_state.read_bytes() == before


@pytest.mark.parametrize("kind", ["directory", "missing parent", "not json"])
def test_ingest_into_a_bad_state_is_refused(run, tmp_path, kind):
    envelope = tmp_path / "envelope.json"
    envelope.write_text(json.dumps({"envelope": 1, "response": None, "failure": "timeout"}))
    target = {"directory": tmp_path, "missing parent": tmp_path / "no" / "state.json",
              "not json": tmp_path / "state.json"}[kind]
    if kind == "not json":
        target.write_bytes(b"nope")
    result = run("ingest", target, envelope)
    clean_failure(result, USAGE, "ARG001" if kind == "not json" else "ARG007")


def test_ingest_into_an_edited_history_is_refused(run, opened_state, tmp_path):
    data = edited(opened_state, history_edit("swap two moves"))
    envelope = tmp_path / "envelope.json"
    envelope.write_text(json.dumps({"envelope": 1, "response": None, "failure": "timeout"}))
    result = run("ingest", opened_state, envelope)
    clean_failure(result, FINDINGS)
    assert opened_state.read_bytes() == data


def test_ingest_of_a_failure_envelope_is_recorded(run, opened_state, tmp_path):
    """The control case: a well-formed failure envelope is accepted (so the refusals above are real)."""
    envelope = tmp_path / "envelope.json"
    envelope.write_text(json.dumps({"envelope": 1, "consultee": "codex", "session_id": "s1", "response": None,
                                    "failure": "timeout", "duration_ms": 1200}))
    before_count = state_doc(opened_state)["move_count"]
    result = run("ingest", opened_state, envelope)
    clean_failure(result, OK)
    assert state_doc(opened_state)["move_count"] == before_count + 1
    clean_failure(run("validate", opened_state), OK)


def test_opening_is_legal(opened_state, opening, run):
    """The fixture's moves are a legal opening, so every refusal in this file is about the bad input."""
    assert state_doc(opened_state)["move_count"] == len(opening)
    clean_failure(run("validate", opened_state), OK)


# ---------------------------------------------------------------- explicit nulls


NULL_CASES = {
    # name: (moves applied first, the move with a null field)
    "ledger supports null": ([], {"type": "ledger", "actor": "orchestrator", "id": "L7", "text": "x",
                                  "provenance": "orchestrator-unverified", "supports": None}),
    "defend evidence null": ([{"type": "classify", "actor": "orchestrator", "point": "P2", "verdict": "SKEPTICAL",
                               "reason": "r", "challenge": "C1", "objection": "o"},
                              {"type": "consult", "actor": "consultee", "outcome": "reply"}],
                             {"type": "defend", "actor": "consultee", "challenge": "C1", "argument": "a",
                              "evidence": None}),
    "judge evidence null": ([{"type": "classify", "actor": "orchestrator", "point": "P2", "verdict": "SKEPTICAL",
                              "reason": "r", "challenge": "C1", "objection": "o"},
                             {"type": "consult", "actor": "consultee", "outcome": "reply"},
                             {"type": "defend", "actor": "consultee", "challenge": "C1", "argument": "a"}],
                            {"type": "judge", "actor": "orchestrator", "challenge": "C1", "outcome": "accepted",
                             "reason": "ok", "evidence": None}),
    "challenge cites null": ([], {"type": "challenge", "actor": "orchestrator", "id": "C2", "point": "P2",
                                  "kind": "skeptical", "objection": "o", "cites": None}),
    "point relation null": ([], {"type": "point", "actor": "orchestrator", "id": "P7", "text": "t", "kind": "value",
                                 "relation": None}),
    "ledger claim_type null": ([], {"type": "ledger", "actor": "orchestrator", "id": "L7", "text": "x",
                                    "provenance": "orchestrator-unverified", "claim_type": None}),
    "arbitrate flags null": ([], {"type": "arbitrate", "actor": "arbiter", "summary": "s", "flags": None}),
    "consult usage null": ([], {"type": "consult", "actor": "consultee", "outcome": "reply", "usage": None}),
}


def published_schema_errors(doc: dict) -> list[str]:
    import jsonschema

    schema_path = Path(__file__).resolve().parents[2] / "state" / "schemas" / "deliberate.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(schema_path.read_text()))
    return [f"{list(e.absolute_path)}: {e.message[:120]}" for e in validator.iter_errors(doc)]


@pytest.mark.parametrize("name", list(NULL_CASES))
def test_an_explicit_null_is_refused_or_means_absent(run, opened_state, tmp_path, name):
    """`"field": null` must either be refused (ARG013) or behave exactly like the field left out — and an
    accepted file must still match the published JSON Schema (which does not allow null for these fields)."""
    setup, move = NULL_CASES[name]
    if setup:
        ready = run("apply", opened_state, write_moves(tmp_path, setup, name="setup.json"))
        assert ready.exit_code == OK, ready.output
    before = opened_state.read_bytes()
    result = run("apply", opened_state, write_moves(tmp_path, move))
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    if result.exit_code == FINDINGS:
        assert opened_state.read_bytes() == before
        return
    assert result.exit_code == OK, result.output
    assert published_schema_errors(state_doc(opened_state)) == []


def test_relation_null_does_not_escape_the_phase_rule(run, state, tmp_path):
    """In DEVELOPMENT a new point is recorded as not evaluated (DLB103); `"relation": null` is a new point too."""
    reply = {"type": "consult", "actor": "consultee", "outcome": "reply"}
    assert run("apply", state, write_moves(tmp_path, [reply, reply, reply], name="r.json")).exit_code == OK
    point = {"type": "point", "actor": "orchestrator", "id": "P1", "text": "Late idea.", "kind": "value",
             "relation": None}
    result = run("apply", state, write_moves(tmp_path, point))
    assert result.exit_code == FINDINGS or "DLB103" in result.output, result.output


# ---------------------------------------------------------------- adversarial but valid: cost must stay linear


def _validate_cpu_seconds(run, path: Path) -> float:
    started = time.process_time()  # CPU time of this process: steady on a busy machine
    result = run("validate", path)
    elapsed = time.process_time() - started
    assert result.exit_code == OK, result.output
    return elapsed


def _write_state(run, path: Path, moves: list) -> Path:
    result = run("init", "deliberate", "--question", "Is this linear?", "--state", path)
    assert result.exit_code == OK, result.output
    applied = run("apply", path, write_moves(path.parent, moves, name=path.stem + "-moves.json"))
    assert applied.exit_code == OK, applied.output
    return path


REPLY = {"type": "consult", "actor": "consultee", "outcome": "reply"}
SKEW_N = 6000


def test_many_entries_supporting_one_point_validate_in_linear_time(run, tmp_path):
    """Thousands of unverified ledger entries that all support one accepted empirical point must cost
    about as much as the same number spread over as many points (no per-entry rescan of the point's
    evidence): a file just under the size limit must not take minutes."""
    def ledger(i, point):
        return {"type": "ledger", "actor": "orchestrator", "id": f"L{i}", "text": "t",
                "provenance": "orchestrator-unverified", "supports": [point]}

    def points(n):
        return ([{"type": "point", "actor": "consultee", "id": f"P{i}", "text": "t", "kind": "empirical"}
                 for i in range(n)]
                + [{"type": "classify", "actor": "orchestrator", "point": f"P{i}", "verdict": "AGREE", "reason": "r"}
                   for i in range(n)])

    n = SKEW_N
    skewed = _write_state(run, tmp_path / "skewed.json",
                          [REPLY, *points(1), *[ledger(i, "P0") for i in range(n)],
                           *[{"type": "clarify", "actor": "orchestrator", "point": "P0", "text": "t"}] * (2 * n - 2)])
    spread = _write_state(run, tmp_path / "spread.json", [REPLY, *points(n), *[ledger(i, f"P{i}") for i in range(n)]])
    assert len(json.loads(skewed.read_bytes())["moves"]) == len(json.loads(spread.read_bytes())["moves"])
    ratio = _validate_cpu_seconds(run, skewed) / _validate_cpu_seconds(run, spread)
    assert ratio < 3, f"one point with {n} supporting entries costs {ratio:.1f}x the spread case"


def test_many_challenges_on_one_point_validate_in_linear_time(run, tmp_path):
    """Thousands of challenges on one point must not make every later challenge rescan all the others."""
    n = SKEW_N

    def challenge(i, point):
        return {"type": "challenge", "actor": "orchestrator", "id": f"C{i}", "point": point, "kind": "skeptical",
                "objection": "o"}

    def point(i):
        return {"type": "point", "actor": "consultee", "id": f"P{i}", "text": "t", "kind": "value"}

    skewed = _write_state(run, tmp_path / "skewed.json",
                          [REPLY, point(0), *[challenge(i, "P0") for i in range(n)],
                           *[{"type": "clarify", "actor": "orchestrator", "point": "P0", "text": "t"}] * (n - 1)])
    spread = _write_state(run, tmp_path / "spread.json",
                          [REPLY, *[point(i) for i in range(n)], *[challenge(i, f"P{i}") for i in range(n)]])
    ratio = _validate_cpu_seconds(run, skewed) / _validate_cpu_seconds(run, spread)
    assert ratio < 3, f"one point with {n} challenges costs {ratio:.1f}x the spread case"
