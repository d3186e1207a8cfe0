"""argcheck validate: replay whole state files and report every finding."""

from __future__ import annotations

import click

from argcheck import operations
from argcheck.exitcodes import ExitCode
from argcheck.findings import ERROR, WARNING
from argcheck.jsonio import InputError
from argcheck.output import FORMAT_OPTION, echo_findings, echo_json, findings_json, summary


@click.command("validate")
@click.argument("states", nargs=-1, required=True, type=click.Path(allow_dash=True))
@FORMAT_OPTION
@click.option("--fail-on", type=click.Choice([ERROR, WARNING]), default=ERROR, show_default=True,
              help="Lowest severity that makes the exit status 1.")
def command(states, fmt, fail_on):
    """Replay each STATE file from scratch and check every rule and the integrity of its log.

    Use - to read one state from standard input.
    """
    worst = ExitCode.OK
    reports = []
    for path in states:
        code, report = _validate_one(path, fmt, fail_on)
        reports.append(report)
        worst = max(worst, code, key=_rank)
    if fmt == "json":
        echo_json(reports if len(reports) > 1 else reports[0])
    return int(worst)


def _rank(code):
    return {ExitCode.OK: 0, ExitCode.TERMINAL: 1, ExitCode.FINDINGS: 2, ExitCode.USAGE: 3}.get(code, 4)


def _validate_one(path: str, fmt: str, fail_on: str):
    try:
        outcome = operations.validate_file(path)
    except InputError as error:
        if fmt == "text":
            echo_findings([error.finding], path)
        return ExitCode.USAGE, {"source": path, "valid": False, "findings": findings_json([error.finding])}
    findings = outcome.findings
    failing = {ERROR} if fail_on == ERROR else {ERROR, WARNING}
    failed = any(f.severity in failing for f in findings)
    code = ExitCode.FINDINGS if failed else _terminal_or_ok(outcome)
    report = {"source": path, "valid": not failed, "findings": findings_json(findings)}
    if outcome.replay is not None:
        report.update(protocol=outcome.doc["protocol"], status=outcome.replay.engine.status,
                      moves=len(outcome.doc["moves"]))
    if fmt == "text":
        echo_findings(findings, path)
        click.echo(f"{path}: {_describe(outcome, findings)}")
    return code, report


def _terminal_or_ok(outcome) -> ExitCode:
    if outcome.replay and outcome.replay.engine.status in outcome.replay.protocol.TERMINAL_STATUSES:
        return ExitCode.TERMINAL
    return ExitCode.OK


def _describe(outcome, findings) -> str:
    if outcome.replay is None:
        return "not a valid state file"
    doc = outcome.doc
    what = f"{doc['protocol']}, {outcome.replay.engine.status}, {len(doc['moves'])} moves"
    return f"{summary(findings)} ({what})" if findings else f"valid ({what})"
