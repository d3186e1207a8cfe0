"""A small index of which state files hold a closed run, so a hook can tell "no run open" without replaying.

`.argcheck/runs.index` has one line per state file argcheck wrote: `name<TAB>mtime_ns<TAB>size<TAB>closed`
(closed: 1 when the run ended or was cancelled). It is written after each init and apply. The index is a
hint, never trusted alone: `no_open_run` holds only when every `*.json` file of the directory is listed with
the size and modification time it has now and is closed. A file the index does not know, or one changed
since (an edit, a copy, an older argcheck), sends the hooks down the full path, which replays it. Writing the
index is best effort: a lost update only costs that slower path. Kept free of json and of argcheck's other
modules: the hooks read it on every prompt and tool call (files/writing.py writes it).
"""

from __future__ import annotations

import os

INDEX_NAME = "runs.index"


def _read(state_dir: str) -> dict[str, tuple[int, int, bool]]:
    entries = {}
    try:
        with open(os.path.join(state_dir, INDEX_NAME), encoding="utf-8") as handle:
            for line in handle:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 4 and parts[1].isdigit() and parts[2].isdigit():
                    entries[parts[0]] = (int(parts[1]), int(parts[2]), parts[3] == "1")
    except (OSError, UnicodeDecodeError):
        pass
    return entries


def no_open_run(state_dir: str) -> bool:
    """True when every state file of `state_dir` is indexed, unchanged since, and closed."""
    known = _read(state_dir)
    try:
        with os.scandir(state_dir) as found:
            for entry in found:
                if not entry.name.endswith(".json"):
                    continue
                info = entry.stat()
                if known.get(entry.name) != (info.st_mtime_ns, info.st_size, True):
                    return False
    except OSError:
        return False
    return True


def forget(path: str) -> None:
    """Drop the index line of the state file at `path` (deleted)."""
    state_dir, name = os.path.split(os.path.abspath(path))
    entries = _read(state_dir)
    if name not in entries:
        return
    del entries[name]
    _write(state_dir, entries)


def _write(state_dir: str, entries: dict) -> None:
    text = "".join(f"{key}\t{m}\t{s}\t{int(c)}\n" for key, (m, s, c) in sorted(entries.items())
                   if "\t" not in key and "\n" not in key)
    try:
        from argcheck.files import writing

        writing.replace(os.path.join(state_dir, INDEX_NAME), text.encode("utf-8"), follow=False)
    except OSError:
        pass


def note(path: str, closed: bool) -> None:
    """Record that the state file at `path` (just written) holds a closed run or an open one."""
    state_dir, name = os.path.split(os.path.abspath(path))
    try:
        info = os.stat(path)
        entries = {key: value for key, value in _read(state_dir).items()
                   if os.path.exists(os.path.join(state_dir, key))}
        entries[name] = (info.st_mtime_ns, info.st_size, closed)
    except OSError:
        return
    _write(state_dir, entries)
