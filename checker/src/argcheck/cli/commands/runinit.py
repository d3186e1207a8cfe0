"""`argcheck init <name> --run`: a protocol that runs at init (its spec's `runs_at_init`) runs headless now.

The protocol's `driver.run_at_init` does the run with the file operations it is given (its state file
started witnessed under argcheck's hooks, as `argcheck init` starts one); this shell turns what it raises into
messages and exit codes. Such a protocol declares the `run` and `resume` flags.
"""

from __future__ import annotations

import os

import click

from argcheck.exitcodes import REFUSED, ExitCode
from argcheck.core import protocol_calls
from argcheck.core.contract import RunInterrupted, SetupFailure, UsageProblem
from argcheck.files import operations


def run_at_init(spec, options: dict, settings: dict, state: str | None, force: bool) -> int:
    from argcheck.files.consulting import sandbox_problem

    problem = sandbox_problem(options.get("consultee"))
    if problem:  # before the run records every persona as failed
        click.echo(f"argcheck: {problem}", err=True)
        return int(ExitCode.USAGE)
    from argcheck.files.stopping import owned_run

    try:
        with owned_run():  # every process the run starts ends with it (Ctrl-C, SIGTERM, SIGHUP included)
            path, text = protocol_calls.call(spec, "run_at_init", options, settings, state, force,
                                             _WitnessedFiles(operations))
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
    text = _marked(path, text)
    if settings.get("save"):  # a protocol that declares `save`: the report beside the state file, not on stdout
        return save_beside(spec, path, text)
    click.echo(text, nl=False)
    click.echo(f"argcheck: {spec.name} recorded in {path}", err=True)
    return int(ExitCode.OK)


class _WitnessedFiles:
    """The file operations a run at init is given, its state file started witnessed when argcheck's hooks are
    in place, as `argcheck init` starts one (files/sessionmarks.witnessed_env): a headless run the agent starts
    under the hooks is the agent's run too."""

    def __init__(self, files) -> None:
        self._files = files

    def __getattr__(self, name: str):
        return getattr(self._files, name)

    def init_file(self, state, protocol: str, options: dict, env, force: bool = False):
        from argcheck.files.sessionmarks import witnessed_env

        return self._files.init_file(state, protocol, options, witnessed_env(env, state), force=force)


def save_beside(spec, path: str, text: str) -> int:
    """Write the run's report to STATE.md (the state file's own folder: nowhere the user did not choose)."""
    report = os.path.splitext(path)[0] + ".md"
    try:
        from argcheck.files import writing

        writing.write_text(report, text)
    except OSError as error:
        click.echo(f"argcheck: cannot write {report}: {error.strerror or error}", err=True)
        return int(ExitCode.USAGE)
    click.echo(f"argcheck: {spec.name} recorded in {path}; its report is in {report}", err=True)
    return int(ExitCode.OK)


def _marked(path: str, text: str) -> str:
    """The run's Markdown report with the unwitnessed mark every report of such a run carries."""
    from argcheck.core.witnessing import marked_markdown

    try:
        header = operations.load_doc(path).get("header") or {}
    except operations.InputError:
        return text
    return marked_markdown(text, header)
