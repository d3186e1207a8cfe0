"""The protocol calls: every function a shell calls on a protocol, each a typed member of the contract.

This module is the contract's one door. A protocol call is one function of one module of the protocol's
package. The required ones must be there; the optional ones (and the optional modules, e.g. `view.py`)
have a default. The shells (cli/, mcp/, harness/, files/) call them through
`protocol_calls.call(spec, "next_report", ...)`, never by looking a protocol's function up themselves
(tests/unit/test_layers.py holds that). A call that is missing, or whose result has the wrong shape,
raises ProtocolBroken: a clear error naming the protocol and the function, which the shells report
(exit 2), never a crash. `contract_problems` makes every call on sample states: the contract test runs
it for every protocol.

(Not to be confused with the agents' hooks: `argcheck hook`, `argcheck.harness`, `install.sh --hooks`.)
"""

from __future__ import annotations

from argcheck.core.contract import ProtocolProblem


class ProtocolBroken(ProtocolProblem):
    """A protocol breaks the contract at run time: a function is missing, or it returned the wrong shape."""


REQUIRED = "required"


class ProtocolCall:
    """One call: the module of the protocol's package (`part`), the function's name there, its parameters in
    order, what it returns (in words; CHECKS holds the check), and an optional call's default (a function with
    the same parameters; REQUIRED for a required one); `when` names the spec's flag that announces an optional
    part (the call is required only when the flag is set, and made only then). A plain class: `typing` or a
    namedtuple would cost every call time to build."""

    __slots__ = ("part", "function", "parameters", "returns", "default", "when")

    def __init__(self, part: str, function: str, parameters: tuple, returns: str, default=REQUIRED,
                 when: str = "") -> None:
        self.part, self.function, self.parameters, self.returns = part, function, parameters, returns
        self.default, self.when = default, when


def _no_turn(doc, state, env, full):
    return None


def _no_choice(state):
    return {}


def _no_description(moves, state):
    return None


def _no_persona_rounds(state, name):
    return None


def _no_picture(state, findings):
    return {"sections": []}


def _no_export(state):
    return None


def _actor_as_recorded(move):
    return move.get("actor") if isinstance(move, dict) else None


CALLS = {
    "make_header": ProtocolCall("header", "make_header", ("options",), "the header (a dict); raises UsageProblem"),
    "check_header": ProtocolCall("header", "check_header", ("header",), "a list of findings"),
    "next_report": ProtocolCall("nextstep", "report", ("state", "state_path"),
                        "a dict whose 'next' is the step due: {actor, text, commands}"),
    "next_text": ProtocolCall("nextstep", "format_text", ("report",), "the report as text"),
    "render_prompt": ProtocolCall("prompting", "render_prompt", ("state",), "the consultee's prompt (text)"),
    "render_turn": ProtocolCall("prompting", "render_turn", ("doc", "state", "env", "full"),
                        "the prompt for a consultee that resumes its session (only what changed since its last "
                        "reply, unless full), or None for the whole prompt", _no_turn),
    "consultation": ProtocolCall("prompting", "consultation", ("state",),
                         "the consultee and session the protocol chooses: a dict (may be empty)", _no_choice),
    "persona_prompt": ProtocolCall("prompting", "persona_prompt", ("state", "name"),
                           "one persona's prompt in the current round (text), None for a protocol without persona "
                           "rounds; raises LookupError when that persona owes nothing now", _no_persona_rounds),
    "moves_from_envelope": ProtocolCall("ingest", "moves_from_envelope", ("state", "reply"),
                                "the moves a reply maps onto (a list of dicts); raises IngestProblem"),
    "moves_after_refusal": ProtocolCall("ingest", "moves_after_refusal", ("reply", "findings"),
                                "the moves recorded instead of refused content (a list, may be empty)"),
    "describe_recorded": ProtocolCall("ingest", "describe_recorded", ("moves", "state"),
                              "one line on what was recorded, or None for the core's line", _no_description),
    "render": ProtocolCall("render", "render", ("state", "fmt", "findings"), "the rendering (text)"),
    "replay_document": ProtocolCall("document", "replay_document", ("doc", "env"),
                                    "(the document as a state's view, its Replay)", when="standalone_document"),
    "run_at_init": ProtocolCall("driver", "run_at_init", ("options", "settings", "state", "force", "files"),
                                "(the state file's path, the closing text); raises UsageProblem, SetupFailure "
                                "or RunInterrupted", when="runs_at_init"),
    "demo": ProtocolCall("demo", "run", ("out", "files", "paint", "keep_dir", "pause"),
                         "the demo's exit code (an int)", when="demo"),
    "view": ProtocolCall("view", "view", ("state", "findings"),
                         "the run's picture for `argcheck view`: {\"summary\": [(label, text)], \"sections\": "
                         "[{\"kind\", \"title\", ...}]} (view.py is optional: no picture)", _no_picture),
    "actor": ProtocolCall("view", "actor", ("move",), "who made the move (text), or None",
                          _actor_as_recorded),
    "decision": ProtocolCall("exports", "decision", ("state",),
                             "the run's decision as data for an MADR record (core/madr.py: DECISION_FIELDS), or None",
                             _no_export),
    "argument_map": ProtocolCall("exports", "argument_map", ("state",),
                                 "the run's argument map as data {title, statements, relations} (core/argmap.py), "
                                 "or None", _no_export),
}
STEP_FIELDS = {"actor": str, "text": str, "commands": list}


def step_problems(step) -> list[str]:
    """What is wrong with a next step ({actor, text, commands: [str]})."""
    if not isinstance(step, dict):
        return [f"the next step is {type(step).__name__}, not an object {{actor, text, commands}}"]
    problems = [f"the next step's {name} is missing or not a {kind.__name__}" for name, kind in STEP_FIELDS.items()
                if not isinstance(step.get(name), kind)]
    if isinstance(step.get("commands"), list) and not all(isinstance(c, str) for c in step["commands"]):
        problems.append("the next step's commands are not all strings")
    return problems


def _list_of_dicts(value) -> list[str]:
    ok = isinstance(value, list) and all(isinstance(item, dict) for item in value)
    return [] if ok else [f"returned {type(value).__name__}, not a list of moves"]


def _text(value) -> list[str]:
    return [] if isinstance(value, str) else [f"returned {type(value).__name__}, not text"]


def _text_or_none(value) -> list[str]:
    return [] if value is None or isinstance(value, str) else [f"returned {type(value).__name__}, not text or None"]


def _pair(value) -> list[str]:
    return [] if isinstance(value, tuple) and len(value) == 2 else [f"returned {type(value).__name__}, not a pair"]


def _picture(value) -> list[str]:
    if not isinstance(value, dict):
        return [f"returned {type(value).__name__}, not a dict"]
    sections, summary = value.get("sections"), value.get("summary", [])
    problems = [] if isinstance(sections, list) and all(
        isinstance(section, dict) and isinstance(section.get("kind"), str) for section in sections) else [
        "its 'sections' is not a list of objects each with a 'kind'"]
    if not (isinstance(summary, list) and all(isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in summary)):
        problems.append("its 'summary' is not a list of (label, text) pairs")
    return problems


def _report(value) -> list[str]:
    if not isinstance(value, dict):
        return [f"returned {type(value).__name__}, not a dict"]
    return step_problems(value.get("next"))


CHECKS = {
    "make_header": lambda value: [] if isinstance(value, dict) else ["did not return a dict"],
    "check_header": lambda value: [] if isinstance(value, list) else ["did not return a list"],
    "next_report": _report, "next_text": _text, "render_prompt": _text, "render_turn": _text_or_none,
    "persona_prompt": _text_or_none,
    "consultation": lambda value: [] if isinstance(value, dict) else ["did not return a dict"],
    "moves_from_envelope": _list_of_dicts, "moves_after_refusal": _list_of_dicts,
    "describe_recorded": _text_or_none, "render": _text, "view": _picture,
    "replay_document": _pair, "run_at_init": _pair,
    "demo": lambda value: [] if isinstance(value, int) else [f"returned {type(value).__name__}, not an exit code"],
    "actor": lambda value: [] if value is None or isinstance(value, str) else [
        f"returned {type(value).__name__}, not text or None"],
    "decision": lambda value: _export(value, ("title", "context", "options")),
    "argument_map": lambda value: _export(value, ("title", "statements", "relations")),
}


def _export(value, fields: tuple) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, dict):
        return [f"returned {type(value).__name__}, not a dict or None"]
    return [f"returned no {name}" for name in fields if name not in value]


def _module(spec, part: str):
    """The protocol's module `part`, or None when its package has no such module (an optional one)."""
    try:
        return spec.part(part)
    except ModuleNotFoundError as missing:
        if missing.name != f"{spec.package}.{part}":
            raise  # the module is there but imports something missing: a real error, not an absent part
        return None


def function_of(spec, name: str):
    """The protocol's function for call `name` (its default when optional and absent); ProtocolBroken when a
    required one is missing."""
    entry = CALLS[name]
    module = _module(spec, entry.part)
    function = getattr(module, entry.function, None) if module is not None else None
    if function is not None:
        return function
    if entry.default is REQUIRED:
        raise ProtocolBroken(f"protocol {spec.name}: {entry.part}.py has no {entry.function}"
                             f"({', '.join(entry.parameters)}), which the core calls")
    return entry.default


def call(spec, name: str, *args, **keywords):
    """Make call `name` on the protocol and check what it returns (ProtocolBroken when the shape is wrong)."""
    value = function_of(spec, name)(*args, **keywords)
    problems = CHECKS[name](value)
    if problems:
        entry = CALLS[name]
        raise ProtocolBroken(f"protocol {spec.name}: {entry.part}.{entry.function} {'; '.join(problems)} "
                             f"(it must return {entry.returns})")
    return value


def reference_text(spec, name: str) -> str | None:
    """The protocol's reference `references/<name>.md` (None when it ships none)."""
    from argcheck.core.personas import reference_text as package_reference

    return package_reference(spec.package, name)


def ingest_problem(spec) -> type:
    """The exception the protocol's ingest raises for a reply it cannot map onto moves."""
    problem = getattr(spec.part("ingest"), "IngestProblem", None)
    if not (isinstance(problem, type) and issubclass(problem, Exception)):
        raise ProtocolBroken(f"protocol {spec.name}: ingest.py has no IngestProblem exception")
    return problem


def contract_problems(spec, engines) -> list[str]:
    """Every way the protocol breaks the contract: a function missing or taking other parameters, and on
    each of `engines` (replayed runs of the protocol), a call's result of the wrong shape."""
    import inspect

    problems = []
    for name, entry in CALLS.items():
        if entry.when and not getattr(spec, entry.when):
            continue
        try:
            function = function_of(spec, name)
        except ProtocolBroken as broken:
            problems.append(str(broken))
            continue
        if function is not entry.default and len(inspect.signature(function).parameters) < len(entry.parameters):
            problems.append(f"protocol {spec.name}: {entry.part}.{entry.function} takes fewer parameters than "
                            f"({', '.join(entry.parameters)})")
    try:
        ingest_problem(spec)
    except ProtocolBroken as broken:
        problems.append(str(broken))
    for engine in engines:
        problems += _state_problems(spec, engine.state, engine.status)
    return list(dict.fromkeys(problems))


def _state_problems(spec, state, status: str) -> list[str]:
    problems = []
    try:
        report = call(spec, "next_report", state, "STATE")
        call(spec, "next_text", report)
        call(spec, "consultation", state)
        for fmt in spec.formats:
            call(spec, "render", state, fmt, [])
        call(spec, "view", state, [])
        call(spec, "actor", {})
        call(spec, "decision", state)
        call(spec, "argument_map", state)
        if not spec.is_closed(status):
            call(spec, "render_prompt", state)
    except ProtocolBroken as broken:
        problems.append(str(broken))
    return problems
