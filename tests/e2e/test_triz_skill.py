"""skills/triz/SKILL.md: every bash block runs as written, in document order, and the worked session it
walks through ends crystallized with a Knowledge Document; no block uses what Claude Code refuses."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKILL = ROOT / "skills" / "triz" / "SKILL.md"
BLOCKS = re.findall(r"```bash\n(.*?)```", SKILL.read_text(encoding="utf-8"), re.S)
STATE = ".argcheck/triz-ev-range.json"


def test_frontmatter_name_is_the_folder():
    assert SKILL.read_text(encoding="utf-8").startswith("---\nname: triz\ndescription: ")


def test_no_block_uses_heredocs_substitutions_or_redirections():
    for block in BLOCKS:
        assert "<<" not in block and "$(" not in block and not re.search(r"(?<![|'\"-])>(?!\")", block), block


def test_every_block_runs_in_order_and_the_session_crystallizes(tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    outputs = []
    for block in BLOCKS:
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (block, result.stdout, result.stderr)
        outputs.append(result.stdout)
    joined = "\n".join(outputs)
    assert "# Knowledge Document: How can an electric car" in joined and "## 10. Next Frontiers" in joined
    assert "valid (triz, crystallized" in joined
    assert "STOP and ask the user (decompose_review)" in joined
