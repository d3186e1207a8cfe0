"""Every CNL code has an invalid example that yields exactly it; the valid examples are clean; none drift."""

from __future__ import annotations

from pathlib import Path

import make_council_examples as examples
import pytest

from argcheck.files import operations
from argcheck.core.findings import ERROR, WARNING
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
INVALID = sorted((ROOT / "state" / "examples" / "invalid").glob("CNL*.json"))
VALID = sorted((ROOT / "state" / "examples" / "valid").glob("council-*.json"))
# Refusing a failed persona's late critique or self-critique needs the failure on record, which is a partial council.
INHERENT = {"CNL106": ["CNL123"], "CNL121": ["CNL123"], "CNL125": ["CNL123"]}


def codes_of(path: Path, monkeypatch) -> list[str]:
    monkeypatch.chdir(ROOT)  # the changed/moved-document examples name their document relative to the root
    return sorted({f.code for f in operations.validate_file(str(path)).findings})


def test_every_cnl_code_has_an_invalid_example():
    council = {code for code, rule in load_all_rules().items() if rule.protocol == "council"}
    assert {path.name.split("-")[0] for path in INVALID} == council - set(examples.NO_ISOLATED_EXAMPLE)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_example_yields_exactly_its_code(path, monkeypatch):
    code = path.name.split("-")[0]
    assert codes_of(path, monkeypatch) == sorted([code, *INHERENT.get(code, [])])


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_has_no_error_or_warning(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    found = operations.validate_file(str(path)).findings
    assert [f for f in found if f.severity in (ERROR, WARNING)] == []


def test_examples_are_up_to_date_with_their_generator():
    for relative, data in examples.generated_files().items():
        assert (ROOT / relative).read_bytes() == data, f"{relative} is stale: run checker/tools/generate.py"
