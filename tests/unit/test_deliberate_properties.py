"""Property tests for the deliberate reducer: no crash, and refused moves never change the state."""

from __future__ import annotations

import json
import shlex

import dlb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from argcheck.core.findings import has_errors
from argcheck.protocols.deliberate import header as protocol
from argcheck.protocols.deliberate import nextstep, queries
from argcheck.protocols.deliberate.engine import Engine

POINTS, CHALLENGES, ENTRIES = ("P1", "P2", "P3"), ("C1", "C2", "R1"), ("L1", "L2")
PARTIES = ("orchestrator", "consultee")
VERDICTS = ("AGREE", "SKEPTICAL", "REJECT", "ILL_FORMED", "OUT_OF_SCOPE")

pid, cid, eid, party = (st.sampled_from(x) for x in (POINTS, CHALLENGES, ENTRIES, PARTIES))

MOVES = st.one_of(
    st.just(dlb.reply()), st.just(dlb.format_failure()), st.just(dlb.failure()),
    st.builds(dlb.point, pid, party, st.sampled_from(("value", "empirical"))),
    st.builds(lambda p, v, a, c: dlb.classify(p, v, a, challenge=c, objection="o" if c else None),
              pid, st.sampled_from(VERDICTS), party, st.one_of(st.none(), cid)),
    st.builds(dlb.challenge, cid, pid, st.sampled_from(("skeptical", "reject", "reconcile")), party),
    st.builds(dlb.defend, cid, party, st.one_of(st.none(), st.lists(eid, max_size=2))),
    st.builds(dlb.concede, cid, party),
    st.builds(dlb.judge, cid, st.sampled_from(("accepted", "rejected")), party,
              st.one_of(st.none(), st.lists(eid, max_size=2))),
    st.builds(dlb.ledger, eid, st.sampled_from(("codex-unverified", "orchestrator-unverified")), party,
              supports=st.lists(pid, max_size=2)),
    st.builds(dlb.verify, eid),
    st.builds(dlb.revise, pid, st.sampled_from(VERDICTS), party),
    st.builds(dlb.clarify, pid, party),
    st.builds(dlb.settle, pid, st.sampled_from(("missing_data", "definitional", "criteria_divergence")),
              st.just("q?"), st.just("t")),
    st.builds(dlb.extend, st.sampled_from(("unaddressed_dispute", "stress_test_pending"))),
    st.builds(dlb.stress, pid),
    st.builds(dlb.synthesize, st.sampled_from(("convergence", "iteration_bound", "trivial", "quality_exit"))),
    st.just(dlb.arbitrate()), st.just(dlb.present()),
)


def summary(state) -> tuple:
    points = tuple((p.id, p.bucket, p.bucket_reason, p.needs_reconcile, p.awaiting_clarification,
                    tuple(sorted(p.classifications.items()))) for p in state.points.values())
    challenges = tuple((c.id, c.status, c.drops, len(c.defenses)) for c in state.challenges.values())
    entries = tuple((e.id, e.provenance, e.superseded_by) for e in state.ledger.values())
    return (state.status, state.iteration, state.extended, points, challenges, entries,
            tuple(sorted(state.open_challenge_ids)), tuple(r.disputed_at_close for r in state.rounds))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(MOVES, max_size=40), mode=st.sampled_from(("standard", "minimal", "quick")))
def test_refused_moves_leave_the_state_as_a_replay_of_the_accepted_ones(moves, mode):
    header = protocol.make_header({"question": "q?", "consultee": "codex", "mode": mode})
    live, accepted = Engine(header, dlb.make_env()), []
    for move in moves:
        stored = {"seq": len(accepted) + 1, "prev": "x", "at": dlb.NOW, **move}
        if live.status in ("presented", "aborted"):
            break
        if not has_errors(live.step(len(accepted), stored)):
            accepted.append(stored)
    fresh = Engine(header, dlb.make_env())
    for index, move in enumerate(accepted):
        assert not has_errors(fresh.step(index, move))
    assert summary(live.state) == summary(fresh.state)
    fresh.finish()
    queries.allowed_moves(fresh.state), queries.due_items(fresh.state), queries.termination_options(fresh.state)


# --- `next` and `apply` agree ---------------------------------------------------------------------

def filled_in(value):
    """A skeleton filled in minimally: "..." becomes text, "a|b|c" its first choice."""
    if isinstance(value, str):
        return "filled in by the test" if value == "..." else value.split("|")[0]
    if isinstance(value, list):
        return [filled_in(v) for v in value]
    if isinstance(value, dict):
        return {k: filled_in(v) for k, v in value.items()}
    return value


def recommended_moves(state, filled: bool = True) -> list[dict]:
    """The moves `next` recommends, as an agent would send them (the consultee's and arbiter's minimal)."""
    step = nextstep.next_action(state)
    if step["actor"] == "consultee":
        return [dlb.reply()]
    if step["actor"] == "arbiter":
        return [dlb.arbitrate()]
    if step["actor"] == "user":
        return []
    assert all("\n" not in command for command in step["commands"]), "a command the agent copies is one line"
    # the first `argcheck apply STATE '<moves>'` (a quick run's decision log is rendered before it is presented)
    applying = [command for command in step["commands"] if command.startswith("argcheck apply ")]
    assert applying, step["commands"]
    argv = shlex.split(applying[0])  # as a shell reads it
    assert argv[:2] == ["argcheck", "apply"] and len(argv) == 4, applying[0]
    document = json.loads(argv[3])
    moves = document if isinstance(document, list) else [document]
    return filled_in(moves) if filled else moves


def replayed(moves, mode: str, kind: str) -> tuple[Engine, int]:
    header = protocol.make_header({"question": "q?", "consultee": "codex", "mode": mode, "question_kind": kind})
    engine, count = Engine(header, dlb.make_env()), 0
    for move in moves:
        if engine.status in ("presented", "aborted"):
            break
        if not has_errors(engine.step(count, {"seq": count + 1, "prev": "x", "at": dlb.NOW, **move})):
            count += 1
    return engine, count


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(MOVES, max_size=40), mode=st.sampled_from(("standard", "minimal", "quick")),
       kind=st.sampled_from(("design", "factual")))
def test_the_move_next_recommends_filled_in_minimally_is_accepted(moves, mode, kind):
    engine, count = replayed(moves, mode, kind)
    if engine.status in ("presented", "aborted"):
        return
    step = nextstep.next_action(engine.state)
    skeletons = recommended_moves(engine.state, filled=False)
    for skeleton, move in zip(skeletons, recommended_moves(engine.state)):
        if skeleton != move:  # applied as printed, placeholders and all, it is refused (and changes nothing)
            assert has_errors(engine.step(count, {"seq": count + 1, "prev": "x", "at": dlb.NOW, **skeleton}))
        found = engine.step(count, {"seq": count + 1, "prev": "x", "at": dlb.NOW, **move})
        assert not has_errors(found), (step["text"], move, [f.format_text() for f in found])
        count += 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(MOVES, max_size=40), mode=st.sampled_from(("standard", "minimal", "quick")))
def test_next_never_shows_a_deadline_that_has_passed(moves, mode):
    engine, _ = replayed(moves, mode, "design")
    report = nextstep.report(engine.state)
    for challenge in report["open_challenges"]:
        if challenge["status"] != "defended" and challenge["id"] not in report["lapsing"]:
            assert challenge["due_round"] >= report["iteration"], challenge
