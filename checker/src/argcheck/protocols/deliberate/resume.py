"""Which prompt a consultee session has already seen: the basis of the resumed (delta) prompt (pure).

A consultee's reply is recorded by a `consult` move that carries the session id the wrapper reported,
followed by the reply's content as the consultee's own moves. When the session of the latest
consultation holds a reply, a resumed call to it already carries every prompt up to that reply and the
reply itself: the state after those moves is what the consultee knows.
"""

from __future__ import annotations

from argcheck.core.collector import collector_paused
from argcheck.protocols.deliberate.standing import consultee_name

# The consultees whose wrapper (wrappers/<name>-wrapper.sh) resumes a session with its whole thread.
RESUMABLE = frozenset({"codex", "claude", "gemini", "ollama", "openai", "replay"})


def last_reply_seq(state, asked: bool = False) -> int | None:
    """The seq of the consultee's last reply in the session the next call resumes, or None.

    None when no session is recorded, when that session holds no reply yet (a new one, or one that only
    failed), or when the consultee's wrapper does not resume sessions (unless `asked`, i.e. --delta).
    """
    session = state.consultee_session
    if session is None or not (asked or consultee_name(state) in RESUMABLE):
        return None
    for consultation in reversed(state.consultations):
        if consultation.outcome == "reply" and consultation.session_id == session:
            return consultation.seq
    return None


def seen_state(doc: dict, state, env, asked: bool = False):
    """The derived state as the consultee knew it after its last reply in this session, or None.

    Replays the moves up to the end of that reply with the engine alone: the whole log has just been
    replayed and checked (a prompt is refused for a state with error findings).
    """
    seq = last_reply_seq(state, asked)
    if seq is None:
        return None
    from argcheck.protocols.deliberate.engine import Engine

    moves = doc["moves"]
    end = seq  # the index after the consult move; then the reply's content, the consultee's own moves
    while end < len(moves) and moves[end].get("actor") == "consultee" and moves[end].get("type") != "consult":
        end += 1
    engine = Engine(doc["header"], env)
    with collector_paused():  # as replay: many objects, no cycles
        for index, move in enumerate(moves[:end]):
            engine.step(index, move)
    return engine.state
