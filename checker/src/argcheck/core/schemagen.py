"""Generate JSON Schemas from a protocol's pydantic models, and the fast shape checkers from those."""

from __future__ import annotations

import copy
import importlib
import json
import re

from argcheck.core import envelope

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
STAMP_PROPERTIES = {
    "seq": {"type": "integer", "minimum": 1},
    "prev": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
    "at": {"type": "string", "minLength": 1, "maxLength": 64},
    "witness_seq": {"type": "integer", "minimum": 0},
    "via": {"enum": ["page"], "description": "Where the move was made: \"page\" when the user answered in the page "
            "`argcheck view --serve` shows (stamped by the page; `apply` refuses it, ARG015)."},
}
# Declared once for every protocol (core/witnessing.py holds their rules): the header's mark of a run started
# with an agent's argcheck hooks in place, and a user move's citation of the witnessed prompt that carries its answer.
HEADER_PROPERTIES = {
    "witnessed": {"type": "boolean", "description": "Set by `argcheck init` when the run is started with the "
                  "argcheck hooks in place: its user moves and evidence are checked against the witness log."},
    "witness_seq": {"type": "integer", "minimum": 0, "description": "Witnessed runs: the witness log's last "
                    "record when the run was started (a user answer comes after it)."},
    "witness_offset": {"type": "integer", "minimum": 0, "description": "Witnessed runs: where in the witness "
                       "log (bytes) the run's records begin: only what the run needs is read."},
    "witness_session": {"type": "string", "minLength": 1, "maxLength": 128, "description": "Witnessed runs: "
                        "the conversation the run was started in; only its user prompts answer the run."},
    "witness_agent": {"enum": ["claude", "codex", "gemini"], "description": "Witnessed runs: the agent whose "
                      "hooks saw the conversation start (Claude Code, Codex CLI or Gemini CLI); its records "
                      "are backed by that agent's own transcript."},
}
WITNESS_PROPERTY = {
    "witness": {
        "type": "object", "additionalProperties": False, "required": ["seq", "quote"],
        "description": "Witnessed runs: the user prompt that gave this answer (`argcheck witness` prints its "
                       "seq) and the user's words quoted verbatim from it.",
        "properties": {"seq": {"type": "integer", "minimum": 1},
                       "quote": {"type": "string", "minLength": 1, "maxLength": 2000, "pattern": "\\S"}},
    },
}
DOC_KEYS = ("title", "description")


def models_of(protocol: str):
    return importlib.import_module(f"argcheck.protocols.{protocol}.models")


def move_schemas(protocol: str) -> dict[str, dict]:
    """One self-contained JSON Schema per move type, for the move as an agent writes it."""
    result = {}
    for model in models_of(protocol).MOVE_MODELS:
        kind = model.model_fields["type"].annotation.__args__[0]
        schema = model.model_json_schema()
        if _admits_user(schema.get("properties", {}).get("actor")):
            schema["properties"] = {**schema["properties"], **WITNESS_PROPERTY}
        result[kind] = schema
    return result


def header_schema(protocol: str) -> dict:
    """The JSON Schema of `protocol`'s header, with the fields every protocol's header may carry."""
    schema = models_of(protocol).Header.model_json_schema()
    schema["properties"] = {**schema.get("properties", {}), **HEADER_PROPERTIES}
    return schema


def _admits_user(actor) -> bool:
    """Whether a move's `actor` field can be "user" (a move that records the user's decision)."""
    return isinstance(actor, dict) and "user" in json.dumps(actor)


def stored_move_schemas(protocol: str) -> dict[str, dict]:
    """Move schemas that also admit the stamps apply adds (seq, prev, at), so replay need not copy moves.

    The stamps' own checks (and the refusal of stamps supplied by an agent) live in replay/lifecycle.
    """
    result = {}
    for kind, schema in move_schemas(protocol).items():
        schema["properties"] = {**STAMP_PROPERTIES, **schema["properties"]}
        result[kind] = schema
    return result


def state_schema(protocol: str) -> dict:
    """The JSON Schema of a whole state file of `protocol`, as stored on disk."""
    defs: dict = {}
    header = _hoist(header_schema(protocol), defs)
    defs["Header"] = header
    refs = []
    for kind, schema in move_schemas(protocol).items():
        stored = _hoist(schema, defs)
        stored["properties"] = {**STAMP_PROPERTIES, **stored["properties"]}
        stored["required"] = ["seq", "prev", "at", *stored.get("required", [])]
        name = stored.get("title", kind)
        defs[name] = stored
        refs.append({"$ref": f"#/$defs/{name}"})
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://argcheck.dev/schemas/{protocol}.schema.json",
        "title": f"argcheck {protocol} state file",
        "type": "object",
        "additionalProperties": False,
        "required": list(envelope.TOP_LEVEL_FIELDS),
        "properties": {
            "format": {"const": envelope.FORMAT},
            "version": {"const": envelope.VERSION},
            "protocol": {"const": protocol},
            "id": {"type": "string", "minLength": 1, "maxLength": 64},
            "created_at": {"type": "string"},
            "header": {"$ref": "#/$defs/Header"},
            "status": {"type": "string"},
            "updated_at": {"type": "string"},
            "move_count": {"type": "integer", "minimum": 0},
            "head": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
            "moves": {"type": "array", "items": {"anyOf": refs}},
        },
        "$defs": dict(sorted(defs.items())),
    }


def _hoist(schema: dict, defs: dict) -> dict:
    schema = copy.deepcopy(schema)
    defs.update(schema.pop("$defs", {}))
    return schema


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


# ADR (2026-11): the shape checkers stay generated source, committed and drift-checked, rather than being
# compiled from the schemas at run time with a cache. Reasons: the hot path (`validate`, `apply`) then imports
# neither pydantic nor jsonschema nor fastjsonschema, and pays no compile step or cache lookup; there is no
# cache to go stale, to lock, or to write from a read-only install; a reviewer sees every change to a
# protocol's shapes as a diff. Cost: about 1-2k generated lines per protocol in the tree, which
# tests/unit/test_generated_files.py keeps in step with models.py. Revisit if a protocol's shapes grow so
# large that import time of `_shapes.py` shows up in bench/ (then: compile lazily into the user cache dir).
def shapes_module(protocol: str) -> str:
    """Python source of fast shape checkers for every move type and the header (generated)."""
    import fastjsonschema

    parts = [
        f'"""GENERATED by `python checker/tools/generate.py` from {protocol}/models.py: do not edit."""',
        "# ruff: noqa",
        "",
    ]
    names = {}
    targets = {"header": header_schema(protocol), **stored_move_schemas(protocol)}
    for index, (kind, schema) in enumerate(targets.items()):
        code = fastjsonschema.compile_to_code(_strip_docs(schema))
        parts.append(_rename(code, f"_v{index}", first=index == 0))
        names[kind] = f"_v{index}"
    table = ", ".join(f"{k!r}: {v}" for k, v in names.items())
    parts.append(f"VALIDATORS = {{{table}}}\n")
    nullable = {kind: sorted(_nullable_fields(schema)) for kind, schema in targets.items()}
    parts.append(f"NULLABLE = {{{', '.join(f'{k!r}: frozenset({v!r})' for k, v in nullable.items())}}}\n")
    return "\n".join(parts)


def _nullable_fields(schema: dict) -> set[str]:
    """Top-level fields whose schema admits null (Optional[...] in the model)."""
    return {name for name, spec in schema.get("properties", {}).items()
            if {"type": "null"} in spec.get("anyOf", [])}


def _strip_docs(schema):
    """Drop documentation keys and collapse Optional[X] to X (None values are removed before checking)."""
    if isinstance(schema, dict):
        options = schema.get("anyOf")
        if options and len(options) == 2 and {"type": "null"} in options:
            rest = dict(schema, **[o for o in options if o != {"type": "null"}][0])
            rest.pop("anyOf")
            schema = rest
        # Under "properties" the keys are field names (a field may be called title or description).
        return {k: ({name: _strip_docs(field) for name, field in v.items()} if k == "properties" else _strip_docs(v))
                for k, v in schema.items() if k not in DOC_KEYS and k != "default"}
    if isinstance(schema, list):
        return [_strip_docs(v) for v in schema]
    return schema


EXCEPTION_STUB = '''
class JsonSchemaValueException(ValueError):
    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.message, self.value, self.name, self.rule = message, value, name, rule


JsonSchemaValuesException = JsonSchemaValueException


class Decimal:
    """Stands in for decimal.Decimal, whose import costs a short call 1-2 ms: states are parsed by json
    (numbers become int or float) and written by json, which cannot write a Decimal anyway."""


'''


def _rename(code: str, prefix: str, first: bool) -> str:
    kept = []
    for line in code.splitlines():
        if line.startswith(("VERSION =", "from fastjsonschema import")):
            continue
        if line.startswith("from decimal import"):
            continue
        if not first and line.startswith(("import re", "NoneType =")):
            continue
        kept.append(line)
    if first and "import re" not in kept:  # the header needs no pattern, but a move's checker may (prev does)
        kept.insert(0, "import re")
    text = re.sub(r"\bvalidate(\w*)\(", rf"{prefix}\1(", "\n".join(kept))
    # JSON Schema lets 1.0 pass as an integer; a move's integer (an index, a count) must be a JSON integer.
    text = re.sub(r" and not \(isinstance\((\w+), float\) and \1\.is_integer\(\)\)", "", text)
    text = text.replace("REGEX_PATTERNS", f"{prefix}_REGEX")
    return (EXCEPTION_STUB if first else "") + text + "\n"
