"""argcheck demo: the main job with no consultee and no API key."""

from __future__ import annotations

import sys

import click


@click.command("demo")
@click.option("--keep", "keep_dir", type=click.Path(file_okay=False),
              help="Keep the demo's state file and workspace in this directory.")
@click.option("--pause", type=float, default=0.0, show_default=True, help="Seconds to pause between turns.")
@click.option("--color/--no-color", default=None, help="Colour the output (default: when stdout is a terminal).")
def command(keep_dir, pause, color):
    """Replay a bundled, realistic deliberation through `apply`, showing `next` at each turn
    (including a refused move) and ending with the decision log."""
    from argcheck.demo import run_demo

    if color is None:
        color = sys.stdout.isatty()
    return run_demo(click.get_text_stream("stdout"), keep_dir=keep_dir, pause=pause, color=color)
