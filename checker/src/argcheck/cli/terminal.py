"""Styling terminal output: ANSI colours when asked for, plain text otherwise."""

from __future__ import annotations

import os
from typing import ClassVar


class Palette:
    """ANSI styling when colour is on; plain text otherwise."""

    CODES: ClassVar[dict[str, str]] = {
        "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36", "magenta": "35",
    }

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, style: str, text: str) -> str:
        if not self.color:
            return text
        codes = ";".join(self.CODES[name] for name in style.split())
        return f"\033[{codes}m{text}\033[0m"


def wants_color(stream, choice: bool | None = None) -> bool:
    """Colour when asked (--color/--no-color), else when `stream` is a terminal and NO_COLOR is unset."""
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
