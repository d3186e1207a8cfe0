"""`argcheck demo council`: a recorded council on a bundled design document, replayed with no consultee.

Every persona reply goes the way a real one goes: a wrapper envelope mapped onto moves by `ingest`,
applied with the `applied` the shell passes in (`files`). Kant's call times out (a recorded failure:
5 of 6 personas); Russell's first reply quotes text the document does not contain and is refused (CNL110). The run ends
with the formatted critique.
"""

from __future__ import annotations

import json
import os
import time
from importlib import resources

from argcheck.core.demoplayer import DemoPlayer, digest, play_in_workdir, sentence_clip
from argcheck.core.env import default_env
from argcheck.protocols.council import ingest, nextstep, render
from argcheck.protocols.council.state import ROUND_NAMES

SCRIPT = "council.json"


def load_script() -> dict:
    return json.loads(_data(SCRIPT).read_text(encoding="utf-8"))


def _data(name: str):
    return resources.files(__package__).joinpath("data", "demo", name)


def envelope(reply: dict | None, failure: dict | None = None, session: str = "demo") -> dict:
    """The envelope a `consult replay` call prints for a recorded reply (or a recorded failure)."""
    if failure:
        return {"envelope": 1, "consultee": "replay", "session_id": None, "response": None, **failure}
    text = json.dumps(reply, ensure_ascii=False)
    return {"envelope": 1, "consultee": "replay", "session_id": session, "response": text, "failure": None}


def run(out, files, *, paint=None, keep_dir: str | None = None, pause: float = 0.0) -> int:
    """Play the demo on `out`; 0 when every turn behaved as scripted, 1 otherwise."""
    return play_in_workdir(lambda workdir: _Player(load_script(), workdir, out, pause, files, paint), keep_dir,
                           prefix="argcheck-council-demo-", protocol=__package__.rpartition(".")[2])


class _Player(DemoPlayer):
    """A council is not a list of turns: `play` runs each persona's critique, the self-critiques and the
    assessment."""

    def __init__(self, script: dict, workdir: str, out, pause: float, files, paint) -> None:
        super().__init__(script, out, pause, files, paint)
        self.document = os.path.join(workdir, script["document"])
        self.path = os.path.join(workdir, "council-demo.json")
        self.ok = True
        self.steps_shown = set()  # the next steps already shown in full (their wording, persona lists aside)

    def play(self) -> int:
        self._prepare()
        for name in self._state().names:
            self._critique(name)
        for name in self._state().expected("self_critique"):
            self._turn(("self_critique", name), envelope(self.script["self_critiques"][name], session=name))
        self._turn(("assessment", None), envelope(self.script["assessment"]))
        outcome = self.files.validate_file(self.path)
        self.say()
        self.say(self.paint("bold", "══ The critique (argcheck render --format md) ══"))
        self.say(render.critique(outcome.replay.engine.state, outcome.findings).rstrip("\n"))
        return 0 if self.ok else 1

    def _prepare(self) -> None:
        os.makedirs(os.path.dirname(self.document), exist_ok=True)
        with open(self.document, "w", encoding="utf-8") as handle:
            handle.write(_data(self.script["document"]).read_text(encoding="utf-8"))
        options = {"document": self.document, "panel": self.script["panel"], "consultee": "replay",
                   "workspace": os.path.dirname(self.document)}
        self.files.init_file(self.path, "council", options, default_env(), force=True)
        self.say(self.paint("bold", f"argcheck demo council: {self.script['title']}"))
        self.say(self.paint("dim", "Recorded persona replies replayed through `argcheck apply`; nothing is sent "
                                   "anywhere."))
        self.say(self.paint("dim", f"{self.files_note()}\nDocument: {self.document}\nState file: {self.path}"))

    def _critique(self, name: str) -> None:
        refused = self.script.get("refused", {})
        if refused.get("persona") == name:
            self._refusal(name, refused)
        failure = self.script["failures"].get(name)
        reply = None if failure else self.script["critiques"][name]
        self._turn(("critique", name), envelope(reply, failure, session=name))

    def _turn(self, step, reply: dict) -> None:
        round_name, name = step
        label = "final assessment" if name is None else f"{name} · {ROUND_NAMES[round_name]}"
        self.say()
        self.say(self.paint("bold", f"── {label}"))
        moves = ingest.moves_for_step(self._state(), step, reply)
        outcome = self.files.applied(self.path, moves)
        if not outcome.applied:
            self.ok = False
            self._findings(outcome.findings, "red")
            self.say(self.paint("red", "demo error: this turn was expected to apply"))
            return
        move = moves[0]
        if move["type"] == "persona_failure":
            self.say(self.paint("yellow", f"  consultee failure recorded: {move['failure']} — the council goes on"))
        else:
            self.say(f"  recorded: {_move_line(move)}")
        self._findings([f for f in outcome.findings if not f.is_error], "yellow")
        self._next()
        if self.pause > 0:
            time.sleep(self.pause)

    def _refusal(self, name: str, refused: dict) -> None:
        self.say()
        self.say(self.paint("bold", f"── {name} · initial critique (first reply)"))
        before = digest(self.path)
        moves = ingest.moves_for_step(self._state(), ("critique", name), envelope(refused["reply"], session=name))
        outcome = self.files.applied(self.path, moves)
        codes = sorted({f.code for f in outcome.findings if f.is_error})
        self._findings([f for f in outcome.findings if f.is_error], "red")
        unchanged = digest(self.path) == before
        self.say(self.paint("bold red", f"  REFUSED ({', '.join(codes)}): the state file is "
                                        f"{'unchanged' if unchanged else 'CHANGED (a bug)'}"))
        if outcome.applied or not unchanged or codes != refused["expect"]:
            self.ok = False

    def _findings(self, findings, style: str) -> None:
        for found in findings:
            self.say(self.paint(style, f"  {found.code} {found.name} {found.severity}: {found.message}"))

    def _next(self) -> None:
        text = nextstep.format_text(nextstep.report(self._state(), self.path))
        self.say(self.paint("dim", "  $ argcheck next"))
        lines = text.rstrip("\n").split("\n")
        for line in [lines[0]] + [line for line in lines if line.startswith(("Synthesis:", "Next ("))]:
            self.say(self.paint("dim", "    " + self._once(line)))

    def _once(self, line: str) -> str:
        """A next step shown in full the first time; after that its first clause, which names who is pending."""
        import re

        wording = re.sub(r"\([^)]*\)", "()", line)
        if wording not in self.steps_shown:
            self.steps_shown.add(wording)
            return line
        return line.split("; ", 1)[0] + ("; … (as above)" if "; " in line else "")

    def _state(self):
        return self.files.validate_file(self.path).replay.engine.state


def _move_line(move: dict) -> str:
    """What a council move says, in one line: a critique's top claim and how many claims its tree holds, a
    self-critique's adjustments, or the assessment's first words."""
    tree = move.get("critique_tree")
    if isinstance(tree, dict):
        count, stack = 0, [tree]
        while stack:
            node = stack.pop()
            count += 1
            stack += [n for n in node.get("sub_critiques") or [] if isinstance(n, dict)]
        claims = f"{count} claim{'s' if count != 1 else ''}"
        return f"critique, {claims}; top ({tree.get('id')}): \u201c{_clip(tree.get('claim'))}\u201d"
    if isinstance(move.get("adjustments"), list):
        shifts = ", ".join(f"{a.get('target_claim_id')} {a.get('confidence_delta'):+}" for a in move["adjustments"]
                           if isinstance(a, dict))
        return f"self_critique: {shifts or 'no adjustment'}"
    if isinstance(move.get("text"), str):
        return f"{move['type']}: \u201c{_clip(move['text'])}\u201d"
    return move.get("type", "?")


def _clip(text, width: int = 70) -> str:
    return sentence_clip(text, width)
