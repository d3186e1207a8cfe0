"""Each everyday command loads no more modules than its budget: start-up is most of a short call's time.

Counted in a fresh interpreter: the modules a call adds to those the interpreter loaded at start-up.
The budgets leave a little room; a command that starts importing click, typing, inspect, dataclasses,
tempfile, ast, shlex, importlib or a library fails here, and the message names what it loads beyond the expected set.
Time is measured by bench/bench_startup.py, never asserted.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from argcheck.cli.commands.demo import play
from argcheck.protocols.deliberate import demo

PROBE = """
import os, sys
before = set(sys.modules)
out, argv = sys.argv[1], sys.argv[2:]
devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 1)
os.dup2(devnull, 2)
from argcheck.cli import main
code = main(argv)
added = sorted(set(sys.modules) - before)
with open(out, "w") as handle:
    handle.write(str(code) + "\\n" + "\\n".join(added) + "\\n")
"""

# What the commands share: json and re (with enum, functools, collections), CPython's own SHA-256, the
# replay, and the deliberate engine with its rules (Python 3.11 names; other versions differ in a few).
CORE = """__future__ _collections _functools _json _operator _sha256 _sre collections collections.abc
copyreg enum functools gc itertools json json.decoder json.encoder json.scanner keyword operator re re._casefix
re._compiler re._constants re._parser reprlib types argcheck argcheck.cli argcheck.exitcodes argcheck.cli.fastpath
argcheck.output
argcheck.core argcheck.core.arg_rules argcheck.core.collector argcheck.core.contract argcheck.core.discovery
argcheck.core.envelope argcheck.core.env argcheck.core.findings argcheck.core.integrity argcheck.core.jsonio
argcheck.core.replay argcheck.core.rules argcheck.core.shapes argcheck.core.text argcheck.files
argcheck.files.operations argcheck.protocols argcheck.protocols.deliberate.argumentation
argcheck.protocols.deliberate.records argcheck.core.witnessing""".split()
DELIBERATE = ["argcheck.protocols.deliberate"] + [f"argcheck.protocols.deliberate.{name}" for name in (
    "_shapes afview buckets catalog engine header references refusals rounds rules_challenges rules_ledger "
    "rules_positions rules_scope rules_termination rules_witness spec stability state termination texts").split()]
PRESENTING = ["argcheck.cli.options", "argcheck.cli.verbs", "argcheck.core.protocol_calls",
              "argcheck.protocols.deliberate.queries", "argcheck.protocols.deliberate.standing"]
EXPECTED = {
    "--version": ["__future__", "argcheck", "argcheck.cli"],
    "validate": CORE + DELIBERATE + ["argcheck.cli.options", "argcheck.cli.validating"],
    "next": CORE + DELIBERATE + PRESENTING + ["argcheck.protocols.deliberate.nextstep", "argcheck.core.commandtext",
                                              "argcheck.protocols.deliberate.closing"],
    "prompt": CORE + DELIBERATE + PRESENTING + ["argcheck.core.personas"] + [
        f"argcheck.protocols.deliberate.{name}" for name in ("framing", "prompting", "reply_example", "resume")],
    "render": CORE + DELIBERATE + PRESENTING + ["argcheck.protocols.deliberate.render",
                                                "argcheck.protocols.deliberate.render_graph",
                                                "argcheck.core.markdown_safety"],
    "apply": CORE + DELIBERATE + ["argcheck.cli.options", "argcheck.cli.verbs", "argcheck.cli.batchview",
                                  "argcheck.core.lifecycle", "argcheck.files.statefile", "contextlib", "fcntl", "zlib"],
}
WITNESSED_ONLY = ("argcheck.files.witnesslog",)  # the run here is unwitnessed: no log to read or verify
SLACK = 6  # room for small changes and other Python versions; click alone is about 30 modules
HEAVY = ("click", "typing", "inspect", "dataclasses", "tempfile", "filelock", "datetime", "decimal", "logging",
         "pathlib", "secrets", "pydantic", "orjson", "shutil", "hashlib", "jsonschema", "ast", "shlex", "importlib",
         "warnings", "string")
COMMANDS = {
    "--version": ["--version"],
    "validate": ["validate", "open.json"],
    "next": ["next", "open.json"],
    "prompt": ["prompt", "open.json"],
    "render": ["render", "open.json"],
    "apply": ["apply", "open.json", "moves.json"],
}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("budget")
    play("deliberate", io.StringIO(), keep_dir=str(folder))
    doc = json.loads((folder / demo.STATE_NAME).read_text())
    count = 36  # the run open after its fourth consultation
    moves = doc["moves"]
    doc = dict(doc, moves=moves[:count], move_count=count, head=moves[count]["prev"],
               updated_at=moves[count - 1]["at"], status="in_progress")
    (folder / "open.json").write_text(json.dumps(doc, ensure_ascii=False))
    (folder / "moves.json").write_text(json.dumps({"type": "ledger", "actor": "user", "id": "L90",
                                                   "provenance": "user", "text": "One file.",
                                                   "claim_type": "constraint"}))
    return folder


def imported(workdir: Path, tmp_path: Path, argv: list[str]) -> tuple[int, list[str]]:
    work = tmp_path / "work"
    shutil.copytree(workdir, work)
    out = tmp_path / "modules.txt"
    subprocess.run([sys.executable, "-c", PROBE, str(out), *argv], cwd=work, check=True, timeout=120)
    code, *modules = out.read_text().split()
    return int(code), modules


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_stays_within_its_import_budget(workdir, tmp_path, name):
    code, modules = imported(workdir, tmp_path, COMMANDS[name])
    assert code == 0
    expected = set(EXPECTED[name])
    budget = len(expected) + (0 if name == "--version" else SLACK)
    beyond = sorted(set(modules) - expected)
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY)
    assert not heavy, f"`argcheck {name}` imports {', '.join(heavy)}"
    assert not set(modules) & set(WITNESSED_ONLY), f"`argcheck {name}` reads a witness log the run does not have"
    assert len(modules) <= budget, (
        f"`argcheck {name}` loads {len(modules)} modules, over its budget of {budget}; beyond the expected set: "
        f"{', '.join(beyond)}")
