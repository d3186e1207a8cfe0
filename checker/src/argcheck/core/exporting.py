"""A run in the standard formats other tools read: MADR 4 (a decision record), Argdown and AIF (argument maps).

The protocol gives its decision or its argument map as data (core/protocol_calls.py: `decision`, `argument_map`);
this module picks the writer (core/madr.py, core/argmap.py) and adds what only the state file tells: the
run's id, the hash of its last move and whether it was witnessed. The CLI (`render --format`) and the MCP
server (`argcheck_render`) both call it.
"""

from __future__ import annotations

import re

from argcheck.core import agent_limits, protocol_calls, witnessing

EXPORT_FORMATS = ("madr", "argdown", "aif")
HOOK_OF = {"madr": "decision", "argdown": "argument_map", "aif": "argument_map"}


class NotExportable(Exception):
    """The protocol gives no data for this format (its `exports` module lacks the hook)."""


def export_text(spec, state, doc: dict, fmt: str, source: str = "", findings=()) -> tuple[str, str]:
    """The replayed run (`state`, of the state file `doc` read from `source`, with the replay's `findings`)
    in `fmt`, and its title. A decision record of a run with error findings says so first."""
    from argcheck.core import argmap, madr

    data = protocol_calls.call(spec, HOOK_OF[fmt], state)
    if data is None:
        raise NotExportable(f"the {spec.name} protocol gives no {HOOK_OF[fmt].replace('_', ' ')}")
    if fmt == "madr":
        facts = dict(run_facts(doc, source), errors=sorted({f.code for f in findings if f.severity == "error"}))
        return madr.record(data, facts), data["title"]
    return (argmap.argdown(data) if fmt == "argdown" else argmap.aif(data)), data["title"]


def run_facts(doc: dict, source: str) -> dict:
    """What the record says about the run itself: id, protocol, head hash, moves, witnessed (and by which
    agent's hooks), date."""
    moves = doc.get("moves") or []
    last_at = moves[-1].get("at") if moves and isinstance(moves[-1], dict) else doc.get("created_at")
    date = last_at[:10] if isinstance(last_at, str) and re.match(r"\d{4}-\d\d-\d\d", last_at) else ""
    return {"id": doc.get("id", ""), "protocol": doc.get("protocol", ""), "head": doc.get("head", ""),
            "moves": len(moves), "witnessed": witnessing.is_witnessed(doc.get("header")), "date": date,
            "source": source if source != "-" else "", **_witness_agent(doc.get("header"))}


def _witness_agent(header) -> dict:
    agent = header.get("witness_agent") if witnessing.is_witnessed(header) else None
    return {"witness_agent": agent} if agent in agent_limits.AGENT_NAMES else {}
