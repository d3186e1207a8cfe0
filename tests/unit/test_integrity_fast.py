"""integrity.fast_canonical: orjson's bytes where they are json's, json's everywhere else."""

from __future__ import annotations

import hashlib
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from argcheck.core import integrity

orjson = pytest.importorskip("orjson")


def fast(value) -> bytes:
    return integrity.fast_canonical(value, orjson.dumps, orjson.OPT_SORT_KEYS)


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)  # no lone surrogates: json refuses them
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | TEXT
           | st.sampled_from([1e-7, 1e-5, 1.5e-5, 1e-4, 0.0001, 1e15, 1e16, 1e22, -0.0, 2**63, -2**63 - 1, 2**64]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                      max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(VALUES)
def test_fast_canonical_gives_exactly_the_canonical_bytes(value):
    assert fast(value) == integrity.canonical(value)


def test_numbers_orjson_writes_differently_take_the_json_route():
    for number in (1e-7, 1e-05, 0.000015, float("nan"), float("inf"), 10**30):
        assert fast({"x": number}) == integrity.canonical({"x": number})
    assert orjson.dumps(1e-7) != integrity.canonical(1e-7), "orjson still differs here (or the guard is moot)"


def moves(count: int, seed: int = 7) -> list[dict]:
    """Moves shaped like a deliberation's: ids, free text with punctuation and non-ASCII, lists, nesting."""
    rng = random.Random(seed)
    words = ["cache", "log", "state", "replay", "≥ 2×", "naïve", "per-move", "👍", 'quote "x"', "tab\there", "a\nb"]
    made = []
    for n in range(count):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))
        move = {"seq": n + 1, "prev": f"{rng.getrandbits(128):032x}", "at": "2026-03-01T09:00:00Z",
                "type": rng.choice(["point", "ledger", "classify", "defend"]), "actor": "orchestrator",
                "id": f"P{n}", "text": text, "supports": [f"P{rng.randrange(n + 1)}"]}
        if n % 5 == 0:
            move["execution"] = {"command": "pytest -q", "exit_code": rng.randint(0, 2), "output": text}
        made.append(move)
    return made


def test_a_long_log_hashes_alike_by_either_route():
    log = moves(20_000)
    fast_link = integrity.linker(len(log))
    assert fast_link is not integrity.link
    assert all(fast(move) == integrity.canonical(move) for move in log)
    prev_fast = prev_json = "0" * 32
    for move in log:
        prev_fast, prev_json = fast_link(prev_fast, move), integrity.link(prev_json, move)
    assert prev_fast == prev_json


def test_short_logs_use_json_and_without_orjson_long_ones_hash_alike(monkeypatch):
    assert integrity.linker(integrity.OPENSSL_FROM_MOVES - 1) is integrity.link
    log = moves(50)
    monkeypatch.setitem(sys.modules, "orjson", None)
    for count in (integrity.OPENSSL_FROM_MOVES, 10**6):
        long_link = integrity.linker(count)
        assert [long_link("0" * 32, m) for m in log] == [integrity.link("0" * 32, m) for m in log]


def test_the_builtin_sha256_is_sha256():
    data = "naïve 👍 move".encode()
    assert integrity._sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
