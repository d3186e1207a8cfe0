"""Running a skill's shell blocks as written, in a sandbox, with the agent's moves between them.

The machinery of tests/e2e/test_skill_commands.py (see its docstring); each skill's scenario (the moves an
agent makes between the skill's blocks) lives in tests/fixtures/skills/<name>/scenario.py as `SCENARIO`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "skills"
CONSULT = ROOT / "wrappers" / "consult"
BIN = Path(sys.executable).parent
SHELL_LANGUAGES = ("bash", "sh", "shell")
TIMEOUT = 120


def skill_file(skill: str) -> Path:
    """skills/<skill>/SKILL.md, or the copy named by ARGCHECK_TEST_SKILL_<SKILL>."""
    override = os.environ.get(f"ARGCHECK_TEST_SKILL_{skill.upper()}")
    return Path(override) if override else ROOT / "skills" / skill / "SKILL.md"


# --- the Markdown -----------------------------------------------------------------------------------

OPENING = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*)$")


@dataclass(frozen=True)
class Block:
    number: int  # 1-based, among the skill's shell blocks
    line: int  # line of the opening fence in SKILL.md
    text: str

    def where(self, skill: str) -> str:
        return f"{skill} SKILL.md block #{self.number} (line {self.line})"


def fenced_blocks(markdown: str) -> list[tuple[str, int, str]]:
    """(language, line of the opening fence, body) of every fenced code block, in document order.

    CommonMark fences: a run of 3+ backticks or tildes, then an info string whose first word is the
    language (a backtick fence's info string holds no backtick); the block ends at a line of only the same
    character, at least as many, or at the end of the document. The opening fence's indentation is taken
    off the body's lines. Any indentation opens a fence, so that a block nested in a list item counts too.
    """
    lines = markdown.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        opening = OPENING.match(lines[i])
        if not opening or (opening["fence"][0] == "`" and "`" in opening["info"]):
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not closing.match(lines[i]):
            line = lines[i]
            body.append(line[min(indent, len(line) - len(line.lstrip(" \t"))):])
            i += 1
        i += 1
        words = opening["info"].split()
        blocks.append((words[0].lower() if words else "", start, "\n".join(body) + "\n"))
    return blocks


def shell_blocks(path: Path) -> list[Block]:
    shell = [(line, text) for language, line, text in fenced_blocks(path.read_text(encoding="utf-8"))
             if language in SHELL_LANGUAGES]
    return [Block(n, line, text) for n, (line, text) in enumerate(shell, start=1)]


def state_file(blocks: list[Block]) -> str:
    """The state file the skill's `argcheck init ... --state FILE` creates (the later blocks name it too)."""
    for block in blocks:
        for line in block.text.splitlines():
            if not re.match(r"\s*argcheck\s+init\b", line):
                continue
            words = shlex.split(line)
            for n, word in enumerate(words):
                if word == "--state" and n + 1 < len(words):
                    return words[n + 1]
                if word.startswith("--state="):
                    return word.split("=", 1)[1]
    raise AssertionError("no bash block runs `argcheck init ... --state FILE`: the test needs the state file")


STUB = r"""#!/usr/bin/env bash
# argcheck-consult for tests/e2e/test_skill_commands.py: replays transcripts whatever consultee the skill
# names (one `consult --list` knows) and whichever wrapper options it passes. The Nth `new` session
# replays the Nth transcript; `resume ID` continues that session.
set -euo pipefail
consult=@CONSULT@
transcripts=(@TRANSCRIPTS@)
counter=@COUNTER@
case "${1:-}" in
  "" | --list | -h | --help) exec "${consult}" "$@" ;;
esac
known="$("${consult}" --list)"
if ! grep -qxF -- "$1" <<<"${known}"; then
  exec "${consult}" "$@" # the real refusal of an unknown consultee (exit 2)
fi
shift
args=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --abstract) shift ;;
    --model | --effort | --cd | --timeout) shift 2 ;;
    --model=* | --effort=* | --cd=* | --timeout=*) shift ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ "${args[0]:-}" = new ]; then
  n=0
  if [ -f "${counter}" ]; then n="$(cat "${counter}")"; fi
  echo "$((n + 1))" >"${counter}"
  if [ "${n}" -ge "${#transcripts[@]}" ]; then
    echo "argcheck-consult (test stub): new session $((n + 1)), but the test has ${#transcripts[@]} transcript(s)" >&2
    exit 2
  fi
  export CONSULT_TRANSCRIPT="${transcripts[n]}"
fi
exec "${consult}" replay ${args[@]+"${args[@]}"}
"""


@dataclass
class Sandbox:
    skill: str
    root: Path
    work: Path
    env: dict

    def run(self, argv: list[str], what: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        result = subprocess.run(argv, cwd=self.work, env=self.env, input=stdin, capture_output=True, text=True,
                                timeout=TIMEOUT)
        report = (f"{what}\n--- exit {result.returncode}\n--- stdout\n{result.stdout}"
                  f"--- stderr\n{result.stderr}")
        assert result.returncode == 0, report
        assert "Traceback" not in result.stdout + result.stderr, report
        return result

    def run_block(self, block: Block, again: bool = False) -> subprocess.CompletedProcess:
        script = self.root / "blocks" / f"{block.number:02d}{'-again' if again else ''}.sh"
        script.parent.mkdir(exist_ok=True)
        script.write_text(block.text, encoding="utf-8")
        what = block.where(self.skill) + (" (run again)" if again else "")
        return self.run(["bash", "-euo", "pipefail", str(script)], f"{what}, as written:\n{block.text}")

    def argcheck(self, *args: str, stdin: str | None = None, what: str) -> subprocess.CompletedProcess:
        return self.run([str(BIN / "argcheck"), *args], what, stdin)

    def apply(self, state: str, moves: list[dict], what: str) -> None:
        self.argcheck("apply", state, "-", stdin=json.dumps(moves), what=f"agent step: {what}")

    def ingest(self, state: str, phase: dict, what: str) -> None:
        self.argcheck("ingest", state, "-", stdin=json.dumps(phase), what=f"agent step: {what}")


def make_sandbox(tmp_path: Path, skill: str, transcripts: tuple[str, ...]) -> Sandbox:
    assert shutil.which("jq"), "jq is needed by the wrappers (apt-get install jq)"
    assert (BIN / "argcheck").exists(), f"argcheck is not installed next to {sys.executable}"
    stubs, work, home = tmp_path / "bin", tmp_path / "work", tmp_path / "home"
    stubs.mkdir()
    home.mkdir()
    seed = FIXTURES / skill / "workspace"
    if seed.is_dir():
        shutil.copytree(seed, work)
    else:
        work.mkdir()
    own = FIXTURES / skill / "consult.py"  # a skill whose consultee needs more than replayed transcripts
    if own.is_file():
        stub = f'#!/usr/bin/env bash\nexec {shlex.quote(sys.executable)} {shlex.quote(str(own))} "$@"\n'
    else:
        stub = (STUB.replace("@CONSULT@", shlex.quote(str(CONSULT)))
                .replace("@TRANSCRIPTS@", " ".join(shlex.quote(str(FIXTURES / skill / t)) for t in transcripts))
                .replace("@COUNTER@", shlex.quote(str(tmp_path / "new-sessions"))))
    (stubs / "argcheck-consult").write_text(stub, encoding="utf-8")
    (stubs / "argcheck-consult").chmod(0o755)
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CONSULT_", "ARGCHECK_", "XDG_"))}
    env.update(HOME=str(home), CONSULT_STATE_DIR=str(tmp_path / "consult-state"),
               PATH=os.pathsep.join([str(stubs), str(BIN), os.environ.get("PATH", os.defpath)]))
    assert shutil.which("argcheck", path=env["PATH"]) == str(BIN / "argcheck")
    assert shutil.which("argcheck-consult", path=env["PATH"]) == str(stubs / "argcheck-consult")
    return Sandbox(skill, tmp_path, work, env)


# --- what the agent does between the skill's blocks --------------------------------------------------

@dataclass(frozen=True)
class Act:
    """One thing the agent does between blocks: apply moves, ingest a reply, or run the block again."""
    kind: str  # "apply" | "ingest" | "again"
    payload: object = None
    what: str = ""


def apply(moves, what: str) -> Act:
    return Act("apply", moves, what)


def ingest(reply, what: str) -> Act:
    return Act("ingest", reply, what)


AGAIN = Act("again", None, "run the same block again")


@dataclass
class AgentStep:
    """What the agent does right after the first block that `follows` (a description and a test), once
    the scenario's earlier steps are done."""
    follows: str
    matches: Callable[[str], bool]
    why: str
    acts: tuple[Act, ...]

    def do(self, box: Sandbox, block: Block, state: str) -> None:
        for act in self.acts:
            if act.kind == "apply":
                box.apply(state, act.payload, act.what)
            elif act.kind == "ingest":
                box.ingest(state, act.payload, act.what)
            else:
                box.run_block(block, again=True)

    def commands(self, block_text: str, state: str) -> list[str]:
        """The same acts as the shell commands an agent would run (for a real client)."""
        from argcheck.core.commandtext import apply_command, ingest_command

        shown = {"apply": apply_command, "ingest": ingest_command}
        return [block_text.strip() if act.kind == "again" else shown[act.kind](state, act.payload)
                for act in self.acts]


def has(pattern: str) -> Callable[[str], bool]:
    return lambda text: re.search(pattern, text) is not None


@dataclass(frozen=True)
class Scenario:
    skill: str
    transcripts: tuple[str, ...]  # the Nth `new` consultee session replays the Nth
    steps: tuple[AgentStep, ...]
    last_status: str  # where the skill's last step leaves the run
    check: Callable[[Sandbox, str], None] | None = None

    def __str__(self) -> str:
        return self.skill


def walk(scenario: Scenario, tmp_path: Path) -> tuple[Sandbox, str]:
    """Runs every shell block of the skill in order, with the agent's steps between them."""
    path = skill_file(scenario.skill)
    blocks = shell_blocks(path)
    assert blocks, f"{path} has no ```bash block"
    state = state_file(blocks)
    box = make_sandbox(tmp_path, scenario.skill, scenario.transcripts)
    pending = list(scenario.steps)
    for block in blocks:
        box.run_block(block)
        step = pending[0] if pending and pending[0].matches(block.text) else None  # steps happen in order
        if step is not None:
            step.do(box, block, state)
            pending.remove(step)
    assert not pending, (f"no block of {path} {pending[0].follows}; the test's agent step ({pending[0].why}) "
                         "never ran: update the test's scenario with the skill")
    return box, state
