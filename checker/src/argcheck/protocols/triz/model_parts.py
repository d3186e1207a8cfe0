"""The value objects a triz move carries: evidence, search results, reframings, analogies, edges, verdicts.

The names and the enumerations are the TRIZ design's ubiquitous language (ReframingType, SemanticDistance,
EvidenceType, EdgeType, VerdictType, ClaimConfidence).
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

NON_BLANK = r"\S"
Text = Annotated[str, Field(min_length=1, max_length=4000, pattern=NON_BLANK)]
ShortText = Annotated[str, Field(min_length=1, max_length=500, pattern=NON_BLANK)]
LongText = Annotated[str, Field(min_length=1, max_length=20000, pattern=NON_BLANK)]
Url = Annotated[str, Field(min_length=8, max_length=2000, pattern=r"^https?://\S+$")]
ClaimId = Annotated[str, Field(pattern=r"^C[1-9][0-9]{0,6}$", description="A claim's id: C1, C2, ... in "
                                                                        "order of creation")]
ClaimIndex = Annotated[int, Field(ge=0, le=2, description="The claim's slot in the current round (0, 1 or 2)")]
ListIndex = Annotated[int, Field(ge=0, le=999)]
Score = Annotated[float, Field(ge=0, le=1)]

ReframingType = Literal["scope_change", "entity_question", "variable_change", "domain_change"]
SemanticDistance = Literal["near", "medium", "far"]
EvidenceType = Literal["supporting", "contradicting", "contextual"]
EdgeType = Literal["supports", "contradicts", "extends", "supersedes", "depends_on", "merged_from"]
VerdictType = Literal["accept", "reject", "qualify", "merge"]
ClaimConfidence = Literal["speculative", "emerging", "grounded"]
SearchPurpose = Literal["state_of_art", "cross_domain", "antithesis", "falsification", "novelty", "general"]
Decision = Literal["continue", "deep_dive", "resolve", "add_insight"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(Strict):
    """One web-search result: where it is, what it is called, what it says (the TRIZ design's Evidence field names)."""

    source_url: Url
    source_title: ShortText
    content_summary: Text


class Evidence(Strict):
    """A web-sourced fact supporting, contradicting or giving context to a claim (the TRIZ design's Evidence)."""

    source_url: Url
    source_title: ShortText
    content_summary: Text
    evidence_type: EvidenceType
    contributed_by: Literal["agent", "user"] = "agent"


class Reframing(Strict):
    """An alternative formulation of the problem."""

    text: Text
    reframing_type: ReframingType


class Parameter(Strict):
    """One dimension of the morphological box and its possible values."""

    name: ShortText
    values: list[ShortText] = Field(min_length=2, max_length=20)


class Contradiction(Strict):
    """Two competing requirements that cannot both be satisfied (TRIZ-style)."""

    property_a: ShortText
    property_b: ShortText
    description: Text
    resolution_direction: Text


class Edge(Strict):
    """A typed edge of the knowledge graph, between claims in the graph (or the claim being added)."""

    source: ClaimId
    target: ClaimId
    edge_type: EdgeType


class ClaimFeedback(Strict):
    """The user's comment on one claim of the round."""

    claim_id: ClaimId
    feedback: Text


class ClaimVerdict(Strict):
    """The user's epistemic decision on one claim."""

    claim_id: ClaimId
    verdict: VerdictType
    rejection_reason: Optional[Text] = None
    qualification: Optional[Text] = None
    merge_with: list[ClaimId] = Field(default_factory=list, max_length=20)
