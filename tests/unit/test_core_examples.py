"""Every ARG example in state/examples/invalid yields exactly the code in its file name."""

from pathlib import Path

import pytest

from argcheck import operations
from argcheck.jsonio import InputError

INVALID = Path(__file__).resolve().parents[2] / "state" / "examples" / "invalid"
CORE_EXAMPLES = sorted(INVALID.glob("ARG*.json"))


def codes_of(path: Path) -> set[str]:
    try:
        outcome = operations.validate_file(str(path))
    except InputError as error:
        return {error.finding.code}
    return {found.code for found in outcome.findings}


def test_there_is_a_core_example_for_most_codes():
    assert len(CORE_EXAMPLES) >= 15


@pytest.mark.parametrize("path", CORE_EXAMPLES, ids=lambda p: p.name)
def test_core_example_yields_exactly_its_code(path):
    assert codes_of(path) == {path.name.split("-")[0]}


def test_examples_are_up_to_date(tmp_path, monkeypatch):
    import make_core_examples

    monkeypatch.setattr(make_core_examples, "OUT", tmp_path)
    make_core_examples.main()
    for fresh in tmp_path.iterdir():
        assert fresh.read_bytes() == (INVALID / fresh.name).read_bytes(), f"{fresh.name} is stale"
