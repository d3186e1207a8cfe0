"""docs/protocols/triz.md names every TRZ code with its name, and the ten sections the renderer writes."""

import re
from pathlib import Path

from argcheck.protocols.triz.render import SECTIONS
from argcheck.protocols.triz.spec import SPEC
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocols" / "triz.md").read_text(encoding="utf-8")


def test_every_code_in_the_triz_doc_is_registered_and_vice_versa():
    table = dict(re.findall(r"^\| (TRZ\d{3}) \| ([A-Z_0-9]+) \|", DOC, re.M))
    registered = {code: rule.name for code, rule in load_all_rules().items() if rule.protocol == "triz"}
    assert table == registered


def test_the_seed_rules_keep_the_seed_names_in_order():
    names = [load_all_rules()[f"TRZ{101 + n}"].name for n in range(15)]
    assert names == ["DECOMPOSE_INCOMPLETE", "EXPLORE_INCOMPLETE", "ANTITHESIS_MISSING", "SYNTHESIS_INCOMPLETE",
                     "FALSIFICATION_MISSING", "NOVELTY_UNCHECKED", "UNGROUNDED_CLAIM", "CLAIM_LIMIT_EXCEEDED",
                     "NOT_CUMULATIVE", "NEGATIVE_KNOWLEDGE_MISSING", "MAX_ROUNDS_EXCEEDED",
                     "STATE_OF_ART_NOT_RESEARCHED", "CROSS_DOMAIN_NOT_SEARCHED", "ANTITHESIS_NOT_SEARCHED",
                     "FALSIFICATION_NOT_SEARCHED"]


def test_the_doc_names_the_ten_sections_of_the_knowledge_document():
    listed = re.findall(r"^\d+\. \*\*([A-Za-z -]+)\*\*", DOC, re.M)
    assert listed == list(SECTIONS)


def test_the_doc_names_every_render_format_and_move_type():
    for fmt in SPEC.formats:
        assert f"--format {fmt}" in DOC
    for kind in SPEC.move_types:
        assert f"`{kind}`" in DOC, kind


def test_every_placeholder_of_the_catalogue_is_explained():
    from argcheck.protocols.triz.catalog import PLACEHOLDERS

    rules = [r for r in load_all_rules().values() if r.protocol == "triz"]
    used = {slot for r in rules for slot in re.findall(r"(?<!\{)\{(\w+)(?:![rs])?\}", r.message + r.hint)}
    assert used <= set(PLACEHOLDERS), used - set(PLACEHOLDERS)


def test_the_skill_copy_of_each_persona_is_identical():
    source = ROOT / "checker" / "src" / "argcheck" / "protocols" / "triz" / "personas"
    for template in source.glob("*.md"):
        assert (ROOT / "skills" / "triz" / "personas" / template.name).read_bytes() == template.read_bytes()
