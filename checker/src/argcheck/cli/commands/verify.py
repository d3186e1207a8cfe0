"""argcheck verify: validate every run of a project in one process, for CI (text, json or SARIF 2.1.0)."""

from __future__ import annotations

import click

from argcheck.cli.verifying import FORMATS, verify
from argcheck.core.effects import READS, WRITES, Effect, declare


@declare(paths=Effect(READS, default=".argcheck"), output=Effect(WRITES))
@click.command("verify")
@click.argument("paths", nargs=-1, type=click.Path(dir_okay=True))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people, json for machines, sarif for code scanning (SARIF 2.1.0).")
@click.option("--fail-on", "fail_on", type=click.Choice(("error", "warning")), default="error", show_default=True,
              help="Lowest severity that makes the exit status 1.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="Write the SARIF log to this file instead of stdout (--format sarif).")
def command(paths, fmt, fail_on, output):
    """Validate every run under .argcheck/ (or the PATHS: state files, or folders of them): the hash chain,
    every rule, and the witness log of a witnessed run. Exit status 1 when any run is invalid."""
    return verify(paths, fmt, fail_on, output)
