"""integrity: canonical bytes and the hash chain that makes a state file's history tamper-evident."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from argcheck.core import integrity

HEX32 = re.compile(r"^[0-9a-f]{32}$")


def genesis_doc(**overrides) -> dict:
    doc = {
        "format": "argcheck-state",
        "version": 1,
        "protocol": "deliberate",
        "id": "20260101-abcdef",
        "created_at": "2026-01-01T00:00:00Z",
        "header": {"question": "Should we cache?", "mode": "standard"},
        "status": "in_progress",
        "updated_at": "2026-01-01T00:00:00Z",
        "move_count": 0,
        "head": "",
        "moves": [],
    }
    doc.update(overrides)
    return doc


def chain(doc: dict, moves: list[dict]) -> list[dict]:
    """Stamp moves the way apply does: seq, prev (hash of the log before), at."""
    prev, stamped = integrity.genesis_hash(doc), []
    for index, move in enumerate(moves):
        move = {"seq": index + 1, "prev": prev, "at": "2026-01-01T00:00:00Z", **move}
        prev = integrity.link(prev, move)
        stamped.append(move)
    return stamped


def first_break(doc: dict, moves: list[dict]) -> int | None:
    """Index of the first move whose prev does not match the recomputed chain (None: intact)."""
    prev = integrity.genesis_hash(doc)
    for index, move in enumerate(moves):
        if move.get("prev") != prev:
            return index
        prev = integrity.link(prev, move)
    return None


def head_of(doc: dict, moves: list[dict]) -> str:
    prev = integrity.genesis_hash(doc)
    for move in moves:
        prev = integrity.link(prev, move)
    return prev


MOVES = [
    {"type": "consult", "actor": "consultee", "outcome": "reply"},
    {"type": "point", "actor": "consultee", "id": "P1", "text": "Cache reads.", "kind": "value"},
    {"type": "point", "actor": "orchestrator", "id": "P2", "text": "Cache writes.", "kind": "empirical"},
    {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE", "reason": "Fine."},
]


# ---------------------------------------------------------------- canonical


def test_canonical_sorts_keys_and_drops_spaces():
    assert integrity.canonical({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == b'{"a":[1,{"c":3,"d":2}],"b":1}'


def test_canonical_ignores_key_order():
    assert integrity.canonical({"x": 1, "y": 2}) == integrity.canonical({"y": 2, "x": 1})


def test_canonical_is_utf8_not_ascii_escapes():
    assert integrity.canonical({"q": "Grüße 日本"}) == '{"q":"Grüße 日本"}'.encode()


def test_canonical_distinguishes_types_that_python_compares_equal():
    assert integrity.canonical({"n": 1}) != integrity.canonical({"n": 1.0})
    assert integrity.canonical({"n": 1}) != integrity.canonical({"n": True})


# ---------------------------------------------------------------- genesis and link


def test_genesis_hash_is_32_hex_digits_and_deterministic():
    assert HEX32.match(integrity.genesis_hash(genesis_doc()))
    assert integrity.genesis_hash(genesis_doc()) == integrity.genesis_hash(genesis_doc())


@pytest.mark.parametrize("field", integrity.GENESIS_FIELDS)
def test_genesis_hash_seals_every_immutable_field(field):
    changed = genesis_doc(**{field: "tampered"})
    assert integrity.genesis_hash(changed) != integrity.genesis_hash(genesis_doc())


def test_genesis_hash_seals_the_question():
    edited = genesis_doc(header={"question": "Should we not cache?", "mode": "standard"})
    assert integrity.genesis_hash(edited) != integrity.genesis_hash(genesis_doc())


@pytest.mark.parametrize("field", ["status", "updated_at", "move_count", "head", "moves"])
def test_genesis_hash_ignores_derived_fields(field):
    assert integrity.genesis_hash(genesis_doc(**{field: "anything"})) == integrity.genesis_hash(genesis_doc())


def test_link_is_sha256_of_prev_newline_canonical_move():
    move = {"type": "abort", "actor": "user", "reason": "done"}
    expected = hashlib.sha256(b"abc\n" + json.dumps(move, sort_keys=True, separators=(",", ":")).encode())
    assert integrity.link("abc", move) == expected.hexdigest()[:32]


def test_link_depends_on_prev_and_on_every_field():
    move = {"type": "point", "actor": "consultee", "id": "P1", "text": "x", "kind": "value"}
    base = integrity.link("p", move)
    assert HEX32.match(base)
    assert integrity.link("q", move) != base
    for key in move:
        assert integrity.link("p", dict(move, **{key: move[key] + "!"})) != base, key
    assert integrity.link("p", dict(move, extra=None)) != base
    assert integrity.link("p", {k: v for k, v in reversed(move.items())}) == base


def test_short_hash_is_16_hex_digits_of_sha256():
    assert integrity.short_hash("q") == hashlib.sha256(b"q").hexdigest()[:16]


def test_short_hash_survives_a_lone_surrogate():
    assert re.match(r"^[0-9a-f]{16}$", integrity.short_hash("bad \ud800 text"))


# ---------------------------------------------------------------- the chain detects every history edit


def test_an_intact_chain_verifies():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    assert first_break(doc, stamped) is None
    assert [m["seq"] for m in stamped] == [1, 2, 3, 4]


def test_swapping_two_moves_breaks_the_chain_at_the_first_of_them():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    stamped[1], stamped[2] = stamped[2], stamped[1]
    assert first_break(doc, stamped) == 1


def test_editing_a_field_breaks_the_chain_at_the_next_move():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    stamped[1]["text"] = "Cache everything."
    assert first_break(doc, stamped) == 2


def test_deleting_a_middle_move_breaks_the_chain_where_it_was():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    del stamped[1]
    assert first_break(doc, stamped) == 1


def test_deleting_the_last_move_is_only_seen_by_the_head():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    head = head_of(doc, stamped)
    truncated = stamped[:-1]
    assert first_break(doc, truncated) is None
    assert head_of(doc, truncated) != head


def test_editing_the_last_move_is_only_seen_by_the_head():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    head = head_of(doc, stamped)
    stamped[-1]["reason"] = "Changed my mind."
    assert first_break(doc, stamped) is None
    assert head_of(doc, stamped) != head


def test_editing_the_header_breaks_the_first_link():
    doc = genesis_doc()
    stamped = chain(doc, MOVES)
    edited = genesis_doc(header={"question": "Another question?", "mode": "standard"})
    assert first_break(edited, stamped) == 0


def test_a_forged_chain_needs_every_later_hash_recomputed():
    """Re-stamping after an edit is possible (there is no secret), but then every later prev changes."""
    doc = genesis_doc()
    original = chain(doc, MOVES)
    edited_moves = [dict(m) for m in MOVES]
    edited_moves[0]["outcome"] = "format_failure"
    forged = chain(doc, edited_moves)
    assert [a["prev"] == b["prev"] for a, b in zip(original, forged)] == [True, False, False, False]
