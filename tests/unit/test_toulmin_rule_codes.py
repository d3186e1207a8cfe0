"""One rule code, one check: each TLM code is built in exactly one named function; every message slot is
explained in catalog.PLACEHOLDERS."""

from __future__ import annotations

import ast
import string
from collections import defaultdict
from pathlib import Path

from argcheck.protocols.toulmin import catalog
from argcheck.core.discovery import load_all_rules

PACKAGE = Path(catalog.__file__).parent


def tlm_rules() -> dict:
    return {code: rule for code, rule in load_all_rules().items() if rule.protocol == "toulmin"}


def emitters() -> dict[str, set[str]]:
    """code -> the functions (module.qualified name) that call finding("TLMnnn", ...)."""
    found = defaultdict(set)
    for source in sorted(PACKAGE.glob("*.py")):
        if source.name.startswith("_") or source.name == "catalog.py":
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for function, call in _finding_calls(tree):
            found[call.args[0].value].add(f"{source.stem}.{function}")
    return found


def _finding_calls(tree):
    def visit(node, where):
        for child in ast.iter_child_nodes(node):
            inner = f"{where}.{child.name}".lstrip(".") if isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else where
            if (isinstance(child, ast.Call) and getattr(child.func, "id", getattr(child.func, "attr", "")) == "finding"
                    and child.args and isinstance(child.args[0], ast.Constant)
                    and str(child.args[0].value).startswith("TLM")):
                yield where, child
            yield from visit(child, inner)

    yield from visit(tree, "")


def test_every_tlm_code_is_built_in_exactly_one_function():
    built = emitters()
    assert set(built) == set(tlm_rules()), "a code that nothing emits, or an emitted code not in the catalog"
    shared = {code: sorted(functions) for code, functions in built.items() if len(functions) != 1}
    assert shared == {}


def test_the_missing_components_codes_come_from_one_function():
    built = emitters()
    assert built["TLM103"] == built["TLM104"] == built["TLM105"] == {"rules.missing_components"}


def test_every_message_slot_is_explained():
    used = set()
    for rule in tlm_rules().values():
        for template in (rule.message, rule.hint):
            used |= {field.split("!")[0] for _, field, _, _ in string.Formatter().parse(template) if field}
    assert used == set(catalog.PLACEHOLDERS)
    assert all(isinstance(text, str) and len(text) > 10 for text in catalog.PLACEHOLDERS.values())
