"""argcheck demo: a protocol's main job replayed with no consultee and no API key."""

from __future__ import annotations

import click

from argcheck.core import discovery
from argcheck.cli.terminal import Palette, wants_color

TERMINAL_PAUSE = 0.7  # seconds between turns when a person watches


def demos() -> dict[str, str]:
    """The protocols that bundle a demo, the main demo first: name -> what it shows."""
    specs = sorted((s for s in discovery.specs() if s.demo), key=lambda s: (not s.main_demo, s.name))
    return {spec.name: spec.demo for spec in specs}


def _help() -> str:
    lines = "\n".join(f"  {name:<12} {what}" for name, what in demos().items())
    return ("Replay a bundled, realistic run through `apply` turn by turn, showing what `next` says\n"
            "(including a refused move), and ending with the report. PROTOCOL defaults to the first below.\n\n"
            f"\b\n{lines}")


@click.command("demo", help=_help())
@click.argument("protocol", required=False, type=click.Choice(list(demos())))
@click.option("--keep", "keep_dir", type=click.Path(file_okay=False),
              help="Keep the demo's state file and workspace in this directory.")
@click.option("--pause", type=float, default=None,
              help=f"Seconds to pause between turns (default: {TERMINAL_PAUSE} in a terminal, 0 otherwise).")
@click.option("--fast", is_flag=True, help="No pause at all (as when the output is not a terminal).")
@click.option("--color/--no-color", default=None,
              help="Colour the output (default: when stdout is a terminal and NO_COLOR is unset).")
def command(protocol, keep_dir, pause, fast, color):
    name = protocol or next(iter(demos()))
    out = click.get_text_stream("stdout")
    return play(name, out, keep_dir=keep_dir, pause=_pause(out, pause, fast), color=wants_color(out, color))


def _pause(out, pause: float | None, fast: bool) -> float:
    """Paced for a person watching a terminal; never a sleep for a pipe, a file or CI."""
    if fast:
        return 0.0
    if pause is not None:
        return max(0.0, pause)
    isatty = getattr(out, "isatty", None)
    return TERMINAL_PAUSE if isatty and isatty() else 0.0


def play(name: str, out, *, keep_dir: str | None = None, pause: float = 0.0, color: bool = False) -> int:
    """Play protocol `name`'s demo on `out` with the real file operations (0 when it went as recorded)."""
    from argcheck.files import operations

    from argcheck.core import protocol_calls

    return protocol_calls.call(discovery.spec(name), "demo", out, operations, paint=Palette(color),
                               keep_dir=keep_dir, pause=pause)
