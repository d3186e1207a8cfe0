"""`argcheck demo PROTOCOL` for every protocol; paced in a terminal, never sleeping into a pipe or with --fast."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from argcheck.core import discovery as protocols
from argcheck.cli.commands.demo import TERMINAL_PAUSE, _pause, demos


DEMO_DATA = Path(__file__).resolve().parents[2] / "checker" / "src" / "argcheck" / "protocols"


def run_cli(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "argcheck", "demo", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_every_protocol_has_a_demo():
    assert sorted(demos()) == sorted(protocols.names())


@pytest.mark.parametrize("protocol", sorted(protocols.names()))
def test_each_demo_plays_to_its_end_without_a_pause_into_a_pipe(protocol):
    started = time.monotonic()
    done = run_cli(protocol, "--no-color")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert time.monotonic() - started < 30
    assert "REFUSED" in done.stdout  # each demo shows an illegal move refused
    assert "══" in done.stdout  # the closing report
    keep = f"`argcheck demo {protocol} --keep DIR` keeps them"
    assert f"(a temporary folder, deleted when the demo ends; {keep})" in done.stdout.split("State file:")[0]
    assert keep in done.stdout.splitlines()[-1]


@pytest.mark.parametrize("protocol", sorted(protocols.names()))
def test_each_demo_says_its_digests_as_sentences(protocol):
    """A digest (“…”) is cut between words (its last word is whole: it appears so in the demo's own data), and a
    reply's digest is its prose, not a piece of its JSON block."""
    out = run_cli(protocol, "--no-color").stdout
    data = " ".join(path.read_text(encoding="utf-8") for path in DEMO_DATA.glob(f"{protocol}/data/demo/**/*")
                    if path.is_file())
    digests = re.findall(r"“([^”]*)…”", out)
    assert digests, "the demo shows no cut digest"
    assert "“”" not in out, "an empty digest"
    for text in digests:
        last = text.rsplit(" ", 1)[-1]
        assert not text.endswith((" ", ",", ";", ":", "(")) and not re.search(r"```(json)?\s*[\[{]", text), text
        assert re.search(rf"(?<![\w]){re.escape(last)}(?![\w])", data), f"“{text}…” ends inside a word"


def test_the_council_demo_says_a_long_next_step_once_per_round():
    lines = run_cli("council", "--no-color").stdout.splitlines()
    long_lines = [line for line in lines if len(line) > 200]
    assert long_lines and all(long_lines.count(line) == 1 for line in long_lines)
    assert sum("(as above)" in line for line in lines) >= 6


def test_a_kept_demo_names_its_files_and_the_commands_to_try(tmp_path):
    done = run_cli("toulmin", "--no-color", "--keep", str(tmp_path / "kept"))
    state = tmp_path / "kept" / "toulmin-demo.json"
    assert done.returncode == 0 and state.is_file()
    assert f"Files: {tmp_path / 'kept'} (kept after the demo)" in done.stdout
    assert f"`argcheck view {state}`" in done.stdout.splitlines()[-1]


def test_the_toulmin_demo_shows_its_moves_a_refusal_and_the_report():
    out = run_cli("toulmin", "--no-color").stdout
    assert "[1/5] Phase 1, grounding" in out and "  + grounding · data: “In the last two quarters" in out
    assert "TLM105 INCOMPLETE_CHAIN" in out and "REFUSED: the state file is unchanged" in out
    assert "**Verdict: SUSTAINED**" in out


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_pause_is_for_a_terminal_only():
    assert _pause(Terminal(), None, False) == TERMINAL_PAUSE > 0
    assert _pause(io.StringIO(), None, False) == 0.0
    assert _pause(Terminal(), None, True) == 0.0  # --fast
    assert _pause(Terminal(), 0.2, False) == 0.2


@pytest.mark.slow
def test_fast_in_a_terminal_does_not_sleep(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    started = time.monotonic()
    child = pexpect.spawn(sys.executable, ["-m", "argcheck", "demo", "--fast"], cwd=str(tmp_path),
                          encoding="utf-8", timeout=60, dimensions=(50, 140))
    child.expect("Decision log")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and time.monotonic() - started < 15 * TERMINAL_PAUSE


@pytest.mark.parametrize("protocol, shown", [
    ("council", "  recorded: critique, 4 claims; top (ARI-0): “The design states its purpose"),
    ("triz", "  + decompose_to_fundamentals: “cold lithium-ion cells deliver less power"),
])
def test_the_demos_show_the_moves_themselves(protocol, shown):
    assert shown in run_cli(protocol, "--no-color").stdout
