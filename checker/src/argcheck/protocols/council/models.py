"""The council protocol's header and moves as pydantic models: the source of its JSON Schemas.

The names are the Council design's (002 §5–§7): a critique tree node is {id, claim, evidence, confidence, severity,
sub_critiques}; an initial critique is {agent_style, critique_tree}; a self-critique is {agent_style,
adjustments: [{target_claim_id, confidence_delta, reasoning}]}.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

NON_BLANK = r"\S"
# A letter or a digit first: the Council design's example id is a UUID (§7.1), which may start with a digit.
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")]
ConflictId = Annotated[str, Field(pattern=r"^conflict-[1-9][0-9]{0,3}$")]
PersonaName = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9 ._-]{0,39}$")]
Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
Text = Annotated[str, Field(min_length=1, max_length=4000, pattern=NON_BLANK)]
ShortText = Annotated[str, Field(min_length=1, max_length=500, pattern=NON_BLANK)]
LongText = Annotated[str, Field(min_length=1, max_length=20000, pattern=NON_BLANK)]
Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Severity = Literal["Low", "Medium", "High", "Critical"]
Round = Literal["critique", "self_critique"]
Failure = Literal["timeout", "not_installed", "auth", "cli_error", "empty", "format", "refused", "skipped"]

MAX_DOCUMENT_CHARS = 1_048_576


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Persona(Strict):
    """One member of the panel: its name (the `agent_style` of its moves), focus and heuristic."""

    name: PersonaName
    focus: Text
    heuristic: Text
    template: Optional[Slug] = Field(default=None, description="The bundled persona template it comes from.")
    directive: Optional[LongText] = Field(default=None, description="A custom persona's own directive.")


class Panel(Strict):
    """The council: a bundled panel (philosophers, scientific) or a custom one from a file."""

    name: ShortText
    personas: list[Persona] = Field(min_length=1, max_length=12)


class Document(Strict):
    """The critiqued document: where it was read from, and its text, so evidence checks never need the file."""

    path: Annotated[str, Field(min_length=1, max_length=4096)]
    size: Annotated[int, Field(ge=1)]
    sha256: Sha256
    text: Annotated[str, Field(min_length=1, max_length=MAX_DOCUMENT_CHARS)]


class Header(Strict):
    """Set once by `argcheck init council`; never changed afterwards."""

    document: Document
    panel: Panel
    max_depth: Annotated[int, Field(ge=1, le=6)] = 3
    threshold: Unit = Field(default=0.3, description="Branch termination: no children under a lower confidence.")
    inclusion_threshold: Unit = Field(default=0.4, description="Synthesis keeps claims at or above this.")
    consultee: Optional[Slug] = None
    conversation_id: Optional[ShortText] = None
    workspace: Optional[Annotated[str, Field(max_length=4096)]] = None
    arbiter: bool = Field(default=False, description="The Expert Arbiter pass is part of this council: `next` asks "
                                                     "for it before the final assessment; --run runs it.")


def _no_default(schema: dict) -> None:
    schema.pop("default", None)


class Node(Strict):
    """A critique point (Council design §7.1); `sub_critiques` are deeper critiques of this claim."""

    id: Id
    claim: Text
    evidence: Text = Field(description="A snippet that occurs in the document (whitespace-insensitive).")
    confidence: Unit
    # Optional (§7.1): omit it when unrated; null is refused, so the published schema does not admit it.
    severity: Severity = Field(default=None, json_schema_extra=_no_default)
    recommendation: Text = Field(default=None, json_schema_extra=_no_default,
                                 description="A concrete suggestion that would address the critique (optional).")
    concession: Text = Field(default=None, json_schema_extra=_no_default,
                             description="What the persona concedes: a counter-argument, a limit of the critique, "
                                         "or a strength of the critiqued passage; \"None\" when there is none.")
    sub_critiques: list[Node] = Field(max_length=20, description="Required (§7.1): [] for a leaf.")


class Provenance(Strict):
    """Who produced a persona's output: the orchestrating agent, a subagent, the user, or a consultee."""

    source: Literal["orchestrator", "subagent", "consultee", "user"]
    consultee: Optional[Slug] = None
    session_id: Optional[ShortText] = None
    response_sha256: Optional[Sha256] = None


class Critique(Strict):
    """Round 1: one persona's initial critique (each persona once)."""

    type: Literal["critique"]
    agent_style: PersonaName
    critique_tree: Node
    provenance: Optional[Provenance] = None


class Adjustment(Strict):
    """A change to one of the persona's own claims; `reasoning` must say why (blank is refused by CNL115)."""

    target_claim_id: Id
    confidence_delta: Annotated[float, Field(ge=-1.0, le=1.0)]
    reasoning: Annotated[str, Field(max_length=4000)]


class SelfCritique(Strict):
    """Round 2: a persona reviews its own critique in the light of all the others."""

    type: Literal["self_critique"]
    agent_style: PersonaName
    adjustments: list[Adjustment] = Field(max_length=100)
    provenance: Optional[Provenance] = None


class PersonaFailure(Strict):
    """A persona that failed or was skipped in a round; the run goes on as a partial council."""

    type: Literal["persona_failure"]
    agent_style: PersonaName
    round: Round
    failure: Failure
    detail: Optional[ShortText] = None


class PointResponse(Strict):
    """How the assessment speaks to one point: the point's id, its critique quoted, and the response."""

    id: Id
    point: Text = Field(description="The point's critique, quoted (at least 4 consecutive words, or all of it).")
    response: Text = Field(description="How the assessment addresses the point (at least 6 words).")


class Resolution(Strict):
    """The synthesis' resolution step for one computed conflict (Council design §6.2 step 7: resolving conflicts)."""

    conflict: ConflictId
    outcome: Literal["resolved", "open"]
    reason: Text = Field(description="Why the conflict is resolved so, or why it stays open.")


class FinalAssessment(Strict):
    """The written assessment of the computed synthesis: a response to each High and Critical point, a
    resolution of each conflict, and optionally other points it mentions (`addressed`)."""

    type: Literal["final_assessment"]
    text: LongText
    responses: list[PointResponse] = Field(default_factory=list, max_length=500)
    resolutions: list[Resolution] = Field(default_factory=list, max_length=500)
    addressed: list[Id] = Field(default_factory=list, max_length=500, json_schema_extra={"uniqueItems": True})
    provenance: Optional[Provenance] = None


class ArbiterAdjustment(Strict):
    """The Expert Arbiter's view of one claim: a bounded confidence change and the comment that justifies it."""

    target_claim_id: Id
    arbitration_comment: Text = Field(description="Why, from the subject matter (at least 6 words).")
    confidence_delta: Annotated[float, Field(ge=-1.0, le=1.0)] = Field(
        description="Bounded: at most 0.3 either way (CNL136); 0.0 agrees with the confidence.")


class Arbitration(Strict):
    """The Expert Arbiter pass (critique_council's ExpertArbiterAgent), after self-critique and before the final
    assessment: adjustments of the personas' confidences, and an overall score that must agree with the score
    derived from the recorded points (CNL139)."""

    type: Literal["arbitration"]
    adjustments: list[ArbiterAdjustment] = Field(default_factory=list, max_length=200)
    arbiter_overall_score: Annotated[int, Field(ge=0, le=100)]
    arbiter_score_justification: Text
    provenance: Optional[Provenance] = None


MOVE_MODELS = (Critique, SelfCritique, PersonaFailure, Arbitration, FinalAssessment)
Move = Annotated[Union[MOVE_MODELS], Field(discriminator="type")]
