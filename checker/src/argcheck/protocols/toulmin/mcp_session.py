"""The chain one Toulmini tool call works on: a state file the caller named, or a new chain kept in memory.

A call that names no `state` starts a new chain. It is written to `.argcheck/toulmin-ID.json` under the
server's working directory only when the call succeeds (`keep`); a refused call leaves no file behind.
A call that names a state file applies its moves there, under the file's lock (a refused move leaves
the file byte-for-byte unchanged).
"""

from __future__ import annotations

import os

from argcheck.core.toolport import port
from argcheck.core import lifecycle
from argcheck.core import discovery
from argcheck.core.env import default_env
from argcheck.core.findings import has_errors

TOULMIN = "toulmin"


class ChainRun:
    """One chain under a tool call: `.path` (None until a new chain is kept), `.outcome`, `.created`."""

    def __init__(self, path: str | None, outcome: port.Outcome, env=None):
        self.path, self.outcome, self._env = path, outcome, env
        self.created = path is None

    @property
    def chain(self):
        return self.outcome.replay.engine.state

    @property
    def status(self) -> str:
        return self.outcome.replay.engine.status

    def apply(self, moves: list) -> port.Outcome:
        """Apply `moves` (all or nothing); the outcome says how many were applied."""
        if self.path is not None:
            applied = port.apply_moves(self.path, moves)
        else:
            decision = lifecycle.apply_moves(self.outcome.doc, moves, self._env)
            kept = decision.doc is not None and not has_errors(decision.findings)
            applied = port.Outcome(decision.findings, decision.doc if kept else self.outcome.doc,
                                         decision.replay, len(moves) if kept else 0)
        if applied.applied:
            self.outcome = applied
        return applied

    def keep(self) -> str:
        """Write a new chain to its default path (once); returns the path of the chain's state file."""
        if self.path is None:
            doc = self.outcome.doc
            path = os.path.abspath(port.default_state_path(TOULMIN, doc["id"]))
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                port.write_state(path, doc)
            except OSError as error:
                raise port.usage(f"cannot write {path}: {error.strerror or error}") from None
            self.path = path
        return self.path

    def where(self) -> dict:
        """What a result says about the state file: its path, and whether this call created it."""
        return {"state": self.path, "created": self.created and self.path is not None}


def open_chain(state, query, options: dict | None = None) -> ChainRun:
    """The chain to work on: the state file named by `state`, or a new chain for `query` (in memory)."""
    path = port.state_path(state, required=False)
    if path is not None:
        if not os.path.exists(path):
            raise port.usage(f"no state file at {path}", "omit `state` to start a new chain for `query`")
        return ChainRun(path, toulmin_state(path))
    text = port.string_value(query, "query")
    if text is None:
        raise port.usage("pass `state` (the path initiate_toulmin_sequence returned) or `query` to start a chain")
    return new_chain({"query": text, "workspace": os.getcwd(), **(options or {})})


def new_chain(options: dict) -> ChainRun:
    """A new chain in memory (nothing is written until `keep`)."""
    env = default_env(options.get("workspace"))
    try:
        doc = lifecycle.create_state(TOULMIN, options, env, lifecycle.new_state_id(env.now))
    except discovery.UsageProblem as problem:
        found = getattr(problem, "finding", None)
        if found is not None:
            raise port.rule_problem([found], exit_code=int(port.ExitCode.USAGE)) from None
        raise port.usage(str(problem)) from None
    return ChainRun(None, port.replay_doc(doc, env), env)


def toulmin_state(path: str) -> port.Outcome:
    """The replayed toulmin chain at `path`; another protocol's run or a chain with errors is a problem."""
    outcome = port.replayed(path)
    if outcome.doc["protocol"] != TOULMIN:
        raise port.usage(f"{path} is a {outcome.doc['protocol']} run, not a toulmin chain")
    if has_errors(outcome.findings):
        raise port.rule_problem(outcome.findings, exit_code=int(port.ExitCode.FINDINGS), state=path)
    return outcome
