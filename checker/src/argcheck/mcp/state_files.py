"""The state-file operations the tools share: create, replay and apply, each failure as a ToolProblem.

Everything goes through `argcheck.files.operations` (atomic writes under a lock, the same checks and codes as
the CLI).
"""

import os

from argcheck.files import operations
from argcheck.core import protocol_calls
from argcheck.core import discovery
from argcheck.core.env import default_env
from argcheck.exitcodes import REFUSED, ExitCode
from argcheck.mcp.argument_names import in_tool_terms
from argcheck.mcp.arguments import ToolProblem, rule_problem, usage

# Shorter than the CLI's default (statefile.DEFAULT_LOCK_TIMEOUT): a tool call should answer BUSY, which
# says to retry, before a client's own request timeout (often 60 s) gives up on it.
LOCK_TIMEOUT = 30.0


def replayed(path: str) -> operations.Outcome:
    """The state file at `path` replayed from scratch (a problem when it cannot be read or replayed)."""
    try:
        return operations.replayed(path)
    except operations.Refused as refused:
        raise refused_problem(refused) from None


def refused_problem(refused: operations.Refused) -> ToolProblem:
    """A refused state file as a tool problem: named after its first finding, or BUSY for the lock."""
    if refused.kind == operations.BUSY:
        return ToolProblem("BUSY", "STATE_LOCKED", f"{refused.path} stayed locked by another process for "
                           f"{refused.waited}s", "retry in a moment", exit_code=int(ExitCode.BUSY), state=refused.path)
    return rule_problem(refused.findings, exit_code=int(REFUSED[refused.kind]), state=refused.path)


def describe(outcome: operations.Outcome, path: str) -> dict:
    """The fields every result about a run starts with: state, protocol, status."""
    doc = outcome.doc
    return {"state": path, "protocol": doc["protocol"], "status": outcome.replay.engine.status}


def apply_moves(path: str, moves: list, refuse=None) -> operations.Outcome:
    """Apply `moves` to the state file under its lock (all or nothing; `refuse` as operations.apply_to_file)."""
    try:
        return operations.applied(path, moves, lock_timeout=LOCK_TIMEOUT, refuse=refuse)
    except operations.Refused as refused:
        raise refused_problem(refused) from None


def init_run(protocol: str, options: dict, path: str | None, force: bool = False) -> tuple[str, dict]:
    """Create the state file of a new run (at the default path when `path` is None); returns path and doc."""
    env = default_env(options.get("workspace"))
    try:
        path, doc = operations.init_file(path, protocol, options, env, force=force)
        path = os.path.abspath(path)
    except discovery.UsageProblem as problem:
        found = getattr(problem, "finding", None)
        if found is not None:
            raise rule_problem([found._replace(message=in_tool_terms(found.message))],
                               exit_code=int(ExitCode.USAGE)) from None
        raise usage(in_tool_terms(str(problem))) from None
    except FileExistsError as error:
        raise usage(f"{error.args[0]} already exists", "pass force=true to replace it, or another state path") from None
    except OSError as error:
        raise usage(f"cannot write {path}: {error.strerror or error}") from None
    return path, doc


def next_report(outcome, path: str) -> dict:
    """The protocol's report of what is due or allowed now."""
    return protocol_calls.call(outcome.replay.protocol, "next_report", outcome.replay.engine.state, path)
