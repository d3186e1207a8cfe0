"""`argcheck verify`: validate every run of a project in one process (CI, pre-commit, a GitHub Action).

Each state file is replayed from scratch as `argcheck validate` does (the hash chain, every rule, and the
witness log where the run is witnessed); the exit status is 1 when any run has a finding at or above
--fail-on, 2 when a file cannot be read as a state file at all. Paths: files, or folders whose `*.json`
files are state files; none given: the project's `.argcheck/`.
"""

from __future__ import annotations

import glob
import os

from argcheck.exitcodes import ExitCode
from argcheck.files.operations import DEFAULT_STATE_DIR
from argcheck.output import echo, echo_json

FORMATS = ("text", "json", "sarif")


def state_files(paths) -> list[str]:
    """The state files `paths` name (a folder: its *.json files, sorted); none given: .argcheck/'s (none
    when there is no such folder)."""
    if not paths:
        return sorted(glob.glob(os.path.join(DEFAULT_STATE_DIR, "*.json")))
    found = []
    for path in paths:
        found += sorted(glob.glob(os.path.join(path, "*.json"))) if os.path.isdir(path) else [path]
    return list(dict.fromkeys(found))


def verify(paths, fmt: str = "text", fail_on: str = "error", output: str = "-") -> int:
    """Validate every state file and report them together; the worst exit code (terminal runs count as valid)."""
    from argcheck.cli.validating import validate_one

    files = state_files(paths)
    if not paths and not os.path.isdir(DEFAULT_STATE_DIR):
        echo(f"argcheck verify: no {DEFAULT_STATE_DIR}/ folder here, so no run to verify", err=True)
    reports, worst = [], ExitCode.OK
    for path in files:
        code, report = validate_one(path, "text" if fmt == "text" else "json", fail_on)
        reports.append(report)
        if code == ExitCode.USAGE or (code == ExitCode.FINDINGS and worst == ExitCode.OK):
            worst = code
    invalid = sum(not report["valid"] for report in reports)
    if fmt == "json":
        echo_json({"valid": invalid == 0, "runs": reports})
    elif fmt == "sarif":
        _write_sarif(reports, output)
    count = f"{len(reports)} run{'' if len(reports) == 1 else 's'}"
    echo(f"verified {count}: {len(reports) - invalid} valid, {invalid} invalid", err=fmt != "text")
    return int(worst)


def _write_sarif(reports: list, output: str) -> None:
    import json

    from argcheck.cli import sarif

    text = json.dumps(sarif.log(reports, _lines), indent=2, ensure_ascii=False) + "\n"
    if output == "-":
        echo(text, nl=False)
        return
    from argcheck.files import writing

    writing.write_text(output, text)
    echo(f"wrote {output}", err=True)


def _lines(source: str) -> list[str]:
    try:
        with open(source, encoding="utf-8", errors="replace") as handle:
            return handle.read().splitlines()
    except OSError:
        return []
