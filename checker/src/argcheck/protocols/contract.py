"""The protocol contract: what one folder under `argcheck/protocols/<name>/` must provide.

A protocol is a package whose `spec.py` defines `SPEC = ProtocolSpec(...)`. The spec holds the light,
declarative facts (name, code prefix, statuses, render formats, which optional parts exist); the heavy
parts are modules of the package with fixed names, imported only when a command needs them:

  header.py        make_header(options) -> dict (raises UsageProblem); check_header(header) -> [Finding]
  _shapes.py       generated shape checkers: VALIDATORS per move type and "header", NULLABLE
  models.py        the pydantic models the schemas and `_shapes.py` are generated from
  catalog.py       the rule catalogue (`registry.define`) and PLACEHOLDERS (what each message slot means)
  engine.py        Engine(header, env) with .state, .status, .step(index, move), .finish() and HANDLERS,
                   one handler per move type (the reducer; pure)
  nextstep.py      report(state, state_path) -> dict with "next": {actor, text, commands} (actor one of
                   AGENT_ACTORS when the orchestrating agent owes the move); format_text(report) -> str
  prompting.py     render_prompt(state) -> str
  ingest.py        IngestProblem; moves_from_envelope(state, reply) -> [move]; moves_after_refusal(reply, found)
  render.py        render(state, fmt, findings) -> str, for every fmt in SPEC.formats
  init_command.py  command: the click command `argcheck init <name>`
  personas/        prompt templates (*.md), copied into skills/<name>/personas/ by generate.py
Optional, each announced by a flag on the spec:
  document.py      is_document(doc) -> bool; replay_document(doc, env) -> (view, Replay)   (standalone_document)
  mcp_tools.py     TOOLS: the protocol's own MCP tool functions; optionally RESOURCES    (mcp_tools)
                   {uri: function} and PROMPTS {name: function}, each returning text
  demo.py          run(out, *, keep_dir, pause, color) -> int                              (demo)

Nothing outside a protocol's folder names it: the CLI, the MCP server, the generated docs and the schemas
all read the registered specs (`argcheck.protocols.specs()`).
"""

from __future__ import annotations

import importlib
import re
from functools import cached_property

# The `next.actor` values of a nextstep report that name the orchestrating agent itself; any other actor
# (the user, a consultee, an arbiter, ...) is someone the run waits for (the Stop hook reads this).
AGENT_ACTORS = frozenset({"agent", "orchestrator"})
REQUIRED_PARTS = ("header", "_shapes", "models", "catalog", "engine", "nextstep", "prompting", "ingest", "render",
                  "init_command")
PREFIX_PATTERN = re.compile(r"^[A-Z]{3}$")


class UsageProblem(Exception):
    """Bad options for a protocol (reported as a usage error, exit 2)."""


class Engine:
    """The reducer's interface (documentation only: engines need not inherit from it).

    An engine replays a log one move at a time: `state` (the derived state), `status` (a string),
    `step(index, move) -> [Finding]` and `finish() -> [Finding]`.
    """


class ProtocolSpec:
    """One protocol's declaration (see the module docstring for the parts its package provides).

    A plain class rather than a dataclass: every short command builds one, and dataclasses (with
    inspect and typing) cost more to import than the commands' own work.
    """

    def __init__(self, *, name: str, code_prefix: str, summary: str, initial_status: str,
                 final_statuses: frozenset, terminal_statuses: frozenset, formats: tuple, init_options: str,
                 mcp_instructions: str = "", standalone_document: bool = False, mcp_tools: bool = False,
                 demo: str = "", main_demo: bool = False, subject: str = "question",
                 checks_own_placeholders: bool = False) -> None:
        self.name = name
        self.code_prefix = code_prefix
        self.summary = summary  # one line: what a run of this protocol is
        self.initial_status = initial_status
        self.final_statuses = frozenset(final_statuses)
        self.terminal_statuses = frozenset(terminal_statuses)
        self.formats = tuple(formats)  # what `render` produces; the first is the default
        self.init_options = init_options  # the init options as MCP clients pass them, e.g. "{question}"
        self.mcp_instructions = mcp_instructions  # how an MCP client drives a run (in the server's instructions)
        self.standalone_document = standalone_document
        self.mcp_tools = mcp_tools
        self.demo = demo  # one line on what `argcheck demo <name>` shows; empty: no demo
        self.main_demo = main_demo  # the demo `argcheck demo` plays without a name (one protocol at most)
        self.subject = subject  # the header field (dotted when nested) naming what a run is about: `sessions`
        # True when the protocol's own rules refuse skeleton placeholders ("..."); else the core's ARG027 does
        self.checks_own_placeholders = checks_own_placeholders
        self.package = ""  # set by the registry

    def __repr__(self) -> str:
        return f"ProtocolSpec(name={self.name!r}, code_prefix={self.code_prefix!r})"

    def part(self, name: str):
        """Import one module of the protocol's package, e.g. spec.part("render")."""
        return importlib.import_module(f"{self.package}.{name}")

    # -- the state-file core: header, shapes, reducer ------------------------------------------------------

    def rules(self):
        """The protocol's rule catalogue, imported (so its codes are registered before any check runs)."""
        return self.part("catalog")

    def make_header(self, options: dict) -> dict:
        self.rules()
        return self.part("header").make_header(options)

    def check_header(self, header) -> list:
        self.rules()
        return self.part("header").check_header(header)

    @cached_property
    def shapes(self):
        return self.part("_shapes")

    @cached_property
    def move_types(self) -> tuple:
        return tuple(kind for kind in self.shapes.VALIDATORS if kind != "header")

    def check_move_shape(self, move: dict, path: str) -> list:
        from argcheck.shapes import check_shape

        return check_shape(self.shapes, move["type"], move, path)

    def new_engine(self, header: dict, env) -> Engine:
        self.rules()
        return self.part("engine").Engine(header, env)

    def subject_of(self, header: dict) -> str:
        """What a run is about, from its header (its question, query, problem or document), or ""."""
        value = header
        for key in self.subject.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        return value if isinstance(value, str) else ""

    def is_closed(self, status: str) -> bool:
        """True once the run is over: no further move and no prompt is due."""
        return status in self.final_statuses or status in self.terminal_statuses

    # -- optional parts ---------------------------------------------------------------------------------

    def tools(self) -> tuple:
        """The protocol's own MCP tools (none unless `mcp_tools`)."""
        return tuple(self.part("mcp_tools").TOOLS) if self.mcp_tools else ()

    def is_document(self, doc) -> bool:
        """Is `doc` a standalone document of this protocol (not a state file)?"""
        return self.standalone_document and self.part("document").is_document(doc)


def check_spec(spec: ProtocolSpec, folder_name: str) -> list[str]:
    """What is wrong with a spec's declaration itself (the registry refuses such a protocol)."""
    problems = []
    if spec.name != folder_name:
        problems.append(f"name {spec.name!r} differs from its folder {folder_name!r}")
    if not PREFIX_PATTERN.match(spec.code_prefix):
        problems.append(f"code prefix {spec.code_prefix!r} is not three capital letters")
    if spec.initial_status in spec.final_statuses | spec.terminal_statuses:
        problems.append(f"initial status {spec.initial_status!r} is already closed")
    if not spec.formats:
        problems.append("no render format")
    if spec.main_demo and not spec.demo:
        problems.append("main_demo without a demo")
    return problems
