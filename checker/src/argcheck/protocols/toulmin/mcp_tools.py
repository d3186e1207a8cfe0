"""The toulmin protocol's MCP tools: Toulmini's own tool names, so a Toulmini user switches without relearning.

They take Toulmini's JSON-string arguments, check them as moves of a toulmin chain and return the next phase's
prompt. Without `state` a call is stateless, as Toulmini's are: the chain lives in memory and nothing is
written; with `state` (created by `initiate_toulmin_sequence(state=PATH)`) the moves are recorded there.
A refused call answers with Toulmini's error JSON in a plain text result (toulmini_compat). The server also
offers Toulmini's `toulmin://model` resource and `toulmin-help` prompt (RESOURCES, PROMPTS; mcp_help).
"""

import os

from argcheck.core.toolargs import JSON_OBJECT, StatePath, one_of_types, tool_arg
from argcheck.core.toolport import port
from argcheck.protocols.toulmin import rules
from argcheck.protocols.toulmin.mcp_chain import components, phase_tool, record, report_text, run_phase, verbatim
from argcheck.protocols.toulmin.mcp_help import PROMPTS, RESOURCES
from argcheck.protocols.toulmin.mcp_session import TOULMIN, new_chain, open_chain, toulmin_state
from argcheck.protocols.toulmin.toulmini_compat import chain_options, toulmini_errors

Query = tool_arg({"type": "string"}, "The question the chain argues about (at least 5 characters).")


def component_arg(name: str):
    """A component argument (Toulmini's NAME_json): an object or a JSON string of it."""
    return tool_arg(JSON_OBJECT, f"The {name} component: a JSON object, or a JSON string of it (Toulmini's "
                                 f"{name}_json). Omit it when the state already holds it.")


def initiate_toulmin_sequence(
        query: Query = None, state: tool_arg({"type": "string"}, "Optional: where to write a state file for the "
                                                                 "chain. Without it the chain is stateless (as "
                                                                 "Toulmini's): nothing is written.") = None,
        relax: tool_arg({"type": "array", "items": {"enum": ["warrant", "backing"]}},
                        "Circuit breakers to switch off for this chain (shown in the report).") = None,
        council: tool_arg({"type": "boolean"}, "Allow the field-experts council (default true).") = None,
        conversation_id: tool_arg({"type": "string"}, "The conversation this chain belongs to.") = None) -> dict:
    """Phase 1: start a Toulmin chain for QUERY; returns the grounding prompt (DATA + CLAIM), and the state
    path when STATE names a file to keep the chain in (stateless otherwise: nothing is written)."""
    from argcheck.protocols.toulmin.prompting import phase_prompt

    text = port.string_value(query, "query", required=True)
    options = {"query": text, **chain_options(relax, council),
               "conversation_id": port.string_value(conversation_id, "conversation_id"), "workspace": os.getcwd()}
    path = port.state_path(state, required=False)
    if path is None:
        run = new_chain({key: value for key, value in options.items() if value is not None})
        outcome, doc, where = run.outcome, run.outcome.doc, run.where()
    else:
        path, doc = port.init_run(TOULMIN, options, path)
        outcome, where = toulmin_state(path), {"state": path, "created": True, "stateless": False}
    return {**where, "protocol": TOULMIN, "status": outcome.replay.engine.status,
            "id": doc["id"], "relax": doc["header"]["relax"], "prompt": phase_prompt(outcome.replay.engine.state),
            "next": port.next_report(outcome, path or "STATE")["next"]}


def inject_logic_bridge(state: StatePath = None, query: Query = None, data_json: component_arg("data") = None,
                        claim_json: component_arg("claim") = None) -> dict:
    """Phase 2: record DATA + CLAIM (phase 1's output); returns the logic-bridge prompt (WARRANT + BACKING)."""
    given = {"data": data_json, "claim": claim_json}
    return phase_tool("logic_bridge", state, query, components(**given), as_passed=verbatim(**given))


def stress_test_argument(state: StatePath = None, query: Query = None, data_json: component_arg("data") = None,
                         claim_json: component_arg("claim") = None, warrant_json: component_arg("warrant") = None,
                         backing_json: component_arg("backing") = None) -> dict:
    """Phase 3: record WARRANT + BACKING (circuit breaker: weak/irrelevant terminates); returns the stress-test
    prompt (REBUTTAL + QUALIFIER)."""
    given = {"data": data_json, "claim": claim_json, "warrant": warrant_json, "backing": backing_json}
    return phase_tool("stress_test", state, query, components(**given), as_passed=verbatim(**given))


def render_verdict(state: StatePath = None, query: Query = None, data_json: component_arg("data") = None,
                   claim_json: component_arg("claim") = None, warrant_json: component_arg("warrant") = None,
                   backing_json: component_arg("backing") = None, rebuttal_json: component_arg("rebuttal") = None,
                   qualifier_json: component_arg("qualifier") = None,
                   verdict_json: component_arg("verdict") = None) -> dict:
    """Phase 4: record REBUTTAL + QUALIFIER; returns the judgment prompt with the statuses the verdict rule allows.
    Pass verdict_json too to record the VERDICT (checked against the rule) in the same call."""
    given = {"data": data_json, "claim": claim_json, "warrant": warrant_json, "backing": backing_json,
             "rebuttal": rebuttal_json, "qualifier": qualifier_json}
    verdict = components(verdict=verdict_json)
    return phase_tool("judgment", state, query, components(**given), verdict, as_passed=verbatim(**given))


def format_analysis_report(state: StatePath = None, query: Query = None, data_json: component_arg("data") = None,
                           claim_json: component_arg("claim") = None, warrant_json: component_arg("warrant") = None,
                           backing_json: component_arg("backing") = None,
                           rebuttal_json: component_arg("rebuttal") = None,
                           qualifier_json: component_arg("qualifier") = None,
                           verdict_json: component_arg("verdict") = None,
                           summary: tool_arg({"type": "string"}, "Optional: your Markdown narrative (phase 5); "
                                                                 "recording it closes the chain.") = None) -> dict:
    """Phase 5: record the VERDICT (checked against the chain); returns the Markdown analysis report with a Mermaid
    diagram in Toulmin's layout. With SUMMARY (your narrative) on a kept chain, the narrative is recorded too."""
    content = components(data=data_json, claim=claim_json, warrant=warrant_json, backing=backing_json,
                         rebuttal=rebuttal_json, qualifier=qualifier_json, verdict=verdict_json)
    narrative = port.string_value(summary, "summary")
    run, found = run_phase("report", state, query, content, {"summary": narrative} if narrative else None)
    return {**run.where(), "protocol": TOULMIN, "status": run.status, "findings": port.findings_json(found),
            "report": report_text(run.outcome), "next": port.next_report(run.outcome, run.path or "STATE")["next"]}


def consult_field_experts(
        state: StatePath = None, query: Query = None,
        perspectives: tool_arg({"type": "array", "items": {"type": "string"}},
                               "The experts to consult, e.g. [\"epidemiologist\", \"economist\"].") = None,
        question: tool_arg({"type": "string"}, "Optional: what the experts should address.") = None,
        opinions: tool_arg(one_of_types("array", "string"), "Optional: the council's answer to record, a list of "
                                                            "{perspective, opinion, feeds: backing|rebuttal}.") = None,
        consultee: tool_arg({"type": "string"}, "Optional: the consultee that produced `opinions` (e.g. codex); "
                                                "default: you, the orchestrating agent.") = None) -> dict:
    """The optional council: record a request for PERSPECTIVES and return the council prompt; pass OPINIONS to
    record the answers (with their provenance) so the backing or the rebuttal can cite them by id."""
    from argcheck.protocols.toulmin.prompting import render_council_prompt

    wanted = _perspectives(perspectives)
    answers = port.json_value(opinions, "/opinions")
    run = open_chain(state, query, chain_options())
    if not run.chain.council_enabled:
        raise port.rule_problem([rules.council_disabled()], exit_code=int(port.ExitCode.FINDINGS), **run.where())
    content = _council_content(run.chain, wanted, question, answers)
    if not content:
        raise port.rule_problem([rules.no_perspectives()], exit_code=int(port.ExitCode.FINDINGS), **run.where())
    name = port.string_value(consultee, "consultee")
    provenance = {"source": "consultee", "consultee": name} if name else {"source": "orchestrator"}
    found = record(run, content, provenance)
    chain = run.chain
    result = {**run.where(), "protocol": TOULMIN, "status": chain.status, "findings": port.findings_json(found),
              "pending": chain.pending_perspectives,
              "opinions": [{"id": o.id, "perspective": o.perspective, "feeds": o.feeds}
                           for o in chain.opinions.values()]}
    if chain.pending_perspectives:
        result["prompt"] = render_council_prompt(chain, chain.pending_perspectives,
                                                 port.string_value(question, "question"))
    return result


def _perspectives(perspectives) -> list | None:
    """The `perspectives` argument as a list of strings (None when absent)."""
    wanted = port.json_value(perspectives, "/perspectives")
    if wanted is not None and (not isinstance(wanted, list) or not all(isinstance(p, str) for p in wanted)):
        raise port.usage("`perspectives` must be a list of strings")
    return wanted


def _council_content(chain, wanted: list | None, question, answers) -> dict:
    """What to record: the perspectives not yet requested (with the question), and the opinions given."""
    content = {}
    new = [p for p in (wanted or []) if p not in chain.requested_perspectives]
    if wanted is not None and (new or not wanted):
        content["perspectives"] = new
        if port.string_value(question, "question"):
            content["question"] = question
    if answers is not None:
        content["opinions"] = answers
    return content


TOOLS = tuple(toulmini_errors(tool) for tool in (
    initiate_toulmin_sequence, inject_logic_bridge, stress_test_argument, render_verdict, format_analysis_report,
    consult_field_experts))
__all__ = ["PROMPTS", "RESOURCES", "TOOLS"]
