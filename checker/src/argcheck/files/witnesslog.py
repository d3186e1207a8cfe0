"""The witness log as the files layer reads it: its key, its lines, their verification, and the Env of a
witnessed run (the harness's hooks write the log: harness/witness.py).

`argcheck init` marks a run witnessed when the hooks are in place: Claude Code's SessionStart hook exported
ARGCHECK_CONVERSATION_ID (only argcheck's hook does) and made the witness key. Every later command on that
run reads the log beside the state file, verifies it with the key, and passes the verified records to the
rules (core/witnessing.py); no rule reads a file.
"""

from __future__ import annotations

import os

LOG_NAME = "witness.jsonl"
KEY_NAME = "witness.key"
CONVERSATION_VARIABLE = "ARGCHECK_CONVERSATION_ID"


def key_dir() -> str:
    """Where the witness key lives, outside every project: $XDG_CONFIG_HOME/argcheck (~/.config/argcheck)."""
    base = os.environ.get("XDG_CONFIG_HOME")
    if not base or not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(os.path.realpath(base), "argcheck")


def canonical(record: dict) -> bytes:
    import json  # these imports stay in the functions: the guard's hook reads key_dir() and nothing else here

    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sign(key: bytes, record: dict) -> str:
    import hashlib
    import hmac

    return hmac.new(key, canonical(record), hashlib.sha256).hexdigest()


def load_key(key_dir: str, create: bool = True) -> bytes | None:
    """The witness key (made with mode 0600, in a 0700 directory, when missing and `create`)."""
    path = os.path.join(key_dir, KEY_NAME)
    try:
        with open(path, "rb") as handle:
            return handle.read(256).strip() or None
    except FileNotFoundError:
        if not create:
            return None
    import secrets

    from argcheck.files import writing

    writing.make_dirs(key_dir, mode=0o700)
    try:
        writing.create(path, secrets.token_hex(32).encode("ascii"), mode=0o600)
    except FileExistsError:
        pass  # another hook made it first: theirs is the key
    return load_key(key_dir, create=False)


def read_log(state_dir: str) -> list[str]:
    try:
        with open(os.path.join(state_dir, LOG_NAME), encoding="utf-8", errors="replace") as handle:
            return handle.read().splitlines()
    except OSError:
        return []


def verify(lines: list[str], key: bytes) -> tuple[list[dict], list[str]]:
    """The entries of a witness log that check out, in order, and what is wrong with the rest.

    Reading stops at the first broken link: an entry after it cannot be trusted to be in its place."""
    import hmac
    import json

    entries, problems, prev = [], [], ""
    for number, line in enumerate(lines, start=1):
        try:
            entry = json.loads(line)
        except ValueError:
            problems.append(f"line {number}: not JSON")
            break
        if not isinstance(entry, dict) or not isinstance(entry.get("mac"), str):
            problems.append(f"line {number}: not a witness record")
            break
        body = {name: value for name, value in entry.items() if name != "mac"}
        if entry.get("seq") != number or entry.get("prev") != prev:
            problems.append(f"line {number}: out of sequence (a record was dropped, moved or inserted)")
            break
        if not hmac.compare_digest(sign(key, body), entry["mac"]):
            problems.append(f"line {number}: its signature does not match (edited, or written without the key)")
            break
        entries.append(entry)
        prev = entry["mac"]
    return entries, problems


def hooks_in_place() -> bool:
    """Whether a run started now is witnessed: argcheck's SessionStart hook ran in this conversation (it
    exports ARGCHECK_CONVERSATION_ID through CLAUDE_ENV_FILE) and the witness key exists, unless the user
    turned witnessing off (ARGCHECK_WITNESS=off): the run then says "unwitnessed" in every report."""
    if os.environ.get("ARGCHECK_WITNESS") == "off":
        return False
    return bool(os.environ.get(CONVERSATION_VARIABLE)) and load_key(key_dir(), create=False) is not None


def read_witness(state_dir: str):
    """The verified records of `state_dir`'s witness log, a core Witness (problems: what does not verify)."""
    from argcheck.core.witnessing import Witness  # not at import: the hooks that write the log need none of it

    key = load_key(key_dir(), create=False)
    if key is None:
        return Witness([], [f"has no key ({os.path.join(key_dir(), KEY_NAME)} is missing)"])
    records, problems = verify(read_log(state_dir), key)
    return Witness(records, problems)


def witness_for(doc, path: str | None):
    """For a witnessed run's document stored at `path`, its log beside it, verified; None otherwise."""
    from argcheck.core.witnessing import is_witnessed

    if not path or not isinstance(doc, dict) or not is_witnessed(doc.get("header")):
        return None
    return read_witness(os.path.dirname(os.path.abspath(path)))
