"""The protocol registry: each protocol is a package loaded only when a state file needs it.

A protocol package exposes:
  NAME, MOVE_TYPES, FINAL_STATUSES, TERMINAL_STATUSES
  make_header(options) -> dict                    header for `argcheck init` (raises UsageProblem)
  check_header(header) -> list[Finding]           shape of the header
  check_move_shape(move, path) -> list[Finding]   shape of one move (type already known)
  Engine(header, env)                             the reducer: .step(index, move) -> findings,
                                                  .finish() -> findings, .status
Optional presentation modules (next, prompt, ingest, render) are imported by the commands.
"""

from __future__ import annotations

import importlib

PROTOCOLS = {
    "deliberate": "argcheck.protocols.deliberate",
    "toulmin": "argcheck.protocols.toulmin",
}


class UsageProblem(Exception):
    """Bad options for a protocol (reported as a usage error, exit 2)."""


def names() -> list[str]:
    return sorted(PROTOCOLS)


def load(name: str):
    """The protocol's API module (`<package>.protocol`)."""
    return importlib.import_module(f"{PROTOCOLS[name]}.protocol")


def load_part(name: str, part: str):
    """Import one presentation module of a protocol, e.g. load_part("deliberate", "render")."""
    return importlib.import_module(f"{PROTOCOLS[name]}.{part}")


def load_catalogues() -> None:
    importlib.import_module("argcheck.core_rules")
    for module in PROTOCOLS.values():
        importlib.import_module(f"{module}.catalog")
