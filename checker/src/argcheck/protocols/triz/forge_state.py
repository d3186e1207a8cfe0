"""ForgeState: the session's enforcement state, derived by replaying the moves (the seed's in-memory engine).

Invariants:
    - Per-round fields are reset by `reset_for_new_round` exactly as the seed lists them; the knowledge graph,
      the negative knowledge and the gaps are preserved across rounds.
    - `web_searches_this_phase` is cleared on every phase change (and by the per-round reset).

Design Decisions:
    - Claims are entities kept for the whole session (`claims`, by id); the round only holds which slot
      (0-2) maps to which claim, so the reset clears the round without losing a claim.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from argcheck.protocols.triz.graph import KnowledgeGraph

MAX_CLAIMS_PER_ROUND = 3
MAX_ROUNDS = 5
MIN_ASSUMPTIONS = 3
MIN_REFRAMINGS = 3
MIN_CROSS_DOMAIN_SEARCHES = 2


class Phase(str, Enum):
    DECOMPOSE = "decompose"
    EXPLORE = "explore"
    SYNTHESIZE = "synthesize"
    VALIDATE = "validate"
    BUILD = "build"
    CRYSTALLIZE = "crystallize"


PHASE_NUMBER = {phase: number for number, phase in enumerate(Phase, start=1)}
SESSION_STATUS = {Phase.DECOMPOSE: "decomposing", Phase.EXPLORE: "exploring", Phase.SYNTHESIZE: "synthesizing",
                  Phase.VALIDATE: "validating", Phase.BUILD: "building", Phase.CRYSTALLIZE: "crystallizing"}
CRYSTALLIZED, CANCELLED = "crystallized", "cancelled"
# The user review that closes each phase (the seed's review events); crystallize closes with the document.
REVIEW_OF_PHASE = {Phase.DECOMPOSE: "decompose_review", Phase.EXPLORE: "explore_review",
                   Phase.SYNTHESIZE: "claims_review", Phase.VALIDATE: "verdicts", Phase.BUILD: "build_decision"}
# A merge verdict validates the claim as the merged claim (claim_type `merged`); the claims it merges become
# `superseded` once its merged_from edges trace them in the graph (see claim_statuses.py).
VERDICT_STATUS = {"accept": "validated", "reject": "rejected", "qualify": "qualified", "merge": "validated"}


@dataclass
class Claim:
    """A KnowledgeClaim (the seed's fields), plus what validation recorded about it."""

    id: str
    claim_type: str  # synthesis | user_contributed | merged
    claim_text: str
    round_created: int  # the round number, 1-based like every round number argcheck shows
    seq: int
    claim_index: int | None = None
    thesis_text: str = ""
    antithesis_text: str = ""
    status: str = "proposed"  # proposed | validated | rejected | qualified | superseded
    confidence: str = "speculative"
    falsifiability_condition: str = ""
    scores: dict | None = None
    verdict: str | None = None
    rejection_reason: str | None = None
    qualification: str | None = None
    merge_with: list = field(default_factory=list)
    user_feedback: list = field(default_factory=list)
    cross_domain_source: str | None = None
    morphological_params: dict = field(default_factory=dict)
    builds_on_claim_id: str | None = None
    evidence: list = field(default_factory=list)
    falsifications: list = field(default_factory=list)
    novelty: dict | None = None


@dataclass
class ForgeState:
    problem: str = ""
    current_phase: Phase = Phase.DECOMPOSE
    current_round: int = 0
    cancelled: bool = False
    cancel_reason: str | None = None
    # research
    web_searches_this_phase: list = field(default_factory=list)
    research_log: list = field(default_factory=list)
    researched_urls: set = field(default_factory=set)
    # phase 1
    fundamentals: list = field(default_factory=list)
    state_of_art: list = field(default_factory=list)
    state_of_art_researched: bool = False
    assumptions: list = field(default_factory=list)
    reframings: list = field(default_factory=list)
    confirmed_assumptions: list = field(default_factory=list)
    rejected_assumptions: list = field(default_factory=list)
    user_added_assumptions: list = field(default_factory=list)
    selected_reframings: list = field(default_factory=list)
    user_added_reframings: list = field(default_factory=list)
    # phase 2
    morphological_box: list | None = None
    cross_domain_analogies: list = field(default_factory=list)
    cross_domain_search_count: int = 0
    contradictions: list = field(default_factory=list)
    adjacent_possible: list = field(default_factory=list)
    starred_analogies: list = field(default_factory=list)
    suggested_domains: list = field(default_factory=list)
    # phase 3 (per round)
    theses: list = field(default_factory=list)
    theses_stated: int = 0
    antitheses_searched: set = field(default_factory=set)
    antitheses: dict = field(default_factory=dict)
    current_round_claims: dict = field(default_factory=dict)  # claim slot -> claim id
    # phase 4 (per round)
    falsification_attempted: set = field(default_factory=set)
    novelty_checked: set = field(default_factory=set)
    # phase 5 (preserved across rounds, except the two flags)
    claims: dict = field(default_factory=dict)
    graph: KnowledgeGraph = field(default_factory=KnowledgeGraph)
    negative_knowledge: list = field(default_factory=list)
    gaps: list = field(default_factory=list)
    build_visits: int = 0  # how many times the session entered the build phase
    gaps_visit: int = 0  # the build visit whose analyze_gaps wrote `gaps` (a later visit's analysis replaces them)
    convergence_locks: list = field(default_factory=list)
    negative_knowledge_consulted: bool = False
    previous_claims_referenced: bool = False
    # deep dive, build decisions, phase 6
    deep_dive_active: bool = False
    deep_dive_target_claim_id: str | None = None
    deep_dive_round: int | None = None  # the round the deep dive narrows (set by the continue that opens it)
    decisions: list = field(default_factory=list)
    user_insights: list = field(default_factory=list)
    unsynthesized: list = field(default_factory=list)  # theses left without a synthesis after their antithesis
    pending_insight: dict | None = None  # the user's add_insight decision, until submit_user_insight records it
    knowledge_document: dict | None = None
    token_usage: dict | None = None  # the agent's last report_token_usage (reported, not measured)
    # each user move: its seq, type and the witnessed prompt it cites (None: as the agent recorded it)
    user_decisions: list = field(default_factory=list)

    # -- computed -------------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.cancelled:
            return CANCELLED
        if self.knowledge_document is not None:
            return CRYSTALLIZED
        return SESSION_STATUS[self.current_phase]

    @property
    def round_number(self) -> int:
        """The current round, 1-based (`current_round` is the seed's index, from 0)."""
        return self.current_round + 1

    @property
    def claims_in_round(self) -> int:
        """The claim slots opened this round (a thesis opens one; Rule 8 counts them)."""
        return self.theses_stated

    @property
    def claims_remaining(self) -> int:
        """The seed's count: claims (syntheses) the round can still take."""
        return max(0, MAX_CLAIMS_PER_ROUND - len(self.current_round_claims))

    @property
    def slots_remaining(self) -> int:
        """Theses that can still be stated this round (each opens a slot that becomes a claim)."""
        return max(0, MAX_CLAIMS_PER_ROUND - self.theses_stated)

    @property
    def round_claims(self) -> list[Claim]:
        return [self.claims[self.current_round_claims[i]] for i in sorted(self.current_round_claims)]

    @property
    def all_claims_have_antithesis(self) -> bool:
        return all(index in self.antitheses_searched for index in range(self.theses_stated))

    @property
    def all_claims_falsified(self) -> bool:
        return all(index in self.falsification_attempted for index in self.current_round_claims)

    @property
    def all_claims_novelty_checked(self) -> bool:
        return all(index in self.novelty_checked for index in self.current_round_claims)

    @property
    def max_rounds_reached(self) -> bool:
        return self.current_round + 1 >= MAX_ROUNDS

    @property
    def knowledge_graph_nodes(self) -> list[str]:
        return self.graph.nodes

    @property
    def knowledge_graph_edges(self) -> list[tuple]:
        return self.graph.edges

    # -- transitions ----------------------------------------------------------------------------------

    def enter_phase(self, phase: Phase) -> None:
        """Searches count for the phase they were made in: a phase change clears them. The round a deep dive
        narrowed ends it when it reaches the build phase."""
        self.current_phase = phase
        self.web_searches_this_phase = []
        if phase == Phase.BUILD:
            self.build_visits += 1
            if self.deep_dive_active and self.deep_dive_round == self.round_number:
                self.end_deep_dive()

    def start_deep_dive(self, target: str) -> None:
        """The user chose to deep-dive into one claim: the session stays in BUILD (the seed ties BUILD ->
        SYNTHESIZE, the per-round reset and the round count to continue) and the next round is narrowed to the
        claim: every synthesis of it builds on the claim."""
        self.deep_dive_active = True
        self.deep_dive_target_claim_id = target
        self.deep_dive_round = None

    def end_deep_dive(self) -> None:
        self.deep_dive_active = False
        self.deep_dive_target_claim_id = None
        self.deep_dive_round = None

    def reset_for_new_round(self) -> None:
        """The seed's per-round reset (BUILD -> SYNTHESIZE after the user chose continue); a chosen deep dive is
        kept: it narrows the round this opens."""
        self.clear_claim_slots()
        self.negative_knowledge_consulted = False
        self.previous_claims_referenced = False
        self.web_searches_this_phase = []
        self.current_round += 1
        if self.deep_dive_active:
            self.deep_dive_round = self.round_number

    def clear_claim_slots(self) -> None:
        """Free the three claim slots (the round's claims stay claims of the session, by id)."""
        self.current_round_claims = {}
        self.theses_stated = 0
        self.theses = []
        self.antitheses = {}
        self.antitheses_searched = set()
        self.falsification_attempted = set()
        self.novelty_checked = set()

    def next_claim_id(self) -> str:
        return f"C{len(self.claims) + 1}"
