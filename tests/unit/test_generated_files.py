"""Generated files (schemas, shape checkers, rule catalogue, README blocks) never drift."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_generated_files_are_up_to_date():
    result = subprocess.run([sys.executable, "checker/tools/generate.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, (
        "generated files are stale; run `python checker/tools/generate.py`:\n" + result.stdout + result.stderr)


def test_readme_shows_every_command_help():
    readme = (ROOT / "README.md").read_text()
    from argcheck.cli.clickapp import COMMANDS

    for name in COMMANDS:
        assert f"<code>argcheck {name} --help</code>" in readme


def test_readme_opens_with_install_and_test_commands():
    blocks = (ROOT / "README.md").read_text().split("```bash\n")
    first = blocks[1].split("```")[0].strip().splitlines()
    assert first[0] == "./install.sh --demo" and first[-1] == "argcheck demo toulmin"  # test_readme_first_command.py
    assert blocks[2].strip().startswith("./run-tests.sh")


def test_the_generator_answers_help_and_refuses_an_unknown_argument_without_writing():
    for argv, code in ((["--help"], 0), (["--frobnicate"], 2)):
        result = subprocess.run([sys.executable, "checker/tools/generate.py", *argv], cwd=ROOT,
                                capture_output=True, text=True)
        assert result.returncode == code, result.stderr
        assert "written:" not in result.stdout
