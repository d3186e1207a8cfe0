"""Findings: what a rule reports, in one shape for text and JSON output."""

from __future__ import annotations

from collections import namedtuple

ERROR = "error"
WARNING = "warning"
INFO = "info"
SEVERITIES = (ERROR, WARNING, INFO)


# collections.namedtuple, not typing.NamedTuple: importing typing costs a short call several milliseconds.
class Finding(namedtuple("Finding", "code name severity message hint path move", defaults=("", None))):
    """One rule finding: code, name, severity, message with the observed value, and a hint.

    Fields: code, name, severity, message, hint (str); path (str, default ""); move (int or None).
    """

    __slots__ = ()

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
