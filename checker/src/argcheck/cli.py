"""The argcheck entry point: one error boundary around a fast path and the click application."""

from __future__ import annotations

import os
import sys

from argcheck.exitcodes import ExitCode


def main(argv: list[str] | None = None) -> int:
    """Run argcheck and map every outcome onto the exit-code table."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        from argcheck.validating import fast_validate

        code = fast_validate(argv)
        if code is None:
            from argcheck.clickapp import run

            code = run(argv)
        return code
    except KeyboardInterrupt:
        sys.stderr.write("argcheck: interrupted\n")
        return int(ExitCode.INTERRUPTED)
    except BrokenPipeError:
        _silence_broken_pipe()
        return int(ExitCode.OK)
    except Exception as crash:  # the one boundary for bugs: never a bare traceback
        from argcheck.errors import report_internal_error

        return report_internal_error(crash)


def _silence_broken_pipe() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
