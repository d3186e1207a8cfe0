"""The README's first commands work as written on a fresh copy of the checkout.

For a user who is not root and whose PATH lacks ~/.local/bin, the whole first block runs in order in one
shell (`set -e`), with no exit 127: install and demo, put the bin folder on PATH, the next demo. For root
with a prefix whose bin is not on PATH either, the first command works and the installer's last line, the
next command by its full path, runs as printed.

As root (CI), the non-root case runs as a throwaway user made with useradd and removed afterwards; as
another user, it runs as that user. Each case gets a clean environment (env -i) with PATH=/usr/bin:/bin.
The install is a real one (a venv and pip), so each case takes a minute or so.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLEAN_PATH = "/usr/bin:/bin"
LEFT_OUT = (".venv", ".cache", ".git", ".argcheck", "__pycache__", "*.egg-info", ".pytest_cache", "build",
            ".hypothesis")


def readme_first_commands() -> list[str]:
    """The lines of the README's first bash block."""
    block = re.search(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    return [line for line in block.group(1).strip().splitlines() if line.strip()]


def pip_environment(home: Path) -> dict:
    """The package index settings of this machine, handed on to the clean environment (CI has none)."""
    env = {k: v for k, v in os.environ.items() if k.startswith("PIP_") and k != "PIP_CONFIG_FILE"}
    config = Path(os.environ.get("PIP_CONFIG_FILE") or Path.home() / ".config" / "pip" / "pip.conf")
    if config.is_file():
        copy = home / "pip.conf"
        shutil.copy(config, copy)
        env["PIP_CONFIG_FILE"] = str(copy)
    return env


def copy_checkout(home: Path) -> Path:
    checkout = home / "argcheck"
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(*LEFT_OUT), symlinks=True)
    return checkout


def run_in_one_shell(home: Path, checkout: Path, user: str | None, extra: dict,
                     commands: list[str]) -> subprocess.CompletedProcess:
    env = {"HOME": str(home), "PATH": CLEAN_PATH, "LANG": "C.UTF-8", **pip_environment(home), **extra}
    script = "\n".join(["set -e", f"cd {checkout}", *commands])
    prefix = ["runuser", "-u", user, "--"] if user else []
    argv = [*prefix, "env", "-i", *(f"{k}={v}" for k, v in env.items()), "bash", "-c", script]
    return subprocess.run(argv, capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)


def assert_demo_played(done: subprocess.CompletedProcess, bin_dir: Path) -> None:
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert "command not found" not in output
    assert "argcheck demo" in done.stdout and "Decision log" in done.stdout, done.stdout[-3000:]
    assert f'{bin_dir} is not on PATH; add it with: export PATH="{bin_dir}:$PATH"' in output
    assert f"Next: {bin_dir}/argcheck demo toulmin" in done.stdout, done.stdout[-1500:]


def next_command(done: subprocess.CompletedProcess) -> str:
    """The installer's last line: `Next: COMMAND`."""
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("Next: "), done.stdout[-1500:]
    return last.removeprefix("Next: ")


def test_the_readme_block_is_install_path_and_the_next_demo():
    commands = readme_first_commands()
    assert commands[0] == "./install.sh --demo"
    assert commands[-1] == "argcheck demo toulmin"
    assert len(commands) == 3 and commands[1].startswith('export PATH="$HOME/.local/bin:')


@pytest.fixture
def new_user(tmp_path):
    """A user who is not root, with a fresh home: (name or None for the current user, home)."""
    if os.geteuid() != 0:
        home = tmp_path / "home"
        home.mkdir()
        yield None, home
        return
    if shutil.which("useradd") is None or shutil.which("runuser") is None:
        pytest.fail("running as root needs useradd and runuser to test as a user who is not root")
    name = f"argck{os.getpid()}"
    subprocess.run(["useradd", "-m", "-s", "/bin/bash", name], check=True, capture_output=True)
    try:
        yield name, Path(pwd.getpwnam(name).pw_dir)
    finally:
        subprocess.run(["userdel", "-r", name], check=False, capture_output=True)


def test_the_first_commands_run_in_order_in_one_shell_for_a_user_without_local_bin_on_path(new_user):
    user, home = new_user
    checkout = copy_checkout(home)
    if user:
        subprocess.run(["chown", "-R", f"{user}:", str(home)], check=True)
    done = run_in_one_shell(home, checkout, user, {}, readme_first_commands())
    assert done.returncode != 127
    assert_demo_played(done, home / ".local" / "bin")
    assert (home / ".local" / "bin" / "argcheck").exists()
    assert "Toulmin" in done.stdout.split("Next: ")[-1], done.stdout[-3000:]  # the third line's demo played


def test_the_first_command_and_the_printed_next_one_work_for_root_with_a_prefix_off_path(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("the root case needs root (CI runs the tests as root)")
    home = tmp_path / "home"
    home.mkdir()
    prefix = tmp_path / "prefix"  # root's default, /usr/local, is usually on PATH: this one is not
    checkout = copy_checkout(home)
    done = run_in_one_shell(home, checkout, None, {"ARGCHECK_PREFIX": str(prefix)}, readme_first_commands()[:1])
    assert_demo_played(done, prefix / "bin")
    printed = next_command(done)
    assert printed == f"{prefix}/bin/argcheck demo toulmin"
    shown = run_in_one_shell(home, checkout, None, {}, [printed])
    assert shown.returncode == 0, (shown.stdout + shown.stderr)[-3000:]
    assert "Toulmin" in shown.stdout, shown.stdout[-3000:]
