"""The argcheck entry point: one error boundary around a fast path and the click application.

Kept small and lazy: `argcheck --version` imports nothing else, and the everyday commands with plain
arguments run without click (see `argcheck.cli.fastpath`).
"""

from __future__ import annotations

import os
import sys

INTERRUPTED = 130  # ExitCode.INTERRUPTED, without importing enum for every call


def main(argv: list[str] | None = None) -> int:
    """Run argcheck and map every outcome onto the exit-code table."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv == ["--version"]:  # as click's version option prints it, without loading anything
        from argcheck import __version__

        sys.stdout.write(f"argcheck, version {__version__}\n")
        return 0
    try:
        from argcheck.cli.fastpath import run as run_fast

        code = run_fast(argv)
        if code is None:
            from argcheck.cli.clickapp import run

            code = run(argv)
        sys.stdout.flush()  # here, so that a closed pipe is handled below and not at exit
        return code
    except KeyboardInterrupt:
        sys.stderr.write("argcheck: interrupted\n")
        return INTERRUPTED
    except BrokenPipeError:
        _silence_broken_pipe()
        return 0
    except OSError as error:  # a file argcheck may not read or write (a planted link, a read-only folder)
        said = error.strerror or str(error)
        where = f"{error.filename}: " if error.filename and str(error.filename) not in said else ""
        sys.stderr.write(f"argcheck: {where}{said}\n")
        return 2  # ExitCode.USAGE
    except Exception as crash:  # the one boundary for bugs: never a bare traceback
        from argcheck.cli.errors import report_internal_error

        return report_internal_error(crash)


def _silence_broken_pipe() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
