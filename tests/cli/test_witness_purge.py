"""`argcheck witness --purge` deletes the witness log and says what it leaves (the key, the state files, the
hooks) and how to remove each; `argcheck init` writes the state directory's .gitignore that keeps the log,
locks, the run index and temp files out of version control."""

from __future__ import annotations

import os
import subprocess
import sys

from argcheck.files import privacy

QUESTION = "Should the checker cache replayed states between calls?"


def argcheck(cwd, *args, env=None):
    return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def test_purge_deletes_the_log_and_says_what_is_left_and_how_to_remove_it(tmp_path):
    (tmp_path / ".argcheck").mkdir()
    (tmp_path / ".argcheck" / "witness.jsonl").write_text('{"seq": 1}\n')
    (tmp_path / ".argcheck" / "d.json").write_text("{}")
    done = argcheck(tmp_path, "witness", "--purge", env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert done.returncode == 0, done.stderr
    assert "deleted .argcheck/witness.jsonl" in done.stdout
    key = str(tmp_path / "config" / "argcheck" / "witness.key")
    assert f"the witness key {key}" in done.stderr and f"`rm {key}`" in done.stderr
    assert "state files in .argcheck/" in done.stderr and "./install.sh --uninstall --agent claude" in done.stderr
    assert not (tmp_path / ".argcheck" / "witness.jsonl").exists() and (tmp_path / ".argcheck" / "d.json").exists()
    again = argcheck(tmp_path, "witness", "--purge")
    assert again.returncode == 0 and "no witness log in .argcheck" in again.stdout


def test_purge_removes_a_planted_link_never_its_target(tmp_path):
    (tmp_path / ".argcheck").mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / ".argcheck" / "witness.jsonl").symlink_to(victim)
    assert argcheck(tmp_path, "witness", "--purge").returncode == 0
    assert victim.read_text() == "precious\n" and not (tmp_path / ".argcheck" / "witness.jsonl").is_symlink()


def test_init_git_ignores_the_private_and_working_files_and_keeps_the_states(tmp_path):
    done = argcheck(tmp_path, "init", "deliberate", "--question", QUESTION)
    assert done.returncode == 0, done.stderr
    ignore = tmp_path / ".argcheck" / ".gitignore"
    assert ignore.read_text() == privacy.GITIGNORE
    for name in ("witness.jsonl", "witness.jsonl.1", "run.json.lock", "runs.index", ".runs.index.123",
                 ".d.json.123-abcdef01-0a1b2c.tmp"):
        assert _ignored(tmp_path, f".argcheck/{name}"), name
    for name in ("deliberate-x.json", "council-x.md", ".gitignore"):
        assert not _ignored(tmp_path, f".argcheck/{name}"), name


def test_init_leaves_the_users_own_gitignore_alone(tmp_path):
    (tmp_path / ".argcheck").mkdir()
    (tmp_path / ".argcheck" / ".gitignore").write_text("mine\n")
    assert argcheck(tmp_path, "init", "deliberate", "--question", QUESTION).returncode == 0
    assert (tmp_path / ".argcheck" / ".gitignore").read_text() == "mine\n"


def _ignored(root, name: str) -> bool:
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    done = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", "--no-index", name])
    return done.returncode == 0


def test_a_folder_argcheck_cannot_write_is_one_line_and_exit_2_never_an_internal_error(tmp_path):
    (tmp_path / "blocker").write_text("a file where a folder should be\n")
    done = argcheck(tmp_path, "schema", "triz", "--output-dir", "blocker/schemas")
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("argcheck: ") and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
