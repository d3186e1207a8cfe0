"""The derived state of a deliberation: what replaying the moves gives (see docs/protocols/deliberate.md §4).

The engine builds these; renderers, `next`, `prompt` and `ingest` only read them.
"""

from __future__ import annotations

from argcheck.protocols.deliberate.records import field, record

CAPS = {"standard": 8, "minimal": 8, "quick": 2}
CONSTRUCTIVE, DEVELOPMENT, CRYSTALLIZATION = "CONSTRUCTIVE", "DEVELOPMENT", "CRYSTALLIZATION"
AGREED, DISMISSED, UNRESOLVED = "agreed", "dismissed", "unresolved"


@record  # slots: replaying 100k moves keeps many of these alive
class Defense:
    round: int
    seq: int
    argument: str
    evidence: list[str]
    judged: str | None = None  # "accepted" | "rejected" once judged


@record
class Challenge:
    id: str
    point: str
    challenger: str  # "orchestrator" | "consultee"
    respondent: str  # the point's author
    kind: str  # "skeptical" | "reject" | "reconcile"
    objection: str
    issued_round: int
    seq: int
    # open | dropped | defended | accepted | rejected | conceded | undefended
    # | settled (closed by a `settle` of its point) | withdrawn (its challenger revised to AGREE)
    status: str = "open"
    drops: int = 0
    defenses: list[Defense] = field(default_factory=list)
    judgments: list[dict] = field(default_factory=list)  # {"round", "seq", "outcome", "reason", "evidence"}
    concession: dict | None = None  # {"round", "seq", "reason"} once conceded
    responded_rounds: set[int] = field(default_factory=set)
    assigned_id: bool = False  # quick mode: the id was assigned by argcheck, not given in the move

    @property
    def is_open(self) -> bool:
        return self.status in ("open", "dropped", "defended")

    @property
    def due_round(self) -> int:
        """The round by whose close the respondent must answer: counted from the issue or, after a
        rejected defense, from that judgment (the respondent gets a fresh window, never a past one)."""
        start = max(self.issued_round, self.judgments[-1]["round"]) if self.judgments else self.issued_round
        return start + (1 if self.respondent == "consultee" else 0)


@record
class Point:
    id: str
    author: str
    text: str
    kind: str  # "empirical" | "value"
    relation: str  # "new" | "extension"
    extends: str | None
    round: int
    seq: int
    not_evaluated: str | None = None  # why it was not evaluated: phase_violation | extends_excluded
    theme: str | None = None  # a few words; more than 7 open points are grouped by it (themes.py)
    classifications: dict[str, str] = field(default_factory=dict)  # party -> current verdict
    history: list[dict] = field(default_factory=list)  # {"party","verdict","round","seq","revised"}
    awaiting_clarification: bool = False
    clarifications: list[dict] = field(default_factory=list)  # {"party","text","round","seq"}
    needs_reconcile: bool = False
    settled: dict | None = None  # {"reason","question","tradeoff","round","seq"}
    bucket: str | None = None  # AGREED | DISMISSED | UNRESOLVED | None (pending)
    bucket_reason: str | None = None
    challenge_ids: list[str] = field(default_factory=list)  # every challenge on this point, in issue order
    gate_entries: dict[str, None] = field(default_factory=dict)  # ledger ids that may pass the evidence gate
    strong_entries: dict[str, None] = field(default_factory=dict)  # those of them that are strong now
    attack_counts: dict[str, int] = field(default_factory=dict)  # status -> number of attacking challenges
    awaiting_evidence: bool = False  # accepted, but an empirical point without verified evidence yet
    dispute_streak: int = 0  # consecutive closed rounds this point was disputed at the close
    last_disputed_round: int = -1  # the last closed round at whose close it was disputed


@record
class Entry:
    id: str
    actor: str
    text: str
    provenance: str
    claim_type: str
    evidence_type: str  # "execution" | "textual" | "claim"
    artifact: str | None
    quote: str | None
    execution: dict | None
    supports: list[str]
    supersedes: str | None
    revises: str | None
    justification: str | None
    round: int
    seq: int
    superseded_by: str | None = None
    verified_at_seq: int | None = None
    gate_points: dict[str, None] = field(default_factory=dict)  # points whose evidence gate may use this entry
    witness: int | None = None  # witnessed runs: the user prompt a user entry cites (core/witnessing.py)
    via: str | None = None  # "page": the user gave this entry in the page `argcheck view --serve` shows


@record
class Consultation:
    outcome: str  # "reply" | "format_failure" | "failure"
    failure_class: str | None
    session_id: str | None
    round: int  # the iteration after this consultation
    seq: int
    usage: dict | None = None
    duration_ms: int | None = None


@record
class Round:
    number: int
    new_points: list[str] = field(default_factory=list)
    disputed_at_close: frozenset[str] | None = None  # None while the round is open


@record(slots=False)
class Deliberation:
    header: dict
    question: str
    mode: str
    cap: int
    status: str = "in_progress"
    iteration: int = 0
    extended: bool = False
    extension: dict | None = None  # {"trigger","detail","seq"}
    consultee_session: str | None = None
    points: dict[str, Point] = field(default_factory=dict)
    challenges: dict[str, Challenge] = field(default_factory=dict)
    ledger: dict[str, Entry] = field(default_factory=dict)
    consultations: list[Consultation] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=lambda: [Round(0)])
    stress_tests: list[dict] = field(default_factory=list)  # {"targets","outcome","summary","round","seq"}
    reframes: list[dict] = field(default_factory=list)  # {"question","round","seq"}
    arbitration_requests: list[dict] = field(default_factory=list)
    priorities: list[dict] = field(default_factory=list)  # the user's: {"first","drop","asked","round","seq","via"}
    arbitration: dict | None = None  # {"flags","constraints","summary","seq"}
    synthesis: dict | None = None  # {"termination","answer","round","seq"}
    presented: dict | None = None
    aborted: dict | None = None
    notes: list[str] = field(default_factory=list)  # warnings worth showing in the decision log
    replies: int = 0  # consult moves with outcome reply (== iteration)
    format_failures: int = 0
    failures: int = 0  # consultee failures other than setup errors (not_installed, auth)
    open_challenge_ids: dict[str, None] = field(default_factory=dict)  # status open | dropped | defended
    deadlock_candidates: dict[str, None] = field(default_factory=dict)  # disputed 3+ closed rounds (last close)

    @property
    def phase(self) -> str:
        return phase_of(self.iteration, self.extended)


def phase_of(iteration: int, extended: bool = False) -> str:
    if iteration <= 2 or (iteration == 3 and extended):
        return CONSTRUCTIVE
    if iteration <= 5:
        return DEVELOPMENT
    return CRYSTALLIZATION
