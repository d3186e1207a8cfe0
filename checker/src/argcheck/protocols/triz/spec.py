"""The triz protocol: the TRIZ Knowledge Creation Engine's domain core (seed 003) as an argcheck protocol."""

from argcheck.core.contract import InitOption, ProtocolSpec

MIN_PROBLEM = 10  # characters

SPEC = ProtocolSpec(
    name="triz",
    code_prefix="TRZ",
    summary="A TRIZ knowledge-creation session: decompose, explore, synthesize, validate, build, crystallize.",
    initial_status="decomposing",
    # `crystallized` (the Knowledge Document is generated) and `cancelled` close the session; the core
    # refuses any later move (ARG025).
    final_statuses=frozenset({"crystallized", "cancelled"}),
    terminal_statuses=frozenset(),
    formats=("md", "status", "json", "mermaid", "dot", "reactflow"),
    init=(
        InitOption("problem", f"The problem the session creates knowledge about ({MIN_PROBLEM}+ characters).",
                   required=True),
        InitOption("conversation_id", "The agent conversation this session belongs to.", mcp=False),
    ),
    init_help="A TRIZ session: decompose, explore, synthesize, validate, build, crystallize.",
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
