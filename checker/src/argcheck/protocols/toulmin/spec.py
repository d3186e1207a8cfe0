"""The toulmin protocol: a seven-component Toulmin chain in four phases with circuit breakers (seeds 000, 001)."""

from argcheck.core.contract import InitOption, ProtocolSpec

BREAKERS = ("warrant", "backing")
MIN_QUERY = 5

SPEC = ProtocolSpec(
    name="toulmin",
    code_prefix="TLM",
    summary="A Toulmin chain: Data + Claim, Warrant + Backing, Rebuttal + Qualifier, Verdict.",
    initial_status="started",
    # `reported` closes the chain (ARG025). `terminated` is closed too, but by the engine with its own code
    # (TLM109 CHAIN_TERMINATED, in `apply` and `validate` alike); it is the terminal state: exit 4.
    final_statuses=frozenset({"reported"}),
    terminal_statuses=frozenset({"terminated"}),
    formats=("md", "json", "mermaid", "dot"),
    init=(
        InitOption("query", f"The question the chain argues about (at least {MIN_QUERY} characters).", required=True),
        InitOption("relax", "Switch a circuit breaker off for this chain: a weak or irrelevant warrant/backing no "
                            "longer terminates it (repeatable; shown in the report).", choices=BREAKERS, multiple=True),
        InitOption("council", "Allow the field-experts council (council_request / council_opinion moves).",
                   kind="switch", default=True),
        InitOption("conversation_id", "The agent conversation this chain belongs to.", mcp=False),
        InitOption("workspace", "Root for path:line citation locators (default: the current directory).",
                   kind="workspace", mcp=False, effect="reads"),
    ),
    init_help="A Toulmin chain: Data + Claim, Warrant + Backing, Rebuttal + Qualifier, Verdict.",
    mcp_instructions=(
        "Toulmin chain: initiate_toulmin_sequence(query) returns the phase-1 prompt; calls without `state` are "
        "stateless (nothing is written: pass every earlier component), or pass `state` (a path) to initiate to keep "
        "the chain in a file and pass the same `state` on. Answer each prompt with the JSON it asks for and pass it "
        "to the next tool: "
        "inject_logic_bridge(data_json, claim_json) -> stress_test_argument(warrant_json, backing_json) -> "
        "render_verdict(rebuttal_json, qualifier_json[, verdict_json]) -> format_analysis_report(verdict_json). "
        "A weak or irrelevant warrant or backing terminates the chain (TERMINATION_SIGNAL): stop and report it. "
        "argcheck_validate also checks a standalone chain document (the seven components in one object)."
    ),
    standalone_document=True,
    mcp_tools=True,
    demo="a recorded Toulmin argument (should our team adopt type hints?) built phase by phase to its report",
    subject="query",
)
