"""`argcheck render --format madr|argdown|aif`: every valid example, and a hostile copy of each, renders in
every export format; the real Argdown parser reads each map back exactly (same statements, same texts, same
relations), the AIF matches its schema and the AIF graph rules, and the decision record parses (CommonMark)
into MADR 4's sections with nothing injected: no heading, list, link, table or HTML from the run's text."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
from pathlib import Path

import jsonschema
import pytest
from conftest import run_in_process
from markdown_it import MarkdownIt

from argcheck.core import argmap, madr, protocol_calls
from argcheck.core.text import flat
from argcheck.files import operations

ROOT = Path(__file__).resolve().parents[2]
STANDARDS = ROOT / "tests" / "fixtures" / "standards"
VALID = sorted((ROOT / "state" / "examples" / "valid").glob("*.json"))
FORMATS = ("madr", "argdown", "aif")
# Markdown and Argdown structure, raw HTML and links: none of it may become structure in an export.
INJECTION = ("\n# Injected heading\n* injected item\n[Injected]: forged statement\n  <- [claim]\n<+ [P1]\n"
             "| a | b |\n|---|---|\n---\n<script>alert(1)</script> [x](javascript:alert(1)) @[P1] #tag "
             "_em_ **bold** {data: 1} // comment /* c */ `code` \\ <!-- c --> (1) premise\n----\n")
MADR_SECTIONS = ("Context and Problem Statement", "Decision Drivers", "Considered Options", "Decision Outcome",
                 "Consequences", "Confirmation", "Pros and Cons of the Options",
                 "More Information")  # MADR 4.0.0's order


def _hostile_module():
    spec = importlib.util.spec_from_file_location("hostile", ROOT / "tests" / "browser" / "hostile.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.PAYLOAD = module.PAYLOAD + INJECTION
    return module


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> list[Path]:
    """The valid examples and the hostile copies of them that are still valid runs (every free text carries
    the injection; a copy whose rules compare texts, e.g. a council response quoting its point, may not be):
    at least one per protocol."""
    folder = tmp_path_factory.mktemp("hostile")
    hostile = _hostile_module()
    copies = []
    for path in VALID:
        copy = folder / f"hostile-{path.name}"
        copy.write_text(json.dumps(hostile.hostile_copy(json.loads(path.read_text(encoding="utf-8"))),
                                   ensure_ascii=False), encoding="utf-8")
        if not any(f.severity == "error" for f in operations.validate_file(str(copy)).findings):
            copies.append(copy)
    protocols = {json.loads(copy.read_text(encoding="utf-8"))["protocol"] for copy in copies}
    assert protocols == {"deliberate", "toulmin", "council", "triz"}, protocols
    return VALID + copies


@pytest.fixture(scope="module")
def rendered(runs, tmp_path_factory) -> dict:
    """(run, format) -> the file its export was written to."""
    folder = tmp_path_factory.mktemp("exports")
    found = {}
    for run in runs:
        for fmt in FORMATS:
            target = folder / f"{run.stem}.{fmt}"
            result = run_in_process("render", run, "--format", fmt, "-o", target)
            assert result.exit_code == 0, f"{run.name} --format {fmt}: {result.output}"
            found[run, fmt] = target
    return found


def _map_of(run: Path) -> dict:
    outcome = operations.replayed(str(run))
    return protocol_calls.call(outcome.replay.protocol, "argument_map", outcome.replay.engine.state)


def _expected_relations(data: dict) -> list:
    titles = argmap._titles(data["statements"])
    kinds = {"support": "support", "attack": "attack", "rephrase": "support"}
    return sorted([titles[r["source"]], kinds[r["kind"]], titles[r["target"]]] for r in data["relations"]
                  if r["source"] in titles and r["target"] in titles)


def test_the_argdown_parser_reads_every_map_back_exactly(runs, rendered):
    folder = Path(os.environ.get("ARGCHECK_ARGDOWN_DIR", Path.home() / ".cache" / "argcheck-tests" / "argdown"))
    if not (folder / "node_modules" / "@argdown" / "core").is_dir():
        pytest.fail(f"the Argdown parser is not installed in {folder}: run tests/setup/install-argdown.sh "
                    "(./run-tests.sh does)", pytrace=False)
    files = [str(rendered[run, "argdown"]) for run in runs]
    proc = subprocess.run(["node", str(STANDARDS / "argdown-parse.mjs"), str(folder), *files],
                          capture_output=True, text=True, timeout=300, check=True)
    parsed = {Path(line["file"]): line for line in map(json.loads, proc.stdout.splitlines())}
    assert len(parsed) == len(runs)
    for run in runs:
        result, data = parsed[rendered[run, "argdown"]], _map_of(run)
        titles = argmap._titles(data["statements"])
        assert result["errors"] == [], f"{run.name}: {result['errors'][:3]}"
        expected = {titles[s["id"]]: flat(s["text"]) or "(empty)" for s in data["statements"]}
        assert result["statements"] == expected, run.name
        assert sorted(result["relations"]) == _expected_relations(data), run.name


def test_every_aif_export_matches_the_schema_and_the_graph_rules(runs, rendered):
    schema = json.loads((STANDARDS / "aif.schema.json").read_text(encoding="utf-8"))
    for run in runs:
        document = json.loads(rendered[run, "aif"].read_text(encoding="utf-8"))
        jsonschema.validate(document, schema)
        types = {node["nodeID"]: node["type"] for node in document["nodes"]}
        assert len(types) == len(document["nodes"]), "node ids are unique"
        data = _map_of(run)
        assert sum(t == "I" for t in types.values()) == len(data["statements"])
        for edge in document["edges"]:
            ends = types[edge["fromID"]], types[edge["toID"]]
            assert "I" in ends and ends != ("I", "I"), f"{run.name}: I-nodes meet only through S-nodes"
        for node, kind in types.items():
            if kind != "I":
                into = [e for e in document["edges"] if e["toID"] == node]
                out = [e for e in document["edges"] if e["fromID"] == node]
                assert len(into) == 1 and len(out) == 1, f"{run.name}: {kind} node {node} joins one source to one end"
        relations = sorted((types[e["toID"]]) for e in document["edges"] if types[e["toID"]] != "I")
        want = sorted({"support": "RA", "attack": "CA", "rephrase": "MA"}[r["kind"]] for r in data["relations"]
                      if r["source"] in {s["id"] for s in data["statements"]}
                      and r["target"] in {s["id"] for s in data["statements"]})
        assert relations == want


def _headings(tokens) -> list[str]:
    return [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]


def test_every_decision_record_has_madrs_sections_and_nothing_injected(runs, rendered):
    parser = MarkdownIt("commonmark").enable("table")
    for run in runs:
        text = rendered[run, "madr"].read_text(encoding="utf-8")
        lines = text.splitlines()
        assert lines[0] == "---" and lines[1].startswith("status: ") and "---" in lines[2:5], run.name
        body = "\n".join(lines[lines.index("---", 1) + 1:])
        tokens = parser.parse(body)
        headings = _headings(tokens)
        kinds = {token.type for token in tokens} | {child.type for token in tokens for child in token.children or ()}
        assert not kinds & {"html_block", "html_inline", "link_open", "image", "table_open", "hr", "code_block",
                            "fence", "code_inline", "blockquote_open"}, f"{run.name}: {kinds}"
        sections = [h for h in headings[1:] if h in MADR_SECTIONS]
        options = _map_options(run)
        assert len(headings) == 1 + len(sections) + options, f"{run.name}: {headings}"
        assert sections == [s for s in MADR_SECTIONS if s in sections], f"{run.name}: {sections}"
        assert {"Context and Problem Statement", "Considered Options", "Decision Outcome", "More Information"} <= set(
            sections), run.name


def _map_options(run: Path) -> int:
    """How many option headings (### title) the record has: one per considered option with pros and cons."""
    outcome = operations.replayed(str(run))
    decision = protocol_calls.call(outcome.replay.protocol, "decision", outcome.replay.engine.state)
    options = decision["options"]
    return len(options) if any(o.get("good") or o.get("bad") or o.get("text") for o in options) else 0


def test_hostile_text_stays_text_in_the_record(runs, rendered):
    hostile = [run for run in runs if run.name.startswith("hostile-")]
    for run in hostile:
        text = rendered[run, "madr"].read_text(encoding="utf-8")
        assert "<script>" not in text and "\n# Injected" not in text
        assert not re.search(r"(?<!\\)\]\(javascript", text), "a link's ] is always escaped"
        assert "Injected heading" in text, "the text itself is kept, as text"


def test_plain_punctuation_is_left_as_written():
    """Only what Markdown would read as syntax is escaped: a question, a parenthesis, a version stay readable."""
    assert madr.inline("Adopt Postgres 16.2 (not MySQL)? Yes: it's 3.5x faster!") == \
        "Adopt Postgres 16.2 (not MySQL)? Yes: it's 3.5x faster!"
    assert madr.inline("# not a heading") == "\\# not a heading"
    assert madr.inline("1. not a list") == "1\\. not a list"
    assert madr.inline("- not a list") == "\\- not a list"
    assert madr.inline("Use C #") == "Use C \\#"  # a heading's closing hashes would be dropped
    assert madr.inline("a *b* [c](d) <e> `f`") == "a \\*b\\* \\[c\\](d) \\<e\\> \\`f\\`"


def test_numbered_output_takes_the_next_free_number(tmp_path):
    adr = tmp_path / "docs" / "adr"
    adr.mkdir(parents=True)
    (adr / "0001-record-architecture-decisions.md").write_text("x")
    (adr / "0003-use-sqlite.md").write_text("x")
    (adr / "notes.md").write_text("x")
    run = VALID[[p.name for p in VALID].index("deliberate-standard-presented.json")]
    first = run_in_process("render", run, "--format", "madr", "-o", adr / "NNNN-title.md")
    second = run_in_process("render", run, "--format", "madr", "-o", adr / "NNNN-title.md")
    assert first.exit_code == 0 and second.exit_code == 0, first.output + second.output
    made = sorted(p.name for p in adr.iterdir())
    assert made == ["0001-record-architecture-decisions.md", "0003-use-sqlite.md",
                    "0004-use-redis-with-a-5-minute-ttl.md", "0005-use-redis-with-a-5-minute-ttl.md", "notes.md"]
    assert f"wrote {adr / '0004-use-redis-with-a-5-minute-ttl.md'}" in first.stderr
    assert (adr / "0004-use-redis-with-a-5-minute-ttl.md").read_text().startswith("---\nstatus: accepted\n")
    assert oct((adr / "0004-use-redis-with-a-5-minute-ttl.md").stat().st_mode & 0o777) != oct(0o600)


def test_an_unknown_format_names_the_export_formats(tmp_path):
    result = run_in_process("render", VALID[0], "--format", "pdf")
    assert result.exit_code == 2
    assert "madr" in result.output and "argdown" in result.output


def test_the_record_of_a_tampered_run_says_it_is_not_valid():
    tampered = ROOT / "state" / "examples" / "invalid" / "ARG020-point-text-edited.json"
    result = run_in_process("render", tampered, "--format", "madr")
    assert result.exit_code == 0, result.output
    assert "* NOT VALID: the run has error findings (ARG020); run argcheck validate" in result.stdout
    clean = run_in_process("render", VALID[0], "--format", "madr")
    assert "NOT VALID" not in clean.stdout
