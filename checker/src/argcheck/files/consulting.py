"""Calling a consultee through its wrapper: the prompt on stdin, one JSON envelope on stdout.

The wrapper is `argcheck-consult` on PATH (install.sh puts it there); ARGCHECK_CONSULT names another
command (split like a shell would, e.g. "bash /path/to/wrappers/consult").
"""

from __future__ import annotations

import os
import shlex
import shutil

WRAPPER = "argcheck-consult"


class ConsultProblem(Exception):
    """The wrapper could not be run at all (not a consultee failure: those come back as envelopes)."""


def wrapper_command() -> list[str]:
    configured = os.environ.get("ARGCHECK_CONSULT", "").strip()
    command = shlex.split(configured) if configured else [WRAPPER]
    if not command or shutil.which(command[0]) is None:
        raise ConsultProblem(f"{command[0] if command else WRAPPER!r} is not on PATH: run ./install.sh, or set "
                             "ARGCHECK_CONSULT to the wrapper command (e.g. \"bash wrappers/consult\")")
    return command


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


def consult(consultee: str, session_id: str | None, prompt: str, options: list[str]) -> bytes:
    """Run the wrapper (new session, or resume `session_id`) and return its stdout (the envelope)."""
    mode = ["resume", session_id] if session_id else ["new"]
    argv = [*wrapper_command(), consultee, *options, *mode]
    from argcheck.files import stopping

    try:
        returncode, stdout = stopping.run_stoppable(argv, prompt.encode("utf-8"))
    except OSError as error:
        raise ConsultProblem(f"cannot run {argv[0]}: {error.strerror or error}") from None
    if not stdout.strip():
        raise ConsultProblem(f"{shlex.join(argv[:2])} printed no envelope (exit {returncode}); "
                             "its stderr above says why")
    return stdout
