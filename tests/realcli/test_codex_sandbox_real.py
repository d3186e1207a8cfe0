"""What the Codex whole runs rely on, measured on the pinned Codex CLI (0.169.0) against the mock model.

- A command the sandbox refuses leaves no trace in `codex exec --json`'s events, while the model gets its
  failed output: codexrun's refusal count reads the tool outputs, and catches it.
- `codex exec resume` has no `--sandbox` flag and runs read-only unless given `-c sandbox_mode=...` again:
  every resumed turn of a run passes it (what the skills' per-agent notes tell the user to type).

No install is needed: the commands are plain shell. The directories live outside /tmp (codexrun.SCRATCH).
"""

from __future__ import annotations

import os
import shutil

import pytest
from codexrun import CodexPlan, SandboxAccess, drive, scratch_dir
from mock_llm_server import CODEX_CONFIG

pytestmark = pytest.mark.realcli


@pytest.fixture
def box(real_clis):
    root = scratch_dir()
    home, project = root / "home", root / "project"
    (home / ".codex").mkdir(parents=True)
    project.mkdir()

    def env_for(base_url: str) -> dict:
        (home / ".codex" / "config.toml").write_text(CODEX_CONFIG.format(base_url=base_url), encoding="utf-8")
        path = os.pathsep.join([str(real_clis["codex"].parent), os.environ.get("PATH", os.defpath)])
        return {"PATH": path, "HOME": str(home), "CODEX_HOME": str(home / ".codex"), "MOCK_API_KEY": "dummy"}

    yield {"home": home, "project": project, "codex": real_clis["codex"], "env_for": env_for}
    shutil.rmtree(root, ignore_errors=True)


def test_a_command_the_sandbox_refuses_is_counted_though_codex_reports_no_event_for_it(box):
    outside = box["home"] / "outside.txt"
    plan = CodexPlan().user("make two files").run("touch made-here.txt", f"touch {outside}").reply("done")
    outcome = drive(plan, box["codex"], box["project"], box["env_for"], SandboxAccess())
    refused = outcome.refusals()
    assert (box["project"] / "made-here.txt").is_file() and not outside.exists()
    assert [o["input"]["cmd"] for o in refused["outputs"]] == [f"touch {outside}"], refused
    assert "Read-only file system" in refused["outputs"][0]["output"]
    commands = [e["item"]["command"] for c in outcome.calls for e in c.events
                if e.get("type") == "item.completed" and e["item"].get("type") == "command_execution"]
    assert commands == ["/bin/bash -c 'touch made-here.txt'"], (
        "Codex now reports the refused command in its events: count it from there too")


@pytest.mark.parametrize("given_again", [True, False])
def test_resume_runs_read_only_unless_the_sandbox_mode_is_given_again(box, given_again):
    plan = CodexPlan().user("first").run("touch first.txt").reply("one")
    plan.user("second").run("touch second.txt").reply("two")
    access = SandboxAccess(resume_mode=given_again)
    outcome = drive(plan, box["codex"], box["project"], box["env_for"], access)
    assert (box["project"] / "first.txt").is_file()
    assert (box["project"] / "second.txt").is_file() == given_again
    refused = [o["input"]["cmd"] for o in outcome.refusals()["outputs"]]
    assert refused == ([] if given_again else ["touch second.txt"])


@pytest.mark.parametrize("network", [False, True])
def test_codex_tells_its_commands_when_the_sandbox_cuts_the_network(box, network):
    """`argcheck consult` refuses up front (exit 2, nothing recorded) when CODEX_SANDBOX_NETWORK_DISABLED=1:
    Codex sets it in every command it runs without network access, and only then."""
    plan = CodexPlan().user("show the sandbox").run("env").reply("done")
    outcome = drive(plan, box["codex"], box["project"], box["env_for"], SandboxAccess(network=network))
    (request,) = [r for r in outcome.server.model_requests() if any(
        isinstance(i, dict) and i.get("type") == "function_call_output" for i in r["body"]["input"])]
    output = next(i["output"] for i in request["body"]["input"] if i.get("type") == "function_call_output")
    assert ("CODEX_SANDBOX_NETWORK_DISABLED=1" in output) == (not network), output
