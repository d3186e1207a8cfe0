"""Every rule's message and hint read as plain words: each {slot} filled and no doubled location."""

import re

import pytest

from argcheck.registry import finding, load_all_rules, slots

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
