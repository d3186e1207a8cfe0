"""The rule catalogue is complete, documented, and agrees with the protocol specs."""

import re
from pathlib import Path

import pytest

from argcheck.core import discovery
from argcheck.core.discovery import load_all_rules
from argcheck.core.rules import CODE_PATTERN, CORE, CORE_PREFIX, NAME_PATTERN

ROOT = Path(__file__).resolve().parents[2]
RULES = load_all_rules()
PREFIX_OF = {CORE: CORE_PREFIX, **{spec.name: spec.code_prefix for spec in discovery.specs()}}
ANY_CODE = re.compile(r"\b(?:" + "|".join(sorted(PREFIX_OF.values())) + r")\d{3}\b")


def test_catalogue_is_not_empty_and_sorted():
    assert len(RULES) > 40
    assert list(RULES) == sorted(RULES)


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_is_fully_documented(code):
    rule = RULES[code]
    assert re.fullmatch(CODE_PATTERN, rule.code) and re.fullmatch(NAME_PATTERN, rule.name)
    assert rule.code.startswith(PREFIX_OF[rule.protocol])
    for field in ("message", "hint", "why", "example", "fix"):
        text = getattr(rule, field)
        assert text and text.strip() == text, f"{code}.{field} is empty or padded"
    assert not rule.message.endswith("."), f"{code}: messages have no trailing period"


def test_rule_names_are_unique():
    names = [rule.name for rule in RULES.values()]
    assert len(names) == len(set(names))


def test_every_code_in_the_deliberate_spec_is_registered_and_vice_versa():
    spec = (ROOT / "docs" / "protocols" / "deliberate.md").read_text()
    table = dict(re.findall(r"^\| (DLB\d{3}) \| ([A-Z_0-9]+) \|", spec, re.M))
    registered = {code: rule.name for code, rule in RULES.items() if rule.protocol == "deliberate"}
    assert table == registered


def test_skills_name_only_registered_codes():
    for skill in (ROOT / "skills").glob("*/**/*.md"):
        for code in ANY_CODE.findall(skill.read_text()):
            assert code in RULES, f"{skill.relative_to(ROOT)} names unknown code {code}"
