"""`argcheck render --format madr|argdown|aif`: a run in the standard formats other tools read.

The protocol gives its decision or its argument map as data (core/hooks.py: `decision`, `argument_map`); the
shell picks the format (core/madr.py, core/argmap.py) and adds what only the file tells: the run's id, the
hash of its last move and whether it was witnessed. `--output` with NNNN in the file name (e.g.
docs/adr/NNNN-title.md) takes the next free number in that folder, as adr-tools and log4brains number their
records: one more than the highest four-digit prefix there, zero-padded to four digits.
"""

from __future__ import annotations

import os
import re

from argcheck.core import hooks, witnessing

EXPORT_FORMATS = ("madr", "argdown", "aif")
HOOK_OF = {"madr": "decision", "argdown": "argument_map", "aif": "argument_map"}
NUMBER_SLOT = "NNNN"
NUMBERED = re.compile(r"^(\d{4})-")


class NotExportable(Exception):
    """The protocol gives no data for this format (its `exports` module lacks the hook)."""


def export_text(outcome, fmt: str, source: str) -> tuple[str, str]:
    """The replayed run of `outcome` (operations.Outcome) in `fmt`, one of EXPORT_FORMATS, and its title."""
    from argcheck.core import argmap, madr

    spec, state = outcome.replay.protocol, outcome.replay.engine.state
    data = hooks.call(spec, HOOK_OF[fmt], state)
    if data is None:
        raise NotExportable(f"the {spec.name} protocol gives no {HOOK_OF[fmt].replace('_', ' ')}")
    if fmt == "madr":
        return madr.record(data, run_facts(outcome.doc, source)), data["title"]
    return (argmap.argdown(data) if fmt == "argdown" else argmap.aif(data)), data["title"]


def run_facts(doc: dict, source: str) -> dict:
    """What the record says about the run itself: id, protocol, head hash, moves, witnessed, date."""
    moves = doc.get("moves") or []
    last_at = moves[-1].get("at") if moves and isinstance(moves[-1], dict) else doc.get("created_at")
    date = last_at[:10] if isinstance(last_at, str) and re.match(r"\d{4}-\d\d-\d\d", last_at) else ""
    return {"id": doc.get("id", ""), "protocol": doc.get("protocol", ""), "head": doc.get("head", ""),
            "moves": len(moves), "witnessed": witnessing.is_witnessed(doc.get("header")), "date": date,
            "source": source if source != "-" else ""}


def is_numbered(output: str) -> bool:
    """Does --output ask for the next free number (NNNN in its file name)?"""
    return NUMBER_SLOT in os.path.basename(output)


def next_number(folder: str) -> int:
    """One more than the highest NNNN- prefix among the folder's files (1 in an empty or missing folder)."""
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return 1
    numbers = [int(match.group(1)) for match in map(NUMBERED.match, names) if match]
    return max(numbers, default=0) + 1


def numbered_path(output: str, title: str) -> str:
    """`output` with NNNN replaced by the next free number, and a `title` slot by the record's slug."""
    folder, name = os.path.split(output)
    name = name.replace(NUMBER_SLOT, f"{next_number(folder):04d}", 1)
    if "title" in name and NUMBER_SLOT in output:
        name = name.replace("title", slug(title), 1)
    return os.path.join(folder, name)


def slug(title: str) -> str:
    """adr-tools' file-name slug: lower case, every run of other characters one hyphen, at most 60."""
    text = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return text[:60].rstrip("-") or "decision"


def write_numbered(output: str, title: str, text: str) -> str:
    """Write `text` to the next free NNNN path (exclusively: a number another process took is skipped)."""
    from argcheck.files.statefile import write_new

    for _ in range(100):
        path = numbered_path(output, title)
        try:
            write_new(path, text.encode("utf-8"))
        except FileExistsError:
            continue
        _readable_by_all(path)
        return path
    raise FileExistsError(output)


def _readable_by_all(path: str) -> None:
    """A record is a document for the team: the mode a new file gets under the umask, not a state file's 0600."""
    mask = os.umask(0o022)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
