"""The conversation-start markers (files/sessionmarks.py): which agent conversation `argcheck init` runs in."""

from __future__ import annotations

import json
import os
import stat

from argcheck.files import sessionmarks

HOOK_CHAIN = [(900, 5, "python3"), (800, 4, "sh"), (700, 3, "node"), (600, 2, "bash"), (500, 1, "tmux")]


def test_the_agent_process_is_the_hooks_first_ancestor_that_is_no_shell_or_interpreter():
    assert sessionmarks.agent_process(HOOK_CHAIN) == (700, 3)
    assert sessionmarks.agent_process([(900, 5, "python3"), (800, 4, "bash")]) is None
    assert sessionmarks.agent_process([(900, 5, "python3"), (850, 4, "argcheck-hook"), (700, 3, "codex")]) == (700, 3)


def mark(key_dir, monkeypatch, session, chain, agent="gemini"):
    monkeypatch.setattr(sessionmarks, "ancestors", lambda pid=None: chain)
    assert sessionmarks.mark(str(key_dir), agent, session, "/t.jsonl", "/p")


def test_init_finds_the_marker_of_its_nearest_ancestor_and_the_newest_on_a_tie(tmp_path, monkeypatch):
    mark(tmp_path, monkeypatch, "old-terminal", [(10, 1, "python3"), (600, 2, "bashy")])  # a farther ancestor
    mark(tmp_path, monkeypatch, "first", HOOK_CHAIN)
    mark(tmp_path, monkeypatch, "elsewhere", [(10, 1, "python3"), (701, 3, "node")])  # another agent process
    init_chain = [(1000, 9, "python3"), (950, 8, "bash"), (700, 3, "node"), (600, 2, "bashy"), (500, 1, "tmux")]
    monkeypatch.setattr(sessionmarks, "ancestors", lambda pid=None: init_chain)
    assert sessionmarks.ancestor_session(str(tmp_path))["session"] == "first"
    mark(tmp_path, monkeypatch, "after-clear", HOOK_CHAIN)
    monkeypatch.setattr(sessionmarks, "ancestors", lambda pid=None: init_chain)
    assert sessionmarks.ancestor_session(str(tmp_path))["session"] == "after-clear"
    restarted = [(1000, 9, "python3"), (700, 99, "node")]  # the pid reused by a process started later
    monkeypatch.setattr(sessionmarks, "ancestors", lambda pid=None: restarted)
    assert sessionmarks.ancestor_session(str(tmp_path)) is None


def test_markers_are_private_bounded_and_refuse_hostile_ids(tmp_path, monkeypatch):
    monkeypatch.setattr(sessionmarks, "MAX_MARKERS", 3)
    for index in range(5):
        mark(tmp_path, monkeypatch, f"s{index}", HOOK_CHAIN, agent="codex")
    folder = tmp_path / sessionmarks.DIR_NAME
    assert sorted(os.listdir(folder)) == ["codex-s2.json", "codex-s3.json", "codex-s4.json"]
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "codex-s4.json").stat().st_mode) == 0o600
    assert sessionmarks.codex_session(str(tmp_path), "s4")["transcript"] == "/t.jsonl"
    for hostile in ("../x", "a/b", "", "x" * 200, None, 7):
        assert not sessionmarks.mark(str(tmp_path), "codex", hostile, None, None)
    assert not sessionmarks.mark(str(tmp_path), "cursor", "s9", None, None)
    (folder / "gemini-broken.json").write_text("{")
    (folder / "gemini-forged.json").write_text(json.dumps({"agent": "gemini", "session": "../x", "process": [1, 1]}))
    assert sessionmarks.ancestor_session(str(tmp_path)) is None


def test_this_process_ancestry_is_read_from_proc():
    chain = sessionmarks.ancestors()
    assert chain and chain[0][0] == os.getpid() and all(start >= 0 for _, start, _ in chain)
