"""`argcheck demo toulmin`: a recorded Toulmin argument built phase by phase, with no consultee and no API key.

Each phase reply is a wrapper envelope mapped onto moves by `ingest` and applied with the `apply_to_file` the
shell passes in (`files`), as in a real run; one move out of order is shown being refused. The demo ends
with the argument's report.
"""

from __future__ import annotations

import json
import os
from importlib import resources

from argcheck.core.demoplayer import DemoPlayer, digest, play_in_workdir, sentence_clip
from argcheck.core.env import default_env
from argcheck.protocols.toulmin import ingest, nextstep
from argcheck.protocols.toulmin.render import render

PROTOCOL = "toulmin"
SCRIPT = "type-hints.json"
STATE_NAME = "toulmin-demo.json"


def load_script() -> dict:
    return json.loads(resources.files(__package__).joinpath("data", "demo", SCRIPT).read_text(encoding="utf-8"))


def run(out, files, *, paint=None, keep_dir: str | None = None, pause: float = 0.0) -> int:
    """Play the demo on `out` with the shell's file operations `files`; 0 when every turn behaved as recorded."""
    return play_in_workdir(lambda workdir: _Player(load_script(), workdir, out, pause, files, paint), keep_dir,
                           protocol=PROTOCOL)


class _Player(DemoPlayer):
    def __init__(self, script: dict, workdir: str, out, pause: float, files, paint) -> None:
        super().__init__(script, out, pause, files, paint)
        self.workdir, self.path = workdir, os.path.join(workdir, STATE_NAME)

    def opening(self) -> None:
        options = dict(self.script["init"], workspace=self.workdir)
        self.files.init_file(self.path, PROTOCOL, options, default_env(self.workdir), force=True)
        self.say(self.paint("bold", f"argcheck demo: {self.script['title']}"))
        self.say(self.paint("dim", "Recorded phase replies replayed through `argcheck ingest`; nothing is sent "
                                   "anywhere."))
        self.say(f"Question: {self.script['init']['query']}")
        self.say(self.paint("dim", f"{self.files_note()}\nState file: {self.path}"))

    def turn(self, number: int, total: int, turn: dict) -> bool:
        self.say()
        self.say(self.paint("bold", f"[{number}/{total}] {turn['caption']}"))
        moves = turn.get("moves") or ingest.moves_from_envelope(self._state(), _envelope(turn["reply"]))
        for move in moves:
            self.say(self.paint("dim", "  + ") + _move_line(move))
        before = digest(self.path)
        outcome = self.files.apply_to_file(self.path, moves)
        errors = [f for f in outcome.findings if f.is_error]
        for found in errors:
            self.say(self.paint("red", f"  {found.code} {found.name}: {found.message}"))
        if turn.get("expect_refused"):
            unchanged = digest(self.path) == before
            self.say(self.paint("bold red", f"  REFUSED: the state file is {'unchanged' if unchanged else 'CHANGED'}"))
            return unchanged and not outcome.applied and bool(errors)
        if not outcome.applied:
            self.say(self.paint("red", "demo error: this turn was expected to apply"))
            return False
        for found in outcome.findings:
            self.say(self.paint("yellow", f"  {found.code} {found.name}: {found.message}"))
        step = nextstep.report(self._state(), state_path="STATE")["next"]
        self.say(self.paint("dim", f"  next: {step['actor']}: {step['text']}"))
        return True

    def _state(self):
        return self.files.validate_file(self.path).replay.engine.state

    def finale(self) -> None:
        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ The argument (argcheck render --format md) ══"))
        self.say(render(outcome.replay.engine.state, "md", outcome.findings).rstrip("\n"))



def _envelope(content: dict) -> dict:
    response = "```json\n" + json.dumps(content, ensure_ascii=False, indent=1) + "\n```"
    return {"envelope": 1, "consultee": "replay", "session_id": "demo", "response": response, "failure": None}


def _move_line(move: dict) -> str:
    """A phase move in one line: its type and the components it records, each by its first words."""
    parts = []
    for name, value in move.items():
        if name in ("type", "provenance") or not isinstance(value, dict):
            continue
        texts = [v for v in value.values() if isinstance(v, str)]
        texts += [v[0] for v in value.values() if isinstance(v, list) and v and isinstance(v[0], str)]
        words = next((t for t in texts if len(t) > 20), texts[0] if texts else "")  # prose over a label
        parts.append(f"{name}: \u201c{sentence_clip(words, 60)}\u201d")
    return f"{move['type']} · " + " · ".join(parts) if parts else move["type"]
