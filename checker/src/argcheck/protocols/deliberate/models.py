"""The deliberate protocol's header and moves as pydantic models: the source of its JSON Schemas."""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_.-]{0,31}$")]
Text = Annotated[str, Field(min_length=1, max_length=4000)]
ShortText = Annotated[str, Field(min_length=1, max_length=500)]
Consultee = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,31}$")]
Verdict = Literal["AGREE", "SKEPTICAL", "REJECT", "ILL_FORMED", "OUT_OF_SCOPE"]
Flow = Literal[
    "consultee_proposes", "orchestrator_proposes", "devils_advocate", "collaborative_completion",
    "comparative", "verification", "participant", "multi_perspective", "red_team", "parallel_ideation",
]
Party = Literal["orchestrator", "consultee"]
FailureClass = Literal["timeout", "not_installed", "auth", "cli_error", "empty"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Header(Strict):
    """Set once by `argcheck init deliberate`; never changed afterwards."""

    question: Text
    question_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    conversation_id: Optional[ShortText] = None
    consultee: Consultee
    flow: Flow
    mode: Literal["standard", "minimal", "quick"]
    question_kind: Literal["factual", "design", "evaluation"] = "design"
    stakes: Literal["normal", "high"] = "normal"
    workspace: Optional[Annotated[str, Field(max_length=4096)]] = None
    ephemeral: bool = Field(default=False, description="A quick deliberation keeps no state file: argcheck removes it "
                                                         "when the run ends (init --keep keeps it)")


class Usage(Strict):
    input_tokens: Optional[Annotated[int, Field(ge=0)]] = None
    output_tokens: Optional[Annotated[int, Field(ge=0)]] = None
    cached_input_tokens: Optional[Annotated[int, Field(ge=0)]] = None


class Consult(Strict):
    """A consultee reply (or failure) arrived; a structured reply opens the next iteration."""

    type: Literal["consult"]
    actor: Literal["consultee"]
    outcome: Literal["reply", "format_failure", "failure"]
    failure_class: Optional[FailureClass] = None
    session_id: Optional[ShortText] = None
    usage: Optional[Usage] = None
    duration_ms: Optional[Annotated[int, Field(ge=0)]] = None
    response_sha256: Optional[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]] = None
    excerpt: Optional[ShortText] = None


class Point(Strict):
    """A claim put forward by a party; `relation` says whether it is new or builds on another."""

    type: Literal["point"]
    actor: Party
    id: Id
    text: Text
    kind: Literal["empirical", "value"]
    relation: Literal["new", "extension"] = "new"
    extends: Optional[Id] = None
    theme: Optional[Annotated[str, Field(min_length=1, max_length=80)]] = Field(
        default=None, description="A few words naming the point's theme; more than 7 open points are grouped by it")


class Classify(Strict):
    """The other party's evaluation of a point; SKEPTICAL and REJECT open a challenge."""

    type: Literal["classify"]
    actor: Party
    point: Id
    verdict: Verdict
    reason: Text
    challenge: Optional[Id] = None
    objection: Optional[Text] = None


class Challenge(Strict):
    """A further attack on a point (a rebuttal), or a demand to reconcile a self-contradiction."""

    type: Literal["challenge"]
    actor: Party
    id: Id
    point: Id
    kind: Literal["skeptical", "reject", "reconcile"]
    objection: Text
    cites: list[Annotated[int, Field(ge=1)]] = Field(default_factory=list, max_length=20)


class Defend(Strict):
    """The point's author answers a challenge by its id, optionally citing ledger evidence."""

    type: Literal["defend"]
    actor: Party
    challenge: Optional[Id] = None
    point: Optional[Id] = None
    argument: Text
    evidence: list[Id] = Field(default_factory=list, max_length=20)


class Concede(Strict):
    type: Literal["concede"]
    actor: Party
    challenge: Id
    reason: Optional[Text] = None


class Judge(Strict):
    """The challenger accepts or rejects the latest defense."""

    type: Literal["judge"]
    actor: Party
    challenge: Id
    outcome: Literal["accepted", "rejected"]
    reason: Text
    evidence: list[Id] = Field(default_factory=list, max_length=20)


class Execution(Strict):
    command: Annotated[str, Field(min_length=1, max_length=2000)]
    exit_code: int
    output: Annotated[str, Field(max_length=4000)] = ""


class Ledger(Strict):
    """An append-only ledger entry with its provenance."""

    type: Literal["ledger"]
    actor: Literal["orchestrator", "consultee", "user"]
    id: Id
    text: Text
    provenance: Annotated[str, Field(pattern=r"^(user|verified|revision|[a-z][a-z0-9-]{0,31}-unverified)$")]
    claim_type: Literal["empirical", "value", "constraint"] = "empirical"
    artifact: Optional[Annotated[str, Field(pattern=r"^[^\s:][^:]*:[1-9][0-9]*$", max_length=4096)]] = None
    quote: Optional[Text] = None
    execution: Optional[Execution] = None
    supports: list[Id] = Field(default_factory=list, max_length=50)
    supersedes: Optional[Id] = None
    revises: Optional[Id] = None
    justification: Optional[Text] = None


class Verify(Strict):
    """Upgrade an unverified ledger entry to verified with an artifact or an execution record."""

    type: Literal["verify"]
    actor: Literal["orchestrator"]
    entry: Id
    artifact: Optional[Annotated[str, Field(pattern=r"^[^\s:][^:]*:[1-9][0-9]*$", max_length=4096)]] = None
    quote: Optional[Text] = None
    execution: Optional[Execution] = None


class Revise(Strict):
    """An acknowledged change of position: 'Revising from X to Y because ...'."""

    type: Literal["revise"]
    actor: Party
    point: Id
    to: Verdict
    justification: Text


class Clarify(Strict):
    """Restate a point (after ILL_FORMED) or pin down a term (definitional deadlock)."""

    type: Literal["clarify"]
    actor: Party
    point: Id
    text: Text


class Settle(Strict):
    """Route a blocked point to Unresolved, with the kind of blockage."""

    type: Literal["settle"]
    actor: Literal["orchestrator"]
    point: Id
    reason: Literal["missing_data", "definitional", "criteria_divergence"]
    question: Optional[Text] = None
    tradeoff: Optional[Text] = None


class ExtendConstructive(Strict):
    type: Literal["extend_constructive"]
    actor: Literal["orchestrator"]
    trigger: Literal["unaddressed_dispute", "stress_test_pending"]
    detail: Optional[Text] = None


class StressTest(Strict):
    type: Literal["stress_test"]
    actor: Literal["orchestrator"]
    targets: list[Id] = Field(min_length=1, max_length=50)
    outcome: Literal["held", "weakened", "broken"]
    summary: Text


class Reframe(Strict):
    """Only the user may change the question, and only by consenting to the new one."""

    type: Literal["reframe"]
    actor: Literal["user"]
    question: Text
    consent: Literal[True]


class RequestArbitration(Strict):
    type: Literal["request_arbitration"]
    actor: Literal["user"]
    reason: Optional[Text] = None


class Prioritise(Strict):
    """The user's answer to more than 7 open points grouped by theme: the points to take first, those to drop."""

    type: Literal["prioritise"]
    actor: Literal["user"]
    first: list[Id] = Field(default_factory=list, max_length=200, description="open points to pursue first")
    drop: list[Id] = Field(default_factory=list, max_length=200, description="open points not to pursue")


class Synthesize(Strict):
    type: Literal["synthesize"]
    actor: Literal["orchestrator"]
    termination: Literal["convergence", "iteration_bound", "trivial", "quality_exit"]
    answer: Text


class Flag(Strict):
    point: Id
    concern: Text


class Arbitrate(Strict):
    type: Literal["arbitrate"]
    actor: Literal["arbiter"]
    flags: list[Flag] = Field(default_factory=list, max_length=200)
    constraints: list[Id] = Field(default_factory=list, max_length=50)
    summary: Text
    session_id: Optional[ShortText] = Field(default=None, description="The arbiter's session (`ingest` records "
                                            "the envelope's); a fresh one, used by no consult of this run")


class Present(Strict):
    type: Literal["present"]
    actor: Literal["orchestrator"]
    acknowledge_warning: bool = False


class Abort(Strict):
    type: Literal["abort"]
    actor: Literal["orchestrator", "user"]
    reason: Text


MOVE_MODELS = (
    Consult, Point, Classify, Challenge, Defend, Concede, Judge, Ledger, Verify, Revise, Clarify,
    Settle, ExtendConstructive, StressTest, Reframe, RequestArbitration, Prioritise, Synthesize, Arbitrate,
    Present, Abort,
)
Move = Annotated[Union[MOVE_MODELS], Field(discriminator="type")]
