"""Helpers for the hook tests: a project with a state directory, and `argcheck hook` run as Claude Code runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def this_install_on_path(monkeypatch):
    """The agent's shell finds this checkout's `argcheck` first on PATH, as after ./install.sh (the consent
    vouches only for the install it belongs to: harness/consent.py runs_this_install)."""
    here = os.path.dirname(sys.executable)
    monkeypatch.setenv("PATH", os.pathsep.join([here, os.environ.get("PATH", "")]))


@pytest.fixture
def project(tmp_path) -> Path:
    """A project directory with an empty .argcheck/ state directory."""
    root = tmp_path / "project"
    (root / ".argcheck").mkdir(parents=True)
    return root


def run_hook(event: str, payload, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    """`argcheck hook EVENT` with `payload` (a dict, or raw bytes/str) on stdin."""
    data = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
    data = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE")}
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "argcheck", "hook", event], input=data, capture_output=True,
                          env=full_env, cwd=cwd, timeout=60)


@pytest.fixture
def hook(tmp_path):
    """run_hook with the witness key and the Stop counter under tmp_path unless the test names them."""
    homes = {"XDG_CONFIG_HOME": str(tmp_path / "xdg-config"), "XDG_STATE_HOME": str(tmp_path / "xdg-state")}

    def run(event, payload, env=None, cwd=None):
        return run_hook(event, payload, env={**homes, **(env or {})}, cwd=cwd)

    return run
