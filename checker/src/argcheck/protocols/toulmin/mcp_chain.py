"""The toulmin chain behind Toulmini's tools: open or start it, record components, check each phase.

A Toulmini tool passes the components it was given; they are recorded as moves one phase at a time (a
tripped circuit breaker stops the sequence with that phase recorded), then the phase's dependencies are
checked and the next phase's prompt returned.
"""

import os

from argcheck import operations
from argcheck.exitcodes import ExitCode
from argcheck.findings import has_errors
from argcheck.mcpserver.arguments import json_value, rule_problem, state_path, string_value, usage
from argcheck.mcpserver.state_files import apply_moves, init_run, next_report, replayed
from argcheck.output import findings_json

TOULMIN = "toulmin"


def toulmin_state(path: str) -> operations.Outcome:
    """The replayed toulmin chain at `path`; another protocol's run or a chain with errors is a problem."""
    outcome = replayed(path)
    if outcome.doc["protocol"] != TOULMIN:
        raise usage(f"{path} is a {outcome.doc['protocol']} run, not a toulmin chain")
    if has_errors(outcome.findings):
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path)
    return outcome


def open_chain(state, query, options: dict | None = None) -> tuple[str, operations.Outcome, bool]:
    """The chain to work on: the given state file, or a new one for `query` (returns created=True)."""
    path = state_path(state, required=False)
    if path is not None:
        if not os.path.exists(path):
            raise usage(f"no state file at {path}", "omit `state` to start a new chain for `query`")
        return path, toulmin_state(path), False
    text = string_value(query, "query")
    if text is None:
        raise usage("pass `state` (the path initiate_toulmin_sequence returned) or `query` to start a chain")
    opts = {"query": text, "workspace": os.getcwd(), **(options or {})}
    path, _ = init_run(TOULMIN, opts, None)
    return path, toulmin_state(path), True


def components(**given) -> dict:
    """The components passed to a tool (NAME_json arguments), parsed, without the absent ones."""
    content = {}
    for name, value in given.items():
        value = json_value(value, f"/{name}_json")
        if value is not None:
            content[name] = value
    return content


def record(path: str, outcome: operations.Outcome, content: dict, provenance: dict | None = None):
    """Record the components given to a tool; returns the replay afterwards and the findings of the apply."""
    from argcheck.protocols.toulmin import ingest

    try:
        moves = ingest.moves_from_content(outcome.replay.engine.state, content, provenance) if content else []
    except ingest.IngestProblem as problem:
        raise usage(str(problem)) from None
    found = []
    for move in moves:  # one phase at a time: a tripped breaker stops the sequence with the phase recorded
        applied = apply_moves(path, [move])
        found += applied.findings
        if applied.applied == 0:
            raise rule_problem(applied.findings, exit_code=int(ExitCode.FINDINGS), state=path, applied=0,
                               status=outcome.replay.engine.status)
        outcome = applied
        if applied.replay.engine.status in applied.replay.protocol.terminal_statuses:
            break
    return (toulmin_state(path) if moves else outcome), found


def phase_tool(kind: str, state, query, content: dict, extra_moves: dict | None = None) -> dict:
    """Record what the caller passed, check the phase's dependencies, return the next phase's prompt."""
    from argcheck.protocols.toulmin.prompting import phase_prompt
    from argcheck.protocols.toulmin.state import TERMINATED, requirements

    needed = requirements(kind)
    if state_path(state, required=False) is None:
        missing = [name for name in needed if name not in content]
        if missing:
            raise rule_problem([missing_finding(kind, missing)], exit_code=int(ExitCode.FINDINGS))
    path, outcome, created = open_chain(state, query)
    outcome, found = record(path, outcome, {**content, **(extra_moves or {})})
    chain = outcome.replay.engine.state
    if chain.status == TERMINATED:
        raise _termination(kind, chain, found, path, created, outcome)
    missing = chain.missing(kind)
    if missing:
        raise rule_problem([missing_finding(kind, missing)], exit_code=int(ExitCode.FINDINGS), state=path,
                           status=chain.status, created=created)
    return {"state": path, "protocol": TOULMIN, "status": chain.status, "created": created,
            "findings": findings_json(found), "prompt": phase_prompt(chain),
            "next": next_report(outcome, path)["next"]}


def _termination(kind: str, chain, found, path: str, created: bool, outcome):
    """The problem for a terminated chain: the breaker that tripped now (TLM108), or the earlier one (TLM109)."""
    from argcheck.protocols.toulmin.state import PHASE_NAMES
    from argcheck.registry import finding

    tripped = [f for f in found if f.code == "TLM108"]
    if not tripped:
        first = chain.terminations[0]
        tripped = [finding("TLM109", seq=first.seq, label=first.label, phase=PHASE_NAMES[kind])]
    return rule_problem(tripped, exit_code=int(ExitCode.TERMINAL), terminated=True, state=path,
                        status=chain.status, created=created, report=report_text(outcome))


def missing_finding(kind: str, missing: list[str]):
    """The rule a phase breaks when components it depends on are missing."""
    from argcheck.protocols.toulmin import catalog  # noqa: F401  (registers the TLM rules)
    from argcheck.protocols.toulmin.state import PHASE_NAMES
    from argcheck.registry import finding

    text = ", ".join(missing)
    if kind == "logic_bridge":
        return finding("TLM103", missing=text)
    if kind in ("judgment", "report"):
        return finding("TLM105", phase=PHASE_NAMES[kind], missing=text)
    return finding("TLM104", phase=PHASE_NAMES[kind], missing=text)


def report_text(outcome) -> str:
    """The Markdown analysis report of the chain."""
    from argcheck.protocols.toulmin.render import report

    return report(outcome.replay.engine.state, outcome.findings)
