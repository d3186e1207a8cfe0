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
    init_options="council: {document (a path in the workspace, or {text, path?}), workspace, max_depth, threshold, "
                 "inclusion_threshold, panel}",
    mcp_instructions=(
        "Council: argcheck_init(protocol='council', options={document: PATH}) reads the document; then "
        "argcheck_prompt gives the next persona's prompt (each persona once: {agent_style, critique_tree}, "
        "evidence quoted from the document), then each persona's self-critique ({agent_style, adjustments}); "
        "argcheck_ingest records each reply. The synthesis is computed (argcheck_render format json); write only "
        "{final_assessment, addressed} addressing every High and Critical point by id."
    ),
    demo="six philosophers critique a bundled design document; one persona times out (5 of 6)",
    subject="document.path",
)
