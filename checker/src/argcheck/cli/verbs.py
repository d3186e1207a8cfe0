"""The bodies of `next`, `prompt`, `render` and `apply`, free of click.

The click commands and the click-free fast path (`argcheck.cli.fastpath`) both call these, so a command
behaves the same whichever route parsed its arguments. Each returns the exit code.
"""

from __future__ import annotations

from argcheck.core import jsonio, witnessing
from argcheck.core.envelope import DEFAULT_LOCK_TIMEOUT
from argcheck.files import operations
from argcheck.exitcodes import REFUSED, ExitCode
from argcheck.core.findings import ERROR, WARNING, has_errors
from argcheck.core.jsonio import InputError
from argcheck.output import echo, echo_findings, echo_json, echo_located, findings_json


class Stop(Exception):
    """Leave a verb with an exit code after its output has been written."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = int(code)


def report_input_error(error: InputError, source: str, fmt: str = "text") -> int:
    if fmt == "json":
        echo_json({"source": source, "findings": findings_json([error.finding])})
    else:
        echo_findings([error.finding], source)
    return int(ExitCode.USAGE)


def replayed(path: str, fmt: str = "text") -> operations.Outcome:
    """Load and replay a state file, or stop with exit 2 (unreadable) / 1 (not a usable state)."""
    try:
        return operations.replayed(path)
    except operations.Refused as refused:
        raise Stop(report_refused(refused, fmt)) from None


def report_refused(refused: operations.Refused, fmt: str = "text", source: str | None = None) -> int:
    """Say why a state file was refused (the input error, the findings, or the lock) and return the exit code."""
    if refused.error is not None:
        return report_input_error(refused.error, source or refused.path, fmt)
    if refused.kind == operations.BUSY:
        echo(f"argcheck: {refused.path} is locked by another process (waited {refused.waited}s)", err=True)
    else:
        echo_findings(refused.findings, refused.path)
    return int(REFUSED[refused.kind])


def _stops(verb):
    """Turn a Stop raised inside `verb` into its exit code."""
    def run(*args, **kwargs) -> int:
        try:
            return verb(*args, **kwargs)
        except Stop as stop:
            return stop.code

    run.__name__, run.__doc__ = verb.__name__, verb.__doc__
    return run


def _header(outcome: operations.Outcome) -> dict:
    doc = outcome.doc if isinstance(outcome.doc, dict) else {}
    return doc.get("header") if isinstance(doc.get("header"), dict) else {}


@_stops
def next_step(state: str, fmt: str = "text") -> int:
    """`argcheck next`: where the run stands and what is due or allowed now."""
    from argcheck.core import protocol_calls

    outcome = replayed(state, fmt)
    spec = outcome.replay.protocol
    report = protocol_calls.call(spec, "next_report", outcome.replay.engine.state, state)
    broken = has_errors(outcome.findings)
    header = _header(outcome)
    if fmt == "json":
        fields = witnessing.json_fields(header)
        echo_json(dict(report, state=state, findings=findings_json(outcome.findings), **fields))
    else:
        if broken:
            echo(f"warning: {state} has error findings; run `argcheck validate {state}`", err=True)
        echo(witnessing.marked_text(protocol_calls.call(spec, "next_text", report), header, report))
    return int(ExitCode.FINDINGS if broken else ExitCode.OK)


@_stops
def prompt(state: str, full: bool | None = None, persona: str | None = None) -> int:
    """`argcheck prompt`: the next consultee prompt; `full` None lets the protocol choose (see --full);
    `persona`: the prompt of that one persona of the current round (protocols with persona rounds)."""
    from argcheck.core import protocol_calls

    outcome = replayed(state)
    if persona is not None:
        return persona_prompt(outcome, state, persona)
    if has_errors(outcome.findings):
        echo_findings(outcome.findings, state)
        echo(f"refused: {state} has error findings; fix them before prompting", err=True)
        return int(ExitCode.FINDINGS)
    protocol, engine = outcome.replay.protocol, outcome.replay.engine
    if protocol.is_closed(engine.status):
        # Nothing goes to stdout, so a pipeline into a consultee sends it nothing.
        echo(protocol_calls.call(protocol, "render_prompt", engine.state).rstrip(), err=True)
        echo(f"argcheck: no prompt is due: the {protocol.name} run is {engine.status}", err=True)
        terminal = engine.status in protocol.terminal_statuses
        return int(ExitCode.TERMINAL if terminal else ExitCode.FINDINGS)
    echo(prompt_text(outcome, full), nl=False)
    return int(ExitCode.OK)


def persona_prompt(outcome: operations.Outcome, state: str, persona: str) -> int:
    """`argcheck prompt STATE --persona NAME`: one persona's prompt, so a subagent can fetch its own."""
    from argcheck.core import protocol_calls

    protocol = outcome.replay.protocol
    if has_errors(outcome.findings):
        echo_findings(outcome.findings, state)
        echo(f"refused: {state} has error findings; fix them before prompting", err=True)
        return int(ExitCode.FINDINGS)
    try:
        text = protocol_calls.call(protocol, "persona_prompt", outcome.replay.engine.state, persona)
    except LookupError as why:
        echo(f"argcheck: {why.args[0]}", err=True)
        return int(ExitCode.USAGE)
    if text is None:
        echo(f"argcheck: the {protocol.name} protocol has no persona rounds; run `argcheck prompt {state}`", err=True)
        return int(ExitCode.USAGE)
    echo(text, nl=not text.endswith("\n"))
    return int(ExitCode.OK)


def prompt_text(outcome: operations.Outcome, full: bool | None = None) -> str:
    """The next prompt of a replayed run: for a resumed consultee session only what changed since its last
    reply, when the protocol can tell (`prompting.render_turn`; `full` True: the whole state)."""
    from argcheck.core import protocol_calls

    spec, state = outcome.replay.protocol, outcome.replay.engine.state
    turn = protocol_calls.call(spec, "render_turn", outcome.doc, state, operations.env_for(outcome.doc), full)
    return protocol_calls.call(spec, "render_prompt", state) if turn is None else turn


@_stops
def render(state: str, fmt: str = "md", output: str = "-") -> int:
    """`argcheck render`: the decision log, the derived state, or the argument graph."""
    from argcheck.core import protocol_calls

    from argcheck.core.exporting import EXPORT_FORMATS

    outcome = replayed(state)
    spec = outcome.replay.protocol
    if fmt in EXPORT_FORMATS:
        return export(outcome, state, fmt, output)
    if fmt not in spec.formats:
        echo(f"Error: the {spec.name} protocol renders {', '.join(spec.formats + EXPORT_FORMATS)}, not {fmt!r}",
             err=True)
        return int(ExitCode.USAGE)
    text = protocol_calls.call(spec, "render", outcome.replay.engine.state, fmt, outcome.findings)
    if fmt == "md":
        text = witnessing.marked_markdown(text, _header(outcome))
    return _write_rendering(text, output)


def export(outcome: operations.Outcome, state: str, fmt: str, output: str) -> int:
    """`argcheck render --format madr|argdown|aif` (core/exporting.py); NNNN in --output: the next number."""
    from argcheck.cli import numbering
    from argcheck.core import exporting

    try:
        text, title = exporting.export_text(outcome.replay.protocol, outcome.replay.engine.state, outcome.doc, fmt,
                                            state, outcome.findings)
    except exporting.NotExportable as why:
        echo(f"argcheck: {why}", err=True)
        return int(ExitCode.USAGE)
    if not numbering.is_numbered(output):
        return _write_rendering(text, output)
    try:
        path = numbering.write_numbered(output, title, text)
    except OSError as error:
        echo(f"argcheck: cannot write {output}: {error.strerror or error}", err=True)
        return int(ExitCode.USAGE)
    echo(f"wrote {path}", err=True)
    return int(ExitCode.OK)


def _write_rendering(text: str, output: str) -> int:
    if output == "-":
        echo(text, nl=not text.endswith("\n"))
    else:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            echo(f"argcheck: cannot write {output}: {error.strerror or error}", err=True)
            return int(ExitCode.USAGE)
        echo(f"wrote {output}", err=True)
    return int(ExitCode.OK)


def apply(state: str, moves: str = "-", fmt: str = "text", dry_run: bool = False,
          lock_timeout: float = DEFAULT_LOCK_TIMEOUT, fail_on: str = ERROR, quiet: bool = False) -> int:
    """`argcheck apply`: check moves against the replayed state; append them only if all are legal."""
    from argcheck.cli.batchview import Batch, moves_before, source_label

    try:
        batch = jsonio.load_argument(moves)
    except InputError as error:
        return report_input_error(error, source_label(moves), fmt)
    from argcheck.core.envelope import not_a_move

    mistaken = not_a_move(batch, source_label(moves))
    if mistaken:
        echo(f"argcheck: {mistaken}", err=True)
        return int(ExitCode.USAGE)
    view = Batch(source_label(moves), single=not isinstance(batch, list))
    batch = batch if isinstance(batch, list) else [batch]
    try:
        outcome = operations.applied(state, batch, lock_timeout=lock_timeout, dry_run=dry_run)
    except operations.Refused as refused:
        return report_refused(refused, fmt)
    outcome = outcome._replace(findings=view.locate(outcome.findings, moves_before(outcome), fmt))
    return report_applied(state, outcome, fmt, dry_run, quiet=quiet, fail_on=fail_on)


def report_applied(state, outcome, fmt, dry_run, line: str | None = None, *, quiet: bool = False,
                   fail_on: str = ERROR) -> int:
    """Print the findings and one summary line (`line` replaces the default; `quiet` drops it); return
    the exit code: 1 when refused, or when `fail_on` is warning and a warning was reported."""
    refused = outcome.applied == 0
    status = outcome.replay.engine.status if outcome.replay else None
    failing = refused or (fail_on == WARNING and any(f.severity == WARNING for f in outcome.findings))
    if fmt == "json":
        echo_json({"state": state, "applied": outcome.applied, "refused": refused, "dry_run": dry_run,
                   "status": status, "issued": operations.issued(outcome), "findings": findings_json(outcome.findings)})
    else:
        echo_located(outcome.findings, state)
        if not quiet:
            echo(line if line and not refused else _summary_line(state, outcome, refused, dry_run))
        if failing and not refused:
            echo("argcheck: exit status 1: warnings were reported and --fail-on is warning", err=True)
    if failing:
        return int(ExitCode.FINDINGS)
    terminal = outcome.replay.protocol.terminal_statuses
    return int(ExitCode.TERMINAL if status in terminal else ExitCode.OK)


def _summary_line(state, outcome, refused, dry_run) -> str:
    if refused:
        return f"refused: {state} is unchanged"
    first = outcome.doc["move_count"] - outcome.applied + 1
    span = f"seq {first}" if outcome.applied == 1 else f"seq {first}-{outcome.doc['move_count']}"
    verb = "would apply" if dry_run else "applied"
    moves = f"{outcome.applied} move{'s' if outcome.applied != 1 else ''}"
    receipts = "".join(f"; {line}" for line in operations.issued(outcome))
    return f"{verb} {moves} ({span}); status {outcome.replay.engine.status}{receipts}"
