"""The protocol's Markdown report as HTML: the subset the reports use (headings, paragraphs, lists, tables,
quotes, fenced code, code spans, bold and italics), every text escaped, every link shown as text (pure).

The reports come through `argcheck.core.markdown_safety`, which turned `<` into `&lt;` outside code; that is
undone here before escaping, so the page shows the character, once, as text.
"""

from __future__ import annotations

import re

from argcheck.cli.view.markup import element, esc

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
ITEM = re.compile(r"^(\s*)(?:[-*]|(\d+)\.)\s+(.*)$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)\)")
ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>])")


def to_html(markdown: str) -> str:
    lines = markdown.replace("\r\n", "\n").split("\n")
    out, at = [], 0
    while at < len(lines):
        at = _block(lines, at, out)
    return "".join(out)


def _block(lines: list, at: int, out: list) -> int:
    line = lines[at]
    if not line.strip():
        return at + 1
    fence = FENCE.match(line)
    if fence:
        end = next((n for n in range(at + 1, len(lines)) if lines[n].strip().startswith(fence.group(1))), len(lines))
        out.append(element("pre", element("code", esc("\n".join(lines[at + 1:end])))))
        return end + 1
    heading = HEADING.match(line)
    if heading:
        level = min(len(heading.group(1)) + 2, 6)
        out.append(element(f"h{level}", inline(heading.group(2))))
        return at + 1
    if line.lstrip().startswith("|"):
        return _table(lines, at, out)
    if line.lstrip().startswith(">"):
        end = _run(lines, at, lambda text: text.lstrip().startswith(">"))
        inner = "\n".join(re.sub(r"^\s*> ?", "", text) for text in lines[at:end])
        out.append(element("blockquote", to_html(inner)))
        return end
    if ITEM.match(line):
        return _list(lines, at, out)
    end = _run(lines, at, lambda text: text.strip() and not _starts_block(text))
    out.append(element("p", inline(" ".join(text.strip() for text in lines[at:max(end, at + 1)]))))
    return max(end, at + 1)


def _starts_block(text: str) -> bool:
    stripped = text.lstrip()
    return bool(FENCE.match(text) or HEADING.match(text) or ITEM.match(text) or stripped.startswith(("|", ">")))


def _run(lines: list, at: int, keep) -> int:
    end = at
    while end < len(lines) and keep(lines[end]):
        end += 1
    return end


def _table(lines: list, at: int, out: list) -> int:
    end = _run(lines, at, lambda text: text.lstrip().startswith("|"))
    rows = [_cells(text) for text in lines[at:end]]
    head, body = [], rows
    if len(rows) > 1 and all(re.fullmatch(r":?-{3,}:?", c.strip()) for c in rows[1]):
        head, body = rows[0], rows[2:]
    thead = element("thead", element("tr", "".join(element("th", inline(c)) for c in head))) if any(head) else ""
    tbody = element("tbody", "".join(element("tr", "".join(element("td", inline(c)) for c in row)) for row in body))
    out.append(element("div", element("table", thead + tbody), class_="table-frame"))
    return end


def _cells(text: str) -> list:
    text = text.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", text)]


def _list(lines: list, at: int, out: list) -> int:
    """Items, nested by indentation; a line that continues an item joins it."""
    html, stack, end = [], [], at
    while end < len(lines) and lines[end].strip():
        item = ITEM.match(lines[end])
        if not item:
            if not stack or _starts_block(lines[end]):
                break
            html[-1] = html[-1][:-len("</li>")] + " " + inline(lines[end].strip()) + "</li>"
            end += 1
            continue
        indent, tag = len(item.group(1)), "ol" if item.group(2) else "ul"
        while stack and indent < stack[-1][0]:
            html.append(f"</{stack.pop()[1]}></li>")
        if not stack or indent > stack[-1][0]:
            if stack:
                html[-1] = html[-1][:-len("</li>")]
            html.append(f"<{tag}>")
            stack.append((indent, tag))
        html.append(element("li", inline(item.group(3))))
        end += 1
    while stack:
        html.append(f"</{stack.pop()[1]}>" + ("</li>" if stack else ""))
    out.append("".join(html))
    return end


def inline(text: str) -> str:
    """One line's inline Markdown: code spans verbatim, the rest escaped, with bold, italics and links as text."""
    parts, at = [], 0
    for span in CODE_SPAN.finditer(text):
        parts.append(_styled(text[at:span.start()]))
        parts.append(element("code", esc(span.group(2).strip() if span.group(2).strip() else span.group(2))))
        at = span.end()
    parts.append(_styled(text[at:]))
    return "".join(parts)


def _styled(text: str) -> str:
    text = LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(2) else m.group(1), text)
    text = esc(ESCAPED.sub(r"\1", text.replace("&lt;", "<")))
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"(?<![\w*])_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<em>\1</em>", text)
