"""The header of a triz session: made from `argcheck init triz --problem ...`, and checked."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.core.integrity import short_hash
from argcheck.core.contract import UsageProblem
from argcheck.protocols.triz import _shapes
from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.core.rules import finding
from argcheck.core.shapes import check_shape

from argcheck.protocols.triz.spec import MIN_PROBLEM


def make_header(options: dict) -> dict:
    problem = options.get("problem")
    problem = " ".join(problem.split()) if isinstance(problem, str) else ""
    if len(problem) < MIN_PROBLEM:
        raise UsageProblem(f"--problem needs a problem statement of at least {MIN_PROBLEM} characters "
                           f"(got {len(problem)})")
    header = {"problem": problem, "problem_hash": short_hash(problem),
              "conversation_id": options.get("conversation_id")}
    problems = check_header(header)
    if problems:
        raise UsageProblem("; ".join(p.message for p in problems))
    return header


def check_header(header) -> list[Finding]:
    found = check_shape(_shapes, "header", header, "/header")
    if found:
        return found
    if header["problem_hash"] != short_hash(header["problem"]):
        found.append(finding("TRZ137", path="/header/problem_hash", found=header["problem_hash"],
                             expected=short_hash(header["problem"])))
    return found
