"""`argcheck demo triz`: a recorded two-round session replayed through `apply`, ending with its Knowledge Document.

Each turn is the agent's moves (its recorded web searches first) or one user review; every move goes through
the `applied` the shell passes in (`files`), exactly as in a real session, and after each turn the demo
prints what `argcheck next` says. Two turns are illegal on purpose and are shown being refused with the file unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from importlib import resources

from argcheck.core.env import default_env

PROTOCOL = __package__.rpartition(".")[2]
STATE_NAME = f"{PROTOCOL}-demo.json"
STYLE = {"agent": "bold green", "user": "bold magenta"}


def load_script() -> dict:
    data = resources.files(__package__).joinpath("data", "demo", "session.json")
    return json.loads(data.read_text(encoding="utf-8"))


def run(out, files, *, paint=None, keep_dir: str | None = None, pause: float = 0.0) -> int:
    """Play the demo on `out`; 0 when every turn behaved as recorded, 1 otherwise."""
    workdir = os.path.abspath(keep_dir) if keep_dir else tempfile.mkdtemp(prefix="argcheck-demo-")
    try:
        os.makedirs(workdir, exist_ok=True)
        return _Player(load_script(), os.path.join(workdir, STATE_NAME), out, pause, files, paint or _plain).play()
    finally:
        if keep_dir is None:
            shutil.rmtree(workdir, ignore_errors=True)


class _Player:
    def __init__(self, script: dict, path: str, out, pause: float, files, paint) -> None:
        self.files = files
        self.script, self.path, self.out, self.pause, self.paint = script, path, out, pause, paint

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def play(self) -> int:
        self.files.init_file(self.path, PROTOCOL, self.script["init"], default_env(), force=True)
        self.say(self.paint("bold", f"argcheck demo: {self.script['title']}"))
        self.say(self.paint("dim", "A recorded session replayed through `argcheck apply`; nothing is sent anywhere."))
        self.say(f"Problem: {self.script['init']['problem']}")
        self.say(self.paint("dim", f"State file: {self.path}"))
        turns = self.script["turns"]
        for number, turn in enumerate(turns, start=1):
            if not self._turn(number, len(turns), turn):
                return 1
            if self.pause > 0:
                time.sleep(self.pause)
        self._finale()
        return 0

    def _turn(self, number: int, total: int, turn: dict) -> bool:
        moves = turn["moves"]
        kinds = ", ".join(dict.fromkeys(move["type"] for move in moves))
        self.say()
        speaker = self.paint(STYLE[turn["speaker"]], turn["speaker"])
        self.say(self.paint("bold", f"── turn {number}/{total} · ") + speaker + self.paint("bold", f" · {kinds}"))
        self.say(turn["caption"])
        before = _digest(self.path)
        outcome = self.files.applied(self.path, moves)
        errors = [f for f in outcome.findings if f.is_error]
        for found in errors:
            self.say(self.paint("red", f"  {found.code} {found.name}: {found.message}"))
            self.say(self.paint("dim", f"    hint: {found.hint}"))
        expected = turn.get("expect_refused")
        if expected:
            unchanged = _digest(self.path) == before
            self.say(self.paint("bold red", f"REFUSED: the state file is {'unchanged' if unchanged else 'CHANGED'}"))
            return unchanged and not outcome.applied and set(expected) <= {f.code for f in errors}
        if not outcome.applied:
            self.say(self.paint("red", "demo error: this turn was expected to apply"))
            return False
        self._next()
        return True

    def _next(self) -> None:
        from argcheck.protocols.triz import nextstep

        state = self.files.validate_file(self.path).replay.engine.state
        report = nextstep.report(state, state_path=os.path.basename(self.path))
        self.say(self.paint("dim", "$ argcheck next"))
        lines = nextstep.format_text(report).rstrip("\n").split("\n")
        for line in [lines[0], *lines[-2:]]:
            self.say("  " + (line if len(line) < 240 else line[:237] + "…"))

    def _finale(self) -> None:
        from argcheck.protocols.triz.render import render

        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ Knowledge Document (argcheck render --format md) ══"))
        self.say(render(outcome.replay.engine.state, "md", outcome.findings).rstrip("\n"))


def _digest(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def _plain(style: str, text: str) -> str:
    """No styling (the shell passes a palette when the terminal takes colour)."""
    return text
