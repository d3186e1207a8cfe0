"""Which consult wrapper the one runner (argcheck/files/consulting.py) runs: --wrapper, then ARGCHECK_CONSULT,
then `argcheck-consult` on PATH, then the checkout's wrappers/consult; a command with arguments is split like
a shell would, a path to a file is taken whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from argcheck.files import consulting

ROOT = Path(__file__).resolve().parents[2]
CONSULT = ROOT / "wrappers" / "consult"


@pytest.fixture
def bare(monkeypatch, tmp_path):
    """No ARGCHECK_CONSULT, and a PATH holding only bash and an empty folder."""
    monkeypatch.delenv("ARGCHECK_CONSULT", raising=False)
    monkeypatch.setenv("PATH", f"{tmp_path / 'empty'}:/usr/bin:/bin")
    return monkeypatch


def test_argcheck_consult_with_arguments_is_split_like_a_shell(bare):
    bare.setenv("ARGCHECK_CONSULT", f"bash '{CONSULT}'")
    assert consulting.wrapper_command() == ["bash", str(CONSULT)]


def test_the_wrapper_option_comes_before_the_environment(bare, tmp_path):
    bare.setenv("ARGCHECK_CONSULT", f"bash {CONSULT}")
    assert consulting.wrapper_command(str(CONSULT)) == [str(CONSULT)]


def test_a_path_with_spaces_is_taken_whole(bare, tmp_path):
    wrapper = tmp_path / "my wrappers" / "consult"
    wrapper.parent.mkdir()
    wrapper.write_text("#!/bin/sh\n")
    wrapper.chmod(0o755)
    bare.setenv("ARGCHECK_CONSULT", str(wrapper))
    assert consulting.wrapper_command() == [str(wrapper)]


def test_the_checkout_wrapper_is_the_last_resort(bare):
    assert consulting.wrapper_command() == [str(CONSULT)]


@pytest.mark.parametrize("value, says", [("no-such-consult new", "'no-such-consult' (ARGCHECK_CONSULT) is not found"),
                                         ("bash 'unclosed", "cannot read the wrapper command")])
def test_a_wrapper_that_cannot_run_is_a_setup_problem_that_names_its_source(bare, value, says):
    bare.setenv("ARGCHECK_CONSULT", value)
    with pytest.raises(consulting.ConsultProblem) as problem:
        consulting.wrapper_command()
    assert says in str(problem.value) and problem.value.failure == "not_installed"


def test_a_call_without_a_wrapper_is_a_not_installed_envelope(bare):
    bare.setenv("ARGCHECK_CONSULT", "/nonexistent/consult")
    envelope = consulting.Consultee("codex").call("prompt")
    assert envelope["failure"] == "not_installed" and "ARGCHECK_CONSULT" in envelope["detail"]


@pytest.mark.parametrize("out, says", [(b"", "printed no envelope (exit 5): boom"),
                                       (b'{"a": 1}', "not an envelope (no \"envelope\": 1)"),
                                       (b"[" * 100_000, "not an envelope")])
def test_output_that_is_not_an_envelope_is_named(out, says):
    with pytest.raises(consulting.ConsultProblem) as problem:
        consulting.envelope_of(out, b"starting\nboom\n", 5, "consult codex")
    assert says in str(problem.value)


def test_the_runner_is_the_only_place_below_the_shells_that_starts_a_process():
    """The kit and the protocols start no process; in files/ only the runner's stopping.py does (the council's
    driver gets the runner through the `files` port)."""
    package = ROOT / "checker" / "src" / "argcheck"
    starting = set()
    for layer in ("core", "protocols", "files"):
        for path in (package / layer).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "import subprocess" in text or "from subprocess" in text or "os.fork" in text:
                starting.add(path.relative_to(package).as_posix())
    assert starting == {"files/stopping.py"}
