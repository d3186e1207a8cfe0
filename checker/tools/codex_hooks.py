"""Codex CLI's hooks for argcheck: a marked block in config.toml, with the trust Codex asks for (agent_hooks.py).

How Codex trusts a hook, and the hash it computes: argcheck/files/codexhooks.py (imported from the source tree
beside this folder; doctor reads the installed state with it too). The hooks and the trust go into one marked
block at the end of the file (user-wide: $CODEX_HOME/config.toml; with --project the hooks go into
DIR/.codex/config.toml and the trust into the user's file, the only place Codex reads trust from, each its
own block). The END line carries a checksum of the block: `remove` takes out only a block that is as it was
written, so the file is byte for byte what it was before; a block edited by hand is left (`edited`).
"""

from __future__ import annotations

import os
import re
import sys

from agent_config import Refused, check_toml, read_text, toml_string, write_text
from agent_hooks import HOOKS, parse_commands

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
from argcheck.files.codexhooks import (  # noqa: E402 - the source tree's, whatever python runs this
    BEGIN, BLOCK, END, blocks, checksum, hook_key, is_edited, status, trust_hash)

__all__ = ["END", "main", "planned", "remove", "status", "trust_hash"]


def marked(kind: str, body: str) -> str:
    return f"{BEGIN[kind]}\n{body}{END}{checksum(body)}\n"


def without_blocks(text: str, path: str) -> str:
    """TEXT without argcheck's blocks; Refused when one was edited by hand, ValueError for a lone BEGIN."""
    for block in blocks(text):
        if is_edited(block):
            raise Refused(f"{path} holds argcheck's hooks block edited by hand; restore or remove it, then run again")
    rest = BLOCK.sub("", text)
    if any(line in rest for line in BEGIN.values()):
        raise ValueError("it has an argcheck BEGIN line without its END line: fix the file by hand")
    return rest


def parsed(text: str) -> dict:
    check_toml(text)
    try:
        import tomllib
    except ImportError:  # Python 3.10: no parser; the groups are counted by their headers
        return {"hooks": {event: [None] * len(re.findall(rf"^\[\[hooks\.{event}\]\]", text, re.M))
                          for event in HOOKS["codex"][1]}}
    return tomllib.loads(text)


def hooks_body(commands: dict) -> str:
    timeout, matchers = HOOKS["codex"]
    lines = []
    for event, command in commands.items():
        lines += [f"[[hooks.{event}]]"] + ([f"matcher = {toml_string(matchers[event])}"] if matchers[event] else [])
        lines += [f"[[hooks.{event}.hooks]]", 'type = "command"', f"command = {toml_string(command)}",
                  f"timeout = {timeout}", ""]
    return "\n".join(lines) + "\n"


def trust_body(hooks_path: str, existing: dict, trusted: dict, commands: dict) -> str:
    """The [hooks.state."KEY"] tables for the hooks about to be appended to HOOKS_PATH (whose groups now are
    EXISTING), leaving out a key TRUSTED already holds with the same hash."""
    timeout, matchers = HOOKS["codex"]
    lines = []
    for event, command in commands.items():
        groups = (existing.get("hooks") or {}).get(event) or []
        key = hook_key(hooks_path, event, len(groups))
        wanted = trust_hash(event, matchers[event] or None, command, timeout)
        have = ((trusted.get("hooks") or {}).get("state") or {}).get(key)
        if isinstance(have, dict) and have.get("trusted_hash") == wanted:
            continue
        if have is not None:
            raise Refused(f"the user's config.toml already has [hooks.state.{toml_string(key)}]: "
                          "remove it, then run again")
        lines += [f"[hooks.state.{toml_string(key)}]", f"trusted_hash = {toml_string(wanted)}", ""]
    return "\n".join(lines)


def planned(hooks_path: str, trust_path: str, commands: dict) -> dict:
    """{path: new text} for the file(s) to write; {} when argcheck's blocks are there as they would be."""
    texts = {path: read_text(path) for path in {hooks_path, trust_path}}
    rests = {path: without_blocks(text, path) for path, text in texts.items()}
    existing = parsed(rests[hooks_path])
    trusted = parsed(rests[trust_path])
    hooks = marked("hooks", hooks_body(commands) + trust_body(hooks_path, existing, trusted, commands)
                   if hooks_path == trust_path else hooks_body(commands))
    new = {hooks_path: _appended(rests[hooks_path], hooks)}
    if trust_path != hooks_path:
        trust = trust_body(hooks_path, existing, trusted, commands)
        new[trust_path] = _appended(rests[trust_path], marked("trust", trust))
    for text in new.values():
        check_toml(text)  # a user's `[hooks]` written another way must not turn the file invalid
    return {path: text for path, text in new.items() if text != texts[path]}


def _appended(rest: str, block: str) -> str:
    """REST and the block after one line break (the one `remove` takes out with it)."""
    return rest + ("\n" if rest else "") + block


def remove(path: str) -> str:
    """Takes argcheck's unedited blocks out of PATH; `edited` when a block edited by hand is left there."""
    text = read_text(path)
    rest, edited = text, False
    for block in reversed(blocks(text)):
        if is_edited(block):
            edited = True
            continue
        rest = rest[:block.start()] + rest[block.end():]
    if rest != text:
        write_text(path, rest)
    return "edited" if edited else ""


def main(verb: str, args: list[str]) -> int:
    if verb == "remove":
        said = remove(args[0])
        if said:
            print(said)
        return 0
    if len(args) < 2:
        raise ValueError("give HOOKS_TOML TRUST_TOML EVENT=COMMAND...")
    hooks_path, trust_path = args[0], args[1]
    try:
        new = planned(hooks_path, trust_path, parse_commands("codex", args[2:]))
    except Refused as refusal:
        print(f"agent_hooks.py: {refusal}", file=sys.stderr)
        return 5
    if verb == "plan":
        for path, text in new.items():
            print(f"# in {path}:\n{blocks(text)[-1].group(0).lstrip(chr(10))}", end="")
        return 0
    for path, text in new.items():
        created = not os.path.exists(path)
        write_text(path, text)
        print(f"hooks {path}")
        if created:
            print(f"created-file {path}")
    return 0
