"""The rule registry: stable codes, SCREAMING_SNAKE names, severities, messages and docs."""

from __future__ import annotations

import re
from collections import namedtuple

from argcheck.findings import SEVERITIES, Finding

CODE_PATTERN = re.compile(r"^(ARG|DLB|TLM|CNL|TRZ)[0-9]{3}$")
NAME_PATTERN = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")


class Rule(namedtuple("Rule", "code name severity message hint why example fix protocol")):
    """A rule's identity and documentation; the check itself lives with the protocol.

    `message` is a str.format template filled with the observed values; `hint` says what to do instead.
    """

    __slots__ = ()


RULES: dict[str, Rule] = {}
_NAMES: set[str] = set()


def define(code, name, severity, message, hint, *, why, example, fix, protocol) -> Rule:
    """Register a rule; codes and names are unique and never reused."""
    if not CODE_PATTERN.match(code) or not NAME_PATTERN.match(name):
        raise ValueError(f"bad rule identity {code} {name}")
    if severity not in SEVERITIES:
        raise ValueError(f"bad severity {severity} for {code}")
    if code in RULES or name in _NAMES:
        raise ValueError(f"duplicate rule {code} {name}")
    rule = Rule(code, name, severity, message, hint, why, example, fix, protocol)
    RULES[code] = rule
    _NAMES.add(name)
    return rule


def finding(code: str, path: str = "", move: int | None = None, **values) -> Finding:
    """Build the finding for `code`, formatting its message and hint with `values`."""
    rule = RULES[code]
    return Finding(
        code=code,
        name=rule.name,
        severity=rule.severity,
        message=_fill(rule.message, values),
        hint=_fill(rule.hint, values),
        path=path,
        move=move,
    )


def _fill(template: str, values: dict) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def load_all_rules() -> dict[str, Rule]:
    """Import every protocol's rule catalogue and return the registry, sorted by code."""
    from argcheck.protocols import load_catalogues

    load_catalogues()
    return dict(sorted(RULES.items()))
