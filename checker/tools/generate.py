"""Regenerate every generated file: schemas, shape checkers, rule catalogue and rule index, README blocks,
the skills' persona copies, the Gemini policy's consent table, and the example state files (from
checker/tools/examples/make_*_examples.py).

Usage: python checker/tools/generate.py [--check]
With --check nothing is written; the exit status is 1 if any generated file is out of date.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "checker", "src", "argcheck")
sys.path.insert(0, os.path.join(ROOT, "checker", "src"))
EXAMPLES = os.path.join(ROOT, "checker", "tools", "examples")
sys.path.insert(1, EXAMPLES)

from argcheck.generate import consenttable, docsgen  # noqa: E402
from argcheck.core import discovery, ruleindex, schemagen  # noqa: E402
from argcheck.files import statefile  # noqa: E402
from argcheck.core.personas import FOLDER as PERSONAS  # noqa: E402
from argcheck.core.personas import REFERENCES  # noqa: E402


def protocol_files() -> dict[str, str]:
    """Per protocol: its JSON Schema, its shape checkers and the skill's copies of its personas and references."""
    files = {}
    for spec in discovery.specs():
        name = spec.name
        files[f"state/schemas/{name}.schema.json"] = schemagen.schema_text(schemagen.state_schema(name))
        files[f"checker/src/argcheck/protocols/{name}/_shapes.py"] = schemagen.shapes_module(name)
        for folder in (PERSONAS, REFERENCES):
            source = Path(PACKAGE, "protocols", name, folder)
            for template in sorted(source.glob("*.md")) if source.is_dir() else ():
                files[f"skills/{name}/{folder}/{template.name}"] = template.read_text(encoding="utf-8")
    return files


def example_files() -> dict[str, bytes]:
    """Every example generator's files: checker/tools/examples/make_*_examples.py, and a protocol's own
    `examples.py` (in its folder) when it has one."""
    files = {}
    for maker in sorted(Path(EXAMPLES).glob("make_*_examples.py")):
        files.update(importlib.import_module(maker.stem).generated_files())
    for spec in discovery.specs():
        if spec.has_part("examples"):  # a protocol's own generator gives state documents: serialized here
            made = spec.part("examples").generated_files()
            files.update({path: statefile.serialize(doc) for path, doc in made.items()})
    return files


def rule_index_files() -> dict[str, str]:
    """rule_index.json beside each rule catalogue: where each code is checked and tested."""
    by_protocol: dict[str, list[str]] = {}
    for rule in discovery.load_all_rules().values():
        by_protocol.setdefault(rule.protocol, []).append(rule.code)
    files = {}
    for protocol, codes in by_protocol.items():
        folder = os.path.dirname(discovery.catalogue_module(protocol).__file__)
        relative = os.path.relpath(os.path.join(folder, ruleindex.INDEX_FILE), ROOT).replace(os.sep, "/")
        files[relative] = ruleindex.index_text(ruleindex.build(codes, PACKAGE, ROOT))
    return files


# In order: the docs read the rule index, which reads the examples; each stage is written before the next.
STAGES = (protocol_files, example_files, rule_index_files, lambda: docsgen.generated_files(ROOT),
          consenttable.generated_files)


def main(argv: list[str]) -> int:
    if any(arg in ("-h", "--help") for arg in argv):
        print(__doc__.strip())
        return 0
    unknown = [arg for arg in argv if arg != "--check"]
    if unknown:
        print(f"generate.py: unknown argument {unknown[0]!r} (see --help)", file=sys.stderr)
        return 2
    check = "--check" in argv
    stale = []
    for stage in STAGES:
        stale += _refresh(stage(), check)
    verb = "out of date" if check else "written"
    for relative in stale:
        print(f"{verb}: {relative}")
    return 1 if check and stale else 0


def _refresh(files: dict[str, str | bytes], check: bool) -> list[str]:
    """Compare `files` with the tree; write the differing ones unless `check`. Returns them."""
    stale = []
    for relative, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        path = os.path.join(ROOT, relative)
        current = Path(path).read_bytes() if os.path.exists(path) else None
        if current == data:
            continue
        stale.append(relative)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            Path(path).write_bytes(data)
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
