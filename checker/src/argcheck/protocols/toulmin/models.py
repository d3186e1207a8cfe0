"""The toulmin protocol's header, components and moves as pydantic models: the source of its JSON Schemas.

The seven components keep the field names of the Toulmini design (000), so a standalone chain
document (the seven components in one object) validates with the same shapes.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

NON_BLANK = r"\S"
Id = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_.-]{0,31}$")]
Text = Annotated[str, Field(min_length=1, max_length=4000, pattern=NON_BLANK)]
ShortText = Annotated[str, Field(min_length=1, max_length=500, pattern=NON_BLANK)]
LongText = Annotated[str, Field(min_length=1, max_length=20000, pattern=NON_BLANK)]
Consultee = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,31}$")]

Strength = Literal["absolute", "strong", "weak", "irrelevant"]
# Toulmini's phase-3 prompt asks for `irrelevant` where the Toulmini specification says `negligible`: both
# are accepted, and mean the same (state.rebuttal_level).
RebuttalStrength = Literal["absolute", "strong", "weak", "negligible", "irrelevant"]
Degree = Literal["certainly", "presumably", "probably", "possibly", "apparently"]
Breaker = Literal["warrant", "backing"]
Feed = Literal["backing", "rebuttal"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Header(Strict):
    """Set once by `argcheck init toulmin`; never changed afterwards."""

    query: Text
    query_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    relax: list[Breaker] = Field(default_factory=list, max_length=2, json_schema_extra={"uniqueItems": True},
                                 description="Circuit breakers switched off for this chain (shown in the report).")
    council: bool = Field(default=True, description="Whether the field-experts council may be consulted.")
    conversation_id: Optional[ShortText] = None
    workspace: Optional[Annotated[str, Field(max_length=4096)]] = None


class Citation(Strict):
    """Where a fact or an authority comes from: a source and where in it to look.

    Two shapes are accepted: the Toulmini specification's `{source, locator, quote?}` and Toulmini's
    `{source, reference, url?}` (`url` may be null). A citation names a locator or a reference (TLM123).
    """

    source: ShortText = Field(description="The work, dataset, document, person or file cited.")
    locator: Optional[ShortText] = Field(default=None, description="Where in the source: page, section, URL, "
                                                                   "or path:line.")
    reference: Optional[ShortText] = Field(default=None, description="Toulmini's name for the locator: the "
                                                                     "reference inside the source.")
    url: Annotated[Optional[str], WithJsonSchema({"type": ["string", "null"], "minLength": 1, "maxLength": 2000}),
                   Field(description="A URL, only when known with certainty (Toulmini); null when unsure.")] = None
    quote: Optional[Text] = None


class Data(Strict):
    """The grounds: facts offered in support of the claim."""

    facts: list[Text] = Field(min_length=1, max_length=50)
    citations: list[Citation] = Field(min_length=1, max_length=50)
    evidence_type: Literal["empirical", "statistical", "testimonial", "documentary", "analytical",
                           "historical", "anecdotal", "expert", "scientific"]


class Claim(Strict):
    """The assertion argued for: a statement, never a question."""

    statement: Annotated[str, Field(min_length=10, max_length=2000, pattern=NON_BLANK)]
    scope: Literal["universal", "general", "specific", "singular"]


class Warrant(Strict):
    """The general principle that licenses the step from the data to the claim."""

    principle: Annotated[str, Field(min_length=20, max_length=4000, pattern=NON_BLANK)]
    logic_type: Literal["deductive", "inductive", "abductive", "analogical"]
    strength: Strength


class Backing(Strict):
    """The authority that supports the warrant; `council` names the council opinions it draws on."""

    authority: Annotated[str, Field(min_length=10, max_length=4000, pattern=NON_BLANK)]
    citations: list[Citation] = Field(min_length=1, max_length=50)
    strength: Strength
    council: list[Id] = Field(default_factory=list, max_length=20)


class Rebuttal(Strict):
    """Conditions under which the warrant does not hold; `council` names the opinions it draws on."""

    exceptions: list[Text] = Field(min_length=1, max_length=50)
    counterexamples: list[Text] = Field(default_factory=list, max_length=50)
    strength: RebuttalStrength
    council: list[Id] = Field(default_factory=list, max_length=20)


class Qualifier(Strict):
    """How certain the claim is, given the rebuttal; the degree must match the confidence band."""

    degree: Degree
    confidence_pct: Annotated[int, Field(ge=0, le=100)]
    rationale: Text


class Verdict(Strict):
    """The judgment on the whole chain; the status must follow from the rebuttal and the qualifier."""

    status: Literal["sustained", "overruled", "remanded"]
    reasoning: Annotated[str, Field(min_length=50, max_length=8000, pattern=NON_BLANK)]
    final_statement: Text


class Provenance(Strict):
    """Who produced a council opinion: the orchestrating agent, the user, or a named consultee."""

    source: Literal["orchestrator", "consultee", "user"]
    consultee: Optional[Consultee] = None
    session_id: Optional[ShortText] = None
    response_sha256: Optional[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]] = None


class Grounding(Strict):
    """Phase 1: the data and the claim."""

    type: Literal["grounding"]
    data: Data
    claim: Claim


class LogicBridge(Strict):
    """Phase 2: the warrant and its backing; a weak or irrelevant one trips the circuit breaker."""

    type: Literal["logic_bridge"]
    warrant: Warrant
    backing: Backing


class StressTest(Strict):
    """Phase 3: the rebuttal and the qualifier."""

    type: Literal["stress_test"]
    rebuttal: Rebuttal
    qualifier: Qualifier


class Judgment(Strict):
    """Phase 4: the verdict."""

    type: Literal["judgment"]
    verdict: Verdict


class Report(Strict):
    """Phase 5 (optional): the analysis report's narrative, in Markdown; closes the chain."""

    type: Literal["report"]
    summary: LongText


class CouncilRequest(Strict):
    """Ask the field-experts council: the perspectives to consult (e.g. 'epidemiologist')."""

    type: Literal["council_request"]
    perspectives: list[ShortText] = Field(default_factory=list, max_length=12,
                                          json_schema_extra={"uniqueItems": True})
    question: Optional[Text] = None


class CouncilOpinion(Strict):
    """One perspective's opinion, recorded with its provenance, feeding the backing or the rebuttal."""

    type: Literal["council_opinion"]
    id: Id
    perspective: ShortText
    opinion: Text
    feeds: Feed
    provenance: Provenance


MOVE_MODELS = (Grounding, LogicBridge, StressTest, Judgment, Report, CouncilRequest, CouncilOpinion)
Move = Annotated[Union[MOVE_MODELS], Field(discriminator="type")]
COMPONENT_MODELS = {"data": Data, "claim": Claim, "warrant": Warrant, "backing": Backing, "rebuttal": Rebuttal,
                    "qualifier": Qualifier, "verdict": Verdict}
