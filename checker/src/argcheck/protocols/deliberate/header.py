"""The header of a deliberation: made from `argcheck init deliberate`'s options, and checked."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.core.integrity import short_hash
from argcheck.core.contract import UsageProblem
from argcheck.protocols.deliberate import catalog  # noqa: F401  (registers the DLB rules)
from argcheck.protocols.deliberate import _shapes
from argcheck.protocols.deliberate.texts import is_placeholder
from argcheck.core.rules import finding
from argcheck.core.shapes import check_shape

from argcheck.protocols.deliberate.spec import FLOWS, MODES

__all__ = ["FLOWS", "MODES", "make_header", "check_header"]


def make_header(options: dict) -> dict:
    """The header for `argcheck init deliberate`, from the command-line options."""
    question = options.get("question") or ""
    if not isinstance(question, str):
        raise UsageProblem(f"the question must be a string, not {type(question).__name__}")
    question = question.strip()
    if not question or is_placeholder(question):
        raise UsageProblem("--question is required and must be an actual question, not blank or a placeholder")
    header = {
        "question": question,
        "question_hash": short_hash(question),
        "conversation_id": options.get("conversation_id"),
        "consultee": options.get("consultee") or "codex",
        "flow": options.get("flow") or "consultee_proposes",
        "mode": options.get("mode") or "standard",
        "question_kind": options.get("question_kind") or "design",
        "stakes": options.get("stakes") or "normal",
        "workspace": options.get("workspace"),
    }
    if header["mode"] == "quick" and not options.get("keep"):
        header["ephemeral"] = True  # the Argumentation Protocol's Quick Mode is stateless: nothing is kept
    problems = check_header(header)
    if problems:
        raise UsageProblem("; ".join(p.message for p in problems))
    return header


def check_header(header) -> list[Finding]:
    found = check_shape(_shapes, "header", header, "/header")
    if not found and header["question_hash"] != short_hash(header["question"]):
        found.append(finding("DLB161", path="/header/question_hash",
                             found=header["question_hash"], expected=short_hash(header["question"])))
    return found

