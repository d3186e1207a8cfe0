"""The generator of state/examples/{valid/council-*,invalid/CNL*}.json (and the changed-document fixture).

Each invalid example yields exactly the code in its file name under `argcheck validate` run from the
repository root; the valid ones have no error or warning.

Usage: python checker/tools/examples/make_council_examples.py   (from the repository root, with argcheck importable)
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import council_kit as ck
from council_kit import (
    adjustment, arbiter_adjustment, arbiter_score, arbitration, assessment, critique, failure, node, resolution,
    response, self_critique,
)
from runkit import reseal

from argcheck.files import statefile

ROOT = Path(__file__).resolve().parents[3]
INVALID, VALID = "state/examples/invalid", "state/examples/valid"
CHANGED_DOCUMENT = f"{INVALID}/council-changed-document.md"
NO_ISOLATED_EXAMPLE: dict[str, str] = {
    "CNL128": "needs a document file over 2 MiB beside the example; tests/cli/test_council_faults.py grows one",
}
# Each of these runs has a persona failure, which every replay reports as the info CNL123 PARTIAL_COUNCIL.
INHERENT = {"CNL106": {"CNL123"}, "CNL121": {"CNL123"}, "CNL125": {"CNL123"}}
# The responses every assessment of _assessed_run gives: DES-1 (merged with ARI-1) and POP-1 are High/Critical.
ANSWERS = (response("DES-1"), response("POP-1"))


def _run(**extra):
    return ck.council(**extra)


def _assessed_run():
    run = _run().ok(critique("Aristotle", node("ARI-1", ck.EVIDENCE[0], 0.8, "High",
                                               [node("ARI-1.1", ck.EVIDENCE[1], 0.6, "Medium")])),
                    critique("Descartes", node("DES-1", "no event is ever lost", 0.7, "Critical")),
                    critique("Kant", node("KAN-1", ck.EVIDENCE[2], 0.5, "Medium")),
                    critique("Leibniz", node("LEI-1", ck.EVIDENCE[3], 0.6, "Medium")),
                    critique("Popper", node("POP-1", ck.EVIDENCE[2], 0.7, "High")),
                    critique("Russell", node("RUS-1", ck.EVIDENCE[4], 0.3, "Low")))
    run.ok(self_critique("Aristotle", adjustment("ARI-1.1", -0.1)), self_critique("Kant", adjustment("KAN-1", 0.1)),
           *ck.all_self_critiques(skip=("Aristotle", "Kant")))
    return run


def valid_documents() -> dict[str, dict]:
    full = _assessed_run().ok(assessment("The durability guarantee (DES-1, ARI-1) has no stated test and no "
                                         "failure model; the performance claim (POP-1) is unfalsifiable.",
                                         ["DES-1", "ARI-1", "POP-1"], ANSWERS))
    partial = _run().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    partial.ok(*ck.all_self_critiques(skip=("Kant",)))
    low = [critique(p, node(f"{ck.PREFIX[p]}-1", confidence=0.2, severity="Low")) for p in ck.PHILOSOPHERS]
    empty = _run().ok(*low).ok(*ck.all_self_critiques()).ok(assessment("No significant findings."))
    return {f"{VALID}/council-assessed.json": full.doc, f"{VALID}/council-arbitrated.json": _arbitrated().doc,
            f"{VALID}/council-partial-synthesized.json": partial.doc,
            f"{VALID}/council-no-findings.json": empty.doc,
            f"{VALID}/council-self-critiquing.json": _run().ok(*ck.all_critiques()).doc}


def _arbitrated():
    """The assessed council with the Expert Arbiter's pass before the final assessment."""
    run = _assessed_run()
    lowered = arbiter_adjustment("DES-1", -0.1)
    run.ok(arbitration(arbiter_score(run, lowered), lowered))
    return run.ok(assessment("The durability guarantee (DES-1, ARI-1) has no stated test and no failure model; the "
                             "performance claim (POP-1) is unfalsifiable.", ["DES-1", "ARI-1", "POP-1"], ANSWERS))


def _arbiter_invalid() -> dict[str, dict]:
    run, fine = _assessed_run, arbiter_adjustment("DES-1", -0.1)
    return {
        "CNL134-arbitration-too-early": _forced(_run().ok(*ck.all_critiques()), arbitration(80)),
        "CNL135-arbitration-repeated": _forced(run().ok(arbitration(arbiter_score(run(), fine), fine)),
                                               arbitration(arbiter_score(run(), fine))),
        "CNL136-arbiter-adjustment-unbounded": _forced(run(), arbitration(
            arbiter_score(run(), arbiter_adjustment("DES-1", -0.5)), arbiter_adjustment("DES-1", -0.5))),
        "CNL137-arbiter-adjustment-unjustified": _forced(run(), arbitration(
            arbiter_score(run(), fine), arbiter_adjustment("DES-1", -0.1, "Agreed."))),
        "CNL138-arbiter-unknown-claim": _forced(run(), arbitration(
            arbiter_score(run()), arbiter_adjustment("NOPE-1", 0.0))),
        "CNL139-arbiter-score-unsupported": _forced(run(), arbitration(100, fine)),
    }


def _forced(run, move):
    return run.force(move).doc


def invalid_documents() -> dict[str, dict]:
    critiqued = lambda: _run().ok(*ck.all_critiques())  # noqa: E731
    docs = {
        "CNL104-unknown-persona": _forced(_run(), critique("Hegel")),
        "CNL105-critique-twice": _forced(_run().ok(critique("Kant")), critique("Kant", node("KAN-2"))),
        "CNL106-critique-after-self-critique": _forced(
            _run().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"), self_critique("Popper")), critique("Kant")),
        "CNL107-duplicate-claim-id": _forced(_run().ok(critique("Kant", node("X-1"))), critique("Popper", node("X-1"))),
        "CNL108-tree-too-deep": _forced(_run(max_depth=1), critique("Kant", node("KAN-1", children=[node("KAN-2")]))),
        "CNL109-children-below-threshold": _forced(
            _run(), critique("Kant", node("KAN-1", confidence=0.1, children=[node("KAN-2")]))),
        "CNL126-atomic-passage-decomposed": _forced(
            _run(), critique("Kant", node("KAN-1", "Retention is", children=[node("KAN-2")]))),
        "CNL110-evidence-not-in-document": _forced(_run(), critique("Kant", node("KAN-1", "exactly-once delivery"))),
        "CNL111-self-critique-too-early": _forced(_run().ok(critique("Kant")), self_critique("Kant")),
        "CNL112-self-critique-twice": _forced(critiqued().ok(self_critique("Kant")), self_critique("Kant")),
        "CNL113-adjusts-anothers-claim": _forced(critiqued(), self_critique("Kant", adjustment("POP-1"))),
        "CNL114-adjusted-confidence-above-one": _forced(critiqued(), self_critique("Kant", adjustment("KAN-1", 0.5))),
        "CNL115-blank-reasoning": _forced(critiqued(), self_critique("Kant", adjustment("KAN-1", reasoning=" "))),
        "CNL116-assessment-too-early": _forced(critiqued(), assessment()),
        "CNL117-high-point-not-addressed": _forced(_assessed_run(), assessment(addressed=["ARI-1", "POP-1"])),
        "CNL118-unknown-point": _forced(_assessed_run(), assessment(addressed=["DES-1", "ARI-1", "POP-1", "RUS-1"],
                                                                    responses=ANSWERS)),
        "CNL119-no-findings-message-missing": _forced(_without_points(), assessment("The document is sound.")),
        "CNL120-findings-denied": _forced(_assessed_run(), assessment("No significant findings.",
                                                                      ["DES-1", "ARI-1", "POP-1"], ANSWERS)),
        "CNL121-self-critique-without-critique": _forced(
            _run().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant")), self_critique("Kant")),
        "CNL122-first-person-assessment": _warned(_assessed_run(), assessment(
            "I think the durability guarantee is the main gap.", ["DES-1", "ARI-1", "POP-1"], ANSWERS)),
        "CNL123-partial-council": _run().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant")).doc,
        "CNL125-partial-council-misstated": _forced(
            _run().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant")).ok(*ck.all_self_critiques(skip=("Kant",))),
            assessment("Assessment based on 6 of 6 personas.")),
        "CNL129-point-not-quoted": _forced(_assessed_run(), assessment(
            responses=[response("DES-1", "the design is wrong"), response("POP-1")])),
        "CNL130-response-too-thin": _forced(_assessed_run(), assessment(
            responses=[response("DES-1", text="Noted."), response("POP-1")])),
        "CNL131-conflict-not-settled": _forced(_conflicted_run(), assessment()),
        "CNL132-unknown-conflict": _forced(_conflicted_run(), assessment(
            resolutions=[resolution(), resolution("conflict-9")])),
        "CNL133-evidence-too-short": _forced(_run(), critique("Kant", node("KAN-1", "e"))),
    }
    docs.update(_header_documents())
    docs.update(_arbiter_invalid())
    return {f"{INVALID}/{name}.json": doc for name, doc in docs.items()}


def _conflicted_run():
    """Aristotle raises and Descartes lowers a claim on the same passage: conflict-1 (no High point)."""
    run = _run().ok(critique("Aristotle", node("ARI-1", ck.EVIDENCE[0], 0.6)),
                    critique("Descartes", node("DES-1", "no event is ever lost", 0.6)),
                    *ck.all_critiques(skip=("Aristotle", "Descartes")))
    return run.ok(self_critique("Aristotle", adjustment("ARI-1", 0.1)),
                  self_critique("Descartes", adjustment("DES-1", -0.1)),
                  *ck.all_self_critiques(skip=("Aristotle", "Descartes")))


def _warned(run, move):
    run.apply(move)
    return run.doc


def _without_points():
    low = [critique(p, node(f"{ck.PREFIX[p]}-1", confidence=0.2)) for p in ck.PHILOSOPHERS]
    return _run().ok(*low).ok(*ck.all_self_critiques())


def _header_documents() -> dict[str, dict]:
    edited = copy.deepcopy(_run().ok(critique("Kant")).doc)
    text = edited["header"]["document"]["text"]
    edited["header"]["document"]["text"] = text.replace("500 ms", "900 ms")
    twice = copy.deepcopy(_run().doc)
    twice["header"]["panel"]["personas"].append(copy.deepcopy(twice["header"]["panel"]["personas"][0]))
    unknown = copy.deepcopy(_run().doc)
    unknown["header"]["panel"]["personas"][2]["template"] = "kantian"
    changed = _run(document=ck.document(path=CHANGED_DOCUMENT)).ok(critique("Kant")).doc
    moved = _run(document=ck.document(path=f"{INVALID}/council-moved-document.md")).ok(critique("Kant")).doc
    return {"CNL101-document-text-edited": reseal(edited), "CNL124-duplicate-persona": reseal(twice),
            "CNL127-unknown-template": reseal(unknown),
            "CNL102-document-changed": changed, "CNL103-document-moved": moved}


def generated_files() -> dict[str, bytes]:
    files = {path: statefile.serialize(doc) for path, doc in {**valid_documents(), **invalid_documents()}.items()}
    files[CHANGED_DOCUMENT] = ck.DOCUMENT.replace("500 ms", "50 ms").encode()
    return files


def main(root: Path = ROOT) -> int:
    for relative, data in generated_files().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
