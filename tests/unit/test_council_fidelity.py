"""Seed fidelity, round two (issue 21): the council items, one test or more each."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import council_kit as ck
from council_kit import adjustment, assessment, critique, failure, node, resolution, response, self_critique

from argcheck.protocols.council import nextstep, render, synthesis
from argcheck.protocols.council.driver import mechanical_assessment

ROOT = Path(__file__).resolve().parents[2]
UUID = "0b7e6a52-3c1f-4d2e-9a7b-5f0c8e1d2a34"


def _leaf_without_children(node_id: str = "KAN-1") -> dict:
    leaf = node(node_id)
    del leaf["sub_critiques"]
    return leaf


# -- §7.1: every node field but severity is required ------------------------------------------------

def test_a_node_without_sub_critiques_is_refused():
    found = ck.council().apply(critique("Kant", _leaf_without_children()))
    assert [f.code for f in found] == ["ARG013"] and "sub_critiques" in found[0].message


def test_a_nested_node_without_sub_critiques_is_refused():
    tree = node("KAN-1", children=[_leaf_without_children("KAN-1.1")])
    assert ck.council().codes(critique("Kant", tree)) == {"ARG013"}


def test_a_leaf_with_empty_sub_critiques_and_no_severity_is_accepted():
    assert ck.council().codes(critique("Kant", node("KAN-1", severity=None))) == set()


def test_a_uuid_id_starting_with_a_digit_is_accepted():
    run = ck.council().ok(critique("Kant", node(UUID)))
    assert UUID in run.state.claims


def test_severity_null_is_refused_and_the_published_schema_agrees():
    tree = dict(node("KAN-1"), severity=None)
    assert ck.council().codes(critique("Kant", tree)) == {"ARG013"}
    schema = json.loads((ROOT / "state" / "schemas" / "council.schema.json").read_text())
    severity = schema["$defs"]["Node"]["properties"]["severity"]
    assert "anyOf" not in severity and severity["type"] == "string" and "default" not in severity
    assert "severity" not in schema["$defs"]["Node"]["required"]


# -- evidence minimum ---------------------------------------------------------------------------------

def test_single_letter_evidence_is_refused():
    assert ck.council().codes(critique("Kant", node("KAN-1", "e"))) == {"CNL133"}


def test_evidence_just_under_and_at_the_minimum():
    assert ck.council().codes(critique("Kant", node("KAN-1", "SQLite"))) == {"CNL133"}
    assert ck.council().codes(critique("Kant", node("KAN-1", "SQLite x"))) == {"CNL110"}  # long enough, not quoted
    assert ck.council().codes(critique("Kant", node("KAN-1", "adequate"))) == set()


# -- persona names ------------------------------------------------------------------------------------

def test_persona_names_are_case_insensitive():
    run = ck.council().ok(critique("kANT"))
    assert "Kant" in run.state.rounds["critique"] and run.state.claims["KAN-1"].persona == "Kant"
    assert run.codes(critique("KANT", node("KAN-2"))) == {"CNL105"}
    assert run.codes(failure("kant")) == {"CNL105"}


# -- partial-council counts ---------------------------------------------------------------------------

def test_a_self_critique_failure_is_never_six_of_six():
    run = ck.critiqued().ok(*ck.all_self_critiques(skip=("Kant",)), failure("Kant", "self_critique"))
    md = render.render(run.state, "md")
    assert "PARTIAL COUNCIL: 5 of 6 personas" in md and "6 of 6" not in md
    assert run.state.council_line().startswith("5 of 6 personas (partial council: Kant failed self-critique")
    data = json.loads(render.render(run.state, "json"))
    assert data["council"]["complete"] == 5 and data["council"]["responded"] == 6


def test_the_formatter_adds_the_partial_notice_to_the_assessment():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    run.ok(*ck.all_self_critiques(skip=("Kant",)))
    run.ok(assessment("The durability guarantee has no test."))  # no count in the text: accepted
    data = json.loads(render.render(run.state, "json"))
    assert data["final_assessment"] == ("PARTIAL COUNCIL: 5 of 6 personas (Kant failed initial critique: "
                                        "timeout). The durability guarantee has no test.")
    assert "PARTIAL COUNCIL: 5 of 6 personas" in render.render(run.state, "md")


def _everyone_failed():
    return ck.council().ok(*[failure(p) for p in ck.PHILOSOPHERS])


def test_when_every_persona_fails_there_is_no_no_findings_result():
    run = _everyone_failed()
    data = json.loads(render.render(run.state, "json"))
    assert data["no_findings"] is False and data["points"] == []
    assert "this is not a no-findings result" in render.render(run.state, "md")
    assert run.codes(assessment("No persona responded: the council produced no critique.")) == set()


def test_when_every_persona_fails_no_significant_findings_is_refused():
    found = _everyone_failed().apply(assessment("No significant findings."))
    assert [f.code for f in found] == ["CNL120"] and "no persona" in found[0].message


def test_the_headless_assessment_of_an_empty_council_is_accepted():
    run = _everyone_failed()
    move = mechanical_assessment(run.state)
    assert "No significant findings" not in move["text"] and run.codes(move) == set()


# -- the final assessment speaks to each High or Critical point ----------------------------------------

def _high_run():
    run = ck.council().ok(critique("Kant", node("KAN-1", ck.EVIDENCE[2], severity="High",
                                               claim="The performance requirement names no load figure.")),
                          *ck.all_critiques(skip=("Kant",)))
    return run.ok(*ck.all_self_critiques())


def test_a_response_entry_is_shown_in_md_and_json():
    run = _high_run()
    answer = response("KAN-1", "names no load figure",
                      "Accepted: the requirement must state a load figure and a benchmark.")
    run.ok(assessment(responses=[answer]))
    assert "- KAN-1: \"names no load figure\" — Accepted" in render.render(run.state, "md")
    assert json.loads(render.render(run.state, "json"))["responses"] == [answer]


def test_a_three_word_quote_of_a_longer_point_is_refused():
    answer = response("KAN-1", "no load figure")
    assert _high_run().codes(assessment(responses=[answer])) == {"CNL129"}


def test_the_headless_assessment_answers_every_high_point():
    run = _high_run()
    move = mechanical_assessment(run.state)
    assert [r["id"] for r in move["responses"]] == ["KAN-1"] and run.codes(move) == set()


# -- synthesis: merged points and the resolution step ---------------------------------------------------

def _conflicted():
    run = ck.council().ok(critique("Kant", node("KAN-1", ck.EVIDENCE[2], 0.6)),
                          critique("Popper", node("POP-1", ck.EVIDENCE[2], 0.6)),
                          *ck.all_critiques(skip=("Kant", "Popper")))
    return run.ok(self_critique("Kant", adjustment("KAN-1", 0.1)), self_critique("Popper", adjustment("POP-1", -0.1)),
                  *ck.all_self_critiques(skip=("Kant", "Popper")))


def test_points_several_personas_made_are_merged_naming_each_persona():
    data = synthesis.synthesize(_conflicted().state)
    merged = [f for f in data["key_findings"] if f["merged"]]
    assert {tuple(f["personas"]) for f in merged} == {("Kant", "Popper"),
                                                      ("Aristotle", "Descartes", "Leibniz", "Russell")}
    kant_popper = next(f for f in merged if f["personas"] == ["Kant", "Popper"])
    assert [c["persona"] for c in kant_popper["critiques"]] == ["Kant", "Popper"]
    assert kant_popper["ids"] == ["KAN-1", "POP-1"] and kant_popper["area"] == "Kant + Popper"
    md = render.render(_conflicted().state, "md")
    assert "merged: Kant, Popper" in md and "- Kant (KAN-1" in md and "- Popper (POP-1" in md


def test_an_unresolved_conflict_is_refused():
    found = _conflicted().apply(assessment())
    assert [f.code for f in found] == ["CNL131"] and "conflict-1" in found[0].message


def test_a_resolution_of_an_unknown_or_repeated_conflict_is_refused():
    run = _conflicted()
    assert run.codes(assessment(resolutions=[resolution(), resolution("conflict-2")])) == {"CNL132"}
    assert run.codes(assessment(resolutions=[resolution(), resolution(outcome="open")])) == {"CNL132"}


def test_a_conflict_without_a_reason_is_refused_by_its_shape():
    assert _conflicted().codes(assessment(resolutions=[resolution(reason=" ")])) == {"ARG013"}


def test_each_conflict_ends_resolved_or_open_in_md_and_json():
    run = _conflicted().ok(assessment(resolutions=[resolution(outcome="open", reason="The document does not say.")]))
    conflict = json.loads(render.render(run.state, "json"))["conflicts"][0]
    assert conflict["id"] == "conflict-1" and conflict["outcome"] == "open"
    assert conflict["reason"] == "The document does not say."
    assert "Resolution: open: The document does not say." in render.render(run.state, "md")


def test_before_the_assessment_a_conflict_is_pending_and_next_asks_for_it():
    run = _conflicted()
    assert synthesis.synthesize(run.state)["conflicts"][0]["outcome"] == "pending"
    assert "must resolve: conflict-1" in nextstep.format_text(nextstep.report(run.state, "s.json"))


# -- tone: quotes are not the assessment's voice ---------------------------------------------------------

def test_phase_i_in_a_quote_is_not_first_person():
    assert ck.synthesized().codes(assessment('The rollout ("Phase I") has no exit criterion.')) == set()
    assert ck.synthesized().codes(assessment("The rollout has no exit criterion; I object.")) == {"CNL122"}


# -- interface: moves reference; apply and next report a changed document ------------------------------

def argcheck(*args, cwd=None):
    env = dict(os.environ, ARGCHECK_NOW="2026-11-21T09:00:00Z")
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=60)


def test_moves_council_prints_a_reference_whose_examples_apply(tmp_path):
    result = argcheck("moves", "council")
    assert result.returncode == 0 and result.stdout.startswith("# Council moves")
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", result.stdout, re.S)]
    assert [e["type"] for e in examples] == ["critique", "self_critique", "persona_failure", "final_assessment"]
    text = "Performance will be adequate for all foreseeable workloads.\n"
    run = ck.council(files={"design.md": [text.strip()]}, document=ck.document(text))
    assert run.codes(examples[0]) == set() and run.codes(examples[2]) == set()


def test_apply_and_next_report_a_changed_document(tmp_path):
    document = tmp_path / "design.md"
    document.write_text(ck.DOCUMENT)
    assert argcheck("init", "council", "--document", document, "--state", tmp_path / "s.json",
                    "--workspace", tmp_path).returncode == 0
    document.write_text(ck.DOCUMENT.replace("500 ms", "50 ms"))
    applied = argcheck("apply", tmp_path / "s.json", json.dumps(critique("Kant")))
    assert applied.returncode == 0 and "CNL102" in applied.stdout + applied.stderr
    shown = argcheck("next", tmp_path / "s.json")
    assert "CNL102 DOCUMENT_CHANGED" in shown.stdout
    unchanged = tmp_path / "other.md"
    unchanged.write_text(ck.DOCUMENT)
    argcheck("init", "council", "--document", unchanged, "--state", tmp_path / "t.json", "--workspace", tmp_path)
    quiet = argcheck("apply", tmp_path / "t.json", json.dumps(critique("Kant")))
    assert "CNL102" not in quiet.stdout + quiet.stderr


def test_a_panel_naming_one_persona_in_two_cases_is_refused():
    import pytest

    from argcheck.core.contract import UsageProblem
    from argcheck.protocols.council import header

    panel = {"name": "review", "personas": [{"name": "Reviewer", "focus": "f", "heuristic": "h"},
                                            {"name": "reviewer", "focus": "g", "heuristic": "h"}]}
    with pytest.raises(UsageProblem, match="CNL124|twice"):
        header.make_header(ck.options(panel=panel))


def test_next_groups_the_merged_high_points_to_answer_once():
    run = ck.council().ok(critique("Kant", node("KAN-1", severity="High")),
                          critique("Aristotle", node("ARI-1", severity="Critical")),
                          *ck.all_critiques(skip=("Kant", "Aristotle")))
    run.ok(*ck.all_self_critiques())
    text = nextstep.format_text(nextstep.report(run.state, "s.json"))
    assert "must answer: ARI-1/KAN-1 (a/b: one merged finding, answered once)" in text
