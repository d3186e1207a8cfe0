"""`argcheck verify`: every run of a project in one process; SARIF 2.1.0 checked against the official schema;
the pre-commit hook run by the real `pre-commit try-repo`; the GitHub Action's steps run as its YAML says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import run_in_process

ROOT = Path(__file__).resolve().parents[2]
VALID = sorted((ROOT / "state" / "examples" / "valid").glob("*.json"))
SARIF_SCHEMA = ROOT / "tests" / "fixtures" / "standards" / "sarif-schema-2.1.0.json"
BIN = str(Path(sys.executable).parent)


def _project(tmp_path: Path, tampered: bool = False) -> Path:
    """A project whose .argcheck/ holds every valid example; `tampered`: one point's text edited afterwards."""
    state_dir = tmp_path / "project" / ".argcheck"
    state_dir.mkdir(parents=True)
    for path in VALID:
        shutil.copy(path, state_dir / path.name)
    if tampered:
        _tamper(state_dir / "deliberate-standard-presented.json")
    return state_dir.parent


def _tamper(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    point = next(move for move in doc["moves"] if move["type"] == "point")
    point["text"] = "Use Memcached instead"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")


def test_verify_passes_a_project_of_valid_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    result = run_in_process("verify")
    assert result.exit_code == 0, result.output
    assert f"verified {len(VALID)} runs: {len(VALID)} valid, 0 invalid" in result.output


def test_verify_fails_a_tampered_run_and_names_the_rule(tmp_path, monkeypatch):
    monkeypatch.chdir(_project(tmp_path, tampered=True))
    result = run_in_process("verify", "--format", "json")
    assert result.exit_code == 1
    report = result.json()
    assert report["valid"] is False
    bad = [run for run in report["runs"] if not run["valid"]]
    assert [run["source"] for run in bad] == [".argcheck/deliberate-standard-presented.json"]
    assert "ARG020" in {finding["code"] for finding in bad[0]["findings"]}


def test_the_sarif_of_a_tampered_run_matches_the_official_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(_project(tmp_path, tampered=True))
    result = run_in_process("verify", "--format", "sarif", "-o", "argcheck.sarif")
    assert result.exit_code == 1
    log = json.loads(Path("argcheck.sarif").read_text(encoding="utf-8"))
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    results = log["runs"][0]["results"]
    tampered = [r for r in results if r["ruleId"] == "ARG020"]
    assert tampered, results
    location = tampered[0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == ".argcheck/deliberate-standard-presented.json"
    assert location["logicalLocations"][0]["fullyQualifiedName"].startswith("/moves/")
    assert "ARG020" in {rule["id"] for rule in log["runs"][0]["tool"]["driver"]["rules"]}


def test_the_sarif_of_valid_runs_has_no_result(tmp_path, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    result = run_in_process("verify", "--format", "sarif")
    assert result.exit_code == 0
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))).validate(log)
    assert [r for r in log["runs"][0]["results"] if r["level"] == "error"] == []
    assert {r["level"] for r in log["runs"][0]["results"]} <= {"warning", "note"}


def _git(project: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=project,
                   check=True, capture_output=True)


def _try_repo(project: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", PRE_COMMIT_HOME=str(home))
    return subprocess.run([f"{BIN}/pre-commit", "try-repo", str(ROOT), "argcheck-verify", "--all-files"],
                          cwd=project, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_pre_commit_try_repo_passes_valid_runs_and_fails_a_tampered_one(tmp_path):
    project = _project(tmp_path)
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    passed = _try_repo(project, tmp_path / "pre-commit-home")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "argcheck verify" in passed.stdout and "Passed" in passed.stdout
    _tamper(project / ".argcheck" / "deliberate-standard-presented.json")
    _git(project, "add", "-A")
    failed = _try_repo(project, tmp_path / "pre-commit-home")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "Failed" in failed.stdout and "ARG020" in failed.stdout


def _action_steps() -> list[dict]:
    return yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))["runs"]["steps"]


def _run_step(step: dict, project: Path, inputs: dict) -> subprocess.CompletedProcess:
    """One `run:` step as the runner runs it: bash, its env with ${{ inputs.X }} and github.action_path filled."""
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}")
    for name, value in step.get("env", {}).items():
        value = value.replace("${{ github.action_path }}", str(ROOT))
        for key, given in inputs.items():
            value = value.replace(f"${{{{ inputs.{key} }}}}", given)
        env[name] = value
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=project,
                          env=env, capture_output=True, text=True, timeout=300)


def test_the_actions_steps_verify_the_runs_and_write_sarif(tmp_path):
    steps = {step.get("name", step.get("uses")): step for step in _action_steps()}
    inputs = {"paths": "", "sarif-file": "results.sarif", "python-version": "3.12"}
    install = steps["Install argcheck"]
    # Tests use no network, so the install step is not run: it must pip-install the action's own checker/
    # folder, the project whose console script is argcheck (the one the verify step below runs from PATH).
    assert "pip install" in install["run"] and '"${ARGCHECK_SOURCE}"' in install["run"]
    assert install["env"]["ARGCHECK_SOURCE"] == "${{ github.action_path }}/checker"
    project_file = tomllib.loads((ROOT / "checker" / "pyproject.toml").read_text(encoding="utf-8"))
    assert project_file["project"]["scripts"]["argcheck"] == "argcheck.cli:main"
    project = _project(tmp_path)
    verified = _run_step(steps["Verify the runs"], project, inputs)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    results = json.loads((project / "results.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    assert [r for r in results if r["level"] == "error"] == []
    _tamper(project / ".argcheck" / "deliberate-standard-presented.json")
    failed = _run_step(steps["Verify the runs"], project, dict(inputs, paths=".argcheck"))
    assert failed.returncode == 1 and "ARG020" in failed.stdout, failed.stdout + failed.stderr
    log = json.loads((project / "results.sarif").read_text(encoding="utf-8"))
    assert "ARG020" in {result["ruleId"] for result in log["runs"][0]["results"]}


def test_verify_without_runs_says_so_and_passes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_in_process("verify")
    assert result.exit_code == 0
    assert "no .argcheck/ folder here" in result.stderr and "verified 0 runs" in result.stdout


def test_verify_names_an_unreadable_path_and_exits_2(tmp_path, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    result = run_in_process("verify", ".argcheck", "missing.json")
    assert result.exit_code == 2
    assert "missing.json: ARG007" in result.stdout
    assert f"verified {len(VALID) + 1} runs: {len(VALID)} valid, 1 invalid" in result.stdout


def test_verify_checks_the_witness_of_a_witnessed_run(tmp_path, monkeypatch):
    from kit import reseal

    project = _project(tmp_path)
    path = project / ".argcheck" / "toulmin-sustained-reported.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["header"]["witnessed"] = True  # a witnessed run, but no witness log beside it
    path.write_text(json.dumps(reseal(doc)), encoding="utf-8")
    monkeypatch.chdir(project)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no witness key either
    result = run_in_process("verify", "--format", "json")
    assert result.exit_code == 1, result.output
    bad = [run for run in result.json()["runs"] if not run["valid"]]
    assert [run["source"] for run in bad] == [".argcheck/toulmin-sustained-reported.json"]
    assert "ARG030" in {finding["code"] for finding in bad[0]["findings"]}
