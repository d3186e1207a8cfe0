"""`argcheck view` from the command line: where pages go, a broken chain shown as broken, the witness field,
and a page written for every protocol's bundled example states (no browser here; tests/browser has it)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "state" / "examples" / "valid").glob("*.json"))


def argcheck(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_state_gets_a_page_with_its_picture(example, tmp_path):
    state = tmp_path / example.name
    shutil.copy(example, state)
    done = argcheck("view", state, "--no-open")
    assert done.returncode == 0, done.stderr
    html = state.with_suffix(".html").read_text(encoding="utf-8")
    assert "Picture unavailable" not in html and 'class="picture picture-' in html
    assert html.count('class="move"') == len(json.loads(example.read_text(encoding="utf-8"))["moves"])


def test_a_rewritten_move_shows_the_chain_broken(tmp_path):
    doc = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    doc["moves"][0]["at"] = "2020-01-01T00:00:00Z"
    state = tmp_path / "tampered.json"
    state.write_text(json.dumps(doc), encoding="utf-8")
    assert argcheck("view", state, "--no-open").returncode == 0
    html = state.with_suffix(".html").read_text(encoding="utf-8")
    assert 'class="tone-bad">broken: ARG020' in html


def test_the_witness_is_read_from_the_header(tmp_path):
    doc = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    state = tmp_path / "run.json"
    state.write_text(json.dumps(doc), encoding="utf-8")
    argcheck("view", state, "--no-open")
    assert "not witnessed (the header records no witness)" in state.with_suffix(".html").read_text("utf-8")


def test_output_goes_where_asked_and_the_page_is_deterministic(tmp_path):
    state = tmp_path / "run.json"
    shutil.copy(EXAMPLES[0], state)
    first, second = tmp_path / "a" / "one.html", tmp_path / "two.html"
    assert argcheck("view", state, "-o", first, "--no-open").returncode == 0
    assert argcheck("view", state, "-o", second, "--no-open").returncode == 0
    assert first.read_bytes() == second.read_bytes()
    assert not (tmp_path / "run.html").exists()


def test_it_says_the_absolute_path_and_the_file_url(tmp_path):
    state = tmp_path / "run.json"
    shutil.copy(EXAMPLES[0], state)
    done = argcheck("view", "run.json", "--no-open", cwd=tmp_path)
    page = tmp_path / "run.html"
    assert done.returncode == 0 and done.stderr.splitlines() == [f"wrote {page}", f"open {page.as_uri()} in a browser"]


def test_it_says_when_no_browser_opened_the_page(tmp_path):
    state = tmp_path / "run.json"
    shutil.copy(EXAMPLES[0], state)
    no_browser = {"PATH": "/nonexistent", "BROWSER": "argcheck-no-such-browser", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "argcheck", "view", str(state)], env=no_browser, capture_output=True,
                          text=True, timeout=120)
    page = (tmp_path / "run.html").as_uri()
    assert done.returncode == 0, done.stderr
    assert f"argcheck: no browser opened the page (none is set up here): open {page} yourself" in done.stderr


@pytest.mark.parametrize("make_folder", [False, True])
def test_with_no_runs_it_says_how_to_make_one(tmp_path, make_folder):
    if make_folder:
        (tmp_path / ".argcheck").mkdir()
    done = argcheck("view", "--no-open", cwd=tmp_path)
    assert done.returncode == (0 if make_folder else 2)
    assert "no runs here yet" in done.stderr and "argcheck init PROTOCOL" in done.stderr
