"""The chain as JSON: the standalone chain (Toulmini's exchange format) and the derived state (pure)."""

from __future__ import annotations

import dataclasses
import json

from argcheck.protocols.toulmin.nextstep import breakers
from argcheck.protocols.toulmin.state import COMPONENTS, REPORTED, TERMINATED


def standalone_chain(state) -> dict:
    """The chain as one object (Toulmini's exchange format); `argcheck validate` accepts it back."""
    chain = {"query": state.query}
    if state.relax:
        chain["relax"] = list(state.relax)
    chain.update({name: state.components[name] for name in COMPONENTS if name in state.components})
    return chain


def state_json(state, findings=()) -> str:
    value = {
        "protocol": "toulmin",
        "status": state.status,
        "closed": state.status in (TERMINATED, REPORTED),
        "query": state.query,
        "relax": list(state.relax),
        "council_enabled": state.council_enabled,
        "chain": standalone_chain(state),
        "recorded_at": state.recorded_at,
        "breakers": breakers(state),
        "terminations": [dataclasses.asdict(t) | {"label": t.label} for t in state.terminations],
        "relaxed": state.relaxed,
        "verdict_check": state.verdict_check,
        "council": {"requests": [dataclasses.asdict(r) for r in state.council_requests],
                    "opinions": [dataclasses.asdict(o) for o in state.opinions.values()],
                    "pending": state.pending_perspectives},
        "report": state.report,
        "standalone": state.standalone,
        "findings": [f.to_dict() for f in findings],
    }
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
