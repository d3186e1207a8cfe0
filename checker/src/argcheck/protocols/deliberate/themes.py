"""Open points grouped by theme, and the inconclusive exit: what `next` and the report show (pure).

The Argumentation Protocol: "If >7 points remain, group by theme and ask user to prioritize", and, when at
synthesis every evaluated point is Unresolved, "Deliberation inconclusive - no points resolved", with each
point's blocker and what would resolve it.

Invariants:
    - A point's theme is its own `theme`, else the theme of the point it extends (followed to the root), else
      "no theme given"; themes keep the order their first point was raised in.
    - Grouping applies only when more than GROUPING_THRESHOLD points are open (no bucket yet, or Unresolved
      before the synthesis).
"""

from __future__ import annotations

from argcheck.core.text import clip, flat
from argcheck.protocols.deliberate.standing import natural_key
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED

GROUPING_THRESHOLD = 7
NO_THEME = "no theme given"
INCONCLUSIVE = "Deliberation inconclusive - no points resolved"
RESOLVE_BY = {"missing_data": "Provide", "definitional": "Clarify", "criteria_divergence": "Choose between"}
BLOCKER_NAMES = {"missing_data": "missing data", "definitional": "definitional",
                 "criteria_divergence": "criteria tradeoff"}


def theme_of(state, point) -> str:
    seen = set()
    while point is not None and point.id not in seen:
        if point.theme:
            return point.theme
        seen.add(point.id)
        point = state.points.get(point.extends) if point.extends else None
    return NO_THEME


def open_points(state) -> list:
    """The points still to settle: no bucket yet, or Unresolved before the synthesis."""
    still = (None,) if state.synthesis else (None, UNRESOLVED)
    return sorted((p for p in state.points.values() if p.bucket in still), key=lambda p: natural_key(p.id))


def open_by_theme(state) -> dict[str, list[str]]:
    """Theme -> the ids of its open points, when more than 7 points are open (else empty)."""
    points = open_points(state)
    if len(points) <= GROUPING_THRESHOLD:
        return {}
    grouped: dict[str, list[str]] = {}
    for point in points:
        grouped.setdefault(theme_of(state, point), []).append(point.id)
    return grouped


def theme_lines(grouped: dict[str, list[str]]) -> list[str]:
    return [f"- {flat(theme)}: {', '.join(ids)}" for theme, ids in grouped.items()]


def inconclusive(state) -> list[dict] | None:
    """At the synthesis, with points and neither an Agreed nor a Dismissed one: each Unresolved point's blocker
    and what would resolve it; None when the deliberation is not inconclusive."""
    if not state.synthesis or not state.points:
        return None
    if any(p.bucket in (AGREED, DISMISSED) for p in state.points.values()):
        return None
    return [_blocker(p) for p in sorted(state.points.values(), key=lambda p: natural_key(p.id))]


def _blocker(point) -> dict:
    settled = point.settled or {}
    reason = settled.get("reason")
    detail = settled.get("question") or settled.get("tradeoff") or clip(flat(point.text), 120)
    if reason in RESOLVE_BY:
        resolve = f"{RESOLVE_BY[reason]} {detail}"
    else:
        resolve = f"Provide what would settle {point.id}: {clip(flat(point.text), 120)}"
    return {"point": point.id, "blocker": BLOCKER_NAMES.get(reason, point.bucket_reason or "not settled"),
            "resolve": resolve}


def inconclusive_lines(blockers: list[dict]) -> list[str]:
    return [f"- {b['point']} ({b['blocker']}): {b['resolve']}" for b in blockers]
