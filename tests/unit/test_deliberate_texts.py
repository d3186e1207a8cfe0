"""DLB108: no blank or placeholder text in any text field of any move, nor in `next`'s suggestions."""

from __future__ import annotations

import dlb
import pytest
from dlb import Run, classify, ledger, point, reply, revise, skeptical
from hypothesis import given
from hypothesis import strategies as st

from argcheck.core.contract import UsageProblem
from argcheck.protocols.deliberate import header, models
from argcheck.protocols.deliberate.texts import NESTED_TEXT_FIELDS, TEXT_FIELDS, is_placeholder

BLANKS = ("   ", " \t ", "\n", "...", "…", " ... ", "-", "?", "<reason>", "TODO", "tbd")


def text_fields_of(model) -> tuple[str, ...]:
    """The fields declared with the models' Text type (required or optional), read from the JSON Schema."""
    names = []
    for name, schema in model.model_json_schema()["properties"].items():
        variants = schema.get("anyOf", [schema])
        if any(v.get("type") == "string" and v.get("maxLength") == 4000 for v in variants):
            names.append(name)
    return tuple(names)


def test_every_text_field_of_every_move_model_is_checked():
    declared = {}
    for model in models.MOVE_MODELS:
        kind = model.model_fields["type"].annotation.__args__[0]
        fields = text_fields_of(model)
        if fields:
            declared[kind] = fields
    assert declared == TEXT_FIELDS
    assert text_fields_of(models.Flag) == (NESTED_TEXT_FIELDS["arbitrate"][1],)


@given(st.sampled_from(BLANKS), st.text(alphabet=" \t\n", max_size=5))
def test_blank_and_placeholder_text_is_recognised(blank, padding):
    assert is_placeholder(blank + padding)
    assert is_placeholder(padding + blank)


@pytest.mark.parametrize("text", ["ok", "P1 holds", "Revising from AGREE to REJECT because of L3", "42", "ja"])
def test_real_text_is_not_a_placeholder(text):
    assert not is_placeholder(text)


def moves_with_text(blank: str) -> list[tuple[str, dict]]:
    """(field, move) for every text field of every move type, that field set to `blank`."""
    samples = {
        "point": dlb.point("P9"), "classify": dlb.skeptical("P1", "C9"), "challenge": dlb.challenge("C9", "P1"),
        "defend": dlb.defend("C1"), "concede": dlb.concede("C1"), "judge": dlb.judge("C1"),
        "ledger": dlb.ledger("L9", quote="q", justification="j"), "verify": dlb.verify("L1", quote="q"),
        "revise": dlb.revise("P1", "AGREE"), "clarify": dlb.clarify("P1"), "settle": dlb.settle("P1", tradeoff="t"),
        "extend_constructive": dict(dlb.extend(), detail="d"), "stress_test": dlb.stress("P1"),
        "reframe": dlb.reframe(), "request_arbitration": dlb.request_arbitration(),
        "synthesize": dlb.synthesize(), "arbitrate": dlb.arbitrate(), "abort": dlb.abort(),
    }
    cases = []
    for kind, fields in TEXT_FIELDS.items():
        for field in fields:
            cases.append((field, dict(samples[kind], **{field: blank})))
    cases.append(("flags/0/concern", dlb.arbitrate(flags=["P1"])))
    cases[-1][1]["flags"][0]["concern"] = blank
    return cases


@pytest.mark.parametrize("blank", [" \t ", "...", "<answer>"])
def test_dlb108_refuses_blank_text_in_every_field_of_every_move(blank):
    for field, move in moves_with_text(blank):
        run = Run()
        run.ok(reply())
        found = run.apply(move)
        assert [f.code for f in found] == ["DLB108"], (move, found)
        assert found[0].path.endswith(f"/{field}")


def test_dlb108_the_issue_examples():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(dict(revise("P1", "OUT_OF_SCOPE"), justification="   ")) == {"DLB108"}
    assert run.codes(ledger("L1", "revision", revises="L0", justification=" \t ")) == {"DLB108"}
    assert run.codes(dict(skeptical("P1", "C1"), reason="...")) == {"DLB108"}


def test_dlb108_accepts_real_text():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE", reason="it fits the single-writer case"))


def test_a_blank_or_placeholder_question_is_a_usage_problem():
    for question in ("   ", "...", "<question>"):
        with pytest.raises(UsageProblem):
            header.make_header({"question": question, "consultee": "codex"})
