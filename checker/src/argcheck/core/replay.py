"""Replay a state file's log from scratch: envelope, integrity, shapes, then the protocol's rules."""

from __future__ import annotations

from collections import namedtuple

from argcheck.core import arg_rules, discovery, envelope, integrity  # noqa: F401  (arg_rules registers ARG codes)
from argcheck.core import witnessing
from argcheck.core.collector import collector_paused
from argcheck.core.env import Env
from argcheck.core.findings import Finding, has_errors
from argcheck.core.rules import finding
from argcheck.core.shapes import check_shape, json_text, json_type, violation

MANAGED_FIELDS = ("seq", "prev", "at", "witness_seq")


class Replay(namedtuple("Replay", "protocol engine findings head")):
    """The outcome of a replay: the protocol's spec, its engine (derived state; None when the header
    failed its checks), every finding and the head hash."""

    __slots__ = ()


def check_envelope(doc) -> list[Finding]:
    """Is this an argcheck state file this version can read?"""
    if not isinstance(doc, dict):
        return [finding("ARG010", detail=f"the top level is {json_type(doc)}, not an object")]
    missing = [name for name in envelope.TOP_LEVEL_FIELDS if name not in doc]
    extra = sorted(set(doc) - set(envelope.TOP_LEVEL_FIELDS))
    if doc.get("format") != envelope.FORMAT:
        return [finding("ARG010", detail=_format_problem(doc.get("format")))]
    if doc.get("version") != envelope.VERSION:
        return [finding("ARG012", path="/version", version=json_text(doc.get("version")), supported=envelope.VERSION)]
    if not discovery.is_registered(doc.get("protocol")):
        return [unknown_protocol(doc.get("protocol"), "/protocol")]
    found = [violation(f"/{name}", detail=f'the required field "{name}" is missing') for name in missing]
    found += [violation(f"/{name}", detail=f'unknown field "{name}"') for name in extra]
    if not isinstance(doc.get("moves"), list):
        found.append(violation("/moves", detail="moves must be an array"))
    if not isinstance(doc.get("header"), dict):
        found.append(violation("/header", detail="header must be an object"))
    return found


def _format_problem(found) -> str:
    if found is None:
        return f'the "format" field is missing (it is "{envelope.FORMAT}" in a state file)'
    return f'format is {json_text(found)}, not "{envelope.FORMAT}"'


def unknown_protocol(name, path: str = "") -> Finding:
    """ARG011: no registered protocol has this name."""
    return finding("ARG011", path=path, protocol=json_text(name), known=", ".join(discovery.names()))


def replay(doc: dict, env: Env) -> Replay:
    """Check every rule over the whole log. `doc` must have passed check_envelope."""
    with collector_paused():
        return _replay(doc, env)


def _replay(doc: dict, env: Env) -> Replay:
    protocol = discovery.spec(doc["protocol"])
    findings = list(protocol.check_header(doc["header"])) + witnessing.check_log(doc["header"], env)
    # An engine is built only from a header that passed its checks; otherwise only the log's
    # integrity and the moves' shapes are checked, and the replay has no engine.
    engine = None if has_errors(findings) else protocol.new_engine(doc["header"], env)
    citations = witnessing.UserCitations(witnessing.witness_of(env, doc["header"]), doc["header"])
    prev, last_at = _replay_moves(doc, protocol, engine, citations, findings)
    if engine is not None:
        findings += engine.finish()
    findings += check_derived(doc, engine, prev, last_at)
    return Replay(protocol, engine, findings, prev)


def _replay_moves(doc: dict, protocol, engine, citations, findings: list):
    """Check and apply every move in order, adding the findings; return the log's hash and its last (seq, at).

    The usual move (an object with the right seq, prev and at, and a usable shape) takes the short path:
    a long log is mostly such moves, so the per-move checks that find nothing cost as little as they can."""
    moves = doc["moves"]
    prev, last_at = integrity.genesis_hash(doc), None
    link = integrity.linker(len(moves))
    witnessed = citations.witness is not None
    for index, move in enumerate(moves):
        path = f"/moves/{index}"
        stamped = (isinstance(move, dict) and move.get("seq") == index + 1 and move.get("prev") == prev
                   and isinstance(move.get("at"), str))
        found = check_move(protocol, move, path) if stamped else check_stamp(move, index, prev, path) + check_move(
            protocol, move, path)
        if engine is not None:
            found = found + _step(protocol, engine, index, move, path, found)
            if witnessed:
                found += citations.check(move, moves[index - 1] if index else None, path)
        if found:  # most moves of a long log have no finding: nothing to add
            findings += [f if f.move is not None else f._replace(move=index + 1) for f in found]
        if isinstance(move, dict):
            # Each link is checked locally: the next move must carry the hash of this move and the
            # prev it claims, so one edit is reported once, at the move after it.
            stored = move.get("prev")
            prev = link(stored if isinstance(stored, str) else prev, move)
            last_at = check_clock(move, last_at, findings, path)
    return prev, last_at


def _step(protocol, engine, index: int, move, path: str, found: list) -> list[Finding]:
    """The protocol's rules for one move, unless the run was closed or the move's shape is unusable."""
    closed = run_closed(protocol, engine.status, path)
    if closed:
        return closed
    return engine.step(index, move) if not found or move_is_usable(found) else []


def run_closed(protocol, status: str, path: str) -> list[Finding]:
    """No move after the run reached one of its final statuses (ARG025)."""
    if status in protocol.final_statuses:
        return [finding("ARG025", path=path, protocol=protocol.name, status=status)]
    return []


def move_is_usable(found: list[Finding]) -> bool:
    return not any(f.code in SHAPE_CODES for f in found)


SHAPE_CODES = frozenset({"ARG013", "ARG014", "ARG015"})


def check_move(protocol, move, path: str) -> list[Finding]:
    """The shape of one move: an object of a known type whose fields match its schema."""
    if not isinstance(move, dict):
        return [violation(path, detail=f"a move must be an object, not {json_type(move)}")]
    kind = move.get("type")
    if kind not in protocol.move_types:
        return [unknown_move_type(protocol, kind, path + "/type")]
    shape = check_shape(protocol.shapes, kind, move, path)
    if shape or protocol.checks_own_placeholders:
        return shape
    return placeholder_values(move, path)


PLACEHOLDER_VALUES = frozenset({"...", "…", "https://...", "http://..."})


def placeholder_values(value, path: str) -> list[Finding]:
    """ARG027: every string of the move that is still a skeleton's placeholder, wherever it is nested."""
    if isinstance(value, str):
        return [finding("ARG027", path=path, placeholder=value)] if value.strip() in PLACEHOLDER_VALUES else []
    if isinstance(value, dict):
        return [f for key, item in value.items() for f in placeholder_values(item, f"{path}/{key}")]
    if isinstance(value, list):
        return [f for index, item in enumerate(value) for f in placeholder_values(item, f"{path}/{index}")]
    return []


def unknown_move_type(protocol, kind, path: str) -> Finding:
    """ARG014: the move's type is not one of the protocol's; the hint names the closest one."""
    import difflib

    close = difflib.get_close_matches(kind, protocol.move_types, n=1) if isinstance(kind, str) else []
    given = '(none: the move has no "type" field)' if kind is None else json_text(kind)
    return finding("ARG014", path=path, protocol=protocol.name, known=", ".join(protocol.move_types), type=given,
                   suggestion=f"did you mean `{close[0]}`? " if close else "")


def check_stamp(move, index: int, prev: str, path: str) -> list[Finding]:
    """The fields apply stamps on each move: seq, prev (the chain) and at."""
    if not isinstance(move, dict):
        return []
    found = []
    if move.get("seq") != index + 1:
        found.append(finding("ARG021", path=path + "/seq", index=index, seq=json_text(move.get("seq")),
                             expected=index + 1))
    if move.get("prev") != prev:
        found.append(finding("ARG020", path=path + "/prev", seq=index + 1, found=json_text(move.get("prev")),
                             expected=json_text(prev)))
    if not isinstance(move.get("at"), str):
        found.append(violation(path + "/at", detail="every stored move needs an `at` time"))
    return found


def check_clock(move: dict, last_at, findings: list, path: str):
    at = move.get("at")
    if not isinstance(at, str):
        return last_at
    if last_at is not None and at < last_at[1]:
        findings.append(finding("ARG026", path=path + "/at", seq=move.get("seq"), at=at,
                                prev_seq=last_at[0], prev_at=last_at[1]))
    return (move.get("seq"), at)


def check_derived(doc: dict, engine, head: str, last_at) -> list[Finding]:
    """The header's derived fields must agree with the log."""
    found = []
    if doc.get("head") != head:
        found.append(finding("ARG022", path="/head", found=json_text(doc.get("head")),
                             expected=json_text(head)))
    expected = {
        "move_count": len(doc["moves"]),
        "updated_at": last_at[1] if last_at else doc.get("created_at"),
    }
    if engine is not None:
        expected["status"] = engine.status
    for field, value in expected.items():
        found_value = doc.get(field)
        if found_value != value or type(found_value) is not type(value):
            found.append(finding("ARG023", path=f"/{field}", field=field, found=json_text(found_value),
                                 expected=json_text(value)))
    return found
