"""The kit: the modules of `argcheck.core` a protocol may import, and what each is for.

A protocol (a folder under `argcheck/protocols/`, or one found through ARGCHECK_PROTOCOL_PATH) imports
only these modules and its own folder: never a shell (`argcheck.cli`, `argcheck.mcp`, `argcheck.harness`,
`argcheck.files`, `argcheck.generate`, `argcheck.exitcodes`, `argcheck.output`), never another protocol,
and never a module of `argcheck.core` that is not listed here (those serve the shells: the protocol calls,
the rule index, the schema generator, ...). What a protocol needs of a shell is passed in (`files`,
`paint`) or reached through a port (`toolport`).

tests/unit/test_layers.py holds a protocol to this list, and fails on a name here that names no module.
The list is data only: nothing imports it at run time.
"""

from __future__ import annotations

KIT = {
    "contract": "ProtocolSpec, InitOption, AGENT_ACTORS and the exceptions a protocol raises",
    "findings": "Finding and the severities: what a rule reports",
    "rules": "the rule registry: define a code, its name, severity, message and docs",
    "shapes": "run the generated shape checkers (_shapes.py) and turn their errors into findings",
    "env": "Env: what the pure rules may know of the outside world (the clock, the witness), passed in",
    "replay": "replay a log from scratch (a standalone document's replay)",
    "integrity": "the hash chain of a log",
    "envelope": "the state file's format name, version and top-level fields",
    "lifecycle": "create a state file and append moves to it (pure decisions)",
    "discovery": "the registered specs (a protocol that reads another run's header by its protocol)",
    "jsonio": "strict JSON reading: the only place bytes from outside become Python values",
    "collector": "pausing the cyclic garbage collector around bulk work",
    "text": "free text fit for one line, a table cell or a diagram label",
    "markdown_safety": "Markdown that shows hostile text as text",
    "commandtext": "commands as `argcheck next` prints them, and the next step's lines",
    "personas": "persona templates and references under a protocol's personas/ and references/",
    "reply_envelope": "the consultee's reply envelope, normalised",
    "witnessing": "the rules a witnessed run owes the harness's witness log",
    "agent_limits": "what the agent that witnessed a run cannot witness (Codex CLI's web searches), in words",
    "toolport": "the port through which a protocol's MCP tools reach the MCP server",
    "toolargs": "how an MCP tool declares its arguments",
    "demoplayer": "what every demo shares: the work folder (--keep), the turn loop, the digest",
    "formvalues": "the page's forms: field readers and FormProblem, for a protocol's forms.py",
    "tokencost": "a run's measured token cost as data (summed from the client's transcript), for its reports",
}


def module_names() -> frozenset:
    """The kit as dotted module names (`argcheck.core.findings`, ...)."""
    return frozenset(f"argcheck.core.{name}" for name in KIT)
