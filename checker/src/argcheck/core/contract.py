"""The protocol contract: what one folder under `argcheck/protocols/<name>/` must provide.

A protocol is a package whose `spec.py` defines `SPEC = ProtocolSpec(...)`. The spec holds the light,
declarative facts (name, code prefix, statuses, render formats, which optional parts exist); the heavy
parts are modules of the package with fixed names, imported only when a command needs them:

  header.py        make_header(options) -> dict (raises UsageProblem); check_header(header) -> [Finding]
  _shapes.py       generated shape checkers: VALIDATORS per move type and "header", NULLABLE
  models.py        the pydantic models the schemas and `_shapes.py` are generated from
  catalog.py       the rule catalogue (`registry.define`) and PLACEHOLDERS (what each message slot means)
  engine.py        Engine(header, env) with .state, .status, .step(index, move), .finish() and HANDLERS,
                   one handler per move type (the reducer; pure); optionally .receipts {seq: line} for
                   what a move issued (apply prints it)
  nextstep.py      report(state, state_path) -> dict with "next": {actor, text, commands} (actor one of
                   AGENT_ACTORS when the orchestrating agent owes the move); format_text(report) -> str
  prompting.py     render_prompt(state) -> str
  ingest.py        IngestProblem; moves_from_envelope(state, reply) -> [move]; moves_after_refusal(reply, found)
  render.py        render(state, fmt, findings) -> str, for every fmt in SPEC.formats
  personas/        prompt templates (*.md), copied into skills/<name>/personas/ by generate.py
Optional, each announced by a flag on the spec:
  document.py      is_document(doc) -> bool; replay_document(doc, env) -> (view, Replay)   (standalone_document)
  mcp_tools.py     TOOLS: the protocol's own MCP tool functions; optionally RESOURCES    (mcp_tools)
                   {uri: function} and PROMPTS {name: function}, each returning text
  demo.py          run(out, files, *, paint, keep_dir, pause) -> int                        (demo)
  driver.py        run_at_init(options, settings, state, force, files) -> (path, text)    (runs_at_init)
  examples.py      generated_files() -> {path: state document}, NO_ISOLATED_EXAMPLE (and INHERENT,
                   ALLOWED_IN_VALID): the example state files (else checker/tools/examples/make_<name>_examples.py)
Optional, found by its module alone:
  view.py          view(state, findings) -> {"summary": [(label, text)], "sections": [section]}: the run's
                   picture for `argcheck view`, as plain data; optionally actor(move) -> str. A section is
                   {"kind", "title", ...}: graph {nodes: [{id, label, text, status, tone, pruned, cell}],
                   edges: [{source, target, label, dashed}], direction TB|LR|RL, empty}; table {columns,
                   rows, row_tones, empty}; text {text, parts: [{heading, text}]}; steps {steps: [{label,
                   detail, state: done|current|todo}]}; facts {rows: [(label, text)]}. Tones: good, bad,
                   warn, info, muted. Without it the page shows the generic parts and the report.

The init options are declared once, on the spec (`init`, a tuple of `InitOption`): the CLI derives
`argcheck init <name>` from them, the MCP server its description of the options, and make_header receives
them. `files` is the file operations a shell passes in (`argcheck.files.operations`: init_file,
applied, validate_file, and consultee(name, wrapper=, timeout=), the one consultee runner, for a driver);
`paint(style, text)` styles the terminal output.

Nothing outside a protocol's folder names it: the CLI, the MCP server, the generated docs and the schemas
all read the registered specs (`argcheck.core.discovery.specs()`). The shells call the parts' functions only
through the contract's one door, `argcheck.core.protocol_calls.call` (its CALLS table names each function,
its default and the shape it returns); a protocol imports only the kit (`argcheck.core.kit.KIT`).
"""

from __future__ import annotations

import os
import sys
from functools import cached_property

# The `next.actor` values of a nextstep report that name the orchestrating agent itself; any other actor
# (the user, a consultee, an arbiter, ...) is someone the run waits for (the Stop hook reads this).
AGENT_ACTORS = frozenset({"agent", "orchestrator"})
REQUIRED_PARTS = ("header", "_shapes", "models", "catalog", "engine", "nextstep", "prompting", "ingest", "render")


def load_module(name: str):
    """Import the module `name` (an absolute name) and return it, as importlib.import_module does: importing
    importlib would cost every call its module and `warnings`."""
    __import__(name)
    return sys.modules[name]


class ProtocolProblem(Exception):
    """A protocol breaks the contract (a bug in that protocol, not in the input): reported as a usage error."""


class UsageProblem(Exception):
    """Bad options for a protocol (reported as a usage error, exit 2)."""


class RunInterrupted(Exception):
    """A run started at init was interrupted (Ctrl-C); args[0] is its state file, valid and resumable."""


class SetupFailure(Exception):
    """A run started at init cannot go on: its consultee cannot answer at all (not installed, not logged in).
    Nothing is recorded for it; the run is resumable once the setup is fixed."""


class Engine:
    """The reducer's interface (documentation only: engines need not inherit from it).

    An engine replays a log one move at a time: `state` (the derived state), `status` (a string),
    `step(index, move) -> [Finding]` and `finish() -> [Finding]`.
    """


# -- init options: declared once on the spec; the shells derive `argcheck init <name>`, the MCP init tool's
# description and make_header's options from them. An option is one keyword of the options dict
# make_header receives (`header` true), or a setting of a run started at init (`header=False`).

KINDS = ("text", "int", "float", "flag", "switch", "file", "folder", "workspace")


class InitOption:
    """One init option: its name (a Python name; the CLI flag is --name-with-hyphens), help and checks.

    kind      text, int, float, flag (--x), switch (--x/--no-x), file, folder, or workspace (a folder made
              absolute, the current directory by default)
    choices   the values allowed (text); minimum / maximum: an inclusive range (int, float)
    multiple  the option may be repeated (a list)
    mcp       listed among the init options an MCP client passes
    header    passed to make_header (False: a setting of the run started at init)
    mcp_object  an MCP client may pass an object instead (make_header checks its fields), e.g. a document's text
    """

    def __init__(self, name: str, help: str, *, kind: str = "text", required: bool = False, default=None,
                 choices: tuple = (), minimum=None, maximum=None, multiple: bool = False, mcp: bool = True,
                 header: bool = True, mcp_object: bool = False) -> None:
        if kind not in KINDS:
            raise ValueError(f"init option {name}: unknown kind {kind!r}")
        self.name, self.help, self.kind, self.required, self.default = name, help, kind, required, default
        self.choices, self.minimum, self.maximum, self.multiple = tuple(choices), minimum, maximum, multiple
        self.mcp, self.header, self.mcp_object = mcp, header, mcp_object

    def __repr__(self) -> str:
        return f"InitOption({self.name!r}, kind={self.kind!r})"

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def mcp_summary(name: str, options) -> str:
    """The init options as MCP clients pass them, e.g. "NAME: {question, stakes}"."""
    return f"{name}: {{{', '.join(option.name for option in options if option.mcp and option.header)}}}"


def header_options(options, values: dict) -> dict:
    """The options make_header receives, from the values a shell parsed (lists for repeated options, the
    workspace made absolute)."""
    found = {}
    for option in options:
        if not option.header or option.name not in values:
            continue
        value = values[option.name]
        if option.multiple and value is not None:
            value = list(value)
        if option.kind == "workspace":
            value = os.path.abspath(value or os.getcwd())
        found[option.name] = value
    return found


def run_settings(options, values: dict) -> dict:
    """The settings of a run started at init (the options declared with header=False)."""
    return {option.name: values.get(option.name) for option in options if not option.header}


class ProtocolSpec:
    """One protocol's declaration (see the module docstring for the parts its package provides).

    A plain class rather than a dataclass: every short command builds one, and dataclasses (with
    inspect and typing) cost more to import than the commands' own work.
    """

    def __init__(self, *, name: str, code_prefix: str, summary: str, initial_status: str,
                 final_statuses: frozenset, terminal_statuses: frozenset, formats: tuple, init: tuple,
                 init_help: str = "", mcp_instructions: str = "", standalone_document: bool = False,
                 mcp_tools: bool = False, demo: str = "", main_demo: bool = False, subject: str = "question",
                 checks_own_placeholders: bool = False, runs_at_init: bool = False,
                 read_moves: frozenset = frozenset()) -> None:
        self.name = name
        self.code_prefix = code_prefix
        self.summary = summary  # one line: what a run of this protocol is
        self.initial_status = initial_status
        self.final_statuses = frozenset(final_statuses)
        self.terminal_statuses = frozenset(terminal_statuses)
        self.formats = tuple(formats)  # what `render` produces; the first is the default
        self.init = tuple(init)  # the init options (InitOption), declared once: CLI, MCP and make_header follow
        self.init_help = init_help or summary  # what `argcheck init <name> --help` says first
        self.runs_at_init = runs_at_init  # `init <name> --run` runs the protocol headless (driver.run_at_init)
        self.mcp_instructions = mcp_instructions  # how an MCP client drives a run (in the server's instructions)
        self.standalone_document = standalone_document
        self.mcp_tools = mcp_tools
        self.demo = demo  # one line on what `argcheck demo <name>` shows; empty: no demo
        self.main_demo = main_demo  # the demo `argcheck demo` plays without a name (one protocol at most)
        self.subject = subject  # the header field (dotted when nested) naming what a run is about: `sessions`
        # True when the protocol's own rules refuse skeleton placeholders ("..."); else the core's ARG027 does
        self.checks_own_placeholders = checks_own_placeholders
        # Move types that are reads: still valid in old logs, refused by apply (ARG029), left out of `next`
        self.read_moves = frozenset(read_moves)
        self.package = ""  # set by the registry

    @property
    def init_options(self) -> str:
        """The init options as MCP clients pass them, e.g. "NAME: {question, stakes}"."""
        return mcp_summary(self.name, self.init)

    def __repr__(self) -> str:
        return f"ProtocolSpec(name={self.name!r}, code_prefix={self.code_prefix!r})"

    def part(self, name: str):
        """Import one module of the protocol's package, e.g. spec.part("render")."""
        return load_module(f"{self.package}.{name}")

    def has_part(self, name: str) -> bool:
        """Does the protocol's package hold the module `name` (without importing it)?"""
        from importlib.util import find_spec

        return find_spec(f"{self.package}.{name}") is not None

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

    def mcp_extras(self, kind: str) -> dict:
        """The protocol's MCP "RESOURCES" (uri -> function) or "PROMPTS" (name -> function); {} without."""
        return dict(getattr(self.part("mcp_tools"), kind, {})) if self.mcp_tools else {}

    def move_models(self) -> tuple:
        """The pydantic models of the protocol's moves (models.MOVE_MODELS)."""
        return tuple(self.part("models").MOVE_MODELS)

    def is_document(self, doc) -> bool:
        """Is `doc` a standalone document of this protocol (not a state file)?"""
        return self.standalone_document and self.part("document").is_document(doc)


def check_spec(spec: ProtocolSpec, folder_name: str) -> list[str]:
    """What is wrong with a spec's declaration itself (the registry refuses such a protocol)."""
    problems = []
    if spec.name != folder_name:
        problems.append(f"name {spec.name!r} differs from its folder {folder_name!r}")
    prefix = spec.code_prefix
    if not (isinstance(prefix, str) and len(prefix) == 3 and prefix.isascii() and prefix.isalpha()
            and prefix.isupper()):
        problems.append(f"code prefix {spec.code_prefix!r} is not three capital letters")
    if spec.initial_status in spec.final_statuses | spec.terminal_statuses:
        problems.append(f"initial status {spec.initial_status!r} is already closed")
    if not spec.formats:
        problems.append("no render format")
    if spec.main_demo and not spec.demo:
        problems.append("main_demo without a demo")
    if not all(isinstance(option, InitOption) for option in spec.init):
        problems.append("init holds something other than InitOption declarations")
    if spec.runs_at_init and not {"run", "resume"} <= {option.name for option in spec.init if not option.header}:
        problems.append("runs_at_init without the run and resume flags (header=False) among the init options")
    return problems
