"""The deliberate protocol: bounded adversarial deliberation with a consultee (seed 004)."""

from argcheck.core.contract import InitOption, ProtocolSpec

FLOWS = (
    "consultee_proposes", "orchestrator_proposes", "devils_advocate", "collaborative_completion",
    "comparative", "verification", "participant", "multi_perspective", "red_team", "parallel_ideation",
)
MODES = ("standard", "minimal", "quick")

SPEC = ProtocolSpec(
    name="deliberate",
    code_prefix="DLB",
    summary="A bounded adversarial deliberation with a consultee.",
    initial_status="in_progress",
    final_statuses=frozenset({"presented", "aborted"}),
    terminal_statuses=frozenset({"aborted"}),
    formats=("md", "json", "mermaid", "dot", "af"),
    init=(
        InitOption("question", "The question under deliberation (the anchor).", required=True),
        InitOption("consultee", "Who is consulted: codex, claude, gemini, ollama, openai, replay, ...",
                   default="codex"),
        InitOption("flow", "The framing: who proposes first, and the stance.", choices=FLOWS,
                   default="consultee_proposes"),
        InitOption("mode", "standard: full protocol; minimal: no arbitration or stress test; quick: 2 iterations.",
                   choices=MODES, default="standard"),
        InitOption("keep", "quick mode: keep the state file after the run ends (by default a quick deliberation "
                           "leaves none in the project).", kind="flag"),
        InitOption("question_kind", "factual questions may exit early once resolved.",
                   choices=("factual", "design", "evaluation"), default="design"),
        InitOption("stakes", "high makes arbitration due before presenting.", choices=("normal", "high"),
                   default="normal"),
        InitOption("conversation_id", "The agent conversation this run belongs to.", mcp=False),
        InitOption("workspace", "Root for path:line artifacts (default: the current directory).",
                   kind="workspace", mcp=False, effect="reads"),
    ),
    init_help="A bounded adversarial deliberation with a consultee.",
    mcp_instructions=(
        "Deliberation: argcheck_init(protocol=\"deliberate\", options={question, consultee}), then each round "
        "argcheck_prompt -> send it to the consultee -> argcheck_ingest(reply envelope); record your own moves "
        "with argcheck_apply and ask argcheck_next what is due."
    ),
    demo="a recorded deliberation (SQLite or an append-only JSON log?) replayed turn by turn",
    main_demo=True,
    checks_own_placeholders=True,  # DLB108 (protocols/deliberate/texts.py), blank text included
)
