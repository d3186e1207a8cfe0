"""The triz protocol: the TRIZ Knowledge Creation Engine's domain core (seed 003) as an argcheck protocol."""

from argcheck.protocols.contract import ProtocolSpec

SPEC = ProtocolSpec(
    name="triz",
    code_prefix="TRZ",
    summary="A TRIZ knowledge-creation session: decompose, explore, synthesize, validate, build, crystallize.",
    initial_status="decomposing",
    # `crystallized` (the Knowledge Document is generated) and `cancelled` close the session; the core
    # refuses any later move (ARG025). A cancel ends the run early, as deliberate's abort does: exit 4.
    final_statuses=frozenset({"crystallized", "cancelled"}),
    terminal_statuses=frozenset({"cancelled"}),
    formats=("md", "status", "json", "mermaid", "dot", "reactflow"),
    init_options="triz: {problem}",
    mcp_instructions=(
        "TRIZ session: argcheck_init(protocol=\"triz\", options={problem}); record every web search as a "
        "web_search move before the move that needs it, apply one tool move at a time with argcheck_apply, and "
        "ask argcheck_next what is due. When next says the user must review, stop and ask the user; record the "
        "answer as the review move with actor \"user\"."
    ),
    demo="a recorded two-round TRIZ session (how can an electric car keep its range in freezing weather?) "
         "replayed to its Knowledge Document",
    subject="problem",
)
