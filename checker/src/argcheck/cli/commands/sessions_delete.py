"""What `argcheck sessions delete RUN` removes: one run's state file, the reports argcheck wrote beside it (the
page of `argcheck view`, the critique `init --run --save` keeps), its lock, and its line in the run index; and
the y/N question before it (refused when there is no one to ask).
"""

from __future__ import annotations

import os

import click


REPORT_SUFFIXES = (".md", ".html")


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


def confirmed(files: list[str]) -> bool:
    """Ask y/N on the terminal; without one, nobody can confirm (the caller says to use --yes)."""
    if not click.get_text_stream("stdin").isatty():
        click.echo("argcheck: no terminal to confirm the deletion; run it again with --yes", err=True)
        return False
    return click.confirm("delete " + ", ".join(files) + "?", default=False, err=True)
