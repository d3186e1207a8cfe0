"""Regenerate every generated file (schemas, shape checkers, rule catalogue, README blocks).

Usage: python checker/tools/generate.py [--check]
With --check nothing is written; the exit status is 1 if any generated file is out of date.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "checker", "src"))

from argcheck import docsgen, protocols, schemagen  # noqa: E402


def targets() -> dict[str, str]:
    files = {}
    for protocol in protocols.names():
        files[f"state/schemas/{protocol}.schema.json"] = schemagen.schema_text(schemagen.state_schema(protocol))
        files[f"checker/src/argcheck/protocols/{protocol}/_shapes.py"] = schemagen.shapes_module(protocol)
    files.update(docsgen.generated_files(ROOT))
    return files


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for relative, text in targets().items():
        path = os.path.join(ROOT, relative)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == text:
            continue
        stale.append(relative)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
    verb = "out of date" if check else "written"
    for relative in stale:
        print(f"{verb}: {relative}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
