"""What a reader of the repository finds: a LICENSE matching the package's, docs that never send the reader
to the "seed" documents (not in the repository: docs/sources.md names the source designs), and a README
whose first screen says what argcheck is."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READER_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "skills").rglob("*.md")),
                *sorted((ROOT / "state" / "schemas").glob("*.json"))]


def test_the_license_file_is_mit_as_the_package_says():
    license_text = (ROOT / "LICENSE").read_text()
    assert license_text.startswith("MIT License") and "Copyright (c) 2026 argcheck developers" in license_text
    pyproject = (ROOT / "checker" / "pyproject.toml").read_text()
    assert re.search(r'^license = \{ text = "MIT" \}$', pyproject, re.M)
    assert "[LICENSE](LICENSE)" in (ROOT / "README.md").read_text()


def test_no_reader_is_sent_to_a_seed_document():
    mentions = []
    for path in READER_FILES:
        if path.name == "sources.md":
            continue  # the one place that says what the earlier notes called them
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"\bseeds?\b", re.sub(r"`[^`]*`", "", line), re.IGNORECASE):
                mentions.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert mentions == []


def test_sources_names_every_protocol_design():
    sources = (ROOT / "docs" / "sources.md").read_text()
    for design in ("the Argumentation Protocol", "the Toulmini specification", "the Council design",
                   "the TRIZ design"):
        assert design in sources


def test_the_readme_says_what_argcheck_is_before_any_command():
    readme = (ROOT / "README.md").read_text()
    first_screen = readme.split("```", 1)[0]
    assert "AI coding agent" in first_screen and "rules" in first_screen and "record" in first_screen
    assert "seed" not in first_screen.lower()


def _check(script: str, env: dict) -> str:
    import os
    import subprocess

    clean = {k: v for k, v in os.environ.items()
             if k not in ("ARGCHECK_REALCLI_DIR", "ARGCHECK_MCP_INSPECTOR_DIR", "ARGCHECK_TEST_CACHE",
                          "XDG_CACHE_HOME")}
    done = subprocess.run(["bash", str(ROOT / "tests" / "setup" / script), "--check"], capture_output=True,
                          text=True, env={**clean, **env}, timeout=60)
    return done.stderr


def test_the_test_tools_are_installed_outside_the_checkout(tmp_path):
    """run-tests.sh and tests/setup/*.sh put the real CLIs and the MCP Inspector (about 900 MB) in a cache
    outside the checkout: ARGCHECK_TEST_CACHE, else XDG_CACHE_HOME/argcheck-tests, else ~/.cache."""
    said = _check("install-real-clis.sh", {"ARGCHECK_TEST_CACHE": f"{tmp_path}/c"})
    assert f"under {tmp_path}/c/realcli/codex" in said
    home = tmp_path / "home"
    said = _check("install-mcp-inspector.sh", {"HOME": str(home)})
    assert f"under {home}/.cache/argcheck-tests/npm/mcp-inspector" in said
    run_tests = (ROOT / "run-tests.sh").read_text()
    assert "${ROOT}/.cache" not in run_tests and 'CACHE="${ARGCHECK_TEST_CACHE:-' in run_tests
