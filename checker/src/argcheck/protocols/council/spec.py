"""The council protocol: a panel of personas critiques a document with critique trees, self-critique and a
computed synthesis (seed 002, the Reasoning Council Critique Module)."""

from argcheck.protocols.contract import ProtocolSpec

SPEC = ProtocolSpec(
    name="council",
    code_prefix="CNL",
    summary="A council of personas critiques a document: critique trees, self-critique, computed synthesis.",
    initial_status="critiquing",
    # `assessed` closes the run: the synthesis is computed and the final assessment is recorded.
    final_statuses=frozenset({"assessed"}),
    terminal_statuses=frozenset(),
    formats=("md", "json", "mermaid", "prompts"),
    init_options="council: {document, max_depth, threshold, inclusion_threshold, panel}",
    demo="six philosophers critique a bundled design document; one persona times out (5 of 6)",
)
