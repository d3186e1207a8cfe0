"""A page submission: the serve's secret, then the question and the head it answers, then the protocol's own
move through the same rules as `apply`, stamped `via: page` (core/formvalues.py holds the checks).

Nothing is recorded unless every check passes; the refusal's findings go back to the form.
"""

from __future__ import annotations

from collections import namedtuple
from urllib.parse import parse_qs

from argcheck.core import protocol_calls
from argcheck.core.formvalues import FormProblem, check_asked, check_fresh, check_secret, form_invalid
from argcheck.files import operations

MAX_BODY = 256 * 1024
PAGE_STAMP = {"via": "page"}

Answer = namedtuple("Answer", "findings values recorded")  # recorded: "" when refused


def pending_form(run):
    """The protocol's form of the question the run waits for (None: none, or the protocol has no forms)."""
    spec = run.spec
    if spec.is_closed(run.status) or not spec.has_part("forms"):
        return None
    return protocol_calls.call(spec, "page_form", run.state)


def form_values(body: bytes) -> dict[str, list[str]]:
    """The posted fields (application/x-www-form-urlencoded); FormProblem when they cannot be read."""
    try:
        return parse_qs(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False, max_num_fields=2000)
    except (UnicodeDecodeError, ValueError) as why:
        raise FormProblem(f"the form could not be read ({why})") from None


def submit(state_path: str, body: bytes, secret: str) -> Answer:
    """Record the answer `body` posts, or refuse it with findings."""
    from argcheck.cli.view import run as runs

    try:
        values = form_values(body)
    except FormProblem as problem:
        return Answer(form_invalid(problem), {}, "")
    given = {name: (values.get(name) or [None])[0] for name in ("secret", "head", "move")}
    refused = check_secret(given["secret"], secret)
    if refused:
        return Answer(refused, {}, "")  # nothing more is said to a caller without the secret
    run = runs.load(state_path)
    form = pending_form(run)
    refused = check_fresh(given["head"], str(run.doc.get("head", ""))) or check_asked(given["move"], form)
    if refused:
        return Answer(refused, values, "")
    try:
        move = protocol_calls.call(run.spec, "page_answer", run.state, values)
    except FormProblem as problem:
        return Answer(form_invalid(problem), values, "")
    try:
        outcome = operations.applied(state_path, [move], stamp=PAGE_STAMP,
                                     refuse=lambda doc, moves: check_fresh(given["head"], str(doc.get("head", ""))))
    except operations.Refused as refusal:
        return Answer(refusal.findings or [], values, "")
    if not outcome.applied:
        return Answer(outcome.findings, values, "")
    return Answer(outcome.findings, {}, f"Recorded your {move['type']} as move #{outcome.doc['move_count']}.")
