"""Discovery: the protocols found on disk, their specs, and their rule catalogues.

Every folder under `argcheck/protocols/` with a `spec.py` is a protocol (see `argcheck.core.contract`);
protocols are discovered, never listed. Listing the names reads directories only; a protocol's modules
are imported when a state file or a command needs them.

ARGCHECK_PROTOCOL_PATH (directories separated by the OS path separator) adds folders whose
sub-packages are protocols too, importable as `argcheck.protocols.<name>` like the bundled ones.
"""

from __future__ import annotations

import os
import re

from argcheck.core import rules
from argcheck.core.contract import ProtocolProblem, ProtocolSpec, UsageProblem, check_spec, load_module

SPEC_MODULE = "spec.py"
# One rule for a protocol's name, its folder's: it also names a Python package, a skill (install.sh checks
# skills/<name> with the same pattern) and the command `argcheck init <name>`.
NAME_PATTERN = r"^[a-z][a-z0-9]*$"  # as install.sh writes it; follows_name_rule checks it without compiling it
NAME_RULE = "a protocol's name is lowercase letters and digits, starting with a letter"
PACKAGE = "argcheck.protocols"
BUNDLED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "protocols")
__all__ = ["ProtocolSpec", "UsageProblem", "names", "spec", "specs", "load_catalogues", "RegistryProblem"]


class RegistryProblem(ProtocolProblem):
    """A protocol folder whose spec breaks the contract (a bug in that protocol, not in the input)."""


def extra_folders() -> list[str]:
    """The folders ARGCHECK_PROTOCOL_PATH adds, absolute, those that exist."""
    found = []
    for folder in os.environ.get("ARGCHECK_PROTOCOL_PATH", "").split(os.pathsep):
        folder = os.path.abspath(folder) if folder else ""
        if folder and os.path.isdir(folder) and folder not in found:
            found.append(folder)
    return found


_SPECS: dict[str, ProtocolSpec] = {}
_NAMES: list[str] = []


def names() -> list[str]:
    """The registered protocols, sorted (a directory scan, done once: nothing is imported)."""
    if _NAMES:
        return list(_NAMES)
    found = set()
    for folder in [BUNDLED, *extra_folders()]:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            if os.path.isfile(os.path.join(folder, entry, SPEC_MODULE)):
                found.add(_checked_name(entry, folder))
    _NAMES.extend(sorted(found))
    return list(_NAMES)


def _checked_name(entry: str, folder: str) -> str:
    """`entry`, a folder holding a spec.py, when its name follows the rule (RegistryProblem otherwise)."""
    if not follows_name_rule(entry):
        better = re.sub(r"[^a-z0-9]", "", entry.lower()).lstrip("0123456789") or "NAME"
        raise RegistryProblem(f"protocol folder {os.path.join(folder, entry)}: {NAME_RULE} (it names a Python "
                              f"package, a skill and `argcheck init <name>`); rename it, e.g. to {better}")
    return entry


def follows_name_rule(name: str) -> bool:
    """NAME_PATTERN, in string tests: compiling the pattern would cost every call about 0.05 ms."""
    return name.isascii() and name[:1].isalpha() and name.isalnum() and name == name.lower()


def is_registered(name) -> bool:
    return isinstance(name, str) and name in names()


def spec(name: str) -> ProtocolSpec:
    """The spec of protocol `name` (KeyError when there is no such protocol)."""
    if name in _SPECS:
        return _SPECS[name]
    if not is_registered(name):
        raise KeyError(name)
    _open_extra_folders()
    package = f"{PACKAGE}.{name}"
    declared = load_module(f"{package}.spec").SPEC
    problems = check_spec(declared, name) if isinstance(declared, ProtocolSpec) else ["SPEC is not a ProtocolSpec"]
    if problems:
        raise RegistryProblem(f"protocol {name}: " + "; ".join(problems))
    declared.package = package
    _SPECS[name] = declared
    return declared


def _open_extra_folders() -> None:
    """Make the protocols in ARGCHECK_PROTOCOL_PATH importable as argcheck.protocols.<name>."""
    search = load_module(PACKAGE).__path__
    for folder in extra_folders():
        if folder not in search:
            search.append(folder)


def specs() -> list[ProtocolSpec]:
    """Every registered protocol's spec, by name."""
    return [spec(name) for name in names()]


def code_prefix(protocol: str) -> str:
    """The code family of `protocol`: ARG for the core, else what the protocol's spec declares."""
    return rules.CORE_PREFIX if protocol == rules.CORE else spec(protocol).code_prefix


rules.prefix_source(code_prefix)  # the rule book checks each code against its protocol's prefix


def catalogue_module(protocol: str):
    """The module that defines `protocol`'s rules (the core's, or the protocol's `catalog`)."""
    if protocol == rules.CORE:
        return load_module("argcheck.core.arg_rules")
    return spec(protocol).part("catalog")


def load_catalogues() -> None:
    """Import the core rules and every protocol's rule catalogue (for `argcheck rules` and the docs)."""
    catalogue_module(rules.CORE)
    for declared in specs():
        declared.part("catalog")


def load_all_rules() -> dict[str, rules.Rule]:
    """Import every protocol's rule catalogue and return the registry, sorted by code."""
    load_catalogues()
    return dict(sorted(rules.RULES.items()))


def placeholders(protocol: str) -> dict[str, str]:
    """What each {slot} of `protocol`'s messages means (the core's explain the slots they share)."""
    core = getattr(catalogue_module(rules.CORE), "PLACEHOLDERS", {})
    own = getattr(catalogue_module(protocol), "PLACEHOLDERS", {}) if protocol != rules.CORE else {}
    return {**core, **own}


def where_checked(rule: rules.Rule) -> dict:
    """The rule's entry in the generated rule index (checked_in, tested_by, example); {} when not indexed."""
    from argcheck.core.ruleindex import read_index

    folder = os.path.dirname(catalogue_module(rule.protocol).__file__)
    return read_index(folder).get(rule.code, {})
