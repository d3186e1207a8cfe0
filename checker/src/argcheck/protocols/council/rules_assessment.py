"""The final-assessment rules: after the synthesis, held to the computed points, in an objective tone.

Each code is emitted by exactly one function here.
"""

from __future__ import annotations

import re

from argcheck.protocols.council import synthesis
from argcheck.core.rules import finding

NO_FINDINGS = re.compile(r"\bno significant findings\b", re.IGNORECASE)
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


def high_severity_not_addressed(state, addressed: list, path: str) -> list:
    """CNL117: every High or Critical point is addressed by id."""
    missing = [pid for pid in synthesis.required_ids(state) if pid not in addressed]
    if not missing:
        return []
    return [finding("CNL117", path=path, missing=", ".join(missing))]


def unknown_point(state, addressed: list, path: str) -> list:
    """CNL118: the assessment addresses only synthesized points."""
    known = set(synthesis.point_ids(state))
    unknown = [pid for pid in addressed if pid not in known]
    if not unknown:
        return []
    return [finding("CNL118", path=path, unknown=", ".join(unknown))]


def no_findings_message_missing(state, text: str, path: str) -> list:
    """CNL119: with no points, the assessment gives the no-findings message."""
    if synthesis.point_ids(state) or NO_FINDINGS.search(text):
        return []
    return [finding("CNL119", path=path)]


def findings_denied(state, text: str, path: str) -> list:
    """CNL120: the no-findings message only when there are no points."""
    points = len(synthesis.point_ids(state))
    if not points or not NO_FINDINGS.search(text):
        return []
    return [finding("CNL120", path=path, points=points)]


def non_objective_tone(text: str, path: str) -> list:
    """CNL122: no first person, no praise, no hedging filler."""
    words = sorted({m.group(0) for m in TONE_CASED.finditer(text)} | {m.group(0).lower()
                                                                     for m in TONE_WORDS.finditer(text)})
    if not words:
        return []
    return [finding("CNL122", path=path, tone=", ".join(repr(w) for w in words))]


def partial_council_not_stated(state, text: str, path: str) -> list:
    """CNL125: a partial council's assessment says how many personas it heard."""
    responded, total = len(state.responded), len(state.personas)
    if not state.partial or f"{responded} of {total} personas" in " ".join(text.split()):
        return []
    return [finding("CNL125", path=path, responded=responded, total=total)]


def check_assessment(state, move: dict, path: str) -> list:
    """Every finding for a final assessment (once the synthesis exists)."""
    too_early = assessment_too_early(state, path + "/type")
    if too_early:
        return too_early
    addressed, text = move.get("addressed", []), move["text"]
    return (high_severity_not_addressed(state, addressed, path + "/addressed")
            + unknown_point(state, addressed, path + "/addressed")
            + no_findings_message_missing(state, text, path + "/text")
            + findings_denied(state, text, path + "/text")
            + partial_council_not_stated(state, text, path + "/text")
            + non_objective_tone(text, path + "/text"))
