"""files/writing.py, the one writer: no link under .argcheck/, exclusive temp files, links outside it only where
the user pointed at one."""

from __future__ import annotations

import os
import stat

import pytest

from argcheck.files import writing


@pytest.fixture
def victim(tmp_path):
    path = tmp_path / "outside" / "victim.txt"
    path.parent.mkdir()
    path.write_text("precious\n")
    return path


def test_the_refusal_names_the_link_and_says_nothing_was_written(tmp_path, victim):
    (tmp_path / ".argcheck").mkdir()
    (tmp_path / ".argcheck" / "STATE.md").symlink_to(victim)
    with pytest.raises(writing.UnsafePath) as refused:
        writing.write_text(str(tmp_path / ".argcheck" / "STATE.md"), "report")
    message = str(refused.value)
    assert str(tmp_path / ".argcheck" / "STATE.md") in message and "nothing was written" in message
    assert "Remove the link" in message
    assert victim.read_text() == "precious\n"


@pytest.mark.parametrize("how", ["replace", "create", "open_append", "open_lock", "make_dirs"])
def test_every_way_of_writing_refuses_a_link_in_the_state_directory(tmp_path, victim, how):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / ".argcheck").symlink_to(victim.parent)
    target = str(tmp_path / "p" / ".argcheck" / "new")
    call = {"replace": lambda: writing.replace(target, b"x"), "create": lambda: writing.create(target, b"x"),
            "open_append": lambda: writing.open_append(target), "open_lock": lambda: writing.open_lock(target),
            "make_dirs": lambda: writing.make_dirs(target)}[how]
    with pytest.raises(writing.UnsafePath):
        call()
    assert sorted(os.listdir(victim.parent)) == ["victim.txt"]


def test_a_link_reached_through_a_link_outside_is_still_refused(tmp_path, victim):
    """`alias/` outside points at the project's .argcheck/: the resolved folder is checked too."""
    (tmp_path / ".argcheck").mkdir()
    (tmp_path / ".argcheck" / "witness.jsonl").symlink_to(victim)
    (tmp_path / "alias").symlink_to(tmp_path / ".argcheck")
    with pytest.raises(writing.UnsafePath):
        writing.open_append(str(tmp_path / "alias" / "witness.jsonl"))
    assert victim.read_text() == "precious\n"


def test_outside_the_state_directory_a_link_the_user_chose_is_written_through(tmp_path, victim):
    link = tmp_path / "report.md"
    link.symlink_to(victim)
    assert writing.write_text(str(link), "new report\n") == str(victim)
    assert link.is_symlink() and victim.read_text() == "new report\n"


def test_a_temp_file_is_never_made_through_a_link_planted_at_its_name(tmp_path, victim, monkeypatch):
    names = iter([b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(os, "urandom", lambda n: next(names))
    planted = tmp_path / f".s.json.{os.getpid()}-{writing._host_tag()}-{'00' * 6}.tmp"
    planted.symlink_to(victim)
    writing.replace(str(tmp_path / "s.json"), b"{}")
    assert victim.read_text() == "precious\n" and planted.is_symlink()
    assert (tmp_path / "s.json").read_bytes() == b"{}"


def test_create_never_takes_the_place_of_a_dangling_link(tmp_path):
    (tmp_path / "s.json").symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(FileExistsError):
        writing.create(str(tmp_path / "s.json"), b"{}")
    assert not (tmp_path / "nowhere.json").exists()


def test_an_append_makes_a_private_file_and_narrows_a_wider_one(tmp_path):
    path = tmp_path / "log"
    os.close(writing.open_append(str(path)))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o644)
    os.close(writing.open_append(str(path)))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("readable", [False, True])
def test_a_fifo_in_place_of_a_log_is_refused_never_waited_on(tmp_path, readable):
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(OSError):  # ENXIO (no reader), or ours: not a regular file
        writing.open_append(str(tmp_path / "fifo"), readable=readable)


def test_a_hard_link_in_place_of_a_log_gets_nothing_appended(tmp_path, victim):
    (tmp_path / ".argcheck").mkdir()
    os.link(victim, tmp_path / ".argcheck" / "witness.jsonl")
    with pytest.raises(OSError, match="hard link"):
        writing.open_append(str(tmp_path / ".argcheck" / "witness.jsonl"))
    assert victim.read_text() == "precious\n"
