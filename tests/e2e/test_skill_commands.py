"""Every shell command in each skill's SKILL.md runs as written (a project rule), in document order.

For skills/<name>/SKILL.md the test parses the Markdown, takes its ```bash fenced blocks in document order
(none is copied into this file: change a command in a skill and this test runs the new one) and runs each
with `bash -euo pipefail` in a fresh workspace (the current directory of every block), where:

- `argcheck` is this interpreter's console script (its directory comes first on PATH); jq is on PATH;
- `argcheck-consult` is a stub written into the temp dir (STUB below): the consultee the skill names must
  be one that `wrappers/consult --list` knows, the options the real wrappers take (--abstract, --model,
  --effort, --cd, --timeout) are dropped, and the rest goes to `wrappers/consult replay new|resume ID`;
  the Nth `new` session replays the Nth transcript of the scenario (tests/fixtures/skills/<name>/*.json,
  replies in the reply format `argcheck prompt` asks for), and `resume` continues its session;
- HOME and CONSULT_STATE_DIR are in the temp dir; the workspace starts as a copy of
  tests/fixtures/skills/<name>/workspace/ (for deliberate: src/storage.py, whose line 12 holds the
  `os.replace(temp, path)` that the step-3 example cites as verified evidence).

A skill shows only some of the agent's moves. Where the run needs the others to reach the skill's next
block, the test applies the fewest an agent would apply there (AgentStep, each with its reason), right
after the first block that does what the step follows (found by the block's content, not its position).
Every block must exit 0 without a Traceback; at the end `argcheck validate` accepts the state file
(exit 4 for a toulmin chain the skill leaves terminated) and the run reached the skill's last step.

To see the test fail on a broken command, point it at an edited copy of a SKILL.md:
  ARGCHECK_TEST_SKILL_DELIBERATE=/tmp/copy/SKILL.md .venv/bin/python -m pytest tests/e2e/test_skill_commands.py
(ARGCHECK_TEST_SKILL_TOULMIN likewise).
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

import pytest

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


def test_fenced_blocks_follow_commonmark():
    markdown = "\n".join([
        "text", "```", "not shell", "```", "~~~~ Bash title=x", "a", "~~~", "```", "b", "~~~~", "",
        "- item", "  ```sh", "  c", "   d", "  ```", "```` bash", "e", "```", "````", "``` ba`sh", "f"])
    assert fenced_blocks(markdown) == [("", 2, "not shell\n"), ("bash", 5, "a\n~~~\n```\nb\n"),
                                       ("sh", 13, "c\n d\n"), ("bash", 17, "e\n```\n")]


# --- the workspace ----------------------------------------------------------------------------------

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

@dataclass
class AgentStep:
    """Moves the agent would make right after the first block that `follows` (a description and a test)."""
    follows: str
    matches: Callable[[str], bool]
    why: str
    do: Callable[[Sandbox, Block, str], None]


def has(pattern: str) -> Callable[[str], bool]:
    return lambda text: re.search(pattern, text) is not None


# What the agent would do here (deliberate, after step 3's apply): the consultee's first reply
# (consultee.json) proposes P1-P4. Step 3's example classifies P1 and P2 only, step 5's stress test
# targets P1 and P4, and synthesis needs every point in a bucket.
def classify_the_other_points(box: Sandbox, block: Block, state: str) -> None:
    box.apply(state, [
        {"type": "classify", "actor": "orchestrator", "point": "P3", "verdict": "AGREE",
         "reason": "A line per move is what makes a turn a one-line diff."},
        {"type": "classify", "actor": "orchestrator", "point": "P4", "verdict": "AGREE",
         "reason": "A pure reducer over the log is what `argcheck validate` already does."},
    ], "classify P3 and P4, which `argcheck next` lists as owed")


# What the agent would do here (deliberate, after step 4's consult): round 2's reply defends C1.
# Judging it changes the disputed points (P2 -> none), so convergence (step 5) holds only after one more
# round in which nothing changes: step 4 says to consult again, and the test reruns step 4's own block.
def judge_then_consult_again(box: Sandbox, block: Block, state: str) -> None:
    box.apply(state, [
        {"type": "judge", "actor": "orchestrator", "challenge": "C1", "outcome": "accepted",
         "reason": "A queried payload field does need an index, and so a migration."},
    ], "judge the defense of C1, which `argcheck next` lists as due")
    box.run_block(block, again=True)


# What the agent would do here (toulmin, after phase 1's ingest): the skill has commands for phase 1
# and the report only; phases 2-4 are JSON the agent writes from `argcheck prompt` and records with
# `argcheck ingest` ("write that JSON; argcheck ingest records it").
def logic_bridge_stress_test_judgment(box: Sandbox, block: Block, state: str) -> None:
    box.ingest(state, {
        "warrant": {"principle": "When one layer accounts for most of a request's latency, taking that layer "
                                 "off the hot path is the most effective fix.",
                    "logic_type": "inductive", "strength": "strong"},
        "backing": {"authority": "Optimise the dominant cost first: the speedup is bounded by the share of the "
                                 "time the improved part takes (Amdahl's law).",
                    "citations": [{"source": "Amdahl, Validity of the single processor approach (1967)",
                                   "locator": "p. 483"}],
                    "strength": "strong"},
    }, "phase 2, the logic bridge")
    box.ingest(state, {
        "rebuttal": {"exceptions": ["The ORM's query cache may already hide the building cost for repeated "
                                    "invoices."],
                     "strength": "weak"},
        "qualifier": {"degree": "presumably", "confidence_pct": 80,
                      "rationale": "One day's profile; the cache exception is unlikely to apply to invoices."},
    }, "phase 3, the stress test")
    box.ingest(state, {
        "verdict": {"status": "sustained",
                    "reasoning": "ORM query building dominates the latency of /invoices, the warrant and backing "
                                 "are strong, and the only exception is weak at 80% confidence.",
                    "final_statement": "Move the invoice queries of the billing service to raw SQL."},
    }, "phase 4, the judgment")


def every_reply_was_replayed(box: Sandbox, state: str) -> None:
    """The stub really answered: three consultee rounds and the arbiter, all recorded as structured replies."""
    moves = json.loads((box.work / state).read_text(encoding="utf-8"))["moves"]
    assert [m["outcome"] for m in moves if m["type"] == "consult"] == ["reply"] * 3
    assert [m["actor"] for m in moves if m["type"] == "arbitrate"] == ["arbiter"]
    assert (box.root / "new-sessions").read_text().strip() == "2", "one consultee session, one arbiter session"


@dataclass(frozen=True)
class Scenario:
    skill: str
    transcripts: tuple[str, ...]  # the Nth `new` consultee session replays the Nth
    steps: tuple[AgentStep, ...]
    last_status: str  # where the skill's last step leaves the run
    check: Callable[[Sandbox, str], None] | None = None

    def __str__(self) -> str:
        return self.skill


SCENARIOS = [
    Scenario("deliberate", ("consultee.json", "arbiter.json"), (
        AgentStep("applies classify moves (step 3)", has(r'"type"\s*:\s*"classify"'),
                  "the skill's example classifies P1 and P2; the reply proposed P3 and P4 too",
                  classify_the_other_points),
        AgentStep("consults again with `resume` (step 4)", has(r"argcheck-consult\s.*\bresume\b"),
                  "judge the defense, then repeat step 4 until `argcheck next` says convergence is met",
                  judge_then_consult_again),
    ), "presented", every_reply_was_replayed),
    Scenario("toulmin", (), (
        AgentStep("ingests the data and the claim (phase 1)", has(r'"claim"\s*:'),
                  "phases 2-4 have no command in the skill: the agent writes their JSON and ingests it",
                  logic_bridge_stress_test_judgment),
    ), "reported"),
]


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
        step = next((s for s in pending if s.matches(block.text)), None)
        if step is not None:
            step.do(box, block, state)
            pending.remove(step)
    assert not pending, (f"no block of {path} {pending[0].follows}; the test's agent step ({pending[0].why}) "
                         "never ran: update the test's scenario with the skill")
    return box, state


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_every_shell_block_of_the_skill_runs_as_written(scenario, tmp_path):
    box, state = walk(scenario, tmp_path)
    status = json.loads(box.argcheck("next", state, "--format", "json", what="argcheck next").stdout)["status"]
    assert status == scenario.last_status, f"the skill's blocks left the run {status}, not {scenario.last_status}"
    validated = subprocess.run([str(BIN / "argcheck"), "validate", state], cwd=box.work, env=box.env,
                               capture_output=True, text=True, timeout=TIMEOUT)
    expected = 4 if status == "terminated" else 0
    assert validated.returncode == expected, validated.stdout + validated.stderr
    assert "Traceback" not in validated.stdout + validated.stderr
    if scenario.check is not None:
        scenario.check(box, state)


@pytest.mark.slow
def test_the_commands_before_the_first_run_work(tmp_path):
    """`argcheck --version` and `argcheck-consult --list`, which deliberate's SKILL.md says to run first."""
    box = make_sandbox(tmp_path, "deliberate", ())
    version = box.run(["bash", "-euo", "pipefail", "-c", "argcheck --version"], "argcheck --version")
    assert re.search(r"\d+\.\d+", version.stdout), version.stdout
    listed = box.run(["bash", "-euo", "pipefail", "-c", "argcheck-consult --list"], "argcheck-consult --list")
    assert {"codex", "replay"} <= set(listed.stdout.split()), listed.stdout
