"""The council protocol: a panel of personas critiques a document with critique trees, self-critique and a
computed synthesis (seed 002, the Reasoning Council Critique Module)."""

from argcheck.core.contract import InitOption, ProtocolSpec
from argcheck.core.envelope import DEFAULT_LOCK_TIMEOUT

MAX_DOCUMENT_BYTES = 1_048_576
CONSULTEES = ("codex", "claude", "gemini", "ollama", "openai", "replay")

SPEC = ProtocolSpec(
    name="council",
    code_prefix="CNL",
    summary="A council of personas critiques a document: critique trees, self-critique, computed synthesis.",
    initial_status="critiquing",
    # `assessed` closes the run: the synthesis is computed and the final assessment is recorded.
    final_statuses=frozenset({"assessed"}),
    terminal_statuses=frozenset(),
    formats=("md", "json", "mermaid", "prompts"),
    init=(
        InitOption("document", "The text file to critique (- for stdin); UTF-8, at most "
                               f"{MAX_DOCUMENT_BYTES} bytes. Its path, size, sha256 and text are recorded.",
                   required=True, mcp_object=True),
        InitOption("workspace", "The folder the document and a panel file must lie in, symlinks followed (default: "
                                "the current directory).", kind="workspace", mcp=False),
        InitOption("panel", "philosophers (the Council design's six), scientific (six analysts), or a JSON file of "
                            "personas "
                            '({"name": ..., "personas": [{"name", "focus", "heuristic", "directive"?}]}).',
                   default="philosophers"),
        InitOption("max_depth", "Critique trees have nodes at depths 0 to max-depth - 1.", kind="int", minimum=1,
                   maximum=6, default=3),
        InitOption("threshold", "Branch termination: a node below this confidence has no sub-critiques.",
                   kind="float", minimum=0, maximum=1, default=0.3),
        InitOption("inclusion_threshold", "The synthesis keeps claims whose adjusted confidence is at least this.",
                   kind="float", minimum=0, maximum=1, default=0.4),
        InitOption("consultee", "The consultee of the run (recorded).", choices=CONSULTEES, mcp=False),
        InitOption("conversation_id", "The agent conversation this council belongs to.", mcp=False),
        InitOption("run", "Run the whole council now through `consult <consultee>`: personas in parallel, then the "
                          "self-critiques, then the synthesis; prints the critique (progress on stderr).",
                   kind="flag", header=False),
        InitOption("parallel", "With --run: how many personas are consulted at once.", kind="int", minimum=1,
                   maximum=12, default=6, header=False),
        InitOption("resume", "With --run: continue the council in --state (same document).", kind="flag",
                   header=False),
        InitOption("timeout", "With --run: seconds per consultee call, passed to the wrapper; argcheck stops a call "
                   "8 s later (default: CONSULT_TIMEOUT, else 300).", kind="float", minimum=1, header=False),
        InitOption("wrapper", "With --run: the consult dispatcher, a path or a command such as \"bash "
                   "wrappers/consult\" (default: ARGCHECK_CONSULT, then argcheck-consult on PATH).",
                   kind="file", header=False),
        InitOption("replay_dir", "With --run --consultee replay: transcripts <persona>.json and assessment.json.",
                   kind="folder", header=False),
        InitOption("lock_timeout", "With --run: seconds to wait for another argcheck process to release the state "
                                   "file.", kind="float", default=DEFAULT_LOCK_TIMEOUT, header=False),
        InitOption("save", "With --run: save the critique beside the state file (STATE.md) instead of printing it, "
                           "so an agent reads only the progress; it writes nowhere else.", kind="flag", header=False),
    ),
    init_help="A council of personas critiques a document: critique trees, self-critique, computed synthesis.",
    runs_at_init=True,
    mcp_instructions=(
        "Council: argcheck_init(protocol='council', options={document: PATH}) reads the document; then "
        "argcheck_prompt gives the next persona's prompt (each persona once: {agent_style, critique_tree}, "
        "evidence quoted from the document), then each persona's self-critique ({agent_style, adjustments}); "
        "argcheck_ingest records each reply. The synthesis is computed (argcheck_render format json); write only "
        "{final_assessment, responses, resolutions}: a response quoting each High and Critical point and saying how "
        "it is addressed, and each conflict resolved or left open with a reason."
    ),
    demo="six philosophers critique a bundled design document; one persona times out (5 of 6)",
    subject="document.path",
)
