"""The rules a witnessed run owes the harness's witness log, the same for every protocol (pure).

A run started with Claude Code's argcheck hooks in place has `"witnessed": true` in its header. The shell
reads the project's witness log (`.argcheck/witness.jsonl`), verifies its chain and signatures, and passes
the verified records in as `Env.witness`; no rule here reads a file. For such a run:

- ARG030: the log must verify (a witnessed run whose log is missing its key or is broken is refused).
- ARG031: every move with `"actor": "user"` cites (`witness: {seq, quote}`) a witnessed user prompt that
  (a) was recorded after the move before it was applied (its `witness_seq` stamp: the question was put;
  for the first move, after the run was started: the header's `witness_seq`),
  (b) is not cited by an earlier move, and (c) contains `quote` verbatim (whitespace and case aside): the
  user's answer, readable in what the user actually typed. A `cancel` or `abort` move needs no citation:
  the agent can always end a run honestly (the report says who recorded it).

A protocol's own rules (a research move, execution evidence) read the same records through `tool_calls`.
Every report of a run without the mark says UNWITNESSED_NOTE (`marked_text`, `marked_markdown`, `json_fields`:
the shells add it; kept here, beside what a witnessed run is, so a call loads no module for it); a witnessed
run's report says what its agent cannot witness (core/agent_limits.py: Codex CLI's web searches).
"""

from __future__ import annotations

from argcheck.core import agent_limits, arg_rules  # noqa: F401  (arg_rules defines ARG030 and ARG031)
from argcheck.core.rules import finding

UNWITNESSED_NOTE = "unwitnessed: user decisions and research are as the agent recorded them"
HEADER_FIELD = "witnessed"
HONEST_ENDINGS = frozenset({"cancel", "abort"})  # ending a run is never held back by the witness


class Witness:
    """The verified records of the witness log a run reads (in order, the records after record `after`, the
    one the run started at), what is wrong with the rest (empty: all good), where the read ended (`end`, a
    byte offset), the conversation the run belongs to (`session`), and the transcripts of the client that
    back the records (`transcripts`: path -> core.transcripts.Transcript; None when not read).
    A plain class: a namedtuple costs every call about 0.1 ms to build."""

    __slots__ = ("records", "problems", "after", "end", "session", "transcripts", "_backed", "agent")

    def __init__(self, records: list, problems: list, after: int = 0, end: int = 0, session=None,
                 transcripts=None, agent=None) -> None:
        self.records, self.problems, self.after, self.end = records, problems, after, end
        self.session, self.transcripts, self._backed, self.agent = session, transcripts, {}, agent

    def __repr__(self) -> str:
        return f"Witness(records={self.records!r}, problems={self.problems!r}, after={self.after!r})"

    @property
    def last_seq(self) -> int:
        return self.records[-1].get("seq", 0) if self.records else self.after

    def record(self, seq) -> dict | None:
        index = seq - self.after - 1 if isinstance(seq, int) and not isinstance(seq, bool) else -1
        return self.records[index] if 0 <= index < len(self.records) else None

    def backed(self, record: dict) -> bool:
        """The client's own transcript shows what the record says (always true when none was read)."""
        if self.transcripts is None:
            return True
        if id(record) not in self._backed:  # each record is looked up once: a transcript can be large
            transcript = self.transcripts.get(record.get("transcript"))
            self._backed[id(record)] = transcript is not None and transcript.shows(record)
        return self._backed[id(record)]

    def exit_code(self, record: dict):
        """The record's exit code; when its hook event did not give one (Codex CLI's PostToolUse), the one the
        agent's transcript shows for it."""
        code = record.get("exit_code")
        transcript = (self.transcripts or {}).get(record.get("transcript"))
        if code is None and transcript is not None and self.backed(record):
            return transcript.exit_code(record)
        return code

    def tool_calls(self, kind: str) -> list[dict]:
        """The witnessed calls of one kind ("bash", "web_search", "web_fetch", "prompt") that the client's
        transcript backs."""
        return [record for record in self.records if record.get("kind") == kind and self.backed(record)]


def start_fields(witness: Witness) -> dict:
    """The header fields of a run started with the hooks in place: where in the log it starts, and in which
    conversation."""
    fields = {HEADER_FIELD: True, "witness_seq": witness.last_seq, "witness_offset": witness.end}
    if witness.agent in agent_limits.AGENT_NAMES:
        fields["witness_agent"] = witness.agent
    return {**fields, "witness_session": witness.session} if witness.session else fields


def is_witnessed(header) -> bool:
    return isinstance(header, dict) and header.get(HEADER_FIELD) is True


def witnessed_note(header) -> str | None:
    """Which agent's hooks witnessed the run, for a run whose header names it (`witness_agent`)."""
    agent = agent_limits.AGENT_NAMES.get(header.get("witness_agent")) if is_witnessed(header) else None
    return f"witnessed by {agent}'s hooks: user decisions and research are checked against its log" \
        if agent else None


def marked_markdown(text: str, header) -> str:
    """A Markdown report with a note as a quote right under its title: for an unwitnessed run, that it is not
    witnessed; for a witnessed one, by which agent, and what that agent cannot witness, if anything."""
    notes = [UNWITNESSED_NOTE] if not is_witnessed(header) else \
        [note for note in [witnessed_note(header)] if note] + agent_limits.limits(header)
    if not notes:
        return text
    lines = text.split("\n")
    at = next((index + 1 for index, line in enumerate(lines) if line.startswith("# ")), 0)
    return "\n".join(lines[:at] + [""] + [f"> {note}" for note in notes] + [""] + lines[at:])


CITE_HINT = ('witnessed run: once the user has answered, cite their prompt in the user move: "witness": '
             '{"seq": N, "quote": "<their words, verbatim>"} (`argcheck witness` prints N)')


def marked_text(text: str, header, report: dict) -> str:
    """`next`'s text with, for an unwitnessed run, the note as its last line; for a witnessed run waiting
    for the user, how to cite the user's answer."""
    if not is_witnessed(header):
        return text.rstrip("\n") + "\n" + UNWITNESSED_NOTE
    note = witnessed_note(header)
    text = text.rstrip("\n") + "\n" + note if note else text
    step = report.get("next") if isinstance(report.get("next"), dict) else {}
    text = text.rstrip("\n") + "\n" + CITE_HINT if step.get("actor") == "user" else text
    limits = agent_limits.limits(header)
    return "\n".join([text.rstrip("\n"), *limits]) if limits else text


def json_fields(header) -> dict:
    """The fields a JSON report adds: whether the run is witnessed, and for one that is not, the note."""
    witnessed = is_witnessed(header)
    if not witnessed:
        return {"witnessed": False, "note": UNWITNESSED_NOTE}
    agent, limits = header.get("witness_agent"), agent_limits.limits(header)
    return {"witnessed": True, **({"witness_agent": agent} if agent in agent_limits.AGENT_NAMES else {}),
            **({"cannot_witness": limits} if limits else {})}


def witness_of(env, header) -> Witness | None:
    """The witness records the rules may use: only for a witnessed run, else None."""
    witness = getattr(env, "witness", None)
    return witness if is_witnessed(header) and isinstance(witness, Witness) else None


def check_log(header, env) -> list:
    """ARG030: a witnessed run needs a verified log."""
    if not is_witnessed(header):
        return []
    witness = getattr(env, "witness", None)
    if not isinstance(witness, Witness):
        return [finding("ARG030", path="/header/witnessed", problem="was not read (no witness key or log)")]
    if witness.problems:
        problem = witness.problems[0]
        problem = problem if problem.startswith("has ") else "is broken at " + problem
        return [finding("ARG030", path="/header/witnessed", problem=problem)]
    return check_attempts(witness)


def check_attempts(witness: Witness) -> list:
    """ARG032: the run's own conversation, as its transcript shows it, tried to reach the witness."""
    own = {record.get("transcript") for record in witness.records if record.get("session") == witness.session}
    for path in sorted(path for path in own if path in (witness.transcripts or {})):
        attempts = witness.transcripts[path].attempts()
        if attempts:
            return [finding("ARG032", path="/header/witnessed", detail=attempts[0][:200],
                            attempts=len(attempts))]
    return []


def normalized(text: str) -> str:
    return " ".join(text.split()).casefold()


class UserCitations:
    """ARG031 over a whole log: remembers which prompts earlier user moves cited."""

    def __init__(self, witness: Witness | None, header=None) -> None:
        self.witness, self.cited = witness, set()
        started = header.get("witness_seq") if isinstance(header, dict) else None
        self.started = started if isinstance(started, int) and not isinstance(started, bool) else 0

    def check(self, move, previous, path: str) -> list:
        if self.witness is None or not isinstance(move, dict) or move.get("actor") != "user":
            return []
        if move.get("type") in HONEST_ENDINGS and "witness" not in move:
            return []
        if move.get("via") == "page":  # the page's own answer: the user typed it there, not in the chat
            return []
        detail = self._problem(move.get("witness"), previous)
        return [finding("ARG031", path=path + "/witness", detail=detail)] if detail else []

    def _problem(self, cited, previous) -> str | None:
        if not isinstance(cited, dict):
            return 'the move has no "witness" citation'
        seq = cited.get("seq")
        asked_at = previous.get("witness_seq", 0) if isinstance(previous, dict) else self.started
        if isinstance(seq, int) and isinstance(asked_at, int) and seq <= asked_at:
            return (f"prompt {seq} came before the question (the log was at record {asked_at} when "
                    "the move before this one, or the run, was made); wait for the user's answer")
        record = self.witness.record(seq)
        if record is None or record.get("kind") != "prompt":
            return f"witness record {seq} is not a witnessed user prompt"
        if not self.witness.session or record.get("session") != self.witness.session:
            return (f"prompt {seq} was typed in another conversation, not the one this run was started in "
                    "(a consultee's prompt is not the user's answer)")
        if not self.witness.backed(record):
            return f"prompt {seq} is not in the conversation's own transcript as a prompt the user typed"
        if seq in self.cited:
            return f"prompt {seq} is already cited by an earlier user move"
        quote = cited.get("quote")
        if not isinstance(quote, str) or normalized(quote) not in normalized(record.get("text", "")):
            return f"the quote is not in prompt {seq} as the user typed it"
        self.cited.add(seq)
        return None
