"""statefile: the on-disk layout, atomic replacement and the lock around read-decide-write."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time

import pytest
from filelock import FileLock

from argcheck.files import statefile, writing


def make_doc(moves=None) -> dict:
    return {
        "moves": list(moves or []),  # deliberately first: the layout must not depend on key order
        "format": "argcheck-state",
        "version": 1,
        "protocol": "deliberate",
        "id": "20260101-abcdef",
        "created_at": "2026-01-01T00:00:00Z",
        "header": {"question": "Grüße: should we cache?", "mode": "standard"},
        "status": "in_progress",
        "updated_at": "2026-01-01T00:00:00Z",
        "move_count": len(moves or []),
        "head": "0" * 32,
    }


MOVES = [
    {"seq": 1, "prev": "a" * 32, "at": "2026-01-01T00:00:00Z", "type": "consult", "actor": "consultee",
     "outcome": "reply"},
    {"seq": 2, "prev": "b" * 32, "at": "2026-01-01T00:00:01Z", "type": "point", "actor": "consultee",
     "id": "P1", "text": "line one\nline two \u2014 \"quoted\"", "kind": "value"},
]


def stray_files(directory) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name.endswith(".tmp"))


# ---------------------------------------------------------------- serialize


def test_serialize_round_trips_through_json():
    doc = make_doc(MOVES)
    assert json.loads(statefile.serialize(doc)) == doc


def test_serialize_round_trips_with_no_moves():
    doc = make_doc()
    data = statefile.serialize(doc)
    assert json.loads(data) == doc
    assert b'"moves": []' in data


def test_serialize_puts_one_move_per_line_after_the_header():
    lines = statefile.serialize(make_doc(MOVES)).decode().splitlines()
    move_lines = [line for line in lines if line.startswith("    {")]
    assert [json.loads(line.rstrip(",")) for line in move_lines] == MOVES
    assert lines[-1] == "}" and lines[-2] == "  ]"


def test_serialize_orders_fields_as_the_layout_says_whatever_the_dict_order():
    data = statefile.serialize(make_doc(MOVES)).decode()
    keys = list(json.loads(data))
    assert keys == list(statefile.TOP_LEVEL_FIELDS)


def test_serialize_is_stable_under_a_reload():
    data = statefile.serialize(make_doc(MOVES))
    assert statefile.serialize(json.loads(data)) == data


def test_serialize_writes_utf8_not_escapes_and_ends_with_a_newline():
    data = statefile.serialize(make_doc(MOVES))
    assert "Grüße".encode() in data
    assert data.endswith(b"}\n")


def test_serialize_refuses_a_document_missing_a_field():
    doc = make_doc(MOVES)
    del doc["head"]
    with pytest.raises(KeyError):
        statefile.serialize(doc)


# ---------------------------------------------------------------- write_atomic


def test_write_atomic_creates_and_replaces(tmp_path):
    path = tmp_path / "s.json"
    writing.replace(str(path), b"one")
    assert path.read_bytes() == b"one"
    writing.replace(str(path), b"two")
    assert path.read_bytes() == b"two"
    assert stray_files(tmp_path) == []


def test_write_atomic_keeps_the_files_mode(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"old")
    os.chmod(path, 0o640)
    writing.replace(str(path), b"new")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_write_atomic_gives_a_new_file_the_umask_mode_not_mkstemps_0600(tmp_path):
    old = os.umask(0o022)
    try:
        writing.replace(str(tmp_path / "new.json"), b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.json").st_mode) == 0o644


def test_write_atomic_replaces_the_inode_so_readers_never_see_a_mix(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"old")
    before = os.stat(path).st_ino
    with open(path, "rb") as reader:
        writing.replace(str(path), b"new contents")
        assert reader.read() == b"old"  # an open reader keeps the old file
    assert os.stat(path).st_ino != before


def test_a_crash_before_the_rename_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    path.write_bytes(b"old")

    def crash(src, dst):
        assert os.path.exists(src) and open(src, "rb").read() == b"new"  # the temp was fully written
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        writing.replace(str(path), b"new")
    assert path.read_bytes() == b"old"
    assert stray_files(tmp_path) == []


def test_a_crash_while_writing_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    path.write_bytes(b"old")

    def crash(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        writing.replace(str(path), b"new")
    assert path.read_bytes() == b"old"
    assert stray_files(tmp_path) == []


def test_an_interrupt_before_the_rename_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    path.write_bytes(b"old")
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        writing.replace(str(path), b"new")
    assert path.read_bytes() == b"old"
    assert stray_files(tmp_path) == []


def test_the_temp_file_is_hidden_and_not_named_like_a_state(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: seen.append(src) or real_replace(src, dst))
    writing.replace(str(tmp_path / "s.json"), b"{}")
    name = os.path.basename(seen[0])
    assert os.path.dirname(seen[0]) == str(tmp_path)  # same file system, so the rename is atomic
    assert name.startswith(".") and not name.endswith(".json")


def test_write_atomic_into_a_missing_directory_fails_cleanly(tmp_path):
    with pytest.raises(OSError):
        writing.replace(str(tmp_path / "missing" / "s.json"), b"{}")


# ---------------------------------------------------------------- locked


def test_locked_gives_up_after_the_timeout_when_another_holder_has_it(tmp_path):
    path = str(tmp_path / "s.json")
    holder = FileLock(path + ".lock")
    holder.acquire()
    try:
        started = time.monotonic()
        with pytest.raises(statefile.LockBusy):
            with statefile.locked(path, timeout=0.3):
                pass
        assert 0.25 <= time.monotonic() - started < 3
    finally:
        holder.release()


def test_locked_is_acquired_once_the_holder_lets_go(tmp_path):
    path = str(tmp_path / "s.json")
    held = threading.Event()

    def hold_briefly():  # FileLock is thread-local: the thread that acquires must release
        with FileLock(path + ".lock"):
            held.set()
            time.sleep(0.3)

    holder = threading.Thread(target=hold_briefly)
    holder.start()
    held.wait(5)
    started = time.monotonic()
    with statefile.locked(path, timeout=5):
        waited = time.monotonic() - started
    holder.join()
    assert 0.1 < waited < 5


def test_locked_releases_on_an_exception(tmp_path):
    path = str(tmp_path / "s.json")
    with pytest.raises(RuntimeError):
        with statefile.locked(path, timeout=1):
            raise RuntimeError("decide failed")
    with statefile.locked(path, timeout=0.1):
        pass


def test_locked_serialises_threads(tmp_path):
    path = str(tmp_path / "s.json")
    inside, overlaps = [], []

    def worker():
        with statefile.locked(path, timeout=10):
            inside.append(1)
            if len(inside) > 1:
                overlaps.append(1)
            time.sleep(0.01)
            inside.pop()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert overlaps == []


def test_without_fcntl_the_portable_lock_is_used_alike(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` now fails, as on Windows
    path = str(tmp_path / "s.json")
    holder = FileLock(path + ".lock")
    holder.acquire()
    try:
        with pytest.raises(statefile.LockBusy):
            with statefile.locked(path, timeout=0.1):
                pass
    finally:
        holder.release()
    with statefile.locked(path, timeout=0.1):
        assert os.path.exists(path + ".lock")


def test_the_lock_is_released_when_its_holder_is_killed(tmp_path):
    path = str(tmp_path / "s.json")
    code = ("import sys, time; from argcheck.files import statefile\n"
            "with statefile.locked(sys.argv[1]):\n    print('held', flush=True); time.sleep(60)\n")
    holder = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(statefile.LockBusy):
            with statefile.locked(path, timeout=0.1):
                pass
    finally:
        holder.kill()
        holder.wait()
    with statefile.locked(path, timeout=1):
        pass
