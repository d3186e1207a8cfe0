"""Numbered records: `render --format madr --output docs/adr/NNNN-title.md` takes the next free number.

As adr-tools and log4brains number their records: one more than the highest four-digit prefix in that
folder, zero-padded to four digits; `title` in the name becomes the record's slug. The file is created
exclusively (a number another process took meanwhile is skipped), readable as a document, not 0600.
"""

from __future__ import annotations

import os
import re

NUMBER_SLOT = "NNNN"
NUMBERED = re.compile(r"^(\d{4})-")
TITLE_SLOT = re.compile(r"(?<![A-Za-z])title(?![A-Za-z])")  # the word `title` in the name, not `subtitle`


def is_numbered(output: str) -> bool:
    """Does --output ask for the next free number (NNNN in its file name)?"""
    return NUMBER_SLOT in os.path.basename(output)


def next_number(folder: str) -> int:
    """One more than the highest NNNN- prefix among the folder's files (1 in an empty or missing folder)."""
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return 1
    numbers = [int(match.group(1)) for match in map(NUMBERED.match, names) if match]
    return max(numbers, default=0) + 1


def numbered_path(output: str, title: str) -> str:
    """`output` with NNNN replaced by the next free number, and a `title` slot by the record's slug."""
    folder, name = os.path.split(output)
    name = name.replace(NUMBER_SLOT, f"{next_number(folder):04d}", 1)
    return os.path.join(folder, TITLE_SLOT.sub(lambda _: slug(title), name, count=1))


def slug(title: str) -> str:
    """adr-tools' file-name slug: lower case, every run of other characters one hyphen, at most 60."""
    text = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return text[:60].rstrip("-") or "decision"


def write_numbered(output: str, title: str, text: str) -> str:
    """Write `text` to the next free NNNN path (exclusively: a number another process took is skipped)."""
    from argcheck.files import writing

    for _ in range(100):
        path = numbered_path(output, title)
        try:
            writing.create(path, text.encode("utf-8"))
        except FileExistsError:
            continue
        _readable_by_all(path)
        return path
    raise FileExistsError(output)


def _readable_by_all(path: str) -> None:
    """A record is a document for the team: the mode a new file gets under the umask, not a state file's 0600."""
    mask = os.umask(0o022)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
