"""The demo's view of a turn: each move on one line, and the run's standing in one line (no rule codes)."""

from __future__ import annotations

from argcheck.core.demoplayer import sentence_clip

TEXT_FIELDS = ("text", "objection", "reason", "argument", "defense", "statement", "summary", "answer", "question",
               "excerpt")
LABEL_FIELDS = ("id", "point", "challenge", "target")
KIND_FIELDS = ("kind", "verdict", "outcome", "judgment", "to", "provenance", "claim_type")
WIDTH = 72


def move_line(move: dict) -> str:
    """`point P1 (empirical): "SQLite gives atomic writes..."`: the move type, what it names, what it says."""
    label = next((str(move[f]) for f in LABEL_FIELDS if isinstance(move.get(f), (str, int))), "")
    kinds = [str(move[f]) for f in KIND_FIELDS if isinstance(move.get(f), str)]
    said = next((move[f] for f in TEXT_FIELDS if isinstance(move.get(f), str) and move[f].strip()), "")
    said = sentence_clip(said, WIDTH)  # a reply's excerpt: its prose, not the JSON the moves below hold
    head = " ".join(part for part in (move.get("type", "?"), label) if part)
    if kinds:
        head += f" ({', '.join(kinds)})"
    return f"{head}: \u201c{said}\u201d" if said else head


def standing_line(report: dict) -> str:
    """Where the run stands, in words: the round, the buckets, the open challenges, what synthesis waits for."""
    buckets = report["buckets"]
    counts = ", ".join(f"{buckets.get(name, 0)} {name}" for name in ("agreed", "dismissed", "unresolved",
                                                                            "pending"))
    parts = [f"round {report['iteration']} of {report['cap']}", counts]
    challenges = [c["id"] for c in report["open_challenges"]]
    if challenges:
        parts.append(f"open challenges {' '.join(challenges)}")
    waits = [gate["detail"] for gate in report["gates"] if gate["blocks"] == "synthesis"]
    if waits:
        parts.append("synthesis waits for: " + "; ".join(waits))
    return " · ".join(parts)
