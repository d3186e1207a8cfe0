"""The rule registry: stable codes, SCREAMING_SNAKE names, severities, messages and docs."""

from __future__ import annotations

from collections import namedtuple

from argcheck.core.contract import ProtocolProblem
from argcheck.core.findings import SEVERITIES, Finding

# A rule's code and name follow these patterns; `is_code` and `is_name` check them with string tests (every
# rule is checked as its catalogue loads, and compiling the patterns would cost every call about 0.2 ms).
CODE_PATTERN = r"^[A-Z]{3}[0-9]{3}$"
CORE, CORE_PREFIX = "core", "ARG"
NAME_PATTERN = r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$"


def is_code(code) -> bool:
    """CODE_PATTERN: three capital letters, then three digits."""
    return (isinstance(code, str) and len(code) == 6 and code.isascii() and code[:3].isalpha()
            and code[:3].isupper() and code[3:].isdigit())


def is_name(name) -> bool:
    """NAME_PATTERN: SCREAMING_SNAKE words of capital letters and digits, the first starting with a letter."""
    return (isinstance(name, str) and name.isascii() and name[:1].isalpha()
            and all(word.isalnum() and word == word.upper() for word in name.split("_")))


class Rule(namedtuple("Rule", "code name severity message hint why example fix protocol")):
    """A rule's identity and documentation; the check itself lives with the protocol.

    `message` is a str.format template filled with the observed values; `hint` says what to do instead.
    """

    __slots__ = ()


class RuleBookProblem(ProtocolProblem, ValueError):
    """A protocol's catalogue defines a rule the rule book refuses (a bad code, name or severity, or a code or
    name another rule holds): a broken protocol, reported as such (exit 2), naming both rules of a clash."""


RULES: dict[str, Rule] = {}
_NAMES: dict[str, str] = {}  # name -> the code that holds it (names are global across protocols, as codes are)


def define(code, name, severity, message, hint, *, why, example, fix, protocol) -> Rule:
    """Register a rule; codes and names are unique across every protocol and never reused."""
    if not is_code(code) or not is_name(name):
        raise RuleBookProblem(f"protocol {protocol}: bad rule identity {code} {name} (a code is three capital "
                              f"letters and three digits, a name SCREAMING_SNAKE)")
    if code[:3] != code_prefix(protocol):
        raise RuleBookProblem(f"{code}: the {protocol} rules are numbered {code_prefix(protocol)}NNN")
    if severity not in SEVERITIES:
        raise RuleBookProblem(f"protocol {protocol}: bad severity {severity} for {code}")
    if code in RULES:
        raise RuleBookProblem(f"rule code {code} is defined twice: {name} ({protocol}) and {RULES[code].name} "
                              f"({RULES[code].protocol}); a code is never reused")
    if name in _NAMES:
        held = RULES[_NAMES[name]]
        raise RuleBookProblem(f"rule name {name} is defined twice: {held.code} ({held.protocol}) and {code} "
                              f"({protocol}); rule names are global across protocols: give {code} a name of its own")
    rule = Rule(code, name, severity, message, hint, why, example, fix, protocol)
    RULES[code] = rule
    _NAMES[name] = code
    return rule


def code_prefix(protocol: str) -> str:
    """The code family of `protocol`: ARG for the core, else what its spec declares (see `prefix_source`)."""
    if protocol == CORE:
        return CORE_PREFIX
    if _PREFIX_SOURCE is None:
        raise ValueError(f"no code prefix is known for {protocol}: argcheck.core.discovery is not loaded")
    return _PREFIX_SOURCE(protocol)


_PREFIX_SOURCE = None


def prefix_source(lookup) -> None:
    """Where protocols' code prefixes come from (discovery installs its lookup when it loads, which is before
    any protocol's catalogue: every protocol package's parent imports discovery)."""
    global _PREFIX_SOURCE
    _PREFIX_SOURCE = lookup


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


def slots(rule: Rule) -> list[str]:
    """The {slot} names a rule's message and hint use, in order of first use."""
    import string

    names = [field for text in (rule.message, rule.hint) for _, field, _, _ in string.Formatter().parse(text)
             if field]
    return list(dict.fromkeys(names))
