"""The ledger and its provenance: ledger and verify moves (spec §3, rules DLB140–DLB149).

Provenance tags: `user`, `verified`, `revision`, `<header consultee>-unverified`,
`orchestrator-unverified`. Artifacts (`path:line`) are confirmed through `env.read_lines` only.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate.buckets import link_evidence, refresh, refresh_linked
from argcheck.protocols.deliberate.references import (
    duplicate_id, is_unverified, refused, unknown, unknown_all,
)
from argcheck.protocols.deliberate import refusals
from argcheck.protocols.deliberate.state import Entry
from argcheck.core.text import flat
from argcheck.protocols.deliberate.rules_witness import cited_prompt, execution_problems

UNVERIFIED_SUFFIX = "-unverified"
COMMON_PROVENANCE = {"orchestrator": ("orchestrator-unverified",), "user": ("user",)}  # nothing more to check


def evidence_type_of(move: dict) -> str:
    if move.get("execution"):
        return "execution"
    return "textual" if move.get("artifact") else "claim"


# --- ledger -------------------------------------------------------------------------------------

def on_ledger(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = duplicate_id(eng, move["id"])
    found += provenance_problems(eng, move)
    found += artifact_problems(eng, move.get("artifact"), move.get("quote"),
                               confirms=move["provenance"] == "verified")
    found += execution_problems(eng, move.get("execution"))
    if "supports" in move:
        found += unknown_all(eng, state.points, move["supports"], "supports", "point")
    replaces = "supersedes" in move or "revises" in move
    if replaces:
        for field in ("supersedes", "revises"):
            if move.get(field):
                found += unknown(eng, state.ledger, move[field], field, "ledger entry")
    if refused(found):
        return found
    if replaces:
        found += target_problems(eng, move)
        if refused(found):
            return found
    add_entry(eng, move)
    return found


def provenance_problems(eng, move: dict) -> list[Finding]:
    """The tag must name a known source, match the actor, and carry what it promises."""
    actor, provenance = move["actor"], move["provenance"]
    if provenance in COMMON_PROVENANCE.get(actor, ()) and provenance != "revision":
        return []
    consultee = eng.state.header.get("consultee", "")
    found = []
    if is_unverified(provenance):
        source = provenance[: -len(UNVERIFIED_SUFFIX)]
        if source not in (consultee, "orchestrator"):
            found.append(eng.report("DLB147", "provenance", provenance=provenance, consultee=consultee))
        elif actor != ("orchestrator" if source == "orchestrator" else "consultee"):
            found.append(eng.report("DLB148", "provenance", actor=actor, provenance=provenance))
    elif (provenance == "user" and actor != "user") or (provenance == "verified" and actor == "consultee"):
        # Documented choice: only the orchestrator confirms artifacts, so a consultee cannot tag `verified`.
        found.append(eng.report("DLB148", "provenance", actor=actor, provenance=provenance))
    if provenance == "verified" and not (move.get("artifact") or move.get("execution")):
        found.append(refusals.verified_without_artifact(eng, "provenance", "entry", move["id"]))
    if provenance == "revision":
        missing = [name for name in ("revises", "justification") if not move.get(name)]
        if missing:
            found.append(eng.report("DLB145", "provenance", entry=move["id"], missing=" and ".join(missing)))
    return found


def target_problems(eng, move: dict) -> list[Finding]:
    """What an entry may supersede or revise: never a user entry; an unverified one never a stronger one."""
    ledger, provenance = eng.state.ledger, move["provenance"]
    found = []
    for relation in ("supersedes", "revises"):
        target = ledger.get(move.get(relation) or "")
        if target is None:
            continue
        if target.provenance == "user":
            found.append(eng.report("DLB143", relation, entry=move["id"], relation=relation, target=target.id))
        elif relation == "supersedes" and is_unverified(provenance) and target.provenance == "verified":
            found.append(eng.report("DLB144", relation, entry=move["id"], provenance=target.provenance,
                                    target=target.id))
        elif relation == "supersedes" and is_upgrade_by_restatement(move, target):
            found.append(eng.report("DLB146", relation, entry=move["id"], target=target.id, provenance=provenance))
    return found


def is_upgrade_by_restatement(move: dict, target) -> bool:
    return (is_unverified(target.provenance) and move["provenance"] in ("verified", "user")
            and flat(move["text"]).casefold() == flat(target.text).casefold())


def add_entry(eng, move: dict) -> None:
    state = eng.state
    entry = Entry(
        id=move["id"], actor=move["actor"], text=move["text"], provenance=move["provenance"],
        claim_type=move.get("claim_type", "empirical"), evidence_type=evidence_type_of(move),
        artifact=move.get("artifact"), quote=move.get("quote"), execution=move.get("execution"),
        supports=list(move.get("supports", ())), supersedes=move.get("supersedes"), revises=move.get("revises"),
        justification=move.get("justification"), round=state.iteration, seq=eng.seq, witness=cited_prompt(eng, move),
        via=move.get("via"))
    state.ledger[entry.id] = entry
    if entry.supersedes:
        target = state.ledger[entry.supersedes]
        target.superseded_by = entry.id
        refresh_linked(state, target)
    for point_id in entry.supports:
        point = state.points[point_id]
        link_evidence(state, point, (entry.id,))
        refresh(state, point)


# --- verify -------------------------------------------------------------------------------------

def on_verify(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = unknown(eng, state.ledger, move["entry"], "entry", "ledger entry")
    if found:
        return found
    entry = state.ledger[move["entry"]]
    if entry.provenance in ("verified", "user"):
        found.append(eng.report("DLB149", "entry", entry=entry.id, provenance=entry.provenance))
    if not (move.get("artifact") or move.get("execution")):
        found.append(refusals.verified_without_artifact(eng, "entry", "verify of", entry.id))
    found += artifact_problems(eng, move.get("artifact"), move.get("quote"), confirms=True)
    found += execution_problems(eng, move.get("execution"))
    if refused(found):
        return found
    entry.provenance = "verified"
    entry.evidence_type = evidence_type_of(move)
    entry.artifact, entry.quote, entry.execution = move.get("artifact"), move.get("quote"), move.get("execution")
    entry.verified_at_seq = eng.seq
    refresh_linked(state, entry)
    return found


# --- artifacts ----------------------------------------------------------------------------------

def artifact_problems(eng, artifact: str | None, quote: str | None, confirms: bool) -> list[Finding]:
    """`path:line` must exist in the workspace and `quote` must be within 2 lines of it.

    Documented choice (docs/protocols/deliberate.md §3): an artifact that `confirms` a verification (a
    `verified` entry, a `verify` move) must resolve, symlinks included, to a line of a file inside the
    workspace, or the move is refused. An unverified entry's artifact is only a pointer: checked when it
    is inside the workspace, and confirming nothing either way."""
    if not artifact:
        return []
    path, _, number = artifact.rpartition(":")
    lines = eng.env.read_lines(path)
    missing = artifact_gap(eng, lines, int(number), confirms)
    if missing:
        return [eng.report("DLB141", "artifact", artifact=artifact, detail=missing)]
    if isinstance(lines, list) and quote:
        line = int(number)
        if flat(quote) not in flat(" ".join(lines[max(0, line - 3): line + 2])):
            return [eng.report("DLB142", "quote", quote=quote, artifact=artifact)]
    return []


def artifact_gap(eng, lines, line: int, confirms: bool) -> str | None:
    """Why the artifact cannot be found (or, when it `confirms`, confirmed), or None."""
    if isinstance(lines, str):  # env.OUTSIDE: resolves outside the workspace, or the run has none
        if not confirms:
            return None
        workspace = eng.state.header.get("workspace")
        where = f"the workspace {workspace}" if workspace else "a workspace (the run has none)"
        return f"resolves outside {where}, so it cannot be confirmed"
    if lines is None:
        return "no such file in the workspace"
    if line > len(lines):
        return f"line {line} is past the end of the file ({len(lines)} lines)"
    return None
