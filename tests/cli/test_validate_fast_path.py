"""`argcheck validate` runs without loading click for plain arguments, with identical behaviour."""

import subprocess
import sys

import pytest

from argcheck.cli import validating

BAD_STATE = '{"format": "argcheck-state", "version": 1}'


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "argcheck", *args], input=stdin, capture_output=True, text=True)


def run_click(*args, stdin=None):
    code = "import sys; from argcheck.cli.clickapp import run; sys.exit(run(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True)


@pytest.mark.parametrize("argv", [
    ["validate"], ["validate", "--help"], ["validate", "--format"], ["validate", "--format", "xml", "f"],
    ["validate", "--unknown", "f"], ["next", "f"],
])
def test_fast_path_declines_anything_but_plain_validate(argv):
    assert validating.fast_validate(argv) is None


@pytest.mark.parametrize("args", [
    ["validate", "-"], ["validate", "--format", "json", "-"], ["validate", "--fail-on", "warning", "-"],
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
