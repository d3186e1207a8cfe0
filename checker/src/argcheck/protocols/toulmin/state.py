"""The derived state of a Toulmin chain: what replaying the moves gives (docs/protocols/toulmin.md §4).

The engine builds it; `next`, `prompt`, `render` and `ingest` only read it. The pure rules that the
engine, the prompts and the report share (bands, the verdict table, the phase dependencies) live here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

COMPONENTS = ("data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict")
PHASES = {  # move type -> (components it records, status after it)
    "grounding": (("data", "claim"), "grounded"),
    "logic_bridge": (("warrant", "backing"), "bridged"),
    "stress_test": (("rebuttal", "qualifier"), "stress_tested"),
    "judgment": (("verdict",), "judged"),
}
PHASE_NAMES = {"grounding": "grounding (phase 1)", "logic_bridge": "logic bridge (phase 2)",
               "stress_test": "stress test (phase 3)", "judgment": "judgment (phase 4)",
               "report": "report (phase 5)"}
STARTED, GROUNDED, BRIDGED, STRESS_TESTED, JUDGED, REPORTED, TERMINATED = (
    "started", "grounded", "bridged", "stress_tested", "judged", "reported", "terminated")
BREAKING_STRENGTHS = ("weak", "irrelevant")

# The qualifier's degree <-> confidence bands (inclusive).
BANDS = {"certainly": (90, 100), "presumably": (70, 89), "probably": (50, 69), "possibly": (30, 49),
         "apparently": (0, 29)}
STATUSES = ("sustained", "overruled", "remanded")


def rebuttal_level(strength: str) -> str:
    """The rebuttal's strength as the verdict rule reads it: Toulmini's `irrelevant` is the seed's `negligible`."""
    return "negligible" if strength == "irrelevant" else strength


def citation_locator(citation: dict) -> str | None:
    """Where a citation points inside its source: the seed's `locator`, or Toulmini's `reference`."""
    return citation.get("locator") or citation.get("reference")


def requirements(kind: str) -> tuple[str, ...]:
    """The components that must be recorded before a move of this kind (Data → … → Verdict)."""
    if kind == "report":
        return COMPONENTS
    recorded = PHASES[kind][0]
    return COMPONENTS[:COMPONENTS.index(recorded[0])]


def degree_for(confidence: int) -> str:
    """The one degree whose band holds `confidence`."""
    return next(degree for degree, (low, high) in BANDS.items() if low <= confidence <= high)


def band_text(degree: str) -> str:
    low, high = BANDS[degree]
    return f"{low}–{high}"


def allowed_statuses(rebuttal: str, confidence: int, weakest_link: str = "strong") -> tuple[tuple[str, ...], dict]:
    """The verdict statuses consistent with the chain, and why each other status is not.

    The rule (docs/protocols/toulmin.md §5), with r the rebuttal's strength and c the qualifier's confidence:
      r = absolute                                  -> overruled only
      sustained  iff (r in {weak, negligible} and c >= 30) or (r = strong and c >= 60),
                 and neither warrant nor backing is irrelevant (possible only when relaxed)
      overruled  iff r = absolute, or c < 30, or (r = strong and c < 70)
      remanded   iff r != absolute and (c < 70 or r = strong)
    """
    if rebuttal == "absolute":
        return ("overruled",), {"sustained": "the rebuttal is absolute", "remanded": "the rebuttal is absolute"}
    reasons = {}
    sustain = (rebuttal in ("weak", "negligible") and confidence >= 30) or (rebuttal == "strong" and confidence >= 60)
    if not sustain:
        reasons["sustained"] = (f"confidence {confidence} is below 30" if confidence < 30 else
                                f"a strong rebuttal needs confidence ≥ 60 to sustain, got {confidence}")
    elif weakest_link == "irrelevant":
        sustain = False
        reasons["sustained"] = "the warrant or backing is irrelevant (its breaker was relaxed)"
    if not (confidence < 30 or (rebuttal == "strong" and confidence < 70)):
        reasons["overruled"] = (f"nothing defeats the claim: the rebuttal is {rebuttal} and confidence is "
                                f"{confidence}" if rebuttal != "strong" else
                                f"confidence {confidence} (≥ 70) says the claim holds despite the strong rebuttal")
    if not (confidence < 70 or rebuttal == "strong"):
        reasons["remanded"] = (f"the rebuttal is {rebuttal} and confidence is {confidence} (≥ 70): "
                               f"the chain is decided, so it must be sustained")
    allowed = tuple(status for status in STATUSES if status not in reasons)
    return allowed, reasons


def is_question(statement: str) -> bool:
    """A claim is a question when it ends with a question mark (after closing quotes/brackets) or starts with ¿."""
    text = statement.strip()
    if text.startswith("¿"):
        return True
    text = text.rstrip(" \t\r\n\"'”’»)]}>")
    return text.endswith(("?", "？", "؟"))


@dataclass
class Termination:
    component: str  # "warrant" | "backing"
    strength: str
    seq: int

    @property
    def label(self) -> str:
        return f"{self.component.upper()} REJECTED"


@dataclass
class CouncilRequest:
    perspectives: list[str]
    question: str | None
    seq: int


@dataclass
class Opinion:
    id: str
    perspective: str
    opinion: str
    feeds: str  # "backing" | "rebuttal"
    provenance: dict
    seq: int
    cited_by: list[str] = field(default_factory=list)  # components that cite it


@dataclass
class ToulminChain:
    header: dict
    query: str
    relax: tuple[str, ...]
    council_enabled: bool
    status: str = STARTED
    components: dict[str, dict] = field(default_factory=dict)  # name -> the component as recorded
    recorded_at: dict[str, int] = field(default_factory=dict)  # name -> seq of the move that recorded it
    terminations: list[Termination] = field(default_factory=list)
    relaxed: list[dict] = field(default_factory=list)  # {"component", "strength", "seq"}: a breaker let through
    council_requests: list[CouncilRequest] = field(default_factory=list)
    opinions: dict[str, Opinion] = field(default_factory=dict)
    report: dict | None = None  # {"summary", "seq"}
    standalone: bool = False  # replayed from a bare chain document, not a state file

    def missing(self, kind: str) -> list[str]:
        return [name for name in requirements(kind) if name not in self.components]

    @property
    def requested_perspectives(self) -> list[str]:
        seen: dict[str, None] = {}
        for request in self.council_requests:
            for perspective in request.perspectives:
                seen.setdefault(perspective, None)
        return list(seen)

    @property
    def pending_perspectives(self) -> list[str]:
        """Requested perspectives with no opinion yet whose feed is still open."""
        answered = {opinion.perspective for opinion in self.opinions.values()}
        if "rebuttal" in self.components:
            return []
        return [p for p in self.requested_perspectives if p not in answered]

    @property
    def weakest_link(self) -> str:
        strengths = [self.components[name]["strength"] for name in ("warrant", "backing") if name in self.components]
        for level in ("irrelevant", "weak"):
            if level in strengths:
                return level
        return "strong"

    @property
    def verdict_check(self) -> dict | None:
        """The verdict rule applied to this chain (once the rebuttal and qualifier are recorded)."""
        if "rebuttal" not in self.components or "qualifier" not in self.components:
            return None
        rebuttal = rebuttal_level(self.components["rebuttal"]["strength"])
        confidence = self.components["qualifier"]["confidence_pct"]
        allowed, reasons = allowed_statuses(rebuttal, confidence, self.weakest_link)
        verdict = self.components.get("verdict")
        return {"rebuttal": rebuttal, "confidence": confidence, "weakest_link": self.weakest_link,
                "allowed": list(allowed), "excluded": reasons,
                "status": verdict["status"] if verdict else None,
                "consistent": (verdict["status"] in allowed) if verdict else None}

    def next_opinion_id(self) -> str:
        number = len(self.opinions) + 1
        while f"O{number}" in self.opinions:
            number += 1
        return f"O{number}"
