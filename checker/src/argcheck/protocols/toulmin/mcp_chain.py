"""The toulmin chain behind Toulmini's tools: record the components a tool was given, check each phase.

A Toulmini tool passes the components it was given; they are recorded as moves one phase at a time (a
tripped circuit breaker stops the sequence with that phase recorded), then the phase's dependencies are
checked and the next phase's prompt returned. A call that names no `state` works on a new chain in
memory and writes nothing (mcp_session).
"""

from argcheck.core.toolport import port
from argcheck.protocols.toulmin import rules
from argcheck.protocols.toulmin.mcp_session import TOULMIN, ChainRun, open_chain
from argcheck.protocols.toulmin.toulmini_compat import chain_options


def components(**given) -> dict:
    """The components passed to a tool (NAME_json arguments), parsed, without the absent ones."""
    content = {}
    for name, value in given.items():
        value = port.json_value(value, f"/{name}_json")
        if value is not None:
            content[name] = value
    return content


def verbatim(**given) -> dict:
    """The components passed as JSON strings, as passed (the next prompt quotes them so)."""
    texts = {name: getattr(value, "text", value) for name, value in given.items()}
    return {name: text.strip() for name, text in texts.items() if isinstance(text, str) and text.strip()}


def record(run: ChainRun, content: dict, provenance: dict | None = None) -> list:
    """Record the components given to a tool in `run`; returns the findings of the applies."""
    from argcheck.protocols.toulmin import ingest

    try:
        moves = ingest.moves_from_content(run.chain, content, provenance) if content else []
    except ingest.IngestProblem as problem:
        raise port.usage(str(problem)) from None
    found = []
    for move in moves:  # one phase at a time: a tripped breaker stops the sequence with the phase recorded
        applied = run.apply([move])
        found += applied.findings
        if applied.applied == 0:
            raise _refusal(run, move, applied.findings)
        if run.status in applied.replay.protocol.terminal_statuses:
            break
    return found


def _refusal(run: ChainRun, move: dict, findings):
    """The problem for a refused move; a missing-components refusal names the missing ones."""
    first = next((f for f in findings if f.is_error), None)
    extra = {"missing": run.chain.missing(move["type"])} if first and first.code in rules.MISSING_CODES else {}
    return port.rule_problem(findings, exit_code=int(port.ExitCode.FINDINGS), applied=0, status=run.status, **extra,
                        **run.where())


def phase_tool(kind: str, state, query, content: dict, extra_moves: dict | None = None,
               as_passed: dict | None = None) -> dict:
    """Record what the caller passed, check the phase's dependencies, return the next phase's prompt (which quotes
    `as_passed`, the caller's JSON strings, verbatim)."""
    from argcheck.protocols.toulmin.prompting import phase_prompt

    run, found = run_phase(kind, state, query, content, extra_moves)
    return {**run.where(), "protocol": TOULMIN, "status": run.status, "findings": port.findings_json(found),
            "prompt": phase_prompt(run.chain, as_passed),
            "next": port.next_report(run.outcome, run.path or "STATE")["next"]}


def run_phase(kind: str, state, query, content: dict, extra_moves: dict | None = None) -> tuple[ChainRun, list]:
    """The chain after recording what the caller passed for phase `kind`, and the findings; a refusal, a
    missing dependency or a terminated chain is raised as the tool's problem."""
    from argcheck.protocols.toulmin.state import TERMINATED, requirements

    if port.state_path(state, required=False) is None:
        missing = [name for name in requirements(kind) if name not in content]
        if missing:
            raise missing_problem(kind, missing, weak_links=weak_links(content))
    run = open_chain(state, query, chain_options())
    found = record(run, {**content, **(extra_moves or {})})
    if run.status == TERMINATED:
        raise _termination(kind, run, found)
    missing = run.chain.missing(kind)
    if missing:
        raise missing_problem(kind, missing, status=run.status, **run.where())
    return run, found


def missing_problem(kind: str, missing: list[str], weak_links: list | None = None, **extra):
    """The refusal of a phase whose earlier components are missing (TLM103/104/105, with the list); a weak or
    irrelevant warrant or backing among what was given is flagged beside it (TLM108, as a warning)."""
    found = [rules.missing_components(kind, missing), *(weak_links or [])]
    if weak_links:
        extra["weak_links"] = [link.message for link in weak_links]
    return port.rule_problem(found, exit_code=int(port.ExitCode.FINDINGS), missing=list(missing), **extra)


def weak_links(content: dict) -> list:
    """TERMINATION_SIGNAL findings for a given warrant or backing whose breaker would trip (not relaxed)."""
    relaxed = chain_options()["relax"]
    return [rules.weak_link(name, content[name]["strength"], f"/{name}_json/strength")
            for name in ("warrant", "backing")
            if isinstance(content.get(name), dict) and name not in relaxed
            and content[name].get("strength") in rules.BREAKING_STRENGTHS]


def _termination(kind: str, run: ChainRun, found):
    """The problem for a terminated chain: the breaker that tripped now (TLM108), or the earlier one (TLM109);
    the report comes with the result."""
    tripped = [f for f in found if f.code == "TLM108"]
    if not tripped:
        tripped = [rules.chain_terminated(run.chain.terminations[0], kind)]
    return port.rule_problem(tripped, exit_code=int(port.ExitCode.TERMINAL), terminated=True, status=run.status,
                        report=report_text(run.outcome), **run.where())


def report_text(outcome) -> str:
    """The Markdown analysis report of the chain."""
    from argcheck.protocols.toulmin.render import report

    return report(outcome.replay.engine.state, outcome.findings)
