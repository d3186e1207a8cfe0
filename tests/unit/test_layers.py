"""The package's layers: imports point one way (docs: DESIGN's "Layers"), with no import cycle.

core (the kit: argcheck.core.kit.KIT) <- protocols/<name> (plug-ins: only the kit and their own folder) <- files
<- mcp, harness <- cli <- generate; exitcodes and output (how every shell reports an outcome) sit beside the
shells. Read statically from every import statement (function-level ones included) and every "argcheck...."
string handed to importlib, so a lazy import counts too. Every name these tests rely on must exist: a stale
one fails.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from argcheck.core.kit import module_names

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "checker" / "src" / "argcheck"
FIXTURE_PROTOCOLS = ROOT / "tests" / "fixtures" / "protocols"
SHELLS = ("argcheck.cli", "argcheck.mcp", "argcheck.files", "argcheck.generate", "argcheck.harness",
          "argcheck.exitcodes", "argcheck.output")
ALLOWED = {  # layer -> the layers its modules may import (protocols: the kit only, checked on its own)
    "core": {"core"},
    "files": {"core", "files"},
    "mcp": {"core", "files", "mcp", "exitcodes", "output"},
    "harness": {"core", "files", "harness"},  # the agents' hooks: a shell the CLI's `hook` command calls
    "cli": {"core", "files", "mcp", "harness", "cli", "exitcodes", "output"},
    "generate": {"core", "files", "mcp", "harness", "cli", "generate", "exitcodes", "output"},
    "exitcodes": set(),
    "output": {"core"},
}
# The shells that call into a protocol, and the only modules through which they may (the contract's door).
CALLERS = ("argcheck.cli", "argcheck.mcp", "argcheck.harness", "argcheck.files", "argcheck.generate")
DOOR = {"argcheck.core.protocol_calls", "argcheck.core.contract"}


def module_name(path: Path, root: Path = PACKAGE, prefix: str = "argcheck") -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts])


def imports_of(path: Path, name: str) -> set[str]:
    """The argcheck modules (or packages) `path` imports, resolved to dotted names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("argcheck."):
            if all(part.isidentifier() for part in node.value.split(".")):
                found.add(node.value)
    return {target for target in found if target == "argcheck" or target.startswith("argcheck.")}


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts}


MODULES = package_modules()


def real_modules(targets: set[str]) -> set[str]:
    """Keep the names that are modules or packages of argcheck (an imported function's name is dropped)."""
    return {target for target in targets if target in MODULES}


def protocol_files() -> list[tuple[str, Path, str]]:
    """(protocol name, file, module name) for the bundled protocols and the test tree's fixture protocols."""
    files = []
    for root in (PACKAGE / "protocols", FIXTURE_PROTOCOLS):
        for path in sorted(root.rglob("*.py")):
            relative = path.relative_to(root).parts
            if len(relative) > 1 and "__pycache__" not in relative:
                files.append((relative[0], path, module_name(path, root, "argcheck.protocols")))
    return files


def owning_module(target: str) -> str:
    """The module an imported name lives in: `argcheck.core.text.flat` -> `argcheck.core.text`."""
    while target not in MODULES and "." in target:
        target = target.rpartition(".")[0]
    return target


@pytest.mark.parametrize("protocol, path, name", protocol_files(), ids=lambda v: str(v)[-40:])
def test_a_protocol_imports_only_the_kit_and_its_own_folder(protocol, path, name):
    """No module under protocols/ imports a shell (commands, the MCP server, operations, statefile, terminal,
    exitcodes, the command line, output: all under cli/, mcp/, files/), nor another protocol, nor a module of
    the core that the kit (argcheck.core.kit.KIT) does not list."""
    own = f"argcheck.protocols.{protocol}"
    kit = module_names()
    bad = sorted(target for target in imports_of(path, name)
                 if not (owning_module(target) in kit or target == own or target.startswith(own + ".")
                         or target in ("argcheck", "argcheck.protocols", "argcheck.core")))
    shells = [target for target in bad if target.startswith(SHELLS)]
    assert not shells, f"{path.relative_to(ROOT)} imports shells: {shells}"
    assert not bad, f"{path.relative_to(ROOT)} imports outside the kit (argcheck.core.kit) and its folder: {bad}"


def test_every_name_the_kit_lists_is_a_module_of_the_core():
    stale = sorted(name for name in module_names() if name not in MODULES)
    assert stale == [], f"argcheck.core.kit.KIT names modules that do not exist: {stale}"


def test_every_layer_this_test_names_exists():
    """SHELLS, ALLOWED, CALLERS and DOOR name packages or modules that exist (a renamed one fails here)."""
    named = set(SHELLS) | set(CALLERS) | DOOR | {f"argcheck.{layer}" for layers in ALLOWED.values() for layer in layers}
    named |= {f"argcheck.{layer}" for layer in ALLOWED}
    assert sorted(name for name in named if name not in MODULES) == []


def test_every_module_of_the_package_sits_in_a_known_layer():
    layers = {name.split(".")[1] for name in MODULES if name.count(".") >= 1}
    assert layers - set(ALLOWED) - {"protocols", "__main__"} == set()


def test_a_kit_module_is_one_the_protocols_use():
    """A module in the kit that no protocol imports belongs to its users (the shells), not the kit."""
    used = {owning_module(target) for protocol, path, name in protocol_files() for target in imports_of(path, name)}
    assert sorted(module_names() - used) == []


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below_it(layer):
    allowed = {f"argcheck.{name}" for name in ALLOWED[layer]}
    wrong = {}
    for name, path in MODULES.items():
        if not name.startswith(f"argcheck.{layer}"):
            continue
        outside = sorted(target for target in real_modules(imports_of(path, name))
                         if target not in ("argcheck", "argcheck.protocols") and not target.startswith(tuple(allowed))
                         and not target.startswith("argcheck.protocols."))
        if outside:
            wrong[name] = outside
    assert wrong == {}


def test_the_kit_and_the_files_name_no_protocol_module():
    """The kit reaches protocols only through their specs (discovery), never by importing one."""
    for name, path in MODULES.items():
        if name.startswith(("argcheck.core", "argcheck.files")):
            assert not [t for t in imports_of(path, name) if t.startswith("argcheck.protocols.")], name


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), or a module importing itself."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the argcheck modules it imports (a package's import counts as its __init__'s)."""
    graph = {}
    for name, path in MODULES.items():
        targets = real_modules(imports_of(path, name)) - {name}
        graph[name] = {t for t in targets if not name.startswith(t + ".")}  # a module's own parents load first
    return graph


def test_there_is_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_at_most_twelve_modules_sit_directly_in_the_package():
    direct = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(direct) <= 12, direct


def test_nothing_under_checker_tools_imports_from_the_test_tree():
    tests_modules = {path.stem for path in (ROOT / "tests").rglob("*.py")} | {
        path.name for path in (ROOT / "tests").rglob("*") if path.is_dir()}
    tools_modules = {path.stem for path in (ROOT / "checker" / "tools").rglob("*.py")}
    for path in (ROOT / "checker" / "tools").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
        names |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        from_tests = sorted(names & tests_modules - tools_modules - {"argcheck"})
        assert from_tests == [], f"{path.relative_to(ROOT)} imports {from_tests} from tests/"
        assert '"tests", "unit"' not in text and "tests/unit" not in text.split('"""')[-1], path
