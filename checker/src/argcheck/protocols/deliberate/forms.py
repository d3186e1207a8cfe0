"""The user's part of a deliberation as a page form (pure): the priority over more than 7 open points grouped
by theme, and with it the user's other entries (a constraint for the ledger, a request for arbitration, a new
question the user consents to).

`pending_form(state)` is offered only while `next` says the run waits for the user (None otherwise);
`answer_move(state, values)` turns the posted choice into the user's own move, which `apply`'s rules judge.
"""

from __future__ import annotations

from argcheck.core.formvalues import FormProblem, choices, group, one, picked, text, words
from argcheck.protocols.deliberate import nextstep, priority, themes
from argcheck.protocols.deliberate.standing import next_free_id

ENTRIES = {"prioritise": "my priority over the open points",
           "ledger": "add a constraint of mine to the ledger",
           "request_arbitration": "ask for arbitration by a fresh, unattributed session",
           "reframe": "change the question (I consent to the new one)"}
THEME_CHOICES = (("first", "take first"), ("later", "as it comes"), ("drop", "drop"))


def answered_moves() -> tuple:
    """The user moves this form records (while a page serves, the agent's own are refused: ARG040)."""
    return tuple(ENTRIES)


def _offered(state) -> list[str]:
    allowed = set(priority.allowed_moves(state))
    return [kind for kind in ENTRIES if kind in allowed]


def waits_for_user(state) -> bool:
    return state.status == "in_progress" and nextstep.next_action(state)["actor"] == "user"


def pending_form(state) -> dict | None:
    offered = _offered(state) if waits_for_user(state) else []
    if not offered:
        return None
    fields = [choices("entry", "What you want to record", [(k, ENTRIES[k]) for k in offered], checked=offered[:1])]
    if "prioritise" in offered:
        fields.append(group("Your priority", _priority_fields(state)))
    if "ledger" in offered:
        fields.append(group("A constraint", [text("constraint", "The constraint, in your words")]))
    if "request_arbitration" in offered:
        fields.append(group("Arbitration", [text("reason", "Why (optional)")]))
    if "reframe" in offered:
        fields.append(group("A new question", [text("question", "The question as you want it asked")]))
    return {"move": "user_entry", "title": "Your priority",
            "question": f"More than {themes.GROUPING_THRESHOLD} points are open. Choose which themes or points "
                        "the deliberation takes first and which it drops.",
            "context": [{"heading": "Question", "items": [state.question]}, *_theme_context(state)],
            "fields": fields}


def _theme_context(state) -> list[dict]:
    return [{"heading": f"Theme: {theme}", "items": [f"{pid}: {state.points[pid].text}" for pid in ids]}
            for theme, ids in themes.open_by_theme(state).items()]


def _priority_fields(state) -> list[dict]:
    grouped = themes.open_by_theme(state)
    fields = [choices(f"theme{n}", f"Theme: {theme} ({', '.join(ids)})", THEME_CHOICES, checked=["later"])
              for n, (theme, ids) in enumerate(grouped.items())]
    points = [(point.id, f"{point.id}: {point.text}") for point in themes.open_points(state)]
    return fields + [choices("first_points", "Single points to take first", points, multiple=True),
                     choices("drop_points", "Single points to drop", points, multiple=True)]


def answer_move(state, values: dict) -> dict:
    offered = _offered(state)
    entry = one(values, "entry", offered)
    if entry is None:
        raise FormProblem("entry: choose what to record")
    if entry == "prioritise":
        return _priority_move(state, values)
    if entry == "ledger":
        words_given = _required(values, "constraint")
        taken = set(state.points) | set(state.challenges) | set(state.ledger)
        return {"type": "ledger", "actor": "user", "id": next_free_id(taken, "L"), "text": words_given,
                "provenance": "user", "claim_type": "constraint"}
    if entry == "request_arbitration":
        reason = words(values, "reason")
        return {"type": "request_arbitration", "actor": "user", **({"reason": reason} if reason else {})}
    return {"type": "reframe", "actor": "user", "question": _required(values, "question"), "consent": True}


def _priority_move(state, values: dict) -> dict:
    """Each theme's choice applied to its points, then the single points; in the order the points opened."""
    order = [point.id for point in themes.open_points(state)]
    chosen = {"first": set(picked(values, "first_points", order)), "drop": set(picked(values, "drop_points", order))}
    for n, ids in enumerate(themes.open_by_theme(state).values()):
        choice = one(values, f"theme{n}", [value for value, _ in THEME_CHOICES], "later")
        if choice != "later":
            chosen[choice].update(ids)
    return {"type": "prioritise", "actor": "user", "first": [pid for pid in order if pid in chosen["first"]],
            "drop": [pid for pid in order if pid in chosen["drop"]]}


def _required(values: dict, name: str) -> str:
    given = words(values, name)
    if given is None:
        raise FormProblem(f"{name}: write it")
    return given
