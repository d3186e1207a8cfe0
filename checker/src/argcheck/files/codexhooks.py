"""Codex CLI's hooks as install.sh --hooks writes them: the trust hash Codex computes, the marked block, its state.

Codex 0.169.0 runs a hook from config.toml (`[[hooks.EVENT]]` tables) or hooks.json only when the user's own
config.toml trusts it: `[hooks.state."KEY"] trusted_hash = HASH`, else it skips it without a word. KEY is
`SOURCE:EVENT_LABEL:GROUP:HANDLER` (SOURCE the absolute path of the file holding the hook, EVENT_LABEL the
event in snake case, GROUP the index of the matcher group among that event's groups in that file, HANDLER the
index in the group); HASH is `sha256:` and the hex SHA-256 of the hook's normalised identity as compact JSON
with sorted keys: {"event_name": EVENT_LABEL, "matcher": M (only when set), "hooks": [{"type": "command",
"command": C, "timeout": T, "async": false}]} (codex-rs/hooks/src/engine/discovery.rs `command_hook_hash` and
codex-rs/config/src/fingerprint.rs `version_for_toml`; tests/realcli/test_agent_install_real.py checks it against
`codex app-server` hooks/list on the pinned binary). Codex reads that trust only from the user's config.toml.

Plain standard library, no other argcheck module: checker/tools/codex_hooks.py (the installer's, run by any
python3) imports it from the source tree, and `argcheck doctor` reads the installed state with `status`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re

WHO = "added by argcheck's install.sh --agent codex --hooks; --uninstall removes this block"
BEGIN = {"hooks": f"# BEGIN argcheck hooks: {WHO}", "trust": f"# BEGIN argcheck hook trust: {WHO}"}
END = "# END argcheck hooks "
BLOCK = re.compile(r"\n?(?P<begin>" + "|".join(re.escape(line) for line in BEGIN.values())
                   + r")\n(?P<body>.*?)" + re.escape(END) + r"(?P<sum>[0-9a-f]+)\n", re.S)
LAUNCHER = "argcheck-hook"


def event_label(event: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", event).lower()


def trust_hash(event: str, matcher: str | None, command: str, timeout: int) -> str:
    """The hash Codex computes for a command hook, which `trusted_hash` must equal."""
    identity = {"event_name": event_label(event),
                "hooks": [{"type": "command", "command": command, "timeout": timeout, "async": False}]}
    if matcher is not None and event not in ("UserPromptSubmit", "Stop"):  # Codex drops those two's matcher
        identity["matcher"] = matcher
    canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def hook_key(path: str, event: str, group: int) -> str:
    return f"{os.path.abspath(path)}:{event_label(event)}:{group}:0"


def checksum(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def blocks(text: str) -> list[re.Match]:
    return list(BLOCK.finditer(text))


def is_edited(block: re.Match) -> bool:
    return checksum(block["body"]) != block["sum"]


def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return ""


def status(hooks_path: str, trust_path: str) -> str:
    """installed | untrusted (Codex would skip one of argcheck's hooks) | edited | none, for HOOKS_PATH's block."""
    text = read_text(hooks_path)
    found = [block for block in blocks(text) if block["begin"] == BEGIN["hooks"]]
    if not found:
        return "none"
    if is_edited(found[0]):
        return "edited"
    try:
        import tomllib
    except ImportError:  # Python 3.10: the block is intact; its trust is not read
        return "installed"
    try:
        events = tomllib.loads(text).get("hooks") or {}
        states = (tomllib.loads(read_text(trust_path)).get("hooks") or {}).get("state") or {}
    except (tomllib.TOMLDecodeError, AttributeError):
        return "untrusted"
    for event, groups in events.items():
        for index, group in enumerate(groups if isinstance(groups, list) else []):
            handler = (group.get("hooks") or [{}])[0] if isinstance(group, dict) else {}
            if LAUNCHER not in str(handler.get("command", "")):
                continue
            wanted = trust_hash(event, group.get("matcher"), handler["command"], handler.get("timeout", 600))
            if (states.get(hook_key(hooks_path, event, index)) or {}).get("trusted_hash") != wanted:
                return "untrusted"
    return "installed"
