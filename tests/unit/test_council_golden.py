"""A full council from recorded persona outputs (the demo's) to the formatted critique, against a golden file.

Regenerate after an intended change: python tests/unit/test_council_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import council_kit as ck

from argcheck.protocols.council import demo, ingest, render

GOLDEN = Path(__file__).with_name("council_golden_critique.md")


def recorded_council():
    """The demo's recorded council, replayed through ingest and apply (the document at a fixed path)."""
    script = demo.load_script()
    text = demo._data(script["document"]).read_text(encoding="utf-8")
    run = ck.council(files={"design.md": text.splitlines()}, document=ck.document(text, "/docs/design.md"))
    for name in run.state.names:
        failure = script["failures"].get(name)
        reply = demo.envelope(None if failure else script["critiques"][name], failure, session=name)
        run.ok(*ingest.moves_for_step(run.state, ("critique", name), reply))
    for name in run.state.expected("self_critique"):
        reply = demo.envelope(script["self_critiques"][name], session=name)
        run.ok(*ingest.moves_for_step(run.state, ("self_critique", name), reply))
    run.ok(*ingest.moves_for_step(run.state, ("assessment", None), demo.envelope(script["assessment"])))
    return run


def formatted() -> str:
    run = recorded_council()
    replayed = run.replay()
    return render.critique(replayed.engine.state, replayed.findings)


def test_the_recorded_council_gives_the_golden_critique():
    assert formatted() == GOLDEN.read_text(encoding="utf-8"), "run python tests/unit/test_council_golden.py"


def test_the_golden_critique_says_what_the_council_found():
    text = GOLDEN.read_text(encoding="utf-8")
    assert "> **PARTIAL COUNCIL: 5 of 6 personas.**" in text and "Kant: initial critique failed: timeout" in text
    assert "Severity counts: Critical 2 · High 7 · Medium 8 · Low 0 · Unrated 0." in text
    assert '"council": "5 of 6 personas (partial council: Kant failed initial critique: timeout)"' in text
    assert "raised by Descartes; lowered by Russell" in text
    assert "class n_ARI_2 dropped" in text and 'p_Kant_none["failed: timeout"]' in text


def test_the_recorded_council_is_assessed_and_clean():
    run = recorded_council()
    assert run.status == "assessed" and run.replay_codes() == {"CNL123"}


if __name__ == "__main__":
    GOLDEN.write_text(formatted(), encoding="utf-8")
    sys.exit(0)
