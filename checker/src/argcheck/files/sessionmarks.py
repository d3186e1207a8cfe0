"""Which agent conversation a command runs in, as the harness saw the conversation start.

Each agent's SessionStart hook (`argcheck hook --agent AGENT SessionStart`) leaves a marker in the witness
key's directory (`key_dir()/sessions/AGENT-SESSION.json`, 0600 in a 0700 directory; the witness guard keeps
the agent's tools out of that directory): the agent, the session id, its transcript, and the agent's own
process (the hook's nearest ancestor that is no shell or interpreter: its pid and start time, from /proc).

`argcheck init` (harness_session) then finds its conversation:
- Claude Code: ARGCHECK_CONVERSATION_ID, which the SessionStart hook exported through CLAUDE_ENV_FILE;
- Codex CLI: CODEX_THREAD_ID (every shell command sees it; it is the hooks' session_id), with its marker;
- Gemini CLI (its shell commands see no session id): the marker whose agent process is an ancestor of the
  command, the nearest one; the newest marker of that process when there are several (/clear, /resume).
A marker whose process has ended (its pid now names another process, or none) is never matched.
"""

from __future__ import annotations

import os
import re

from argcheck.core.agent_limits import AGENTS

DIR_NAME = "sessions"
MAX_MARKERS = 256
MAX_DEPTH = 32
SESSION = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
NOT_THE_AGENT = re.compile(r"^(?:sh|bash|dash|zsh|ksh|fish|env|timeout|nice|nohup|python[0-9.]*|argcheck.*)$")


def ancestors(pid: int | None = None) -> list[tuple[int, int, str]]:
    """(pid, start time in clock ticks, program name) of the process `pid` (default: this one) and its
    ancestors, nearest first; empty where /proc cannot say."""
    chain, pid = [], os.getpid() if pid is None else pid
    while pid > 1 and len(chain) < MAX_DEPTH:
        found = _process(pid)
        if found is None:
            break
        start, parent, name = found
        chain.append((pid, start, name))
        pid = parent
    return chain


def _process(pid: int) -> tuple[int, int, str] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read().decode("utf-8", "replace")
    except OSError:
        return None
    name, _, rest = stat.partition(" (")[2].rpartition(") ")
    fields = rest.split()
    if len(fields) < 20 or not fields[1].isdigit() or not fields[19].isdigit():
        return None
    return int(fields[19]), int(fields[1]), name


def agent_process(chain: list[tuple[int, int, str]]) -> tuple[int, int] | None:
    """The agent's process in a hook's ancestry: the first ancestor (the hook itself excluded) that is no
    shell, interpreter or launcher."""
    for pid, start, name in chain[1:]:
        if not NOT_THE_AGENT.match(name):
            return pid, start
    return None


def marker_path(key_dir: str, agent: str, session: str) -> str:
    return os.path.join(key_dir, DIR_NAME, f"{agent}-{session}.json")


def mark(key_dir: str, agent: str, session, transcript, cwd) -> bool:
    """Leave the marker of a conversation that starts (or resumes) now; False when it cannot be left."""
    if agent not in AGENTS or not isinstance(session, str) or not SESSION.match(session):
        return False
    import json
    import time

    from argcheck.files import writing

    process = agent_process(ancestors())
    marker = {"agent": agent, "session": session, "at": time.time(),
              "transcript": transcript if isinstance(transcript, str) else None,
              "cwd": cwd if isinstance(cwd, str) else None, "process": list(process) if process else None}
    try:
        writing.make_dirs(os.path.join(key_dir, DIR_NAME), mode=0o700)
        writing.replace(marker_path(key_dir, agent, session), json.dumps(marker).encode("utf-8"), mode=0o600,
                        follow=False)
    except OSError:
        return False
    _prune(os.path.join(key_dir, DIR_NAME))
    return True


def _prune(folder: str) -> None:
    """Keep the newest MAX_MARKERS markers."""
    try:
        names = [name for name in os.listdir(folder) if name.endswith(".json")]
        if len(names) <= MAX_MARKERS:
            return
        dated = sorted((os.stat(os.path.join(folder, name)).st_mtime, name) for name in names)
        for _, name in dated[:len(names) - MAX_MARKERS]:
            os.unlink(os.path.join(folder, name))
    except OSError:
        pass


def read_marker(path: str) -> dict | None:
    import json

    try:
        with open(path, "rb") as handle:
            marker = json.loads(handle.read(64 * 1024))
    except (OSError, ValueError):
        return None
    if not isinstance(marker, dict) or marker.get("agent") not in AGENTS:
        return None
    return marker if isinstance(marker.get("session"), str) and SESSION.match(marker["session"]) else None


def codex_session(key_dir: str, thread_id: str) -> dict | None:
    """Codex: the marker of the thread the command runs in (CODEX_THREAD_ID)."""
    if not SESSION.match(thread_id):
        return None
    return read_marker(marker_path(key_dir, "codex", thread_id))


def ancestor_session(key_dir: str, agent: str = "gemini") -> dict | None:
    """The marker of `agent` whose process is this command's nearest ancestor (the newest on a tie)."""
    folder = os.path.join(key_dir, DIR_NAME)
    try:
        names = [name for name in os.listdir(folder) if name.startswith(agent + "-") and name.endswith(".json")]
    except OSError:
        return None
    depth = {(pid, start): index for index, (pid, start, _) in enumerate(ancestors())}
    best = None
    for name in names:
        marker = read_marker(os.path.join(folder, name))
        process = marker.get("process") if marker else None
        if marker is None or marker["agent"] != agent or not isinstance(process, list) or len(process) != 2:
            continue
        at = depth.get((process[0], process[1]))
        if at is None:
            continue
        rank = (-at, marker.get("at") if isinstance(marker.get("at"), (int, float)) else 0)
        if best is None or rank > best[0]:
            best = (rank, marker)
    return best[1] if best else None


def harness_session() -> tuple[str, str | None] | None:
    """The agent and conversation a run started now is witnessed in, or None when it is not witnessed: the
    witness key exists and an agent's SessionStart hook saw this conversation start (files/sessionmarks.py:
    Claude Code's exported ARGCHECK_CONVERSATION_ID, Codex's CODEX_THREAD_ID with its marker, Gemini's
    marker on an ancestor process), unless the user turned witnessing off (ARGCHECK_WITNESS=off): the run
    then says "unwitnessed" in every report."""
    from argcheck.files.witnesslog import CONVERSATION_VARIABLE, key_dir, load_key

    if os.environ.get("ARGCHECK_WITNESS") == "off" or load_key(key_dir(), create=False) is None:
        return None
    if os.environ.get(CONVERSATION_VARIABLE):
        return "claude", os.environ[CONVERSATION_VARIABLE]
    thread = os.environ.get("CODEX_THREAD_ID")
    marker = codex_session(key_dir(), thread) if thread else ancestor_session(key_dir())
    return (marker["agent"], marker["session"]) if marker else None


def hooks_in_place() -> bool:
    """Whether a run started now is witnessed (harness_session)."""
    return harness_session() is not None


def witnessed_env(env, state: str | None):
    """`env` for a run `argcheck init` (or a run at init) starts now: with argcheck's hooks in place
    (harness_session), its witness (the log beside the state file, the agent and the conversation); else
    `env` as it is."""
    from argcheck.files.operations import DEFAULT_STATE_DIR
    from argcheck.files.witnesslog import witness_at_start

    session = harness_session()
    if session is None:
        return env
    state_dir = os.path.dirname(os.path.abspath(state)) if state else os.path.abspath(DEFAULT_STATE_DIR)
    return env._replace(witness=witness_at_start(os.path.realpath(state_dir), session))
