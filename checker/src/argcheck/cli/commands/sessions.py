"""argcheck sessions: list state files with protocol, status and age (filtered by status and protocol, a page
at a time); prune old ones; delete one run (sessions_delete)."""

from __future__ import annotations

import glob
import os
import re
from datetime import datetime, timezone

import click

from argcheck.core.effects import DELETES, ENDS_OPEN_RUNS, READS, Effect, declare
from argcheck.core import jsonio
from argcheck.core import discovery
from argcheck.files import statefile, writing
from argcheck.core.env import utc_now
from argcheck.exitcodes import ExitCode
from argcheck.output import echo_json
from argcheck.cli.suggesting import SuggestingGroup

# An option, not a positional argument: a group's variadic argument would swallow `prune`.
DIRS_OPTION = click.option("--dir", "dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
                           help="A directory of state files (repeatable; default ./.argcheck).")
DEFAULT_DIR = ".argcheck"  # where the commands look when no --dir is given
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


@declare(dirs=Effect(READS, default=DEFAULT_DIR))
@click.group("sessions", cls=SuggestingGroup, invoke_without_command=True)
@DIRS_OPTION
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--conversation", help="Only runs recorded with this conversation id.")
@click.option("--status", "statuses", multiple=True,
              help="Only runs in this status (repeatable): a protocol's status such as in_progress or assessed, "
                   "or open / closed.")
@click.option("--protocol", "protocols", multiple=True, type=click.Choice(discovery.names()),
              help="Only runs of this protocol (repeatable).")
@click.option("--limit", type=click.IntRange(1, 1000), help="At most this many runs: one page.")
@click.option("--page", type=click.IntRange(1), default=1, show_default=True, help="With --limit: which page.")
@click.pass_context
def command(ctx, dirs, fmt, conversation, statuses, protocols, limit, page):
    """List the state files (default: in ./.argcheck), newest first, with protocol, status,
    moves, age and question. `argcheck sessions prune` deletes old finished ones; `argcheck sessions
    delete RUN` deletes one run with its reports."""
    if ctx.invoked_subcommand is not None:
        return None
    found = scan(dirs)
    rows = [row for row in found if conversation in (None, row.get("conversation_id"))
            and _wanted(row, statuses, protocols)]
    shown = rows if limit is None else rows[(page - 1) * limit: page * limit]
    if fmt == "json":
        echo_json(shown)
    elif not rows:
        where = ", ".join(dirs or (".argcheck",))
        click.echo(f"no state files in {where}" + (" match" if statuses or protocols else "")
                   + _statuses_here(found, statuses))
    else:
        click.echo(table(shown) if shown else f"page {page} is empty")
        if limit is not None:
            click.echo(_page_line(len(rows), limit, page))
    return int(ExitCode.OK)


def _wanted(row: dict, statuses, protocols) -> bool:
    if protocols and row["protocol"] not in protocols:
        return False
    if not statuses:
        return True
    keyword = "closed" if _finished(row) else "open"
    return row["status"] in statuses or keyword in statuses


def _statuses_here(rows: list, statuses) -> str:
    """For a --status no run has: the statuses the runs found do have (a typo reads as an empty list)."""
    unknown = [status for status in statuses if status not in ("open", "closed")
               and all(row["status"] != status for row in rows)]
    if not unknown or not rows:
        return ""
    here = sorted({row["status"] for row in rows})
    return f" (no run is {', '.join(map(repr, unknown))}; statuses here: {', '.join(here)}; or open, closed)"


def _page_line(total: int, limit: int, page: int) -> str:
    pages = max(1, -(-total // limit))
    line = f"page {page} of {pages} · {total} run{'s' if total != 1 else ''}"
    return line + (f" · next: --page {page + 1}" if page < pages else "")


COLUMNS = ("path", "protocol", "status", "moves", "age", "question")
QUESTION_WIDTH = 60


def table(rows: list[dict]) -> str:
    """The rows as aligned columns under a heading; the question flattened and cut to fit one line."""
    from argcheck.core.text import clip

    cells = [[c.upper() for c in COLUMNS]]
    for row in rows:
        moves = f"{row['moves']} move{'' if row['moves'] == 1 else 's'}"
        cells.append([row["path"], row["protocol"], row["status"], moves, row["age"],
                      clip(row["question"], QUESTION_WIDTH)])
    widths = [max(len(line[i]) for line in cells) for i in range(len(COLUMNS) - 1)]
    lines = ["  ".join([*(cell.ljust(w) for cell, w in zip(line, widths)), line[-1]]).rstrip() for line in cells]
    return "\n".join(lines)


@declare(dirs=Effect(DELETES, default=DEFAULT_DIR), include_open=Effect(ENDS_OPEN_RUNS))
@command.command("prune")
@DIRS_OPTION
@click.option("--older-than", required=True, help="Age such as 30m, 12h, 7d or 2w (since the last move).")
@click.option("--include-open", is_flag=True, help="Also delete runs that are still in progress.")
@click.option("--dry-run", is_flag=True, help="Only list what would be deleted.")
def prune(dirs, older_than, include_open, dry_run):
    """Delete finished state files of every protocol (a run in a status its protocol closes, such as
    presented, aborted, assessed, reported or crystallized) whose last move is older than --older-than,
    with the lock and temporary files they left."""
    limit = _parse_age(older_than)
    removed = 0
    for row in scan(dirs):
        if not dry_run:  # temp files left by a writer killed mid-write (kill -9)
            writing.remove_stale_temps(row["path"])
        if row["age_seconds"] is None or row["age_seconds"] < limit:
            continue
        if not include_open and not _finished(row):
            continue
        click.echo(f"{'would delete' if dry_run else 'deleted'} {row['path']} ({row['status']}, {row['age']})")
        if not dry_run:
            _remove_with_lock(row["path"])
        removed += 1
    if not dry_run:
        _sweep_idle_locks(dirs)
    click.echo(f"{removed} state file{'s' if removed != 1 else ''} {'to prune' if dry_run else 'pruned'}", err=True)
    return int(ExitCode.OK)


@command.command("delete")
@click.argument("run")
@click.option("--dir", "dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
              help="A directory of state files (repeatable; default ./.argcheck).")
@click.option("--yes", is_flag=True, help="Delete without asking.")
@click.option("--force", is_flag=True, help="Also delete a run that is still open.")
def delete(run, dirs, yes, force):
    """Delete one run: RUN is its state file or its id (as `argcheck sessions` lists them), with the
    reports beside it (.md, .html) and its run-index entry. It asks first (--yes does not); an open run is
    refused without --force."""
    from argcheck.cli.commands.sessions_delete import companions, confirmed, remove_run

    rows = scan(dirs)
    matches = [row for row in rows if run in (row["path"], row.get("id"), os.path.basename(row["path"]))
               or os.path.abspath(run) == os.path.abspath(row["path"])]
    if len(matches) != 1:
        where = ", ".join(dirs or (".argcheck",))
        why = "no run" if not matches else f"{len(matches)} runs"
        raise click.UsageError(f"{why} named {run!r} in {where} (`argcheck sessions` lists them)")
    row = matches[0]
    if not force and not _finished(row):
        click.echo(f"argcheck: {row['path']} is still open ({row['status']}): finish or cancel it, or delete it "
                   "with --force", err=True)
        return int(ExitCode.USAGE)
    files = [row["path"], *companions(row["path"])]
    if not yes and not confirmed(files):
        click.echo("argcheck: nothing deleted", err=True)
        return int(ExitCode.USAGE)
    for path in remove_run(row["path"]):
        click.echo(f"deleted {path}")
    return int(ExitCode.OK)


def _finished(row: dict) -> bool:
    """True when the run takes no more moves (its protocol's final or terminal statuses)."""
    protocol = row["protocol"]
    return discovery.is_registered(protocol) and discovery.spec(protocol).is_closed(row["status"])


def _remove_with_lock(path: str) -> None:
    """Delete a state file and the lock file beside it (taken first, so no writer is mid-way)."""
    try:
        with statefile.locked(path, timeout=0):
            os.unlink(path)
    except statefile.LockBusy:
        click.echo(f"argcheck: {path} is being written by another process; kept it", err=True)
    except FileNotFoundError:
        pass
    except writing.UnsafePath as refused:
        click.echo(f"argcheck: kept {path}: {refused}", err=True)


def _sweep_idle_locks(dirs) -> None:
    """Remove the lock files nobody holds (left by a writer killed with -9, or by an older argcheck): taking
    one and letting go removes it; a held one is left to its holder."""
    for directory in dirs or (DEFAULT_DIR,):
        for lock in glob.glob(os.path.join(directory, "*.lock")):
            try:
                with statefile.locked(lock[: -len(".lock")], timeout=0):
                    pass
            except (statefile.LockBusy, writing.UnsafePath):
                continue  # held, or a planted link: left alone


def _parse_age(text: str) -> int:
    match = re.fullmatch(r"\s*(\d+)\s*([smhdw])\s*", text or "")
    if not match:
        raise click.BadParameter(f"{text!r}: use a number and a unit, e.g. 30m, 12h, 7d, 2w", param_hint="--older-than")
    return int(match.group(1)) * UNITS[match.group(2)]


def scan(dirs) -> list[dict]:
    """The state files in `dirs` (default .argcheck), most recently updated first."""
    rows = []
    now = _parse_time(utc_now())
    for directory in dirs or (DEFAULT_DIR,):
        for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
            rows.append(_describe(path, now))
    return sorted(rows, key=lambda r: (r["updated_at"] or "", _mtime(r["path"])), reverse=True)


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def _describe(path: str, now) -> dict:
    try:
        doc = jsonio.load(path)
        header = doc.get("header") if isinstance(doc, dict) else None
    except jsonio.InputError as error:
        doc, header = {}, None
        status = f"unreadable ({error.finding.code})"
    else:
        status = doc.get("status", "?") if isinstance(doc, dict) else "not a state"
    header = header if isinstance(header, dict) else {}
    updated = doc.get("updated_at") if isinstance(doc, dict) else None
    age = _age_seconds(now, updated)
    protocol = doc.get("protocol") if isinstance(doc, dict) else None
    question = discovery.spec(protocol).subject_of(header) if discovery.is_registered(protocol) else ""
    return {
        "path": path, "id": doc.get("id"), "protocol": doc.get("protocol", "?"), "status": status,
        "moves": len(doc.get("moves") or []), "updated_at": updated, "age_seconds": age,
        "age": _human(age), "conversation_id": header.get("conversation_id"),
        "question": question,
    }


def _parse_time(text):
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except (TypeError, ValueError):
        return None


def _age_seconds(now, updated):
    then = _parse_time(updated)
    return None if now is None or then is None else max(0, int((now - then).total_seconds()))


def _human(seconds) -> str:
    if seconds is None:
        return "?"
    for unit, size in (("w", 604800), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"
