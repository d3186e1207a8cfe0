"""Any agent may orchestrate with any consultee (issue 20), and a consultee call from inside Codex CLI's sandbox
without network access cannot reach any of them (loopback included, measured on Codex 0.169.0): `argcheck
consult` and the headless `argcheck init council --run` refuse it up front (exit 2, nothing recorded, the setting
to ask for) instead of recording a consultee failure or a council of failed personas. Codex sets
CODEX_SANDBOX_NETWORK_DISABLED=1 in the commands it runs then; the offline replay consultee still works."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.files.consulting import sandbox_problem

ROOT = Path(__file__).resolve().parents[2]
NO_NETWORK = {"CODEX_SANDBOX_NETWORK_DISABLED": "1"}


def argcheck(*args, env: dict | None = None, cwd=None):
    full = dict(os.environ, **(env or {}))
    full.pop("CODEX_SANDBOX_NETWORK_DISABLED", None)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          env=full, cwd=cwd, timeout=120)


def spy_wrapper(tmp_path: Path) -> tuple[Path, Path]:
    """A consult wrapper that notes each call and answers with a consultee failure."""
    calls, wrapper = tmp_path / "calls", tmp_path / "spy-consult"
    failure = {"envelope": 1, "consultee": "codex", "session_id": None, "response": "", "failure": "cli_error",
               "detail": "Connection failed: error sending request"}
    wrapper.write_text(f"#!/bin/sh\necho \"$@\" >> {calls}\ncat >/dev/null\nprintf '%s' '{json.dumps(failure)}'\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    return wrapper, calls


@pytest.mark.parametrize("consultee", ["codex", "claude", "gemini", "ollama", "openai"])
def test_every_consultee_but_replay_is_unreachable_from_a_sandbox_without_network(consultee):
    said = sandbox_problem(consultee, NO_NETWORK)
    assert said and consultee in said and "network_access=true" in said and "Nothing was recorded" in said
    assert sandbox_problem(consultee, {}) is None
    assert sandbox_problem(consultee, {"CODEX_SANDBOX_NETWORK_DISABLED": "0"}) is None


def test_the_offline_replay_consultee_and_no_consultee_are_no_problem():
    assert sandbox_problem("replay", NO_NETWORK) is None
    assert sandbox_problem(None, NO_NETWORK) is None


@pytest.mark.parametrize("consultee", ["claude", "codex", "gemini"])
def test_consult_inside_a_sandbox_without_network_records_nothing_and_says_what_to_ask_for(tmp_path, consultee):
    state = tmp_path / "d.json"
    assert argcheck("init", "deliberate", "--question", "Cache the replay?", "--consultee", consultee,
                    "--state", state).returncode == 0
    before = state.read_bytes()
    wrapper, calls = spy_wrapper(tmp_path)
    done = argcheck("consult", state, env={"ARGCHECK_CONSULT": str(wrapper), **NO_NETWORK})
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"the consultee {consultee} cannot be reached" in done.stderr and "Traceback" not in done.stderr
    assert state.read_bytes() == before and not calls.exists()


def test_consult_with_network_calls_the_consultee_the_run_names_whoever_orchestrates(tmp_path):
    state = tmp_path / "d.json"
    assert argcheck("init", "deliberate", "--question", "Cache the replay?", "--consultee", "claude",
                    "--state", state).returncode == 0
    wrapper, calls = spy_wrapper(tmp_path)
    done = argcheck("consult", state, env={"ARGCHECK_CONSULT": str(wrapper), "CODEX_SANDBOX_NETWORK_DISABLED": "0"})
    assert "cannot be reached" not in done.stderr, done.stderr
    assert calls.read_text().split()[:2] == ["claude", "new"]


def test_the_headless_council_refuses_before_it_records_anything(tmp_path):
    (tmp_path / "design.md").write_text("# Design\n\nThe store scales to any future load without redesign.\n")
    wrapper, calls = spy_wrapper(tmp_path)
    done = argcheck("init", "council", "--document", "design.md", "--consultee", "codex", "--run", "--state",
                    ".argcheck/c.json", "--wrapper", wrapper, env=NO_NETWORK, cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "the consultee codex cannot be reached" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / ".argcheck" / "c.json").exists() and not calls.exists()


def test_consult_on_a_council_calls_the_consultee_named_at_init(tmp_path):
    """`argcheck init council --consultee NAME` (without --run) names the consultee that `argcheck consult STATE`
    sends each persona to: an agent without subagents needs no --consultee on every call."""
    (tmp_path / "design.md").write_text("# Design\n\nThe store scales to any future load without redesign.\n")
    assert argcheck("init", "council", "--document", "design.md", "--consultee", "gemini", "--state",
                    ".argcheck/c.json", cwd=tmp_path).returncode == 0
    wrapper, calls = spy_wrapper(tmp_path)
    done = argcheck("consult", ".argcheck/c.json", env={"ARGCHECK_CONSULT": str(wrapper)}, cwd=tmp_path)
    assert "no consultation is due" not in done.stderr, done.stderr
    assert calls.read_text().split()[:2] == ["gemini", "new"]
    shown = argcheck("next", ".argcheck/c.json", cwd=tmp_path).stdout
    assert "  argcheck consult .argcheck/c.json\n" in shown and "without subagents" in shown


def test_next_names_the_consult_route_only_when_the_run_names_a_consultee(tmp_path):
    (tmp_path / "design.md").write_text("# Design\n\nThe store scales to any future load without redesign.\n")
    assert argcheck("init", "council", "--document", "design.md", "--state", ".argcheck/c.json",
                    cwd=tmp_path).returncode == 0
    shown = argcheck("next", ".argcheck/c.json", cwd=tmp_path).stdout
    assert "--consultee NAME unless the run names one" in shown and "  argcheck consult " not in shown
