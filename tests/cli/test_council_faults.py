"""Hostile input to the council and the other protocols (issue 22, "Faults and bad input"): every case is a
clear refusal or finding, never an internal error (exit 3), and a refusal leaves the state file unchanged.

CLI cases run the installed console script in a subprocess; MCP cases call the tools in-process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit import reseal

from argcheck.mcp.server import call, tool_named

INTERNAL = 3
DOCUMENT = "# Design\n\nThe service writes every event to one SQLite file and batches writes every 500 ms.\n"


def argcheck(*args, cwd: Path, input: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, ARGCHECK_NOW="2026-03-01T12:00:00Z")
    env.pop("ARGCHECK_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, input=input, timeout=120)


def mcp(name: str, **arguments) -> dict:
    result = call(tool_named(name), **arguments)
    assert result["exit_code"] != INTERNAL and (result["error"] or {}).get("code") != "INTERNAL", result
    return result


@pytest.fixture
def council(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "design.md").write_text(DOCUMENT)
    done = argcheck("init", "council", "--document", "design.md", "--state", "s.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / "s.json"


def failed_envelope(detail) -> dict:
    return {"envelope": 1, "consultee": "codex", "session_id": None, "response": "", "failure": "timeout",
            "detail": detail}


ODD_DETAILS = [{"error": "x"}, ["a", "b"], 42, True, "line one\nline two\x07" + "x" * 600]


@pytest.mark.parametrize("detail", ODD_DETAILS, ids=["object", "list", "number", "bool", "long-control"])
def test_ingest_records_a_failure_whose_detail_is_not_a_string(council, detail):
    done = argcheck("ingest", council, json.dumps(failed_envelope(detail)), cwd=council.parent)
    assert done.returncode == 0, done.stderr
    move = json.loads(council.read_text())["moves"][-1]
    assert move["type"] == "persona_failure" and move["failure"] == "timeout"
    assert isinstance(move.get("detail", ""), str) and "\n" not in move.get("detail", "")


@pytest.mark.parametrize("detail", ODD_DETAILS[:3], ids=["object", "list", "number"])
def test_mcp_ingest_records_a_failure_whose_detail_is_not_a_string(council, detail):
    result = mcp("argcheck_ingest", state=str(council), reply=failed_envelope(detail))
    assert result["ok"], result
    assert json.loads(council.read_text())["moves"][-1]["type"] == "persona_failure"


@pytest.mark.parametrize("session", [7, [1, 2], {"id": "x"}, "bad id/../x", True])
def test_an_envelope_with_an_odd_session_id_is_recorded_without_it(council, session):
    reply = {"agent_style": "Aristotle", "critique_tree": {"id": "ARI-1", "claim": "Batching loses events.",
                                                           "evidence": "batches writes every 500 ms",
                                                           "confidence": 0.6, "sub_critiques": []}}
    envelope = {"envelope": 1, "consultee": "codex", "session_id": session, "response": json.dumps(reply),
                "failure": None, "detail": None}
    done = argcheck("ingest", council, json.dumps(envelope), cwd=council.parent)
    assert done.returncode == 0, done.stderr
    provenance = json.loads(council.read_text())["moves"][-1]["provenance"]
    assert provenance.get("session_id") == ("7" if session == 7 else None)


def test_a_persona_template_that_is_not_bundled_is_refused_by_validate_prompt_and_render(council):
    doc = json.loads(council.read_text())
    doc["header"]["panel"]["personas"][1]["template"] = "no-such-persona"
    council.write_text(json.dumps(reseal(doc)))
    before = council.read_bytes()
    for command in (["validate", council], ["prompt", council], ["render", council, "--format", "prompts"],
                    ["next", council]):
        done = argcheck(*command, cwd=council.parent)
        assert done.returncode not in (0, INTERNAL), (command, done.stderr)
        assert "CNL127" in done.stdout + done.stderr and "Traceback" not in done.stderr
    assert council.read_bytes() == before
    assert not mcp("argcheck_prompt", state=str(council))["ok"]


def nested(levels: int, leaf="warrant"):
    value = [leaf]
    for _ in range(levels):
        value = [value]
    return value


def test_a_toulmin_relax_nested_500_deep_is_refused_by_every_command(tmp_path):
    done = argcheck("init", "toulmin", "--query", "Is the cache safe to share?", "--state", "t.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "t.json"
    doc = json.loads(path.read_text())
    doc["header"]["relax"] = nested(500)
    path.write_text(json.dumps(reseal(doc)))
    before = path.read_bytes()
    grounding = json.dumps({"type": "grounding", "data": {"facts": ["A fact."]}, "claim": {"statement": "x" * 12}})
    for command in (["validate", path], ["next", path], ["render", path], ["apply", path, grounding]):
        done = argcheck(*command, cwd=tmp_path)
        assert done.returncode == 1, (command, done.stderr)
        assert "nested too deeply" in done.stdout + done.stderr or "ARG024" in done.stdout + done.stderr
    assert path.read_bytes() == before


def test_a_triz_claim_index_written_as_a_decimal_is_refused():
    import triz_kit  # checker/tools/examples (on pytest's pythonpath)

    session = triz_kit.Session()
    session.to("synthesize")
    steps = triz_kit.dialectic(0)
    session.ok(*steps[:4])
    for index in (0.0, 1.0, "0", True):
        move = dict(steps[4], claim_index=index)
        assert session.codes(move) == {"ARG013"}, index
    session.ok(steps[4])  # the same move with the integer 0 is accepted


def test_the_cli_refuses_a_triz_claim_index_written_as_a_decimal(tmp_path):
    done = argcheck("init", "triz", "--problem", "How do we cache replayed states safely?", "--state", "z.json",
                    cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    move = {"type": "create_synthesis", "claim_index": 0.0, "claim_text": "A claim of enough length.",
            "falsifiability_condition": "A measurement that shows otherwise.", "confidence": "emerging",
            "evidence": []}
    done = argcheck("apply", tmp_path / "z.json", json.dumps(move), cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize("document, message", [
    ({"text": DOCUMENT, "size": 3}, None),
    ({"size": 3}, "`text` must be a string"),
    ({"text": 5}, "`text` must be a string"),
    ({"text": "a\0b"}, "NUL"),
    ({"text": "   \n"}, "empty"),
    ({"text": DOCUMENT, "path": ""}, "non-blank"),
    ({"text": DOCUMENT, "extra": 1}, "unknown key"),
    ({"path": "/etc/hostname"}, "outside the workspace"),
    ({"path": "../outside.md"}, "outside the workspace"),
    ("-", "stdin"),
    (7, "options.document"),
])
def test_mcp_init_council_checks_the_document_object(tmp_path, monkeypatch, document, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path.parent / "outside.md").write_text(DOCUMENT)
    result = mcp("argcheck_init", protocol="council", options={"document": document}, state="c.json")
    if message is None:
        assert result["ok"], result
        assert json.loads(Path("c.json").read_text())["header"]["document"]["size"] == len(DOCUMENT)
        return
    assert not result["ok"] and result["exit_code"] == 2, result
    assert message in json.dumps(result), result
    assert not Path("c.json").exists()


def test_council_documents_are_confined_to_the_workspace(tmp_path, monkeypatch):
    """A path that leaves the workspace, directly, by `..` or through a symlink, is refused before it is
    read, on the CLI and over MCP; --workspace (options.workspace) names another folder explicitly."""
    project, secrets = tmp_path / "project", tmp_path / "secrets"
    project.mkdir()
    secrets.mkdir()
    (secrets / "key.md").write_text("SECRET-TOKEN-123\n")
    (project / "link.md").symlink_to(secrets / "key.md")
    monkeypatch.chdir(project)
    for path in ("link.md", "../secrets/key.md", str(secrets / "key.md")):
        done = argcheck("init", "council", "--document", path, "--state", "s.json", cwd=project)
        assert done.returncode == 2 and "outside the workspace" in done.stderr, done.stderr
        result = mcp("argcheck_init", protocol="council", options={"document": path}, state="m.json")
        assert not result["ok"] and "outside the workspace" in json.dumps(result)
        assert "SECRET-TOKEN" not in json.dumps(result)
    panel = {"personas": [{"name": "Leaker", "focus": "SECRET-TOKEN-123", "heuristic": "h"}]}
    (secrets / "panel.json").write_text(json.dumps(panel))
    (project / "design.md").write_text(DOCUMENT)
    done = argcheck("init", "council", "--document", "design.md", "--panel", secrets / "panel.json", "--state",
                    "s.json", cwd=project)
    assert done.returncode == 2 and "--panel" in done.stderr and "outside the workspace" in done.stderr
    result = mcp("argcheck_init", protocol="council", options={"document": "design.md",
                                                               "panel": str(secrets / "panel.json")})
    assert not result["ok"] and "outside the workspace" in json.dumps(result)
    assert not (project / "s.json").exists() and not (project / "m.json").exists()
    done = argcheck("init", "council", "--document", secrets / "key.md", "--workspace", secrets, "--state",
                    "s.json", cwd=project)
    assert done.returncode == 0, done.stderr


def test_a_document_that_grew_is_reported_without_being_read_whole(council):
    document = council.parent / "design.md"
    with document.open("ab") as handle:
        handle.truncate(3 * 1024 * 1024)  # sparse: 3 MiB of NULs after the text
    done = argcheck("validate", council, cwd=council.parent)
    assert done.returncode == 0 and "CNL128 DOCUMENT_TOO_LARGE" in done.stdout + done.stderr, done.stderr
    assert argcheck("next", council, cwd=council.parent).returncode == 0
    document.write_text(DOCUMENT.replace("500", "900"))
    done = argcheck("validate", council, cwd=council.parent)
    assert "CNL102" in done.stdout + done.stderr and "CNL128" not in done.stdout + done.stderr


def test_reading_a_grown_document_stays_bounded(council):
    """Measured: validate's peak memory with a 200 MB document stays near that of a small one."""
    if not Path("/proc/self/status").exists():
        pytest.skip("peak memory is read from /proc (Linux)")
    document = council.parent / "design.md"
    # VmHWM, not ru_maxrss: Linux carries the forking parent's peak into ru_maxrss across exec.
    script = ("import re, sys\nfrom argcheck.cli import main\ntry:\n    main(['validate', sys.argv[1]])\n"
              "finally:\n    status = open('/proc/self/status').read()\n"
              "    print(re.search(r'VmHWM:\\s+(\\d+)', status).group(1), file=sys.stderr)\n")

    def peak_kb() -> int:
        done = subprocess.run([sys.executable, "-c", script, str(council)], capture_output=True, text=True,
                              cwd=council.parent, timeout=120)
        return int(done.stderr.strip().splitlines()[-1])

    small = peak_kb()
    with document.open("ab") as handle:
        handle.write(b"x" * (200 * 1024 * 1024))
    assert peak_kb() < small + 20_000
