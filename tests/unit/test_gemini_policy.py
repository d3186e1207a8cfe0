"""checker/tools/gemini_policy.py: the ask rules of the Gemini CLI policy let every command the skills teach run,
and make Gemini CLI ask before an argcheck command that could write outside the project's `.argcheck/`.

Each rule is matched as Gemini CLI 0.61.0 matches a `commandRegex` (`"command":"` + the regex, searched in the
tool call's arguments as JSON), once with Python's `re` and once with node's RegExp, which Gemini CLI uses; and
each must pass Gemini CLI's own ReDoS and length check, or Gemini would drop the rule."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "checker" / "tools"))

import gemini_policy  # noqa: E402

PATTERNS = [pattern for _, pattern in gemini_policy.ask_patterns(gemini_policy.load_table())]
# Gemini CLI's isSafeRegExp (packages/core/src/policy/utils.ts), restated.
NESTED_QUANTIFIER = re.compile(r"\([^)]*[*+?{].*\)[*+?{]")

OUTSIDE = [
    "argcheck render .argcheck/a.json -o /abs/x.md",
    "argcheck render .argcheck/a.json -o/abs/x.md",
    "argcheck render .argcheck/a.json --output=../x.md",
    "argcheck render .argcheck/a.json --output ../x.md",
    "argcheck render .argcheck/a.json -o .argcheck/../../x.md",
    "argcheck render .argcheck/a.json -o ~/.bashrc",
    "argcheck render .argcheck/a.json -o $HOME/.bashrc",
    "argcheck render .argcheck/a.json -o x.md",
    "argcheck render .argcheck/a.json -o '/abs/x.md'",
    "argcheck render .argcheck/a.json -'o' /abs/x.md",
    'argcheck render .argcheck/a.json "-o" /abs/x.md',
    "argcheck render .argcheck/a.json --out''put /abs/x.md",
    "argcheck render .argcheck/a.json $'\\055o' /abs/x.md",
    "argcheck render .argcheck/a.json\t-o /abs/x.md",
    "argcheck render .argcheck/a.json -o .argcheck/x.md -o /abs/y.md",
    "argcheck init toulmin --query q --state /tmp/x.json",
    "argcheck init toulmin --state=/tmp/x.json",
    "argcheck init toulmin --state ../x.json",
    "argcheck init toulmin --state .argcheck/../x.json",
    "argcheck init toulmin --state x.json",
    "argcheck init toulmin --state .argcheck/t.json --force",
    "argcheck init toulmin --wrapper ./w --state .argcheck/t.json",
    "argcheck init toulmin '--state' /tmp/x.json",
    "argcheck apply /tmp/x.json '{}'",
    "argcheck apply ../x.json '{}'",
    "argcheck apply .argcheck/../../x.json '{}'",
    "argcheck apply '/tmp/x.json' '{}'",
    "argcheck apply --dry-run /tmp/x.json '{}'",
    "argcheck ingest /tmp/x.json '{}'",
    "argcheck consult /tmp/x.json",
    "argcheck consult .argcheck/a.json /tmp/x.json",
    "argcheck consult .argcheck/a.json --consultee codex /tmp/x.json",
    "argcheck consult .argcheck/a.json\n/tmp/x.json",
    "argcheck demo council --keep /tmp/demo",
    "argcheck  render .argcheck/a.json -o /abs/x.md",
    "argcheck 'render' .argcheck/a.json -o /abs/x.md",
    "argcheck hooks install",
    "argcheck hook UserPromptSubmit",
    "argcheck witness --purge",
    "argcheck sessions delete .argcheck/a.json --yes --force",
    "argcheck sessions prune --older-than 0s --include-open",
    "argcheck sessions --format json delete .argcheck/a.json --yes",
    "argcheck sessions prune --dir /other/.argcheck --older-than 1d",
    "argcheck sessions --dir ../other/.argcheck prune --older-than 1d",
    "argcheck sessions prune --older-than 1d --dir=/other/.argcheck",
    "argcheck schema --output-dir /tmp/schemas",
    "argcheck schema council --output-dir=../schemas",
    "argcheck init council --document /etc/passwd --state .argcheck/c.json",
    "argcheck init council --document ../secret.txt",
    "argcheck init council --document docs/../../x.txt",
    "argcheck init council --document ~/.config/argcheck/key",
    "argcheck init council --document d.md --workspace /",
    "argcheck init council --document d.md --panel /tmp/panel.json",
    "argcheck init council --document d.md --run --consultee replay --replay-dir /tmp/replays",
    "argcheck init deliberate --question q --workspace=/",
    "argcheck init deliberate --conversation-id -h --question q --state /home/u/.bashrc --force",
    "argcheck init council --document d.md --run --wrapper=./w",
]

TAUGHT_BY_HAND = [
    "argcheck",
    "argcheck --version",
    "argcheck render .argcheck/a.json --format md -o .argcheck/a.md",
    "argcheck render .argcheck/a.json --output=.argcheck/a.md",
    "argcheck render .argcheck/a.json -o -",
    "argcheck consult .argcheck/a.json --consultee codex --model m --timeout 60 --new",
    "argcheck init toulmin",
    "argcheck init toulmin --state=.argcheck/t.json",
    "argcheck apply .argcheck/d.json '[\n  {\"type\": \"present\", \"actor\": \"orchestrator\","
    " \"note\": \"-5 $x\"}\n]'",
    "argcheck next /any/where/a.json",
    "argcheck validate chain.json",
    "argcheck-consult codex",
    "argcheck render .argcheck/toulmin-policy.json --format md -o .argcheck/toulmin-policy.md",
    "argcheck init council --document docs/design.md --workspace . --panel scientific",
    "argcheck sessions prune --older-than 7d",
    "argcheck sessions --dir .argcheck",
    "argcheck schema --output-dir .argcheck/schemas",
]


def fenced_commands() -> list[str]:
    """Every one-line argcheck command in a fenced block of the skills, placeholders aside."""
    commands = set()
    for path in [*ROOT.glob("skills/*/SKILL.md"), *ROOT.glob("skills/*/references/agents.md")]:
        for block in re.findall(r"```[a-z]*\n(.*?)```", path.read_text(), re.S):
            for line in block.splitlines():
                if line.startswith("argcheck ") and not re.search(r"\b(STATE|DOC|NAME|TYPE)\b|<", line) \
                        and line.count("'") % 2 == 0:
                    commands.add(line)
    return sorted(commands)


def arguments(command: str) -> str:
    """Gemini CLI's stable JSON of a run_shell_command call (NUL around each top-level pair, keys sorted), with
    the description a model writes: here the command again, so a rule that ran on past the command would ask."""
    pairs = [f"\0{json.dumps(key)}:{json.dumps(value, ensure_ascii=False)}\0"
             for key, value in sorted({"command": command, "description": command[:60]}.items())]
    return "{" + ",".join(pairs) + "}"


def asked_in_python(command: str) -> bool:
    # re.ASCII: JavaScript's \w, without the u flag, is ASCII only
    return any(re.search('"command":"' + pattern, arguments(command), re.ASCII) for pattern in PATTERNS)


def test_the_skills_teach_enough_commands_to_test():
    assert len(fenced_commands()) >= 20


def test_every_rule_passes_gemini_clis_own_check():
    for pattern in PATTERNS:
        full = '"command":"' + pattern
        assert len(full) <= 2048 and not NESTED_QUANTIFIER.search(full), pattern


@pytest.mark.parametrize("command", fenced_commands() + TAUGHT_BY_HAND)
def test_a_taught_command_runs_without_asking(command):
    assert not asked_in_python(command)


@pytest.mark.parametrize("command", OUTSIDE)
def test_a_command_that_could_write_outside_argcheck_asks(command):
    assert asked_in_python(command)


def test_node_regexps_agree_with_python():
    node = shutil.which("node")
    assert node, "node is needed: Gemini CLI matches these rules with JavaScript's RegExp"
    commands = fenced_commands() + TAUGHT_BY_HAND + OUTSIDE
    script = ("const [patterns, args] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "const asked = a => patterns.some(p => new RegExp('\"command\":\"' + p).test(a));"
              "console.log(JSON.stringify(args.map(asked)));")
    payload = json.dumps([PATTERNS, [arguments(command) for command in commands]])
    result = subprocess.run([node, "-e", script], input=payload, capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [asked_in_python(command) for command in commands]


def test_the_printed_rules_are_valid_toml_asking_at_a_higher_priority():
    rules = tomllib.loads(gemini_policy.ask_rules_toml())["rule"]
    assert [rule["commandRegex"] for rule in rules] == PATTERNS
    assert {(rule["toolName"], rule["decision"], rule["priority"]) for rule in rules} == \
        {("run_shell_command", "ask_user", 200)}


def test_agent_config_prints_the_same_rules():
    result = subprocess.run([sys.executable, str(ROOT / "checker" / "tools" / "agent_config.py"), "gemini-ask-rules"],
                            capture_output=True, text=True, check=True)
    assert result.stdout == gemini_policy.ask_rules_toml()
