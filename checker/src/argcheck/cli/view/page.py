"""One run's page: header, the protocol's picture, findings, move timeline, hash chain and report (pure)."""

from __future__ import annotations

import json

from argcheck.cli.view import assets, drawing, report, run as runs
from argcheck.core import tokencost
from argcheck.cli.view.markup import anchor, element, esc, key_values, text_element

SEVERITY_TONE = {"error": "bad", "warning": "warn"}


def document(title: str, body: str, live: str = "", head: str = "") -> str:
    """A whole HTML document around `body`, with the policy, the style sheet and the script inline."""
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{esc(assets.policy(bool(live)))}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="referrer" content="no-referrer">'
            f"<title>{esc(title)}</title><style>{assets.STYLE}</style></head>"
            f'<body{" data-live=" + chr(34) + esc(live) + chr(34) if live else ""} data-head="{esc(head)}">'
            '<a class="skip" href="#main">Skip to the content</a>'
            f'<main id="main">{body}</main><script>{assets.SCRIPT}</script></body></html>\n')


def run_page(run: runs.Run, live: str = "", answer: str = "") -> str:
    """The run's page; `live`: the head endpoint a served page polls; `answer`: the served page's "Your answer"
    section (cli/view/forms.py), drawn before the picture."""
    spec, header = run.spec, run.doc.get("header") or {}
    subject = spec.subject_of(header) or "(no subject)"
    per_move, general = runs.findings_by_move(run.findings)
    sections = run.picture.get("sections", [])
    cost = runs.measured_cost(run)
    parts = [
        element("p", f"argcheck run · {esc(run.path)}", class_="tone-muted"),
        text_element("h1", subject),
        _live_banner(live),
        answer,
        _nav(sections),
        _header(run, header, cost),
        element("section", element("h2", "Picture", id="picture")
                + "".join(drawing.section(s, n) for n, s in enumerate(sections))
                + ("" if sections else element("p", "This protocol draws no picture; see the report below.")),
                aria_labelledby="picture"),
        _findings(run, per_move, general),
        _timeline(run, per_move),
        _report(run, cost),
    ]
    title = f"{spec.name} · {run.status} · {subject}"
    return document(title, "".join(parts), live, str(run.doc.get("head", "")))


def _report(run: runs.Run, cost: dict) -> str:
    intro = element("p", f"What <code>argcheck render {esc(run.path)} --format md</code> prints.", class_="tone-muted")
    body = element("div", report.to_html(runs.report_text(run, cost)), class_="report-doc")
    return element("section", element("h2", "Report", id="report") + intro + body, aria_labelledby="report")


def _live_banner(live: str) -> str:
    if not live:
        return ""
    return element("p", "Live view: this page reloads when a move lands.", class_="live", role="status")


def _nav(sections) -> str:
    links = [("picture", "Picture"), ("findings", "Findings"), ("moves", "Moves"), ("report", "Report")]
    items = "".join(element("li", element("a", esc(label), href=f"#{key}")) for key, label in links)
    items += "".join(element("li", element("a", esc(s.get("title", "")), href="#" + anchor("section", n)))
                     for n, s in enumerate(sections))
    return element("nav", element("ul", items), aria_label="On this page")


def _header(run: runs.Run, header: dict, cost: dict) -> str:
    chain_tone, chain = runs.chain_status(run)
    valid_tone, valid = runs.validate_line(run)
    rows = [("Protocol", run.spec.name), ("Subject", run.spec.subject_of(header) or "—"),
            ("Mode", header.get("mode") or "—"), ("Status", run.status), ("Witnessed", runs.witnessed(header)),
            ("Run id", run.doc.get("id", "")), ("Created", run.doc.get("created_at", "")),
            ("Last change", run.doc.get("updated_at", "")), ("Moves", len(run.doc.get("moves", []))),
            ("Tokens", tokencost.cost_lines(cost)[0])]
    answered = sum(1 for move in run.doc.get("moves", []) if isinstance(move, dict) and move.get("via") == "page")
    if answered:
        rows.append(("Answered in the page", f"{answered} user move{'s' if answered != 1 else ''} (via page)"))
    rows += [(str(label), str(value)) for label, value in run.picture.get("summary", [])]
    checks = element("dl", _check("Validate", valid, valid_tone) + _check("Hash chain", chain, chain_tone),
                     class_="facts", id="chain")
    return element("section", element("h2", "Run", id="run") + key_values(rows) + checks, aria_labelledby="run")


def _check(label: str, sentence: str, tone: str) -> str:
    return element("dt", esc(label)) + element("dd", text_element("span", sentence, class_=f"tone-{tone}"))


def _finding_item(found, link: bool) -> str:
    tone = SEVERITY_TONE.get(found.severity, "info")
    where = ""
    index = runs.findings_by_move([found])[0]
    if link and index:
        number = next(iter(index))
        where = " " + element("a", f"move {number + 1}", href="#" + anchor("move", number + 1))
    text = (text_element("span", found.severity, class_=f"badge tone-{tone}") + " "
            + text_element("strong", f"{found.code} {found.name}") + ": " + esc(found.message)
            + (element("span", " — " + esc(found.hint), class_="tone-muted") if found.hint else "") + where)
    return element("li", text, data_finding=found.code)


def _findings(run, per_move, general) -> str:
    if not run.findings:
        body = element("p", "No findings: every rule holds.")
    else:
        ordered = list(general) + [f for index in sorted(per_move) for f in per_move[index]]
        body = element("ul", "".join(_finding_item(f, True) for f in ordered), class_="findings")
    return element("section", element("h2", f"Findings ({len(run.findings)})", id="findings") + body,
                   aria_labelledby="findings")


def _timeline(run, per_move) -> str:
    items = [_move(run, index, move, per_move.get(index, [])) for index, move in enumerate(run.doc.get("moves", []))]
    hint = element("p", "Each move opens to show its JSON (Enter or a click); arrow keys go from move to move.",
                   class_="tone-muted")
    head = element("div", "".join(text_element("span", c) for c in ("#", "Time", "Type", "Actor", "Findings")),
                   class_="timeline-head", aria_hidden="true")
    return element("section", element("h2", f"Moves ({len(items)})", id="moves") + hint + head
                   + element("ol", "".join(items), class_="timeline", id="timeline")
                   + _data_block("move-data", run.doc.get("moves", [])), aria_labelledby="moves")


def _data_block(name: str, value) -> str:
    """`value` as an inert JSON data block (never executed); the markup-significant characters are escaped, so
    no text in it can close the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                       ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return f'<script type="application/json" id="{name}">{text}</script>'


def _move(run, index: int, move, found) -> str:
    number = index + 1
    move = move if isinstance(move, dict) else {"value": move}
    worst = "bad" if any(f.severity == "error" for f in found) else ("warn" if found else "muted")
    summary = element("summary", "".join([
        text_element("span", f"#{move.get('seq', number)}"), text_element("span", move.get("at", "")),
        text_element("strong", move.get("type", "?")), text_element("span", runs.actor(run, move)),
        text_element("span", f"{len(found)} finding{'s' if len(found) != 1 else ''}" if found else "—",
                     class_=f"tone-{worst}")]))
    notes = element("ul", "".join(_finding_item(f, False) for f in found), class_="findings") if found else ""
    body = notes + element("pre", "", class_="move-json", data_move=str(index))  # the script fills it on opening
    return element("li", element("details", summary + body, id=anchor("move", number), class_="move",
                                 data_type=str(move.get("type", ""))))
