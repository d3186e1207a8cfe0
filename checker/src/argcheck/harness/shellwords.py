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


SEPARATORS = ("&&", ";", "\n")  # what a skill joins its commands with; `&&` only runs on when the one before did


def split_block(command) -> list[list[str]] | None:
    """The words of each command of a block written as the skills write it: commands one per line, or
    joined with `&&` or `;`, each a simple command (`split`). None for anything else: another operator,
    a separator with no command on one side, a line continuation, an unclosed quote."""
    if not isinstance(command, str) or len(command) > MAX_COMMAND:
        return None
    pieces = _pieces(command)
    if pieces is None:
        return None
    commands = []
    for piece, joined in pieces:
        words = split(piece)
        if words is None or (not words and joined):
            return None
        if words:
            commands.append(words)
    return commands or None


def _pieces(command: str) -> list[tuple[str, bool]] | None:
    """The text between separators outside quotes, each with whether `&&` or `;` stands next to it."""
    pieces, start, index, quote, joined = [], 0, 0, None, False
    while index < len(command):
        char = command[index]
        if quote == '"' and char in FORBIDDEN_IN_DOUBLE_QUOTES:
            return None  # split refuses it too; stopping here keeps an escaped quote from ending the text
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "\\":
            index += 1  # the escaped character is part of the word (split refuses an escaped newline)
        elif char in ";\n" or command.startswith("&&", index):
            glued = char != "\n"
            pieces.append((command[start:index], joined or glued))
            joined = glued
            index += 2 if char == "&" else 1
            start = index
            continue
        index += 1
    if quote:
        return None
    pieces.append((command[start:], joined))
    return pieces
