"""The kit's small replacements for modules a call would otherwise import (start-up is most of a short
call's time): each gives exactly what the module it stands for gives."""

from __future__ import annotations

import re
import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from argcheck.core.commandtext import quote
from argcheck.core.contract import load_module
from argcheck.core.rules import CODE_PATTERN, NAME_PATTERN, is_code, is_name

WORDS = ["", "run.json", ".argcheck/deliberate-1.json", "a b", "it's", "-x", "~/r.json", "$HOME", "a;b", "é.json",
         "x\ny", "''", "a@b%c+d=e:f,g./h-_i", "`id`", "*"]


def test_quote_writes_a_shell_word_as_shlex_does():
    assert [quote(word) for word in WORDS] == [shlex.quote(word) for word in WORDS]


@given(st.text(max_size=40))
def test_quote_agrees_with_shlex_on_any_text(word):
    assert quote(word) == shlex.quote(word)


CODES = ["ABC123", "XYZ999", "abc123", "AB123", "ABC12", "ABC1234", "AB1234", "ÄBC123", "ABC12١", "", "ABC 12"]
NAMES = ["A", "STATE_FILE_BROKEN", "A1_B2", "A__B", "_A", "A_", "1A", "a", "A-B", "ÄB", "AB_1", "AB\n"]


def test_a_rule_code_and_name_are_checked_as_their_patterns_say():
    assert [is_code(code) for code in CODES] == [bool(re.fullmatch(CODE_PATTERN, code)) for code in CODES]
    assert [is_name(name) for name in NAMES] == [bool(re.fullmatch(NAME_PATTERN, name)) for name in NAMES]
    assert [code for code in CODES if is_code(code)] == ["ABC123", "XYZ999"]


@given(st.text(alphabet="AZaz09_-É ", max_size=8))
def test_the_name_check_agrees_with_its_pattern_on_any_text(text):
    assert is_name(text) == bool(re.fullmatch(NAME_PATTERN, text))
    assert is_code(text) == bool(re.fullmatch(CODE_PATTERN, text))


def test_load_module_returns_the_module_as_importlib_does():
    import importlib

    assert load_module("argcheck.core.rules") is importlib.import_module("argcheck.core.rules")
    with pytest.raises(ModuleNotFoundError):
        load_module("argcheck.protocols.no_such_protocol.spec")


def test_the_collector_pause_nests_and_restores_the_collector():
    import gc

    from argcheck.core.collector import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_no_package_init_imports_another_argcheck_module():
    """Importing `argcheck.core.rules` loads argcheck/core/__init__.py first: those files import nothing of
    argcheck's, so a call loads only the modules it uses."""
    import ast
    from pathlib import Path

    import argcheck

    eager = []
    for init in Path(argcheck.__file__).parent.rglob("__init__.py"):
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or "."] if isinstance(node, ast.ImportFrom) else []
            eager += [f"{init}: {name}" for name in names if name.startswith(("argcheck", "."))]
    assert not eager
