#!/usr/bin/env python3
"""Add or remove argcheck's entries in Codex CLI's and Gemini CLI's config files (used by install.sh --agent).

Usage: agent_config.py codex-mcp check|add|remove CONFIG_TOML [COMMAND]
       agent_config.py gemini-mcp check|add|remove SETTINGS_JSON COMMAND
       agent_config.py lock-source LOCK_JSON NAME
       agent_config.py gemini-ask-rules

`codex-mcp add` appends a marked block with `[mcp_servers.argcheck]` (COMMAND with the argument `mcp`) to
Codex's config.toml, or replaces the block an earlier install wrote; `remove` takes the block out again, so
the file is byte for byte what it was. `gemini-mcp add` sets `mcpServers.argcheck` in Gemini CLI's
settings.json; `remove` takes it out when it still runs COMMAND (and an `mcpServers` object left empty).
`add` prints "created" when it made the file; `check` changes nothing and exits as `add` would. An entry
named argcheck that argcheck did not write is never touched: exit 5. A file that cannot be read as TOML
(or as a JSON object): exit 1.

`lock-source` prints the absolute source directory the open `skills` CLI recorded for skill NAME in LOCK_JSON
(its ~/.agents/.skill-lock.json, or a project's skills-lock.json, whose relative sources count from the
file's folder), or nothing when the file or the entry is missing or names no local folder.

`gemini-ask-rules` prints the policy rules that make Gemini CLI ask before an argcheck command that could write
outside the project's `.argcheck/` (gemini_policy.py, from the effects the commands declare, which the Claude
Code hook's consent reads too).
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile

BEGIN = "# BEGIN argcheck: added by argcheck's install.sh --agent codex --mcp; --uninstall removes this block"
END = "# END argcheck"
TABLE = re.compile(r"^\s*\[\s*mcp_servers\s*\.\s*[\"']?argcheck[\"']?\s*[\].]", re.M)
DOTTED = re.compile(r"^\s*mcp_servers\s*\.\s*[\"']?argcheck[\"']?\s*[.=]", re.M)


class Refused(Exception):
    """An entry named argcheck that argcheck did not write."""


def read_text(path: str) -> str:
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def write_text(path: str, text: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".argcheck.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        if os.path.exists(path):
            os.chmod(temp, os.stat(path).st_mode & 0o7777)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def codex_block(command: str) -> str:
    return f'{BEGIN}\n[mcp_servers.argcheck]\ncommand = {toml_string(command)}\nargs = ["mcp"]\n{END}\n'


def without_codex_block(text: str) -> str:
    """TEXT with the block (and the line break add put before it) taken out; TEXT when it has none."""
    start = text.find(BEGIN + "\n")
    if start < 0:
        return text
    end = text.find(END + "\n", start)
    if end < 0:
        raise ValueError(f"it has {BEGIN!r} without {END!r}: fix the file by hand")
    end += len(END) + 1
    if start > 0 and text[start - 1] == "\n":
        start -= 1
    return text[:start] + text[end:]


def check_toml(text: str) -> None:
    try:
        import tomllib
    except ImportError:  # Python 3.10: the patterns below still find an argcheck entry
        return
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"it is not valid TOML ({error})") from None


def codex_mcp(verb: str, path: str, command: str | None) -> str:
    original = read_text(path)
    check_toml(original)
    rest = without_codex_block(original)
    if verb == "remove":
        if rest != original:
            write_text(path, rest)
        return ""
    if TABLE.search(rest) or DOTTED.search(rest):
        raise Refused(f"{path} already has an [mcp_servers.argcheck] entry that argcheck did not add")
    if verb == "check":
        return ""
    separator = "\n" if rest else ""
    write_text(path, rest + separator + codex_block(command or ""))
    return "" if original else "created"


def gemini_entry(command: str) -> dict:
    return {"command": command, "args": ["mcp"]}


def load_json_object(path: str) -> dict:
    text = read_text(path)
    if not text.strip():
        return {}
    settings = json.loads(text)
    if not isinstance(settings, dict):
        raise ValueError("it is not a JSON object")
    return settings


def gemini_mcp(verb: str, path: str, command: str) -> str:
    existed = os.path.exists(path)
    settings = load_json_object(path)
    servers = settings.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise ValueError('"mcpServers" is not an object')
    ours = gemini_entry(command)
    if verb == "remove":
        if servers.get("argcheck") == ours:
            del servers["argcheck"]
            if not servers:
                del settings["mcpServers"]
            write_json(path, settings)
        return ""
    if "argcheck" in servers and servers["argcheck"] != ours:
        raise Refused(f"{path} already has an mcpServers.argcheck entry that argcheck did not add")
    if verb == "check":
        return ""
    settings["mcpServers"] = {**servers, "argcheck": ours}
    write_json(path, settings)
    return "" if existed else "created"


def write_json(path: str, settings: dict) -> None:
    write_text(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")


def lock_source(path: str, name: str) -> str:
    try:
        lock = load_json_object(path)
    except (OSError, ValueError):
        return ""
    entry = (lock.get("skills") or {}).get(name) if isinstance(lock.get("skills"), dict) else None
    if not isinstance(entry, dict) or entry.get("sourceType") != "local" or not isinstance(entry.get("source"), str):
        return ""
    source = os.path.join(os.path.dirname(os.path.abspath(path)), os.path.expanduser(entry["source"]))
    return os.path.realpath(source)


def main(argv: list[str]) -> int:
    try:
        if argv == ["gemini-ask-rules"]:
            import gemini_policy  # beside this file

            print(gemini_policy.ask_rules_toml(), end="")
            return 0
        if len(argv) == 3 and argv[0] == "lock-source":
            print(lock_source(argv[1], argv[2]))
            return 0
        if len(argv) in (3, 4) and argv[0] in ("codex-mcp", "gemini-mcp") and argv[1] in ("check", "add", "remove"):
            if argv[0] == "codex-mcp":
                said = codex_mcp(argv[1], argv[2], argv[3] if len(argv) == 4 else None)
            else:
                said = gemini_mcp(argv[1], argv[2], argv[3] if len(argv) == 4 else "")
            if said:
                print(said)
            return 0
    except Refused as refusal:
        print(f"agent_config.py: {refusal}", file=sys.stderr)
        return 5
    except (OSError, ValueError, UnicodeDecodeError) as error:
        print(f"agent_config.py: cannot use {argv[2]}: {error}", file=sys.stderr)
        return 1
    print("\n".join(__doc__.strip().splitlines()[2:6]), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
