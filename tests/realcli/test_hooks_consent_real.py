"""Consent that spans the run (issue 17), with the pinned Claude Code in its default permission mode.

After `./install.sh --hooks` (its one consent step), the argcheck commands a skill teaches run without a
prompt in every turn: a second turn (`--resume` with the user's answer, when a skill's own `allowed-tools`
no longer holds) runs `argcheck next` and `apply`. `argcheck render -o` to a path outside the project's
.argcheck/ is not auto-approved (refused headless), while into .argcheck/ it runs; and the model may start
a skill with the Skill tool. A block of taught commands (council's two-line report block) runs in a later turn too.
"""

from __future__ import annotations

import pytest
from kit.hookrun import Session, bash, denied_commands, install_with_hooks, tool

pytestmark = [pytest.mark.realcli, pytest.mark.slow]

STATE = ".argcheck/run.json"
# Another conversation's id keeps the Stop gate (tested in test_hooks_harness_real.py) out of this test: the
# scripted model ends turn 1 while the run owes the agent's next move, which the gate would send it back to.
INIT = ("argcheck init triz --problem 'How can an electric car keep its range in freezing weather?' "
        f"--conversation-id another-conversation --state {STATE}")


@pytest.fixture(scope="module")
def installed(real_clis, tmp_path_factory) -> dict:
    return install_with_hooks(tmp_path_factory.mktemp("consent"))


def test_taught_commands_run_in_every_turn_and_render_elsewhere_is_not_auto_approved(
        installed, real_clis, mock_server, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    elsewhere = tmp_path / "elsewhere.md"
    server = mock_server([
        tool("Skill", skill="triz"), bash(INIT), {"reply": "Which sub-problem should we start with?"},
        bash(f"argcheck next {STATE}"), bash(f"argcheck render {STATE} --format md -o {elsewhere}"),
        bash(f"argcheck render {STATE} --format md -o .argcheck/report.md"), {"reply": "noted"},
    ])
    session = Session(installed, real_clis["claude"].parent, project, server)

    first = session.turn("Let's run a triz session on EV range in the cold.")
    assert denied_commands(first) == [], first["permission_denials"]
    assert (project / STATE).exists()

    second = session.turn("Start with the battery chemistry.")  # a new turn: allowed-tools no longer holds
    assert denied_commands(second) == [f"argcheck render {STATE} --format md -o {elsewhere}"]
    assert not elsewhere.exists()
    assert (project / ".argcheck" / "report.md").read_text().startswith("# ")
    results = session.tool_results()
    assert "argcheck render writes" in results[-2]["content"] and results[-2]["is_error"]
    assert not results[-3]["is_error"] and "Next" in results[-3]["content"]


COUNCIL = ".argcheck/council-design.json"
REPORT_BLOCK = (f"argcheck render {COUNCIL} --format md -o .argcheck/council-design.md\n"
                f"argcheck next {COUNCIL}")  # council's step 6, one block of two commands


def test_councils_two_line_report_block_runs_in_a_later_turn(installed, real_clis, mock_server, tmp_path):
    """The block is decided command by command (each allowed), so it needs no grant of the skill's turn."""
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "design.md").write_text("# Design\n\nThe store keeps every event forever.\n")
    init = (f"argcheck init council --document docs/design.md --conversation-id another-conversation "
            f"--state {COUNCIL}")
    server = mock_server([tool("Skill", skill="council"), bash(init), {"reply": "The council is set up."},
                          bash(REPORT_BLOCK), {"reply": "The report is in .argcheck/council-design.md."}])
    session = Session(installed, real_clis["claude"].parent, project, server)

    first = session.turn("Critique docs/design.md with the council.")
    assert denied_commands(first) == [], first["permission_denials"]
    assert (project / COUNCIL).exists()

    second = session.turn("Write the report now.")  # a later turn: the skill's allowed-tools no longer holds
    assert denied_commands(second) == [], second["permission_denials"]
    assert (project / ".argcheck" / "council-design.md").read_text().startswith("#")
    assert not session.tool_results()[-1]["is_error"]
