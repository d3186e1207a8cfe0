"""The derived state of a council: what replaying the moves gives (docs/protocols/council.md §3).

The engine builds it; the synthesis, `next`, `prompt`, `render` and `ingest` only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from argcheck.protocols.council.reading import normalized, passage

CRITIQUING, SELF_CRITIQUING, SYNTHESIZED, ASSESSED = "critiquing", "self_critiquing", "synthesized", "assessed"
ROUNDS = ("critique", "self_critique")
ROUND_NAMES = {"critique": "initial critique", "self_critique": "self-critique"}
HIGH_SEVERITIES = ("High", "Critical")


@dataclass
class Claim:
    """One node of a persona's critique tree, flattened; `delta` sums its self-critique adjustments."""

    id: str
    persona: str
    claim: str
    evidence: str
    confidence: float
    severity: str | None
    depth: int
    parent: str | None
    seq: int
    span: tuple[int, int] | None  # where the evidence occurs in the normalized document
    delta: float = 0.0
    recommendation: str | None = None
    concession: str | None = None
    arbiter_delta: float = 0.0  # the Expert Arbiter's adjustment (after self-critique)
    arbiter_comment: str | None = None

    @property
    def adjusted(self) -> float:
        return round(self.confidence + self.delta + self.arbiter_delta, 6)


@dataclass
class Record:
    """What a persona did in one round: a critique / self_critique (kind) or a failure."""

    kind: str  # "critique" | "self_critique" | "failure"
    seq: int
    failure: str | None = None
    detail: str | None = None
    provenance: dict | None = None

    @property
    def failed(self) -> bool:
        return self.kind == "failure"


@dataclass
class Council:
    header: dict
    personas: list[dict]
    max_depth: int
    threshold: float
    inclusion_threshold: float
    document_text: str
    status: str = CRITIQUING
    rounds: dict[str, dict[str, Record]] = field(default_factory=lambda: {name: {} for name in ROUNDS})
    trees: dict[str, dict] = field(default_factory=dict)  # persona -> its critique tree as recorded
    claims: dict[str, Claim] = field(default_factory=dict)  # id -> claim, in recording order
    adjustments: list[dict] = field(default_factory=list)  # {persona, target_claim_id, confidence_delta, ...}
    assessment: dict | None = None  # {text, responses, resolutions, addressed, seq, provenance}
    arbitration: dict | None = None  # {score, justification, adjustments, seq, provenance}
    document_findings: list = field(default_factory=list)  # CNL102/CNL103 once replayed (for next and apply)
    _normal: str | None = None
    _spans: dict = field(default_factory=dict)  # evidence -> where it occurs (each snippet searched once)
    _included: tuple | None = None  # (version, claims kept by the synthesis)

    @property
    def normal_document(self) -> str:
        if self._normal is None:
            self._normal = normalized(self.document_text)
        return self._normal

    def locate(self, evidence: str) -> tuple[int, int] | None:
        """Where `evidence` occurs in the normalized document, or None (memoized)."""
        if evidence not in self._spans:
            self._spans[evidence] = passage(self.normal_document, evidence)
        return self._spans[evidence]

    @property
    def version(self) -> tuple[int, int]:
        """Changes whenever a claim or an adjustment is recorded (keys the synthesis cache)."""
        return len(self.claims), len(self.adjustments), self.arbitration is not None

    @property
    def names(self) -> list[str]:
        return [persona["name"] for persona in self.personas]

    def persona(self, name: str) -> dict | None:
        """The panel member called `name`, case-insensitively ("kant" is Kant)."""
        key = name.casefold()
        return next((p for p in self.personas if p["name"].casefold() == key), None)

    def canonical(self, name: str) -> str:
        """The panel's spelling of a persona name (the name itself when it is not on the panel)."""
        member = self.persona(name)
        return member["name"] if member else name

    def expected(self, round_name: str) -> list[str]:
        """Who owes a record in the round: everyone in round 1; those with a critique in round 2."""
        if round_name == "critique":
            return self.names
        first = self.rounds["critique"]
        return [name for name in self.names if name in first and not first[name].failed]

    def pending(self, round_name: str) -> list[str]:
        done = self.rounds[round_name]
        return [name for name in self.expected(round_name) if name not in done]

    def failures(self) -> list[dict]:
        return [{"persona": name, "round": round_name, "failure": record.failure, "detail": record.detail,
                 "seq": record.seq}
                for round_name in ROUNDS for name, record in self.rounds[round_name].items() if record.failed]

    @property
    def responded(self) -> list[str]:
        """The personas whose initial critique is in the synthesis."""
        return self.expected("self_critique")

    @property
    def complete(self) -> list[str]:
        """The personas whose initial critique is in and who failed no round (so far)."""
        failed = {f["persona"] for f in self.failures()}
        return [name for name in self.responded if name not in failed]

    @property
    def partial(self) -> bool:
        return bool(self.failures())

    def council_count(self) -> str:
        """`6 of 6 personas`, or `5 of 6 personas` when one failed either round (never 6 of 6 then)."""
        return f"{len(self.complete)} of {len(self.personas)} personas"

    def council_line(self) -> str:
        """`6 of 6 personas` or `5 of 6 personas (partial council: Kant failed self-critique: timeout; its
        initial critique stands unadjusted)`."""
        if not self.partial:
            return self.council_count()
        return f"{self.council_count()} (partial council: {self.failure_summary()})"

    def failure_summary(self) -> str:
        parts = []
        for f in self.failures():
            part = f"{f['persona']} failed {ROUND_NAMES[f['round']]}: {f['failure']}"
            if f["round"] == "self_critique":
                part += "; its initial critique stands unadjusted"
            parts.append(part)
        return "; ".join(parts)

    def own_claims(self, persona: str) -> list[str]:
        return [claim.id for claim in self.claims.values() if claim.persona == persona]

    def update_status(self) -> None:
        if self.assessment is not None:
            self.status = ASSESSED
        elif self.pending("critique"):
            self.status = CRITIQUING
        elif self.pending("self_critique"):
            self.status = SELF_CRITIQUING
        else:
            self.status = SYNTHESIZED

    def self_critique_began(self) -> int | None:
        """The seq of the first self-critique round record, if any."""
        seqs = [record.seq for record in self.rounds["self_critique"].values()]
        return min(seqs) if seqs else None
