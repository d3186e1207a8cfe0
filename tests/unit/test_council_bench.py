"""The council bench builds its 50-page council through the real lifecycle and times it (kept from rotting)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_bench_runs_on_a_small_document(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_council.py"), "--pages", "3", "--repeat", "1",
                           "--keep", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "argcheck validate" in done.stdout and "x" in done.stdout and "warning" not in done.stderr
    assert (tmp_path / "council-bench.json").exists()
