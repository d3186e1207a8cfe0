"""Every registered protocol honours the contract in argcheck/core/contract.py."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import click
import pytest

from argcheck.files import operations
from argcheck.core import discovery
from argcheck.core.contract import REQUIRED_PARTS, ProtocolSpec, check_spec
from argcheck.core.discovery import load_all_rules, placeholders

ROOT = Path(__file__).resolve().parents[2]
SPECS = discovery.specs()
NAMES = [spec.name for spec in SPECS]
PARTS = {
    "header": ("make_header", "check_header"),
    "nextstep": ("report", "format_text"),
    "prompting": ("render_prompt",),
    "ingest": ("IngestProblem", "moves_from_envelope", "moves_after_refusal"),
    "render": ("render",),
    "engine": ("Engine", "HANDLERS"),
}


def valid_examples(name: str) -> list[Path]:
    return sorted((ROOT / "state" / "examples" / "valid").glob(f"{name}-*.json"))


def test_protocols_are_discovered_from_their_folders():
    folders = sorted(p.parent.name for p in (ROOT / "checker/src/argcheck/protocols").glob("*/spec.py"))
    assert NAMES == folders and len(NAMES) >= 2


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_spec_is_well_formed(spec: ProtocolSpec):
    assert check_spec(spec, spec.name) == []
    assert spec.package == f"argcheck.protocols.{spec.name}"
    assert spec.formats[0] == "md" and spec.summary and spec.init_options.startswith(f"{spec.name}:")


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_every_required_part_is_there_with_its_names(spec: ProtocolSpec):
    for part in REQUIRED_PARTS:
        module = spec.part(part)
        for name in PARTS.get(part, ()):
            assert hasattr(module, name), f"{spec.name}.{part} lacks {name}"
    from argcheck.cli.commands.init import protocol_command

    assert isinstance(protocol_command(spec), click.Command) and protocol_command(spec).name == spec.name


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_one_handler_per_move_type_called_with_the_engine_and_the_move(spec: ProtocolSpec):
    handlers = spec.part("engine").HANDLERS
    assert set(handlers) == set(spec.move_types)
    for kind, handler in handlers.items():
        assert len(inspect.signature(handler).parameters) == 2, kind


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_rules_carry_the_protocols_prefix_and_explain_their_slots(spec: ProtocolSpec):
    codes = [rule.code for rule in load_all_rules().values() if rule.protocol == spec.name]
    assert codes and all(code.startswith(spec.code_prefix) for code in codes)
    assert isinstance(spec.part("catalog").PLACEHOLDERS, dict) and placeholders(spec.name)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_optional_parts_exist_exactly_when_declared(spec: ProtocolSpec):
    folder = ROOT / "checker/src/argcheck/protocols" / spec.name
    assert (folder / "document.py").exists() == spec.standalone_document
    assert (folder / "mcp_tools.py").exists() == spec.mcp_tools
    assert (folder / "demo.py").exists() == bool(spec.demo)
    assert all(callable(tool) and tool.__doc__ for tool in spec.tools())


def test_at_most_one_protocol_claims_the_main_demo():
    assert sum(spec.main_demo for spec in SPECS) <= 1


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_protocol_ships_its_skill_docs_and_examples(spec: ProtocolSpec):
    skill = (ROOT / "skills" / spec.name / "SKILL.md").read_text(encoding="utf-8")
    assert f"\nname: {spec.name}\n" in skill
    assert (ROOT / "docs" / "protocols" / f"{spec.name}.md").exists()
    assert valid_examples(spec.name)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_valid_runs_replay_to_a_declared_status_and_render_in_every_format(spec: ProtocolSpec, monkeypatch):
    monkeypatch.chdir(ROOT)
    for path in valid_examples(spec.name):
        outcome = operations.validate_file(str(path))
        assert outcome.replay.protocol is spec
        state = outcome.replay.engine.state
        for fmt in spec.formats:
            assert isinstance(spec.part("render").render(state, fmt, outcome.findings), str)
        assert isinstance(spec.part("nextstep").format_text(spec.part("nextstep").report(state, str(path))), str)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_a_run_starts_in_the_initial_status_from_the_header_of_a_valid_example(spec: ProtocolSpec):
    doc = operations.load_doc(str(valid_examples(spec.name)[0]))
    assert spec.check_header(doc["header"]) == []
    engine = spec.new_engine(doc["header"], operations.env_for(doc))
    assert engine.status == spec.initial_status and not spec.is_closed(engine.status)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_the_subject_names_a_header_field_every_run_has(spec: ProtocolSpec):
    """`argcheck sessions` shows what each run is about: the spec's `subject` field of the header."""
    examples = sorted((ROOT / "state" / "examples" / "valid").glob(f"{spec.name}-*.json"))
    assert examples, f"no valid example of {spec.name}"
    for path in examples:
        header = json.loads(path.read_text(encoding="utf-8"))["header"]
        assert spec.subject_of(header).strip(), (path.name, spec.subject)


def replayed_examples(name: str) -> list:
    """The engines of the protocol's valid examples, replayed (the states its protocol calls are made on)."""
    return [operations.validate_file(str(path)).replay.engine for path in valid_examples(name)]


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_every_protocol_call_is_there_and_returns_its_shape(spec: ProtocolSpec):
    """Each protocol call a shell makes (core.protocol_calls) is there with its parameters, or optional with a
    default, and returns what the contract says on every valid example (next's report carries a step {actor, text,
    commands})."""
    from argcheck.core.protocol_calls import contract_problems

    engines = replayed_examples(spec.name)
    assert engines, f"{spec.name} has no valid example to make its protocol calls on"
    assert contract_problems(spec, engines) == []
