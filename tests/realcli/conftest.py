"""Fixtures for driving the real Codex, Claude Code and Gemini CLIs through the wrappers, offline.

Each test starts the mock model server (tests/stubs/mock_llm_server.py) on 127.0.0.1 with an
ephemeral port, gives the CLI a fresh home (CODEX_HOME / HOME) configured so that it talks to
nothing but the mock (see shared/reference/real-clis.md), runs a wrapper and reads its envelope.

The CLIs come from tests/setup/install-real-clis.sh (pinned npm versions under .cache/realcli).
When they are missing every test here FAILS with that instruction, unless ARGCHECK_SKIP_REALCLI=1.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WRAPPERS = REPO / "wrappers"
INSTALLER = REPO / "tests" / "setup" / "install-real-clis.sh"
sys.path.insert(0, str(REPO / "tests" / "stubs"))

from mock_gemini import GEMINI_SETTINGS  # noqa: E402
from mock_gemini import gemini_env as gemini_mock_env  # noqa: E402
from mock_llm_server import CLAUDE_ENV, CODEX_CONFIG, MockLLMServer  # noqa: E402



def pytest_configure(config):
    config.addinivalue_line(
        "markers", "realcli: drives the real Codex / Claude Code / Gemini CLIs against a local mock server"
    )


@dataclass
class Consultation:
    envelope: dict
    exit_code: int
    stdout: str
    stderr: str
    seconds: float


@pytest.fixture(scope="session")
def real_clis() -> dict[str, Path]:
    """Paths of the pinned CLIs, by name; fails (or skips on request) when they are missing."""
    proc = subprocess.run(
        ["bash", str(INSTALLER), "--check"], capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    if proc.returncode != 0:
        message = (
            "the real Codex / Claude Code / Gemini CLIs are not installed: run tests/setup/install-real-clis.sh "
            f"(or set ARGCHECK_SKIP_REALCLI=1 to skip these tests).\n{proc.stderr.strip()}"
        )
        if os.environ.get("ARGCHECK_SKIP_REALCLI") == "1":
            pytest.skip(message)
        pytest.fail(message, pytrace=False)
    paths = {}
    for line in proc.stdout.splitlines():
        name, _version, path = line.split(" ", 2)
        paths[name] = Path(path)
    return paths


@pytest.fixture
def mock_server():
    """Factory: start a mock server with a script; all are stopped after the test."""
    servers = []

    def start(script=None, require_key=None) -> MockLLMServer:
        server = MockLLMServer(script, require_key=require_key).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def dead_url() -> str:
    """A 127.0.0.1 URL on which nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture
def sandbox(tmp_path) -> Path:
    """A fresh directory tree: home/, codex-home/, tmp/ (the wrapper's TMPDIR) and work/."""
    for name in ("home", "codex-home", "tmp", "work"):
        (tmp_path / name).mkdir()
    return tmp_path


def _base_env(sandbox: Path, bin_dir: Path) -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "TERM")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}"
    env["HOME"] = str(sandbox / "home")
    env["TMPDIR"] = str(sandbox / "tmp")
    return env


@pytest.fixture
def codex_env(real_clis, sandbox):
    """Factory: the environment for codex-wrapper.sh against a base URL."""

    def make(base_url: str, api_key: str = "dummy") -> dict[str, str]:
        (sandbox / "codex-home" / "config.toml").write_text(CODEX_CONFIG.format(base_url=base_url))
        env = _base_env(sandbox, real_clis["codex"].parent)
        env["CODEX_HOME"] = str(sandbox / "codex-home")
        env["MOCK_API_KEY"] = api_key
        return env

    return make


@pytest.fixture
def claude_env(real_clis, sandbox):
    """Factory: the environment for claude-wrapper.sh against a base URL."""

    def make(base_url: str, api_key: str = "dummy") -> dict[str, str]:
        env = _base_env(sandbox, real_clis["claude"].parent)
        env.update(CLAUDE_ENV, ANTHROPIC_BASE_URL=base_url, ANTHROPIC_API_KEY=api_key)
        return env

    return make


@pytest.fixture
def gemini_env(real_clis, sandbox):
    """Factory: the environment for gemini-wrapper.sh against a base URL (settings in the fresh HOME)."""

    def make(base_url: str) -> dict[str, str]:
        settings = sandbox / "home" / ".gemini" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(json.dumps(GEMINI_SETTINGS))
        env = _base_env(sandbox, real_clis["gemini"].parent)
        env.update(gemini_mock_env(base_url))
        del env["GEMINI_CLI_TRUST_WORKSPACE"]  # the wrapper's own to set
        return env

    return make


@pytest.fixture
def consult(sandbox):
    """Run wrappers/<name>-wrapper.sh with args, the prompt on stdin; return a Consultation."""

    def run(name: str, args: list[str], prompt: str, env: dict[str, str], limit: float = 60):
        started = time.monotonic()
        proc = subprocess.run(
            [str(WRAPPERS / f"{name}-wrapper.sh"), *args],
            input=prompt.encode("utf-8"),
            capture_output=True,
            env=env,
            cwd=sandbox / "work",
            timeout=limit,
        )
        seconds = time.monotonic() - started
        stdout = proc.stdout.decode("utf-8")
        lines = stdout.splitlines()
        assert len(lines) == 1, f"expected one envelope line, got {stdout!r}; stderr {proc.stderr!r}"
        return Consultation(json.loads(lines[0]), proc.returncode, stdout,
                            proc.stderr.decode("utf-8", "replace"), seconds)

    return run
