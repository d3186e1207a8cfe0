"""The imperative shell: read a state file, decide with the pure core, write atomically under a lock.

Shared by the CLI, the demo and the MCP server, so every entry point behaves the same.
"""

from __future__ import annotations

import os
from collections import namedtuple

from argcheck.core import jsonio
from argcheck.core.env import Env, default_env
from argcheck.core.envelope import DEFAULT_LOCK_TIMEOUT
from argcheck.core.findings import has_errors
from argcheck.core.jsonio import InputError
from argcheck.core.replay import check_envelope, replay
from argcheck.core.witnessing import is_witnessed

DEFAULT_STATE_DIR = ".argcheck"


class Outcome(namedtuple("Outcome", "findings doc replay applied", defaults=(0,))):
    """What an operation did: its findings, the document afterwards, and the replay it used."""

    __slots__ = ()


def load_doc(path: str) -> dict:
    """Read and parse a state file strictly (raises InputError)."""
    return jsonio.load(path)


def env_for(doc: dict | None, path: str | None = None) -> Env:
    """The outside world the rules of `doc` (stored at `path`) may see: its workspace, and for a witnessed
    run the witness log beside it, verified."""
    header = doc.get("header") if isinstance(doc, dict) else None
    header = header if isinstance(header, dict) else {}
    workspace = header.get("workspace")
    env = default_env(workspace if isinstance(workspace, str) else None)
    if not (path and is_witnessed(header)):
        return env  # the log is read (and its module loaded) only for a witnessed run
    from argcheck.files.witnesslog import witness_for

    return env._replace(witness=witness_for(doc, path))


def replay_doc(doc, env: Env | None = None) -> Outcome:
    """Validate a parsed document: envelope first, then the whole log (or a protocol's standalone document)."""
    standalone = _standalone_protocol(doc)
    if standalone is not None:
        from argcheck.core import protocol_calls

        view, result = protocol_calls.call(standalone, "replay_document", doc, env or default_env())
        return Outcome(result.findings, view, result)
    problems = check_envelope(doc)
    if problems:
        return Outcome(problems, doc, None)
    result = replay(doc, env or env_for(doc))
    return Outcome(result.findings, doc, result if result.engine is not None else None)


def _standalone_protocol(doc):
    """The protocol whose standalone document `doc` is (only asked when `doc` is not a state file)."""
    if not isinstance(doc, dict) or "format" in doc:
        return None
    from argcheck.core import discovery

    return next((spec for spec in discovery.specs() if spec.is_document(doc)), None)


def validate_file(path: str) -> Outcome:
    doc = load_doc(path)
    return replay_doc(doc, env_for(doc, path) if isinstance(doc, dict) and "format" in doc else None)


def init_file(path: str | None, protocol: str, options: dict, env: Env, force: bool = False) -> tuple[str, dict]:
    """Create a new state file (by default .argcheck/PROTOCOL-ID.json, named after the run's id);
    refuses to overwrite unless `force`. Returns the path and the document."""
    from argcheck.core import lifecycle  # the write path: not loaded by `validate`
    from argcheck.files import statefile, writing

    state_id = lifecycle.new_state_id(env.now)
    path = path or default_state_path(protocol, state_id)
    if os.path.exists(path) and not force:  # the early answer; write_new decides under a race
        raise FileExistsError(path)
    doc = lifecycle.create_state(protocol, options, env, state_id)
    folder = os.path.dirname(os.path.abspath(path))
    writing.make_dirs(folder)
    if os.path.basename(folder) == DEFAULT_STATE_DIR:
        from argcheck.files.privacy import ignore_private_files

        ignore_private_files(folder)  # so `git add .argcheck/` never takes the witness log
    write = writing.replace if force else writing.create
    write(path, statefile.serialize(doc))
    _index(path, doc)
    return path, doc


def apply_to_file(path: str, moves: list, env: Env | None = None,
                  lock_timeout: float = DEFAULT_LOCK_TIMEOUT, dry_run: bool = False,
                  refuse=None, stamp: dict | None = None) -> Outcome:
    """Append `moves` to the state file if every one is legal; otherwise leave it untouched. `refuse(doc,
    moves)`, checked under the lock, returns findings that refuse the moves before any replay. `stamp`: the
    managed fields the page adds (`{"via": "page"}`); without it, a user move is refused while a page holds
    the question (ARG040, files/pagehold.py)."""
    from argcheck.core import lifecycle
    from argcheck.files import statefile, writing  # the lock and the writes: only a call that may write loads them

    if not os.path.isfile(path):  # refused before the lock, which would create path.lock and its directories
        load_doc(path)  # raises the InputError (ARG007) that reading it gives
    with statefile.locked(path, lock_timeout):
        doc = load_doc(path)
        refusals = refuse(doc, moves) if refuse is not None else []
        if not refusals and stamp is None and _has_user_move(moves):
            from argcheck.files import pagehold

            refusals = pagehold.refusals(path, doc, moves, env or env_for(doc, path))
        if refusals:
            return Outcome(refusals, doc, None)
        decision = lifecycle.apply_moves(doc, moves, env or env_for(doc, path), path=path, stamp=stamp)
        if decision.doc is None or has_errors(decision.findings):
            return Outcome(decision.findings, doc, decision.replay)
        if not dry_run:
            writing.replace(path, statefile.serialize(decision.doc))
            _index(path, decision.doc)
            _discard_if_done(path, decision.doc)
        applied = decision.doc["move_count"] - doc["move_count"]
        return Outcome(decision.findings, decision.doc, decision.replay, applied)


def write_text(path: str, text: str) -> None:
    """A text file the shell writes (a demo's workspace), its folders made first (files/writing.py)."""
    from argcheck.files import writing

    make_dirs(os.path.dirname(os.path.abspath(path)))
    writing.write_text(path, text)


def make_dirs(folder: str) -> None:
    from argcheck.files import writing

    writing.make_dirs(folder)


def temp_folder(prefix: str) -> str:
    from argcheck.files import writing

    return writing.temp_folder(prefix)


def _has_user_move(moves: list) -> bool:
    """A user's answer among `moves` (a cancel or abort is the user's too, but ending a run is never held)."""
    return any(isinstance(move, dict) and move.get("actor") == "user" and move.get("type") not in ("cancel", "abort")
               for move in moves)


def _discard_if_done(path: str, doc: dict) -> None:
    """A run whose header asks to keep no state file (`ephemeral`, e.g. a quick deliberation) is removed, with its
    index line, once its protocol closes it; the lock is held, so no other writer is mid-way."""
    if not doc["header"].get("ephemeral"):
        return
    from argcheck.core import discovery
    from argcheck.files import runindex

    if discovery.spec(doc["protocol"]).is_closed(doc["status"]):
        os.unlink(path)
        runindex.forget(path)


def _index(path: str, doc: dict) -> None:
    """Tell the hooks' run index whether the run just written is closed (files/runindex.py). Only a project's
    state directory has one: the hooks look nowhere else, and a state file kept elsewhere gets no companion."""
    if os.path.basename(os.path.dirname(os.path.abspath(path))) != DEFAULT_STATE_DIR:
        return
    from argcheck.core import discovery
    from argcheck.files import runindex

    runindex.note(path, discovery.spec(doc["protocol"]).is_closed(doc["status"]))


# -- one replay-or-fail for every adapter (verbs, click commands, MCP tools, runs started at init, demos) -----

UNREADABLE, BROKEN, BUSY = "unreadable", "broken", "busy"


class Refused(Exception):
    """The state file at `path` cannot be worked on: it cannot be read (UNREADABLE, with the input error), it
    is not a usable run (BROKEN, with the findings), or another process held its lock too long (BUSY, with
    the seconds waited). Each adapter reports it in its own form (exitcodes.REFUSED gives the exit code)."""

    def __init__(self, kind: str, path: str, findings=(), error: InputError | None = None,
                 waited: float | None = None) -> None:
        super().__init__(f"{path}: {kind}")
        self.kind, self.path, self.findings, self.error, self.waited = kind, path, list(findings), error, waited


def replayed(path: str) -> Outcome:
    """The state file at `path` replayed from scratch, or Refused (UNREADABLE, BROKEN)."""
    try:
        outcome = validate_file(path)
    except InputError as error:
        raise Refused(UNREADABLE, path, [error.finding], error) from None
    if outcome.replay is None:
        raise Refused(BROKEN, path, outcome.findings)
    return outcome


def applied(path: str, moves: list, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
            dry_run: bool = False, refuse=None, stamp: dict | None = None) -> Outcome:
    """apply_to_file, or Refused (UNREADABLE; BUSY when the lock stayed held for `lock_timeout` seconds)."""
    from argcheck.files import statefile

    try:
        return apply_to_file(path, moves, lock_timeout=lock_timeout, dry_run=dry_run, refuse=refuse, stamp=stamp)
    except InputError as error:
        raise Refused(UNREADABLE, path, [error.finding], error) from None
    except statefile.LockBusy:
        raise Refused(BUSY, path, waited=lock_timeout) from None


def default_state_path(protocol: str, state_id: str, root: str = ".") -> str:
    return os.path.join(root, DEFAULT_STATE_DIR, f"{protocol}-{state_id}.json")


__all__ = ["InputError", "Outcome", "load_doc", "replay_doc", "validate_file", "init_file",
           "apply_to_file", "env_for", "default_state_path", "Refused", "replayed", "applied", "issued",
           "consultee", "write_text", "make_dirs", "temp_folder"]


def issued(outcome: Outcome) -> list[str]:
    """What the engine issued for the moves `outcome` applied (e.g. a new claim's id), in order: an engine may
    keep `receipts`, a dict from a move's seq to one short line; engines without it issue nothing."""
    if not outcome.applied or outcome.replay is None or outcome.doc is None:
        return []
    receipts = getattr(outcome.replay.engine, "receipts", None) or {}
    last = outcome.doc["move_count"]
    return [receipts[seq] for seq in range(last - outcome.applied + 1, last + 1) if seq in receipts]


def consultee(name: str, *, wrapper: str | None = None, timeout: float | None = None):
    """The consultee runner a protocol's headless run calls `name` with (files/consulting.py): `call(prompt,
    session, args)` returns an envelope, `stop()` ends every call still running."""
    from argcheck.files.consulting import Consultee

    return Consultee(name, wrapper, timeout)
