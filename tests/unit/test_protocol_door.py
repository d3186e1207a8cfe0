"""Every call from a shell (cli/, mcp/, harness/, files/, generate/) into a protocol goes through the contract's one
door: `argcheck.core.protocol_calls.call` (and the spec's own methods in argcheck.core.contract). Read statically:
no shell module imports a protocol's module, looks a part of it up (`spec.part(...)`, `spec.package`), or imports
a module by a name that starts with argcheck.protocols."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

from argcheck.core import protocol_calls

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "checker" / "src" / "argcheck"
CALLERS = ("cli", "mcp", "harness", "files", "generate")


def shell_files() -> list[Path]:
    return sorted(path for layer in CALLERS for path in (PACKAGE / layer).rglob("*.py"))


def side_doors(path: Path) -> list[str]:
    """Each way `path` reaches into a protocol other than through the door, as 'line: what'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("argcheck.protocols."):
            found.append(f"{line}: imports {node.module}")
        elif isinstance(node, ast.Import):
            found += [f"{line}: imports {a.name}" for a in node.names if a.name.startswith("argcheck.protocols.")]
        elif isinstance(node, ast.Attribute) and node.attr in ("part", "package"):
            found.append(f"{line}: looks up a protocol's module (.{node.attr})")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                node.value.startswith("argcheck.protocols."):
            found.append(f"{line}: names {node.value}")
    return sorted(found, key=lambda entry: int(entry.split(":")[0]))


@pytest.mark.parametrize("path", shell_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_shell_calls_a_protocol_only_through_the_door(path):
    assert side_doors(path) == [], f"{path.relative_to(ROOT)} goes around argcheck.core.protocol_calls"


def test_the_side_door_finder_finds_a_direct_call(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('step = spec.part("nextstep").report(state, path)\n'
                      "from argcheck.protocols.deliberate import render\n"
                      'module = importlib.import_module(f"{spec.package}.view")\n'
                      'models = importlib.import_module(f"argcheck.protocols.{name}.models")\n', encoding="utf-8")
    assert [line.split(":")[0] for line in side_doors(sample)] == ["1", "2", "3", "4"]


def spec_with(**modules) -> types.SimpleNamespace:
    """A spec whose parts are the given modules (a part not given is absent, as a missing view.py is)."""
    def part(name):
        if name not in modules:
            raise ModuleNotFoundError(f"No module named 'fake.{name}'", name=f"fake.{name}")
        return modules[name]
    return types.SimpleNamespace(name="fake", package="fake", part=part)


def test_without_a_view_module_the_picture_and_the_actor_have_their_defaults():
    spec = spec_with()
    assert protocol_calls.call(spec, "view", object(), []) == {"sections": []}
    assert protocol_calls.call(spec, "actor", {"actor": "user"}) == "user"


def test_a_view_of_the_wrong_shape_is_a_broken_protocol_naming_it():
    spec = spec_with(view=types.SimpleNamespace(view=lambda state, findings: {"sections": [{"title": "x"}]},
                                                actor=lambda move: 3))
    with pytest.raises(protocol_calls.ProtocolBroken, match=r"protocol fake: view\.view .*'kind'"):
        protocol_calls.call(spec, "view", object(), [])
    with pytest.raises(protocol_calls.ProtocolBroken, match=r"view\.actor returned int"):
        protocol_calls.call(spec, "actor", {})


def test_a_view_module_that_fails_to_import_is_not_taken_for_an_absent_one():
    def part(name):
        raise ModuleNotFoundError("No module named 'graphviz'", name="graphviz")
    with pytest.raises(ModuleNotFoundError):
        protocol_calls.call(types.SimpleNamespace(name="fake", package="fake", part=part), "view", None, [])


def test_view_and_actor_are_in_the_table():
    assert {"view", "actor", "persona_prompt", "render"} <= set(protocol_calls.CALLS)
    assert set(protocol_calls.CALLS) == set(protocol_calls.CHECKS)
