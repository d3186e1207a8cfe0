"""shellwords.split: one simple command's words, or None when the shell would do more than run it."""

from __future__ import annotations

import shlex

import pytest

from argcheck.harness.shellwords import split, split_block


@pytest.mark.parametrize("command", [
    "argcheck next .argcheck/t.json",
    "argcheck apply .argcheck/t.json '{\"type\": \"point\", \"text\": \"it'\\''s fast\"}'",
    "argcheck init triz --problem \"How can a car keep range?\" --state .argcheck/t.json",
    "argcheck render .argcheck/t.json --format=md",
    "  argcheck   next\t.argcheck/t.json  ",
])
def test_a_plain_command_splits_exactly_as_the_shell_splits_it(command):
    assert split(command) == shlex.split(command)


@pytest.mark.parametrize("command", [
    "argcheck next S; rm -rf /", "argcheck next S && echo", "argcheck next S | tee x", "argcheck next S &",
    "argcheck render S > out.md", "argcheck apply S < moves.json", "argcheck next $(echo S)", "argcheck next `x`",
    "argcheck next $HOME/S", "argcheck next \"$HOME\"", "argcheck next ~/S", "argcheck next S*",
    "argcheck next S?", "argcheck next {a,b}", "argcheck next S # comment", "argcheck next S\nrm x",
    "argcheck render S -o =ls", "argcheck render S -o a==b", "argcheck next 'unclosed", "argcheck next \"unclosed",
    "argcheck next \"a\\\"b\"", "argcheck next (S)", "argcheck next S\\\nrm", "argcheck next \x00",
    "argcheck next é",
])
def test_anything_the_shell_would_expand_redirect_or_chain_is_not_split(command):
    assert split(command) is None


def test_non_strings_and_huge_commands_are_not_split():
    assert split(None) is None
    assert split(["argcheck"]) is None
    assert split("argcheck next " + "a" * 300000) is None


def test_quoted_operators_stay_inside_their_word():
    assert split("argcheck apply S '{\"text\": \"a; b | c > d $(e)\"}'") == [
        "argcheck", "apply", "S", '{"text": "a; b | c > d $(e)"}']


@pytest.mark.parametrize("block, commands", [
    ("argcheck next S\nargcheck sessions", [["argcheck", "next", "S"], ["argcheck", "sessions"]]),
    ("argcheck next S && argcheck validate S; argcheck sessions",
     [["argcheck", "next", "S"], ["argcheck", "validate", "S"], ["argcheck", "sessions"]]),
    ("argcheck apply S '[\n {\"a\": \"x; y && z\"}\n]'\n\nargcheck next S",
     [["argcheck", "apply", "S", '[\n {"a": "x; y && z"}\n]'], ["argcheck", "next", "S"]]),
    ("argcheck next S\n", [["argcheck", "next", "S"]]),
])
def test_a_block_as_the_skills_write_it_is_split_command_by_command(block, commands):
    assert split_block(block) == commands


@pytest.mark.parametrize("block", [
    "argcheck next S | head", "argcheck next S & argcheck next T", "argcheck next S || rm x",
    "argcheck next S && && argcheck next T", "argcheck next S ;", "; argcheck next S", "argcheck next S;;x",
    "argcheck next S &&\nargcheck next T", "argcheck next S\\\nargcheck next T", "argcheck next 'open\nx",
    "argcheck next \"a\\\";\" x", "argcheck next S\nargcheck next $(x)", "", "\n\n", None,
])
def test_any_other_block_is_not_split(block):
    assert split_block(block) is None
