"""Property-based tests (hypothesis): random move sequences never crash apply, a refused move never
changes the file, every accepted sequence validates; strict JSON round-trips; any single-move edit
of a stored log is caught by the hash chain."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from argcheck.core import integrity, jsonio, lifecycle
from argcheck.files import statefile
from argcheck.cli import main
from argcheck.core.env import Env
from argcheck.core.jsonio import InputError
from argcheck.files.operations import replay_doc

PROPERTY = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
NOW = "2026-03-01T12:00:00Z"


# ---------------------------------------------------------------- running argcheck in-process


def run(*args: str) -> tuple[int, str]:
    """argcheck.cli.main in CliRunner's isolation; returns (exit code, stdout + stderr)."""
    runner = CliRunner()
    with runner.isolation(env={"ARGCHECK_NOW": NOW, "ARGCHECK_DEBUG": None}) as (out, err, _):
        code = main([str(a) for a in args])
        sys.stdout.flush()
        sys.stderr.flush()
        text = out.getvalue().decode("utf-8", "replace") + err.getvalue().decode("utf-8", "replace")
    return code, text


def fresh_state(directory: Path, *options: str) -> Path:
    path = directory / "state.json"
    code, text = run("init", "deliberate", "--question", "Should we cache replays?", "--state", path,
                     "--workspace", directory, *options)
    assert code == 0, text
    return path


# ---------------------------------------------------------------- moves (docs/protocols/deliberate.md §3)

POINTS = ["P1", "P2", "P3", "P4"]
CHALLENGES = ["C1", "C2", "C3"]
ENTRIES = ["L1", "L2", "L3"]
IDS = POINTS + CHALLENGES + ENTRIES

party = st.sampled_from(["orchestrator", "consultee"])
any_actor = st.sampled_from(["orchestrator", "consultee", "user", "arbiter"])
text = st.sampled_from(["Yes.", "Because the log is append-only.", "Measured: 3 ms per move.", "ünïcödé ✓"])
point_id, challenge_id, entry_id = st.sampled_from(POINTS), st.sampled_from(CHALLENGES), st.sampled_from(ENTRIES)
verdict = st.sampled_from(["AGREE", "SKEPTICAL", "REJECT", "ILL_FORMED", "OUT_OF_SCOPE"])
execution = st.fixed_dictionaries({"command": st.just("pytest -q"), "exit_code": st.integers(0, 2),
                                   "output": st.sampled_from(["", "3 passed"])})


def move(kind: str, required: dict, optional: dict | None = None):
    """A move of `kind` with its required fields and any subset of its optional ones."""
    return st.fixed_dictionaries({"type": st.just(kind), **required}, optional=optional or {})


MOVES = st.one_of(
    move("consult", {"actor": st.just("consultee"),
                     "outcome": st.sampled_from(["reply", "reply", "reply", "format_failure", "failure"])},
         {"failure_class": st.sampled_from(["timeout", "not_installed", "auth", "cli_error", "empty"]),
          "session_id": st.just("sess-1"), "duration_ms": st.integers(0, 10_000),
          "usage": st.fixed_dictionaries({}, optional={"input_tokens": st.integers(0, 9)})}),
    move("point", {"actor": party, "id": point_id, "text": text, "kind": st.sampled_from(["empirical", "value"])},
         {"relation": st.sampled_from(["new", "extension"]), "extends": point_id}),
    move("classify", {"actor": party, "point": point_id, "verdict": verdict, "reason": text},
         {"challenge": challenge_id, "objection": text}),
    move("challenge", {"actor": party, "id": challenge_id, "point": point_id,
                       "kind": st.sampled_from(["skeptical", "reject", "reconcile"]), "objection": text},
         {"cites": st.lists(st.integers(1, 30), max_size=3)}),
    move("defend", {"actor": party, "argument": text},
         {"challenge": challenge_id, "point": point_id, "evidence": st.lists(entry_id, max_size=2)}),
    move("concede", {"actor": party, "challenge": challenge_id}, {"reason": text}),
    move("judge", {"actor": party, "challenge": challenge_id, "outcome": st.sampled_from(["accepted", "rejected"]),
                   "reason": text}, {"evidence": st.lists(entry_id, max_size=2)}),
    move("ledger", {"actor": st.sampled_from(["orchestrator", "consultee", "user"]), "id": entry_id, "text": text,
                    "provenance": st.sampled_from(["user", "verified", "revision", "codex-unverified",
                                                   "orchestrator-unverified", "gemini-unverified"])},
         {"claim_type": st.sampled_from(["empirical", "value", "constraint"]), "execution": execution,
          "artifact": st.sampled_from(["README.md:1", "missing.py:3", "/etc/hostname:1"]), "quote": text,
          "supports": st.lists(point_id, max_size=2, unique=True), "supersedes": entry_id, "revises": entry_id,
          "justification": text}),
    move("verify", {"actor": st.just("orchestrator"), "entry": entry_id},
         {"execution": execution, "artifact": st.sampled_from(["README.md:1", "gone.txt:2"]), "quote": text}),
    move("revise", {"actor": party, "point": point_id, "to": verdict, "justification": text}),
    move("clarify", {"actor": party, "point": point_id, "text": text}),
    move("settle", {"actor": st.just("orchestrator"), "point": point_id,
                    "reason": st.sampled_from(["missing_data", "definitional", "criteria_divergence"])},
         {"question": text, "tradeoff": text}),
    move("extend_constructive", {"actor": st.just("orchestrator"),
                                 "trigger": st.sampled_from(["unaddressed_dispute", "stress_test_pending"])},
         {"detail": text}),
    move("stress_test", {"actor": st.just("orchestrator"), "targets": st.lists(point_id, min_size=1, max_size=2),
                         "outcome": st.sampled_from(["held", "weakened", "broken"]), "summary": text}),
    move("reframe", {"actor": st.just("user"), "question": text, "consent": st.just(True)}),
    move("request_arbitration", {"actor": st.just("user")}, {"reason": text}),
    move("synthesize", {"actor": st.just("orchestrator"), "answer": text,
                        "termination": st.sampled_from(["convergence", "iteration_bound", "trivial", "quality_exit"])}),
    move("arbitrate", {"actor": st.just("arbiter"), "summary": text},
         {"flags": st.lists(st.fixed_dictionaries({"point": point_id, "concern": text}), max_size=2),
          "constraints": st.lists(entry_id, max_size=2)}),
    move("present", {"actor": st.just("orchestrator")}, {"acknowledge_warning": st.booleans()}),
    move("abort", {"actor": st.sampled_from(["orchestrator", "user"]), "reason": text}),
)


@st.composite
def damaged(draw, moves=MOVES):
    """A move, sometimes damaged the way a careless agent would: wrong actor, a managed or unknown field,
    a missing field, a wrong type, an oversized string."""
    base = dict(draw(moves))
    damage = draw(st.sampled_from(["none"] * 6 + ["actor", "managed", "extra", "drop", "type", "long", "null"]))
    key = draw(st.sampled_from(sorted(base)))
    if damage == "actor":
        base["actor"] = draw(any_actor)
    elif damage == "managed":
        base[draw(st.sampled_from(["seq", "prev", "at"]))] = draw(st.sampled_from([1, "0" * 32, NOW]))
    elif damage == "extra":
        base["confidence"] = 0.5
    elif damage == "drop" and key != "type":
        del base[key]
    elif damage == "type" and key != "type":
        base[key] = draw(st.sampled_from([42, None, [], {}, True, 1.5]))
    elif damage == "long" and isinstance(base[key], str) and key != "type":
        base[key] = "x" * 4001
    elif damage == "null" and key != "type":
        base[key] = None
    return base


batches = st.lists(st.one_of(damaged(), st.lists(damaged(), min_size=1, max_size=3)), min_size=1, max_size=14)


# ---------------------------------------------------------------- apply never crashes; refusals change nothing


def doc_of(path: Path) -> dict:
    return json.loads(path.read_bytes())


def check_sequence(batches_to_apply, *init_options: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        directory = Path(directory)
        (directory / "README.md").write_text("Should we cache replays?\nYes.\n")
        state = fresh_state(directory, *init_options)
        moves_file = directory / "moves.json"
        for batch in batches_to_apply:
            before = state.read_bytes()
            count_before = doc_of(state)["move_count"]
            moves_file.write_text(json.dumps(batch, ensure_ascii=False))
            code, output = run("apply", state, moves_file)
            assert "Traceback" not in output and "internal error" not in output, (batch, output)
            assert code in (0, 1, 4), (batch, code, output)
            if code == 1:
                assert state.read_bytes() == before, (batch, output)
            else:
                added = len(batch) if isinstance(batch, list) else 1
                assert doc_of(state)["move_count"] == count_before + added, (batch, output)
        code, output = run("validate", "--format", "json", state)
        assert code in (0, 4), output
        report = json.loads(output)
        assert report["valid"] and not [f for f in report["findings"] if f["severity"] == "error"], report


@PROPERTY
@given(batches)
def test_random_moves_never_crash_apply_and_refusals_change_nothing(batch_list):
    check_sequence(batch_list)


@PROPERTY
@given(batches, st.sampled_from(["minimal", "quick"]), st.sampled_from(["factual", "design"]))
def test_random_moves_in_other_modes(batch_list, mode, kind):
    # --keep: a quick run's file would go with its closing move (tests/cli/test_deliberate_quick_keeps_nothing.py)
    keep = ("--keep",) if mode == "quick" else ()
    check_sequence(batch_list, "--mode", mode, "--question-kind", kind, *keep)


OPENERS = [{"type": "consult", "actor": "consultee", "outcome": "reply"}]


@PROPERTY
@given(st.lists(damaged(), min_size=3, max_size=25))
def test_random_moves_after_a_reply_never_crash_apply(moves):
    """Most moves need a structured reply first; start every sequence with one to go deeper."""
    check_sequence([OPENERS, *[[m] for m in moves]])


# ---------------------------------------------------------------- strict JSON round-trips

json_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | json_text,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(json_text, children, max_size=5),
    max_leaves=30,
)


@settings(deadline=None, max_examples=300)
@given(json_values, st.booleans(), st.sampled_from([None, 2]))
def test_jsonio_round_trips_every_json_value(value, ascii_only, indent):
    data = json.dumps(value, ensure_ascii=ascii_only, indent=indent).encode("utf-8")
    assert jsonio.parse(data) == value
    assert jsonio.parse(b"\xef\xbb\xbf" + data) == value


@settings(deadline=None, max_examples=300)
@given(json_values)
def test_canonical_bytes_parse_back_to_the_value(value):
    assert jsonio.parse(integrity.canonical(value)) == value


@settings(deadline=None, max_examples=200)
@given(st.dictionaries(st.sampled_from(["type", "actor", "id", "text", "n"]), json_values, max_size=5), st.randoms())
def test_canonical_bytes_ignore_key_order(move, rnd):
    items = list(move.items())
    rnd.shuffle(items)
    assert integrity.canonical(dict(items)) == integrity.canonical(move)
    assert integrity.link("p", dict(items)) == integrity.link("p", move)


@settings(deadline=None, max_examples=500)
@given(st.binary(max_size=200))
def test_jsonio_never_raises_anything_but_input_error_on_random_bytes(data):
    try:
        jsonio.parse(data)
    except InputError as error:
        assert error.finding.code.startswith("ARG")


@settings(deadline=None, max_examples=300)
@given(st.text(max_size=40))
def test_jsonio_never_raises_anything_but_input_error_on_random_text(text_value):
    for data in (text_value.encode("utf-8", "surrogatepass"), json.dumps(text_value).encode()):
        try:
            jsonio.parse(data)
        except InputError as error:
            assert error.finding.code.startswith("ARG")


@settings(deadline=None, max_examples=200)
@given(st.integers(0xD800, 0xDFFF), json_text, json_text)
def test_a_lone_surrogate_escape_is_always_refused(surrogate, prefix, suffix):
    """One unpaired \\uD800-\\uDFFF escape anywhere in a string (json_text holds no surrogates, so it
    cannot pair up) is refused as ARG002: it could never be written back as UTF-8."""
    data = json.dumps({"text": prefix + chr(surrogate) + suffix}).encode()  # ensure_ascii writes the escape
    try:
        jsonio.parse(data)
    except InputError as error:
        assert error.finding.code == "ARG002"
    else:
        raise AssertionError(f"accepted {data!r}")


@settings(deadline=None, max_examples=100)
@given(st.lists(st.dictionaries(st.sampled_from(["type", "id", "text"]), json_text, min_size=1, max_size=3),
                max_size=6))
def test_statefile_layout_round_trips(moves):
    doc = {"format": "argcheck-state", "version": 1, "protocol": "deliberate", "id": "x", "created_at": NOW,
           "header": {"question": "q?"}, "status": "in_progress", "updated_at": NOW, "move_count": len(moves),
           "head": "0" * 32, "moves": moves}
    data = statefile.serialize(doc)
    assert jsonio.parse(data) == doc
    assert statefile.serialize(jsonio.parse(data)) == data


# ---------------------------------------------------------------- hash chain: any single-move edit is caught


def _legal_log() -> dict:
    """A small deliberation built through the real create_state/apply_moves (so the chain is right)."""
    env = Env(now=NOW, read_lines=lambda relative, max_bytes=None: "outside")
    options = {"question": "Should we cache replays?", "consultee": "codex", "flow": "consultee_proposes",
               "mode": "standard", "question_kind": "design", "stakes": "normal", "workspace": None}
    doc = lifecycle.create_state("deliberate", options, env, "20260301-abcdef")
    moves = [
        {"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "s1"},
        {"type": "point", "actor": "consultee", "id": "P1", "text": "Cache replays.", "kind": "value"},
        {"type": "point", "actor": "orchestrator", "id": "P2", "text": "Key by head.", "kind": "value"},
        {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE", "reason": "Linear."},
        {"type": "classify", "actor": "consultee", "point": "P2", "verdict": "SKEPTICAL", "reason": "Why?",
         "challenge": "C1", "objection": "Heads can collide."},
        {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "32 hex digits of SHA-256.",
         "provenance": "orchestrator-unverified", "supports": ["P2"]},
        {"type": "defend", "actor": "orchestrator", "challenge": "C1", "argument": "128 bits.", "evidence": ["L1"]},
        {"type": "consult", "actor": "consultee", "outcome": "reply"},
        {"type": "judge", "actor": "consultee", "challenge": "C1", "outcome": "accepted", "reason": "Fair."},
        {"type": "clarify", "actor": "orchestrator", "point": "P1", "text": "Replays of whole files."},
    ]
    decision = lifecycle.apply_moves(doc, moves, env)
    assert decision.doc is not None, decision.findings
    return decision.doc


LOG = _legal_log()
CHAIN_CODES = {"ARG020", "ARG021", "ARG022"}


def error_codes(doc: dict) -> set[str]:
    return {f.code for f in replay_doc(doc).findings if f.is_error}


def test_the_log_used_for_mutations_is_clean():
    assert error_codes(json.loads(json.dumps(LOG))) == set()


replacement_values = st.one_of(json_text, st.integers(-5, 5), st.booleans(), st.none(), st.just(1.0),
                               st.lists(st.integers(0, 3), max_size=2))


@st.composite
def single_move_edits(draw):
    doc = json.loads(json.dumps(LOG))
    moves = doc["moves"]
    index = draw(st.integers(0, len(moves) - 1))
    edit = draw(st.sampled_from(["set", "add", "delete_field", "delete_move", "swap", "duplicate", "move_to_end"]))
    if edit == "set":
        key = draw(st.sampled_from(sorted(moves[index])))
        moves[index][key] = draw(replacement_values)
    elif edit == "add":
        moves[index][draw(st.sampled_from(["note", "extra", "weight"]))] = draw(replacement_values)
    elif edit == "delete_field":
        del moves[index][draw(st.sampled_from(sorted(moves[index])))]
    elif edit == "delete_move":
        del moves[index]
    elif edit == "swap":
        other = draw(st.integers(0, len(moves) - 1))
        moves[index], moves[other] = moves[other], moves[index]
    elif edit == "duplicate":
        moves.insert(index, dict(moves[index]))
    else:
        moves.append(moves.pop(index))
    return edit, index, doc


@settings(deadline=None, max_examples=400)
@given(single_move_edits())
def test_any_single_move_edit_breaks_the_chain(case):
    edit, index, doc = case
    assume([integrity.canonical(m) for m in doc["moves"]] != [integrity.canonical(m) for m in LOG["moves"]])
    codes = error_codes(doc)
    assert codes & CHAIN_CODES, (edit, index, codes)


@settings(deadline=None, max_examples=100)
@given(single_move_edits())
def test_an_edited_log_is_never_extended(case):
    edit, index, doc = case
    assume([integrity.canonical(m) for m in doc["moves"]] != [integrity.canonical(m) for m in LOG["moves"]])
    env = Env(now=NOW, read_lines=lambda relative, max_bytes=None: "outside")
    decision = lifecycle.apply_moves(doc, [{"type": "abort", "actor": "user", "reason": "stop"}], env)
    assert decision.doc is None
    assert {f.code for f in decision.findings} & {"ARG024", "ARG013", "ARG010"}


@settings(deadline=None, max_examples=100)
@given(st.integers(0, len(LOG["moves"])))
def test_a_truncated_log_is_caught_by_the_head(keep):
    assume(keep < len(LOG["moves"]))
    doc = json.loads(json.dumps(LOG))
    doc["moves"] = doc["moves"][:keep]
    doc["move_count"] = keep  # even with the count fixed by hand
    assert "ARG022" in error_codes(doc)


def test_the_module_does_not_leak_files():
    assert not any(name.endswith(".tmp") for name in os.listdir(tempfile.gettempdir()) if name.startswith(".state"))
