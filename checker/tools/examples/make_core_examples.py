"""Regenerate state/examples/invalid/ARG*.json: each file yields exactly the code in its name.

Usage: python checker/tools/examples/make_core_examples.py   (from the repository root, with argcheck importable)
"""

from __future__ import annotations

import sys
from pathlib import Path

from argcheck.core import integrity
from argcheck.files import statefile
from argcheck.core.env import Env
from argcheck.core.lifecycle import apply_moves, create_state

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "state" / "examples" / "invalid"
TIMES = iter(f"2026-11-21T10:{minute:02d}:00Z" for minute in range(60))


def env() -> Env:
    return Env(now=next(TIMES), read_lines=lambda path, max_bytes=None: "outside")


def base_state() -> dict:
    options = {"question": "SQLite or an append-only JSON log for the CLI's state?", "consultee": "codex",
               "flow": "consultee_proposes", "mode": "standard", "workspace": None}
    doc = create_state("deliberate", options, env(), "20261121-c0ffee")
    for move in (
        {"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "s-1"},
        {"type": "point", "actor": "consultee", "id": "P1", "text": "An append-only log is easier to audit.",
         "kind": "value"},
        {"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE",
         "reason": "Auditability is the stated priority."},
    ):
        doc = apply_moves(doc, [move], env()).doc
    return doc


def reseal(doc: dict) -> dict:
    """Recompute the chain after an edit, so only the intended code fires."""
    prev = integrity.genesis_hash(doc)
    for move in doc["moves"]:
        move["prev"] = prev
        prev = integrity.link(prev, move)
    doc["head"] = prev
    return doc


# Codes a file on disk cannot yield alone: they concern the input's size or kind, or an `apply` batch.
NO_ISOLATED_EXAMPLE = {
    "ARG003": "input over the size limit: tested in tests/cli with ARGCHECK_MAX_BYTES",
    "ARG007": "a directory, FIFO or /proc file, not a file to commit",
    "ARG015": "stamps supplied by an agent in an `apply` batch",
    "ARG016": "an empty `apply` batch",
    "ARG024": "`apply` to a state file that has errors",
    "ARG028": "a reply ingested a second time: `ingest` checks it against the log, a state file cannot hold it",
    "ARG029": "`apply` of a read (triz's get_session_status); a file holding one replays as valid",
    "ARG030": "needs a witness log and key outside the file: tested in tests/harness/test_witnessed_runs.py",
    "ARG031": "needs a signed witness log beside the file: tested in tests/harness/test_witnessed_runs.py",
    "ARG032": "needs a signed witness log and the client's transcript outside the file: tested in "
              "tests/harness/test_witness_backing.py",
    "ARG040": "a live page server's hold beside the file: tested in tests/unit/test_page_answers.py",
    "ARG041": "a page submission without the serve's secret: tested in tests/unit/test_page_answers.py",
    "ARG042": "a page submission drawn at another head: tested in tests/unit/test_page_answers.py",
    "ARG043": "a page submission whose values make no move: tested in tests/unit/test_page_answers.py",
    "ARG044": "a page submission to a question not asked: tested in tests/unit/test_page_answers.py",
}


def placeholder_state() -> dict:
    """A triz session whose first move kept a skeleton's "..." (deliberate refuses it as DLB108 instead)."""
    doc = create_state("triz", {"problem": "How can an electric car keep its range in freezing weather?"}, env(),
                       "20261121-7e1a2b")
    move = {"type": "decompose_to_fundamentals", "fundamentals": ["cells lose power when cold", "heat costs energy"]}
    doc = apply_moves(doc, [move], env()).doc
    doc["moves"][0]["fundamentals"][1] = "..."
    return reseal(doc)


def text(doc) -> bytes:
    return statefile.serialize(doc)


def examples() -> dict[str, bytes]:
    b = base_state
    edited = b()
    edited["moves"][1]["text"] = "An append-only log is faster than SQLite in every case."
    renumbered = reseal(_with(b(), lambda d: d["moves"][1].update(seq=7)))
    truncated = b()
    truncated["moves"].pop()
    truncated["move_count"] = 2
    truncated["updated_at"] = truncated["moves"][-1]["at"]
    stale = b()
    stale["status"] = "presented"
    future = reseal(_with(b(), lambda d: d["moves"][2].update(at="2026-11-20T09:00:00Z")))
    future["updated_at"] = "2026-11-20T09:00:00Z"
    closed = b()
    closed["moves"].append({"seq": 4, "prev": "", "at": "2026-11-21T10:59:00Z", "type": "abort",
                            "actor": "user", "reason": "The user stopped the deliberation."})
    closed["moves"].append({"seq": 5, "prev": "", "at": "2026-11-21T10:59:30Z", "type": "abort",
                            "actor": "user", "reason": "A second abort after the first."})
    closed.update(status="aborted", move_count=5, updated_at="2026-11-21T10:59:30Z")
    return {
        "ARG001-trailing-comma.json": b'{"format": "argcheck-state", "version": 1,}\n',
        "ARG002-latin1-byte.json": b'{"format": "argcheck-state", "protocol": "d\xe9lib\xe9rer"}\n',
        "ARG004-nesting-too-deep.json": b"[" * 1500 + b"]" * 1500 + b"\n",
        "ARG005-duplicate-key.json": b'{"format": "argcheck-state", "format": "argcheck-state"}\n',
        "ARG006-nan.json": b'{"format": "argcheck-state", "version": NaN}\n',
        "ARG008-huge-integer.json": b'{"format": "argcheck-state", "version": ' + b"7" * 5000 + b'}\n',
        "ARG010-not-an-object.json": b'[{"type": "point"}]\n',
        "ARG011-unknown-protocol.json": text(_with(b(), lambda d: d.update(protocol="debate"))),
        "ARG012-future-version.json": text(_with(b(), lambda d: d.update(version=99))),
        "ARG013-wrong-type.json": text(reseal(_with(b(), lambda d: d["moves"][2].update(reason=42)))),
        "ARG014-unknown-move-type.json": text(reseal(_with(b(), lambda d: d["moves"][2].update(type="teleport")))),
        "ARG020-point-text-edited.json": text(edited),
        "ARG021-renumbered.json": text(renumbered),
        "ARG022-last-move-removed.json": text(truncated),
        "ARG023-status-edited.json": text(stale),
        "ARG025-move-after-abort.json": text(reseal(closed)),
        "ARG026-clock-went-backwards.json": text(future),
        "ARG027-skeleton-placeholder-kept.json": text(placeholder_state()),
    }


def _with(doc, change):
    change(doc)
    return doc


def generated_files() -> dict[str, bytes]:
    """Repository-relative path -> bytes, for `checker/tools/generate.py`."""
    return {f"state/examples/invalid/{name}": data for name, data in examples().items()}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in examples().items():
        (OUT / name).write_bytes(data)
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
