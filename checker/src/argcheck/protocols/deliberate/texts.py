"""Free text must say something: no blank or placeholder text in any text field of any move (DLB108).

`TEXT_FIELDS` lists every free-text field of every move type (the models' `Text` fields; a test keeps
the two in step). A required field must carry content; an optional one, when given, must too.
"""

from __future__ import annotations

import re

from argcheck.core.findings import Finding

TEXT_FIELDS = {
    "point": ("text",),
    "classify": ("reason", "objection"),
    "challenge": ("objection",),
    "defend": ("argument",),
    "concede": ("reason",),
    "judge": ("reason",),
    "ledger": ("text", "quote", "justification"),
    "verify": ("quote",),
    "revise": ("justification",),
    "clarify": ("text",),
    "settle": ("question", "tradeoff"),
    "extend_constructive": ("detail",),
    "stress_test": ("summary",),
    "reframe": ("question",),
    "request_arbitration": ("reason",),
    "synthesize": ("answer",),
    "arbitrate": ("summary",),
    "abort": ("reason",),
}
NESTED_TEXT_FIELDS = {"arbitrate": ("flags", "concern")}  # a list of objects, each with a text field
PLACEHOLDER_WORDS = frozenset({"todo", "tbd", "fixme", "xxx", "placeholder", "fill in", "fill me in"})
ANGLE_PLACEHOLDER = re.compile(r"^<[^<>]*>$")  # "<reason>"


def is_placeholder(text: str) -> bool:
    """Blank, punctuation only ("...", "…", "-"), a bare "<slot>", or a stock filler word."""
    stripped = text.strip()
    if not any(ch.isalnum() for ch in stripped):
        return True
    return bool(ANGLE_PLACEHOLDER.match(stripped)) or stripped.casefold() in PLACEHOLDER_WORDS


def blank_text_problems(eng, move: dict) -> list[Finding]:
    """DLB108 for each text field of the move that is blank or a placeholder."""
    kind = move["type"]
    found = [_blank(eng, kind, name, move[name]) for name in TEXT_FIELDS.get(kind, ())
             if isinstance(move.get(name), str) and is_placeholder(move[name])]
    nested = NESTED_TEXT_FIELDS.get(kind)
    if nested:
        items, name = move.get(nested[0]) or (), nested[1]
        found += [_blank(eng, kind, f"{nested[0]}/{i}/{name}", item[name]) for i, item in enumerate(items)
                  if isinstance(item, dict) and isinstance(item.get(name), str) and is_placeholder(item[name])]
    return found


def _blank(eng, kind: str, field: str, value: str) -> Finding:
    return eng.report("DLB108", field, move_type=kind, field=field, found=value)
