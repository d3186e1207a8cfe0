"""`argcheck mcp`: a stdio MCP server exposing the same engine to Cursor, Claude Desktop, VS Code and Codex.

Two groups of tools, all working on state files through `argcheck.operations` (atomic writes under a
lock, the same checks and codes as the CLI):

- generic tools for every protocol: argcheck_init, argcheck_apply, argcheck_next, argcheck_validate,
  argcheck_prompt, argcheck_render, argcheck_ingest;
- Toulmini's own tool names, so a Toulmini user switches without relearning: initiate_toulmin_sequence,
  inject_logic_bridge, stress_test_argument, render_verdict, format_analysis_report,
  consult_field_experts. They take Toulmini's JSON-string arguments, record them as moves in a toulmin
  state file (created when no `state` is given; its path is returned) and return the next phase's prompt.

Every tool returns a structured result {"ok", "tool", "error", "findings", ...}; a refused move, a
tripped circuit breaker or bad arguments come back with `ok: false` (and MCP's isError), never as a
crash. stdout carries only the protocol; logs go to stderr.
"""

import json
import logging
import os
import sys
from typing import Annotated, Any

from pydantic import Field, WithJsonSchema

from argcheck import jsonio, operations, protocols, statefile
from argcheck.env import default_env
from argcheck.exitcodes import ExitCode
from argcheck.findings import ERROR, has_errors
from argcheck.jsonio import InputError
from argcheck.output import findings_json

log = logging.getLogger("argcheck.mcp")

SERVER_NAME = "argcheck"
LOCK_TIMEOUT = 5.0
INSTRUCTIONS = """argcheck runs structured reasoning protocols (toulmin, deliberate) with every rule enforced in code.
Each run lives in a JSON state file; tools record moves in it and refuse illegal ones with stable codes.
Toulmin chain: initiate_toulmin_sequence(query) returns a state path and the phase-1 prompt. Answer each
prompt with the JSON it asks for and pass it to the next tool with the same `state`:
inject_logic_bridge(data_json, claim_json) -> stress_test_argument(warrant_json, backing_json) ->
render_verdict(rebuttal_json, qualifier_json[, verdict_json]) -> format_analysis_report(verdict_json).
A weak or irrelevant warrant or backing terminates the chain (TERMINATION_SIGNAL): stop and report it.
A result with ok=false names the rule (code, name, message, hint): fix the input as the hint says.
Other protocols: argcheck_init / argcheck_apply / argcheck_next / argcheck_prompt / argcheck_render."""


def _arg(schema: dict, description: str):
    """A tool argument that is advertised with `schema` but accepted as anything, so the tool itself
    reports a wrong type as a structured result instead of the SDK rejecting the call."""
    return Annotated[Any, WithJsonSchema({**schema, "description": description}), Field(description=description)]


def _one_of_types(*types: str) -> dict:
    """Several JSON types as anyOf branches of one type each (portable to single-type schema dialects)."""
    return {"anyOf": [{"type": kind} for kind in types]}


JSON_OBJECT = _one_of_types("object", "string")
StatePath = _arg({"type": "string"}, "Path of the state file (relative to the server's working directory).")
Query = _arg({"type": "string"}, "The question the chain argues about (at least 5 characters).")


def _component(name: str):
    return _arg(JSON_OBJECT, f"The {name} component: a JSON object, or a JSON string of it (Toulmini's "
                             f"{name}_json). Omit it when the state already holds it.")


class ToolProblem(Exception):
    """A problem to report as a structured tool result (not a crash)."""

    def __init__(self, code: str, name: str, message: str, hint: str = "", findings=(), **extra):
        super().__init__(message)
        self.error = {"code": code, "name": name, "message": message, "hint": hint}
        self.findings = list(findings)
        self.extra = extra


def usage(message: str, hint: str = "") -> ToolProblem:
    return ToolProblem("USAGE", "BAD_ARGUMENTS", message, hint, exit_code=int(ExitCode.USAGE))


def rule_problem(findings, **extra) -> ToolProblem:
    """A problem whose cause is a rule finding: the first error (or the given finding) names it."""
    findings = list(findings)
    first = next((f for f in findings if f.severity == ERROR), findings[0])
    return ToolProblem(first.code, first.name, first.message, first.hint, findings, **extra)


# -- reading arguments -------------------------------------------------------------------------------


def _json_value(value, what: str):
    """Toulmini passes components as JSON strings; accept those or the parsed value."""
    if isinstance(value, str):
        if not value.strip():
            return None
        try:
            return jsonio.parse(value.encode("utf-8", "surrogatepass"))
        except InputError as error:
            found = error.finding._replace(path=what)
            raise rule_problem([found], exit_code=int(ExitCode.USAGE)) from None
    return value


def _text(value, what: str, required: bool = False) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip() and not required):
        if required:
            raise usage(f"`{what}` is required")
        return None
    if not isinstance(value, str):
        raise usage(f"`{what}` must be a string, not {type(value).__name__}")
    return value


def _state_path(value, required: bool = True) -> str | None:
    path = _text(value, "state", required=required)
    return None if path is None else os.path.abspath(os.path.expanduser(path))


def _replayed(path: str) -> operations.Outcome:
    try:
        outcome = operations.validate_file(path)
    except InputError as error:
        raise rule_problem([error.finding], exit_code=int(ExitCode.USAGE), state=path) from None
    if outcome.replay is None:
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path)
    return outcome


def _describe(outcome: operations.Outcome, path: str) -> dict:
    doc = outcome.doc
    return {"state": path, "protocol": doc["protocol"], "status": outcome.replay.engine.status}


def _apply(path: str, moves: list) -> operations.Outcome:
    try:
        return operations.apply_to_file(path, moves, lock_timeout=LOCK_TIMEOUT)
    except InputError as error:
        raise rule_problem([error.finding], exit_code=int(ExitCode.USAGE), state=path) from None
    except statefile.LockBusy:
        raise ToolProblem("BUSY", "STATE_LOCKED", f"{path} stayed locked by another process for {LOCK_TIMEOUT}s",
                          "retry in a moment", exit_code=int(ExitCode.BUSY), state=path) from None


def _init(protocol: str, options: dict, path: str | None, force: bool = False) -> tuple[str, dict]:
    env = default_env(options.get("workspace"))
    if path is None:
        from argcheck.lifecycle import new_state_id

        path = os.path.abspath(operations.default_state_path(protocol, new_state_id(protocol, env.now)))
    try:
        doc = operations.init_file(path, protocol, options, env, force=force)
    except protocols.UsageProblem as problem:
        found = getattr(problem, "finding", None)
        if found is not None:
            raise rule_problem([found], exit_code=int(ExitCode.USAGE)) from None
        raise usage(str(problem)) from None
    except FileExistsError:
        raise usage(f"{path} already exists", "pass force=true to replace it, or another state path") from None
    except OSError as error:
        raise usage(f"cannot write {path}: {error.strerror or error}") from None
    return path, doc


# -- the generic tools --------------------------------------------------------------------------------


def argcheck_init(protocol: _arg({"type": "string", "enum": protocols.names()}, "The protocol to run.") = None,
                  options: _arg(JSON_OBJECT, "The protocol's init options, e.g. toulmin: {query, relax, council}; "
                                             "deliberate: {question, consultee, flow, mode}.") = None,
                  state: _arg({"type": "string"}, "Where to write the state file (default: "
                                                  ".argcheck/PROTOCOL-ID.json).") = None,
                  force: _arg({"type": "boolean"}, "Replace an existing file at `state`.") = False) -> dict:
    """Create a state file for a new protocol run; returns its path and what is due first."""
    name = _text(protocol, "protocol", required=True)
    if name not in protocols.PROTOCOLS:
        from argcheck.registry import finding

        raise rule_problem([finding("ARG011", protocol=name, known=", ".join(protocols.names()))],
                           exit_code=int(ExitCode.USAGE))
    options = _json_value(options, "/options") or {}
    if not isinstance(options, dict):
        raise usage("`options` must be a JSON object")
    options = dict(options)
    options["workspace"] = os.path.abspath(options.get("workspace") or os.getcwd())
    path, doc = _init(name, options, _state_path(state, required=False), force=bool(force))
    outcome = _replayed(path)
    return {**_describe(outcome, path), "id": doc["id"], "created": True, "next": _next_report(outcome, path)}


def argcheck_apply(state: StatePath = None,
                   moves: _arg(_one_of_types("array", "object", "string"), "One move object, an array of moves, or "
                                                                         "a JSON string of either.") = None) -> dict:
    """Check moves against the replayed state and append them only if every one is legal (else nothing changes)."""
    path = _state_path(state)
    batch = _json_value(moves, "/moves")
    if batch is None:
        raise usage("`moves` is required: a move object or an array of moves")
    batch = batch if isinstance(batch, list) else [batch]
    outcome = _apply(path, batch)
    return _applied_result(outcome, path)


def _applied_result(outcome: operations.Outcome, path: str, **extra) -> dict:
    if outcome.applied == 0:
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path, applied=0)
    result = {**_describe(outcome, path), "applied": outcome.applied, "findings": findings_json(outcome.findings)}
    terminal = outcome.replay.protocol.TERMINAL_STATUSES
    if result["status"] in terminal:
        raise rule_problem([f for f in outcome.findings if f.severity != "info"] or outcome.findings,
                           exit_code=int(ExitCode.TERMINAL), applied=outcome.applied, terminated=True, **result)
    result.update(extra)
    return result


def argcheck_next(state: StatePath = None) -> dict:
    """Where the run stands and exactly what is due or allowed now (read-only)."""
    path = _state_path(state)
    outcome = _replayed(path)
    nextstep = protocols.load_part(outcome.doc["protocol"], "nextstep")
    report = nextstep.report(outcome.replay.engine.state, path)
    return {**_describe(outcome, path), "next": report, "text": nextstep.format_text(report),
            "findings": findings_json(outcome.findings)}


def argcheck_validate(state: StatePath = None) -> dict:
    """Replay a state file (or a standalone Toulmin chain) from scratch and report every finding (read-only)."""
    path = _state_path(state)
    outcome = _replayed(path)
    failed = has_errors(outcome.findings)
    status = outcome.replay.engine.status
    terminal = status in outcome.replay.protocol.TERMINAL_STATUSES
    code = ExitCode.FINDINGS if failed else (ExitCode.TERMINAL if terminal else ExitCode.OK)
    result = {**_describe(outcome, path), "valid": not failed, "exit_code": int(code),
              "moves": len(outcome.doc["moves"]), "findings": findings_json(outcome.findings)}
    if failed:
        raise rule_problem(outcome.findings, **result)
    return result


def argcheck_prompt(state: StatePath = None) -> dict:
    """Render the next prompt from the state (for a toulmin chain: the next phase's JSON-only prompt)."""
    path = _state_path(state)
    outcome = _replayed(path)
    if has_errors(outcome.findings):
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path)
    prompting = protocols.load_part(outcome.doc["protocol"], "prompting")
    return {**_describe(outcome, path), "prompt": prompting.render_prompt(outcome.replay.engine.state)}


def argcheck_render(state: StatePath = None,
                    format: _arg({"type": "string", "enum": ["md", "json", "mermaid", "dot", "af"]},
                                 "md report, json derived state, mermaid/dot diagram (af: deliberate only).") = "md"
                    ) -> dict:
    """Render the run for people or tools: the report (md), the derived state (json), or a diagram."""
    path = _state_path(state)
    fmt = _text(format, "format") or "md"
    outcome = _replayed(path)
    rendering = protocols.load_part(outcome.doc["protocol"], "render")
    formats = getattr(rendering, "FORMATS", ())
    if fmt not in formats:
        raise usage(f"{outcome.doc['protocol']} renders {', '.join(formats)}, not {fmt!r}")
    text = rendering.render(outcome.replay.engine.state, fmt, outcome.findings)
    return {**_describe(outcome, path), "format": fmt, "report": text, "findings": findings_json(outcome.findings)}


def argcheck_ingest(state: StatePath = None,
                    reply: _arg(JSON_OBJECT, "A wrapper envelope ({\"envelope\": 1, \"response\": ...}) or, for "
                                             "toulmin, the phase JSON itself.") = None) -> dict:
    """Turn a consultee reply (or, for toulmin, the phase JSON) into moves and apply them."""
    path = _state_path(state)
    value = _json_value(reply, "/reply")
    if value is None:
        raise usage("`reply` is required")
    outcome = _replayed(path)
    ingesting = protocols.load_part(outcome.doc["protocol"], "ingest")
    try:
        moves = ingesting.moves_from_envelope(outcome.replay.engine.state, value)
    except ingesting.IngestProblem as problem:
        raise usage(str(problem)) from None
    if not moves:
        return {**_describe(outcome, path), "applied": 0, "findings": [], "note": "already recorded"}
    return _applied_result(_apply(path, moves), path)


def _next_report(outcome, path: str) -> dict:
    nextstep = protocols.load_part(outcome.doc["protocol"], "nextstep")
    return nextstep.report(outcome.replay.engine.state, path)


# -- Toulmini's tools ----------------------------------------------------------------------------------


TOULMIN = "toulmin"


def _toulmin_state(path: str) -> operations.Outcome:
    outcome = _replayed(path)
    if outcome.doc["protocol"] != TOULMIN:
        raise usage(f"{path} is a {outcome.doc['protocol']} run, not a toulmin chain")
    if has_errors(outcome.findings):
        raise rule_problem(outcome.findings, exit_code=int(ExitCode.FINDINGS), state=path)
    return outcome


def _open_chain(state, query, options: dict | None = None) -> tuple[str, operations.Outcome, bool]:
    """The chain to work on: the given state file, or a new one for `query` (returns created=True)."""
    path = _state_path(state, required=False)
    if path is not None:
        if not os.path.exists(path):
            raise usage(f"no state file at {path}", "omit `state` to start a new chain for `query`")
        return path, _toulmin_state(path), False
    text = _text(query, "query")
    if text is None:
        raise usage("pass `state` (the path initiate_toulmin_sequence returned) or `query` to start a chain")
    opts = {"query": text, "workspace": os.getcwd(), **(options or {})}
    path, _ = _init(TOULMIN, opts, None)
    return path, _toulmin_state(path), True


def _components(**given) -> dict:
    content = {}
    for name, value in given.items():
        value = _json_value(value, f"/{name}_json")
        if value is not None:
            content[name] = value
    return content


def _record(path: str, outcome: operations.Outcome, content: dict, provenance: dict | None = None):
    """Record the components given to a tool; returns the replay afterwards and the findings of the apply."""
    from argcheck.protocols.toulmin import ingest

    try:
        moves = ingest.moves_from_content(outcome.replay.engine.state, content, provenance) if content else []
    except ingest.IngestProblem as problem:
        raise usage(str(problem)) from None
    found = []
    for move in moves:  # one phase at a time: a tripped breaker stops the sequence with the phase recorded
        applied = _apply(path, [move])
        found += applied.findings
        if applied.applied == 0:
            raise rule_problem(applied.findings, exit_code=int(ExitCode.FINDINGS), state=path, applied=0,
                               status=outcome.replay.engine.status)
        outcome = applied
        if applied.replay.engine.status in applied.replay.protocol.TERMINAL_STATUSES:
            break
    return (_toulmin_state(path) if moves else outcome), found


def _phase_tool(tool: str, kind: str, state, query, content: dict, extra_moves: dict | None = None) -> dict:
    """Record what the caller passed, check the phase's dependencies, return the next phase's prompt."""
    from argcheck.protocols.toulmin.prompting import phase_prompt
    from argcheck.protocols.toulmin.state import PHASE_NAMES, TERMINATED, requirements
    from argcheck.registry import finding

    needed = requirements(kind)
    if _state_path(state, required=False) is None:
        missing = [name for name in needed if name not in content]
        if missing:
            raise rule_problem([_missing_finding(kind, missing)], exit_code=int(ExitCode.FINDINGS))
    path, outcome, created = _open_chain(state, query)
    outcome, found = _record(path, outcome, {**content, **(extra_moves or {})})
    chain = outcome.replay.engine.state
    if chain.status == TERMINATED:
        tripped = [f for f in found if f.code == "TLM108"]
        if not tripped:
            first = chain.terminations[0]
            tripped = [finding("TLM109", seq=first.seq, label=first.label, phase=PHASE_NAMES[kind])]
        raise rule_problem(tripped, exit_code=int(ExitCode.TERMINAL), terminated=True, state=path,
                           status=chain.status, created=created, report=_report_text(outcome))
    missing = chain.missing(kind)
    if missing:
        raise rule_problem([_missing_finding(kind, missing)], exit_code=int(ExitCode.FINDINGS), state=path,
                           status=chain.status, created=created)
    return {"state": path, "protocol": TOULMIN, "status": chain.status, "created": created,
            "findings": findings_json(found), "prompt": phase_prompt(chain),
            "next": _next_report(outcome, path)["next"]}


def _missing_finding(kind: str, missing: list[str]):
    from argcheck.protocols.toulmin import catalog  # noqa: F401  (registers the TLM rules)
    from argcheck.protocols.toulmin.state import PHASE_NAMES
    from argcheck.registry import finding

    text = ", ".join(missing)
    if kind == "logic_bridge":
        return finding("TLM103", missing=text)
    if kind in ("judgment", "report"):
        return finding("TLM105", phase=PHASE_NAMES[kind], missing=text)
    return finding("TLM104", phase=PHASE_NAMES[kind], missing=text)


def _report_text(outcome) -> str:
    from argcheck.protocols.toulmin.render import report

    return report(outcome.replay.engine.state, outcome.findings)


def initiate_toulmin_sequence(
        query: Query = None, state: _arg({"type": "string"}, "Where to write the new state file (default: "
                                                             ".argcheck/toulmin-ID.json).") = None,
        relax: _arg({"type": "array", "items": {"enum": ["warrant", "backing"]}},
                    "Circuit breakers to switch off for this chain (shown in the report).") = None,
        council: _arg({"type": "boolean"}, "Allow the field-experts council (default true).") = None,
        conversation_id: _arg({"type": "string"}, "The conversation this chain belongs to.") = None) -> dict:
    """Phase 1: start a Toulmin chain for QUERY; returns the state path and the grounding prompt (DATA + CLAIM)."""
    from argcheck.protocols.toulmin.prompting import phase_prompt

    text = _text(query, "query", required=True)
    options = {"query": text, "relax": relax, "council": council, "conversation_id": _text(conversation_id,
               "conversation_id"), "workspace": os.getcwd()}
    path, doc = _init(TOULMIN, options, _state_path(state, required=False))
    outcome = _toulmin_state(path)
    return {"state": path, "protocol": TOULMIN, "status": outcome.replay.engine.status, "created": True,
            "id": doc["id"], "relax": doc["header"]["relax"], "prompt": phase_prompt(outcome.replay.engine.state),
            "next": _next_report(outcome, path)["next"]}


def inject_logic_bridge(state: StatePath = None, query: Query = None, data_json: _component("data") = None,
                        claim_json: _component("claim") = None) -> dict:
    """Phase 2: record DATA + CLAIM (phase 1's output); returns the logic-bridge prompt (WARRANT + BACKING)."""
    return _phase_tool("inject_logic_bridge", "logic_bridge", state, query,
                       _components(data=data_json, claim=claim_json))


def stress_test_argument(state: StatePath = None, query: Query = None, data_json: _component("data") = None,
                         claim_json: _component("claim") = None, warrant_json: _component("warrant") = None,
                         backing_json: _component("backing") = None) -> dict:
    """Phase 3: record WARRANT + BACKING (circuit breaker: weak/irrelevant terminates); returns the stress-test
    prompt (REBUTTAL + QUALIFIER)."""
    return _phase_tool("stress_test_argument", "stress_test", state, query,
                       _components(data=data_json, claim=claim_json, warrant=warrant_json, backing=backing_json))


def render_verdict(state: StatePath = None, query: Query = None, data_json: _component("data") = None,
                   claim_json: _component("claim") = None, warrant_json: _component("warrant") = None,
                   backing_json: _component("backing") = None, rebuttal_json: _component("rebuttal") = None,
                   qualifier_json: _component("qualifier") = None,
                   verdict_json: _component("verdict") = None) -> dict:
    """Phase 4: record REBUTTAL + QUALIFIER; returns the judgment prompt with the statuses the verdict rule allows.
    Pass verdict_json too to record the VERDICT (checked against the rule) in the same call."""
    content = _components(data=data_json, claim=claim_json, warrant=warrant_json, backing=backing_json,
                          rebuttal=rebuttal_json, qualifier=qualifier_json)
    verdict = _components(verdict=verdict_json)
    return _phase_tool("render_verdict", "judgment", state, query, content, verdict)


def format_analysis_report(state: StatePath = None, query: Query = None, data_json: _component("data") = None,
                           claim_json: _component("claim") = None, warrant_json: _component("warrant") = None,
                           backing_json: _component("backing") = None,
                           rebuttal_json: _component("rebuttal") = None,
                           qualifier_json: _component("qualifier") = None,
                           verdict_json: _component("verdict") = None,
                           summary: _arg({"type": "string"}, "Optional: your Markdown narrative (phase 5); "
                                                             "recording it closes the chain.") = None) -> dict:
    """Phase 5: record the VERDICT (checked against the chain); returns the Markdown analysis report with a Mermaid
    diagram in Toulmin's layout, and the prompt for the optional narrative."""
    content = _components(data=data_json, claim=claim_json, warrant=warrant_json, backing=backing_json,
                          rebuttal=rebuttal_json, qualifier=qualifier_json, verdict=verdict_json)
    narrative = _text(summary, "summary")
    result = _phase_tool("format_analysis_report", "report", state, query, content,
                         {"summary": narrative} if narrative else None)
    outcome = _toulmin_state(result["state"])
    result["report"] = _report_text(outcome)
    result["status"] = outcome.replay.engine.status
    if result["status"] == "reported":
        result.pop("prompt", None)
    return result


def consult_field_experts(
        state: StatePath = None, query: Query = None,
        perspectives: _arg({"type": "array", "items": {"type": "string"}},
                           "The experts to consult, e.g. [\"epidemiologist\", \"economist\"].") = None,
        question: _arg({"type": "string"}, "Optional: what the experts should address.") = None,
        opinions: _arg(_one_of_types("array", "string"), "Optional: the council's answer to record, a list of "
                                                      "{perspective, opinion, feeds: backing|rebuttal}.") = None,
        consultee: _arg({"type": "string"}, "Optional: the consultee that produced `opinions` (e.g. codex); "
                                            "default: you, the orchestrating agent.") = None) -> dict:
    """The optional council: record a request for PERSPECTIVES and return the council prompt; pass OPINIONS to
    record the answers (with their provenance) so the backing or the rebuttal can cite them by id."""
    from argcheck.protocols.toulmin.prompting import render_council_prompt

    wanted = _json_value(perspectives, "/perspectives")
    if wanted is not None and (not isinstance(wanted, list) or not all(isinstance(p, str) for p in wanted)):
        raise usage("`perspectives` must be a list of strings")
    answers = _json_value(opinions, "/opinions")
    path, outcome, created = _open_chain(state, query)
    chain = outcome.replay.engine.state
    content = {}
    new = [p for p in (wanted or []) if p not in chain.requested_perspectives]
    if wanted is not None and (new or not wanted):
        content["perspectives"] = new
        if _text(question, "question"):
            content["question"] = question
    if answers is not None:
        content["opinions"] = answers
    if not content:
        from argcheck.registry import finding

        raise rule_problem([finding("TLM115")], exit_code=int(ExitCode.FINDINGS), state=path, created=created)
    name = _text(consultee, "consultee")
    provenance = {"source": "consultee", "consultee": name} if name else {"source": "orchestrator"}
    outcome, found = _record(path, outcome, content, provenance)
    chain = outcome.replay.engine.state
    result = {"state": path, "protocol": TOULMIN, "status": chain.status, "created": created,
              "findings": findings_json(found), "pending": chain.pending_perspectives,
              "opinions": [{"id": o.id, "perspective": o.perspective, "feeds": o.feeds}
                           for o in chain.opinions.values()]}
    if chain.pending_perspectives:
        result["prompt"] = render_council_prompt(chain, chain.pending_perspectives, _text(question, "question"))
    return result


GENERIC_TOOLS = (argcheck_init, argcheck_apply, argcheck_next, argcheck_validate, argcheck_prompt, argcheck_render,
                 argcheck_ingest)
TOULMINI_TOOLS = (initiate_toulmin_sequence, inject_logic_bridge, stress_test_argument, render_verdict,
                  format_analysis_report, consult_field_experts)
READ_ONLY = {"argcheck_next", "argcheck_validate", "argcheck_prompt", "argcheck_render"}


# -- the MCP adapter ------------------------------------------------------------------------------------


def call(tool, **arguments) -> dict:
    """Run one tool and return its structured result; every failure becomes `ok: false` with an error."""
    name = tool.__name__
    try:
        result = tool(**arguments)
    except ToolProblem as problem:
        result = {"ok": False, "tool": name, "error": problem.error, **problem.extra}
        result["findings"] = findings_json(problem.findings) if problem.findings else result.get("findings", [])
        result.setdefault("exit_code", int(ExitCode.FINDINGS))
        return result
    except Exception as crash:  # the boundary: a bug is reported, never raised into the transport
        log.exception("tool %s failed", name)
        return {"ok": False, "tool": name, "exit_code": int(ExitCode.INTERNAL), "findings": [],
                "error": {"code": "INTERNAL", "name": "INTERNAL_ERROR", "message": f"{type(crash).__name__}: {crash}",
                          "hint": "this is a bug in argcheck; the state file was not changed by a partial write"}}
    return {"ok": True, "tool": name, "error": None, "exit_code": result.pop("exit_code", 0), **result}


def _as_call_tool_result(result: dict):
    from mcp_types import CallToolResult, TextContent

    long_text = result.get("prompt") or result.get("report") or result.get("text")
    rest = {k: v for k, v in result.items() if k not in ("prompt", "report", "text")}
    blocks = []
    if not result["ok"]:
        error = result["error"]
        blocks.append(TextContent(type="text", text=f"{error['code']} {error['name']}: {error['message']}"
                                                    + (f"\nhint: {error['hint']}" if error["hint"] else "")))
    if long_text:
        blocks.append(TextContent(type="text", text=long_text))
    blocks.append(TextContent(type="text", text=json.dumps(rest, indent=2, ensure_ascii=False)))
    return CallToolResult(content=blocks, structured_content=result, is_error=not result["ok"])


def _adapter(tool):
    import functools

    @functools.wraps(tool)
    def run(**arguments):
        return _as_call_tool_result(call(tool, **arguments))

    run.__annotations__ = {**tool.__annotations__, "return": None}
    return run


def build_server():
    """The MCP server with every tool registered (no I/O until it runs)."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    from argcheck import __version__

    server = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")
    for tool in GENERIC_TOOLS + TOULMINI_TOOLS:
        read_only = tool.__name__ in READ_ONLY
        server.add_tool(_adapter(tool), name=tool.__name__, description=" ".join((tool.__doc__ or "").split()),
                        annotations=ToolAnnotations(read_only_hint=read_only, destructive_hint=False,
                                                    open_world_hint=False),
                        structured_output=False)
    return server


def main() -> int:
    """Serve MCP over stdio until the client closes stdin."""
    logging.basicConfig(stream=sys.stderr, level=os.environ.get("ARGCHECK_MCP_LOG", "WARNING").upper(),
                        format="argcheck-mcp: %(levelname)s %(name)s: %(message)s")
    server = build_server()
    log.info("argcheck MCP server starting on stdio (cwd %s)", os.getcwd())
    server.run("stdio")
    return 0
