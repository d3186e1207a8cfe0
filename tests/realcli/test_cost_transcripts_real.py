"""The transcripts `argcheck cost` reads, as the pinned Codex CLI and Gemini CLI write them (offline, against the
mock model): a call's tokens come back as the mock reported them (files/runcost.py)."""

from __future__ import annotations

import pytest

from argcheck.files import runcost

pytestmark = pytest.mark.realcli
RUN = "triz-20261128-abc123.json"  # what the prompt names, as a run's commands name its state file
DOC = {"id": "20261128-abc123", "created_at": "2000-01-01T00:00:00Z", "updated_at": "2100-01-01T00:00:00Z"}


def test_codex_rollout_files_give_the_tokens_the_mock_reported(mock_server, codex_env, consult, sandbox, monkeypatch):
    server = mock_server([{"reply": "first answer"}, {"reply": "second answer"}])
    env = codex_env(server.base_url)
    first = consult("codex", ["new"], f"argcheck next .argcheck/{RUN}\n", env)
    assert first.exit_code == 0, first.stderr
    assert consult("codex", ["resume", first.envelope["session_id"]], "and again\n", env).exit_code == 0
    monkeypatch.setenv("CODEX_HOME", env["CODEX_HOME"])
    found = [(client, path) for client, path in runcost.find(DOC, RUN, str(sandbox / "work"))
             if client == "Codex CLI"]
    assert len(found) == 1, list((sandbox / "codex-home").rglob("*"))
    records = runcost.records(*found[0])
    calls = [r for r in records if r["kind"] == "call"]
    assert [c["usage"] for c in calls] == [{"input": 113, "output": 30, "cache_read": 7}] * 2
    assert len([r for r in records if r["kind"] == "prompt"]) == 2  # one per turn (`task_started`)


def test_gemini_session_files_give_the_tokens_the_mock_reported(mock_server, gemini_env, consult, sandbox,
                                                                 monkeypatch):
    server = mock_server([{"reply": "first answer"}])
    env = gemini_env(server.base_url)
    done = consult("gemini", ["--cd", str(sandbox / "work"), "new"], f"argcheck next .argcheck/{RUN}\n", env)
    assert done.exit_code == 0, done.stderr
    monkeypatch.setenv("GEMINI_CLI_HOME", env["HOME"])
    found = [(client, path) for client, path in runcost.find(DOC, RUN, str(sandbox / "work"))
             if client == "Gemini CLI"]
    assert len(found) == 1, [str(p) for p in (sandbox / "home" / ".gemini").rglob("session-*")]
    calls = [r for r in runcost.records(*found[0]) if r["kind"] == "call"]
    assert [c["usage"] for c in calls] == [{"input": 113, "output": 30, "cache_read": 7}]
