"""Create a state file and append moves to it: decide (pure), the CLI does the I/O."""

from __future__ import annotations

from collections import namedtuple

from argcheck.core import discovery, envelope, integrity
from argcheck.core.env import Env
from argcheck.core.findings import has_errors
from argcheck.core.rules import finding
from argcheck.core import witnessing
from argcheck.core.replay import MANAGED_FIELDS, check_envelope, check_move, replay, run_closed


class Decision(namedtuple("Decision", "doc findings replay")):
    """The outcome of apply: the new document (None when refused), findings, and the replay."""

    __slots__ = ()


def new_state_id(now: str) -> str:
    import secrets

    day = now[:10].replace("-", "")
    return f"{day}-{secrets.token_hex(3)}"


def create_state(protocol_name: str, options: dict, env: Env, state_id: str) -> dict:
    """A new state document with no moves (raises discovery.UsageProblem on bad options)."""
    protocol = discovery.spec(protocol_name)
    header = protocol.make_header(options)
    if getattr(env, "witness", None) is not None:  # the shell found the hooks in place (files/witnesslog.py)
        header = {**header, **witnessing.start_fields(env.witness)}
    doc = {
        "format": envelope.FORMAT,
        "version": envelope.VERSION,
        "protocol": protocol_name,
        "id": state_id,
        "created_at": env.now,
        "header": header,
        "status": protocol.initial_status,
        "updated_at": env.now,
        "move_count": 0,
        "head": "",
        "moves": [],
    }
    doc["head"] = integrity.genesis_hash(doc)
    return doc


def apply_moves(doc, new_moves: list, env: Env, path: str = "STATE", stamp: dict | None = None) -> Decision:
    """Check `new_moves` against the replayed state; return the extended document or refuse. `stamp`: managed
    fields the caller adds to every move (the page's `{"via": "page"}`), after the checks that refuse them from
    a move's author."""
    problems = check_envelope(doc)
    if problems:
        return Decision(None, problems, None)
    current = replay(doc, env)
    if has_errors(current.findings):
        count = sum(1 for f in current.findings if f.is_error)
        usable = current if current.engine is not None else None
        unverified = [f for f in current.findings if f.code == "ARG030"]  # said at once: validate cannot fix it
        return Decision(None, [finding("ARG024", count=count, state=path), *unverified], usable)
    if not new_moves:
        return Decision(None, [finding("ARG016")], current)
    findings, stamped = _step_all(doc, current, new_moves, env, path, stamp or {})
    if has_errors(findings):
        return Decision(None, findings, current)
    head = current.head
    for move in stamped:
        head = integrity.link(head, move)
    extended = dict(doc, moves=doc["moves"] + stamped, head=head, move_count=len(doc["moves"]) + len(stamped),
                    status=current.engine.status, updated_at=env.now)
    return Decision(extended, findings, current)


def _step_all(doc, current, new_moves, env, state_path="STATE", stamp=None):
    """Check every move of the batch and report all their findings; a refused move is skipped, so the
    moves after it are checked against the state without it (the engines leave it unchanged on error)."""
    protocol, engine = current.protocol, current.engine
    findings, stamped = [], []
    prev = current.head
    witness = witnessing.witness_of(env, doc["header"])
    citations = witnessing.UserCitations(witness, doc["header"])
    for index, move in enumerate(doc["moves"]):  # the prompts the log's user moves already cite
        citations.check(move, doc["moves"][index - 1] if index else None, "")
    previous = doc["moves"][-1] if doc["moves"] else None
    for offset, move in enumerate(new_moves):
        index = len(doc["moves"]) + offset
        path = f"/moves/{index}"
        found = run_closed(protocol, engine.status, path)
        found += [finding("ARG015", path=f"{path}/{name}", field=name)
                  for name in MANAGED_FIELDS if isinstance(move, dict) and name in move]
        found += check_move(protocol, move, path)
        found += check_not_a_read(protocol, move, path, state_path)
        if not found:
            move = {"seq": index + 1, "prev": prev, "at": env.now, **move, **(stamp or {})}
            if witness is not None:
                move["witness_seq"] = witness.last_seq
            found += engine.step(index, move)
            found += citations.check(move, previous, path) if not found else []
            previous = move
            prev = integrity.link(prev, move)
            stamped.append(move)
        findings += [f if f.move is not None else f._replace(move=index + 1) for f in found]
    return findings, stamped


def check_not_a_read(protocol, move, path: str, state_path: str) -> list:
    """ARG029: a move type the protocol's spec lists as a read (`read_moves`) is refused by apply; replay still
    accepts one in an older log (the engine keeps a handler that changes nothing), so old files stay valid."""
    kind = move.get("type") if isinstance(move, dict) else None
    if isinstance(kind, str) and kind in protocol.read_moves:
        return [finding("ARG029", path=f"{path}/type", found=kind, state=state_path)]
    return []
