"""The protocol registry: every folder here with a `spec.py` is a protocol (see `contract.py`).

Protocols are discovered, never listed: adding `protocols/<name>/` is all it takes. Listing the names
reads directories only; a protocol's modules are imported when a state file or a command needs them.

ARGCHECK_PROTOCOL_PATH (directories separated by the OS path separator) adds folders whose
sub-packages are protocols too, importable as `argcheck.protocols.<name>` like the bundled ones.
"""

from __future__ import annotations

import importlib
import os

from argcheck.protocols.contract import ProtocolSpec, UsageProblem, check_spec

SPEC_MODULE = "spec.py"
__all__ = ["ProtocolSpec", "UsageProblem", "names", "spec", "specs", "load_catalogues", "RegistryProblem"]


class RegistryProblem(Exception):
    """A protocol folder whose spec breaks the contract (a bug in that protocol, not in the input)."""


def _extend_path() -> None:
    for folder in os.environ.get("ARGCHECK_PROTOCOL_PATH", "").split(os.pathsep):
        folder = os.path.abspath(folder) if folder else ""
        if folder and os.path.isdir(folder) and folder not in __path__:
            __path__.append(folder)


_extend_path()
_SPECS: dict[str, ProtocolSpec] = {}
_NAMES: list[str] = []


def names() -> list[str]:
    """The registered protocols, sorted (a directory scan, done once: nothing is imported)."""
    if _NAMES:
        return list(_NAMES)
    found = set()
    for folder in __path__:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            if entry.isidentifier() and os.path.isfile(os.path.join(folder, entry, SPEC_MODULE)):
                found.add(entry)
    _NAMES.extend(sorted(found))
    return list(_NAMES)


def is_registered(name) -> bool:
    return isinstance(name, str) and name in names()


def spec(name: str) -> ProtocolSpec:
    """The spec of protocol `name` (KeyError when there is no such protocol)."""
    if name in _SPECS:
        return _SPECS[name]
    if not is_registered(name):
        raise KeyError(name)
    package = f"{__name__}.{name}"
    declared = importlib.import_module(f"{package}.spec").SPEC
    problems = check_spec(declared, name) if isinstance(declared, ProtocolSpec) else ["SPEC is not a ProtocolSpec"]
    if problems:
        raise RegistryProblem(f"protocol {name}: " + "; ".join(problems))
    declared.package = package
    _SPECS[name] = declared
    return declared


def specs() -> list[ProtocolSpec]:
    """Every registered protocol's spec, by name."""
    return [spec(name) for name in names()]


def load_catalogues() -> None:
    """Import the core rules and every protocol's rule catalogue (for `argcheck rules` and the docs)."""
    importlib.import_module("argcheck.core_rules")
    for declared in specs():
        declared.part("catalog")
