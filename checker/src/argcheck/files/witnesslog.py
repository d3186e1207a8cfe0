"""The witness log as the files layer reads it: its key, its lines, their verification, and the Env of a
witnessed run (the harness's hooks write the log: harness/witness.py).

`argcheck init` marks a run witnessed when the hooks are in place: an agent's SessionStart hook saw the
conversation start (files/sessionmarks.py) and made the witness key. Every later command on that
run reads the log beside the state file, verifies it with the key, and passes the verified records to the
rules (core/witnessing.py); no rule reads a file.
"""

from __future__ import annotations

import os

LOG_NAME = "witness.jsonl"
KEY_NAME = "witness.key"
CONVERSATION_VARIABLE = "ARGCHECK_CONVERSATION_ID"
MAX_LINE = 65536  # one record's line at most, serialized (harness/witness.py cuts a record's texts to fit)


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
    """The entries of a whole witness log that check out, in order, and what is wrong with the rest.

    Reading stops at the first broken link: an entry after it cannot be trusted to be in its place."""
    entries, problems, prev = [], [], ""
    for line in lines:
        entry, problem = checked(line, len(entries) + 1, prev, key)
        if problem:
            problems.append(problem)
            break
        entries.append(entry)
        prev = entry["mac"]
    return entries, problems


def checked(line, seq: int, prev: str, key: bytes) -> tuple[dict | None, str | None]:
    """One line as the record `seq` following the record signed `prev`: (the record, None) or (None, why not)."""
    import hmac
    import json

    try:
        entry = json.loads(line)
    except ValueError:
        return None, f"record {seq}: not JSON (a damaged line)"
    if not isinstance(entry, dict) or not isinstance(entry.get("mac"), str):
        return None, f"record {seq}: not a witness record"
    body = {name: value for name, value in entry.items() if name != "mac"}
    if entry.get("seq") != seq or entry.get("prev") != prev:
        return None, f"record {seq}: out of sequence (a record was dropped, moved or inserted)"
    if not hmac.compare_digest(sign(key, body), entry["mac"]):
        return None, f"record {seq}: its signature does not match (edited, or written without the key)"
    return entry, None


def tail_record(handle) -> dict | None:
    """The last record of an open log (binary handle), read from its end only; None when the log is empty
    or its last line is damaged (cut short, or longer than any record argcheck writes): the next record
    then starts a fresh chain, and a run started after it is not held back by the damage."""
    import json

    size = handle.seek(0, os.SEEK_END)
    if size == 0:
        return None
    handle.seek(max(0, size - 2 * MAX_LINE))
    window = handle.read()
    if not window.endswith(b"\n"):
        return None
    lines = window[:-1].rsplit(b"\n", 1)
    if len(lines) == 1 and size > len(window):
        return None  # the line started before the window: longer than a record may be
    try:
        entry = json.loads(lines[-1])
    except ValueError:
        return None
    return entry if isinstance(entry, dict) and isinstance(entry.get("seq"), int) else None


def log_end(state_dir: str) -> tuple[int, int]:
    """Where a run started now begins in the log: (the last record's seq, or 0 when the next record starts a
    fresh chain; the log's size in bytes)."""
    import fcntl

    try:
        with open(os.path.join(state_dir, LOG_NAME), "rb") as handle:
            fcntl.flock(handle, fcntl.LOCK_SH)
            last = tail_record(handle)
            return (last["seq"] if last else 0), handle.seek(0, os.SEEK_END)
    except OSError:
        return 0, 0


def read_since(state_dir: str, key: bytes, after: int, offset: int, until: int | None) -> tuple:
    """The verified records after record `after` (which ends at byte `offset`), up to record `until` when
    given, and what does not verify: only what a run needs is read, whatever the log's size before it."""
    try:
        handle = open(os.path.join(state_dir, LOG_NAME), "rb")
    except OSError:
        return [], ([f"record {after}: the log is missing"] if after else []), 0
    with handle:
        prev, problem = _anchor(handle, key, after, offset)
        if problem:
            return [], [problem], offset
        handle.seek(offset)
        records: list = []
        for line in handle:
            if until is not None and after + len(records) >= until:
                break
            entry, problem = checked(line, after + len(records) + 1, prev, key)
            if problem:
                return records, [problem], offset
            records.append(entry)
            prev = entry["mac"]
        return records, [], handle.tell()


def _anchor(handle, key: bytes, after: int, offset: int) -> tuple[str, str | None]:
    """The signature the record after the anchor must follow: "" for a fresh chain, else record `after`'s,
    found as the line that ends at `offset` and verified with the key."""
    import hmac

    if after == 0:
        return "", None
    start = max(0, offset - 2 * MAX_LINE)
    handle.seek(start)
    window = handle.read(offset - start)
    if not window.endswith(b"\n"):
        return "", f"record {after}: not where the run started (the log was cut or rewritten)"
    line = window[:-1].rsplit(b"\n", 1)[-1]
    import json

    try:
        entry = json.loads(line)
    except ValueError:
        entry = None
    if not isinstance(entry, dict) or entry.get("seq") != after or not isinstance(entry.get("mac"), str):
        return "", f"record {after}: not where the run started (the log was cut or rewritten)"
    body = {name: value for name, value in entry.items() if name != "mac"}
    if not hmac.compare_digest(sign(key, body), entry["mac"]):
        return "", f"record {after}: its signature does not match (edited, or written without the key)"
    return entry["mac"], None


def read_witness(state_dir: str, after: int = 0, offset: int = 0, until: int | None = None, session=None,
                 agent=None):
    """The verified records of `state_dir`'s witness log after record `after` (ending at byte `offset`), up to
    record `until`: a core Witness (problems: what does not verify) of the run's `session` and `agent`."""
    from argcheck.core.witnessing import Witness  # not at import: the hooks that write the log need none of it

    key = load_key(key_dir(), create=False)
    if key is None:
        return Witness([], [f"has no key ({os.path.join(key_dir(), KEY_NAME)} is missing)"], after, offset, session,
                       agent=agent)
    records, problems, end = read_since(state_dir, key, after, offset, until)
    return Witness(records, problems, after, end, session, agent=agent)


RECENT = 8 * 1024 * 1024  # what `argcheck witness` reads of the log: its end


def recent_witness(state_dir: str):
    """The newest stretch of verified records among the log's last RECENT bytes (a stretch starts at any record
    the key verifies; a break in the chain is reported and starts a new one): what `argcheck witness` shows."""
    from argcheck.core.witnessing import Witness

    key = load_key(key_dir(), create=False)
    if key is None:
        return Witness([], [f"has no key ({os.path.join(key_dir(), KEY_NAME)} is missing)"])
    try:
        handle = open(os.path.join(state_dir, LOG_NAME), "rb")
    except OSError:
        return Witness([], [])
    records, problems = [], []
    with handle:
        start = max(0, handle.seek(0, os.SEEK_END) - RECENT)
        handle.seek(start)
        if start:
            handle.readline()  # the rest of a line cut by the window
        for line in handle:
            entry, problem = (checked(line, records[-1]["seq"] + 1, records[-1]["mac"], key) if records
                              else (None, "no stretch yet"))
            if entry is None:
                entry, alone = _genuine(line, key)
                if records or alone:
                    problems.append(problem if records else alone)
                records = [entry] if entry else []
            else:
                records.append(entry)
    after = records[0]["seq"] - 1 if records else 0
    return Witness(records, problems, after)


def _genuine(line, key: bytes) -> tuple[dict | None, str | None]:
    """A line that is a record signed with the key, wherever it stands."""
    import json

    try:
        entry = json.loads(line)
    except ValueError:
        return None, "a damaged line (not JSON)"
    if not isinstance(entry, dict) or not isinstance(entry.get("seq"), int):
        return None, "a line that is not a witness record"
    return checked(line, entry["seq"], entry.get("prev"), key)


def witness_at_start(state_dir: str, session: tuple[str, str | None] | None = None):
    """For `argcheck init` with the hooks in place: where the log ends (the run's records come after it), the
    agent and the conversation the command runs in (`session`, from sessionmarks.harness_session: its records are the
    run's); nothing of the log is verified yet."""
    from argcheck.core.witnessing import Witness

    seq, end = log_end(state_dir)
    agent, conversation = session if session else ("claude", os.environ.get(CONVERSATION_VARIABLE))
    return Witness([], [], seq, end, conversation or None, agent=agent)


def witness_for(doc, path: str | None):
    """For a witnessed run's document stored at `path`, its log beside it from where the run started (to its
    last move's record once the run is closed), verified, with the transcripts its records name; None
    otherwise."""
    from argcheck.core.witnessing import is_witnessed

    if not path or not isinstance(doc, dict) or not is_witnessed(doc.get("header")):
        return None
    header = doc["header"]
    after, offset = header.get("witness_seq"), header.get("witness_offset")
    if not (_count(after) and _count(offset)):
        after, offset = 0, 0  # a run from before the offset was kept: the whole log
    witness = read_witness(os.path.dirname(os.path.abspath(path)), after, offset, _last_stamp(doc),
                           header.get("witness_session"), header.get("witness_agent"))
    from argcheck.files.transcripts import attach

    return attach(witness)


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _last_stamp(doc: dict) -> int | None:
    """A closed run needs no record after the one its last move was stamped with; an open one reads on."""
    from argcheck.core import discovery

    try:
        final = discovery.spec(doc.get("protocol")).final_statuses
    except Exception:  # noqa: BLE001 - an unknown protocol is reported by the replay, not here
        return None
    if doc.get("status") not in final:
        return None
    stamps = [move.get("witness_seq") for move in doc.get("moves", []) if isinstance(move, dict)]
    stamps = [stamp for stamp in stamps if _count(stamp)] + [doc["header"].get("witness_seq")]
    return max(stamp for stamp in stamps if _count(stamp)) if any(_count(s) for s in stamps) else None
