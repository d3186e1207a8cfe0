"""One council persona through the real Codex CLI (pinned) against the mock model server: the critique
in a new session, the self-critique in the same session resumed, both recorded by `ingest`."""

from __future__ import annotations

import json

import pytest
from mock_llm_server import last_user_text

from argcheck.files import operations
from argcheck.protocols.council import demo, ingest, prompting

pytestmark = pytest.mark.realcli


def test_aristotle_critiques_and_self_critiques_through_real_codex(mock_server, codex_env, consult, sandbox):
    script = demo.load_script()
    document = sandbox / "work" / "design.md"
    document.write_text(demo._data("design.md").read_text(encoding="utf-8"))
    state = str(sandbox / "council.json")
    operations.init_file(state, "council", {"document": str(document), "consultee": "codex"},
                         operations.env_for(None))
    server = mock_server([{"reply": json.dumps(script["critiques"]["Aristotle"])},
                          {"reply": json.dumps(script["self_critiques"]["Aristotle"])}])
    env = codex_env(server.base_url)

    council = operations.validate_file(state).replay.engine.state
    first = consult("codex", ["new"], prompting.render_prompt(council), env)
    assert first.exit_code == 0, first.stderr
    assert last_user_text(server.model_requests()[0]["body"]).startswith("You are Aristotle, one member")
    outcome = operations.apply_to_file(state, ingest.moves_from_envelope(council, first.envelope))
    assert outcome.applied == 1 and not [f for f in outcome.findings if f.is_error]

    skipped = [{"type": "persona_failure", "agent_style": name, "round": "critique", "failure": "skipped"}
               for name in ("Descartes", "Kant", "Leibniz", "Popper", "Russell")]
    assert operations.apply_to_file(state, skipped).applied == 5
    council = operations.validate_file(state).replay.engine.state
    record = council.rounds["critique"]["Aristotle"]
    assert record.provenance["consultee"] == "codex" and record.provenance["session_id"] == first.envelope["session_id"]

    second = consult("codex", ["resume", record.provenance["session_id"]], prompting.render_prompt(council), env)
    assert second.exit_code == 0, second.stderr
    assert "This is the self-critique round" in last_user_text(server.model_requests()[1]["body"])
    outcome = operations.apply_to_file(state, ingest.moves_from_envelope(council, second.envelope))
    assert outcome.applied == 1
    final = operations.validate_file(state).replay.engine.state
    assert final.status == "synthesized" and final.claims["ARI-2"].adjusted == 0.35
    assert final.council_line().startswith("1 of 6 personas (partial council: Descartes failed initial critique")
