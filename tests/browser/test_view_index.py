"""`argcheck view` with no argument: the index of .argcheck/ lists every run, and each row opens its page."""

from __future__ import annotations

import json
import shutil

import pytest
from pagekit import PROTOCOLS, argcheck

pytestmark = pytest.mark.browser


@pytest.fixture
def project(runs, tmp_path):
    folder = tmp_path / ".argcheck"
    folder.mkdir()
    for name in PROTOCOLS:
        shutil.copy(runs[name], folder / f"{name}-run.json")
    (folder / "notes.json").write_text('{"not": "a run"}', encoding="utf-8")
    return tmp_path


def test_the_index_lists_every_run_and_links_to_its_page(project, open_page):
    done = argcheck("view", "--no-open", cwd=project)
    assert f"wrote {project / '.argcheck' / 'index.html'} (4 runs, 1 other file(s) skipped)" in done.stderr
    index = project / ".argcheck" / "index.html"
    opened = open_page(index.as_uri())
    assert opened.errors == [] and opened.requests == [index.as_uri()]
    rows = opened.page.locator("#runs tbody tr")
    assert rows.count() == len(PROTOCOLS)
    listed = {}
    for row in rows.all():
        cells = row.locator("td").all_inner_texts()
        listed[row.get_attribute("data-state")] = cells
    for name in PROTOCOLS:
        doc = json.loads((project / ".argcheck" / f"{name}-run.json").read_text(encoding="utf-8"))
        protocol, _, status, moves, _, changed = listed[f"{name}-run.json"]
        assert (protocol, status, int(moves), changed) == (name, doc["status"], len(doc["moves"]), doc["updated_at"])
    assert "notes.json" in opened.page.inner_text("main")
    for name in PROTOCOLS:
        opened.page.goto(index.as_uri())
        opened.page.locator(f'#runs tr[data-state="{name}-run.json"] a').click()
        opened.page.wait_for_load_state("load")
        assert opened.page.url.endswith(f"/{name}-run.html")
        assert opened.page.locator("details.move").count() > 0
    assert opened.errors == []
    assert all(url.startswith("file://") for url in opened.requests)


def test_an_empty_folder_has_an_empty_index(tmp_path, open_page):
    argcheck("view", tmp_path, "--no-open")
    opened = open_page((tmp_path / "index.html").as_uri())
    assert "No state file here." in opened.page.inner_text("main")


def test_a_missing_target_is_a_usage_error(tmp_path):
    done = argcheck("view", tmp_path / "nothing.json", "--no-open", check=False)
    assert done.returncode == 2 and "no such file or folder" in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    done = argcheck("view", bad, "--no-open", check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    other = tmp_path / "other.json"
    other.write_text('{"not": "a run"}', encoding="utf-8")
    done = argcheck("view", other, "--no-open", check=False)
    assert done.returncode == 1 and "not a state file" in done.stderr and not (tmp_path / "other.html").exists()
