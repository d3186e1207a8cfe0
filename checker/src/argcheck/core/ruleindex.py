"""Where each rule is checked and which tests cover it: a static index read off the source tree.

A rule code is emitted where `finding("CODE", ...)` (or an engine's `report("CODE", ...)`) is called with
the code as a literal. The project's rule is one code, one check: every code is emitted from exactly one
named function. `emissions()` finds them all (and any call that passes a code it computes, which would
hide a check from this index); `test_references()` finds the tests that name a code.

`python checker/tools/generate.py` writes the index as `rule_index.json` beside each catalogue (the core's
beside `core/arg_rules.py`); `argcheck rules CODE` reads it, so an installed argcheck can say where a rule is
checked and tested without the test tree.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections import defaultdict

CODE = re.compile(r"^[A-Z]{3}[0-9]{3}$")
EMITTERS = frozenset({"finding", "report"})
NOT_CHECKS = frozenset({"_shapes.py", "catalog.py", "arg_rules.py", "ruleindex.py"})
# Functions allowed to pass on a code they were given: an engine adds the move's path; DryRun stands in for an
# engine when `next` asks whether a synthesis would be refused.
FORWARDERS = frozenset({"Engine.report", "DryRun.report"})
INDEX_FILE = "rule_index.json"


def _callee(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal_code(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value):
        return node.value
    return None


def _walk(tree, visit) -> None:
    """Call visit(node, scope) for every node, with the enclosing function/class names."""

    def go(node, scope):
        for child in ast.iter_child_nodes(node):
            inner = scope + [child.name] if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                               ast.ClassDef)) else scope
            visit(child, inner)
            go(child, inner)

    go(tree, [])


def _python_files(root: str):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def module_name(path: str, package_root: str) -> str:
    """`argcheck.protocols.x.y` for a file under the `argcheck` package folder."""
    relative = os.path.relpath(path, os.path.dirname(package_root))
    return relative[:-3].replace(os.sep, ".").removesuffix(".__init__")


def emissions(package_root: str) -> tuple[dict[str, set[str]], list[str]]:
    """code -> {"module:function"} where it is emitted, and the calls that pass a computed code."""
    sites: dict[str, set[str]] = defaultdict(set)
    computed: list[str] = []
    for path in _python_files(package_root):
        if os.path.basename(path) in NOT_CHECKS:
            continue
        module = module_name(path, package_root)

        def visit(node, scope, module=module):
            if not (isinstance(node, ast.Call) and _callee(node) in EMITTERS and node.args):
                return
            where = ".".join(scope) or "<module>"
            code = _literal_code(node.args[0])
            if code:
                sites[code].add(f"{module}:{where}")
            elif _callee(node) == "finding" and where not in FORWARDERS:
                computed.append(f"{module}:{where} (line {node.lineno})")

        with open(path, encoding="utf-8") as handle:
            _walk(ast.parse(handle.read(), path), visit)
    return dict(sites), computed


def test_references(tests_root: str, repo_root: str) -> dict[str, set[str]]:
    """code -> {"tests/...py::test_name"} for every test function (or test module table) naming it."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in _python_files(tests_root):
        relative = os.path.relpath(path, repo_root).replace(os.sep, "/")
        if not os.path.basename(path).startswith("test_"):
            continue

        def visit(node, scope, relative=relative):
            code = _literal_code(node)
            if code is None:
                return
            test = next((name for name in scope if name.startswith("test_")), None)
            found[code].add(f"{relative}::{test}" if test else relative)

        with open(path, encoding="utf-8") as handle:
            _walk(ast.parse(handle.read(), path), visit)
    return dict(found)


def build(codes: list[str], package_root: str, repo_root: str) -> dict[str, dict]:
    """The index entries of `codes`: where each is checked, the tests that name it, its example file."""
    sites, _ = emissions(package_root)
    tests = test_references(os.path.join(repo_root, "tests"), repo_root)
    invalid = os.path.join(repo_root, "state", "examples", "invalid")
    examples = sorted(os.listdir(invalid)) if os.path.isdir(invalid) else []
    index = {}
    for code in codes:
        example = next((name for name in examples if name.startswith(code + "-")), None)
        index[code] = {
            "checked_in": sorted(sites.get(code, ())),
            "tested_by": sorted(tests.get(code, ())),
            "example": f"state/examples/invalid/{example}" if example else None,
        }
    return index


def index_text(index: dict) -> str:
    return json.dumps(index, indent=1, sort_keys=True) + "\n"


def read_index(folder: str) -> dict:
    """The stored index in `folder` (empty when the protocol ships none)."""
    try:
        with open(os.path.join(folder, INDEX_FILE), encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return {}
