"""docs/adding-a-protocol.md holds: copying the fixture protocol (tests/fixtures/protocols/tally) as a fifth
protocol with the doc's own block passes the contract tests with no other edit; a copy that keeps one of the
fixture's words fails with that word named; a rule name two protocols share is a broken protocol (exit 2, both
codes named), never an internal error."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "protocols" / "tally"
DOC = ROOT / "docs" / "adding-a-protocol.md"
PROTOCOLS = ROOT / "checker" / "src" / "argcheck" / "protocols"


def fixture_words() -> tuple[str, str, list[str]]:
    """The fixture's name, its code prefix and its rule names, read from its own files."""
    prefix = re.search(r'code_prefix="([A-Z]{3})"', (FIXTURE / "spec.py").read_text(encoding="utf-8")).group(1)
    names = re.findall(r'define\("[A-Z]{3}\d{3}", "([A-Z0-9_]+)"', (FIXTURE / "catalog.py").read_text(encoding="utf-8"))
    return FIXTURE.name, prefix, names


def fixture_words_in(folder: Path) -> list[str]:
    """Each place under `folder` that still says one of the fixture's words, as 'file:line: word'."""
    name, prefix, rule_names = fixture_words()
    pattern = re.compile(rf"\b((?i:{re.escape(name)})|{prefix}(?=\d{{3}}\b|\b)|{'|'.join(rule_names)})\b")
    found = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            found += [f"{path.relative_to(folder)}:{number}: {match.group(0)!r}" for match in pattern.finditer(line)]
    return found


def doc_recipe() -> str:
    """The doc's block that copies the fixture and renames its words."""
    blocks = re.findall(r"```bash\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    recipe = [block for block in blocks if "cp -r tests/fixtures/protocols/" in block]
    assert len(recipe) == 1, "docs/adding-a-protocol.md has no single block copying the fixture"
    return recipe[0]


def copy_by_the_doc(tmp_path: Path, recipe: str) -> Path:
    """Run the doc's block in a tree shaped like the repository's; return the folder that holds the copy."""
    shutil.copytree(FIXTURE, tmp_path / "tests" / "fixtures" / "protocols" / FIXTURE.name,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "checker" / "src" / "argcheck" / "protocols").mkdir(parents=True)
    subprocess.run(["bash", "-euo", "pipefail", "-c", recipe], cwd=tmp_path, check=True, capture_output=True,
                   timeout=60)
    return tmp_path / "checker" / "src" / "argcheck" / "protocols"


def argcheck(*args, cwd: Path, folders: list[Path], stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "ARGCHECK_PROTOCOL_PATH": os.pathsep.join(map(str, folders)),
           "ARGCHECK_NOW": "2026-11-24T10:00:00Z"}
    return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=60)


CONTRACT_PROBE = """
import json, sys
from argcheck.core import discovery, protocol_calls
from argcheck.files import operations
spec = discovery.spec(sys.argv[1])
print(json.dumps(protocol_calls.contract_problems(spec, [operations.validate_file(sys.argv[2]).replay.engine])))
"""


def test_a_copy_of_the_fixture_made_by_the_doc_passes_the_contract_beside_the_fixture(tmp_path):
    folder = copy_by_the_doc(tmp_path / "repo", doc_recipe())
    name = re.search(r"NAME=(\w+)", doc_recipe()).group(1)
    assert fixture_words_in(folder / name) == []
    folders, work = [folder, FIXTURE.parent], tmp_path / "work"
    work.mkdir()
    made = argcheck("init", name, "--goal", "3", "--state", "s.json", cwd=work, folders=folders)
    assert made.returncode == 0, made.stderr
    stepped = argcheck("apply", "s.json", "-", cwd=work, folders=folders, stdin='{"type": "step", "by": 2}')
    assert stepped.returncode == 0, stepped.stdout + stepped.stderr
    assert argcheck("validate", "s.json", cwd=work, folders=folders).returncode == 0
    listed = argcheck("rules", "--format", "json", cwd=work, folders=folders)
    assert listed.returncode == 0, listed.stderr  # the copy's rule names clash with no protocol's
    env = {**os.environ, "ARGCHECK_PROTOCOL_PATH": os.pathsep.join(map(str, folders))}
    probe = subprocess.run([sys.executable, "-c", CONTRACT_PROBE, name, str(work / "s.json")], env=env,
                           capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0, probe.stderr
    assert json.loads(probe.stdout) == []


GENERATE_EXAMPLES = """
import sys
from argcheck.core import discovery
from argcheck.files import statefile
from pathlib import Path
for path, doc in discovery.spec(sys.argv[1]).part("examples").generated_files().items():
    target = Path(sys.argv[2]) / path
    target.parent.mkdir(parents=True, exist_ok=True)
    data = statefile.serialize(doc)
    target.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
"""


def test_the_contract_tests_pass_on_the_copy_with_only_the_documented_edits(tmp_path):
    """The doc's block, then what its "Outside the folder" table asks that the contract tests read: the skill, the
    specification page and the examples (`generate.py` writes them from the copy's examples.py); then the
    contract test file itself, run on the copy."""
    repo = tmp_path / "repo"
    folder = copy_by_the_doc(repo, doc_recipe())
    name = re.search(r"NAME=(\w+)", doc_recipe()).group(1)
    (repo / "skills" / name).mkdir(parents=True)
    (repo / "skills" / name / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Use when ...\n---\n")
    (repo / "docs" / "protocols").mkdir(parents=True)
    (repo / "docs" / "protocols" / f"{name}.md").write_text(f"# {name}\n")
    env = {**os.environ, "ARGCHECK_PROTOCOL_PATH": str(folder)}
    subprocess.run([sys.executable, "-c", GENERATE_EXAMPLES, name, str(repo)], env=env, check=True, timeout=60)
    (repo / "tests" / "unit").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "unit" / "test_protocol_contract.py", repo / "tests" / "unit")
    shutil.copy(ROOT / "pytest.ini", repo)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-k", name, "tests/unit/test_protocol_contract.py"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
    assert re.search(r"\b(\d+) passed", done.stdout) and "failed" not in done.stdout


def test_a_copy_that_keeps_the_fixtures_words_is_caught_naming_them(tmp_path):
    """The doc's block without its renames but the spec's name: every word left behind is named, with its line."""
    recipe = doc_recipe().replace('-e "s/tally/$NAME/g"', "").replace('-e "s/Tally/$TITLE/g"', "")
    folder = copy_by_the_doc(tmp_path, recipe + '\nsed -i.orig "s/name=\\"tally\\"/name=\\"$NAME\\"/" spec.py\n')
    left = fixture_words_in(folder / re.search(r"NAME=(\w+)", recipe).group(1))
    assert "nextstep.py:8: 'tally'" in left and "render.py:9: 'Tally'" in left, left


@pytest.mark.parametrize("protocol", sorted(path.name for path in PROTOCOLS.iterdir() if (path / "spec.py").exists()))
def test_no_bundled_protocol_keeps_the_fixtures_words(protocol):
    left = fixture_words_in(PROTOCOLS / protocol)
    assert left == [], (f"protocol {protocol} still says the fixture's words (left from a copy of "
                        f"tests/fixtures/protocols/{FIXTURE.name}; docs/adding-a-protocol.md renames them): {left}")


def test_a_rule_name_two_protocols_share_is_a_broken_protocol_naming_both_codes(tmp_path):
    """The copy renames its code prefix but keeps the fixture's rule name."""
    recipe = doc_recipe().replace('-e "s/OVERSHOOT/${PREFIX}_OVERSHOOT/g"', "")
    folder = copy_by_the_doc(tmp_path / "repo", recipe)
    _, prefix, (rule_name, *_) = fixture_words()
    new_prefix = re.search(r"PREFIX=(\w+)", recipe).group(1)
    listed = argcheck("rules", cwd=tmp_path, folders=[folder, FIXTURE.parent])
    assert listed.returncode == 2 and "Traceback" not in listed.stderr, listed.stderr
    assert f"rule name {rule_name} is defined twice" in listed.stderr
    assert f"{prefix}101" in listed.stderr and f"{new_prefix}101" in listed.stderr
