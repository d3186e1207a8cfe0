"""The final assessment's per-point responses and the synthesis' resolution step (seed §6.2 step 7).

A High or Critical point is addressed only by a response entry that quotes the point and says how the
assessment deals with it; every computed conflict ends resolved (with a reason) or explicitly open.
Each code is emitted by exactly one function here.
"""

from __future__ import annotations

import re

from argcheck.protocols.council import synthesis
from argcheck.core.rules import finding

MIN_QUOTED_WORDS = 4
MIN_RESPONSE_WORDS = 6
WORD = re.compile(r"[\w'’-]+")


def _words(text: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(text)]


def quotes(point_text: str, critique: str) -> bool:
    """`point_text` is a run of at least MIN_QUOTED_WORDS consecutive words of `critique` (or all of a
    shorter critique), case- and punctuation-insensitively."""
    quoted, source = _words(point_text), _words(critique)
    if not quoted or len(quoted) < min(MIN_QUOTED_WORDS, len(source)):
        return False
    size = len(quoted)
    return any(source[i:i + size] == quoted for i in range(len(source) - size + 1))


def high_severity_not_addressed(state, responses: list, path: str) -> list:
    """CNL117: every High or Critical point has a response entry (its own id, or the id of a point merged
    with it into one key finding); listing the id under `addressed` is not enough."""
    answered = set()
    for response in responses:
        answered.update(synthesis.group_of(state, response["id"]))
    missing = [pid for pid in synthesis.required_ids(state) if pid not in answered]
    if not missing:
        return []
    return [finding("CNL117", path=path, missing=", ".join(missing))]


def point_not_quoted(state, response: dict, index: int, path: str) -> list:
    """CNL129: a response quotes the critique of the point it answers (or of a point merged with it)."""
    claims = [state.claims[pid].claim for pid in synthesis.group_of(state, response["id"]) if pid in state.claims]
    if not claims or any(quotes(response["point"], claim) for claim in claims):
        return []
    return [finding("CNL129", path=f"{path}/{index}/point", index=index, id=response["id"],
                    minimum=MIN_QUOTED_WORDS)]


def response_too_thin(response: dict, index: int, path: str) -> list:
    """CNL130: a response says how the point is addressed in at least MIN_RESPONSE_WORDS words, and is not
    the quoted point again."""
    words = _words(response["response"])
    if len(words) >= MIN_RESPONSE_WORDS and words != _words(response["point"]):
        return []
    return [finding("CNL130", path=f"{path}/{index}/response", index=index, id=response["id"], words=len(words),
                    minimum=MIN_RESPONSE_WORDS)]


def check_responses(state, responses: list, path: str) -> list:
    """Every finding for the response entries (unknown ids are CNL118's)."""
    known = set(synthesis.point_ids(state))
    found = high_severity_not_addressed(state, responses, path)
    for index, response in enumerate(responses):
        if response["id"] in known:
            found += point_not_quoted(state, response, index, path)
        found += response_too_thin(response, index, path)
    return found


def conflict_not_settled(state, resolutions: list, path: str) -> list:
    """CNL131: every computed conflict ends resolved (with a reason) or explicitly open."""
    settled = {r["conflict"] for r in resolutions}
    missing = [c["id"] for c in synthesis.conflicts(state) if c["id"] not in settled]
    if not missing:
        return []
    return [finding("CNL131", path=path, missing=", ".join(missing))]


def unknown_conflict(state, resolutions: list, path: str) -> list:
    """CNL132: a resolution names a computed conflict, once."""
    known, seen, found = {c["id"] for c in synthesis.conflicts(state)}, set(), []
    for index, resolution in enumerate(resolutions):
        name = resolution["conflict"]
        if name not in known or name in seen:
            why = "resolved twice" if name in known else "not a computed conflict"
            found.append(finding("CNL132", path=f"{path}/{index}/conflict", conflict=name, why=why,
                                 known=", ".join(sorted(known)) or "none"))
        seen.add(name)
    return found


def check_resolutions(state, resolutions: list, path: str) -> list:
    return conflict_not_settled(state, resolutions, path) + unknown_conflict(state, resolutions, path)
