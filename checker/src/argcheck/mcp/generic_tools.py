"""The generic tools, one per CLI verb, for every protocol: init, apply, next, validate, prompt, render, ingest.

The tools' signatures are their MCP input schemas and their docstrings the tool descriptions.
"""

import os

from argcheck.files import operations, replies
from argcheck.core import protocol_calls
from argcheck.core import discovery
from argcheck.exitcodes import ExitCode
from argcheck.core.findings import has_errors
from argcheck.core.envelope import not_a_move
from argcheck.mcp.arguments import (
    JSON_OBJECT,
    path_value,
    StatePath,
    json_value,
    one_of_types,
    ToolProblem,
    rule_problem,
    state_path,
    string_value,
    tool_arg,
    usage,
)
from argcheck.mcp.state_files import apply_moves, describe, init_run, next_report, replayed
from argcheck.core.exporting import EXPORT_FORMATS, NotExportable, export_text
from argcheck.output import findings_json


def _options_help() -> str:
    return "The protocol's init options: " + "; ".join(spec.init_options for spec in discovery.specs()) + "."


def _format_help() -> str:
    return ("What to render: " + "; ".join(f"{spec.name}: {', '.join(spec.formats)}" for spec in discovery.specs())
            + "; every protocol: madr (an MADR 4 decision record), argdown and aif (argument maps).")


FORMATS = list(dict.fromkeys([*(fmt for spec in discovery.specs() for fmt in spec.formats), *EXPORT_FORMATS]))


def argcheck_init(protocol: tool_arg({"type": "string", "enum": discovery.names()}, "The protocol to run.") = None,
                  options: tool_arg(JSON_OBJECT, _options_help()) = None,
                  state: tool_arg({"type": "string"}, "Where to write the state file (default: "
                                                      ".argcheck/PROTOCOL-ID.json).") = None,
                  force: tool_arg({"type": "boolean"}, "Replace an existing file at `state`.") = False) -> dict:
    """Create a state file for a new protocol run; returns its path and what is due first."""
    name = string_value(protocol, "protocol", required=True)
    if not discovery.is_registered(name):
        from argcheck.core.replay import unknown_protocol

        raise rule_problem([unknown_protocol(name)], exit_code=int(ExitCode.USAGE))
    options = _init_options(name, options)
    path, doc = init_run(name, options, state_path(state, required=False), force=bool(force))
    outcome = replayed(path)
    return {**describe(outcome, path), "id": doc["id"], "created": True, "next": next_report(outcome, path)}


def _init_options(protocol: str, options) -> dict:
    """The init options as a new dict, checked against the protocol's declarations (the first problem is the
    error, the others its hint), with the workspace made absolute (default: the working directory)."""
    from argcheck.mcp.initcheck import init_option_problems

    options = json_value(options, "/options") or {}
    if not isinstance(options, dict):
        raise usage("`options` must be a JSON object")
    problems = init_option_problems(protocol, discovery.spec(protocol).init, options)
    if problems:
        raise usage(problems[0] + "; nothing was created", "; ".join(problems[1:]))
    options = dict(options)
    workspace = string_value(options.get("workspace"), "options.workspace")
    options["workspace"] = os.path.abspath(path_value(workspace, "options.workspace") or os.getcwd())
    return options


def argcheck_apply(state: StatePath = None,
                   moves: tool_arg(one_of_types("array", "object", "string"), "One move object, an array of moves, "
                                                                            "or a JSON string of either.") = None
                   ) -> dict:
    """Check moves against the replayed state and append them only if every one is legal (else nothing changes)."""
    path = state_path(state)
    batch = json_value(moves, "/moves")
    if batch is None:
        raise usage("`moves` is required: a move object or an array of moves")
    mistaken = not_a_move(batch, "`moves`")
    if mistaken:
        raise usage(mistaken)
    batch = batch if isinstance(batch, list) else [batch]
    outcome = apply_moves(path, batch)
    return _applied_result(outcome, path)


def _applied_result(outcome: operations.Outcome, path: str, **extra) -> dict:
    """The result of an apply; nothing applied, or a run the moves ended, is reported as a problem."""
    if outcome.applied == 0:
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path, applied=0)
    result = {**describe(outcome, path), "applied": outcome.applied, "issued": operations.issued(outcome),
              "findings": findings_json(outcome.findings)}
    terminal = outcome.replay.protocol.terminal_statuses
    if result["status"] in terminal:
        raise _run_ended(outcome, dict(result, exit_code=int(ExitCode.TERMINAL), terminated=True))
    result.update(extra)
    return result


def argcheck_next(state: StatePath = None) -> dict:
    """Where the run stands and exactly what is due or allowed now (read-only)."""
    path = state_path(state)
    outcome = replayed(path)
    spec = outcome.replay.protocol
    report = protocol_calls.call(spec, "next_report", outcome.replay.engine.state, path)
    return {**describe(outcome, path), "next": report, "text": protocol_calls.call(spec, "next_text", report),
            "findings": findings_json(outcome.findings)}


def argcheck_validate(state: StatePath = None) -> dict:
    """Replay a state file (or a protocol's standalone document) from scratch and report every finding
    (read-only)."""
    path = state_path(state)
    outcome = replayed(path)
    failed = has_errors(outcome.findings)
    status = outcome.replay.engine.status
    terminal = status in outcome.replay.protocol.terminal_statuses
    code = ExitCode.FINDINGS if failed else (ExitCode.TERMINAL if terminal else ExitCode.OK)
    result = {**describe(outcome, path), "valid": not failed, "exit_code": int(code),
              "moves": len(outcome.doc["moves"]), "findings": findings_json(outcome.findings)}
    if failed:
        raise _problem_with_result(outcome.findings, result)
    return result


def _run_ended(outcome: operations.Outcome, result: dict) -> ToolProblem:
    """The moves were applied and ended the run: named after the finding that ended it, if any."""
    cause = [f for f in outcome.findings if f.severity != "info"] or outcome.findings
    if cause:
        return _problem_with_result(cause, result)
    extra = {key: value for key, value in result.items() if key != "findings"}
    return ToolProblem("TERMINAL", "RUN_ENDED", f"the moves were applied and ended the run: status {result['status']}",
                       "the run takes no more moves; start a new one with argcheck_init", **extra)


def _problem_with_result(findings, result: dict) -> ToolProblem:
    """A problem named after `findings` that still carries the whole `result` (its findings included)."""
    extra = {key: value for key, value in result.items() if key != "findings"}
    return rule_problem(findings, **extra)


def argcheck_prompt(state: StatePath = None) -> dict:
    """Render the next prompt from the state: what the consultee, persona or phase must answer next."""
    path = state_path(state)
    outcome = replayed(path)
    if has_errors(outcome.findings):
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path)
    prompt = protocol_calls.call(outcome.replay.protocol, "render_prompt", outcome.replay.engine.state)
    return {**describe(outcome, path), "prompt": prompt}


def argcheck_render(state: StatePath = None,
                    format: tool_arg({"type": "string", "enum": FORMATS}, _format_help()) = "md"
                    ) -> dict:
    """Render the run for people or tools: the report (md), the derived state (json), or a diagram."""
    path = state_path(state)
    fmt = string_value(format, "format") or "md"
    outcome = replayed(path)
    spec = outcome.replay.protocol
    if fmt in EXPORT_FORMATS:
        return {**describe(outcome, path), "format": fmt, "report": _exported(outcome, fmt, path),
                "findings": findings_json(outcome.findings)}
    formats = spec.formats
    if fmt not in formats:
        raise usage(f"{outcome.doc['protocol']} renders {', '.join(formats)}, not {fmt!r}")
    text = protocol_calls.call(spec, "render", outcome.replay.engine.state, fmt, outcome.findings)
    return {**describe(outcome, path), "format": fmt, "report": text, "findings": findings_json(outcome.findings)}


def _exported(outcome, fmt: str, path: str) -> str:
    try:
        text, _ = export_text(outcome.replay.protocol, outcome.replay.engine.state, outcome.doc, fmt, path,
                              outcome.findings)
    except NotExportable as why:
        raise usage(str(why)) from None
    return text


def argcheck_ingest(state: StatePath = None,
                    reply: tool_arg(JSON_OBJECT, "A wrapper envelope ({\"envelope\": 1, \"response\": ...}), "
                                                 "or the reply content where the protocol takes it.") = None) -> dict:
    """Turn a consultee reply (a wrapper envelope, or the reply content the protocol asked for) into moves and
    apply them."""
    path = state_path(state)
    value = json_value(reply, "/reply")
    if value is None:
        raise usage("`reply` is required")
    if not_a_move(value, "`reply`"):
        raise usage(not_a_move(value, "`reply`"))
    outcome = replayed(path)
    spec = outcome.replay.protocol
    try:
        moves = protocol_calls.call(spec, "moves_from_envelope", outcome.replay.engine.state, value)
    except protocol_calls.ingest_problem(spec) as problem:
        raise usage(str(problem)) from None
    repeated = replies.already_recorded(outcome.doc, moves, value)
    if repeated:
        raise rule_problem(repeated, exit_code=int(ExitCode.FINDINGS), state=path, applied=0)
    return _applied_result(apply_moves(path, moves, refuse=replies.refusal_for(value)), path)


GENERIC_TOOLS = (argcheck_init, argcheck_apply, argcheck_next, argcheck_validate, argcheck_prompt, argcheck_render,
                 argcheck_ingest)
