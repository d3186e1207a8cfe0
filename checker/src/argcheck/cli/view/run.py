"""What one run's page shows, gathered from a state file: header, moves, findings, chain, report, picture."""

from __future__ import annotations

import json
import os
import re
from collections import namedtuple

from argcheck.files import operations
from argcheck.core import protocol_calls
from argcheck.core.findings import ERROR, WARNING
from argcheck.core.jsonio import InputError
from argcheck.output import summary

CHAIN_CODES = frozenset({"ARG020", "ARG021", "ARG022", "ARG023"})  # the integrity rules (see argcheck.integrity)
_MOVE_PATH = re.compile(r"^/moves/(\d+)(?:/|$)")


class NotARun(Exception):
    """The file is not a state file the view can show; the message says why."""


Run = namedtuple("Run", "path doc spec state status findings picture")


def load(path: str) -> Run:
    """Replay the state file at `path` (raises InputError when unreadable, NotARun when not a usable state)."""
    outcome = operations.validate_file(path)
    doc = outcome.doc
    if outcome.replay is None or not isinstance(doc, dict) or "moves" not in doc:
        reasons = "; ".join(f"{f.code} {f.message}" for f in outcome.findings[:3]) or "not a state file"
        raise NotARun(f"{path}: not a state file argcheck can show ({reasons})")
    spec, engine = outcome.replay.protocol, outcome.replay.engine
    return Run(path, doc, spec, engine.state, engine.status, list(outcome.findings),
               picture(spec, engine.state, outcome.findings))


def picture(spec, state, findings) -> dict:
    """The protocol's picture; a picture that cannot be drawn (a state the hook does not expect, e.g. after
    error findings) leaves the rest of the page standing and says why."""
    try:
        return protocol_calls.call(spec, "view", state, list(findings))
    except Exception as problem:  # noqa: BLE001 (the page must still show the run, its findings and chain)
        why = f"The {spec.name} picture could not be drawn for this state ({type(problem).__name__}: {problem})."
        return {"sections": [{"kind": "text", "title": "Picture unavailable", "text": why}]}


def actor(run: Run, move: dict) -> str:
    named = protocol_calls.call(run.spec, "actor", move)
    shown = str(named) if named not in (None, "") else "—"
    return shown + " (via page)" if move.get("via") == "page" else shown


def findings_by_move(findings) -> tuple[dict, list]:
    """({move index: [finding]}, the findings about no single move)."""
    per_move, general = {}, []
    for found in findings:
        match = _MOVE_PATH.match(found.path or "")
        if match:
            per_move.setdefault(int(match.group(1)), []).append(found)
        else:
            general.append(found)
    return per_move, general


def chain_status(run: Run) -> tuple[str, str]:
    """(tone, sentence): the hash chain as `validate` judges it."""
    broken = [f for f in run.findings if f.code in CHAIN_CODES]
    count = len(run.doc.get("moves", []))
    if broken:
        return "bad", f"broken: {'; '.join(f'{f.code} {f.message}' for f in broken)}"
    moves = f"{count} move{'s' if count != 1 else ''}"
    return "good", f"intact: {moves} chained from the header to head {run.doc.get('head')}"


def validate_line(run: Run) -> tuple[str, str]:
    """(tone, sentence) as `argcheck validate` sums the run up."""
    count = len(run.doc.get("moves", []))
    what = f"{run.spec.name}, {run.status}, {count} move{'' if count == 1 else 's'}"
    if not run.findings:
        return "good", f"valid ({what})"
    severities = {f.severity for f in run.findings}
    tone = "bad" if ERROR in severities else ("warn" if WARNING in severities else "info")
    return tone, f"{summary(run.findings)} ({what})"


def witnessed(header: dict) -> str:
    """Whether the run was witnessed by hooks, and whose, as its header records it (no record: not
    witnessed)."""
    from argcheck.core.agent_limits import AGENT_NAMES as AGENTS

    if header.get("witnessed") is True and header.get("witness_agent") in AGENTS:
        return f"witnessed by {AGENTS[header['witness_agent']]}'s hooks"
    for key in ("witnessed", "witness"):
        if key in header and header[key] not in (None, False, ""):
            value = header[key]
            return "witnessed" + ("" if value is True else f": {json.dumps(value, ensure_ascii=False)}")
    return "not witnessed (the header records no witness)"


def report_text(run: Run, cost: dict | None = None) -> str:
    """The protocol's own Markdown report (showing `cost`, the measured one, where the protocol shows usage)."""
    state = protocol_calls.call(run.spec, "measured_cost", run.state, cost) if cost else run.state
    return protocol_calls.call(run.spec, "render", state, "md", run.findings)


def measured_cost(run: Run) -> dict:
    """What the run cost, measured from the client's transcript (files/runcost.py)."""
    from argcheck.files import runcost

    return runcost.measure(run.doc, run.path)


def page_path(state_path: str) -> str:
    """Where the page of a state file goes by default: beside it, .html instead of .json."""
    root, _ = os.path.splitext(state_path)
    return root + ".html"


__all__ = ["InputError", "NotARun", "Run", "load", "actor", "findings_by_move", "chain_status", "validate_line",
           "witnessed", "report_text", "page_path"]
