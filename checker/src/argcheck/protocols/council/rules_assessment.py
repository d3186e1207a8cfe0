"""The final-assessment rules: after the synthesis, held to the computed points, in an objective tone.

Each code is emitted by exactly one function here.
"""

from __future__ import annotations

import re

from argcheck.core.rules import finding
from argcheck.protocols.council import rules_responses, synthesis

NO_FINDINGS = re.compile(r"\bno significant findings\b", re.IGNORECASE)
COUNT_STATED = re.compile(r"\b(\d+) of (\d+) personas\b", re.IGNORECASE)
# Quoted passages are not the assessment's own voice ("Phase I" quoted from the document is no first person).
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|«[^»]*»|`[^`]*`')
# First person, praise and hedging filler (seed §4.5, FR-MOD-10: objective, robotic tone).
TONE_CASED = re.compile(r"\b(I|I'm|I've|me|my|mine|we|We|us|our|Our|ours)\b")
TONE_WORDS = re.compile(r"\b(excellent|great|impressive|commendable|brilliant|outstanding|admirable|wonderful|"
                        r"well-written|perhaps|maybe|arguably|somewhat|basically|it seems|kind of|sort of|"
                        r"in my opinion)\b", re.IGNORECASE)


def assessment_too_early(state, path: str) -> list:
    """CNL116: the final assessment follows the synthesis (every round recorded)."""
    pending = state.pending("critique") + state.pending("self_critique")
    if not pending:
        return []
    return [finding("CNL116", path=path, pending=", ".join(pending))]


def unknown_point(state, move: dict, path: str) -> list:
    """CNL118: the assessment addresses and responds to only synthesized points."""
    known = set(synthesis.point_ids(state))
    named = list(move.get("addressed", [])) + [r["id"] for r in move.get("responses", [])]
    unknown = [pid for pid in dict.fromkeys(named) if pid not in known]
    if not unknown:
        return []
    return [finding("CNL118", path=path, unknown=", ".join(unknown))]


def no_findings_message_missing(state, text: str, path: str) -> list:
    """CNL119: in the no-findings case (personas heard, no point kept), the assessment says so."""
    if not synthesis.no_findings(state) or NO_FINDINGS.search(text):
        return []
    return [finding("CNL119", path=path)]


def findings_denied(state, text: str, path: str) -> list:
    """CNL120: the no-findings message only in the no-findings case: not with points, and not when no
    persona's critique reached the synthesis (an empty council found nothing because it heard no one)."""
    if synthesis.no_findings(state) or not NO_FINDINGS.search(text):
        return []
    points = len(synthesis.point_ids(state))
    why = f"the synthesis holds {points} point(s)" if points else "no persona's critique reached the synthesis"
    return [finding("CNL120", path=path, why=why)]


def non_objective_tone(text: str, path: str) -> list:
    """CNL122: no first person, no praise, no hedging filler, in the assessment's own words (quotes aside)."""
    own = QUOTED.sub(" ", text)
    words = sorted({m.group(0) for m in TONE_CASED.finditer(own)} | {m.group(0).lower()
                                                                    for m in TONE_WORDS.finditer(own)})
    if not words:
        return []
    return [finding("CNL122", path=path, tone=", ".join(repr(w) for w in words))]


def partial_council_misstated(state, text: str, path: str) -> list:
    """CNL125: a count of personas the text states ("N of M personas") is the computed one. The text need
    not state it: the output formatter puts the partial-council notice in front of it (§4.5, §8)."""
    expected = (len(state.complete), len(state.personas))
    stated = [(int(a), int(b)) for a, b in COUNT_STATED.findall(" ".join(text.split()))]
    wrong = [f"{a} of {b}" for a, b in stated if (a, b) != expected]
    if not wrong:
        return []
    failed = ", ".join(dict.fromkeys(f["persona"] for f in state.failures())) or "none"
    return [finding("CNL125", path=path, stated=wrong[0], responded=expected[0], total=expected[1],
                    failed=failed)]


def check_assessment(state, move: dict, path: str) -> list:
    """Every finding for a final assessment (once the synthesis exists)."""
    too_early = assessment_too_early(state, path + "/type")
    if too_early:
        return too_early
    text = move["text"]
    return (rules_responses.check_responses(state, move.get("responses", []), path + "/responses")
            + unknown_point(state, move, path)
            + rules_responses.check_resolutions(state, move.get("resolutions", []), path + "/resolutions")
            + no_findings_message_missing(state, text, path + "/text")
            + findings_denied(state, text, path + "/text")
            + partial_council_misstated(state, text, path + "/text")
            + non_objective_tone(text, path + "/text"))
