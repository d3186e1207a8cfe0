"""Findings: what a rule reports, in one shape for text and JSON output."""

from __future__ import annotations

from typing import NamedTuple

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (ERROR, WARNING, INFO)


class Finding(NamedTuple):
    """One rule finding: code, name, severity, message with the observed value, and a hint."""

    code: str
    name: str
    severity: str
    message: str
    hint: str
    path: str = ""
    move: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_dict(self) -> dict:
        return self._asdict()

    def format_text(self, source: str = "") -> str:
        where = ":".join(part for part in (source, self.path) if part) or "-"
        line = f"{where}: {self.code} {self.name} {self.severity}: {self.message}"
        return f"{line}\n    hint: {self.hint}" if self.hint else line


def has_errors(findings) -> bool:
    return any(f.severity == ERROR for f in findings)
