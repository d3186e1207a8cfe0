"""argcheck view: a run (or a folder of runs) as a self-contained HTML page, opened in the browser."""

from __future__ import annotations

import os

import click

from argcheck.exitcodes import ExitCode
from argcheck.core.jsonio import InputError
from argcheck.files.operations import DEFAULT_STATE_DIR
from argcheck.output import echo, echo_findings


@click.command("view")
@click.argument("target", required=False, default=DEFAULT_STATE_DIR, type=click.Path())
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write the page here (default: beside the state, .html; FOLDER/index.html for a folder).")
@click.option("--open/--no-open", "open_page", default=True, show_default=True,
              help="Open the page in the default browser.")
@click.option("--serve", is_flag=True, help="Serve the run's page on 127.0.0.1 and reload it as moves land "
                                            "(Ctrl-C stops).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port for --serve (0: any free port).")
def command(target, output, open_page, serve, port):
    """Show TARGET, a state file or a folder of them (default .argcheck/), as an HTML page.

    The page is one file with everything inline: no network request, no external font or script. For a
    folder, each run's page is written beside its state file and an index page links to them.
    """
    from argcheck.cli.view import index, page, run as runs

    if not os.path.exists(target):
        echo(f"argcheck: {target}: no such file or folder", err=True)
        if target == DEFAULT_STATE_DIR:
            echo(NO_RUNS_HINT, err=True)
        return int(ExitCode.USAGE)
    if os.path.isdir(target):
        if serve:
            echo("argcheck: --serve shows one run: give a state file", err=True)
            return int(ExitCode.USAGE)
        written, found, problems = index.write_all(target, output)
        echo(f"wrote {os.path.abspath(written)} ({len(found)} run{'s' if len(found) != 1 else ''}"
             f"{f', {len(problems)} other file(s) skipped' if problems else ''})", err=True)
        if not found:
            echo(NO_RUNS_HINT, err=True)
        return _open(written, open_page)
    try:
        run = runs.load(target)
    except InputError as error:
        echo_findings([error.finding], target)
        return int(ExitCode.USAGE)
    except runs.NotARun as problem:
        echo(f"argcheck: {problem}", err=True)
        return int(ExitCode.FINDINGS)
    if serve:
        return _serve(target, port, open_page)
    written = output or runs.page_path(target)
    try:
        index.write(written, page.run_page(run))
    except OSError as error:
        echo(f"argcheck: cannot write {written}: {error.strerror or error}", err=True)
        return int(ExitCode.USAGE)
    echo(f"wrote {os.path.abspath(written)}", err=True)
    return _open(written, open_page)


NO_RUNS_HINT = ("argcheck: no runs here yet: a run's state file is made by `argcheck init PROTOCOL ...` (in "
                "./.argcheck/ by default); to see a page at once, `argcheck demo --keep DIR`, then `argcheck view "
                "DIR`")


def _open(path: str, open_page: bool) -> int:
    """Open the page in the browser, and say where it is as a file:// URL either way: when no browser opened
    it (none is set up, as over SSH), say so rather than nothing."""
    import pathlib

    uri = pathlib.Path(path).resolve().as_uri()
    if not open_page:
        echo(f"open {uri} in a browser", err=True)
        return int(ExitCode.OK)
    import webbrowser

    try:
        opened = webbrowser.open(uri)
    except webbrowser.Error:
        opened = False
    echo(f"opened {uri} in the browser" if opened else
         f"argcheck: no browser opened the page (none is set up here): open {uri} yourself", err=True)
    return int(ExitCode.OK)


def _serve(target: str, port: int, open_page: bool) -> int:
    from argcheck.cli.view import serve

    try:
        server = serve.make_server(target, port)
    except OSError as error:
        echo(f"argcheck: cannot listen on 127.0.0.1:{port}: {error.strerror or error}", err=True)
        return int(ExitCode.USAGE)
    url = serve.url_of(server)
    try:
        echo(f"serving {target} at {url} (Ctrl-C stops)", err=True)
        if open_page:
            import webbrowser

            webbrowser.open(url)
        serve.serve(server)
    except KeyboardInterrupt:  # Ctrl-C is how a live view ends: not an interruption
        server.server_close()
    echo("stopped", err=True)
    return int(ExitCode.OK)
