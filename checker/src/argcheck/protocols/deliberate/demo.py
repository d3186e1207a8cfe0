"""`argcheck demo`: replay a bundled deliberation turn by turn, with no consultee and no API key.

Each turn goes through the same path a real run takes: consultee turns are wrapper envelopes mapped
onto moves by `ingest`, every move is applied with the `applied` the shell passes in (`files`), and
after each turn the demo prints what `argcheck next` would say. One turn is an illegal move, shown being refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections import Counter
from importlib import resources

from argcheck.core.env import default_env

PROTOCOL = __package__.rpartition(".")[2]
SCRIPT = "sqlite-or-json-log.json"
STATE_NAME = f"{PROTOCOL}-demo.json"
KEEP = "`argcheck demo --keep DIR` keeps them"
SPEAKER_STYLE = {
    "user": "bold magenta", "consultee": "bold cyan", "orchestrator": "bold green", "arbiter": "bold yellow",
}


def load_script() -> dict:
    """The bundled transcript: the header options, workspace files and the turns."""
    return json.loads(_data(SCRIPT).read_text(encoding="utf-8"))


def _data(name: str):
    """A bundled demo file; workspace files carry a .txt suffix so no tool mistakes them for package code."""
    return resources.files(__package__).joinpath("data", "demo", *name.split("/"))


def run(out, files, *, paint=None, keep_dir: str | None = None, pause: float = 0.0) -> int:
    """Play the demo on `out`; 0 when every turn behaved as scripted, 1 otherwise."""
    script = load_script()
    workdir = os.path.abspath(keep_dir) if keep_dir else tempfile.mkdtemp(prefix="argcheck-demo-")
    try:
        return _Player(script, workdir, out, pause, files, paint or _plain, kept=keep_dir is not None).play()
    finally:
        if keep_dir is None:
            shutil.rmtree(workdir, ignore_errors=True)


class _Player:
    def __init__(self, script: dict, workdir: str, out, pause: float, files, paint, kept: bool = False) -> None:
        self.files = files
        self.script, self.out, self.pause, self.paint, self.kept = script, out, pause, paint, kept
        self.workspace = os.path.join(workdir, "workspace")
        self.path = os.path.join(workdir, STATE_NAME)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def play(self) -> int:
        self._prepare()
        turns = self.script["turns"]
        for number, turn in enumerate(turns, start=1):
            if not self._play_turn(number, len(turns), turn):
                return 1
            if self.pause > 0:
                time.sleep(self.pause)
        self._finale()
        return 0

    def _prepare(self) -> None:
        os.makedirs(self.workspace, exist_ok=True)
        for name in self.script["workspace"]:
            with open(os.path.join(self.workspace, name), "w", encoding="utf-8") as handle:
                handle.write(_data(f"workspace/{name}.txt").read_text(encoding="utf-8"))
        options = dict(self.script["init"], workspace=self.workspace)
        self.files.init_file(self.path, PROTOCOL, options, default_env(self.workspace), force=True)
        paint = self.paint
        self.say(paint("bold", f"argcheck demo: {self.script['title']}"))
        self.say(paint("dim", "A recorded deliberation replayed through `argcheck apply`; nothing is sent anywhere."))
        self.say(f"Question: {self.script['init']['question']}")
        kept = "" if self.kept else f" (deleted when the demo ends: {KEEP})"
        self.say(paint("dim", f"State file: {self.path}{kept}"))
        self.say(paint("dim", f"Workspace:  {self.workspace}  (the evidence cites files here)"))

    def _play_turn(self, number: int, total: int, turn: dict) -> bool:
        moves = self._moves_for(turn)
        speaker = self.paint(SPEAKER_STYLE[turn["speaker"]], turn["speaker"])
        self.say()
        heading = self.paint("bold", f"── turn {number}/{total} · ")
        self.say(heading + speaker + self.paint("bold", f" · {_summary(moves)}"))
        self.say(turn["caption"])
        before = _digest(self.path)
        outcome = self.files.applied(self.path, moves)
        if turn.get("expect_refused"):
            return self._show_refusal(turn["expect_refused"], outcome, before)
        if outcome.applied == 0:
            self._show_findings(outcome.findings, "red")
            self.say(self.paint("red", "demo error: this turn was expected to apply"))
            return False
        self._show_findings([f for f in outcome.findings if not f.is_error], "yellow")
        self._show_next()
        return True

    def _moves_for(self, turn: dict) -> list[dict]:
        if "moves" in turn:
            return turn["moves"]
        from argcheck.protocols.deliberate import ingest

        return ingest.moves_from_envelope(self._state(), _envelope(turn))

    def _state(self):
        return self.files.validate_file(self.path).replay.engine.state

    def _show_refusal(self, expected: list[str], outcome, before: str) -> bool:
        codes = sorted({f.code for f in outcome.findings if f.is_error})
        self._show_findings([f for f in outcome.findings if f.is_error], "red")
        unchanged = _digest(self.path) == before
        verdict = "unchanged" if unchanged else "CHANGED (a bug)"
        self.say(self.paint("bold red", f"REFUSED ({', '.join(codes)}): the state file is {verdict}, "
                                        f"sha256 {before[:12]}…"))
        if outcome.applied or not unchanged or not set(expected) <= set(codes):
            self.say(self.paint("red", f"demo error: expected a refusal with {', '.join(expected)}"))
            return False
        return True

    def _show_findings(self, findings, style: str) -> None:
        for found in sorted(findings, key=lambda f: (f.move or 0, f.code)):
            self.say(self.paint(style, f"  {found.code} {found.name} {found.severity}: {found.message}"))
            if found.is_error and found.hint:
                self.say(self.paint("dim", f"    hint: {found.hint}"))

    def _show_next(self) -> None:
        from argcheck.protocols.deliberate import nextstep

        # Without --keep the file is deleted on exit: the commands `next` suggests name STATE instead.
        shown = self.path if self.kept else "STATE"
        text = nextstep.format_text(nextstep.report(self._state(), state_path=shown))
        self.say(self.paint("dim", "$ argcheck next"))
        for line in text.rstrip("\n").split("\n"):
            self.say("  " + line)

    def _finale(self) -> None:
        from argcheck.protocols.deliberate import render

        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ Decision log (argcheck render --format md) ══"))
        self.say(render.render(outcome.replay.engine.state, "md", outcome.findings).rstrip("\n"))
        self.say()
        if self.kept:
            tries = f"try `argcheck next {self.path}` or `argcheck validate {self.path}`"
            self.say(self.paint("bold", f"The run is kept: {tries}."))
        else:
            self.say(self.paint("bold", f"The demo's files are deleted now ({KEEP}, to try the commands yourself)."))


def _envelope(turn: dict) -> dict:
    """A wrapper envelope; a scripted `reply` object becomes the response's ```json block."""
    envelope = dict(turn["envelope"])
    if "reply" in turn:
        body = json.dumps(turn["reply"], indent=2, ensure_ascii=False)
        preface = turn.get("preface", "")
        envelope["response"] = (preface + "\n\n" if preface else "") + f"```json\n{body}\n```\n"
    return envelope


def _summary(moves: list[dict]) -> str:
    """`consult(reply), point ×5, ledger`: the move types of a turn, in order of first appearance."""
    labels = [f"consult({m['outcome']})" if m["type"] == "consult" else m["type"] for m in moves]
    counts = Counter(labels)
    ordered = list(dict.fromkeys(labels))
    return ", ".join(label if counts[label] == 1 else f"{label} ×{counts[label]}" for label in ordered) or "no moves"


def _digest(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def _plain(style: str, text: str) -> str:
    """No styling (the shell passes a palette when the terminal takes colour)."""
    return text
