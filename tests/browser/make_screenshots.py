"""Write the README's screenshots of `argcheck view` (docs/images/view-<protocol>.png), one per protocol.

Usage: python tests/browser/make_screenshots.py   (from the repository root; needs Chromium, see conftest.py)
The runs are the three bundled demos and toulmin's bundled example state, as in the page tests.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from pagekit import CHROMIUM_ARGS, DEMO_PROTOCOLS, PROTOCOLS, ROOT, TOULMIN_EXAMPLE  # noqa: E402

OUT = ROOT / "docs" / "images"
CLIP = {"x": 0, "y": 0, "width": 1100, "height": 640}


def pages(folder: Path) -> dict:
    states = {}
    for name in DEMO_PROTOCOLS:
        subprocess.run([sys.executable, "-m", "argcheck", "demo", name, "--keep", str(folder / name), "--no-color"],
                       check=True, capture_output=True)
        states[name] = folder / name / f"{name}-demo.json"
    states["toulmin"] = folder / "toulmin-run.json"
    shutil.copy(TOULMIN_EXAMPLE, states["toulmin"])
    for name, state in states.items():
        subprocess.run([sys.executable, "-m", "argcheck", "view", str(state), "-o", str(folder / f"{name}.html"),
                        "--no-open"], check=True, capture_output=True)
    return {name: folder / f"{name}.html" for name in PROTOCOLS}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as driver:
        found = pages(Path(folder))
        context = driver.chromium.launch_persistent_context(
            str(Path(folder) / "profile"), executable_path=shutil.which("chromium") or "/usr/bin/chromium",
            headless=True, args=CHROMIUM_ARGS, viewport={"width": 1100, "height": 640}, color_scheme="light")
        for name, page_path in found.items():
            page = context.new_page()
            page.goto(page_path.as_uri())
            page.evaluate("document.getElementById('picture').scrollIntoView()")
            target = OUT / f"view-{name}.png"
            page.screenshot(path=str(target), clip=CLIP)
            print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KB)")
            page.close()
        context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
