"""The index page of a folder of runs: one row per state file, linking to its page (written beside it)."""

from __future__ import annotations

import glob
import os

from argcheck.core.jsonio import InputError
from argcheck.cli.view import page, run as runs
from argcheck.cli.view.markup import element, esc, text_element


def scan(folder: str):
    """(runs, problems): every state file in `folder` replayed, and a line for each file that is not one."""
    found, problems = [], []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        try:
            found.append(runs.load(path))
        except (InputError, runs.NotARun) as why:
            problems.append((path, why.finding.message if isinstance(why, InputError) else str(why)))
    found.sort(key=lambda r: str(r.doc.get("updated_at", "")), reverse=True)
    return found, problems


def index_page(folder: str, found, problems) -> str:
    rows = "".join(_row(r) for r in found)
    head = "".join(text_element("th", c, scope="col")
                   for c in ("Protocol", "Subject", "Status", "Moves", "Findings", "Last change"))
    table = element("table", element("thead", element("tr", head)) + element("tbody", rows), id="runs")
    body = [text_element("h1", f"argcheck runs in {folder}"),
            element("p", f"{len(found)} run{'s' if len(found) != 1 else ''}, the latest change first. "
                         "Each subject links to the run's page."),
            element("div", table, class_="table-frame") if found else element("p", "No state file here.")]
    if problems:
        items = "".join(text_element("li", f"{os.path.basename(p)}: {why}") for p, why in problems)
        body.append(element("h2", "Files that are not runs") + element("ul", items))
    return page.document(f"argcheck runs · {folder}", "".join(body))


def _row(run) -> str:
    link = os.path.basename(runs.page_path(run.path))
    subject = run.spec.subject_of(run.doc.get("header") or {}) or os.path.basename(run.path)
    tone, _ = runs.validate_line(run)
    cells = [text_element("td", run.spec.name),
             element("td", element("a", esc(subject), href=link)),
             text_element("td", run.status),
             text_element("td", len(run.doc.get("moves", []))),
             element("td", text_element("span", len(run.findings), class_=f"tone-{tone}")),
             text_element("td", run.doc.get("updated_at", ""))]
    return element("tr", "".join(cells), data_state=os.path.basename(run.path))


def write_all(folder: str, output: str | None = None) -> tuple[str, list, list]:
    """Write every run's page beside its state file and the index (default FOLDER/index.html)."""
    found, problems = scan(folder)
    for run in found:
        write(runs.page_path(run.path), page.run_page(run))
    target = output or os.path.join(folder, "index.html")
    write(target, index_page(folder, found, problems))
    return target, found, problems


def write(path: str, text: str) -> None:
    """Write a page atomically for a browser that may be reading it (an exclusive temp file, then rename)."""
    from argcheck.files import writing

    writing.make_dirs(os.path.dirname(os.path.abspath(path)))
    writing.write_text(path, text)
