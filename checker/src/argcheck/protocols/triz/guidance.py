"""How the TRIZ design's agent prompt teaches the method: a good and a bad example for each phase, and the
communication style (the design's system prompt: "good vs bad dialectical reasoning, good vs bad falsifiability
conditions"; "lead with surprising findings, cite sources inline, CLAIM -> EVIDENCE -> SO WHAT"). Pure text,
short on purpose: `prompt` shows the current phase's pair, `next` one line of it."""

from __future__ import annotations

from argcheck.protocols.triz.forge_state import Phase

EXAMPLES = {
    Phase.DECOMPOSE: (
        'assumption "Drivers plug in overnight" named as an assumption, with what breaks if it is false '
        "(street parkers cannot precondition)",
        'assumption "Batteries are worse in the cold": a fact restated, nothing to question'),
    Phase.EXPLORE: (
        "analogy from a distant domain with the structure mapped: arctic ground squirrels rewarm in short bursts "
        "-> heat the pack in bursts just before demand",
        'analogy "phones have batteries too": a near domain, no mechanism carried over'),
    Phase.SYNTHESIZE: (
        "thesis: preheating on grid power recovers winter range (cited); antithesis: most cars park unplugged "
        "(cited); synthesis: a new category that dissolves the conflict, e.g. a thermal store charged at work",
        'antithesis "but it has downsides", synthesis "preheat when appropriate": vague, a platitude, no evidence'),
    Phase.VALIDATE: (
        'falsifiability "fleet data from >= 3 winters showing under 5% range gain with scheduled preheating"',
        'falsifiability "if it does not work, it is false": nothing measurable'),
    Phase.BUILD: (
        'gap "no heat-pump efficiency data below -25 C" (a concrete frontier); edge C4 depends_on C3 because '
        "C4 needs C3's schedule",
        'gap "more research is needed"; edges added only to connect the graph'),
    Phase.CRYSTALLIZE: (
        'core insight "most winter range loss is cabin heat, recoverable on grid power [C1]": the finding first, '
        "cited",
        'core insight "we learned a lot about batteries in winter": no claim, no citation'),
}

STYLE = ("Lead with the surprising finding, not the method. Write each claim as CLAIM -> EVIDENCE -> SO WHAT, "
         "citing sources inline by URL. Mark speculation with \"Speculation:\". Summaries: 3-5 points, no filler "
         "(\"It is worth noting...\").")


def example_text(phase: Phase) -> str:
    good, bad = EXAMPLES[phase]
    return f"Good: {good}.\nBad: {bad}."


def example_line(phase: Phase) -> str:
    good, bad = EXAMPLES[phase]
    return f"Good {phase.value.lower()} work: {good}. Not: {bad}."
