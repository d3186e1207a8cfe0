"""Every deliberate example state file yields exactly what its name says (and they are up to date)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import make_examples
import pytest

from argcheck import replay, statefile
from argcheck.env import default_env
from argcheck.findings import ERROR, WARNING

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "state" / "examples"
INVALID = sorted((EXAMPLES / "invalid").glob("DLB*.json"))
VALID = sorted((EXAMPLES / "valid").glob("deliberate-*.json"))


def replay_like_the_cli(path: Path, monkeypatch) -> list:
    """The CLI's env: the header's workspace (relative ones resolve against the repo root)."""
    monkeypatch.chdir(ROOT)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert replay.check_envelope(doc) == []
    workspace = doc["header"].get("workspace")
    return replay.replay(doc, default_env(workspace)).findings


def test_there_is_an_example_for_every_code_a_log_can_yield():
    codes = {path.name[:6] for path in INVALID}
    # see make_examples.py; DLB192 always comes with the DLB187 warning of the arbitrate move before it
    unreachable = {"DLB105", "DLB132", "DLB160", "DLB189", "DLB192"}
    from argcheck.registry import load_all_rules

    deliberate = {code for code, rule in load_all_rules().items() if rule.protocol == "deliberate"}
    assert codes == deliberate - unreachable
    assert len(VALID) >= 4


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_example_yields_exactly_its_code(path, monkeypatch):
    expected = re.match(r"^(DLB\d{3})-", path.name).group(1)
    codes = [f.code for f in replay_like_the_cli(path, monkeypatch)]
    assert codes == [expected]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_yields_no_error_or_warning(path, monkeypatch):
    found = [f for f in replay_like_the_cli(path, monkeypatch) if f.severity in (ERROR, WARNING)]
    assert found == []


def test_examples_are_up_to_date_with_their_generator():
    for relative, doc in make_examples.documents().items():
        on_disk = (EXAMPLES / relative).read_bytes()
        assert on_disk == statefile.serialize(doc), f"{relative} is stale: run python tests/unit/make_examples.py"
