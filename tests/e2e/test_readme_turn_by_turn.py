"""README's "A deliberation, turn by turn" runs as written, offline, and ends with the decision log.

The block is taken from README.md (not copied here) and run with `bash -euo pipefail` in a scratch copy of
the two checkout files it reads (the replay transcript and the source line its evidence cites), with
`argcheck` and `argcheck-consult` (the checkout's wrappers/consult) first on PATH, as ./install.sh leaves them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def turn_by_turn_block() -> str:
    section = README.split("## A deliberation, turn by turn\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the section has one bash block"
    return blocks[0]


def test_the_turn_by_turn_deliberation_runs_as_written(tmp_path):
    block = turn_by_turn_block()
    work, bin_dir = tmp_path / "checkout", tmp_path / "bin"
    for relative in re.findall(r"(?:tests|checker)/[\w./-]+\.(?:json|py)", block):
        (work / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / relative, work / relative)
    bin_dir.mkdir()
    (bin_dir / "argcheck-consult").symlink_to(ROOT / "wrappers" / "consult")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CONSULT_", "ARGCHECK_"))}
    env.update(HOME=str(tmp_path), CONSULT_STATE_DIR=str(tmp_path / "sessions"),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), str(bin_dir), env.get("PATH", os.defpath)]))
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=work, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert done.stdout.count("recorded reply") == 2 and "refused" not in done.stdout
    assert "# Decision log" in done.stdout and "## Agreed (4)" in done.stdout
    # a quick deliberation keeps no state file: presenting it removed the file (issue 30)
    assert "the run is presented and, in quick mode" in done.stdout
    assert not (work / ".argcheck" / "turn-by-turn.json").exists()
