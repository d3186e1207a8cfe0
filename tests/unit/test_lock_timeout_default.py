"""The default lock timeout stays well above the worst lock wait measured by bench/bench_lock_wait.py
(recorded in bench/README.md), so a loaded machine does not fail a legitimate apply."""

from __future__ import annotations

import re
from pathlib import Path

from argcheck.files import statefile
from argcheck.cli.commands import apply, ingest

MEASURED = Path(__file__).resolve().parents[2] / "bench" / "README.md"
MARGIN = 3


def worst_measured_wait() -> float:
    found = re.search(r"worst wait: ([0-9.]+) s", MEASURED.read_text())
    assert found, "bench/README.md records the worst wait of bench_lock_wait.py"
    return float(found.group(1))


def test_the_default_lock_timeout_is_well_above_the_worst_measured_wait():
    assert statefile.DEFAULT_LOCK_TIMEOUT >= MARGIN * worst_measured_wait()


def test_apply_and_ingest_default_to_it():
    for command in (apply.command, ingest.command):
        option = next(p for p in command.params if p.name == "lock_timeout")
        assert option.default == statefile.DEFAULT_LOCK_TIMEOUT
