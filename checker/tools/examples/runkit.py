"""The shared run kit (the example generators and the tests use it): build a run of any protocol move by move,
with a fixed environment.

`ProtocolRun` wraps `lifecycle.create_state` / `lifecycle.apply_moves` (the same pure decisions the CLI
makes) and `replay.replay`; each protocol's tests add their own move builders and defaults on top of it
(see dlb.py and make_toulmin_examples.py beside it).
"""

from __future__ import annotations

import copy

from argcheck.core import integrity, lifecycle, replay
from argcheck.core.env import OUTSIDE, Env
from argcheck.core.findings import has_errors

NOW = "2026-03-01T10:00:00Z"


def reader(files: dict[str, list[str]]):
    """A workspace of in-memory files (path -> lines); absolute and `..` paths are outside it."""

    def read_lines(relative: str):
        if relative.startswith(("/", "..")):
            return OUTSIDE
        return files.get(relative)

    return read_lines


def make_env(files: dict[str, list[str]] | None = None, now: str = NOW) -> Env:
    return Env(now=now, read_lines=reader(files or {}))


class Clock:
    """A clock that moves one minute per reading, so every move has its own time."""

    def __init__(self, day: str = "2026-11-21", start_hour: int = 9, start: int = 0):
        self.day, self.hour, self.minute = day, start_hour, start

    def __call__(self) -> str:
        self.minute += 1
        return f"{self.day}T{self.hour + self.minute // 60:02d}:{self.minute % 60:02d}:00Z"


def force_append(doc: dict, move: dict, env: Env) -> dict:
    """`doc` with `move` appended past the rules, with a correct hash chain (for invalid examples)."""
    stamped = {"seq": len(doc["moves"]) + 1, "prev": doc["head"], "at": env.now, **copy.deepcopy(move)}
    extended = dict(doc, moves=doc["moves"] + [stamped], head=integrity.link(doc["head"], stamped),
                    move_count=len(doc["moves"]) + 1, updated_at=env.now)
    extended["status"] = replay.replay(extended, env).engine.status
    return extended


def reseal(doc: dict) -> dict:
    """Recompute the hash chain after an edit, so only the intended code fires."""
    prev = integrity.genesis_hash(doc)
    for move in doc["moves"]:
        move["prev"] = prev
        prev = integrity.link(prev, move)
    doc["head"] = prev
    return doc


class ProtocolRun:
    """One run of `protocol` under test: apply moves, inspect findings and the replayed state.

    `files` is the in-memory workspace; `clock` (optional) gives each apply its own time; `env` (optional)
    replaces both with a fixed environment.
    """

    def __init__(self, protocol: str, options: dict, *, state_id: str = "test-run", files=None,
                 clock=None, now: str = NOW, env: Env | None = None):
        self.protocol, self.files, self.clock, self.now, self.fixed_env = protocol, files, clock, now, env
        self.doc = lifecycle.create_state(protocol, options, self.env, state_id)
        self.findings: list = []

    @property
    def env(self) -> Env:
        if self.fixed_env is not None:
            return self.fixed_env
        return make_env(self.files, self.clock() if self.clock else self.now)

    def apply(self, *moves) -> list:
        """Apply moves as one batch; keep the new document unless refused. Returns the findings."""
        decision = lifecycle.apply_moves(self.doc, [copy.deepcopy(m) for m in moves], self.env)
        if decision.doc is not None:
            self.doc = decision.doc
        self.findings = decision.findings
        return decision.findings

    def codes(self, *moves) -> set[str]:
        """The codes one batch yields; a refused batch must leave the document unchanged."""
        before = self.doc
        found = self.apply(*moves)
        if has_errors(found):
            assert self.doc is before
        return {f.code for f in found}

    def ok(self, *moves):
        """Apply moves that must be clean (no finding at all)."""
        found = self.apply(*moves)
        assert not found, [f.format_text() for f in found]
        return self

    def force(self, move: dict):
        """Append a move bypassing the rules, with a correct hash chain (for invalid examples)."""
        self.doc = force_append(self.doc, move, self.env)
        return self

    def replay(self):
        return replay.replay(self.doc, self.fixed_env or make_env(self.files, self.now))

    @property
    def state(self):
        return self.replay().engine.state

    @property
    def status(self) -> str:
        return self.replay().engine.status

    def replay_codes(self) -> set[str]:
        return {f.code for f in self.replay().findings}
