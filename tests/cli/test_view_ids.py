"""The page `argcheck view` writes shows every id `argcheck render --format json` lists: the points, the merged
key findings (merged-1, ...), the responses."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "state" / "examples" / "valid").glob("*.json"))


def argcheck(*args):
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          timeout=120)


def ids_in(value) -> set[str]:
    """Every string under an "id" key, at any depth."""
    if isinstance(value, dict):
        found = {value["id"]} if isinstance(value.get("id"), str) else set()
        return found.union(*(ids_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(ids_in(item) for item in value))
    return set()


@pytest.mark.parametrize("example", [path for path in EXAMPLES if path.name.startswith("council-")],
                         ids=lambda path: path.stem)
def test_the_council_page_shows_every_id_the_json_rendering_lists(example, tmp_path):
    state = tmp_path / example.name
    shutil.copy(example, state)
    rendered = argcheck("render", state, "--format", "json")
    assert rendered.returncode == 0, rendered.stderr
    listed = ids_in(json.loads(rendered.stdout))
    assert argcheck("view", state, "--no-open").returncode == 0
    html = state.with_suffix(".html").read_text(encoding="utf-8")
    assert sorted(i for i in listed if f">{i}<" not in html and f">{i} " not in html) == []


def test_the_merged_key_findings_are_listed_with_their_ids(tmp_path):
    state = tmp_path / "council-assessed.json"
    shutil.copy(ROOT / "state" / "examples" / "valid" / "council-assessed.json", state)
    assert {"merged-1", "merged-2"} <= ids_in(json.loads(argcheck("render", state, "--format", "json").stdout))
    argcheck("view", state, "--no-open")
    html = state.with_suffix(".html").read_text(encoding="utf-8")
    assert ">merged-1<" in html and ">merged-2<" in html
