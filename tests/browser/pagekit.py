"""What the page tests share: the system Chromium, the argcheck runner, the runs they open, a watched page.

The browser is the system one (`/usr/bin/chromium`, or ARGCHECK_CHROMIUM): Playwright downloads nothing.
Without it these tests fail with an instruction; they are never skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DEMO_PROTOCOLS = ("deliberate", "council", "triz")
TOULMIN_EXAMPLE = ROOT / "state" / "examples" / "valid" / "toulmin-council-overruled.json"  # toulmin has no demo
PROTOCOLS = ("deliberate", "toulmin", "council", "triz")


def chromium_path() -> str:
    found = os.environ.get("ARGCHECK_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found or not os.access(found, os.X_OK):
        pytest.fail("the browser tests need Chromium from the distribution's packages: run `apt-get install "
                    "chromium` (./run-tests.sh does it when root), or set ARGCHECK_CHROMIUM to its path",
                    pytrace=False)
    return found


def argcheck(*args, cwd=None, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=120)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


class Opened:
    """A page with what it logged and requested since it was opened."""

    def __init__(self, context, url: str):
        self.page = context.new_page()
        self.errors, self.requests, self.dialogs = [], [], []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.goto(url)
        self.page.wait_for_load_state("load")

    def close(self):
        self.page.close()


def render_json(state: Path) -> dict:
    return json.loads(argcheck("render", state, "--format", "json").stdout)


def validate_json(state: Path) -> dict:
    return json.loads(argcheck("validate", state, "--format", "json", check=False).stdout)
