"""`argcheck init <name> --run`: a protocol that runs at init (its spec's `runs_at_init`) runs headless now.

The protocol's `driver.run_at_init` does the run with the file operations it is given; this shell turns
what it raises into messages and exit codes. Such a protocol declares the `run` and `resume` flags.
"""

from __future__ import annotations

import click

from argcheck.exitcodes import REFUSED, ExitCode
from argcheck.core.contract import RunInterrupted, SetupFailure, UsageProblem
from argcheck.files import operations


def run_at_init(spec, options: dict, settings: dict, state: str | None, force: bool) -> int:
    try:
        path, text = spec.part("driver").run_at_init(options, settings, state, force, operations)
    except RunInterrupted as stop:
        click.echo(f"argcheck: interrupted; {stop.args[0]} is valid: run the same command with --resume "
                   f"--state {stop.args[0]} to continue", err=True)
        return int(ExitCode.INTERRUPTED)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    except SetupFailure as problem:
        click.echo(f"argcheck: {problem}; nothing was recorded for it. Fix it (`argcheck doctor` shows what is "
                   f"missing), then run the same command with --resume --state {state or 'STATE'}", err=True)
        return int(ExitCode.USAGE)
    except operations.Refused as refused:  # the lock stayed held (BUSY), or the file became unreadable
        why = "is locked by another process" if refused.kind == operations.BUSY else "cannot be read or replayed"
        click.echo(f"argcheck: {refused.path} {why}; nothing more was recorded", err=True)
        return int(REFUSED[refused.kind])
    except FileExistsError as error:
        raise click.UsageError(f"{error.args[0]} already exists (use --force to replace it, or --resume)") from None
    click.echo(text, nl=False)
    click.echo(f"argcheck: {spec.name} recorded in {path}", err=True)
    return int(ExitCode.OK)
