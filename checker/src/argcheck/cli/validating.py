"""Validate state files and report: shared by `argcheck validate` and its click-free fast path."""

from __future__ import annotations

from argcheck.files import operations
from argcheck.exitcodes import ExitCode
from argcheck.core.findings import ERROR, WARNING
from argcheck.core.jsonio import InputError
from argcheck.output import echo_findings, echo_json, findings_json, say, summary

_RANK = {ExitCode.OK: 0, ExitCode.TERMINAL: 1, ExitCode.FINDINGS: 2, ExitCode.USAGE: 3}


def validate_paths(states, fmt: str = "text", fail_on: str = ERROR) -> int:
    """Validate every state file (a path, or - for standard input), print the findings, return the worst exit
    code. `argcheck validate` and its click-free fast path (the options: argcheck.cli.options) both run this."""
    worst = ExitCode.OK
    reports = []
    for path in states:
        code, report = validate_one(path, fmt, fail_on)
        reports.append(report)
        worst = max(worst, code, key=lambda c: _RANK.get(c, 4))
    if fmt == "json":
        echo_json(reports if len(reports) > 1 else reports[0])
    return int(worst)


def validate_one(path: str, fmt: str, fail_on: str):
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
        say(f"{path}: {_describe(outcome, findings)}")
    return code, report


def _terminal_or_ok(outcome) -> ExitCode:
    if outcome.replay and outcome.replay.engine.status in outcome.replay.protocol.terminal_statuses:
        return ExitCode.TERMINAL
    return ExitCode.OK


def _describe(outcome, findings) -> str:
    if outcome.replay is None:
        return "not a valid state file"
    doc = outcome.doc
    count = len(doc["moves"])
    what = f"{doc['protocol']}, {outcome.replay.engine.status}, {count} move{'' if count == 1 else 's'}"
    return f"{summary(findings)} ({what})" if findings else f"valid ({what})"
