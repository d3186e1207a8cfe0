"""argcheck sessions delete RUN: one run's state file, the reports argcheck wrote beside it (the page of
`argcheck view`, the critique `init --run --save` keeps), its lock, and its line in the run index.

A run still open is refused unless --force; the deletion is confirmed (y/N) unless --yes, and refused when
there is no one to ask.
"""

from __future__ import annotations

import os

import click

from argcheck.exitcodes import ExitCode

REPORT_SUFFIXES = (".md", ".html")


def register(group) -> None:
    group.add_command(delete)


@click.command("delete")
@click.argument("run")
@click.option("--dir", "dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="A directory of state files (repeatable; default ./.argcheck).")
@click.option("--yes", is_flag=True, help="Delete without asking.")
@click.option("--force", is_flag=True, help="Also delete a run that is still open.")
def delete(run, dirs, yes, force):
    """Delete one run: RUN is its state file or its id (as `argcheck sessions` lists them), with the
    reports beside it (.md, .html) and its run-index entry."""
    from argcheck.cli.commands.sessions import _finished, scan

    rows = scan(dirs)
    matches = [row for row in rows if run in (row["path"], row.get("id"), os.path.basename(row["path"]))
               or os.path.abspath(run) == os.path.abspath(row["path"])]
    if len(matches) != 1:
        where = ", ".join(dirs or (".argcheck",))
        why = "no run" if not matches else f"{len(matches)} runs"
        raise click.UsageError(f"{why} named {run!r} in {where} (`argcheck sessions` lists them)")
    row = matches[0]
    if not force and not _finished(row):
        click.echo(f"argcheck: {row['path']} is still open ({row['status']}): finish or cancel it, or delete it "
                   "with --force", err=True)
        return int(ExitCode.USAGE)
    files = [row["path"], *companions(row["path"])]
    if not yes and not _confirmed(files):
        click.echo("argcheck: nothing deleted", err=True)
        return int(ExitCode.USAGE)
    for path in remove_run(row["path"]):
        click.echo(f"deleted {path}")
    return int(ExitCode.OK)


def companions(state_path: str) -> list[str]:
    """The reports argcheck writes beside a state file, those that exist."""
    root, _ = os.path.splitext(state_path)
    return [root + suffix for suffix in REPORT_SUFFIXES if os.path.isfile(root + suffix)]


def remove_run(state_path: str) -> list[str]:
    """Delete the state file (under its lock), its reports and its index line; returns what was deleted."""
    from argcheck.files import runindex, statefile

    removed = []
    try:
        with statefile.locked(state_path, timeout=0):
            os.unlink(state_path)
            removed.append(state_path)
    except statefile.LockBusy:
        raise click.ClickException(f"{state_path} is being written by another process; kept it") from None
    for path in companions(state_path):
        os.unlink(path)
        removed.append(path)
    runindex.forget(state_path)
    return removed


def _confirmed(files: list[str]) -> bool:
    """Ask y/N on the terminal; without one, nobody can confirm (the caller says to use --yes)."""
    if not click.get_text_stream("stdin").isatty():
        click.echo("argcheck: no terminal to confirm the deletion; run it again with --yes", err=True)
        return False
    return click.confirm("delete " + ", ".join(files) + "?", default=False, err=True)
