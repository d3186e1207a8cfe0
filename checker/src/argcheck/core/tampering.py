"""Does a shell command reach the witness? Its hook entry, its key or the session it records (pure, textual).

The witness (the hooks' log, signed with a key outside the project) is only worth something if the agent it
witnesses cannot write it. Every way to write it goes through argcheck's hook entry (`argcheck hook EVENT`,
the installed launcher, `python -m argcheck hook`, the `argcheck.harness` code on any interpreter) or
through the key; a run is tied to its session by ARGCHECK_CONVERSATION_ID. `reason` names the first of
these a command reaches, or None.

It decides conservatively: the command is cut into simple commands the way the shell reads quotes and
operators; a plain `argcheck SUBCOMMAND ...` other than `hook` is data (its JSON may quote anything); the
rest of the text, with quotes, escapes and punctuation squeezed out, is searched for the entry, the key and
the session variable. A word the shell would compute (`$`, backquote, `eval`, an interpreter's code) next
to a hook event's name counts too: it cannot be proved harmless. The harness adds what only the file
system knows (a symlink with an innocent name, a glob): harness/witnessguard.py. The same function reads
the Bash calls of a session's transcript, so an attempt stays visible after it was denied (ARG032).
"""

from __future__ import annotations

DENIED = "argcheck's witness guard denied this call"  # how a denial starts: the transcript keeps it (ARG032)
HOOK_REASON = "it reaches argcheck's hook entry, which only Claude Code may call"
KEY_REASON = "it reaches the witness key, which is the user's alone"
SESSION_REASON = "it sets or reads ARGCHECK_CONVERSATION_ID, which only argcheck's SessionStart hook sets"
EVENT_WORDS = ("pretooluse", "posttooluse", "userpromptsubmit", "sessionstart")  # squeezed spellings
KEY_WORDS = ("witnesskey", "configargcheck", "confighomeargcheck", "witnesslog", "loadkey")
DYNAMIC_MARKS = ("$", "`", "eval", "exec", "source", "import", "base64", "xxd", "printf", "rev", "tr ", "|")
SAFE_WORDS = frozenset({"init", "apply", "ingest", "consult", "next", "prompt", "render", "validate", "rules",
                        "moves", "schema", "sessions", "doctor", "witness", "view", "demo", "--version",
                        "--help", "-h"})
OPERATORS = ("&&", "||", "|&", ";;", ";", "&", "|", "\n", "(", ")")
SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v",
                  "\\": "\\", "'": "'", '"': '"', "?": "?"}
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
ESCAPED_IN_DOUBLE_QUOTES = frozenset('$`"\\\n')


def squeezed(text: str) -> str:
    """Letters and digits only, lower case: `arg''ch\\eck h"o"ok`, `ARG-check.HOOK` all read `argcheckhook`."""
    return "".join(char for char in text.casefold() if char.isalnum())


DECODED_REASON = "it decodes text into a program and runs it, so the hook entry cannot be ruled out"
DECODERS = frozenset({"base64", "xxd", "rev", "b64decode", "openssl", "uudecode", "unhexlify", "fromhex", "codecs"})
INTERPRETERS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python2", "python3", "perl", "ruby",
                          "node", "php"})
CODE_FLAGS = frozenset({"-c", "-e", "-", "-s"})


def _decodes_and_runs(command: str) -> bool:
    """A decoder (`base64 -d`, `xxd -r`, `rev`, ...) and, in the same command, a program fed to an interpreter:
    a pipe into a shell or Python, `eval`, `sh -c`, `python3 -c`. The text then hides what runs."""
    spaced = command.casefold()
    for mark in "|;&()'\"`<>$\n\t":
        spaced = spaced.replace(mark, f" {mark} " if mark == "|" else " ")
    words = [word.rsplit("/", 1)[-1] for word in spaced.split()]
    if not DECODERS.intersection(words):
        return False
    for index, word in enumerate(words):
        after = words[index + 1] if index + 1 < len(words) else ""
        base = word.rstrip("0123456789.") if word.startswith("python") else word
        if word == "eval" or (word == "|" and (after.rstrip("0123456789.") in INTERPRETERS or after in INTERPRETERS)):
            return True
        if base in INTERPRETERS and after in CODE_FLAGS:
            return True
    return False


def reason(command: str) -> str | None:
    """Why this Bash command may not run in a witnessed project, or None when it provably leaves the witness be."""
    if not isinstance(command, str):
        return None
    found = _named_reason(command)
    return found or (DECODED_REASON if _decodes_and_runs(command) else None)


def _named_reason(command: str) -> str | None:
    segments = split_commands(command)
    if segments is None:
        return text_reason(command, dynamic=True)
    every = " ".join(text for words in segments for text, _ in words)
    found = _key_or_session(squeezed(every))
    if found:
        return found
    rest: list[str] = []
    dynamic = False
    for words in segments:
        found = _segment_reason(words)
        if found:
            return found
        if not _is_plain_argcheck(words):
            rest.extend(text for text, _ in words)
            dynamic = dynamic or any(computed for _, computed in words)
    return text_reason(" ".join(rest), dynamic)


def _key_or_session(flat: str) -> str | None:
    if "argcheckconversationid" in flat:
        return SESSION_REASON
    if any(word in flat for word in KEY_WORDS):
        return KEY_REASON
    return None


def text_reason(text: str, dynamic: bool) -> str | None:
    """The text check: the entry, the key or the session variable named, however quoted or escaped."""
    flat = squeezed(text)
    found = _key_or_session(flat)
    if found:
        return found
    if "argcheck" in flat and ("hook" in flat or "harness" in flat or any(word in flat for word in EVENT_WORDS)):
        return HOOK_REASON
    lowered = text.casefold()
    if any(word in flat for word in EVENT_WORDS) and (dynamic or any(mark in lowered for mark in DYNAMIC_MARKS)):
        return HOOK_REASON  # an event's name beside a word the shell computes: the entry cannot be ruled out
    return None


def _segment_reason(words: list) -> str | None:
    """The reason one simple command (its words as (text, computed)) runs the hook entry itself."""
    texts = [text.casefold() for text, _ in words]
    program = next((computed for text, computed in words if "=" not in text.split("/")[0]), False)
    if program and "hook" in texts:
        return HOOK_REASON  # `$A hook ...`, `arg${x}check hook ...`: a program the shell computes, run as a hook
    for index, text in enumerate(texts):
        base = text.rsplit("/", 1)[-1]
        if base.startswith(("argcheck-hook", "argcheck_hook")):
            return HOOK_REASON
        if base in ("argcheck", "argcheck.exe") and _calls_hook(words[index + 1:]):
            return HOOK_REASON
        if text == "-m" and texts[index + 1:index + 2] and texts[index + 1].startswith("argcheck") \
                and _calls_hook(words[index + 2:]):
            return HOOK_REASON  # python -m argcheck hook EVENT
        if text.startswith("-m") and text[2:].startswith("argcheck") and _calls_hook(words[index + 1:]):
            return HOOK_REASON  # python -margcheck hook EVENT
    return None


def _calls_hook(words: list) -> bool:
    """After `argcheck` (or `-m argcheck`): a word `hook`, or a sub-command the shell computes."""
    if any(text.casefold() == "hook" for text, _ in words):
        return True
    for text, computed in words:
        if computed:
            return True
        if not text.startswith("-"):
            return False
    return False


def _is_plain_argcheck(words: list) -> bool:
    """`argcheck SUBCOMMAND ...` run as written (no word computed, a sub-command other than hook): data only."""
    if not words or any(computed for _, computed in words) or words[0][0].rsplit("/", 1)[-1] != "argcheck":
        return False
    sub = next((text for text, _ in words[1:] if not text.startswith("-")), "--version")
    return sub in SAFE_WORDS


# -- the shell's reading of quotes and operators -------------------------------------------------------------

def split_commands(command: str) -> list[list[tuple[str, bool]]] | None:
    """The simple commands of `command`, each a list of (word with its quotes removed, computed by the
    shell). None when the quotes do not close. Redirection operators stay words of their command."""
    segments: list[list[tuple[str, bool]]] = []
    words: list[tuple[str, bool]] = []
    word, computed, started = [], False, False
    index, size = 0, len(command)

    def end_word():
        nonlocal word, computed, started
        if started:
            words.append(("".join(word), computed))
        word, computed, started = [], False, False

    while index < size:
        char = command[index]
        operator = next((op for op in OPERATORS if command.startswith(op, index)), None)
        if char in " \t" or operator:
            end_word()
            if operator:
                if words:
                    segments.append(words)
                words = []
                index += len(operator)
            else:
                index += 1
            continue
        started = True
        if char == "'":
            end = command.find("'", index + 1)
            if end < 0:
                return None
            word.append(command[index + 1:end])
            index = end + 1
        elif char == "$" and command.startswith("$'", index):
            end = _ansi_end(command, index + 2)
            if end < 0:
                return None
            word.append(ansi_c(command[index + 2:end]))
            index = end + 1
        elif char == '"':
            end = _double_end(command, index + 1)
            if end < 0:
                return None
            text = command[index + 1:end]
            computed = computed or "$" in text or "`" in text
            word.append(_unescape_double(text))
            index = end + 1
        elif char == "\\":
            word.append(command[index + 1:index + 2])
            index += 2
        else:
            computed = computed or char in "$`*?[{~"
            word.append(char)
            index += 1
    end_word()
    if words:
        segments.append(words)
    return segments


def _double_end(command: str, index: int) -> int:
    while index < len(command):
        if command[index] == "\\":
            index += 2
            continue
        if command[index] == '"':
            return index
        index += 1
    return -1


def _ansi_end(command: str, index: int) -> int:
    while index < len(command):
        if command[index] == "\\":
            index += 2
            continue
        if command[index] == "'":
            return index
        index += 1
    return -1


def _unescape_double(text: str) -> str:
    """Double-quoted text as the shell reads it: a backslash escapes only $, backquote, ", \\ and newline."""
    out, index = [], 0
    while index < len(text):
        if text[index] == "\\" and text[index + 1:index + 2] in ESCAPED_IN_DOUBLE_QUOTES and index + 1 < len(text):
            out.append(text[index + 1])
            index += 2
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def ansi_c(text: str) -> str:
    """The text of a `$'...'` word, its escapes decoded as bash decodes them."""
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char != "\\" or index + 1 >= len(text):
            out.append(char)
            index += 1
            continue
        kind = text[index + 1]
        if kind in "xuU":
            limit = {"x": 2, "u": 4, "U": 8}[kind]
            digits = _run(text, index + 2, limit, HEX_DIGITS)
            if digits:
                out.append(chr(min(int(digits, 16), 0x10FFFF)))
                index += 2 + len(digits)
                continue
        elif kind in "01234567":
            digits = _run(text, index + 1, 3, frozenset("01234567"))
            out.append(chr(int(digits, 8)))
            index += 1 + len(digits)
            continue
        elif kind == "c" and index + 2 < len(text):
            out.append(chr(ord(text[index + 2]) & 0x1F))
            index += 3
            continue
        out.append(SIMPLE_ESCAPES.get(kind, "\\" + kind))
        index += 2
    return "".join(out)


def _run(text: str, start: int, limit: int, allowed: frozenset) -> str:
    end = start
    while end < len(text) and end - start < limit and text[end] in allowed:
        end += 1
    return text[start:end]
