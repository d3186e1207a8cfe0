"""The one exit-code table of the argcheck CLI."""

from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit status; documented in the README and in `argcheck --help`."""

    OK = 0  # clean: no error findings, the move was applied
    FINDINGS = 1  # rule findings at error severity; a refused move
    USAGE = 2  # bad arguments or unreadable input (not JSON, too big, not a file)
    INTERNAL = 3  # a bug in argcheck: please report it
    TERMINAL = 4  # the protocol reached a terminal state (circuit breaker, abort)
    BUSY = 5  # another process held the state file's lock for too long
    INTERRUPTED = 130  # Ctrl-C


# The exit code of a refused state file, by why it was refused (argcheck.files.operations.Refused.kind).
REFUSED = {"unreadable": ExitCode.USAGE, "broken": ExitCode.FINDINGS, "busy": ExitCode.BUSY}

EXIT_CODE_TABLE = (
    (ExitCode.OK, "clean: no error findings; a move was applied"),
    (ExitCode.FINDINGS, "rule findings at error severity; a refused move (file unchanged)"),
    (ExitCode.USAGE, "usage error or unreadable input: not JSON, too large, bad UTF-8, not a file"),
    (ExitCode.INTERNAL, "internal error in argcheck (a bug: please report it)"),
    (ExitCode.TERMINAL, "the protocol reached a terminal state (circuit breaker or abort)"),
    (ExitCode.BUSY, "the state file stayed locked by another process past --lock-timeout"),
    (ExitCode.INTERRUPTED, "interrupted (Ctrl-C)"),
)
