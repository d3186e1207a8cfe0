"""The tool port filled in: what a protocol's own MCP tools use of this server (see argcheck.core.toolport)."""

from argcheck.exitcodes import ExitCode
from argcheck.output import findings_json
from argcheck.core.toolport import install
from argcheck.files import operations, statefile, writing
from argcheck.mcp import confinement
from argcheck.mcp.arguments import ToolProblem, json_value, rule_problem, state_path, string_value, usage
from argcheck.mcp.state_files import apply_moves, init_run, next_report, replayed


def write_state(path: str, doc: dict) -> None:
    """Write a run kept in memory to its state file (atomically), inside the project's .argcheck/."""
    confinement.check_state_write(path)
    writing.replace(path, statefile.serialize(doc))


install(ToolProblem=ToolProblem, usage=usage, rule_problem=rule_problem, json_value=json_value,
        string_value=string_value, state_path=state_path, ExitCode=ExitCode, findings_json=findings_json,
        replayed=replayed, apply_moves=apply_moves, init_run=init_run, next_report=next_report,
        replay_doc=operations.replay_doc, default_state_path=operations.default_state_path, write_state=write_state,
        Outcome=operations.Outcome)
