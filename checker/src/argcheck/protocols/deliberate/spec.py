"""The deliberate protocol: bounded adversarial deliberation with a consultee (seed 004)."""

from argcheck.core.contract import ProtocolSpec

SPEC = ProtocolSpec(
    name="deliberate",
    code_prefix="DLB",
    summary="A bounded adversarial deliberation with a consultee.",
    initial_status="in_progress",
    final_statuses=frozenset({"presented", "aborted"}),
    terminal_statuses=frozenset({"aborted"}),
    formats=("md", "json", "mermaid", "dot", "af"),
    init_options="deliberate: {question, consultee, flow, mode, question_kind, stakes}",
    mcp_instructions=(
        "Deliberation: argcheck_init(protocol=\"deliberate\", options={question, consultee}), then each round "
        "argcheck_prompt -> send it to the consultee -> argcheck_ingest(reply envelope); record your own moves "
        "with argcheck_apply and ask argcheck_next what is due."
    ),
    demo="a recorded deliberation (SQLite or an append-only JSON log?) replayed turn by turn",
    main_demo=True,
    checks_own_placeholders=True,  # DLB108 (protocols/deliberate/texts.py), blank text included
)
