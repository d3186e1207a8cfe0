"""How unexpected failures are reported: a short message, the traceback only on request."""

from __future__ import annotations

import os
import sys
import traceback

from argcheck.exitcodes import ExitCode


BROKEN_HINT = ("argcheck: the protocol breaks argcheck's contract (docs/adding-a-protocol.md); "
               "`argcheck doctor` and the contract tests name what is wrong\n")


def report_internal_error(crash: BaseException) -> int:
    from argcheck.core.contract import ProtocolProblem

    if isinstance(crash, ProtocolProblem):  # a broken protocol, not a crash of argcheck's own: no exit 3
        sys.stderr.write(f"argcheck: {crash}\n{BROKEN_HINT}")
        return int(ExitCode.USAGE)
    sys.stderr.write(f"argcheck: internal error: {type(crash).__name__}: {crash}\n")
    if os.environ.get("ARGCHECK_DEBUG"):
        traceback.print_exception(type(crash), crash, crash.__traceback__, file=sys.stderr)
    else:
        sys.stderr.write("argcheck: this is a bug; rerun with ARGCHECK_DEBUG=1 for the traceback and report it\n")
    return int(ExitCode.INTERNAL)
