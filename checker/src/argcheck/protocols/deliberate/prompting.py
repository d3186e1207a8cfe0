"""`argcheck prompt`: the next consultee (or arbiter) prompt, rendered from the state (pure, deterministic)."""

from __future__ import annotations

import json

from argcheck.personas import persona_section
from argcheck.protocols.deliberate import queries
from argcheck.protocols.deliberate.standing import (
    BUCKET_REASONS, consultee_duties, consultee_name, consultee_reminders, doomed_challenges, evidence_ids,
    ledger_line, natural_key, next_free_id, point_status, reply_phase,
)
from argcheck.protocols.deliberate.state import CONSTRUCTIVE, CRYSTALLIZATION, DEVELOPMENT
from argcheck.text import flat

ADMISSIBLE = {
    CONSTRUCTIVE: ("New points, extensions, classifications (any verdict), challenges, defenses, concessions, "
                   "judgments, revisions, clarifications and claims are all admissible."),
    DEVELOPMENT: ("New points are NOT admissible: a point without `extends` is recorded as not evaluated and "
                  "dismissed (phase violation). Extensions (`extends` an existing point), classifications, "
                  "challenges, defenses, concessions, judgments, revisions, clarifications and claims are admissible."),
    CRYSTALLIZATION: ("Only answers are admissible: defenses, concessions, judgments, revisions, clarifications, "
                      "claims (evidence), and AGREE / ILL_FORMED / OUT_OF_SCOPE classifications. No points or "
                      "extensions (recorded as not evaluated). No SKEPTICAL or REJECT verdicts and no skeptical or "
                      "reject challenges (refused); a `reconcile` challenge is still allowed."),
}

PREAMBLE = persona_section(__package__, "consultee", "Role")


def render_prompt(state) -> str:
    """The prompt for the next consultee turn, or the arbiter's prompt once synthesized."""
    if state.status == "synthesized":
        return render_arbiter_prompt(state)
    if state.status != "in_progress":
        return f"No consultee prompt is due: the deliberation is {state.status}.\n"
    return _join([
        _title(state), PREAMBLE, _question(state), _previous_problem(state), _ledger_section(state, "consultee"),
        _points_section(state), _answers_section(state), _judge_section(state), _classify_section(state),
        _clarify_section(state), _admissible_section(state), _format_section(state),
    ])


def _join(sections) -> str:
    return "\n\n".join(s for s in sections if s) + "\n"


def _title(state) -> str:
    extended = " (extended)" if state.iteration == 2 and state.extended else ""
    return (f"# Deliberation: your reply is round {state.iteration + 1} of {state.cap}, "
            f"phase {reply_phase(state)}{extended}")


def _question(state) -> str:
    return ("## The question (the anchor)\n\n" + _quote(state.question) +
            "\n\nStay on this question. Only the user can change it.")


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in text.splitlines())


def _previous_problem(state) -> str:
    last = state.consultations[-1] if state.consultations else None
    if last is None or last.outcome == "reply":
        return ""
    if last.outcome == "format_failure":
        return ("## Your previous reply could not be used\n\nIt was not a single JSON object in the requested "
                "format. Answer again, exactly in the format below. A second unusable reply ends the "
                "deliberation early (quality exit).")
    return f"## The previous call failed ({last.failure_class}); this is a retry of the same turn."


def _ledger_section(state, audience: str) -> str:
    if not state.ledger:
        return "## Ledger\n\n(empty)"
    lines = [ledger_line(entry, anonymous=audience == "arbiter")
             for entry in (state.ledger[i] for i in sorted(state.ledger, key=natural_key))]
    return "## Ledger (facts with provenance; only `user` and `verified` entries count as evidence)\n\n" + \
        "\n".join(lines)


def _points_section(state) -> str:
    if not state.points:
        return "## Points\n\n(none yet)"
    lines = []
    for point in (state.points[i] for i in sorted(state.points, key=natural_key)):
        author = "yours" if point.author == "consultee" else "orchestrator's"
        base = f", extends {point.extends}" if point.extends else ""
        lines.append(f"- {point.id} ({author}, {point.kind}{base}, round {point.round}): {flat(point.text)}")
        lines.append(f"  status: {point_status(state, point)}")
    return "## Points\n\n" + "\n".join(lines)


def _answers_section(state) -> str:
    due = [state.challenges[i] for i in consultee_duties(state).get("answer", [])]
    reminded = {c.id for c in consultee_reminders(state)}
    lines = []
    for c in due:
        lines.append(f"- {c.id} on {c.point} ({c.kind}, by the {c.challenger}, round {c.issued_round}): "
                     f"{flat(c.objection)}{_window(c)}")
        if c.id in reminded:
            lines.append(f"  REMINDER: {c.id} was not answered in round {state.iteration}; answer it by id now "
                         f"or it will be dismissed as undefended.")
    lines += [f"- {c.id} on {c.point}: not answered in time; it is dismissed as undefended when this reply "
              f"arrives (do not answer it)." for c in doomed_challenges(state)]
    if not lines:
        return ""
    return ("## Open challenges against your points: answer each by its id (defend or concede)\n\n"
            + "\n".join(lines))


def _window(challenge) -> str:
    if challenge.kind == "reject":
        return " [REJECT: one defense round only]"
    if challenge.status == "dropped":
        return " [dropped once: last chance]"
    return ""


def _judge_section(state) -> str:
    ids = consultee_duties(state).get("judge", [])
    lines = []
    for challenge in (state.challenges[i] for i in ids):
        defense = challenge.defenses[-1]
        cited = f" (evidence: {', '.join(defense.evidence)})" if defense.evidence else ""
        lines.append(f"- {challenge.id} on {challenge.point}: you objected \"{flat(challenge.objection)}\"; "
                     f"the orchestrator answered: {flat(defense.argument)}{cited}")
    return "## Defenses of your challenges: judge each (accepted or rejected)\n\n" + "\n".join(lines) if lines else ""


def _classify_section(state) -> str:
    ids = consultee_duties(state).get("classify", [])
    if not ids:
        return ""
    return ("## The orchestrator's points for you to classify\n\n" + ", ".join(ids) +
            "\n\nGive each one verdict: AGREE (you accept it), SKEPTICAL (a flaw it may survive: open a challenge), "
            "REJECT (wrong: open a challenge; one defense round), ILL_FORMED (not an evaluable claim), "
            "OUT_OF_SCOPE (off the question).")


def _clarify_section(state) -> str:
    ids = consultee_duties(state).get("clarify", [])
    if not ids:
        return ""
    return "## Your points classified ILL_FORMED: restate each in `clarifications`\n\n" + ", ".join(ids)


def _admissible_section(state) -> str:
    phase = reply_phase(state)
    lines = [f"## What is admissible in this reply ({phase})", "", ADMISSIBLE[phase]]
    if state.mode == "quick":
        lines.append("Quick mode: challenge ids are optional; a defense may name the point instead.")
    if state.iteration + 1 == state.cap:
        lines.append(f"This is the last round ({state.cap}): answer every open challenge now.")
    return "\n".join(lines)


def _format_section(state) -> str:
    example = _example_reply(state)
    body = ",\n".join(f'  "{key}": [\n' + ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in items)
                      + "\n  ]" for key, items in example.items())
    return ("## Response format\n\nReply with ONE JSON object inside a ```json fence. Every key is optional: leave out "
            "what you have nothing for, and use no other keys. A word list such as \"accepted|rejected\" means: "
            "choose one. Every id you cite must appear in this prompt or be declared in your reply. A reply that is "
            "not in this format is recorded as a format failure.\n\n"
            f"```json\n{{\n{body}\n}}\n```\n\n" + FIELD_RULES.format(consultee=consultee_name(state)))


FIELD_RULES = """Field rules (keys that do not apply now are left out of the example):
- points: one claim each; `kind` "empirical" (evidence can settle it) or "value" (a judgement);
  `extends` names the point it builds on (omit it for a new point). Empirical points are agreed only
  with verified evidence.
- classifications: one verdict per point of the orchestrator's; give a new `challenge` id and an
  `objection` with SKEPTICAL or REJECT only.
- challenges: a further attack on an orchestrator point (`kind` "skeptical" or "reject"), or
  "reconcile" when the orchestrator contradicted itself.
- defenses / concessions: answer a challenge against your point by its id; cite ledger ids as evidence.
- judgments: "accepted" or "rejected" for the orchestrator's latest defense of your challenge.
- revisions: `to` is your new verdict on a point you classified before, with the reason.
- claims: facts you assert, recorded as `{consultee}-unverified` hypotheses until the orchestrator
  verifies them; give `artifact` as path:line and a verbatim `quote` when you can."""

VERDICT_CHOICE = "AGREE|SKEPTICAL|REJECT|ILL_FORMED|OUT_OF_SCOPE"


def _classification_example(point_id: str, challenge_id: str, crystallizing: bool) -> dict:
    if crystallizing:
        return {"point": point_id, "verdict": "AGREE|ILL_FORMED|OUT_OF_SCOPE", "reason": "..."}
    return {"point": point_id, "verdict": VERDICT_CHOICE, "reason": "...", "challenge": challenge_id,
            "objection": "... (challenge and objection only with SKEPTICAL or REJECT)"}


def _example_reply(state) -> dict:
    """An example in the exact shape ingest maps onto moves, with the ids that are due or free now."""
    taken = [*state.points, *state.challenges, *state.ledger]
    point_id, claim_id = next_free_id(taken, "P"), next_free_id(taken, "L")
    challenge_id = next_free_id(taken, "C")
    duties = consultee_duties(state)
    crystallizing = reply_phase(state) == CRYSTALLIZATION
    example = {}
    if not crystallizing:
        base = {"extends": "P1"} if reply_phase(state) == DEVELOPMENT and state.points else {}
        example["points"] = [{"id": point_id, "text": "...", "kind": "empirical|value", **base}]
    for pid in duties.get("classify", []):
        example.setdefault("classifications", []).append(_classification_example(pid, challenge_id, crystallizing))
        challenge_id = next_free_id([*taken, challenge_id], "C")
    for cid in duties.get("answer", []):
        example.setdefault("defenses", []).append({"challenge": cid, "argument": "...", "evidence": [claim_id]})
    if "defenses" in example:
        example["concessions"] = [{"challenge": example["defenses"][0]["challenge"], "reason": "..."}]
    for cid in duties.get("judge", []):
        example.setdefault("judgments", []).append(
            {"challenge": cid, "outcome": "accepted|rejected", "reason": "...", "evidence": []})
    for pid in duties.get("clarify", []):
        example.setdefault("clarifications", []).append({"point": pid, "text": "..."})
    example["claims"] = [{"id": claim_id, "text": "...", "claim_type": "empirical|value|constraint",
                          "supports": [point_id] if "points" in example else [],
                          "artifact": "path/to/file.py:12", "quote": "..."}]
    return example


def render_arbiter_prompt(state) -> str:
    """Secondary verification: question, ledger and buckets with no attribution (seed: Arbitration)."""
    grouped = queries.buckets(state)
    sections = [
        "# Arbitration of a finished deliberation",
        ARBITER_PREAMBLE,
        _question(state),
        _ledger_section(state, "arbiter"),
        _bucket_listing(state, grouped),
        ARBITER_FORMAT.format(example=ARBITER_EXAMPLE),
    ]
    return _join(sections)


ARBITER_PREAMBLE = persona_section(__package__, "arbiter", "Role")

ARBITER_EXAMPLE = """{
  "flags": [
    {"point": "P2", "concern": "..."}
  ],
  "constraints": ["L1"],
  "summary": "..."
}"""

ARBITER_FORMAT = """## Response format

Reply with ONE JSON object inside a ```json fence, with exactly these keys. `constraints` lists the
ledger ids (only `user` or `verified` entries) your judgement relied on.

```json
{example}
```"""


def _arbiter_note(state, point) -> str:
    evidence = evidence_ids(state, point)
    cited = f"; evidence {', '.join(evidence)}" if evidence else "; no evidence"
    return BUCKET_REASONS.get(point.bucket_reason, point.bucket_reason) + cited


def _bucket_listing(state, grouped) -> str:
    parts = []
    for name in ("agreed", "dismissed", "unresolved"):
        points = sorted(grouped.get(name, []), key=lambda p: natural_key(p.id))
        lines = [f"- {p.id} ({p.kind}): {flat(p.text)} [{_arbiter_note(state, p)}]" for p in points]
        parts.append(f"## {name.capitalize()}\n\n" + ("\n".join(lines) or "(none)"))
    return "\n\n".join(parts)


def consultation(state) -> dict:
    """Who `argcheck consult` calls and how: the header's consultee, resuming its recorded session; the
    arbiter always in a fresh session (it must not see the exchange)."""
    fresh = state.status == "synthesized"
    return {"consultee": consultee_name(state), "session_id": None if fresh else state.consultee_session,
            "role": "arbiter" if fresh else "consultee"}
