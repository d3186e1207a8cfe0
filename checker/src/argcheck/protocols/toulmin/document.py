"""Standalone Toulmin chain documents: the seven components in one object, as Toulmini's tools exchange them.

`argcheck validate chain.json` (and `render`, `next`) accept such a document directly: its components
are shape-checked one by one, its complete phases are replayed through the same engine as a state
file, and the findings carry the same codes, with paths into the chain (`/warrant/strength`).

    {"query": "...", "relax": ["warrant"],            (both optional)
     "data": {...}, "claim": {...}, "warrant": {...}, "backing": {...},
     "rebuttal": {...}, "qualifier": {...}, "verdict": {...}}
"""

from __future__ import annotations

import re

from argcheck.core import envelope
from argcheck.core.findings import has_errors
from argcheck.core.integrity import short_hash
from argcheck.protocols.toulmin import header as chain_header
from argcheck.protocols.toulmin import rules
from argcheck.protocols.toulmin.engine import Engine
from argcheck.protocols.toulmin.state import COMPONENTS, PHASES, TERMINATED
from argcheck.core.shapes import violation
from argcheck.core.replay import Replay

OPTIONAL_KEYS = ("query", "relax")
PHASE_OF = {name: kind for kind, (names, _) in PHASES.items() for name in names}
STANDALONE_QUERY = "(standalone Toulmin chain)"
MOVE_PATH = re.compile(r"^/moves/(?P<index>\d+)(?P<rest>/.*)?$")


def is_document(doc) -> bool:
    """A bare chain: an object that is not a state file and holds at least one Toulmin component."""
    return isinstance(doc, dict) and "format" not in doc and not set(COMPONENTS).isdisjoint(doc)


def replay_document(doc: dict, env) -> tuple[dict, Replay]:
    """Check a standalone chain; return a state-like view of it (for the reports) and the replay."""
    findings = [violation(f"/{key}", detail=f"unknown field {key!r} in a Toulmin chain")
                for key in sorted(set(doc) - set(COMPONENTS) - set(OPTIONAL_KEYS))]
    if "query" in doc and not isinstance(doc["query"], str):
        findings.append(violation("/query", detail="query must be a string"))
    header = _header(doc)
    header_found = chain_header.check_header(header)
    if "query" not in doc:
        header_found = [f for f in header_found if f.code != "TLM101"]
    findings += [f._replace(path=f.path.replace("/header", "", 1) or "/") for f in header_found]
    if header_found and any(f.code == "ARG013" for f in header_found):
        header = dict(header, relax=[])
    valid = {}
    for name in COMPONENTS:
        if name in doc:
            found = chain_header.check_component_shape(name, doc[name], f"/{name}")
            findings += found
            if not found:
                valid[name] = doc[name]
    moves, gap = _moves(doc, valid)
    findings += gap + (_weak_links(valid, header["relax"]) if gap else [])
    engine = Engine(header, env)
    engine.state.standalone = True
    for index, move in enumerate(moves):
        found = engine.step(index, move)
        findings += [_chain_path(f, moves) for f in found]
        if has_errors(found) and engine.status != TERMINATED:
            break  # later phases would only repeat that this one is missing
    findings += engine.finish()
    view = {
        "format": envelope.FORMAT, "version": envelope.VERSION, "protocol": _spec().name, "id": "standalone",
        "created_at": env.now, "header": header, "status": engine.status, "updated_at": env.now,
        "move_count": len(moves), "head": "", "moves": moves,
    }
    return view, Replay(_spec(), engine, findings, "")


def _spec():
    from argcheck.core import discovery

    return discovery.spec(__package__.rpartition(".")[2])


def _header(doc: dict) -> dict:
    query = doc.get("query")
    if not isinstance(query, str):
        claim = doc.get("claim")
        statement = claim.get("statement") if isinstance(claim, dict) else None
        query = statement if isinstance(statement, str) and len(statement.strip()) >= chain_header.MIN_QUERY \
            else STANDALONE_QUERY
    relax = doc.get("relax", [])
    return {"query": query, "query_hash": short_hash(query), "relax": relax, "council": True}


def _moves(doc: dict, valid: dict) -> tuple[list[dict], list]:
    """The phase moves of the chain, up to its first incomplete phase, and the finding for the gap."""
    moves = []
    for kind, (names, _) in PHASES.items():
        if all(name in valid for name in names):
            moves.append({"type": kind, "seq": len(moves) + 1, **{name: valid[name] for name in names}})
            continue
        if any(name in doc and name not in valid for name in names):
            return moves, []  # a malformed component: its ARG013 says it all; later phases cannot be judged
        present = [name for name in COMPONENTS if name in doc]
        if not present or COMPONENTS.index(present[-1]) < COMPONENTS.index(names[0]):
            return moves, []  # the chain simply ends here (in progress)
        return moves, [_gap(doc, present[-1])]
    return moves, []


def _gap(doc: dict, latest: str):
    """The finding for a chain whose latest component stands on missing ones (named in chain order)."""
    kind = PHASE_OF[latest]
    needed = list(COMPONENTS[:COMPONENTS.index(latest) + 1]) + list(PHASES[kind][0])
    missing = [name for name in dict.fromkeys(needed) if name not in doc]
    return rules.missing_components(kind, missing, f"/{missing[0]}")


def _weak_links(valid: dict, relax) -> list:
    """A weak or irrelevant warrant or backing in an incomplete chain is flagged as its breaker would flag it
    (TLM108), not only as the gap."""
    relaxed = relax if isinstance(relax, list) else []
    return [rules.weak_link(name, valid[name]["strength"], f"/{name}/strength") for name in ("warrant", "backing")
            if name in valid and name not in relaxed and valid[name].get("strength") in rules.BREAKING_STRENGTHS]


def _chain_path(found, moves):
    """Engine paths (/moves/2/rebuttal/strength, /moves/2/type) become chain paths (/rebuttal/strength)."""
    match = MOVE_PATH.match(found.path or "")
    if not match:
        return found._replace(move=None)
    move = moves[int(match.group("index"))]
    rest = match.group("rest") or ""
    if rest in ("", "/type"):
        rest = "/" + PHASES[move["type"]][0][0]
    return found._replace(path=rest, move=None)
