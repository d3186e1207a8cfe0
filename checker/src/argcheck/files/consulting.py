"""The one consultee runner: the prompt on stdin to the consult wrapper, one JSON envelope back on stdout
(docs/wrappers.md). `argcheck consult` and `argcheck init council --run` both call consultees through it.

The wrapper is, in this order: --wrapper, ARGCHECK_CONSULT, `argcheck-consult` on PATH (install.sh puts it
there), the checkout's wrappers/consult. --wrapper and ARGCHECK_CONSULT name a command split like a shell
would ("bash /path/to/wrappers/consult"), or a path to a wrapper, spaces and all. Each call has a deadline:
the wrapper's --timeout (CONSULT_TIMEOUT, else 300 s) plus WRAPPER_GRACE; the processes it starts are
owned by the run (files/stopping.py) and none outlives the call.
"""

from __future__ import annotations

import os
import shlex
import shutil
import threading
import time

WRAPPER = "argcheck-consult"
DEFAULT_TIMEOUT = 300.0  # the wrappers' own default (CONSULT_TIMEOUT)
# Seconds a call may take past the wrapper's --timeout: the wrappers' SIGTERM-to-SIGKILL 5 s, their own 2 s to
# write the envelope, and 1 s more; past that argcheck stops the call itself.
WRAPPER_GRACE = 8
SETUP_FAILURE = "not_installed"
NOT_AN_ENVELOPE = 'no "envelope": 1'



class ConsultProblem(Exception):
    """The wrapper could not be run, or printed no envelope (a consultee's failure comes back as an envelope).
    `failure` is the class a headless run records for it."""

    def __init__(self, message: str, failure: str = "cli_error") -> None:
        super().__init__(message)
        self.failure = failure


def wrapper_command(explicit: str | None = None) -> list[str]:
    """The consult wrapper as an argv prefix (raises ConsultProblem when there is none to run)."""
    for source, value in (("--wrapper", explicit), ("ARGCHECK_CONSULT", os.environ.get("ARGCHECK_CONSULT"))):
        if value and value.strip():
            return _runnable(_split(value.strip()), source)
    if shutil.which(WRAPPER):
        return [WRAPPER]
    checkout = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..",
                                             "wrappers", "consult"))
    if os.path.isfile(checkout) and os.access(checkout, os.X_OK):
        return [checkout]
    raise ConsultProblem(f"{WRAPPER} is not on PATH: run ./install.sh, or set ARGCHECK_CONSULT to the wrapper "
                         "command (e.g. \"bash wrappers/consult\")", SETUP_FAILURE)


def _split(value: str) -> list[str]:
    """A path to a file as it is (spaces and all); anything else split like a shell would."""
    if os.path.isfile(value):
        return [value]
    try:
        return shlex.split(value)
    except ValueError as error:
        raise ConsultProblem(f"cannot read the wrapper command {value!r}: {error}", SETUP_FAILURE) from None


def _runnable(command: list[str], source: str) -> list[str]:
    if not command or shutil.which(command[0]) is None:
        name = command[0] if command else ""
        raise ConsultProblem(f"{name!r} ({source}) is not found or not executable: run ./install.sh, or name the "
                             "wrapper command (e.g. \"bash wrappers/consult\")", SETUP_FAILURE)
    return command


def call_timeout(timeout: float | None) -> float:
    """The wrapper's own time limit for a call: `timeout`, CONSULT_TIMEOUT, else 300 s."""
    if timeout:
        return float(timeout)
    try:
        configured = float(os.environ.get("CONSULT_TIMEOUT", ""))
    except ValueError:
        configured = 0.0
    return configured if 0 < configured < 10 ** 9 else DEFAULT_TIMEOUT


class Consultee:
    """Calls one consultee through the wrapper; `stop` ends the calls running and refuses new ones.

    `reply` raises ConsultProblem when no envelope came (what `consult` reports); `call` records that as a
    failure envelope instead (what a headless run records for a persona)."""

    def __init__(self, name: str, wrapper: str | None = None, timeout: float | None = None, options=(),
                 capture_stderr: bool = True) -> None:
        self.name, self.wrapper, self.options = name, wrapper, list(options)
        self.timeout = call_timeout(timeout)
        if timeout:
            self.options += ["--timeout", f"{float(timeout):g}"]
        self.capture_stderr = capture_stderr
        self.running: dict = {}
        self.lock = threading.Lock()
        self.stopped = False

    def call(self, prompt: str, session: str | None = None, args=()) -> dict:
        """The normalized envelope for `prompt`; a call that gave none is a failure envelope."""
        try:
            return self.reply(prompt, session, args)
        except ConsultProblem as problem:
            return failed(self.name, problem.failure, str(problem))

    def reply(self, prompt: str, session: str | None = None, args=()) -> dict:
        """Run the wrapper (a new session, or `session` resumed) and return its envelope, normalized."""
        from argcheck.files import stopping

        argv = [*wrapper_command(self.wrapper), self.name, *self.options, *args]
        argv += ["resume", session] if session else ["new"]
        with stopping.owned_run() as run:
            with self.lock:
                if self.stopped:
                    raise ConsultProblem("the run was stopped")
                try:
                    child, marker = stopping.start(run, argv, self.capture_stderr)
                except OSError as error:
                    raise ConsultProblem(f"cannot run {argv[0]}: {error.strerror or error}", SETUP_FAILURE) from None
                self.running[child] = marker
            try:
                out, err, timed_out = stopping.exchange(child, prompt.encode("utf-8", "surrogatepass"),
                                                        time.monotonic() + self.timeout + WRAPPER_GRACE)
            finally:
                stopping.end_call(run, child, marker)
                with self.lock:
                    self.running.pop(child, None)
                _close(child)
        if timed_out:
            return failed(self.name, "timeout", f"no answer within {self.timeout + WRAPPER_GRACE:g} s")
        return envelope_of(out, err, child.returncode, shlex.join(argv[:2]))

    def stop(self) -> None:
        """End the calls still running (each in its own thread: their graces overlap) and refuse new ones."""
        from argcheck.files import stopping

        with self.lock:
            self.stopped = True
            running = list(self.running.items())
        with stopping.owned_run() as run:
            enders = [threading.Thread(target=stopping.end_call, args=(run, child, marker))
                      for child, marker in running]
            for ender in enders:
                ender.start()
            for ender in enders:
                ender.join()


def envelope_of(out: bytes, err: bytes, returncode: int, command: str) -> dict:
    """The wrapper's stdout as a normalized envelope (raises ConsultProblem when it is not one)."""
    from argcheck.core import jsonio, reply_envelope

    try:
        envelope, unreadable = jsonio.parse(out), None
    except jsonio.InputError as error:
        envelope, unreadable = None, error.finding.message
    if reply_envelope.is_envelope(envelope):
        return reply_envelope.normalize(envelope)
    lines = err.decode("utf-8", "replace").strip().splitlines()
    if not out.strip():
        what = "no envelope"
    else:
        what = f"output that is not an envelope ({unreadable or NOT_AN_ENVELOPE})"
    why = f": {lines[-1]}" if lines else ": its stderr above says why" if not out.strip() else ""
    raise ConsultProblem(f"{command} printed {what} (exit {returncode}){why}")


def failed(name: str, failure: str, detail: str) -> dict:
    """A failure envelope written by argcheck itself (the wrapper gave none)."""
    return {"envelope": 1, "consultee": name, "session_id": None, "response": None, "failure": failure,
            "detail": detail}


def _close(child) -> None:
    for stream in (child.stdin, child.stdout, child.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


# Codex CLI sets this in the commands it runs when its sandbox cuts the network (loopback included).
CODEX_NO_NETWORK = "CODEX_SANDBOX_NETWORK_DISABLED"
OFFLINE_CONSULTEES = frozenset({"replay"})  # answer from files, with no network


def sandbox_problem(consultee: str | None, environ=None) -> str | None:
    """Why a call to `consultee` cannot work from here, or None: inside a Codex CLI sandbox without network
    access no consultee CLI or endpoint can be reached, whichever agent it is (the replay consultee can)."""
    environ = os.environ if environ is None else environ
    if not consultee or consultee in OFFLINE_CONSULTEES or environ.get(CODEX_NO_NETWORK) != "1":
        return None
    return (f"the consultee {consultee} cannot be reached: this command runs inside Codex CLI's sandbox without "
            "network access. Nothing was recorded. Ask the user to start Codex with "
            "-c sandbox_workspace_write.network_access=true and the consultee's home folder writable "
            "(argcheck's README, Codex section), then run the same command again")
