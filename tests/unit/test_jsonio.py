"""jsonio: the only place outside bytes become Python values — strict JSON or a finding, never a crash."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from argcheck.core import jsonio
from argcheck.core.jsonio import InputError


def code_of(action) -> str:
    with pytest.raises(InputError) as caught:
        action()
    return caught.value.finding.code


# ---------------------------------------------------------------- parse: what is accepted


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"a": 1, "b": [true, false, null], "c": "x"}', {"a": 1, "b": [True, False, None], "c": "x"}),
        (b"[]", []),
        (b"  {}\n", {}),
        (b'"text"', "text"),
        (b"-0.5e3", -500.0),
        (b'{"emoji": "\\ud83d\\ude00"}', {"emoji": "\U0001F600"}),  # a surrogate *pair* is one character
        ('{"q": "Grüße, 日本"}'.encode(), {"q": "Grüße, 日本"}),
        (b'\xef\xbb\xbf{"bom": 1}', {"bom": 1}),
        (b'{"a": 1e308}', {"a": 1e308}),
    ],
)
def test_parse_accepts_strict_json(data, expected):
    assert jsonio.parse(data) == expected


# ---------------------------------------------------------------- parse: what is refused, and with which code


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "ARG001"),
        (b"   \n", "ARG001"),
        (b"not json", "ARG001"),
        (b'{"a": 1,}', "ARG001"),
        (b"{} {}", "ARG001"),
        (b"{'a': 1}", "ARG001"),
        (b'{"a": "\x00"}', "ARG001"),
        (b'{"a": "\xff"}', "ARG002"),
        (b"\xc3\x28", "ARG002"),
        (b'{"a": "\xed\xa0\x80"}', "ARG002"),  # a surrogate encoded as UTF-8 bytes (CESU)
        ('{"a": 1}'.encode("utf-16"), "ARG002"),
        (b'{"a": "\\ud800"}', "ARG002"),
        (b'{"a": "\\uDFFF tail"}', "ARG002"),
        (b'{"\\udc00": 1}', "ARG002"),
        (b'["\\ude00\\ud83d"]', "ARG002"),  # a reversed pair is two lone surrogates
        (b"[" * 100_000 + b"]" * 100_000, "ARG004"),
        (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "ARG004"),
        (b"[" * 100_000, "ARG004"),
        (b'{"a": 1, "a": 1}', "ARG005"),
        (b'{"x": {"b": 1, "c": 2, "b": 3}}', "ARG005"),
        (b'{"a": NaN}', "ARG006"),
        (b"[Infinity]", "ARG006"),
        (b"[-Infinity]", "ARG006"),
        (b"[1e999]", "ARG006"),
        (b"[-1e999]", "ARG006"),
    ],
)
def test_parse_refuses_with_a_stable_code(data, code):
    assert code_of(lambda: jsonio.parse(data)) == code


def test_a_refusal_carries_a_complete_finding():
    with pytest.raises(InputError) as caught:
        jsonio.parse(b'{"a": 1, "a": 2}')
    found = caught.value.finding
    assert (found.code, found.name, found.severity) == ("ARG005", "DUPLICATE_KEY", "error")
    assert '"a"' in found.message and found.hint


def test_a_syntax_error_says_where():
    with pytest.raises(InputError) as caught:
        jsonio.parse(b'{\n  "a": 1,\n}')
    assert "line 3" in caught.value.finding.message


def test_an_integer_with_thousands_of_digits_is_a_finding_not_a_crash():
    """Python refuses int() of more than 4300 digits with a ValueError that is not a JSONDecodeError."""
    data = b'{"duration_ms": ' + b"7" * 5000 + b"}"
    with pytest.raises(InputError) as caught:
        jsonio.parse(data)
    assert caught.value.finding.severity == "error"
    assert caught.value.finding.code == "ARG008"


def test_a_float_with_thousands_of_digits_that_overflows_is_refused():
    assert code_of(lambda: jsonio.parse(b"[1" + b"0" * 5000 + b".5]")) == "ARG006"


def test_deep_nesting_is_refused_fast():
    started = time.perf_counter()
    assert code_of(lambda: jsonio.parse(b"[" * 100_000 + b"]" * 100_000)) == "ARG004"
    assert time.perf_counter() - started < 2.0


def test_parse_errors_need_no_extra_import():
    """A fresh interpreter that imports only jsonio must still build findings (the ARG codes are registered)."""
    script = (
        "from argcheck.core import jsonio\n"
        "try:\n"
        "    jsonio.parse(b'not json')\n"
        "except jsonio.InputError as e:\n"
        "    print(e.finding.code)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ARG001", done.stderr


# ---------------------------------------------------------------- read_bytes: files, limits, stdin


def test_read_bytes_returns_a_regular_files_bytes(tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b'{"a": 1}')
    assert jsonio.read_bytes(str(path)) == b'{"a": 1}'
    assert jsonio.load(str(path)) == {"a": 1}


def test_a_directory_is_unreadable_input(tmp_path):
    assert code_of(lambda: jsonio.read_bytes(str(tmp_path))) == "ARG007"


def test_a_missing_file_is_unreadable_input(tmp_path):
    assert code_of(lambda: jsonio.read_bytes(str(tmp_path / "missing.json"))) == "ARG007"


def test_a_path_under_a_missing_directory_is_unreadable_input(tmp_path):
    """chmod 000 does not stop root from reading, so unreadability is tested with a missing parent."""
    assert code_of(lambda: jsonio.read_bytes(str(tmp_path / "no" / "such" / "dir" / "s.json"))) == "ARG007"


def test_a_path_through_a_regular_file_is_unreadable_input(tmp_path):
    (tmp_path / "plain").write_text("x")
    assert code_of(lambda: jsonio.read_bytes(str(tmp_path / "plain" / "s.json"))) == "ARG007"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    """Opening a FIFO with no writer would block forever; it must be refused from its stat alone."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    started = time.perf_counter()
    assert code_of(lambda: jsonio.read_bytes(str(fifo))) == "ARG007"
    assert time.perf_counter() - started < 1.0


def test_a_character_device_is_refused():
    assert code_of(lambda: jsonio.read_bytes("/dev/zero")) == "ARG007"


def test_an_empty_file_reads_as_empty_and_parses_as_not_json(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    assert jsonio.read_bytes(str(path)) == b""
    assert code_of(lambda: jsonio.load(str(path))) == "ARG001"


def test_a_sparse_100_megabyte_file_is_refused_from_its_size(tmp_path, monkeypatch):
    monkeypatch.delenv("ARGCHECK_MAX_BYTES", raising=False)
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(100 * 1024 * 1024)
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    started = time.perf_counter()
    with pytest.raises(InputError) as caught:
        jsonio.read_bytes(str(path))
    assert caught.value.finding.code == "ARG003"
    assert str(100 * 1024 * 1024) in caught.value.finding.message
    assert str(jsonio.DEFAULT_MAX_BYTES) in caught.value.finding.message
    assert time.perf_counter() - started < 0.5
    assert opened == []  # refused before reading a byte


def test_the_limit_is_inclusive(tmp_path, monkeypatch):
    monkeypatch.setenv("ARGCHECK_MAX_BYTES", "8")
    exact, over = tmp_path / "exact.json", tmp_path / "over.json"
    exact.write_bytes(b"[1,2,33]")
    over.write_bytes(b"[1,2,333]")
    assert jsonio.read_bytes(str(exact)) == b"[1,2,33]"
    assert code_of(lambda: jsonio.read_bytes(str(over))) == "ARG003"


def test_a_file_that_grows_after_stat_is_still_cut_at_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "growing.json"
    path.write_bytes(b"[1]")
    real_open = open

    def grow_then_open(name, *args, **kwargs):
        if str(name) == str(path):
            path.write_bytes(b"[" + b"1," * 100 + b"1]")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr("builtins.open", grow_then_open)
    assert code_of(lambda: jsonio.read_bytes(str(path), limit=50)) == "ARG003"


@pytest.mark.parametrize("setting", ["not-a-number", "", "12.5"])
def test_a_bad_limit_setting_falls_back_to_the_default(monkeypatch, setting):
    monkeypatch.setenv("ARGCHECK_MAX_BYTES", setting)
    assert jsonio.max_bytes() == jsonio.DEFAULT_MAX_BYTES


def test_the_limit_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("ARGCHECK_MAX_BYTES", "1234")
    assert jsonio.max_bytes() == 1234
    monkeypatch.delenv("ARGCHECK_MAX_BYTES")
    assert jsonio.max_bytes() == 64 * 1024 * 1024


class _Stdin:
    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


def test_stdin_is_read_with_the_same_limit(monkeypatch):
    monkeypatch.setattr(sys, "stdin", _Stdin(b"[" + b"0," * 600 + b"0]"))
    assert code_of(lambda: jsonio.read_bytes("-", limit=1000)) == "ARG003"
    monkeypatch.setattr(sys, "stdin", _Stdin(b'{"type": "point"}'))
    assert jsonio.load("-") == {"type": "point"}


def test_stdin_reads_at_most_one_byte_past_the_limit(monkeypatch):
    stream = _Stdin(b"x" * 10_000)
    monkeypatch.setattr(sys, "stdin", stream)
    with pytest.raises(InputError):
        jsonio.read_bytes("-", limit=100)
    assert stream.buffer.tell() == 101


def test_load_refuses_a_binary_file(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(bytes(range(256)))
    assert code_of(lambda: jsonio.load(str(path))) in {"ARG001", "ARG002"}


def test_a_state_sized_file_loads(tmp_path):
    path = Path(tmp_path) / "big.json"
    path.write_text("[" + ",".join('{"id": "P%d", "text": "x"}' % i for i in range(20_000)) + "]")
    assert len(jsonio.load(str(path))) == 20_000
