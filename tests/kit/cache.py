"""Where the test tools (the pinned real CLIs, the MCP Inspector, bats) are installed: outside the checkout,
in $ARGCHECK_TEST_CACHE, else $XDG_CACHE_HOME/argcheck-tests, else ~/.cache/argcheck-tests (run-tests.sh and
tests/setup/*.sh use the same place)."""

from __future__ import annotations

import os
from pathlib import Path


def tool_cache() -> Path:
    explicit = os.environ.get("ARGCHECK_TEST_CACHE")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "argcheck-tests"
