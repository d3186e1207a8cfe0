"""Every example state file yields exactly what its name says, for every protocol and the core.

An invalid example is named after the code it yields (`DLB111-unknown-reference.json`); a valid one
after its protocol (`toulmin-sustained-reported.json`) and has no error or warning. Each protocol's
generator (its `examples.py`, or checker/tools/examples/make_<protocol>_examples.py; run by
`checker/tools/generate.py`) lists the codes that cannot have an isolated example, and why.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from argcheck.files import operations
from argcheck.core import discovery
from argcheck.core.findings import ERROR, WARNING
from argcheck.core.jsonio import InputError
from argcheck.core.rules import CORE
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "state" / "examples"
INVALID = sorted((EXAMPLES / "invalid").glob("*.json"))
VALID = sorted((EXAMPLES / "valid").glob("*.json"))
FAMILIES = [CORE, *discovery.names()]


def generator(family: str):
    """The family's example generator: its protocol's own examples.py, or checker/tools/examples' maker."""
    if family != CORE and discovery.spec(family).has_part("examples"):
        return discovery.spec(family).part("examples")
    return importlib.import_module(f"make_{family}_examples")


def family_of(code: str) -> str:
    return load_all_rules()[code].protocol


def codes_of(path: Path, monkeypatch) -> list[str]:
    """The codes `argcheck validate` reports, run from the repository root (workspaces there are relative)."""
    monkeypatch.chdir(ROOT)
    try:
        outcome = operations.validate_file(str(path))
    except InputError as error:
        return [error.finding.code]
    return sorted(found.code for found in outcome.findings)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_code_has_an_example_or_a_stated_reason(family):
    codes = {code for code, rule in load_all_rules().items() if rule.protocol == family}
    with_example = {path.name[:6] for path in INVALID if path.name[:6] in codes}
    unexampled = generator(family).NO_ISOLATED_EXAMPLE
    assert with_example | set(unexampled) == codes
    assert not with_example & set(unexampled)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_example_yields_exactly_its_code(path, monkeypatch):
    code = path.name[:6]
    inherent = getattr(generator(family_of(code)), "INHERENT", {}).get(code, set())
    assert sorted(set(codes_of(path, monkeypatch))) == sorted({code} | inherent)
    assert len(codes_of(path, monkeypatch)) == 1 + len(inherent)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_yields_no_error_or_warning(path, monkeypatch):
    family = path.name.split("-")[0]
    allowed = getattr(generator(family), "ALLOWED_IN_VALID", set())
    monkeypatch.chdir(ROOT)
    found = operations.validate_file(str(path)).findings
    assert [f.code for f in found if f.severity in (ERROR, WARNING) and f.code not in allowed] == []


@pytest.mark.parametrize("family", discovery.names())
def test_each_protocol_has_valid_examples(family):
    assert [path for path in VALID if path.name.startswith(family + "-")]
