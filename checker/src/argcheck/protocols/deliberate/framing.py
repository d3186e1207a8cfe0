"""The framing of a deliberation (the seed's "Deliberation Flows"): what the consultee is asked to do.

The seed: "The orchestrator chooses the framing, which determines the deliberation flow ... The framing
determines who proposes first and the adversarial stance, not the rigor of evaluation." So each flow changes
the consultee's prompt (its task and stance); the protocol's rules stay the same for every flow.
"""

from __future__ import annotations

# flow -> (the seed's framing, who proposes first, the consultee's task and stance in this deliberation)
FRAMINGS = {
    "consultee_proposes": (
        "How should we do X?", "you propose first",
        "Propose how to answer the question: put your approach as points. The orchestrator evaluates them."),
    "orchestrator_proposes": (
        "Critique this design", "the orchestrator proposed first",
        "The orchestrator's points are its design. Evaluate them critically: classify each and challenge every "
        "flaw you find. Propose alternatives only as extensions of the points they replace."),
    "devils_advocate": (
        "I think A, argue for B", "the orchestrator proposed first",
        "You are the devil's advocate: the orchestrator's points hold its position (A). Argue for the opposite "
        "position (B) as strongly as the evidence allows: steelman it, attack the orchestrator's points, and "
        "concede only what you cannot defend."),
    "collaborative_completion": (
        "Here's a partial solution, fill the gaps", "the orchestrator proposed first",
        "The orchestrator's points are a partial solution. Fill its gaps: extend its points with what is missing, "
        "and challenge a part only when it is wrong."),
    "comparative": (
        "Compare approaches A vs B vs C", "both of you propose",
        "Compare the approaches the question names, jointly with the orchestrator: one point per approach or "
        "criterion, with its strengths and weaknesses, and say which wins under which conditions."),
    "verification": (
        "I've analyzed X, validate my reasoning", "the orchestrator proposed first",
        "Verify the orchestrator's analysis (its points): check each step and its evidence, accept what holds, "
        "and challenge every step that does not follow. A sanity check, not a new proposal."),
    "participant": (
        "User wants X, I think Y, what's right?", "the orchestrator proposed first",
        "The orchestrator takes part with a position of its own (its points), against what the user wants. "
        "Judge which is right on the merits: neither the user's wish nor the orchestrator's view is evidence."),
    "multi_perspective": (
        "Here are several stakeholder views, synthesize", "both of you propose",
        "Synthesize the stakeholder views the question gives: state each view's strongest form as a point, find "
        "where they conflict, and propose a resolution that names what each side gives up."),
    "red_team": (
        "Attack this design, I'll defend", "the orchestrator proposed first",
        "You are the red team: the orchestrator's points are its design and it will defend them. Attack them: "
        "find failure modes, attacks and wrong assumptions, and open a challenge for each. Do not propose a "
        "design of your own; agree only with what survives your attack."),
    "parallel_ideation": (
        "Let's both propose solutions, then evaluate", "both of you propose",
        "Propose your own solutions as points, independently of the orchestrator's, then evaluate its proposals "
        "as critically as it evaluates yours."),
}


def framing_section(flow: str | None) -> str:
    """The prompt section that tells the consultee its task and stance under this flow."""
    framing = FRAMINGS.get(flow or "consultee_proposes", FRAMINGS["consultee_proposes"])
    seed_text, first, task = framing
    return (f"## Your task in this deliberation (framing: {(flow or 'consultee_proposes').replace('_', ' ')})\n\n"
            f"The orchestrator framed it as \"{seed_text}\": {first}.\n\n{task}\n\n"
            "The framing sets your task and stance, not the rigour: every rule below applies as written.")


def framing_reminder(flow: str | None) -> str:
    """One line for a resumed session, which already holds the full framing."""
    task = FRAMINGS.get(flow or "consultee_proposes", FRAMINGS["consultee_proposes"])[2]
    return f"## Your task (unchanged)\n\n{task}"
