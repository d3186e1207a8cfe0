"""Every rule's message and hint read as plain words: each {slot} filled and no doubled location."""

import re

import pytest

from argcheck.core.rules import finding, slots
from argcheck.core.discovery import load_all_rules

RULES = load_all_rules()
# finding() takes these as the finding's own location or identity, so a slot by one of these names is never filled.
FINDING_PARAMETERS = {"code", "path", "move"}
UNFILLED_SLOT = re.compile(r"\{[a-z_][a-z0-9_]*(![rsa])?(:[^{}]*)?\}")


@pytest.mark.parametrize("code", sorted(RULES))
def test_a_rule_formats_its_message_and_hint_with_sample_values(code):
    rule = RULES[code]
    assert not set(slots(rule)) & FINDING_PARAMETERS, f"{code} names a slot that finding() takes for itself"
    found = finding(code, **{name: "sample" for name in slots(rule)})
    for text in (found.message, found.hint):
        assert not UNFILLED_SLOT.search(text), f"{code}: unfilled slot in {text!r}"
    assert found.path == "" and found.move is None, f"{code}: a sample value became the finding's location"


# ---------------------------------------------------------------- no Python internals in what a user reads

import json  # noqa: E402
from pathlib import Path  # noqa: E402

from argcheck.core import jsonio  # noqa: E402
from argcheck.files import operations  # noqa: E402
from argcheck.core.shapes import in_words, pointer  # noqa: E402

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "state" / "examples" / "invalid").glob("*.json"))
PYTHON_INTERNALS = re.compile(r"\['|\{'|\bNone\b|\bTrue\b|\bFalse\b|\bNoneType\b|not (int|str|list|dict)\b"
                              r"|same as const definition|\bdata\.")


def _findings_of(path: Path):
    try:
        return operations.replay_doc(jsonio.load(str(path))).findings
    except jsonio.InputError as error:
        return [error.finding]


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_findings_of_every_invalid_example_read_as_plain_words(example):
    for found in _findings_of(example):
        assert not PYTHON_INTERNALS.search(found.message), f"{found.code}: {found.message}"
        assert found.path == "" or re.fullmatch(r"(/[^/.\[\]]+)+", found.path), f"{found.code}: {found.path}"


@pytest.mark.parametrize("complaint, words", [
    ("must be one of ['AGREE', 'SKEPTICAL', 'REJECT']", 'must be one of "AGREE", "SKEPTICAL" or "REJECT"'),
    ("must not contain {'extra'} properties", 'has an unknown field "extra"'),
    ("must not contain {'a', 'b'} properties", 'has unknown fields "a" and "b"'),
    ("must contain ['text'] properties", 'is missing the required field "text"'),
    ("must be string", "must be a string"),
    ("must be same as const definition: True", "must be true"),
    ("must be same as const definition: user", 'must be "user"'),
    ("must be longer than or equal to 1 characters", "must not be empty"),
    ("must be shorter than or equal to 4000 characters", "must be at most 4000 characters long"),
    ("must match pattern \\S", "must not be blank"),
    ("must match pattern ^[A-Za-z][A-Za-z0-9_.-]{0,31}$",
     "must be an id such as P1: a letter, then letters, digits, _, . or -"),
    ("must contain at least 1 items", "must hold at least 1 item"),
    ("must be bigger than or equal to 0", "must be at least 0"),
])
def test_a_generated_validator_complaint_is_said_in_plain_words(complaint, words):
    assert in_words(complaint) == words


def test_a_validator_name_becomes_a_json_pointer():
    assert pointer("data.cites[0]") == "/cites/0"
    assert pointer("data.verdict") == "/verdict" and pointer("data") == ""


def test_a_wrong_type_says_what_was_given():
    assert in_words("must be string", 42) == "must be a string (got a whole number)"
    assert in_words("must be one of ['a', 'b']", "c") == 'must be one of "a" or "b" (got "c")'
    assert json.loads(json.dumps(in_words("must be integer", None))) == "must be a whole number (got null)"


VALID = sorted((Path(__file__).resolve().parents[2] / "state" / "examples" / "valid").glob("deliberate*.json"))[0]
HAND_EDITS = {
    "status is null": lambda d: d.update(status=None),
    "move_count is true": lambda d: d.update(move_count=True),
    "version is a list": lambda d: d.update(version=[1]),
    "protocol is null": lambda d: d.update(protocol=None),
    "format is missing": lambda d: d.pop("format"),
    "a move is a number": lambda d: d["moves"].append(7),
    "a move without a type": lambda d: d["moves"].append({"actor": "user"}),
    "a move with a managed field and an unknown type": lambda d: d["moves"].append({"type": None, "seq": None}),
}


@pytest.mark.parametrize("edit", list(HAND_EDITS))
def test_findings_of_hand_edits_read_as_plain_words(edit):
    doc = json.loads(VALID.read_text())
    HAND_EDITS[edit](doc)
    found = operations.replay_doc(doc).findings
    assert found
    for one in found:
        assert not PYTHON_INTERNALS.search(one.message), f"{one.code}: {one.message}"
