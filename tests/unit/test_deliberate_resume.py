"""Resumed consultee sessions get what changed since their last reply; new sessions get the whole state."""

from __future__ import annotations

import re

from argcheck.files import operations
from argcheck.protocols.deliberate import ingest, prompting, resume

from test_deliberate_presentation import OPENING, Run, challenged_run, envelope, orchestrator


def turn(run: Run, full=None) -> str:
    outcome = operations.validate_file(run.path)
    return prompting.render_turn(outcome.doc, outcome.replay.engine.state, operations.env_for(outcome.doc), full)


def evaluated_run(tmp_path, **options) -> Run:
    """After codex's first reply (session sess-1): P1 challenged (C1), P2 agreed, a new point and entry."""
    run = challenged_run(tmp_path, **options)
    run.apply(orchestrator("point", id="P3", kind="value", text="Keep one file per run."),
              orchestrator("ledger", id="L2", provenance="verified", text="save() renames a temp file.",
                           artifact="store.py:4", quote="os.replace(temp, path)", supports=["P2"]))
    return run


def test_a_new_session_gets_the_whole_state(tmp_path):
    run = Run(tmp_path)
    assert turn(run) == prompting.render_prompt(run.state)
    assert resume.last_reply_seq(run.state) is None


def test_a_resumed_session_gets_only_what_changed_since_its_last_reply(tmp_path):
    run = evaluated_run(tmp_path)
    full, delta = prompting.render_prompt(run.state), turn(run)
    assert delta.startswith("# Deliberation (continued): your reply is round 2 of 8, phase CONSTRUCTIVE")
    assert f"> {run.state.question}" in delta, "the anchor question is always there"
    assert "- P3 (orchestrator's, value, round 1): Keep one file per run." in delta
    assert "- P2 (yours, value, round 1): Prefer a plain-text log.\n  status: agreed: agreed on first" in delta
    assert "- L2 [verified · textual · store.py:4]" in delta
    assert "L1 [codex-unverified" not in delta, "codex's own claim, unchanged since its reply"
    assert "- C1 on P1 (skeptical, by the orchestrator, round 1)" in delta, "open challenges are always listed"
    assert "## The orchestrator's points for you to classify\n\nP3" in delta
    assert "## What is admissible in this reply (CONSTRUCTIVE)" in delta and "## Response format" in delta
    assert "must appear in the prompts of this session" in delta
    assert len(delta) < len(full)
    assert turn(run, full=True) == full


def test_an_unchanged_point_is_left_out(tmp_path):
    run = evaluated_run(tmp_path)
    run.reply({"defenses": [{"challenge": "C1", "argument": "Indexes change with the schema."}],
               "classifications": [{"point": "P3", "verdict": "AGREE", "reason": "fine"}]})
    run.apply(orchestrator("judge", challenge="C1", outcome="rejected", reason="Indexes are not migrations.",
                           evidence=["L2"]))
    delta = turn(run)
    assert "P3 (orchestrator's" not in delta and "- L2 [" not in delta
    assert "- P1 (yours, empirical, round 1)" in delta
    assert ("## Judgments of your defenses since your last reply\n\n- C1 on P1: the orchestrator rejected your "
            "defense: Indexes are not migrations. (evidence: L2)") in delta


def test_a_format_failure_keeps_the_last_reply_as_the_basis(tmp_path):
    run = evaluated_run(tmp_path)
    before = turn(run)
    run.reply("Prose instead of JSON.")
    after = turn(run)
    assert "## Your previous reply could not be used" in after
    assert after.replace("## Your previous reply could not be used", "").count("P3 (orchestrator's") == 1
    assert before.split("## Ledger")[1] in after


def test_a_session_without_a_reply_gets_the_whole_state(tmp_path):
    run = evaluated_run(tmp_path)
    run.apply(*ingest.moves_from_envelope(run.state, envelope(None, session_id="sess-2", failure="timeout",
                                                              response="")))
    assert run.state.consultee_session == "sess-2"
    assert turn(run) == prompting.render_prompt(run.state)
    assert turn(run, full=False) == prompting.render_prompt(run.state)


def test_a_consultee_without_resumable_sessions_gets_the_whole_state_unless_asked(tmp_path):
    run = evaluated_run(tmp_path, consultee="subagent")
    assert turn(run) == prompting.render_prompt(run.state)
    assert turn(run, full=False).startswith("# Deliberation (continued)")


def test_the_arbiter_always_gets_a_fresh_prompt(tmp_path):
    run = Run(tmp_path)
    run.reply(OPENING)
    run.apply(orchestrator("classify", point="P1", verdict="OUT_OF_SCOPE", reason="off topic"),
              orchestrator("classify", point="P2", verdict="AGREE", reason="ok"),
              orchestrator("stress_test", targets=["P2"], outcome="held", summary="held"))
    run.reply({})
    run.reply({})
    run.apply(orchestrator("synthesize", termination="convergence", answer="Use the log."))
    assert turn(run, full=False) == prompting.render_prompt(run.state)
    assert turn(run).startswith("# Arbitration of a finished deliberation")


def test_ingest_takes_a_reply_to_a_resumed_prompt_as_it_takes_any_other(tmp_path):
    run = evaluated_run(tmp_path)
    delta = turn(run)
    example = re.search(r"```json\n(.*?)```", delta, re.DOTALL).group(1)
    chosen = re.sub(r'"([A-Za-z_]+)\|[A-Za-z_|]+"', r'"\1"', example).replace('"path/to/file.py:12"', '"store.py:4"')
    chosen = chosen.replace('"SKEPTICAL"', '"AGREE"')
    chosen = chosen.replace('"..."', '"Filled in: the reply says what it means here."')
    reply = f"```json\n{chosen}```"
    moves = ingest.moves_from_envelope(run.state, envelope(reply))
    assert moves == ingest.moves_from_envelope(run.state, envelope(reply)), "ingest does not depend on the prompt"
    outcome = operations.apply_to_file(run.path, moves)
    assert outcome.applied == len(moves), [f.format_text() for f in outcome.findings]
    assert [m["type"] for m in moves][:1] == ["consult"] and {"classify", "defend", "ledger"} <= {
        m["type"] for m in moves}
