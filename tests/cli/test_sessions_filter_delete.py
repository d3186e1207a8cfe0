"""argcheck sessions (issue 30): filter by status and protocol, page through many runs, delete one run with its
reports and its run-index entry (confirmed; an open run only with --force)."""

import json
import os
import subprocess
import sys

from test_sessions import argcheck, make_run

ARGCHECK = [sys.executable, "-m", "argcheck"]
NOW = "2026-11-02T00:00:00Z"


def _runs(tmp_path):
    make_run(tmp_path, "a-done.json", "2026-10-01T00:00:00Z", finished=True)
    make_run(tmp_path, "b-open.json", "2026-10-02T00:00:00Z", finished=False)
    argcheck("init", "toulmin", "--query", "Should the fleet switch to heat pumps?", "--state",
             tmp_path / ".argcheck" / "c-toulmin.json", cwd=tmp_path, now="2026-10-03T00:00:00Z")


def _listed(tmp_path, *args) -> list[str]:
    result = argcheck("sessions", "--format", "json", *args, cwd=tmp_path, now=NOW)
    assert result.returncode == 0, result.stderr
    return [os.path.basename(row["path"]) for row in json.loads(result.stdout)]


def test_sessions_filter_by_status_and_protocol(tmp_path):
    _runs(tmp_path)
    assert _listed(tmp_path, "--protocol", "deliberate") == ["b-open.json", "a-done.json"]
    assert _listed(tmp_path, "--status", "aborted") == ["a-done.json"]
    assert _listed(tmp_path, "--status", "open") == ["c-toulmin.json", "b-open.json"]
    assert _listed(tmp_path, "--status", "closed", "--protocol", "toulmin") == []
    refused = argcheck("sessions", "--protocol", "chess", cwd=tmp_path)
    assert refused.returncode == 2 and "chess" in refused.stderr


def test_sessions_page_through_the_runs(tmp_path):
    _runs(tmp_path)
    assert _listed(tmp_path, "--limit", "2") == ["c-toulmin.json", "b-open.json"]
    assert _listed(tmp_path, "--limit", "2", "--page", "2") == ["a-done.json"]
    text = argcheck("sessions", "--limit", "2", cwd=tmp_path, now=NOW).stdout
    assert "page 1 of 2 · 3 runs · next: --page 2" in text
    last = argcheck("sessions", "--limit", "2", "--page", "2", cwd=tmp_path, now=NOW).stdout
    assert "page 2 of 2 · 3 runs" in last and "next" not in last


def _delete(tmp_path, *args, stdin=None):
    return subprocess.run([*ARGCHECK, "sessions", "delete", *map(str, args)], cwd=tmp_path, capture_output=True,
                          text=True, input=stdin, env=dict(os.environ, ARGCHECK_NOW=NOW))


def test_delete_removes_the_run_its_reports_and_its_index_entry(tmp_path):
    _runs(tmp_path)
    state = tmp_path / ".argcheck" / "a-done.json"
    (tmp_path / ".argcheck" / "a-done.md").write_text("# report\n")
    (tmp_path / ".argcheck" / "a-done.html").write_text("<html></html>\n")
    index = tmp_path / ".argcheck" / "runs.index"
    assert "a-done.json" in index.read_text()
    done = _delete(tmp_path, "a-done.json", "--yes")
    assert done.returncode == 0, done.stderr
    assert not state.exists() and not (tmp_path / ".argcheck" / "a-done.md").exists()
    assert not (tmp_path / ".argcheck" / "a-done.html").exists()
    assert "a-done.json" not in index.read_text() and "b-open.json" in index.read_text()
    assert _listed(tmp_path) == ["c-toulmin.json", "b-open.json"]


def test_delete_by_id_asks_and_without_a_terminal_deletes_nothing(tmp_path):
    _runs(tmp_path)
    run_id = json.loads((tmp_path / ".argcheck" / "a-done.json").read_text())["id"]
    asked = _delete(tmp_path, run_id, stdin="y\n")
    assert asked.returncode == 2 and "--yes" in asked.stderr
    assert (tmp_path / ".argcheck" / "a-done.json").exists()
    assert _delete(tmp_path, run_id, "--yes").returncode == 0
    assert not (tmp_path / ".argcheck" / "a-done.json").exists()


def test_an_open_run_is_deleted_only_with_force(tmp_path):
    _runs(tmp_path)
    refused = _delete(tmp_path, "b-open.json", "--yes")
    assert refused.returncode == 2 and "still open (in_progress)" in refused.stderr and "--force" in refused.stderr
    assert (tmp_path / ".argcheck" / "b-open.json").exists()
    assert _delete(tmp_path, "b-open.json", "--yes", "--force").returncode == 0
    assert not (tmp_path / ".argcheck" / "b-open.json").exists()


def test_an_unknown_run_is_a_usage_error(tmp_path):
    _runs(tmp_path)
    result = _delete(tmp_path, "nope.json", "--yes")
    assert result.returncode == 2 and "no run named 'nope.json'" in result.stderr


def test_sessions_with_a_status_no_run_has_names_the_statuses_there(tmp_path):
    _runs(tmp_path)
    text = argcheck("sessions", "--status", "asessed", cwd=tmp_path, now=NOW).stdout
    assert "no run is 'asessed'" in text and "aborted" in text and "or open, closed" in text
    quiet = argcheck("sessions", "--status", "closed", "--protocol", "toulmin", cwd=tmp_path, now=NOW).stdout
    assert "no run is" not in quiet  # open / closed are keywords, never a typo
