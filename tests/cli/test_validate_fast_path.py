"""`argcheck validate` runs without loading click for plain arguments, with identical behaviour."""

import subprocess
import sys

import pytest

from argcheck.cli import fastpath
from argcheck.cli.options import COMMANDS

BAD_STATE = '{"format": "argcheck-state", "version": 1}'


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "argcheck", *args], input=stdin, capture_output=True, text=True)


def run_click(*args, stdin=None):
    code = "import sys; from argcheck.cli.clickapp import run; sys.exit(run(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True)


def fast_arguments(args):
    """What the fast path parses `validate ARGS` into (None: click parses them), from validate's declaration."""
    verb, positional, required, options, flags = fastpath.table(COMMANDS["validate"])
    return fastpath.parse(args, positional, required, options, flags)


@pytest.mark.parametrize("args", [
    [], ["--help"], ["--format"], ["--format", "xml", "f"], ["--unknown", "f"], ["--fail-on", "-"], ["--", "f"],
])
def test_fast_path_declines_anything_but_plain_validate(args):
    assert fast_arguments(args) is None


def test_fast_path_reads_several_states_and_the_options_in_any_order():
    assert fast_arguments(["a.json", "--format=json", "-", "--fail-on", "warning", "b.json"]) == {
        "states": ("a.json", "-", "b.json"), "fmt": "json", "fail_on": "warning"}


@pytest.mark.parametrize("args", [
    ["validate", "-"], ["validate", "--format", "json", "-"], ["validate", "--fail-on", "warning", "-"],
    ["validate", "--format=json", "-"],
])
def test_fast_path_matches_the_click_command(args):
    fast, slow = run(*args, stdin=BAD_STATE), run_click(*args, stdin=BAD_STATE)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.returncode == 1


def test_fast_path_does_not_import_click(tmp_path):
    probe = ("import sys; from argcheck.cli import main; code = main(['validate', '-']); "
             "sys.stderr.write('click loaded' if 'click' in sys.modules else 'click not loaded'); sys.exit(code)")
    result = subprocess.run([sys.executable, "-c", probe], input=BAD_STATE, capture_output=True, text=True)
    assert "click not loaded" in result.stderr
