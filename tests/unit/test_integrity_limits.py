"""What the hash chain protects against, and the documented limit: it has no key, so a log whose hashes
are recomputed after an edit validates. If a key is ever added, the limit tests fail and the README's
Concepts paragraph and integrity.py's docstring must change with them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from argcheck.core import integrity
from argcheck.files import operations
from argcheck.core.env import default_env
from argcheck.core.lifecycle import apply_moves, create_state

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Should the checker cache replayed states between calls?"
MOVES = [
    {"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "s1"},
    {"type": "point", "actor": "consultee", "id": "P1", "text": "Caching saves time.", "kind": "value"},
    {"type": "point", "actor": "consultee", "id": "P2", "text": "Invalidation follows the head.", "kind": "value"},
    {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE", "reason": "Replays are linear."},
]


@pytest.fixture
def doc() -> dict:
    env = default_env(None)._replace(now="2026-03-01T12:00:00Z")
    fresh = create_state("deliberate", {"question": QUESTION}, env, "20260301-abcdef")
    decision = apply_moves(fresh, [dict(m) for m in MOVES], env)
    assert decision.doc is not None, decision.findings
    return decision.doc


def codes(doc: dict) -> set[str]:
    return {f.code for f in operations.replay_doc(json.loads(json.dumps(doc))).findings if f.is_error}


def rechained(doc: dict, moves: list[dict]) -> dict:
    """What anyone with write access can do: restamp seq and prev, recompute head and the derived fields."""
    prev, stamped = integrity.genesis_hash(doc), []
    for index, move in enumerate(moves):
        move = dict(move, seq=index + 1, prev=prev)
        prev = integrity.link(prev, move)
        stamped.append(move)
    replayed = operations.replay_doc(dict(doc, moves=stamped, head=prev, move_count=len(stamped)))
    status = replayed.replay.engine.status
    return dict(doc, moves=stamped, head=prev, move_count=len(stamped), status=status,
                updated_at=stamped[-1]["at"] if stamped else doc["created_at"])


def test_the_untouched_log_validates(doc):
    assert codes(doc) == set()


# ---------------------------------------------------------------- what it catches


def test_a_hand_edit_of_a_move_is_caught(doc):
    doc["moves"][1]["text"] = "Caching costs nothing."
    assert "ARG020" in codes(doc)


def test_a_hand_edit_of_the_last_move_is_caught_at_the_head(doc):
    doc["moves"][-1]["reason"] = "Because."
    assert "ARG022" in codes(doc)


def test_reordered_moves_are_caught(doc):
    doc["moves"][1], doc["moves"][2] = doc["moves"][2], doc["moves"][1]
    assert {"ARG020", "ARG021"} <= codes(doc)


def test_a_move_removed_from_the_middle_is_caught(doc):
    del doc["moves"][1]
    assert "ARG020" in codes(doc)


def test_a_truncated_log_is_caught_while_the_head_is_left_alone(doc):
    doc["moves"] = doc["moves"][:2]
    assert "ARG022" in codes(doc)


# ---------------------------------------------------------------- the documented limit: no key


def test_an_edit_with_recomputed_hashes_validates(doc):
    moves = [dict(m) for m in doc["moves"]]
    moves[1]["text"] = "Caching costs nothing and never goes stale."
    forged = rechained(doc, moves)
    assert codes(forged) == set()
    assert forged["moves"][1]["text"] != doc["moves"][1]["text"]


def test_a_truncation_with_a_recomputed_head_validates(doc):
    forged = rechained(doc, [dict(m) for m in doc["moves"][:2]])
    assert codes(forged) == set() and forged["move_count"] == 2


def test_the_readme_and_the_docstring_state_the_limit():
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "tamper-evident, not tamper-proof" in readme and "recomputes the hashes" in readme
    docstring = " ".join(integrity.__doc__.split())
    assert "has no key" in docstring and "recomputing `prev`, `head`" in docstring
