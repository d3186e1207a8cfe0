"""The click-free fast path (`argcheck.cli.fastpath`) behaves exactly as the click commands, or leaves them the call."""

from __future__ import annotations

import io
import json
import shutil
import sys

import pytest
from click.testing import CliRunner

from argcheck import cli
from argcheck.cli import fastpath
from argcheck.cli.commands.demo import play
from argcheck.protocols.deliberate import demo
from argcheck.cli.clickapp import run as run_click
from argcheck.exitcodes import ExitCode

MOVE = {"type": "ledger", "actor": "user", "id": "L90", "provenance": "user", "text": "Keep one file.",
        "claim_type": "constraint"}


def truncated(doc: dict, count: int) -> dict:
    """The state as it was after its first `count` moves (the hash chain says what the head was)."""
    moves = doc["moves"]
    return dict(doc, moves=moves[:count], move_count=count, head=moves[count]["prev"],
                updated_at=moves[count - 1]["at"], status="in_progress")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The demo's deliberation, finished, and the same run open after its fourth consultation."""
    folder = tmp_path_factory.mktemp("demo")
    play("deliberate", io.StringIO(), keep_dir=str(folder))
    finished = folder / demo.STATE_NAME
    doc = json.loads(finished.read_text())
    open_run = folder / "open.json"
    open_run.write_text(json.dumps(truncated(doc, 36), ensure_ascii=False))
    (folder / "moves.json").write_text(json.dumps([MOVE]))
    (folder / "bad-moves.json").write_text("[{]")
    (folder / "not-a-state.json").write_text('{"format": "argcheck-state", "version": 1}')
    return folder


def call(route, argv):
    runner = CliRunner()
    with runner.isolation() as (out, err, _mixed):
        code = route(argv)
        sys.stdout.flush()
        sys.stderr.flush()
        return code, out.getvalue().decode(), err.getvalue().decode()


CASES = [
    ["next", "open.json"], ["next", "open.json", "--format", "json"], ["next", "--format=json", "open.json"],
    ["next", "deliberate-demo.json"], ["next", "absent.json"], ["next", "not-a-state.json", "--format", "json"],
    ["prompt", "open.json"], ["prompt", "open.json", "--full"], ["prompt", "--delta", "open.json"],
    ["prompt", "deliberate-demo.json"], ["prompt", "absent.json"],
    ["render", "open.json"], ["render", "deliberate-demo.json", "--format", "json"],
    ["render", "open.json", "--format", "dot"], ["render", "open.json", "--format=af"],
    ["render", "open.json", "-o", "out.md"], ["render", "--output", "out.md", "open.json"],
    ["apply", "open.json", "moves.json", "--dry-run"], ["apply", "open.json", "moves.json", "--format", "json"],
    ["apply", "--dry-run", "open.json", "bad-moves.json"], ["apply", "deliberate-demo.json", "moves.json"],
    ["apply", "absent.json", "moves.json", "--lock-timeout", "1.5"],
]


def _without_times(index: str) -> list:
    return [line.split("\t")[::2] for line in index.splitlines()]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_the_fast_path_prints_and_exits_as_click_does(played, tmp_path, monkeypatch, argv):
    results, files = [], []
    for route in (fastpath.run, run_click):
        work = tmp_path / route.__module__
        shutil.copytree(played, work)
        monkeypatch.chdir(work)
        results.append(call(route, argv))
        # The run index holds modification times, which differ between the two copies: compared without them.
        files.append({p.name: p.read_bytes() if p.name != "runs.index" else _without_times(p.read_text())
                      for p in sorted(work.iterdir()) if p.is_file()})
    fast, slow = results
    assert fast[0] is not None, "the fast path declined a plain call"
    assert fast == slow
    assert files[0] == files[1]


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["next"], ["next", "-h"], ["next", "s.json", "--help"], ["next", "s.json", "--format", "xml"],
    ["next", "s.json", "--format"], ["next", "s.json", "--format", "--help"], ["next", "s.json", "extra"],
    ["next", "--", "s.json"], ["next", "s.json", "--fmt", "json"], ["prompt", "s.json", "--full=yes"],
    ["render", "s.json", "-o=x.md"], ["render", "s.json", "-ox.md"], ["render", "s.json", "-o", "."],
    ["apply"], ["apply", "s.json", "m.json", "extra"], ["apply", "s.json", "--lock-timeout", "soon"],
    ["apply", "s.json", "--lock-timeout", "-1"], ["apply", "s.json", "--dry-run=yes"],
    ["init", "deliberate"], ["ingest", "s.json"], ["--version", "next"], ["sessions"],
])
def test_anything_else_is_left_to_click(argv):
    assert fastpath.run(argv) is None


def test_shell_completion_is_left_to_click(monkeypatch):
    monkeypatch.setenv("_ARGCHECK_COMPLETE", "bash_complete")
    assert fastpath.run(["next", "s.json"]) is None


def test_version_is_printed_as_click_prints_it():
    assert call(cli.main, ["--version"]) == call(run_click, ["--version"])


def test_the_entry_point_keeps_the_exit_code_table():
    assert cli.INTERRUPTED == ExitCode.INTERRUPTED


def test_render_to_a_path_it_cannot_write_is_a_usage_error(played, tmp_path, monkeypatch):
    monkeypatch.chdir(played)
    for route in (fastpath.run, run_click):
        code, out, err = call(route, ["render", "open.json", "-o", str(tmp_path / "missing" / "log.md")])
        assert (code, out) == (ExitCode.USAGE, "") and "cannot write" in err and "internal error" not in err
