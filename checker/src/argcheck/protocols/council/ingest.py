"""`argcheck ingest`: map a persona's reply onto council moves (pure).

The reply is a wrapper envelope (`{"envelope": 1, "response": "<text>", ...}`) whose response holds the JSON
the prompt asked for, or that JSON itself (the orchestrating agent's or a subagent's answer):

  {"agent_style", "critique_tree"}  -> critique          {"agent_style", "adjustments"} -> self_critique
  {"final_assessment", "responses", "resolutions", "addressed"?} -> final_assessment
  {"adjustments", "arbiter_overall_score", "arbiter_score_justification"} -> arbitration (the Expert Arbiter)

A reply without `agent_style` is taken to answer the prompt `argcheck prompt` renders now (the first
pending persona). A failed call (the envelope's failure class) and a reply that is not in the requested
format become a persona_failure for that persona: the run goes on as a partial council.
"""

from __future__ import annotations

import hashlib

from argcheck.core import jsonio, reply_envelope
from argcheck.protocols.council.prompting import due

CRITIQUE_KEYS = {"agent_style", "critique_tree"}
SELF_CRITIQUE_KEYS = {"agent_style", "adjustments"}
ASSESSMENT_KEYS = {"final_assessment", "responses", "resolutions", "addressed"}
ARBITER_KEYS = {"adjustments", "arbiter_overall_score", "arbiter_score_justification"}


class IngestProblem(ValueError):
    """The input holds nothing this council can record."""


def moves_from_envelope(state, reply) -> list[dict]:
    """The moves that record `reply` (an envelope or the reply JSON itself) in `state`."""
    step = due(state)
    if step is None:
        raise IngestProblem("the council is assessed: nothing more to record")
    if reply_envelope.is_envelope(reply):
        return _from_envelope(state, step, reply)
    return moves_from_content(state, reply, {"source": "orchestrator"})


def moves_for_step(state, step: tuple, envelope: dict) -> list[dict]:
    """The moves for the reply of the persona the driver asked (`step` = (round, persona)): the reply is
    recorded under that persona whatever name it gives itself; a failed or malformed reply is its failure."""
    moves = _from_envelope(state, step, envelope)
    round_name, persona = step
    for move in moves:
        if persona is not None and move["type"] in (round_name, "persona_failure"):
            move["agent_style"] = persona
    return moves


def moves_after_refusal(reply, findings) -> list[dict]:
    """Nothing is recorded instead of a refused reply: the refusal (its codes, the file unchanged) is the answer.
    The headless driver records a refused persona as a persona_failure (failure `refused`)."""
    return []


def moves_from_content(state, content, provenance: dict) -> list[dict]:
    if not isinstance(content, dict):
        raise IngestProblem(f"expected one JSON object, got a {type(content).__name__}")
    keys = set(content)
    step = due(state)
    if keys <= ASSESSMENT_KEYS and "final_assessment" in keys:
        return [_clean({"type": "final_assessment", "text": content["final_assessment"],
                        "responses": content.get("responses"), "resolutions": content.get("resolutions"),
                        "addressed": content.get("addressed"), "provenance": provenance})]
    if keys <= ARBITER_KEYS and "arbiter_overall_score" in keys:
        return [_clean({"type": "arbitration", "adjustments": content.get("adjustments", []),
                        "arbiter_overall_score": content["arbiter_overall_score"],
                        "arbiter_score_justification": content.get("arbiter_score_justification"),
                        "provenance": provenance})]
    persona = content.get("agent_style", step[1] if step else None)
    if keys <= CRITIQUE_KEYS and "critique_tree" in keys:
        return [{"type": "critique", "agent_style": persona, "critique_tree": content["critique_tree"],
                 "provenance": provenance}]
    if keys <= SELF_CRITIQUE_KEYS and "adjustments" in keys:
        return [{"type": "self_critique", "agent_style": persona, "adjustments": content["adjustments"],
                 "provenance": provenance}]
    raise IngestProblem("the reply is not in the requested format: expected {agent_style, critique_tree}, "
                        "{agent_style, adjustments}, {final_assessment, responses, resolutions} or the arbiter's "
                        "{adjustments, arbiter_overall_score, arbiter_score_justification}")


def _clean(move: dict) -> dict:
    return {key: value for key, value in move.items() if value is not None}


def failure_move(step, failure: str, detail: str | None = None) -> list[dict]:
    """A persona_failure for the persona the step is due from (none for the assessment)."""
    round_name, persona = step
    if persona is None:
        raise IngestProblem(f"the final assessment could not be obtained ({failure}{': ' + detail if detail else ''})")
    return [_clean({"type": "persona_failure", "agent_style": persona, "round": round_name, "failure": failure,
                    "detail": (detail or "")[:480].strip() or None})]


def _from_envelope(state, step, envelope: dict) -> list[dict]:
    envelope = reply_envelope.normalize(envelope)
    failure, response = envelope["failure"], envelope["response"]
    if failure is not None:
        return failure_move(step, failure, envelope["detail"])
    if not response.strip():
        return failure_move(step, "empty")
    provenance = _clean({"source": "consultee", "consultee": envelope.get("consultee"),
                         "session_id": envelope.get("session_id"),
                         "response_sha256": hashlib.sha256(response.encode("utf-8", "surrogatepass")).hexdigest()})
    try:
        return moves_from_content(state, parse_reply(response), provenance)
    except IngestProblem as problem:
        return failure_move(step, "format", str(problem))


def parse_reply(text: str):
    """The one JSON object in a model's reply, tolerating a code fence or text around it."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    for candidate in (stripped, stripped[stripped.find("{"):stripped.rfind("}") + 1]):
        try:
            return jsonio.parse(candidate.encode("utf-8", "surrogatepass"))
        except jsonio.InputError:
            continue
    raise IngestProblem("the reply is not in the requested format: no JSON object found")
