"""What every protocol's demo shares: a work folder (kept with --keep, else removed), the turn loop with its
pause, and the small helpers its player uses (say a line, a file's digest, text without styling).

A protocol's `demo.py` subclasses DemoPlayer and writes only what its demo shows: the opening, one turn, the
finale (or its own `play` when its run is not a list of turns). `files` is the shell's file operations
(init_file, applied, apply_to_file, validate_file); `paint(style, text)` styles a line for a terminal.
"""

from __future__ import annotations

import os


def play_in_workdir(make_player, keep_dir: str | None, prefix: str = "argcheck-demo-", protocol: str = "") -> int:
    """`make_player(workdir).play()` in `keep_dir` (made absolute, created), or in a new temporary folder
    that is removed afterwards, however the demo ends. The player learns where its files are and whether
    they are kept (`workdir`, `kept`, `protocol`: its `files_note` and `closing_note` say so); its closing
    note ends the demo."""
    import shutil
    import tempfile

    workdir = os.path.abspath(keep_dir) if keep_dir else tempfile.mkdtemp(prefix=prefix)
    try:
        os.makedirs(workdir, exist_ok=True)
        player = make_player(workdir)
        player.workdir, player.kept, player.protocol = workdir, keep_dir is not None, protocol
        code = player.play()
        player.say()
        player.say(player.paint("bold", player.closing_note()))
        return code
    finally:
        if keep_dir is None:
            shutil.rmtree(workdir, ignore_errors=True)


def sentence_clip(text, limit: int) -> str:
    """`text` on one line, cut at a word boundary to at most `limit` characters with an ellipsis (a digest that
    reads as the start of a sentence, never a cut word); a fenced block (a reply's JSON) and what follows it are
    left out. Unlike core.text.clip, which cuts where the limit falls."""
    import re

    text = re.split(r"(?m)^\s*```|```(?:json)?\s*[\[{]", str(text or ""), maxsplit=1)[0]
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit - 1]
    return cut.rstrip(" ,;:(-—") + "…"


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
        self.workdir, self.kept, self.protocol = None, False, ""  # set by play_in_workdir
        self.path = ""  # the demo's state file, when it has one

    def keep_hint(self) -> str:
        """How to keep the demo's files: the command, with the protocol's name."""
        return f"`argcheck demo {self.protocol + ' ' if self.protocol else ''}--keep DIR` keeps them"

    def files_note(self) -> str:
        """Where the demo's files go, said once at the start: a temporary folder deleted at the end, or kept."""
        if self.kept:
            return f"Files: {self.workdir} (kept after the demo)"
        return f"Files: {self.workdir} (a temporary folder, deleted when the demo ends; {self.keep_hint()})"

    def closing_note(self) -> str:
        """The demo's last line: the files are deleted now (and how to keep them), or where the kept run is."""
        if not self.kept:
            return f"The demo's files are deleted now ({self.keep_hint()}, to try the commands yourself)."
        if self.path:
            return f"The run is kept: try `argcheck next {self.path}` or `argcheck view {self.path}`."
        return f"The demo's files are kept in {self.workdir}."

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
