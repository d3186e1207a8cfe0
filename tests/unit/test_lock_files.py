"""Lock files do not pile up: the holder removes its lock file before letting go, and writers that raced for
the removed file still never hold the lock at the same time."""

from __future__ import annotations

import os
import subprocess
import sys

from argcheck.files import statefile

COUNTER = """
import sys
from argcheck.files import statefile
path, rounds = sys.argv[1], int(sys.argv[2])
for _ in range(rounds):
    with statefile.locked(path, timeout=60):
        with open(path) as f:
            value = int(f.read() or 0)
        with open(path, "w") as f:
            f.write(str(value + 1))
"""


def test_the_lock_file_is_gone_after_the_write(tmp_path):
    path = str(tmp_path / "s.json")
    with statefile.locked(path, timeout=1):
        assert os.path.exists(path + ".lock")
    assert not os.path.exists(path + ".lock")


def test_the_lock_file_is_gone_after_an_exception_too(tmp_path):
    path = str(tmp_path / "s.json")
    try:
        with statefile.locked(path, timeout=1):
            raise RuntimeError("decide failed")
    except RuntimeError:
        pass
    assert os.listdir(tmp_path) == []


def test_processes_racing_for_a_removed_lock_file_lose_no_update(tmp_path):
    """Six processes increment one counter 150 times each under the lock: a writer that opened the lock file
    its predecessor then removed must not lock it beside a writer that locked the new one."""
    path = tmp_path / "counter"
    path.write_text("0")
    workers = [subprocess.Popen([sys.executable, "-c", COUNTER, str(path), "150"]) for _ in range(6)]
    assert [worker.wait(timeout=300) for worker in workers] == [0] * 6
    assert path.read_text() == str(6 * 150)
    assert sorted(os.listdir(tmp_path)) == ["counter"]


def test_a_writer_that_locked_a_removed_lock_file_locks_the_new_one(tmp_path, monkeypatch):
    """The race made certain: the lock file is removed (by its last holder) between this writer's open and its
    flock. The writer must not count the lock on the removed file as held."""
    path = str(tmp_path / "s.json")
    lock_path = path + ".lock"
    real_open, opened = os.open, []

    def open_then_lose_the_name(name, *args, **kwargs):
        fd = real_open(name, *args, **kwargs)
        if name == lock_path and not opened:
            os.unlink(lock_path)  # what the previous holder does before it lets go
        opened.append(fd)
        return fd

    monkeypatch.setattr(os, "open", open_then_lose_the_name)
    with statefile.locked(path, timeout=1):
        monkeypatch.setattr(os, "open", real_open)
        assert len(opened) == 2
        assert os.stat(lock_path).st_ino == os.fstat(opened[-1]).st_ino
    assert not os.path.exists(lock_path)
