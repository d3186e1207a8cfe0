"""Where a finding about a new move is, in the batch the user sent rather than in the state file.

`apply` checks moves against the whole log, so its findings point into the state file (/moves/41). The
user sent a batch: this names "move 2 of your batch, field verdict" (in JSON: move 2, path /1/verdict).
"""

from __future__ import annotations

from argcheck.core import jsonio


def source_label(moves: str) -> str:
    """How findings name MOVES: its path, or what it is when it is not a file."""
    if jsonio.is_inline(moves):
        return "MOVES (inline JSON)"
    if not moves.strip():
        return "MOVES (empty)"
    return "MOVES (stdin)" if moves == "-" else moves


def moves_before(outcome) -> int:
    """How many moves the state held before this apply (0 when the file is too broken to say)."""
    count = outcome.doc.get("move_count") if isinstance(outcome.doc, dict) else None
    return count - outcome.applied if isinstance(count, int) and not isinstance(count, bool) else 0


class Batch:
    """The batch as sent: its label (see source_label) and whether it was one move rather than a list."""

    def __init__(self, label: str, single: bool) -> None:
        self.label, self.single = label, single

    def locate(self, findings, before: int, fmt: str) -> list:
        return [self._located(f, f.move - before, fmt) if f.move and f.move > before else f for f in findings]

    def _located(self, found, number: int, fmt: str):
        own = f"/moves/{found.move - 1}"
        rest = found.path[len(own):] if found.path == own or found.path.startswith(own + "/") else None
        if fmt == "json":
            where = ("" if self.single else f"/{number - 1}") + (rest or "")
            return found._replace(move=number, path=where if rest is not None else found.path)
        words = "your move" if self.single else f"move {number} of your batch"
        if not self.label.startswith("MOVES ("):
            words = f"{self.label}, {words}"
        if rest:
            words += ", field " + " ".join(f"item {int(p) + 1}" if p.isdigit() else p for p in rest[1:].split("/"))
        elif rest is None:
            words += f" ({found.path})"
        return found._replace(path=words)
