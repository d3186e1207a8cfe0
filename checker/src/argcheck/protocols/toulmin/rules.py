"""The TLM findings that more than one entry point reports (the engine, the standalone chain, the MCP tools).

One rule code, one check: each of these codes is built here and nowhere else; the callers pass what
they know. (Codes that only the engine reports are built in its handlers; TLM101 in header.py.)
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.toulmin import catalog  # noqa: F401  (registers the TLM rules)
from argcheck.protocols.toulmin.state import BREAKING_STRENGTHS, PHASE_NAMES, Termination
from argcheck.core.rules import finding

MISSING_CODES = ("TLM103", "TLM104", "TLM105")
__all__ = ["BREAKING_STRENGTHS", "MISSING_CODES"]


def missing_components(kind: str, missing: list[str], path: str = "") -> Finding:
    """The phase `kind` cannot be recorded without `missing` (chain order), named as Toulmini names it:
    the judgment and the report need the complete chain (TLM105 INCOMPLETE_CHAIN); a grounding or a logic
    bridge without the data or the claim is TLM103 MISSING_PHASE_1_OUTPUT; anything else TLM104
    MISSING_COMPONENTS."""
    text = ", ".join(missing)
    if kind in ("judgment", "report"):
        return finding("TLM105", path=path, phase=PHASE_NAMES[kind], missing=text)
    if kind in ("grounding", "logic_bridge") and {"data", "claim"} & set(missing):
        return finding("TLM103", path=path, missing=text)
    return finding("TLM104", path=path, phase=PHASE_NAMES[kind], missing=text)


def weak_link(component: str, strength: str, path: str = "") -> Finding:
    """TLM108 TERMINATION_SIGNAL: a weak or irrelevant warrant or backing trips its circuit breaker."""
    label = Termination(component, strength, 0).label
    return finding("TLM108", path=path, label=label, component=component, strength=strength)


def chain_terminated(first: Termination, kind: str, path: str = "") -> Finding:
    """TLM109: nothing follows the circuit breaker that terminated the chain."""
    return finding("TLM109", path=path, seq=first.seq, label=first.label,
                   phase=PHASE_NAMES.get(kind, kind.replace("_", " ")))


def council_disabled(path: str = "") -> Finding:
    """TLM114: the council is off for this chain (or for the whole server)."""
    return finding("TLM114", path=path)


def no_perspectives(path: str = "") -> Finding:
    """TLM115: a council request that names nobody."""
    return finding("TLM115", path=path)


def council_feed_closed(component: str, seq: int, path: str = "") -> Finding:
    """TLM118: the component the council would feed was recorded at move `seq`."""
    return finding("TLM118", path=path, component=component, seq=seq)
