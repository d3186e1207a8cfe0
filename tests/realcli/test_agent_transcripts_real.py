"""The pinned Codex CLI and Gemini CLI write transcripts that back what their hooks saw, and nothing the agent
could slip in (files/transcripts.py, core/transcripts_codex.py, core/transcripts_gemini.py): made fresh here
offline against the mock model, so a change of either format fails this test (tests/realcli/transcriptruns.py).
"""

from __future__ import annotations

import json

import pytest
from transcriptruns import GATE, NOTES, PROMPTS, codex_session, gemini_session

from argcheck.core.witnessing import Witness
from argcheck.files import transcripts
from argcheck.harness.witness import digest, urls_in

pytestmark = pytest.mark.realcli


def _records(agent: str, hooks, path) -> list[dict]:
    """What a witness makes of the hook events, in the canonical record shapes (harness/witness.py)."""
    found = []
    for event in map(json.loads, hooks.read_text(encoding="utf-8").splitlines()):
        base = {"agent": agent, "session": event["session_id"], "transcript": event["transcript_path"]}
        name, tool, response = event["hook_event_name"], event.get("tool_name"), event.get("tool_response")
        if name in ("UserPromptSubmit", "BeforeAgent"):
            found.append({**base, "kind": "prompt", "text": event["prompt"], "sha256": digest(event["prompt"])})
        elif name in ("PostToolUse", "AfterTool") and tool in ("Bash", "run_shell_command"):
            output = response if isinstance(response, str) else response["returnDisplay"]
            command = event["tool_input"]["command"]
            found.append({**base, "kind": "bash", "command": command, "command_sha256": digest(command),
                          "exit_code": None, "output": output})
        elif name == "AfterTool" and tool == "google_web_search":
            found.append({**base, "kind": "web_search", "query": event["tool_input"]["query"],
                          "urls": urls_in(response)})
        elif name == "AfterTool" and tool == "web_fetch":
            found.append({**base, "kind": "web_fetch", "url": urls_in(event["tool_input"])[0],
                          "urls": urls_in(response)})
    assert {record["transcript"] for record in found} == {str(path)}, "the hooks name the transcript written"
    return found


def _backing(agent: str, path, hooks) -> dict:
    records = _records(agent, hooks, path)
    witness = transcripts.attach(Witness(records, [], session=records[0]["session"]))
    assert list(witness.transcripts) == [str(path)]
    return {"backed": [r for r in records if witness.backed(r)], "not": [r for r in records if not witness.backed(r)],
            "attempts": witness.transcripts[str(path)].attempts()}


def _said(records) -> list:
    return [(r["kind"], r.get("text") or r.get("command") or r.get("query") or r.get("url")) for r in records]


def test_codex_rollout_backs_its_prompts_and_commands_not_its_stop_feedback_nor_a_search(real_clis, tmp_path):
    rollout, hooks = codex_session(tmp_path, real_clis["codex"])
    assert rollout.parent.parent.parent.parent.name == "sessions"
    found = _backing("codex", rollout, hooks)
    first, second = PROMPTS["codex"]
    assert _said(found["backed"]) == [("prompt", first), ("bash", "echo witnessed-hello"),
                                      ("bash", "ls /nonexistent-argcheck-dir"), ("prompt", second)]
    assert found["not"] == []  # Codex fires no hook for the gate's feedback, nor for its hosted web search
    text = rollout.read_text(encoding="utf-8")
    assert '"web_search_call"' in text and "<hook_prompt" in text and json.dumps(GATE)[1:-1] in text
    assert found["attempts"] == ["a call the witness guard denied"]


def test_gemini_session_backs_prompts_commands_search_and_fetch_not_the_gate_reason(real_clis, tmp_path):
    session, hooks = gemini_session(tmp_path, real_clis["gemini"])
    assert session.parent.name == "chats" and session.name.endswith(".jsonl")
    found = _backing("gemini", session, hooks)
    first, second = PROMPTS["gemini"]
    assert _said(found["backed"]) == [("prompt", first), ("bash", "echo witnessed-hello"),
                                      ("bash", "ls /nonexistent-argcheck-dir"),
                                      ("web_search", "TRIZ contradiction matrix"),
                                      ("web_fetch", "https://93.184.215.14/triz-page")]
    # BeforeAgent reports the fed-back gate reason as a prompt, and a prompt with the @file's text added
    expanded = [text for kind, text in _said(found["not"]) if text.startswith(second)]
    assert len(expanded) == 1 and NOTES.strip() in expanded[0]
    assert _said(found["not"]) == [("prompt", GATE), ("prompt", expanded[0]), ("prompt", GATE)]
    typed = dict(found["not"][1], text=second, sha256=digest(second))  # the prompt cut where Gemini's addition starts
    assert transcripts.attach(Witness([typed], [], session=typed["session"])).backed(typed)
    assert all(record["urls"] for record in found["backed"] if record["kind"].startswith("web_"))
    assert found["attempts"] == ["a call the witness guard denied"]
