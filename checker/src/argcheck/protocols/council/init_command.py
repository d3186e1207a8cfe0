"""`argcheck init council`: the document, the panel and the limits of a new council; with --run, the whole
council headless through a consultee wrapper (the seed's critique_goal_document)."""

from __future__ import annotations

import os

import click

from argcheck.commands.init import FORCE_OPTION, STATE_OPTION, create
from argcheck import statefile
from argcheck.exitcodes import ExitCode
from argcheck.protocols.contract import UsageProblem
from argcheck.protocols.council.reading import MAX_DOCUMENT_BYTES, read_file_content

CONSULTEES = ("codex", "claude", "gemini", "ollama", "openai", "replay")


@click.command("council")
@click.option("--document", required=True, help="The text file to critique (- for stdin); UTF-8, at most "
              f"{MAX_DOCUMENT_BYTES} bytes. Its path, size, sha256 and text are recorded.")
@click.option("--panel", default="philosophers", show_default=True,
              help="philosophers (the seed's six), scientific (six analysts), or a JSON file of personas "
                   '({"name": ..., "personas": [{"name", "focus", "heuristic", "directive"?}]}).')
@click.option("--max-depth", type=click.IntRange(1, 6), default=3, show_default=True,
              help="Critique trees have nodes at depths 0 to max-depth - 1.")
@click.option("--threshold", type=click.FloatRange(0, 1), default=0.3, show_default=True,
              help="Branch termination: a node below this confidence has no sub-critiques.")
@click.option("--inclusion-threshold", type=click.FloatRange(0, 1), default=0.4, show_default=True,
              help="The synthesis keeps claims whose adjusted confidence is at least this.")
@click.option("--consultee", type=click.Choice(CONSULTEES), help="The consultee of the run (recorded).")
@click.option("--conversation-id", help="The agent conversation this council belongs to.")
@click.option("--run", "run_it", is_flag=True,
              help="Run the whole council now through `consult <consultee>`: personas in parallel, then the "
                   "self-critiques, then the synthesis; prints the critique (progress on stderr).")
@click.option("--parallel", type=click.IntRange(1, 12), default=6, show_default=True,
              help="With --run: how many personas are consulted at once.")
@click.option("--resume", is_flag=True, help="With --run: continue the council in --state (same document).")
@click.option("--timeout", type=click.FloatRange(1), help="With --run: seconds per consultee call.")
@click.option("--wrapper", type=click.Path(dir_okay=False),
              help="With --run: the consult dispatcher (default: argcheck-consult on PATH).")
@click.option("--replay-dir", type=click.Path(file_okay=False),
              help="With --run --consultee replay: transcripts <persona>.json and assessment.json.")
@click.option("--save", "output", flag_value="beside-state", default="-",
              help="With --run: save the critique beside the state file (STATE.md) instead of printing it, so "
                   "an agent reads only the progress; it writes nowhere else.")
@click.option("--lock-timeout", type=float, default=statefile.DEFAULT_LOCK_TIMEOUT, show_default=True,
              help="With --run: seconds to wait for another argcheck process to release the state file.")
@STATE_OPTION
@FORCE_OPTION
def command(state, force, document, run_it, parallel, resume, timeout, wrapper, replay_dir, lock_timeout,
            output, **options):
    """A council of personas critiques a document: critique trees, self-critique, computed synthesis."""
    try:
        options["document"] = read_file_content(document)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    if not run_it:
        return create("council", options, state, force)
    return _run(document, options, state, force, parallel, resume, timeout, wrapper, replay_dir, lock_timeout,
                output)


def _run(document, options, state, force, parallel, resume, timeout, wrapper, replay_dir, lock_timeout,
         output="-") -> int:
    from argcheck.protocols.council import consulting, driver

    if not options.get("consultee"):
        raise click.UsageError("--run needs --consultee (codex, claude, gemini, ollama, openai or replay)")
    args = ("--timeout", str(int(timeout))) if timeout else ()
    consultee = consulting.Consultee(options["consultee"], consulting.find_wrapper(wrapper), args,
                                     timeout=(timeout + 30) if timeout else None)
    try:
        path, text = driver.critique_goal_document(document, options, state, consultee, parallel=parallel,
                                                   resume=resume, force=force, replay_dir=replay_dir,
                                                   lock_timeout=lock_timeout)
    except driver.Interrupted as stop:
        click.echo(f"argcheck: interrupted; {stop.args[0]} is valid: run the same command with --resume "
                   f"--state {stop.args[0]} to continue", err=True)
        return int(ExitCode.INTERRUPTED)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    except driver.SetupFailure as problem:
        click.echo(f"argcheck: {problem}; nothing was recorded for it. Fix it (`argcheck doctor` shows what is "
                   f"missing), then run the same command with --resume --state {state or 'STATE'}", err=True)
        return int(ExitCode.USAGE)
    except statefile.LockBusy:
        click.echo(f"argcheck: {state} is locked by another process; nothing more was recorded", err=True)
        return int(ExitCode.BUSY)
    except FileExistsError as error:
        raise click.UsageError(f"{error.args[0]} already exists (use --force to replace it, or --resume)") from None
    if output == "-":
        click.echo(text, nl=False)
    else:
        output = os.path.splitext(path)[0] + ".md"
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            click.echo(f"argcheck: cannot write {output}: {error.strerror or error}", err=True)
            return int(ExitCode.USAGE)
        click.echo(f"argcheck: the critique is in {output}", err=True)
    click.echo(f"argcheck: council recorded in {path}", err=True)
    return int(ExitCode.OK)
