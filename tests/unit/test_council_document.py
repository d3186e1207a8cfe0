"""`argcheck init council --document`: the seed's read_file_content, the recorded document, and what validate
says after the file changed or moved (CNL101–CNL103, CNL124)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import council_kit as ck
import pytest

from argcheck.files import operations
from argcheck.core.contract import UsageProblem
from argcheck.protocols.council import header, reading

NOW = "2026-11-21T09:00:00Z"


def argcheck(*args, input: str | bytes | None = None, cwd=None):
    env = dict(os.environ, ARGCHECK_NOW=NOW)
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], input=input, capture_output=True,
                          env=env, cwd=cwd, timeout=60)


def init(tmp_path, document, *extra, input=None):
    return argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json", *extra, input=input)


@pytest.mark.parametrize("content, message", [
    (None, b"does not exist"),
    (b"", b"is empty"),
    (b"  \n\t\n", b"is empty"),
    (b"text\x00with a NUL", b"is binary"),
    (b"caf\xe9 latin-1", b"is not UTF-8 text"),
])
def test_init_refuses_a_document_it_cannot_critique(tmp_path, content, message):
    path = tmp_path / "doc.md"
    if content is not None:
        path.write_bytes(content)
    result = init(tmp_path, path)
    assert result.returncode == 2 and message in result.stderr
    assert b"Traceback" not in result.stderr and not (tmp_path / "s.json").exists()


def test_init_refuses_an_oversized_document(tmp_path):
    path = tmp_path / "big.md"
    path.write_bytes(b"word " * (reading.MAX_DOCUMENT_BYTES // 5 + 1))
    result = init(tmp_path, path)
    assert result.returncode == 2 and b"too large" in result.stderr


def test_init_refuses_a_directory(tmp_path):
    result = init(tmp_path, tmp_path)
    assert result.returncode == 2 and b"not a regular file" in result.stderr


def test_unreadable_document_is_a_usage_problem(tmp_path, monkeypatch):
    path = tmp_path / "doc.md"
    path.write_text("text")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(reading.DocumentProblem, match="cannot be read: Permission denied"):
        reading.read_file_content(str(path))


def test_init_records_path_size_sha256_and_text(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text(ck.DOCUMENT)
    result = init(tmp_path, path, "--max-depth", "2", "--threshold", "0.25", "--inclusion-threshold", "0.5")
    assert result.returncode == 0, result.stderr
    head = json.loads((tmp_path / "s.json").read_text())["header"]
    assert head["document"] == ck.document(path=str(path))
    assert (head["max_depth"], head["threshold"], head["inclusion_threshold"]) == (2, 0.25, 0.5)
    assert head["workspace"] == str(tmp_path)
    assert [p["name"] for p in head["panel"]["personas"]] == list(ck.PHILOSOPHERS)


def test_init_reads_the_document_from_stdin(tmp_path):
    result = init(tmp_path, "-", input=ck.DOCUMENT.encode())
    assert result.returncode == 0, result.stderr
    head = json.loads((tmp_path / "s.json").read_text())["header"]
    assert head["document"]["path"] == "-" and head["document"]["text"] == ck.DOCUMENT and "workspace" not in head


def test_init_rejects_out_of_range_options(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text(ck.DOCUMENT)
    assert init(tmp_path, path, "--threshold", "1.5").returncode == 2
    assert init(tmp_path, path, "--max-depth", "0").returncode == 2


# -- validate after the file changed or moved ---------------------------------------------------------

def _run_with_a_critique(tmp_path):
    path = tmp_path / "doc.md"
    path.write_text(ck.DOCUMENT)
    assert init(tmp_path, path).returncode == 0
    state = tmp_path / "s.json"
    outcome = operations.apply_to_file(str(state), [ck.critique("Kant")])
    assert outcome.applied == 1
    return path, state


def _codes(state):
    return sorted(f.code for f in operations.validate_file(str(state)).findings)


def test_validate_reports_a_changed_document_and_keeps_its_answer(tmp_path):
    path, state = _run_with_a_critique(tmp_path)
    assert _codes(state) == []
    path.write_text("A different document.\n")
    assert _codes(state) == ["CNL102"]
    assert operations.validate_file(str(state)).replay.engine.state.claims["KAN-1"].span is not None


def test_validate_after_the_document_moved_uses_the_recorded_text(tmp_path):
    path, state = _run_with_a_critique(tmp_path)
    path.rename(tmp_path / "elsewhere.md")
    assert _codes(state) == ["CNL103"]


def test_validate_after_the_state_file_moved_gives_the_same_answer(tmp_path):
    _, state = _run_with_a_critique(tmp_path)
    moved = tmp_path / "sub"
    moved.mkdir()
    os.replace(state, moved / "s.json")
    assert _codes(moved / "s.json") == []


# -- CNL101 DOCUMENT_HASH_MISMATCH / CNL124 DUPLICATE_PERSONA ----------------------------------------

def test_edited_document_text_in_the_header_is_reported():
    head = header.make_header(ck.options())
    edited = dict(head, document=dict(head["document"], text=head["document"]["text"] + "Added line.\n"))
    assert sorted(f.code for f in header.check_header(edited)) == ["CNL101", "CNL101"]
    assert header.check_header(head) == []


def test_panel_with_a_duplicate_name_is_reported():
    head = header.make_header(ck.options())
    personas = head["panel"]["personas"]
    twice = dict(head, panel=dict(head["panel"], personas=personas + [personas[0]]))
    assert [f.code for f in header.check_header(twice)] == ["CNL124"]


def test_custom_panel_with_a_duplicate_name_is_a_usage_problem(tmp_path):
    panel = {"name": "review", "personas": [{"name": "Reviewer", "focus": "f", "heuristic": "h"}] * 2}
    with pytest.raises(UsageProblem, match="CNL124|twice"):
        header.make_header(ck.options(panel=panel))


def test_mcp_init_reads_the_document_and_refuses_a_missing_one(tmp_path, monkeypatch):
    from argcheck.mcp import generic_tools

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "doc.md"
    path.write_text(ck.DOCUMENT)
    result = generic_tools.argcheck_init("council", {"document": str(path)}, str(tmp_path / "s.json"))
    assert result["created"] is True and "Aristotle" in json.dumps(result["next"])
    with pytest.raises(Exception, match="does not exist"):
        generic_tools.argcheck_init("council", {"document": str(tmp_path / "missing.md")}, str(tmp_path / "t.json"))
    assert not (tmp_path / "t.json").exists()
