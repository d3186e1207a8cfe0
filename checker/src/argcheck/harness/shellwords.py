"""A shell command as the words of one simple command, or None when the shell would do anything more.

Only a command the shell runs exactly as its words say is split: plain words, single-quoted text, double-
quoted text without `$`, backquote or backslash, and a backslash escaping one character outside quotes
(the `'\\''` the skills write for an apostrophe). Anything else gives None: an operator (`;`, `&`, `|`,
`&&`, ...), a redirection, a substitution or expansion (`$`, backquote, `~`, globs, braces, zsh's leading
`=`), a comment, a newline. None means "not a command this module vouches for": the caller then leaves the
decision to Claude Code's own permission check.
"""

from __future__ import annotations

# Characters a word may hold outside quotes: nothing in this set means anything to the shell.
PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@%+-")
BLANKS = " \t"
FORBIDDEN_IN_DOUBLE_QUOTES = frozenset('$`\\!')
MAX_COMMAND = 262144


def split(command) -> list[str] | None:
    """The words of `command` when it is one simple command without shell expansion, else None."""
    if not isinstance(command, str) or len(command) > MAX_COMMAND:
        return None
    words: list[str] = []
    word: list[str] | None = None
    index, size = 0, len(command)
    while index < size:
        char = command[index]
        if char in BLANKS:
            if word is not None:
                words.append("".join(word))
                word = None
            index += 1
            continue
        word = [] if word is None else word
        if char == "=" and not (index and command[index - 1] in PLAIN and command[index - 1] != "="):
            return None  # zsh expands a word that starts with `=` (and `==`) to a command's path
        if char in PLAIN:
            word.append(char)
            index += 1
        elif char == "'":
            end = command.find("'", index + 1)
            if end < 0:
                return None
            word.append(command[index + 1:end])
            index = end + 1
        elif char == '"':
            end = command.find('"', index + 1)
            if end < 0:
                return None
            text = command[index + 1:end]
            if FORBIDDEN_IN_DOUBLE_QUOTES.intersection(text):
                return None
            word.append(text)
            index = end + 1
        elif char == "\\" and index + 1 < size and command[index + 1] not in "\n\r":
            word.append(command[index + 1])
            index += 2
        else:
            return None  # an operator, a redirection, an expansion, a comment, a newline, a control character
    if word is not None:
        words.append("".join(word))
    return words
