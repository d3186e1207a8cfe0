"""The runs of a project, as the hooks see them: each open run's status, summary line and next step.

Read through the protocol contract only (the spec, the replay, the nextstep report): nothing here knows
what a protocol is about. A file that is not a readable state file is skipped, never reported: a hook
must not fail because of a stray file.
"""

from __future__ import annotations

import glob
import os
from collections import namedtuple

MAX_RUNS = 12
MAX_FILE_BYTES = 32 * 1024 * 1024


class Run(namedtuple("Run", "path protocol status conversation_id headline next_step")):
    """One open run: `path` relative to the project, `next_step` the report's {actor, text, commands}."""

    __slots__ = ()

    def owed_by_agent(self) -> bool:
        from argcheck.core.contract import AGENT_ACTORS

        return self.next_step.get("actor") in AGENT_ACTORS


def state_files(state_dir: str | None) -> list[str]:
    """The state directory's `*.json` files, most recently changed first (at most MAX_RUNS)."""
    if not state_dir or not os.path.isdir(state_dir):
        return []
    found = []
    for path in glob.glob(os.path.join(glob.escape(state_dir), "*.json")):
        try:
            info = os.stat(path)
        except OSError:
            continue
        if info.st_size <= MAX_FILE_BYTES:
            found.append((info.st_mtime, path))
    return [path for _, path in sorted(found, reverse=True)[:MAX_RUNS]]


def open_runs(state_dir: str | None, project: str) -> list[Run]:
    """Every open run of the state directory (not ended, not cancelled), newest first."""
    runs = []
    for path in state_files(state_dir):
        run = _read_run(path, project)
        if run is not None:
            runs.append(run)
    return runs


def _read_run(path: str, project: str) -> Run | None:
    from argcheck.core import discovery as protocols
    from argcheck.files import operations

    try:
        doc = operations.load_doc(path)
    except operations.InputError:
        return None
    if not isinstance(doc, dict) or "format" not in doc or not protocols.is_registered(doc.get("protocol")):
        return None
    spec = protocols.spec(doc["protocol"])
    if not isinstance(doc.get("status"), str) or spec.is_closed(doc["status"]):
        return None
    outcome = operations.replay_doc(doc, operations.env_for(doc, path))
    engine = outcome.replay.engine if outcome.replay is not None else None
    if engine is None or spec.is_closed(engine.status):
        return None
    from argcheck.core import protocol_calls

    shown = os.path.relpath(path, project)
    try:
        report = protocol_calls.call(spec, "next_report", engine.state, shown)
        headline = protocol_calls.call(spec, "next_text", report).splitlines()[0]
    except protocol_calls.ProtocolBroken:
        return None
    header = doc.get("header") if isinstance(doc.get("header"), dict) else {}
    step = report.get("next") if isinstance(report.get("next"), dict) else {}
    return Run(shown, spec.name, engine.status, header.get("conversation_id"), headline, step)
