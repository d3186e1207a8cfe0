"""The export hooks (decision, argument_map) are optional: a protocol without exports.py gives None, and
`render --format madr` then says so; a hook that returns the wrong shape breaks the contract clearly."""

from __future__ import annotations

import types

import pytest

from argcheck.cli import numbering
from argcheck.core import protocol_calls


class FakeSpec:
    name, package = "fake", "argcheck.protocols.fake"

    def __init__(self, exports=None):
        self.exports = exports

    def part(self, name):
        if name == "exports" and self.exports is not None:
            return self.exports
        error = ModuleNotFoundError(f"No module named '{self.package}.{name}'")
        error.name = f"{self.package}.{name}"
        raise error


def test_a_protocol_without_exports_gives_no_decision_and_no_map():
    assert protocol_calls.call(FakeSpec(), "decision", object()) is None
    assert protocol_calls.call(FakeSpec(), "argument_map", object()) is None


def test_an_export_of_the_wrong_shape_breaks_the_contract():
    broken = types.SimpleNamespace(decision=lambda state: {"title": "t"}, argument_map=lambda state: ["x"])
    with pytest.raises(protocol_calls.ProtocolBroken, match="returned no context"):
        protocol_calls.call(FakeSpec(broken), "decision", object())
    with pytest.raises(protocol_calls.ProtocolBroken, match="not a dict or None"):
        protocol_calls.call(FakeSpec(broken), "argument_map", object())


def test_a_missing_module_inside_exports_is_not_taken_for_an_absent_hook():
    class Spec(FakeSpec):
        def part(self, name):
            error = ModuleNotFoundError("No module named 'somewhere.else'")
            error.name = "somewhere.else"
            raise error

    with pytest.raises(ModuleNotFoundError):
        protocol_calls.call(Spec(), "decision", object())


@pytest.mark.parametrize(("title", "slug"), [
    ("Use Redis with a 5 minute TTL", "use-redis-with-a-5-minute-ttl"),
    ("  ../../etc/passwd  ", "etc-passwd"),
    ("¿Qué?", "qu"),
    ("!!!", "decision"),
])
def test_the_slug_is_lower_case_words_joined_by_hyphens(title, slug):
    assert numbering.slug(title) == slug


def test_the_next_number_follows_the_highest_four_digit_prefix(tmp_path):
    assert numbering.next_number(str(tmp_path / "missing")) == 1
    for name in ("0002-a.md", "0010-b.md", "12-c.md", "template.md"):
        (tmp_path / name).write_text("x")
    assert numbering.next_number(str(tmp_path)) == 11
    assert numbering.numbered_path(str(tmp_path / "NNNN-title.md"), "Keep it") == str(tmp_path / "0011-keep-it.md")


def test_only_the_word_title_becomes_the_slug(tmp_path):
    assert numbering.numbered_path(str(tmp_path / "NNNN-subtitle.md"), "X") == str(tmp_path / "0001-subtitle.md")
    assert numbering.numbered_path(str(tmp_path / "NNNN.md"), "X") == str(tmp_path / "0001.md")
