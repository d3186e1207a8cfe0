"""`argcheck ingest`: map a phase reply onto toulmin moves (pure).

The reply is either a wrapper envelope (`{"envelope": 1, "response": "<text>", ...}`, from
`argcheck-consult`) whose response holds the JSON the prompt asked for, or that JSON object itself
(the orchestrating agent's own answer). Recognised keys, in phase order:

  data + claim -> grounding          warrant + backing -> logic_bridge
  rebuttal + qualifier -> stress_test verdict -> judgment         summary (or report.summary) -> report
  perspectives -> council_request     opinions [{perspective, opinion, feeds, id?}] -> council_opinion
  council_opinions [{perspective, argument_for, argument_against, key_citation?}] (Toulmini's council
  answer) -> one council_opinion feeding the backing (argument_for) and one the rebuttal (argument_against)

A phase already recorded with identical content is skipped (Toulmini's tools resend the whole chain
each call); different content is passed on, and `apply` refuses it (TLM106). A partial phase is passed
on as it is, and `apply` refuses it with the missing field (ARG013).
"""

from __future__ import annotations

import hashlib
import re

from argcheck.core import jsonio, reply_envelope
from argcheck.protocols.toulmin.state import PHASES

CONTENT_KEYS = ("data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict", "summary", "report",
                "perspectives", "question", "opinions", "council_opinions", "query", "relax")


FENCE = re.compile(r"```([A-Za-z]*)[ \t]*\r?\n(.*?)```", re.DOTALL)


class IngestProblem(ValueError):
    """The input holds nothing this chain can record."""


def moves_from_envelope(state, reply) -> list[dict]:
    """The moves that record `reply` (an envelope or the phase JSON itself) in `state`."""
    if reply_envelope.is_envelope(reply):
        content, provenance = _from_envelope(reply)
    else:
        content, provenance = reply, {"source": "orchestrator"}
    return moves_from_content(state, content, provenance)


def moves_after_refusal(reply, findings) -> list[dict]:
    """Nothing to record instead of a refused reply: a toulmin chain has no consult record, so the
    refusal itself (its codes, the file unchanged) is the whole answer."""
    return []


def moves_from_content(state, content, provenance: dict | None = None) -> list[dict]:
    """The moves for a phase JSON object; council opinions get `provenance` (default: the orchestrator)."""
    if not isinstance(content, dict):
        raise IngestProblem(f"expected a JSON object with the phase's components, got a {type(content).__name__}")
    unknown = sorted(set(content) - set(CONTENT_KEYS))
    if unknown:
        raise IngestProblem(f"unexpected key(s) {', '.join(unknown)}; a phase reply holds "
                            "data/claim, warrant/backing, rebuttal/qualifier, verdict, summary or opinions")
    moves = []
    if "perspectives" in content:
        move = {"type": "council_request", "perspectives": content["perspectives"]}
        if content.get("question") is not None:
            move["question"] = content["question"]
        moves.append(move)
    opinions = content.get("opinions")
    if "council_opinions" in content:
        opinions = (opinions or []) + toulmini_opinions(content["council_opinions"])
    moves += _opinion_moves(state, opinions, provenance or {"source": "orchestrator"})
    for kind, (names, _) in PHASES.items():
        present = [name for name in names if name in content]
        if not present:
            continue
        if all(name in content and state.components.get(name) == content[name] for name in names):
            continue  # already recorded, identically
        moves.append({"type": kind, **{name: content[name] for name in present}})
    summary = content.get("summary")
    if summary is None and isinstance(content.get("report"), dict):
        summary = content["report"].get("summary")
    if summary is not None and not (state.report and state.report["summary"] == summary):
        moves.append({"type": "report", "summary": summary})
    if not moves and not _already_recorded(state, content):
        raise IngestProblem("the reply holds no component, summary, perspectives or opinions to record")
    return moves


def _already_recorded(state, content) -> bool:
    return any(name in content for names, _ in PHASES.values() for name in names) or "summary" in content


def _opinion_moves(state, opinions, provenance: dict) -> list[dict]:
    if opinions is None:
        return []
    if not isinstance(opinions, list):
        raise IngestProblem("`opinions` must be a list of {perspective, opinion, feeds}")
    moves, taken = [], set(state.opinions)
    for item in _expanded(opinions):
        if not isinstance(item, dict):
            raise IngestProblem("each opinion must be an object {perspective, opinion, feeds}")
        opinion_id = item.get("id") or _free_id(taken)
        taken.add(opinion_id)
        move = {"type": "council_opinion", "id": opinion_id,
                **{k: v for k, v in item.items() if k not in ("id", "provenance")},
                "provenance": item.get("provenance") or provenance}
        moves.append(move)
    return moves


TOULMINI_FEEDS = (("argument_for", "backing"), ("argument_against", "rebuttal"))


def _expanded(opinions: list) -> list:
    """Opinions in our shape, with any in Toulmini's council shape turned into two of ours."""
    result = []
    for item in opinions:
        toulmini = isinstance(item, dict) and any(field in item for field, _ in TOULMINI_FEEDS)
        result += toulmini_opinions([item]) if toulmini else [item]
    return result


def toulmini_opinions(items) -> list:
    """Toulmini's council answer as opinions: its argument for feeds the backing, its argument against the
    rebuttal (as Toulmini's instructions integrate them); the key citation is kept with each."""
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise IngestProblem("`council_opinions` must be a list of {perspective, argument_for, argument_against}")
    opinions = []
    for item in items:
        citation = item.get("key_citation")
        for field, feeds in TOULMINI_FEEDS:
            text = item.get(field)
            if not isinstance(text, str) or not text.strip():
                raise IngestProblem(f"each of `council_opinions` needs a non-empty {field}")
            if isinstance(citation, str) and citation.strip():
                text = f"{text} (key citation: {citation.strip()})"
            opinions.append({"perspective": item.get("perspective"), "opinion": text, "feeds": feeds})
    return opinions


def _free_id(taken: set) -> str:
    number = len(taken) + 1
    while f"O{number}" in taken:
        number += 1
    return f"O{number}"


def _from_envelope(envelope: dict) -> tuple[dict, dict]:
    envelope = reply_envelope.normalize(envelope)
    failure, response = envelope["failure"], envelope["response"]
    if failure is not None:
        detail = envelope["detail"] or ""
        raise IngestProblem(f"the consultee call failed ({failure}{': ' + detail if detail else ''}); "
                            "nothing to record: retry the call")
    if not response.strip():
        raise IngestProblem("the consultee returned an empty answer (failure class empty); retry the call")
    content = parse_reply(response)
    provenance = {"source": "consultee", "consultee": envelope.get("consultee"),
                  "session_id": envelope.get("session_id"),
                  "response_sha256": hashlib.sha256(response.encode("utf-8", "surrogatepass")).hexdigest()}
    return content, {k: v for k, v in provenance.items() if v is not None}


def parse_reply(text: str) -> dict:
    """The one JSON object in a model's reply: the whole reply, a ```json (or bare ```) fence anywhere in it
    (with text around it, as deliberate accepts), or the outermost {...} in the text."""
    if "{" not in text and "[" not in text:
        raise IngestProblem("the reply is not in the requested format: no JSON object found")
    error = None
    for source in _json_candidates(text):
        try:
            value = jsonio.parse(source.encode("utf-8", "surrogatepass"))
        except jsonio.InputError as problem:
            error = error or problem.finding
            continue
        if not isinstance(value, dict):
            raise IngestProblem("the reply is not in the requested format: expected one JSON object")
        return value
    raise IngestProblem(f"the reply is not in the requested format: {error.code} {error.message}")


def _json_candidates(text: str) -> list[str]:
    """Where the JSON may be, most specific first after the whole reply."""
    stripped = text.strip()
    fenced = [body for lang, body in FENCE.findall(text) if lang.lower() in ("json", "")]
    start, end = stripped.find("{"), stripped.rfind("}")
    braced = [stripped[start:end + 1]] if 0 <= start < end else []
    return [stripped, *fenced, *braced]
