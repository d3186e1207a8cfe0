"""The triz protocol's header and moves as pydantic models: the source of its JSON Schemas.

One move type per tool of the TRIZ design (20), plus `web_search` (research as a move), the five user reviews
(`actor: "user"`, the TRIZ design's UserInput fields) and `cancel`. The rules about them are in the engine; the
models only fix their shape, so an empty selection is the TRIZ design's error (e.g. DECOMPOSE_INCOMPLETE), not a
schema violation.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import Field

from argcheck.protocols.triz.model_parts import (
    ClaimConfidence, ClaimFeedback, ClaimId, ClaimIndex, ClaimVerdict, Contradiction, Decision, Edge, Evidence,
    ListIndex, LongText, Parameter, Reframing, Score, SearchPurpose, SemanticDistance, ShortText, Source, Strict,
    Text, Url,
)
from argcheck.protocols.triz.spec import MIN_PROBLEM

Agent = Literal["agent"]
User = Literal["user"]


class Header(Strict):
    """Set once by `argcheck init triz`; never changed afterwards."""

    problem: Annotated[str, Field(min_length=MIN_PROBLEM, max_length=4000, pattern=r"\S")]
    problem_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    conversation_id: Optional[ShortText] = None


# -- research ---------------------------------------------------------------------------------------


class WebSearch(Strict):
    """A web search the agent made, what it was for, and what it found (recorded before the move needing it).

    With `"actor": "user"` it records the sources the user gave when the agent could not search (the web
    tools refused): `query` is what the agent asked the user for, `results` what the user supplied."""

    type: Literal["web_search"]
    actor: Literal["agent", "user"] = "agent"
    query: ShortText
    purpose: SearchPurpose
    domain: Optional[ShortText] = Field(default=None, description="For cross_domain: the distant domain searched")
    claim_index: Optional[ClaimIndex] = Field(default=None, description="For antithesis, falsification, novelty")
    results: list[Source] = Field(default_factory=list, max_length=50)


# -- phase 1: decompose -------------------------------------------------------------------------------


class DecomposeToFundamentals(Strict):
    type: Literal["decompose_to_fundamentals"]
    actor: Agent = "agent"
    fundamentals: list[Text] = Field(min_length=1, max_length=50)


class MapStateOfArt(Strict):
    type: Literal["map_state_of_art"]
    actor: Agent = "agent"
    summary: LongText
    sources: list[Source] = Field(min_length=1, max_length=50)


class ExtractAssumptions(Strict):
    type: Literal["extract_assumptions"]
    actor: Agent = "agent"
    assumptions: list[Text] = Field(min_length=1, max_length=50)


class ReframeProblem(Strict):
    type: Literal["reframe_problem"]
    actor: Agent = "agent"
    reframings: list[Reframing] = Field(min_length=1, max_length=50)


# -- phase 2: explore ---------------------------------------------------------------------------------


class BuildMorphologicalBox(Strict):
    type: Literal["build_morphological_box"]
    actor: Agent = "agent"
    parameters: list[Parameter] = Field(min_length=2, max_length=20)


class SearchCrossDomain(Strict):
    type: Literal["search_cross_domain"]
    actor: Agent = "agent"
    source_domain: ShortText
    target_application: Text
    analogy_description: Text
    semantic_distance: SemanticDistance
    sources: list[Source] = Field(default_factory=list, max_length=50)


class IdentifyContradictions(Strict):
    type: Literal["identify_contradictions"]
    actor: Agent = "agent"
    contradictions: list[Contradiction] = Field(min_length=1, max_length=50)


class MapAdjacentPossible(Strict):
    type: Literal["map_adjacent_possible"]
    actor: Agent = "agent"
    possibilities: list[Text] = Field(min_length=1, max_length=50)


# -- phase 3: synthesize ------------------------------------------------------------------------------


class StateThesis(Strict):
    """Opens the round's next claim slot with a knowledge direction."""

    type: Literal["state_thesis"]
    actor: Agent = "agent"
    thesis_text: Text
    evidence: list[Evidence] = Field(default_factory=list, max_length=50)


class FindAntithesis(Strict):
    type: Literal["find_antithesis"]
    actor: Agent = "agent"
    claim_index: ClaimIndex
    antithesis_text: Text
    evidence: list[Evidence] = Field(default_factory=list, max_length=50)


class CreateSynthesis(Strict):
    """The claim that transcends the thesis and the antithesis of its slot; it gets the next id (C1, C2, ...)."""

    type: Literal["create_synthesis"]
    actor: Agent = "agent"
    claim_index: ClaimIndex
    claim_text: Text
    falsifiability_condition: Text
    confidence: ClaimConfidence
    evidence: list[Evidence] = Field(default_factory=list, max_length=50)
    builds_on_claim_id: Optional[ClaimId] = None
    cross_domain_source: Optional[ShortText] = None
    morphological_params: dict[str, ShortText] = Field(default_factory=dict, max_length=20)


# -- phase 4: validate --------------------------------------------------------------------------------


class AttemptFalsification(Strict):
    type: Literal["attempt_falsification"]
    actor: Agent = "agent"
    claim_index: ClaimIndex
    approach: Text
    outcome: Literal["survived", "weakened", "falsified"]
    evidence: list[Evidence] = Field(default_factory=list, max_length=50)


class CheckNovelty(Strict):
    type: Literal["check_novelty"]
    actor: Agent = "agent"
    claim_index: ClaimIndex
    is_novel: bool
    similar_work: list[Text] = Field(default_factory=list, max_length=50)


class ScoreClaim(Strict):
    type: Literal["score_claim"]
    actor: Agent = "agent"
    claim_index: ClaimIndex
    novelty: Score
    groundedness: Score
    falsifiability: Score
    significance: Score


# -- phase 5: build -----------------------------------------------------------------------------------


class AddToKnowledgeGraph(Strict):
    type: Literal["add_to_knowledge_graph"]
    actor: Agent = "agent"
    claim_id: ClaimId
    edges: list[Edge] = Field(default_factory=list, max_length=50)


class AnalyzeGaps(Strict):
    type: Literal["analyze_gaps"]
    actor: Agent = "agent"
    gaps: list[Text] = Field(default_factory=list, max_length=50)
    convergence_locks: list[Text] = Field(default_factory=list, max_length=50)


class GetNegativeKnowledge(Strict):
    """The agent consulted the rejected claims (required before synthesis in rounds 2+)."""

    type: Literal["get_negative_knowledge"]
    actor: Agent = "agent"


# -- phase 6 and cross-cutting ------------------------------------------------------------------------


class GenerateKnowledgeDocument(Strict):
    """The agent's prose for the document; every other section is built from the recorded moves."""

    type: Literal["generate_knowledge_document"]
    actor: Agent = "agent"
    core_insight: LongText
    implementation_guide: LongText
    next_frontiers: LongText


class GetSessionStatus(Strict):
    """Legacy: status is a read now (`argcheck next`, `render --format status`); apply refuses it (ARG029), and
    state files that recorded it stay valid."""

    type: Literal["get_session_status"]
    actor: Agent = "agent"


class ReportTokenUsage(Strict):
    """The agent's own report of its context usage (the TRIZ design's context_usage figures). argcheck cannot measure
    it: the status shows it as reported by the agent."""

    type: Literal["report_token_usage"]
    actor: Agent = "agent"
    tokens_used: Annotated[int, Field(ge=0, le=100_000_000)]
    tokens_limit: Optional[Annotated[int, Field(ge=1, le=100_000_000)]] = None


class SubmitUserInsight(Strict):
    """A user-contributed claim, added to the knowledge graph with its edges."""

    type: Literal["submit_user_insight"]
    actor: User
    insight: Text
    evidence_urls: list[Url] = Field(default_factory=list, max_length=50)
    edges: list[Edge] = Field(default_factory=list, max_length=50)


# -- the five user reviews and cancel -------------------------------------------------------------------


class DecomposeReview(Strict):
    type: Literal["decompose_review"]
    actor: User
    confirmed_assumptions: list[ListIndex] = Field(default_factory=list, max_length=100)
    rejected_assumptions: list[ListIndex] = Field(default_factory=list, max_length=100)
    added_assumptions: list[Text] = Field(default_factory=list, max_length=50)
    selected_reframings: list[ListIndex] = Field(default_factory=list, max_length=100)
    added_reframings: list[Text] = Field(default_factory=list, max_length=50)


class ExploreReview(Strict):
    type: Literal["explore_review"]
    actor: User
    starred_analogies: list[ListIndex] = Field(default_factory=list, max_length=100)
    suggested_domains: list[ShortText] = Field(default_factory=list, max_length=50)


class ClaimsReview(Strict):
    type: Literal["claims_review"]
    actor: User
    claim_feedback: list[ClaimFeedback] = Field(default_factory=list, max_length=3)


class Verdicts(Strict):
    type: Literal["verdicts"]
    actor: User
    verdicts: list[ClaimVerdict] = Field(default_factory=list, max_length=10)


class BuildDecision(Strict):
    type: Literal["build_decision"]
    actor: User
    decision: Decision
    deep_dive_claim_id: Optional[ClaimId] = None
    user_insight: Optional[Text] = None
    user_evidence_urls: list[Url] = Field(default_factory=list, max_length=50)


class Cancel(Strict):
    type: Literal["cancel"]
    actor: User
    reason: Optional[Text] = None


MOVE_MODELS = (
    WebSearch, DecomposeToFundamentals, MapStateOfArt, ExtractAssumptions, ReframeProblem, BuildMorphologicalBox,
    SearchCrossDomain, IdentifyContradictions, MapAdjacentPossible, StateThesis, FindAntithesis, CreateSynthesis,
    AttemptFalsification, CheckNovelty, ScoreClaim, AddToKnowledgeGraph, AnalyzeGaps, GetNegativeKnowledge,
    GenerateKnowledgeDocument, GetSessionStatus, ReportTokenUsage, SubmitUserInsight, DecomposeReview, ExploreReview,
    ClaimsReview, Verdicts, BuildDecision, Cancel,
)
