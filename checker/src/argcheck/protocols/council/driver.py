"""The headless council: the seed's `critique_goal_document(file) -> str` (§3), one command end to end.

Initial critiques from every persona in parallel → self-critiques in parallel (each persona resumes its own
consultee session) → the computed synthesis and a written final assessment → the formatted critique.
Every reply is recorded with the file operations the shell passes in (`files`: init_file, applied,
validate_file; atomic and locked), so an interrupted run leaves a valid state file; running again with the
same state file resumes it where it stopped.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from argcheck.core import reply_envelope
from argcheck.core.contract import RunInterrupted, UsageProblem
from argcheck.core.contract import SetupFailure as RunSetupFailure
from argcheck.core.env import default_env
from argcheck.core.envelope import DEFAULT_LOCK_TIMEOUT
from argcheck.core.jsonio import InputError
from argcheck.protocols.council import ingest, prompting, render, synthesis
from argcheck.protocols.council.state import HIGH_SEVERITIES, ROUND_NAMES


class Interrupted(RunInterrupted):
    """Ctrl-C: the state file is valid and can be resumed."""


SETUP_FAILURES = ("not_installed", "auth")


class SetupFailure(RunSetupFailure):
    """The consultee cannot answer at all (not installed, not logged in): not a persona's failure, so
    nothing is recorded for it and the run stops (resumable once fixed)."""


def check_setup(consultee: str, envelope: dict) -> None:
    failure = reply_envelope.failure_class(envelope.get("failure"))
    if failure in SETUP_FAILURES:
        detail = reply_envelope.detail(envelope.get("detail")) or (
            "not installed" if failure == "not_installed" else "not logged in")
        raise SetupFailure(f"the consultee {consultee} cannot answer ({failure}: {detail})")


class Driver:
    def __init__(self, path: str, consultee, parallel: int, progress, files, replay_dir: str | None = None,
                 lock_timeout: float = DEFAULT_LOCK_TIMEOUT):
        self.path, self.consultee, self.parallel, self.progress = path, consultee, max(1, parallel), progress
        self.files = files
        self.replay_dir, self.started, self.lock_timeout = replay_dir, time.monotonic(), lock_timeout
        self.stopping = threading.Event()

    def say(self, text: str) -> None:
        self.progress.write(f"council [{time.monotonic() - self.started:6.1f}s] {text}\n")
        self.progress.flush()

    def state(self):
        return self.files.validate_file(self.path).replay.engine.state

    def run(self) -> str:
        """Every round that is still due, then the formatted critique (Interrupted on KeyboardInterrupt, which
        the shell's runner raises for Ctrl-C, SIGTERM and SIGHUP: every call still running is stopped first)."""
        try:
            return self._rounds()
        except KeyboardInterrupt:
            self.stopping.set()
            self.consultee.stop()
            raise Interrupted(self.path) from None

    def _rounds(self) -> str:
        for round_name in ("critique", "self_critique"):
            self.run_round(round_name)
        if prompting.due(self.state()) == ("assessment", None):
            self.assess()
        outcome = self.files.validate_file(self.path)
        self.say(f"done: {outcome.replay.engine.state.council_line()}")
        return render.critique(outcome.replay.engine.state, outcome.findings)

    def run_round(self, round_name: str) -> None:
        state = self.state()
        pending = state.pending(round_name)
        if not pending:
            return
        self.say(f"{ROUND_NAMES[round_name]} round: {', '.join(pending)} ({min(self.parallel, len(pending))} "
                 f"at a time)")
        pool = ThreadPoolExecutor(max_workers=self.parallel)
        futures = [pool.submit(self.ask_persona, state, round_name, name) for name in pending]
        try:
            for future in as_completed(futures):
                future.result()
        except BaseException as stop:  # Ctrl-C, or a state file another process keeps locked
            self.stopping.set()
            self.consultee.stop()
            pool.shutdown(wait=True, cancel_futures=True)
            if isinstance(stop, KeyboardInterrupt):
                raise Interrupted(self.path) from None
            raise
        pool.shutdown(wait=True)

    def ask_persona(self, state, round_name: str, name: str) -> None:
        began = time.monotonic()
        self.say(f"{name}: {ROUND_NAMES[round_name]} asked")
        if round_name == "critique":
            envelope = self.consultee.call(prompting.critique_prompt(state, name), args=self._transcript(name))
        else:
            record = state.rounds["critique"][name]
            session = reply_envelope.session_id((record.provenance or {}).get("session_id"))
            envelope = self.consultee.call(prompting.self_critique_prompt(state, name), session=session,
                                           args=() if session else self._transcript(name))
        if self.stopping.is_set():
            return
        check_setup(self.consultee.name, envelope)
        self.say(f"{name}: {self.record(state, (round_name, name), envelope)} "
                 f"({time.monotonic() - began:.1f}s)")

    def record(self, state, step, envelope: dict, retry: bool = True) -> str:
        """Record the persona's reply; a refused reply is sent back once (same session) with the findings,
        and a second refusal is recorded as the persona's failure."""
        moves = ingest.moves_for_step(state, step, envelope)
        outcome = self.files.applied(self.path, moves, lock_timeout=self.lock_timeout)
        if outcome.applied:
            move = moves[0]
            if move["type"] == "persona_failure":
                return f"FAILED ({move['failure']}{': ' + move['detail'] if move.get('detail') else ''})"
            return _recorded(move)
        errors = [f for f in outcome.findings if f.is_error]
        codes = ", ".join(sorted({f.code for f in errors}))
        session = reply_envelope.session_id(envelope.get("session_id"))
        if retry and session and not self.stopping.is_set():
            self.say(f"{step[1]}: refused ({codes}); asked to correct it")
            again = self.consultee.call(prompting.correction_prompt(errors), session=session)
            if self.stopping.is_set():
                return "interrupted"
            return self.record(state, step, again, retry=False)
        refused = ingest.failure_move(step, "refused", f"refused by the validator: {codes}")
        self.files.applied(self.path, refused, lock_timeout=self.lock_timeout)
        return f"FAILED (refused: {codes})"

    def assess(self) -> None:
        state = self.state()
        self.say("final assessment asked")
        envelope = self.consultee.call(prompting.assessment_prompt(state), args=self._transcript("assessment"))
        check_setup(self.consultee.name, envelope)
        try:
            moves = ingest.moves_for_step(state, ("assessment", None), envelope)
            outcome = self.files.applied(self.path, moves, lock_timeout=self.lock_timeout)
            if outcome.applied:
                self.say("final assessment recorded")
                return
            problem = "refused: " + ", ".join(sorted({f.code for f in outcome.findings if f.is_error}))
        except ingest.IngestProblem as error:
            problem = str(error)
        self.files.applied(self.path, [mechanical_assessment(state)], lock_timeout=self.lock_timeout)
        self.say(f"final assessment from the consultee unusable ({problem}); recorded the computed summary")

    def _transcript(self, name: str) -> tuple:
        if not self.replay_dir:
            return ()
        slug = name.lower().replace(" ", "-")
        return ("--transcript", os.path.join(self.replay_dir, f"{slug}.json"))


def _recorded(move: dict) -> str:
    if move["type"] == "critique":
        from argcheck.protocols.council.rules_trees import walk

        return f"critique recorded ({sum(1 for _ in walk(move['critique_tree'], ''))} claims)"
    return f"self-critique recorded ({len(move['adjustments'])} adjustments)"


def mechanical_assessment(state) -> dict:
    """The final assessment written from the computed synthesis alone (objective by construction): each
    High and Critical point answered with what the synthesis holds about it; each conflict left open."""
    data = synthesis.synthesize(state)
    source = {"source": "orchestrator"}
    if not data["points"]:
        text = (synthesis.NO_FINDINGS_MESSAGE if data["no_findings"] else
                f"No persona responded ({state.council_line()}): the council produced no critique.")
        return {"type": "final_assessment", "text": text, "addressed": [], "provenance": source}
    parts = [f"{len(data['points'])} point(s) at adjusted confidence ≥ {state.inclusion_threshold}."]
    for severity in synthesis.SEVERITY_ORDER:
        ids = [p["id"] for p in data["points"] if p["severity"] == severity]
        if ids:
            parts.append(f"{severity}: {', '.join(ids)}.")
    return {"type": "final_assessment", "text": " ".join(parts), "responses": mechanical_responses(data),
            "resolutions": mechanical_resolutions(data), "provenance": source}


def mechanical_responses(data: dict) -> list[dict]:
    """One response per key finding holding a High or Critical point: the synthesis' verdict on it."""
    responses = []
    for item in data["key_findings"]:
        if item["severity"] not in HIGH_SEVERITIES:
            continue
        said = item["critiques"][0]
        responses.append({"id": said["id"], "point": said["critique"],
                          "response": f"The point stands as computed: {item['severity']} severity at adjusted "
                                      f"confidence {item['confidence']}, raised by {', '.join(item['personas'])}; "
                                      "no self-critique withdrew it."})
    return responses


def mechanical_resolutions(data: dict) -> list[dict]:
    """Every conflict left open: code does not arbitrate between personas, and says so."""
    return [{"conflict": c["id"], "outcome": "open",
             "reason": f"{', '.join(c['raised'])} raised and {', '.join(c['lowered'])} lowered confidence in "
                       "this passage; the computed summary does not arbitrate between personas."}
            for c in data["conflicts"]]


def run_at_init(options: dict, settings: dict, state_path: str | None, force: bool, files) -> tuple[str, str]:
    """`argcheck init council --run`: the council on options["document"] (a path), headless through the consult
    wrapper; `settings` are the run's options (consultee call, parallelism, resume, replay, lock wait). The
    consultee is the shell's runner, `files.consultee(name, wrapper=, timeout=)`: its `call(prompt, session,
    args)` returns an envelope (a failure envelope when the wrapper gave none), `stop()` ends every call."""
    from argcheck.protocols.council.reading import read_file_content

    if not options.get("consultee"):
        raise UsageProblem("--run needs --consultee (codex, claude, gemini, ollama, openai or replay)")
    document = options["document"]
    options = dict(options, document=read_file_content(document, workspace=options.get("workspace") or os.getcwd()))
    consultee = files.consultee(options["consultee"], wrapper=settings.get("wrapper"), timeout=settings.get("timeout"))
    return critique_goal_document(document, options, state_path, consultee, files, parallel=settings["parallel"],
                                  resume=bool(settings.get("resume")), force=force,
                                  replay_dir=settings.get("replay_dir"), lock_timeout=settings["lock_timeout"])


def critique_goal_document(document: str, options: dict, state_path: str | None, consultee, files, *,
                           parallel: int = 6, resume: bool = False, force: bool = False, progress=None,
                           replay_dir: str | None = None,
                           lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> tuple[str, str]:
    """Run (or resume) the whole council on `document`; returns (state path, formatted critique)."""
    import sys

    progress = progress or sys.stderr
    path = _prepared(document, options, state_path, resume, force, files)
    driver = Driver(path, consultee, parallel, progress, files, replay_dir, lock_timeout)
    state = driver.state()
    driver.say(f"{state.header['panel']['name']} panel, {len(state.personas)} personas, on {consultee.name}; "
               f"state {path}" + (f"; resuming: {state.council_line()}, {state.status}" if resume else ""))
    return path, driver.run()


def _prepared(document: str, options: dict, state_path: str | None, resume: bool, force: bool, files) -> str:
    if resume:
        if not state_path or not os.path.exists(state_path):
            raise UsageProblem("--resume needs --state pointing at an existing council")
        try:
            outcome = files.validate_file(state_path)
        except InputError as error:
            raise UsageProblem(f"{state_path}: {error.finding.message}") from None
        if outcome.replay is None or outcome.replay.protocol.name != "council" or \
                any(f.is_error for f in outcome.findings):
            raise UsageProblem(f"{state_path} is not a valid council state file (argcheck validate {state_path})")
        recorded = outcome.doc["header"]["document"]["sha256"]
        if recorded != options["document"]["sha256"]:
            raise UsageProblem(f"{document} is not the document {state_path} critiques (sha256 differs)")
        return state_path
    path, _ = files.init_file(state_path, "council", options, default_env(), force=force)
    return path
