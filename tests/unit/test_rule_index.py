"""One rule code, one check: every code is emitted from exactly one named function, and `argcheck rules
CODE` can say where that is, which tests cover it, and what each slot of its message means."""

from __future__ import annotations

from pathlib import Path

import pytest

from argcheck.core import discovery, ruledocs, ruleindex
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "checker" / "src" / "argcheck"
RULES = load_all_rules()
SITES, COMPUTED = ruleindex.emissions(str(PACKAGE))


def test_no_check_computes_the_code_it_emits():
    # A computed code (finding(code, ...)) hides the rule's check from the index and from readers.
    assert COMPUTED == []


@pytest.mark.parametrize("code", sorted(RULES))
def test_each_code_is_emitted_from_exactly_one_function(code):
    assert len(SITES.get(code, ())) == 1, f"{code} is emitted from {sorted(SITES.get(code, ())) or 'nowhere'}"


def test_no_unregistered_code_is_emitted():
    assert set(SITES) <= set(RULES)


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_slot_of_a_message_is_explained(code):
    info = ruledocs.explain(RULES[code])
    assert ruledocs.MISSING not in info["placeholders"].values(), info["placeholders"]
    assert not ruledocs.SLOT.search(info["message"]) and not ruledocs.SLOT.search(info["hint"])


@pytest.mark.parametrize("code", sorted(RULES))
def test_the_stored_index_says_where_each_code_is_checked_and_tested(code):
    entry = discovery.where_checked(RULES[code])
    assert entry["checked_in"] == sorted(SITES[code])
    assert entry["tested_by"] or entry["example"], f"{code} has no test that names it and no example file"


def test_the_scanner_sees_a_second_emission_and_a_computed_code(tmp_path):
    package = tmp_path / "argcheck"
    package.mkdir()
    (package / "one.py").write_text('def a(eng):\n    return eng.report("DLB111", "x")\n', encoding="utf-8")
    (package / "two.py").write_text(
        'from argcheck.core.rules import finding\n\n\ndef b():\n    return finding("DLB111")\n\n\n'
        'def c(code):\n    return finding(code)\n', encoding="utf-8")
    sites, computed = ruleindex.emissions(str(package))
    assert sites == {"DLB111": {"argcheck.one:a", "argcheck.two:b"}}
    assert computed == ["argcheck.two:c (line 9)"]
