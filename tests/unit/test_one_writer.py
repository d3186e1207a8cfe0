"""One way to write a file: no module of the package but files/writing.py opens, creates, renames or links a
file for writing, so a second writer (one that would follow a link planted in .argcheck/) cannot come back.

Read statically from every call in the package: open() with a mode that writes, os.open() with any flag but
the known read-only ones (os.fdopen only wraps a descriptor: the call that opened it is the one checked),
os.replace / rename / link / symlink / makedirs / mkdir, tempfile, shutil's copies and moves, pathlib's
write_text / write_bytes / touch / mkdir. Deleting (os.unlink, shutil.rmtree) is not writing: it removes the
name, never what a link points to.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "checker" / "src" / "argcheck"
WRITER = PACKAGE / "files" / "writing.py"

READ_FLAGS = {"os", "O_RDONLY", "O_NONBLOCK", "O_DIRECTORY", "O_NOFOLLOW", "O_CLOEXEC", "O_BINARY"}
OS_WRITERS = {"replace", "rename", "renames", "link", "symlink", "makedirs", "mkdir", "mkfifo", "truncate"}
PATH_WRITERS = {"write_text", "write_bytes", "touch", "mkdir", "symlink_to", "hardlink_to"}
MODULE_WRITERS = {"tempfile": None, "shutil": {"copy", "copy2", "copyfile", "copytree", "move", "copyfileobj"}}
# The writer itself, and the shell's file operations a protocol's demo is handed (they call the writer).
SHELL_WRITERS = {"writing", "operations", "files", "self.files"}
# Writes that are no file of argcheck's: the standard streams and /dev/null (module, the call's source).
NOT_FILES = {
    ("cli/__init__.py", "os.open(os.devnull, os.O_WRONLY)"),
}


def _mode(call: ast.Call, position: int) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == "mode"), None)


def _writes_by_mode(mode: ast.expr | None) -> bool:
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(mark in mode.value for mark in "wax+")
    return True  # a mode computed at run time: it may write


def _names(node: ast.AST) -> set[str]:
    return {n.attr if isinstance(n, ast.Attribute) else n.id for n in ast.walk(node)
            if isinstance(n, (ast.Attribute, ast.Name))}


def raw_write(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == "open" and _writes_by_mode(_mode(call, 1))
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value.id if isinstance(func.value, ast.Name) else None
    if owner == "os" and func.attr == "open":
        flags = call.args[1] if len(call.args) > 1 else None
        return flags is not None and not _names(flags) <= READ_FLAGS  # anything but known read flags may write
    if owner == "os" and func.attr in OS_WRITERS:
        return True
    if owner in MODULE_WRITERS:
        allowed = MODULE_WRITERS[owner]
        return allowed is None or func.attr in allowed
    if func.attr == "open" and owner not in ("webbrowser",):  # io.open, Path.open
        return _writes_by_mode(_mode(call, 0 if owner != "io" else 1))
    return func.attr in PATH_WRITERS and ast.unparse(func.value) not in SHELL_WRITERS


def raw_writes(path: Path) -> list[str]:
    relative = path.relative_to(PACKAGE).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and raw_write(node):
            source = ast.unparse(node)
            if (relative, source) not in NOT_FILES:
                found.append(f"{relative}:{node.lineno}: {source}")
    return found


def package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts and p != WRITER)


def test_no_module_but_the_writer_writes_a_file():
    found = [line for path in package_files() for line in raw_writes(path)]
    assert not found, "write through argcheck.files.writing instead:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    "open(path, 'w')", "open(path, mode='a', encoding='utf-8')", "open(path, 'r+b')", "open(path, how)",
    "os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)", "os.open(path, FLAGS | os.O_APPEND)",
    "os.open(temp, _TEMP_FLAGS, 0o600)",
    "os.replace(a, b)", "os.makedirs(d, exist_ok=True)", "os.link(a, b)",
    "tempfile.mkstemp()", "shutil.copy(a, b)", "Path(p).write_text('x')", "p.open('w')", "io.open(p, 'w')",
    "target.touch()",
])
def test_the_check_sees_every_kind_of_raw_write(source):
    call = ast.parse(source, mode="eval").body
    assert raw_write(call), source


@pytest.mark.parametrize("source", [
    "open(path)", "open(path, 'rb')", "open(path, encoding='utf-8')", "os.open(path, os.O_RDONLY)",
    "os.open(path, os.O_RDONLY | os.O_NONBLOCK)", "os.fdopen(fd, 'rb')", "writing.write_text(p, t)",
    "self.files.write_text(p, t)", "os.unlink(path)", "shutil.rmtree(d)", "text.replace('a', 'b')",
    "webbrowser.open(url)", "os.path.join(a, b)",
])
def test_the_check_leaves_reads_and_deletions_alone(source):
    call = ast.parse(source, mode="eval").body
    assert not raw_write(call), source


def test_the_writer_is_where_the_writes_are():
    assert raw_writes(WRITER), "files/writing.py writes nothing: the check would pass for the wrong reason"
