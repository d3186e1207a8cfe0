"""The toulmin spec, the skill and the code agree: codes, the verdict table, the bands, the examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from argcheck.core import discovery
from argcheck.protocols.toulmin.state import BANDS, allowed_statuses
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "docs" / "protocols" / "toulmin.md").read_text(encoding="utf-8")
SKILL_DIR = ROOT / "skills" / "toulmin"
SKILL = (SKILL_DIR / "SKILL.md").read_text(encoding="utf-8")
MOVES_REF = (SKILL_DIR / "references" / "moves.md").read_text(encoding="utf-8")
LETTERS = {"S": "sustained", "O": "overruled", "R": "remanded"}
BAND_SAMPLES = {"0–29": (0, 15, 29), "30–59": (30, 45, 59), "60–69": (60, 65, 69), "70–100": (70, 85, 100)}


def test_every_code_in_the_spec_is_registered_and_vice_versa():
    table = dict(re.findall(r"^\| (TLM\d{3}) \| ([A-Z_0-9]+) \|", SPEC, re.M))
    registered = {code: rule.name for code, rule in load_all_rules().items() if rule.protocol == "toulmin"}
    assert table == registered


def test_the_spec_severities_match_the_registry():
    rows = re.findall(r"^\| (TLM\d{3}) \| [A-Z_0-9]+ \| (error|warning|info) \|", SPEC, re.M)
    rules = load_all_rules()
    assert rows and all(rules[code].severity == severity for code, severity in rows)


def test_the_spec_verdict_table_is_the_rule_in_code():
    section = SPEC.split("### 5.2 The verdict rule")[1].split("### 5.3")[0]
    rows = re.findall(r"^\| (absolute|strong|weak, negligible) \| (.+) \|$", section, re.M)
    assert len(rows) == 3
    for rebuttal, cells in rows:
        for band, cell in zip(BAND_SAMPLES, cells.split(" | ")):
            expected = {LETTERS[letter.strip()] for letter in cell.split(",")}
            for strength in rebuttal.split(", "):
                for confidence in BAND_SAMPLES[band]:
                    assert set(allowed_statuses(strength, confidence)[0]) == expected, (strength, confidence)


def test_the_skill_verdict_table_is_the_rule_in_code():
    rows = re.findall(r"^\| (absolute|strong|weak, negligible) \| (.+) \|$", SKILL, re.M)
    assert len(rows) == 3
    for rebuttal, cells in rows:
        for band, cell in zip(BAND_SAMPLES, cells.split(" | ")):
            expected = {"sustained", "overruled", "remanded"} if cell == "any" else set(cell.split(", "))
            for strength in rebuttal.split(", "):
                assert set(allowed_statuses(strength, BAND_SAMPLES[band][1])[0]) == expected


@pytest.mark.parametrize("text", [SPEC, MOVES_REF], ids=["spec", "moves"])
def test_the_bands_are_stated_as_in_code(text):
    for degree, (low, high) in BANDS.items():
        assert re.search(rf"{degree}\W+{low}–{high}", text), degree


def test_the_skill_band_table_is_as_in_code():
    header = re.search(r"^\| degree \| (.+) \|$", SKILL, re.M).group(1).split(" | ")
    bands = re.search(r"^\| confidence_pct \| (.+) \|$", SKILL, re.M).group(1).split(" | ")
    assert dict(zip(header, bands)) == {degree: f"{low}–{high}" for degree, (low, high) in BANDS.items()}


def test_the_skill_frontmatter_follows_the_spec_and_claude_code():
    match = re.match(r"^---\n(.*?)\n---\n", SKILL, re.S)
    assert match
    fields = dict(line.split(": ", 1) for line in match.group(1).splitlines())
    assert set(fields) == {"name", "description", "allowed-tools"}
    assert fields["allowed-tools"].split() == ["Bash(argcheck:*)", "Bash(argcheck-consult:*)"]
    assert fields["name"] == SKILL_DIR.name == "toulmin"
    assert 0 < len(fields["description"]) <= 1024 and "<" not in fields["description"]
    assert len(SKILL.splitlines()) < 500


def _json_examples(text: str) -> list:
    values = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        chunks = re.split(r"\n(?=\{)", block.strip())
        values += [json.loads(chunk) for chunk in chunks]
    return values


def test_every_move_example_in_the_reference_is_a_valid_shape():
    examples = [value for value in _json_examples(MOVES_REF) if "type" in value]
    assert {value["type"] for value in examples} == set(discovery.spec("toulmin").move_types)
    from argcheck.core.shapes import check_shape

    for value in examples:
        assert check_shape(discovery.spec("toulmin").shapes, value["type"], value, "/example") == [], value


def test_the_skill_ingest_examples_are_valid_phase_json():
    from make_toulmin_examples import Chain

    from argcheck.protocols.toulmin.ingest import moves_from_content

    blocks = re.findall(r"^argcheck ingest \S+ '(.*)'$", SKILL, re.M)
    assert len(blocks) == 2
    chain = Chain(query="Should we replace the ORM with raw SQL in the billing service?")
    moves = moves_from_content(chain.state, json.loads(blocks[0]))
    assert chain.codes(*moves) == set()


def test_the_reference_table_of_contents_matches_its_sections():
    listed = re.findall(r"^\d\. (.+)$", MOVES_REF.split("## Contents")[1].split("\n## ")[0], re.M)
    sections = re.findall(r"^## \d\. (.+)$", MOVES_REF, re.M)
    assert listed == sections
