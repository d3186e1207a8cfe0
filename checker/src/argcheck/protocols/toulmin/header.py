"""The header of a Toulmin chain: made from `argcheck init toulmin`'s options (or a tool's), and checked."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.core.integrity import short_hash
from argcheck.core.contract import UsageProblem
from argcheck.protocols.toulmin import catalog  # noqa: F401  (registers the TLM rules)
from argcheck.protocols.toulmin import _shapes
from argcheck.protocols.toulmin._shapes import VALIDATORS, JsonSchemaValueException
from argcheck.core.rules import finding
from argcheck.core.shapes import check_shape, shape_finding

from argcheck.protocols.toulmin.spec import BREAKERS, MIN_QUERY

__all__ = ["BREAKERS", "MIN_QUERY", "QueryProblem", "make_header", "check_header", "check_component_shape"]


class QueryProblem(UsageProblem):
    """A query that cannot anchor a chain; carries its finding (TLM101) for structured reports."""

    def __init__(self, found: Finding):
        super().__init__(f"{found.code} {found.name}: {found.message}")
        self.finding = found


def make_header(options: dict) -> dict:
    """The header for `argcheck init toulmin` (and the MCP tools), from the options."""
    query = options.get("query")
    query = query.strip() if isinstance(query, str) else ""
    too_short = query_problem(query)
    if too_short:
        raise QueryProblem(too_short)
    relax = options.get("relax") or []
    if isinstance(relax, str):
        relax = [relax]
    if not isinstance(relax, (list, tuple)):
        raise UsageProblem("relax must be a list of breakers: warrant, backing")
    council = options.get("council")
    if not isinstance(council, (bool, type(None))):
        raise UsageProblem("council must be true or false")
    unknown = [name for name in relax if name not in BREAKERS]
    if unknown:
        raise UsageProblem(f"--relax takes warrant or backing, not {', '.join(map(str, unknown))}")
    header = {
        "query": query,
        "query_hash": short_hash(query),
        "relax": sorted(set(relax), key=BREAKERS.index),
        "council": True if council is None else council,
        "conversation_id": options.get("conversation_id"),
        "workspace": options.get("workspace"),
    }
    problems = check_header(header)
    if problems:
        raise UsageProblem("; ".join(p.message for p in problems))
    return header


def query_problem(query) -> Finding | None:
    length = len(query.strip()) if isinstance(query, str) else 0
    if length < MIN_QUERY:
        return finding("TLM101", path="/header/query", length=length, minimum=MIN_QUERY)
    return None


def check_header(header) -> list[Finding]:
    found = check_shape(_shapes, "header", header, "/header")
    if found:
        return found
    too_short = query_problem(header["query"])
    if too_short:
        found.append(too_short)
    if header["query_hash"] != short_hash(header["query"]):
        found.append(finding("TLM102", path="/header/query_hash", found=header["query_hash"],
                             expected=short_hash(header["query"])))
    return found


def check_component_shape(name: str, value, path: str) -> list[Finding]:
    """The shape of one component of a standalone chain, checked with its phase move's validator."""
    from argcheck.protocols.toulmin.state import PHASES

    kind = next(k for k, (names, _) in PHASES.items() if name in names)
    validator = VALIDATORS[kind]
    found = []
    try:
        validator({"type": kind, **{n: _STUB[n] for n in PHASES[kind][0]}, name: _drop_none(value)})
    except JsonSchemaValueException as error:
        found.append(shape_finding(error, path, strip=f"data.{name}"))
    return found


def _drop_none(value):
    """Drop null values at every level: an optional field given as null counts as absent."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


# Valid stand-ins for the partner component when one component of a chain is shape-checked alone.
_CITATION = {"source": "stand-in", "locator": "stand-in"}
_STUB = {
    "data": {"facts": ["stand-in"], "citations": [_CITATION], "evidence_type": "empirical"},
    "claim": {"statement": "stand-in statement", "scope": "general"},
    "warrant": {"principle": "stand-in principle for the check", "logic_type": "deductive", "strength": "strong"},
    "backing": {"authority": "stand-in authority", "citations": [_CITATION], "strength": "strong"},
    "rebuttal": {"exceptions": ["stand-in"], "strength": "weak"},
    "qualifier": {"degree": "probably", "confidence_pct": 60, "rationale": "stand-in"},
    "verdict": {"status": "remanded", "reasoning": "stand-in " * 8, "final_statement": "stand-in"},
}
