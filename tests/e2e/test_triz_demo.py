"""`argcheck demo triz`: the bundled two-round session replays end to end and ends with the Knowledge Document."""

from __future__ import annotations

import io
import subprocess
import sys

from argcheck.files import operations
from argcheck.protocols.triz.demo import STATE_NAME, load_script
from argcheck.cli.commands.demo import play


def run_demo(out, **options) -> int:
    """The triz demo with the real file operations (the shell's `play`)."""
    return play("triz", out, **options)


def test_demo_replays_every_turn_and_ends_with_the_knowledge_document(tmp_path):
    result = subprocess.run([sys.executable, "-m", "argcheck", "demo", "triz", "--no-color"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "Traceback" not in result.stderr
    turns = load_script()["turns"]
    assert out.count("── turn ") == len(turns)
    assert out.count("REFUSED: the state file is unchanged") == 2
    assert "TRZ113 CROSS_DOMAIN_NOT_SEARCHED" in out and "TRZ110 NEGATIVE_KNOWLEDGE_MISSING" in out
    assert "STOP and ask the user (verdicts)" in out
    document = out.split("══ Knowledge Document (argcheck render --format md) ══", 1)[1]
    assert document.lstrip().startswith("# Knowledge Document: How can an electric car keep its driving range")
    assert "## 10. Next Frontiers" in document and "- [C2] Oversizing the pack" in document


def test_demo_keep_leaves_a_crystallized_session_with_two_rounds(tmp_path):
    keep = tmp_path / "kept"
    assert run_demo(io.StringIO(), keep_dir=str(keep), pause=0, color=False) == 0
    outcome = operations.validate_file(str(keep / STATE_NAME))
    state = outcome.replay.engine.state
    assert outcome.findings == [] and state.status == "crystallized" and state.current_round == 1
    assert state.graph.edges == [("C3", "C1", "extends")] and state.negative_knowledge == ["C2"]
