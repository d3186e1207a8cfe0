"""Toulmini's MCP resource `toulmin://model` and prompt `toulmin-help`, written from the models and rules here.

The model text is built from the pydantic models, the bands and the verdict rule, so it says what this
server enforces and cannot drift from it.
"""

from __future__ import annotations

from argcheck.protocols.toulmin.models import COMPONENT_MODELS, Citation
from argcheck.protocols.toulmin.state import BANDS, COMPONENTS, PHASE_NAMES, PHASES, allowed_statuses, band_text

ROLES = {
    "data": "the grounds: the facts offered for the claim",
    "claim": "what is argued for: an assertion, never a question",
    "warrant": "the general rule that licenses the step from the data to the claim (since …)",
    "backing": "the authority behind the warrant (on account of …)",
    "rebuttal": "the conditions under which the warrant does not hold (unless …)",
    "qualifier": "how sure the claim is, given the rebuttal (so, presumably, …)",
    "verdict": "the judgment on the whole chain: sustained, overruled or remanded",
}


def toulmin_model() -> str:
    """The Toulmin model as this server enforces it: components, fields, phases, breakers, verdict rule."""
    lines = ["# The Toulmin model, as argcheck enforces it", "",
             "An argument is seven components, recorded in four phases; each phase needs every earlier one.", ""]
    for name in COMPONENTS:
        lines += [f"## {name.capitalize()}", "", ROLES[name], "", *_fields(COMPONENT_MODELS[name]), ""]
    lines += ["## Citation", "", "where a fact or an authority comes from: a source, and a locator or a reference "
              "(one of them is required; url null when unsure)", "", *_fields(Citation), "", "## Phases", ""]
    lines += [f"- {PHASE_NAMES[kind]}: {', '.join(names)}" for kind, (names, _) in PHASES.items()]
    lines += ["", "## Circuit breakers", "",
              "A warrant or backing of strength weak or irrelevant terminates the chain (TERMINATION_SIGNAL), "
              "unless that breaker is relaxed for the chain.", "", "## Qualifier bands (a mismatch is a warning)", ""]
    lines += [f"- {degree}: {band_text(degree)}" for degree in BANDS]
    lines += ["", "## The verdict rule", "", "An absolute rebuttal is always overruled. Otherwise, for example:", ""]
    for rebuttal in ("strong", "weak"):
        for confidence in (20, 45, 65, 85):
            allowed, _ = allowed_statuses(rebuttal, confidence)
            lines.append(f"- rebuttal {rebuttal}, confidence {confidence}: {' or '.join(allowed)}")
    lines += ["", "The reasoning must not say the opposite of the status (a sustained verdict whose reasoning says "
              "the argument fails is refused).", ""]
    return "\n".join(lines)


def _fields(model) -> list[str]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    return [f"- `{field}`{'' if field in required else ' (optional)'}: {_kind(spec)}"
            for field, spec in schema["properties"].items()]


def _kind(spec: dict) -> str:
    for option in spec.get("anyOf", [spec]):
        if "enum" in option:
            return " | ".join(option["enum"])
        if option.get("type") == "array":
            return f"list of {option.get('items', {}).get('$ref', 'text').rsplit('/', 1)[-1].lower()}"
        if option.get("type") == "integer":
            return f"integer {option.get('minimum', '')}–{option.get('maximum', '')}"
    if "minLength" in spec and spec["minLength"] > 1:
        return f"text, at least {spec['minLength']} characters"
    return "text"


def toulmin_help() -> str:
    """How to run a Toulmin analysis with this server's tools, in order."""
    return """Run a Toulmin analysis with these tools, in order, without stopping between phases unless the user
asks to go step by step. Each tool returns a prompt: answer it with the JSON it asks for (nothing else) and
pass that JSON to the next tool.

0. (optional) consult_field_experts(query, perspectives): a council of named experts, before phase 2 or 3.
1. initiate_toulmin_sequence(query) -> the phase-1 prompt; its answer is the data and the claim.
2. inject_logic_bridge(query, data_json, claim_json) -> the phase-2 prompt (warrant and backing).
3. stress_test_argument(query, data_json, claim_json, warrant_json, backing_json) -> the phase-3 prompt
   (rebuttal and qualifier). A weak or irrelevant warrant or backing ends the chain here: TERMINATION_SIGNAL.
4. render_verdict(..., rebuttal_json, qualifier_json) -> the phase-4 prompt, which names the verdict
   statuses the chain allows; pass verdict_json too to have the verdict checked.
5. format_analysis_report(..., verdict_json) -> the Markdown report of the chain, with its diagram.

Without `state` every call is stateless: it checks the components it is given and writes nothing. To keep
the chain in a file, pass initiate_toulmin_sequence a `state` path and pass it to each later tool (you may
then leave out the components already recorded).
A refused call answers with Toulmini's JSON line {"error": NAME} (MISSING_COMPONENTS adds "missing", a breaker or
VALIDATION_ERROR "reason"), then argcheck's detail (its rule code and message): fix what it names and call
again."""


RESOURCES = {"toulmin://model": toulmin_model}
PROMPTS = {"toulmin-help": toulmin_help}
