"""Witnessed whole runs (issue 27): the scripted model's side, for Codex CLI and Gemini CLI alike.

A witnessed run is an unwitnessed plan (codexplans.py, test_gemini_whole_runs_real.py) plus what the hooks
must see for the rules to accept it:

- **a user move cites the prompt that carried the answer** (ARG031): the user's answer is the next turn's
  prompt (`codex exec resume --last`, `gemini --resume latest`); the model then runs `argcheck witness
  --format json --last 1` and writes the move with `"witness": {"seq": N, "quote": ...}` from what it read
  (a `{"write": fn}` step of the mock: the model cannot know N before the hook recorded the prompt);
- **a web_search move matches a search the hooks saw** (TRZ143): in Gemini the model runs its
  `google_web_search` tool with the move's query first, and the mock's web returns the move's URLs; in Codex
  the search is a tool of the model provider that no hook sees (measured on 0.169.0), so a witnessed run's
  sources come from the user: the agent asks, and records them as the user's `web_search`, cited;
- **execution evidence is a command the hooks saw run** (DLB195): deliberate's run checks a fact with
  `argcheck --version` and records a `verified` ledger entry quoting that call's output.
"""

from __future__ import annotations

import json
import re
import shlex

from argcheck.core.commandtext import apply_command

WITNESS = "argcheck witness --format json --last 1"
ANSWER = "My answer: "  # how user_turns (test_whole_runs_real.py) words the user's answer
SEQ = re.compile(r'"seq"\s*:\s*(\d+)')
VERSION_CHECK = "argcheck --version"
VERSION_LINE = re.compile(r"argcheck, version \d+\.\d+\.\d+\S*")


def moves_of(command: str) -> list[dict] | None:
    """The moves of an `argcheck apply STATE '<json>'` command (a list), or None for any other command."""
    words = shlex.split(command) if command.startswith("argcheck apply ") else []
    if len(words) != 4:
        return None
    moves = json.loads(words[3])
    return moves if isinstance(moves, list) else [moves]


def is_user_move(command: str) -> bool:
    moves = moves_of(command) or []
    return len(moves) == 1 and moves[0].get("actor") == "user"


def cited(state: str, move: dict, quote: str):
    """The step that writes `move` citing the newest witnessed prompt, from `argcheck witness`' output."""
    def write(output: str) -> str:
        seqs = SEQ.findall(output)
        assert seqs, f"`{WITNESS}` showed no witnessed prompt: {output[-600:]}"
        return apply_command(state, {**move, "witness": {"seq": int(seqs[-1]), "quote": quote}})

    return write


def cite_user_moves(plan, shell) -> None:
    """Each user move of the plan (alone in its command, in the turn the user's answer opened) becomes the
    witness lookup and the move written from it, quoting the answer the user typed."""
    for turn in plan.turns:
        steps = []
        for step in turn.steps:
            command = command_of(step)
            if command and is_user_move(command) and turn.prompt.startswith(ANSWER):
                state = shlex.split(command)[2]
                write = cited(state, moves_of(command)[0], turn.prompt[len(ANSWER):])
                steps += [shell(WITNESS), {"write": lambda output, write=write: shell(write(output))}]
            else:
                steps.append(step)
        turn.steps = steps


def command_of(step: dict) -> str | None:
    """The shell command of a plan step in any client's tool (Bash, exec_command, run_shell_command)."""
    tool = step.get("tool") or {}
    given = tool.get("input") or tool.get("args") or tool.get("arguments") or {}
    return given.get("command") or given.get("cmd")


def agent_searches(command: str) -> list[dict]:
    return [m for m in moves_of(command) or [] if m.get("type") == "web_search" and m.get("actor") != "user"]


def search_first(plan, search) -> dict:
    """Gemini: before each command recording the agent's web_search moves, the model searches each query with
    its search tool (`search(query)` is the step). Returns the mock's web: each query's results."""
    web = {}
    for turn in plan.turns:
        steps = []
        for step in turn.steps:
            command = command_of(step) or ""
            for move in agent_searches(command):
                steps.append(search(move["query"]))
                web[move["query"]] = [{"url": r["source_url"], "title": r.get("source_title") or r["source_url"],
                                       "snippet": r.get("content_summary", "")} for r in move.get("results") or []]
            steps.append(step)
        turn.steps = steps
    return web


def sources_from_the_user(commands: list[str]) -> list[str]:
    """Codex: each agent web_search becomes the sources the user gives (its own user move, so user_turns asks
    for it): the commands of an `apply` are split around each search."""
    out = []
    for command in commands:
        if not agent_searches(command):
            out.append(command)
            continue
        state, pending = shlex.split(command)[2], []
        for move in moves_of(command):
            if move.get("type") == "web_search" and move.get("actor") != "user":
                if pending:
                    out.append(apply_command(state, pending))
                    pending = []
                out.append(apply_command(state, {"type": "web_search", "actor": "user",
                                                 **{k: v for k, v in move.items() if k not in ("type", "actor")}}))
            else:
                pending.append(move)
        if pending:
            out.append(apply_command(state, pending))
    return out


def execution_evidence(state: str, shell, ledger_id: str) -> list[dict]:
    """Deliberate: the model checks a fact by running a command, then records what it saw as verified."""
    def write(output: str) -> dict:
        line = VERSION_LINE.search(output)
        assert line, f"`{VERSION_CHECK}` printed no version: {output[-600:]}"
        entry = {"type": "ledger", "actor": "orchestrator", "id": ledger_id, "provenance": "verified",
                 "text": "The installed argcheck runs on this machine.",
                 "execution": {"command": VERSION_CHECK, "exit_code": 0, "output": line.group(0)}}
        return shell(apply_command(state, entry))

    return [shell(VERSION_CHECK), {"write": write}]


def insert_after(plan, prefix: str, steps: list[dict]) -> None:
    """Put steps right after the first command starting with prefix."""
    for turn in plan.turns:
        for index, step in enumerate(turn.steps):
            if (command_of(step) or "").startswith(prefix):
                turn.steps[index + 1:index + 1] = steps
                return
    raise AssertionError(f"no command starts with {prefix!r}")


def unbacked_variants(doc: dict) -> list[tuple[str, dict]]:
    """A finished witnessed run's document, changed so that only a witness rule can object (the caller
    reseals it): the last user move citing the prompt the first one cited (ARG031), and a web_search the
    agent claims (no actor) whose query no witnessed search had (TRZ143)."""
    import copy

    variants = []
    cited = copy.deepcopy(doc)
    users = [m for m in cited["moves"] if m.get("actor") == "user" and "witness" in m]
    users[-1]["witness"] = dict(users[0]["witness"])
    variants.append(("ARG031", cited))
    searched = copy.deepcopy(doc)
    search = next((m for m in searched["moves"] if m["type"] == "web_search"), None)
    if search is not None:
        search.pop("actor", None)
        search.pop("witness", None)
        search["query"] = "a search the agent never ran"
        variants.append(("TRZ143", searched))
    return variants
