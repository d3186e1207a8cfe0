"""Codex CLI's hooks for argcheck: a marked block in config.toml, with the trust Codex asks for (agent_hooks.py).

Codex 0.169.0 runs a hook from config.toml (`[[hooks.EVENT]]` tables) or hooks.json only when the user's own
config.toml trusts it: `[hooks.state."KEY"] trusted_hash = HASH`, else it skips it without a word. KEY is
`SOURCE:EVENT_LABEL:GROUP:HANDLER` (SOURCE the absolute path of the file holding the hook, EVENT_LABEL the
event in snake case, GROUP the index of the matcher group among that event's groups in that file, HANDLER the
index in the group); HASH is `sha256:` and the hex SHA-256 of the hook's normalised identity as compact JSON
with sorted keys: {"event_name": EVENT_LABEL, "matcher": M (only when set), "hooks": [{"type": "command",
"command": C, "timeout": T, "async": false}]} (codex-rs/hooks/src/engine/discovery.rs `command_hook_hash` and
codex-rs/config/src/fingerprint.rs `version_for_toml`; tests/realcli checks it against `codex app-server`
hooks/list on the pinned binary). Codex reads that trust only from the user's config.toml, never a project's.

The hooks and the trust go into one marked block at the end of the file (user-wide: $CODEX_HOME/config.toml;
with --project the hooks go into DIR/.codex/config.toml and the trust into the user's file, each its own
block). The END line carries a checksum of the block: `remove` takes out only a block that is as it was
written, so the file is byte for byte what it was before; a block edited by hand is left (`edited`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re

from agent_config import Refused, check_toml, read_text, toml_string, write_text
from agent_hooks import HOOKS, parse_commands

BEGIN = {
    "hooks": "# BEGIN argcheck hooks: added by argcheck's install.sh --agent codex --hooks; --uninstall removes this block",
    "trust": "# BEGIN argcheck hook trust: added by argcheck's install.sh --agent codex --hooks; --uninstall removes this block",
}
END = "# END argcheck hooks "
BLOCK = re.compile(r"\n?(?P<begin>" + "|".join(re.escape(line) for line in BEGIN.values())
                   + r")\n(?P<body>.*?)" + re.escape(END) + r"(?P<sum>[0-9a-f]+)\n", re.S)


def event_label(event: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", event).lower()


def trust_hash(event: str, matcher: str, command: str, timeout: int) -> str:
    """The hash Codex computes for a command hook, which `trusted_hash` must equal."""
    identity = {"event_name": event_label(event),
                "hooks": [{"type": "command", "command": command, "timeout": timeout, "async": False}]}
    if matcher and event not in ("UserPromptSubmit", "Stop"):
        identity["matcher"] = matcher
    canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def checksum(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def marked(kind: str, body: str) -> str:
    return f"{BEGIN[kind]}\n{body}{END}{checksum(body)}\n"


def blocks(text: str) -> list[re.Match]:
    return list(BLOCK.finditer(text))


def is_edited(block: re.Match) -> bool:
    return checksum(block["body"]) != block["sum"]


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
        key = f"{os.path.abspath(hooks_path)}:{event_label(event)}:{len(groups)}:0"
        wanted = trust_hash(event, matchers[event], command, timeout)
        have = ((trusted.get("hooks") or {}).get("state") or {}).get(key)
        if isinstance(have, dict) and have.get("trusted_hash") == wanted:
            continue
        if have is not None:
            raise Refused(f"the user's config.toml already has [hooks.state.{toml_string(key)}]: remove it, then run again")
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
        new[trust_path] = _appended(rests[trust_path], marked("trust", trust_body(hooks_path, existing, trusted, commands)))
    for path, text in new.items():
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


def status(hooks_path: str, trust_path: str | None = None) -> str:
    """installed | untrusted (a hook Codex would skip) | edited | none, for argcheck's block in HOOKS_PATH."""
    text = read_text(hooks_path)
    found = [block for block in blocks(text) if block["begin"] == BEGIN["hooks"]]
    if not found:
        return "none"
    if is_edited(found[0]):
        return "edited"
    whole = parsed(text) if trust_path in (None, hooks_path) else parsed(read_text(trust_path))
    states = (whole.get("hooks") or {}).get("state") or {}
    timeout, matchers = HOOKS["codex"]
    groups = parsed(text).get("hooks") or {}
    for event in matchers:
        ours = [index for index, group in enumerate(groups.get(event) or [])
                if "argcheck-hook" in json.dumps(group)]
        if not ours:
            return "edited"
        command = groups[event][ours[-1]]["hooks"][0]["command"]
        key = f"{os.path.abspath(hooks_path)}:{event_label(event)}:{ours[-1]}:0"
        if (states.get(key) or {}).get("trusted_hash") != trust_hash(event, matchers[event], command, timeout):
            return "untrusted"
    return "installed"


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
        print(f"agent_hooks.py: {refusal}", file=__import__("sys").stderr)
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
