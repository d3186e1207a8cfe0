"""`argcheck demo triz`: a recorded two-round session replayed through `apply`, ending with its Knowledge Document.

Each turn is the agent's moves (its recorded web searches first) or one user review; every move goes through
the `applied` the shell passes in (`files`), exactly as in a real session, and after each turn the demo
prints what `argcheck next` says. Two turns are illegal on purpose and are shown being refused with the file unchanged.
"""

from __future__ import annotations

import json
import os
from importlib import resources

from argcheck.core.demoplayer import DemoPlayer, digest, play_in_workdir, sentence_clip
from argcheck.core.env import default_env

PROTOCOL = __package__.rpartition(".")[2]
STATE_NAME = f"{PROTOCOL}-demo.json"
STYLE = {"agent": "bold green", "user": "bold magenta"}


def load_script() -> dict:
    data = resources.files(__package__).joinpath("data", "demo", "session.json")
    return json.loads(data.read_text(encoding="utf-8"))


def run(out, files, *, paint=None, keep_dir: str | None = None, pause: float = 0.0) -> int:
    """Play the demo on `out`; 0 when every turn behaved as recorded, 1 otherwise."""
    return play_in_workdir(lambda workdir: _Player(load_script(), os.path.join(workdir, STATE_NAME), out, pause,
                                                   files, paint), keep_dir, protocol=PROTOCOL)


class _Player(DemoPlayer):
    def __init__(self, script: dict, path: str, out, pause: float, files, paint) -> None:
        super().__init__(script, out, pause, files, paint)
        self.path = path

    def opening(self) -> None:
        self.files.init_file(self.path, PROTOCOL, self.script["init"], default_env(), force=True)
        self.say(self.paint("bold", f"argcheck demo: {self.script['title']}"))
        self.say(self.paint("dim", "A recorded session replayed through `argcheck apply`; nothing is sent anywhere."))
        self.say(f"Problem: {self.script['init']['problem']}")
        self.say(self.paint("dim", f"{self.files_note()}\nState file: {self.path}"))

    def turn(self, number: int, total: int, turn: dict) -> bool:
        moves = turn["moves"]
        kinds = ", ".join(dict.fromkeys(move["type"] for move in moves))
        self.say()
        speaker = self.paint(STYLE[turn["speaker"]], turn["speaker"])
        self.say(self.paint("bold", f"── turn {number}/{total} · ") + speaker + self.paint("bold", f" · {kinds}"))
        self.say(turn["caption"])
        for move in moves:
            self.say(self.paint("dim", "  + ") + _move_line(move))
        before = digest(self.path)
        outcome = self.files.applied(self.path, moves)
        errors = [f for f in outcome.findings if f.is_error]
        for found in errors:
            self.say(self.paint("red", f"  {found.code} {found.name}: {found.message}"))
            self.say(self.paint("dim", f"    hint: {found.hint}"))
        expected = turn.get("expect_refused")
        if expected:
            unchanged = digest(self.path) == before
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
            indent = len(line) - len(line.lstrip())
            self.say("  " + line[:indent] + sentence_clip(line, 240 - indent))

    def finale(self) -> None:
        from argcheck.protocols.triz.render import render

        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ Knowledge Document (argcheck render --format md) ══"))
        self.say(render(outcome.replay.engine.state, "md", outcome.findings).rstrip("\n"))


def _move_line(move: dict) -> str:
    """A move in one line: its type and the first thing it says (a text, or the first item of a list)."""
    said = ""
    for name, value in move.items():
        if name == "type":
            continue
        if isinstance(value, list) and value:
            value = value[0]
        if isinstance(value, dict):
            value = next((v for v in value.values() if isinstance(v, str) and len(v) > 20), "")
        if isinstance(value, str) and len(value) > 20:
            said = value
            break
    if not said:
        return move["type"]
    return f"{move['type']}: \u201c{sentence_clip(said, 70)}\u201d"
