"""A cloned project can ship `.argcheck/` with symbolic links planted in it. No write of argcheck or of its hooks
goes through one: for each class (the witness log, STATE.md, the run index, a lock, view's page and its
temp, a state file, a linked subfolder, `.argcheck` itself) the real command or hook is run, and the link's
target must be byte for byte as it was, and nothing must be created where a dangling link points.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from argcheck.files import writing
from argcheck.harness import witness

PROBLEM = "How can an electric car keep its range in freezing weather?"
SESSION = "conv-1"


def argcheck(project, *args, session=SESSION):
    env = dict(os.environ, ARGCHECK_CONVERSATION_ID=session, ARGCHECK_WITNESS="on")
    return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=project, env=env, capture_output=True,
                          text=True, timeout=120)


def init(project, state=".argcheck/t.json", *extra):
    return argcheck(project, "init", "triz", "--problem", PROBLEM, "--state", state, *extra)


@pytest.fixture
def outside(tmp_path):
    """A folder outside the project holding a file a planted link aims at."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim.txt").write_text("precious\n")
    return folder


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


def plant(link, target) -> None:
    link.symlink_to(target)
    assert link.is_symlink()


def refused(done) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "symbolic link inside .argcheck/" in done.stderr and "nothing was written" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


# -- the witness log ------------------------------------------------------------------------------------------

def bash_event(project):
    return {"session_id": SESSION, "cwd": str(project), "hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_input": {"command": "cat .env"}, "tool_response": {"stdout": "TOKEN=secret", "stderr": ""}}


@pytest.mark.parametrize("aim", ["file", "missing"])
def test_a_witness_log_link_gets_no_record_and_creates_nothing(project, hook, outside, aim):
    assert init(project).returncode == 0
    log = project / ".argcheck" / "witness.jsonl"
    plant(log, outside / ("victim.txt" if aim == "file" else "made.txt"))
    before = snapshot(outside)
    env = {"CLAUDE_PROJECT_DIR": str(project)}
    hook("UserPromptSubmit", {"session_id": SESSION, "cwd": str(project), "hook_event_name": "UserPromptSubmit",
                              "prompt": "yes"}, env=env)
    hook("PostToolUse", bash_event(project), env=env)
    assert snapshot(outside) == before and log.is_symlink()
    log.unlink()  # the same calls without the link do write: the refusal above is the link's doing
    hook("PostToolUse", bash_event(project), env=env)
    assert log.is_file() and stat.S_IMODE(log.stat().st_mode) == 0o600


@pytest.mark.parametrize("planted", ["witness.jsonl", ".argcheck"])
def test_append_refuses_a_link_and_writes_nothing(tmp_path, outside, planted):
    project = tmp_path / "p"
    project.mkdir()
    if planted == ".argcheck":
        plant(project / ".argcheck", outside)
    else:
        (project / ".argcheck").mkdir()
        plant(project / ".argcheck" / "witness.jsonl", outside / "victim.txt")
    before = snapshot(outside)
    with pytest.raises(writing.UnsafePath, match="symbolic link"):
        witness.append(str(project / ".argcheck"), b"k" * 64, {"kind": "prompt", "text": "x"}, SESSION)
    assert snapshot(outside) == before


def test_a_log_found_readable_by_others_is_made_private(project):
    log = project / ".argcheck" / "witness.jsonl"
    log.write_text("")
    os.chmod(log, 0o644)
    witness.append(str(project / ".argcheck"), b"k" * 64, {"kind": "prompt", "text": "x"}, SESSION)
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


# -- state files, locks, the run index ------------------------------------------------------------------------

@pytest.mark.parametrize("aim", ["file", "missing"])
def test_a_lock_link_refuses_the_move_and_the_state_stays(project, outside, aim):
    assert init(project).returncode == 0
    state = project / ".argcheck" / "t.json"
    before_state = state.read_bytes()
    plant(project / ".argcheck" / "t.json.lock", outside / ("victim.txt" if aim == "file" else "made.lock"))
    before = snapshot(outside)
    refused(argcheck(project, "apply", ".argcheck/t.json",
                     json.dumps({"type": "cancel", "actor": "user", "reason": "not needed"})))
    assert snapshot(outside) == before and state.read_bytes() == before_state


def test_a_state_file_that_is_a_link_is_neither_applied_to_nor_replaced(project, outside):
    assert init(project, "../outside/real.json").returncode == 0  # a real state, outside the project
    plant(project / ".argcheck" / "t.json", outside / "real.json")
    before = snapshot(outside)
    refused(argcheck(project, "apply", ".argcheck/t.json",
                     json.dumps({"type": "cancel", "actor": "user", "reason": "not needed"})))
    refused(init(project, ".argcheck/t.json", "--force"))
    assert snapshot(outside) == before


@pytest.mark.parametrize("where", [".argcheck/sub/x.json", ".ARGCHECK/sub/x.json"])
def test_a_linked_subfolder_of_the_state_directory_takes_no_state(project, outside, where):
    (project / where).parent.parent.mkdir(exist_ok=True)
    plant(project / where.split("/")[0] / "sub", outside)
    before = snapshot(outside)
    refused(init(project, where))
    assert snapshot(outside) == before


def test_a_state_directory_that_is_a_link_takes_nothing(tmp_path, outside):
    project = tmp_path / "p"
    project.mkdir()
    plant(project / ".argcheck", outside)
    before = snapshot(outside)
    refused(init(project))
    assert snapshot(outside) == before


def test_run_index_links_are_never_written_through(project, outside):
    plant(project / ".argcheck" / "runs.index", outside / "victim.txt")
    for pid in range(os.getpid(), os.getpid() + 50):  # where an older argcheck put its temp file
        plant(project / ".argcheck" / f".runs.index.{pid}", outside / f"made-{pid}")
    before = snapshot(outside)
    assert init(project).returncode == 0  # the index is a hint: the run starts, its index is not written
    assert snapshot(outside) == before


# -- reports and pages ---------------------------------------------------------------------------------------

def test_a_report_link_receives_no_report(project, outside):
    from argcheck.cli.commands.runinit import save_beside
    from argcheck.core import discovery

    plant(project / ".argcheck" / "c.md", outside / "victim.txt")
    before = snapshot(outside)
    assert save_beside(discovery.spec("council"), str(project / ".argcheck" / "c.json"), "# report\n") == 2
    assert snapshot(outside) == before
    assert init(project).returncode == 0
    plant(project / ".argcheck" / "report.md", outside / "made.md")
    refused(argcheck(project, "render", ".argcheck/t.json", "-o", ".argcheck/report.md"))
    assert snapshot(outside) == before


@pytest.mark.parametrize("planted", ["t.html", "t.html.tmp"])
def test_view_writes_no_page_through_a_link(project, outside, planted):
    assert init(project).returncode == 0
    plant(project / ".argcheck" / planted, outside / "victim.txt")
    before = snapshot(outside)
    done = argcheck(project, "view", ".argcheck/t.json", "--no-open")
    if planted == "t.html":
        assert done.returncode == 2 and "symbolic link inside .argcheck/" in done.stderr, done.stderr
    else:  # the old fixed temp name: never used, so never followed
        assert done.returncode == 0 and (project / ".argcheck" / "t.html").is_file()
    assert snapshot(outside) == before


def test_schemas_go_into_no_linked_folder(project, outside):
    plant(project / ".argcheck" / "schemas", outside)
    before = snapshot(outside)
    refused(argcheck(project, "schema", "triz", "--output-dir", ".argcheck/schemas"))
    assert snapshot(outside) == before
