"""The hooks the core calls on a protocol, each a typed member of the contract.

A hook is one function of one module of the protocol's package. The required ones must be there; the
optional ones have a default. The shells call them through `call(spec, "next_report", ...)`, never by
looking a name up themselves. A hook that is missing, or whose
result has the wrong shape, raises ProtocolBroken: a clear error naming the protocol and the hook, which
the shells report (exit 2), never a crash. `contract_problems` runs every hook on sample states: the
contract test calls it for every protocol.
"""

from __future__ import annotations

from argcheck.core.contract import ProtocolProblem


class ProtocolBroken(ProtocolProblem):
    """A protocol breaks the contract at run time: a hook is missing, or it returned the wrong shape."""


REQUIRED = "required"


class Hook:
    """One hook: the module of the protocol's package (`part`), the function's name there, its parameters in
    order, what it returns (in words; CHECKS holds the check), and an optional hook's default (a function with
    the same parameters; REQUIRED for a required one). A plain class: `typing` or a namedtuple would cost
    every call time to build."""

    __slots__ = ("part", "function", "parameters", "returns", "default")

    def __init__(self, part: str, function: str, parameters: tuple, returns: str, default=REQUIRED) -> None:
        self.part, self.function, self.parameters, self.returns = part, function, parameters, returns
        self.default = default


def _no_turn(doc, state, env, full):
    return None


def _no_choice(state):
    return {}


def _no_description(moves, state):
    return None


def _no_persona_rounds(state, name):
    return None


def _unmeasured(state, cost):
    return state


HOOKS = {
    "make_header": Hook("header", "make_header", ("options",), "the header (a dict); raises UsageProblem"),
    "check_header": Hook("header", "check_header", ("header",), "a list of findings"),
    "next_report": Hook("nextstep", "report", ("state", "state_path"),
                        "a dict whose 'next' is the step due: {actor, text, commands}"),
    "next_text": Hook("nextstep", "format_text", ("report",), "the report as text"),
    "render_prompt": Hook("prompting", "render_prompt", ("state",), "the consultee's prompt (text)"),
    "render_turn": Hook("prompting", "render_turn", ("doc", "state", "env", "full"),
                        "the prompt for a consultee that resumes its session (only what changed since its last "
                        "reply, unless full), or None for the whole prompt", _no_turn),
    "consultation": Hook("prompting", "consultation", ("state",),
                         "the consultee and session the protocol chooses: a dict (may be empty)", _no_choice),
    "persona_prompt": Hook("prompting", "persona_prompt", ("state", "name"),
                           "one persona's prompt in the current round (text), None for a protocol without persona "
                           "rounds; raises LookupError when that persona owes nothing now", _no_persona_rounds),
    "moves_from_envelope": Hook("ingest", "moves_from_envelope", ("state", "reply"),
                                "the moves a reply maps onto (a list of dicts); raises IngestProblem"),
    "moves_after_refusal": Hook("ingest", "moves_after_refusal", ("reply", "findings"),
                                "the moves recorded instead of refused content (a list, may be empty)"),
    "describe_recorded": Hook("ingest", "describe_recorded", ("moves", "state"),
                              "one line on what was recorded, or None for the core's line", _no_description),
    "render": Hook("render", "render", ("state", "fmt", "findings"), "the rendering (text)"),
    "measured_cost": Hook("render", "with_measured_cost", ("state", "cost"),
                          "the state showing the measured cost (core/tokencost.py) where the protocol shows token "
                          "usage", _unmeasured),
    # The page's forms (optional module forms.py: the shells ask spec.has_part("forms") first)
    "page_form": Hook("forms", "pending_form", ("state",),
                      "the form of the question the run waits for the user to answer (core/formvalues.py), or None"),
    "page_moves": Hook("forms", "answered_moves", (), "the move types the page's forms record (a tuple)"),
    "page_answer": Hook("forms", "answer_move", ("state", "values"),
                        "the user's move made of a form's posted values (a dict); raises formvalues.FormProblem"),
}
OPTIONAL_PARTS = frozenset({"forms"})  # modules a protocol may leave out altogether (with their hooks)
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
    "describe_recorded": _text_or_none, "render": _text,
    "measured_cost": lambda value: [] if value is not None else ["returned None, not a state"],
    "page_form": lambda value: [] if value is None or isinstance(value, dict) else ["did not return a dict or None"],
    "page_answer": lambda value: [] if isinstance(value, dict) else ["did not return a dict"],
    "page_moves": lambda value: [] if isinstance(value, tuple) else ["did not return a tuple"],
}


def function_of(spec, name: str):
    """The protocol's function for hook `name` (its default when optional and absent); ProtocolBroken when a
    required one is missing."""
    hook = HOOKS[name]
    function = getattr(spec.part(hook.part), hook.function, None)
    if function is not None:
        return function
    if hook.default is REQUIRED:
        raise ProtocolBroken(f"protocol {spec.name}: {hook.part}.py has no {hook.function}"
                             f"({', '.join(hook.parameters)}), which the core calls")
    return hook.default


def call(spec, name: str, *args):
    """Call hook `name` and check what it returns (ProtocolBroken when the shape is wrong)."""
    value = function_of(spec, name)(*args)
    problems = CHECKS[name](value)
    if problems:
        hook = HOOKS[name]
        raise ProtocolBroken(f"protocol {spec.name}: {hook.part}.{hook.function} {'; '.join(problems)} "
                             f"(it must return {hook.returns})")
    return value


def ingest_problem(spec) -> type:
    """The exception the protocol's ingest raises for a reply it cannot map onto moves."""
    problem = getattr(spec.part("ingest"), "IngestProblem", None)
    if not (isinstance(problem, type) and issubclass(problem, Exception)):
        raise ProtocolBroken(f"protocol {spec.name}: ingest.py has no IngestProblem exception")
    return problem


def contract_problems(spec, engines) -> list[str]:
    """Every way the protocol breaks the hooks' contract: a hook missing or taking other parameters, and on
    each of `engines` (replayed runs of the protocol), a hook's result of the wrong shape."""
    import inspect

    problems = []
    for name, hook in HOOKS.items():
        if hook.part in OPTIONAL_PARTS and not spec.has_part(hook.part):
            continue
        try:
            function = function_of(spec, name)
        except ProtocolBroken as broken:
            problems.append(str(broken))
            continue
        if function is not hook.default and len(inspect.signature(function).parameters) < len(hook.parameters):
            problems.append(f"protocol {spec.name}: {hook.part}.{hook.function} takes fewer parameters than "
                            f"({', '.join(hook.parameters)})")
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
        if not spec.is_closed(status):
            call(spec, "render_prompt", state)
        if spec.has_part("forms"):
            call(spec, "page_form", state)
    except ProtocolBroken as broken:
        problems.append(str(broken))
    return problems
