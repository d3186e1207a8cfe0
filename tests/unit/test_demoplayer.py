"""The demo frame every protocol's demo shares (argcheck.core.demoplayer)."""

from __future__ import annotations

import io
import os

import pytest

from argcheck.core.demoplayer import DemoPlayer, digest, play_in_workdir, sentence_clip


class Scripted(DemoPlayer):
    def opening(self) -> None:
        self.say("open")

    def turn(self, number, total, turn) -> bool:
        self.say(self.paint("b", f"{number}/{total} {turn}"))
        return turn != "bad"

    def finale(self) -> None:
        self.say("end")


def test_turns_play_in_order_between_the_opening_and_the_finale():
    out = io.StringIO()
    assert Scripted({"turns": ["a", "b"]}, out, 0, files=None, paint=lambda style, text: f"<{style}>{text}").play() == 0
    assert out.getvalue() == "open\n<b>1/2 a\n<b>2/2 b\nend\n"


def test_a_turn_that_misbehaves_stops_the_demo_with_exit_1_and_no_finale():
    out = io.StringIO()
    assert Scripted({"turns": ["a", "bad", "c"]}, out, 0, files=None).play() == 1
    assert out.getvalue() == "open\n1/3 a\n2/3 bad\n"


def test_the_work_folder_is_removed_unless_kept(tmp_path):
    seen = []

    class Recording(Scripted):
        def opening(self) -> None:
            seen.append(self.workdir)
            with open(os.path.join(self.workdir, "s.json"), "w") as handle:
                handle.write("{}")

    def make(workdir):
        player = Recording({"turns": []}, io.StringIO(), 0, files=None)
        player.workdir = workdir
        return player

    assert play_in_workdir(make, None, prefix="argcheck-test-demo-") == 0
    assert os.path.basename(seen[0]).startswith("argcheck-test-demo-") and not os.path.exists(seen[0])
    kept = tmp_path / "kept" / "here"
    assert play_in_workdir(make, str(kept)) == 0
    assert digest(str(kept / "s.json")) == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"


def test_the_work_folder_is_removed_when_the_demo_fails(tmp_path):
    made = []

    def make(workdir):
        made.append(workdir)
        raise OSError("disk full")

    with pytest.raises(OSError):
        play_in_workdir(make, None)
    assert not os.path.exists(made[0])


@pytest.mark.parametrize("text, limit, clipped", [
    ("short enough", 20, "short enough"),
    ("the reply (no ```json block found) is not valid JSON", 20, "the reply (no…"),
    ("I weighed both.\n```json\n{\"points\": []}\n```", 60, "I weighed both."),
    ("I weighed both. ```json { \"points\": [] } ```", 60, "I weighed both."),
    ("In the last two quarters, fourteen incidents", 30, "In the last two quarters…"),
    ("Supercalifragilistic", 8, "Superca…"),
])
def test_a_digest_is_cut_between_words(text, limit, clipped):
    assert sentence_clip(text, limit) == clipped
    assert len(sentence_clip(text, limit)) <= limit


def test_the_closing_note_says_the_files_are_deleted_or_where_the_run_is_kept(tmp_path):
    out = io.StringIO()
    assert play_in_workdir(lambda workdir: Scripted({"turns": []}, out, 0, files=None), None, protocol="x") == 0
    assert out.getvalue().splitlines()[-1] == ("The demo's files are deleted now (`argcheck demo x --keep DIR` keeps "
                                               "them, to try the commands yourself).")
