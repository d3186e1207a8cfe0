"""Run a generated shape checker (see schemagen.shapes_module) and turn its error into a finding.

The generated validators word their errors for programmers (`data.verdict must be one of ['AGREE', ...]`);
`shape_finding` says the same in plain words, at a JSON pointer (`/moves/1/verdict`).
"""

from __future__ import annotations

import json
import re

from argcheck.core.findings import Finding
from argcheck.core.rules import finding

JSON_TYPES = {"object": "an object", "array": "an array", "string": "a string", "integer": "a whole number",
              "number": "a number", "boolean": "true or false", "null": "null"}
_MISSING = object()
# Patterns of the generated validators, said in words; any other pattern is shown as it is.
PATTERN_WORDS = (
    (r"\S", "must not be blank"),
    (r"^[A-Za-z][A-Za-z0-9_.-]{", "must be an id such as P1: a letter, then letters, digits, _, . or -"),
    (r"^[A-Za-z0-9][A-Za-z0-9_.-]{", "must be an id such as P1 or a UUID: a letter or digit, then letters, digits, "
                                     "_, . or -"),
    (r"^[a-z][a-z0-9-]{", "must be a lowercase name such as codex: a letter, then letters, digits or -"),
    (r"^[^\s:][^:]*:[1-9][0-9]*$", "must be a path:line locator such as src/cache.py:42"),
    (r"^(user|verified|revision|", "must be user, verified, revision or NAME-unverified"),
    (r"^[0-9a-f]{", "must be lowercase hexadecimal digits"),
)


def check_shape(shapes, kind: str, value, path: str) -> list[Finding]:
    """Check `value` against the generated validator `kind` of the `shapes` module.

    Only fields declared Optional may be null; a null there means "absent".
    """
    if isinstance(value, dict) and None in value.values():
        nullable = shapes.NULLABLE[kind]
        value = {k: v for k, v in value.items() if v is not None or k not in nullable}
    try:
        shapes.VALIDATORS[kind](value)
    except shapes.JsonSchemaValueException as error:
        return [shape_finding(error, path)]
    except RecursionError:  # e.g. uniqueItems freezing a list nested hundreds deep before its items' types
        return [violation(path, f"{subject(path, '')} is nested too deeply to check: no field of this shape "
                                "holds lists or objects that deep")]
    return []


def violation(path: str, detail: str, move: int | None = None) -> Finding:
    """ARG013: a value does not have the shape its schema requires (`detail` says how)."""
    return finding("ARG013", path=path, move=move, detail=detail)


def shape_finding(error, path: str, strip: str | None = None) -> Finding:
    """The ARG013 finding for a generated validator's error, with `data` (the checked value) read as `path`.

    `strip` names a part of the checked value (e.g. `data.claim`) that `path` stands for instead.
    """
    name, message = error.name or "data", error.message
    if strip and name.startswith(strip):
        message = "data" + message[len(strip):] if message.startswith(strip) else message
        name = "data" + name[len(strip):]
    rest = pointer(name)
    complaint = message[len(name):].strip() if message.startswith(name) else message
    value = getattr(error, "value", _MISSING)
    return violation(path + rest, f"{subject(path, rest)} {in_words(complaint, value)}")


def pointer(name: str) -> str:
    """`data.cites[0].x` -> `/cites/0/x`: the validator's name for a value as a JSON pointer below `data`."""
    rest = name[len("data"):] if name.startswith("data") else name
    return re.sub(r"\[(\d+)\]", r"/\1", rest).replace(".", "/")


def subject(path: str, rest: str) -> str:
    """What the complaint is about, in words: `verdict`, `supports item 1`, `the move`."""
    if not rest:
        last = path.rstrip("/").rsplit("/", 1)[-1]
        if re.fullmatch(r"/moves/\d+", path):
            return "the move"
        return f"the {last}" if last else "the value"
    parts = [f"item {int(p) + 1}" if p.isdigit() else p for p in rest.strip("/").split("/")]
    return " ".join(parts)


def in_words(complaint: str, value=_MISSING) -> str:
    """A generated validator's complaint (`must be one of ['A', 'B']`) in plain words."""
    for pattern, say in _WORDINGS:
        match = re.fullmatch(pattern, complaint, re.S)
        if match:
            return say(match.group(1) if match.groups() else "", value)
    return complaint


def json_text(value, limit: int = 60) -> str:
    """`value` as JSON for a message (null, true, "text"), cut to `limit` characters."""
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _shown(value) -> str:
    return json_text(value, 40)


def _jsonable(value) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _got(value) -> str:
    return "" if value is _MISSING else f" (got {_shown(value)})"


def _type_of(value) -> str:
    return "" if value is _MISSING else f" (got {json_type(value)})"


def json_type(value) -> str:
    """What `value` is, in JSON's words: an object, an array, a string, a number, true or false, null."""
    if isinstance(value, bool):
        return "true or false"
    names = {dict: "an object", list: "an array", str: "a string", int: "a whole number", float: "a number"}
    return next((name for kind, name in names.items() if isinstance(value, kind)), "null")


def _literal(text: str):
    """A Python literal the generated validators print (only on a bad move: `ast` costs every call ~1 ms)."""
    import ast

    return ast.literal_eval(text)


def _names(text: str) -> list[str]:
    try:
        names = _literal(text)
    except (ValueError, SyntaxError):
        return [text]
    return sorted(str(name) for name in names)


def _listed(items: list[str]) -> str:
    quoted = [json.dumps(item, ensure_ascii=False) for item in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _one_of(text, value) -> str:
    try:
        choices = _literal(text)
    except (ValueError, SyntaxError):
        return f"must be one of {text}{_got(value)}"
    return f"must be one of {_listed([str(c) for c in choices])}{_got(value)}"


def _const(text, value) -> str:
    literal = {"True": "true", "False": "false", "None": "null"}.get(text, json.dumps(text, ensure_ascii=False))
    return f"must be {literal}{_got(value)}"


def _fields(names: list[str], one: str, several: str) -> str:
    joined = _listed(names).replace(" or ", " and ")
    return f"{several} fields {joined}" if len(names) > 1 else f"{one} field {joined}"


def _missing(names: list[str], value) -> str:
    """`is missing the required field "text"`, and for a field given under a misspelled name, which one."""
    said = f"is missing {_fields(names, 'the required', 'the required')}"
    given = [key for key in value if isinstance(key, str) and key not in names] if isinstance(value, dict) else []
    import difflib

    guesses = [(name, close[0]) for name in names
               if (close := difflib.get_close_matches(name, given, n=1, cutoff=0.6))]
    if not guesses:
        return said
    fixes = "; ".join(f'did you mean "{name}" where it says "{typo}"?' for name, typo in guesses)
    return f"{said} ({fixes})"


def _pattern(text, _value) -> str:
    return next((words for known, words in PATTERN_WORDS if text.startswith(known)),
                f"must match the regular expression {text}")


def _count(n: str, noun: str) -> str:
    return f"{n} {noun}{'' if n == '1' else 's'}"


_WORDINGS = (
    (r"must be one of (\[.*\])", _one_of),
    (r"must be same as const definition: (.*)", _const),
    (r"must be (object|array|string|integer|number|boolean|null)",
     lambda t, v: f"must be {JSON_TYPES[t]}{_type_of(v)}"),
    (r"must contain (\[.*\]) properties", lambda t, v: _missing(_names(t), v)),
    (r"must not contain (.*?)(?: properties)?", lambda t, v: f"has {_fields(_names(t), 'an unknown', 'unknown')}"),
    (r"must be longer than or equal to (\d+) characters",
     lambda t, v: "must not be empty" if t == "1" else f"must be at least {_count(t, 'character')} long"),
    (r"must be shorter than or equal to (\d+) characters",
     lambda t, v: f"must be at most {_count(t, 'character')} long"),
    (r"must match pattern (.*)", _pattern),
    (r"must be bigger than or equal to (\S+)", lambda t, v: f"must be at least {t}{_got(v)}"),
    (r"must be smaller than or equal to (\S+)", lambda t, v: f"must be at most {t}{_got(v)}"),
    (r"must contain at least (\d+) items", lambda t, v: f"must hold at least {_count(t, 'item')}"),
    (r"must contain less than or equal to (\d+) items", lambda t, v: f"must hold at most {_count(t, 'item')}"),
    (r"must contain unique (items)", lambda t, v: "must not hold the same item twice"),
)
