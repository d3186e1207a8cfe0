"""`argcheck demo`: replay a bundled deliberation turn by turn, with no consultee and no API key.

Each turn goes through the same path a real run takes: consultee turns are wrapper envelopes mapped
onto moves by `ingest`, and every move is applied with the `applied` the shell passes in (`files`).
Each turn shows its moves one line each, where the run stands, and the next step `argcheck next` names;
the full `next` report is shown once, before the illegal move that is then refused.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from importlib import resources

from argcheck.core.demoplayer import DemoPlayer, digest, play_in_workdir
from argcheck.core.env import default_env
from argcheck.protocols.deliberate.demo_lines import move_line, standing_line

PROTOCOL = __package__.rpartition(".")[2]
SCRIPT = "sqlite-or-json-log.json"
STATE_NAME = f"{PROTOCOL}-demo.json"
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
    return play_in_workdir(lambda workdir: _Player(script, workdir, out, pause, files, paint), keep_dir,
                           protocol=PROTOCOL)


class _Player(DemoPlayer):
    def __init__(self, script: dict, workdir: str, out, pause: float, files, paint) -> None:
        super().__init__(script, out, pause, files, paint)
        self.workspace = os.path.join(workdir, "workspace")
        self.path = os.path.join(workdir, STATE_NAME)

    def opening(self) -> None:
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
        self.say(paint("dim", self.files_note()))
        self.say(paint("dim", f"State file: {self.path}"))
        self.say(paint("dim", f"Workspace:  {self.workspace}  (the evidence cites files here)"))

    def turn(self, number: int, total: int, turn: dict) -> bool:
        moves = self._moves_for(turn)
        speaker = self.paint(SPEAKER_STYLE[turn["speaker"]], turn["speaker"])
        self.say()
        heading = self.paint("bold", f"[{number:>{len(str(total))}}/{total}] ")
        self.say(heading + speaker + self.paint("bold", f" · {turn['caption']}"))
        if turn.get("expect_refused"):
            self._show_next(full=True)
        for move in moves:
            self.say(self.paint("dim", "  + ") + move_line(move))
        before = digest(self.path)
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
        unchanged = digest(self.path) == before
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

    def _show_next(self, full: bool = False) -> None:
        from argcheck.protocols.deliberate import nextstep

        # Without --keep the file is deleted on exit: the commands `next` suggests name STATE instead.
        shown = self.path if self.kept else "STATE"
        report = nextstep.report(self._state(), state_path=shown)
        if full:
            self.say(self.paint("dim", "  What `argcheck next` tells the agent now:"))
            for line in nextstep.format_text(report).rstrip("\n").split("\n"):
                self.say(self.paint("dim", "  | ") + line)
            return
        self.say(self.paint("dim", "  = " + standing_line(report)))
        step = report["next"]
        self.say(self.paint("dim", f"  next: {step['actor']}: {step['text']}"))

    def finale(self) -> None:
        from argcheck.protocols.deliberate import render

        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ Decision log (argcheck render --format md) ══"))
        self.say(render.render(outcome.replay.engine.state, "md", outcome.findings).rstrip("\n"))


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
