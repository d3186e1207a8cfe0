"""Calling a consultee through its wrapper: the prompt on stdin, one JSON envelope on stdout.

The wrapper is `argcheck-consult` on PATH (install.sh puts it there); ARGCHECK_CONSULT names another
command (split like a shell would, e.g. "bash /path/to/wrappers/consult").
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess

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


def consult(consultee: str, session_id: str | None, prompt: str, options: list[str]) -> bytes:
    """Run the wrapper (new session, or resume `session_id`) and return its stdout (the envelope)."""
    mode = ["resume", session_id] if session_id else ["new"]
    argv = [*wrapper_command(), consultee, *options, *mode]
    try:
        done = subprocess.run(argv, input=prompt.encode("utf-8"), stdout=subprocess.PIPE, check=False)
    except OSError as error:
        raise ConsultProblem(f"cannot run {argv[0]}: {error.strerror or error}") from None
    if not done.stdout.strip():
        raise ConsultProblem(f"{shlex.join(argv[:2])} printed no envelope (exit {done.returncode}); "
                             "its stderr above says why")
    return done.stdout
