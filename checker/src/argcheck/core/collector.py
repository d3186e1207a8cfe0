"""Pausing the cyclic garbage collector around bulk work (parsing and replaying a log)."""

from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def collector_paused():
    """Pause the cyclic garbage collector: replay builds many objects and no cycles, and the
    collector's repeated walks over the growing derived state cost about a third of the time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
