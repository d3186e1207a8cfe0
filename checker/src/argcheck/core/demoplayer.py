"""What every protocol's demo shares: a work folder (kept with --keep, else removed), the turn loop with its
pause, and the small helpers its player uses (say a line, a file's digest, text without styling).

A protocol's `demo.py` subclasses DemoPlayer and writes only what its demo shows: the opening, one turn, the
finale (or its own `play` when its run is not a list of turns). `files` is the shell's file operations
(init_file, applied, apply_to_file, validate_file,
write_text, make_dirs, temp_folder); `paint(style, text)` styles a line for a terminal.
"""

from __future__ import annotations

import os


def play_in_workdir(make_player, keep_dir: str | None, files, prefix: str = "argcheck-demo-") -> int:
    """`make_player(workdir).play()` in `keep_dir` (made absolute, created), or in a new temporary folder
    that is removed afterwards, however the demo ends. `files` (the shell's file operations) makes them."""
    import shutil

    workdir = os.path.abspath(keep_dir) if keep_dir else files.temp_folder(prefix)
    try:
        files.make_dirs(workdir)
        return make_player(workdir).play()
    finally:
        if keep_dir is None:
            shutil.rmtree(workdir, ignore_errors=True)


def plain(style: str, text: str) -> str:
    """No styling (the shell passes a palette when the terminal takes colour)."""
    return text


def digest(path: str) -> str:
    """The SHA-256 of a file's bytes: a refused turn must leave the state file byte for byte as it was."""
    import hashlib

    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


class DemoPlayer:
    """Plays `script["turns"]`: `opening()`, then `turn(number, total, turn)` for each (False stops the demo:
    exit 1), pausing `pause` seconds between turns, then `finale()`."""

    def __init__(self, script: dict, out, pause: float, files, paint=None) -> None:
        self.script, self.out, self.pause, self.files, self.paint = script, out, pause, files, paint or plain

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def play(self) -> int:
        import time

        self.opening()
        turns = self.script["turns"]
        for number, turn in enumerate(turns, start=1):
            if not self.turn(number, len(turns), turn):
                return 1
            if self.pause > 0:
                time.sleep(self.pause)
        self.finale()
        return 0

    def opening(self) -> None:
        raise NotImplementedError

    def turn(self, number: int, total: int, turn: dict) -> bool:
        raise NotImplementedError

    def finale(self) -> None:
        raise NotImplementedError
