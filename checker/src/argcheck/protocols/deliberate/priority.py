"""The user's priority over more than 7 open points (DLB200-DLB203): which to pursue first, which to drop.

The Argumentation Protocol: "If >7 points remain, group by theme and ask user to prioritize". The user answers
with a `prioritise` move (`actor: user`, in the page or transcribed from chat): the open points to take first
and those to drop. It records the user's choice; it settles no point (a dropped point still needs a bucket
before synthesis, through the protocol's own moves).

Invariants:
    - The user is asked only while more than GROUPING_THRESHOLD points are open and the run is in progress.
    - Once the user has prioritised, the run waits for the user again only when a point opens that no
      priority has seen (`awaiting`).
    - A priority names open points only, each at most once, and at least one.
"""

from __future__ import annotations

from argcheck.core.findings import ERROR, Finding
from argcheck.core.rules import define

# queries and themes are loaded by the calls that need them: `apply` of other moves stays within its import
# budget (tests/cli/test_import_budget.py).

P = "deliberate"
FIELDS = ("first", "drop")
ASK = ("the user prioritises the open points grouped by theme (which to take first, which to drop), in the page "
       "or in chat; record their answer as it is")
SKELETON = '{"type": "prioritise", "actor": "user", "first": ["..."], "drop": []}'  # "..." is refused unedited

define("DLB200", "PRIORITY_NOT_ASKED", ERROR,
       "prioritise with {count} open point(s): the user prioritises only more than {cap}",
       "group and prioritise only when more than 7 points are open (`argcheck next` says when)",
       why="The Argumentation Protocol asks the user to prioritise only when more than 7 points remain; "
           "with fewer the deliberation takes them all.",
       example='{"type": "prioritise", "actor": "user", "first": ["P1"]} with 3 open points',
       fix="Leave the points to the deliberation, or record the user's view as a ledger constraint.",
       protocol=P)
define("DLB201", "PRIORITY_POINT_NOT_OPEN", ERROR, "{field} names {point}, which is not an open point",
       "name only open points (no bucket yet, or Unresolved before the synthesis)",
       why="The user prioritises the points still to settle; a settled or unknown id would record a choice "
           "about nothing the deliberation still does.",
       example='"drop": ["P9"] where P9 is Agreed, or no P9 exists',
       fix="Use the ids `argcheck next` lists under the open points by theme.", protocol=P)
define("DLB202", "PRIORITY_CONFLICT", ERROR, "{point} is both to take first and to drop",
       "put each point in first or in drop, not both",
       why="A point the user drops cannot also be the one the deliberation takes first.",
       example='{"first": ["P2"], "drop": ["P2"]}',
       fix="Ask the user which of the two they meant.", protocol=P)
define("DLB203", "PRIORITY_EMPTY", ERROR, "prioritise names no point to take first or drop",
       "name at least one open point in first or drop",
       why="An empty priority would mark the points as seen by the user while telling the deliberation nothing.",
       example='{"type": "prioritise", "actor": "user", "first": [], "drop": []}',
       fix="Record what the user chose; if they chose nothing, leave the question open.", protocol=P)


def on_prioritise(eng, move: dict) -> list[Finding]:
    from argcheck.protocols.deliberate import themes

    state = eng.state
    open_ids = [point.id for point in themes.open_points(state)]
    if len(open_ids) <= themes.GROUPING_THRESHOLD:
        return [eng.report("DLB200", "type", count=len(open_ids), cap=themes.GROUPING_THRESHOLD)]
    found = _choice_problems(eng, move, set(open_ids))
    if found:
        return found
    state.priorities.append({"first": list(move.get("first", [])), "drop": list(move.get("drop", [])),
                             "asked": open_ids, "round": state.iteration, "seq": eng.seq, "via": move.get("via")})
    return []


def _choice_problems(eng, move: dict, open_ids: set[str]) -> list[Finding]:
    found = [eng.report("DLB201", f"{name}/{n}", field=name, point=pid)
             for name in FIELDS for n, pid in enumerate(move.get(name, [])) if pid not in open_ids]
    both = [pid for pid in move.get("first", []) if pid in move.get("drop", [])]
    found += [eng.report("DLB202", "drop", point=pid) for pid in dict.fromkeys(both)]
    if not move.get("first") and not move.get("drop"):
        found.append(eng.report("DLB203", "first"))
    return found


def allowed_moves(state) -> list[str]:
    """The moves allowed now (queries.allowed_moves), with `prioritise` while more than 7 points are open."""
    from argcheck.protocols.deliberate import queries, themes

    allowed = queries.allowed_moves(state)
    return allowed + ["prioritise"] if state.status == "in_progress" and themes.open_by_theme(state) else allowed


def awaiting(state) -> bool:
    """The run waits for the user's priority: more than 7 points are open and one of them no priority saw."""
    from argcheck.protocols.deliberate import themes

    if state.status != "in_progress" or not themes.open_by_theme(state):
        return False
    seen = {pid for given in state.priorities for pid in given["asked"]}
    return any(point.id not in seen for point in themes.open_points(state))


def latest(state) -> dict | None:
    """The user's last priority, as recorded ({first, drop, asked, round, seq, via}), or None."""
    return state.priorities[-1] if state.priorities else None


def priority_line(given: dict) -> str:
    first = ", ".join(given["first"]) or "none named"
    drop = ", ".join(given["drop"]) or "none"
    where = ", in the page" if given.get("via") == "page" else ""
    return f"The user's priority (move #{given['seq']}{where}): take first {first}; drop {drop}"
