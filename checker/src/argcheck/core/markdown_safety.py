"""Markdown that shows hostile text as text: no raw HTML, no script link (pure).

Every text in a report comes from an agent, a consultee or a document, so any of it may be hostile. A
Markdown viewer passes raw HTML through, so `<script>` in a claim would run there. `neutralize` rewrites a
report so that, outside code (fenced blocks and code spans, which viewers show verbatim):

- every `<` becomes `&lt;`: no tag, comment or autolink can open;
- a link or image whose destination is not http(s), mailto or a #fragment loses its link syntax (`](` becomes
  `]\\(`, and a `[label]:` definition line becomes `\\[label]:`), so `javascript:` stays text.
"""

from __future__ import annotations

import re

# The patterns are compiled when a report needs them (re keeps them): most reports need none of them.
FENCE = r"^ {0,3}(`{3,}|~{3,})"
SAFE_TARGET = r"(?:https?://|mailto:|#)"
UNSAFE_LINK = r"(?i)\]\((?!\s*<?\s*" + SAFE_TARGET + ")"
UNSAFE_DEFINITION = r"(?i)^( {0,3})\[(?=[^\]]+\]:(?!\s*<?\s*" + SAFE_TARGET + "))"
CODE_SPAN = r"(?<!\\)(`+)"


def neutralize(markdown: str) -> str:
    """`markdown` with raw HTML and script links outside code turned into text."""
    if not _may_change(markdown):
        return markdown  # the usual report: nothing to rewrite, so no line needs parsing
    lines, fence = [], None
    for line in markdown.split("\n"):
        opened = re.match(FENCE, line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            lines.append(line)
        elif opened:
            fence = opened.group(1)
            lines.append(line)
        elif _may_change(line):
            lines.append(_inline(re.sub(UNSAFE_DEFINITION, r"\1\\[", line)))
        else:
            lines.append(line)
    return "\n".join(lines)


def _may_change(text: str) -> bool:
    """Whether `text` holds anything neutralize rewrites: a `<`, a link `](` or a definition `]:`."""
    return "<" in text or "](" in text or "]:" in text


def _inline(line: str) -> str:
    """One line, its code spans kept verbatim (a run of n backticks closes at the next run of exactly n)."""
    out, at = [], 0
    while at < len(line):
        opening = re.compile(CODE_SPAN).search(line, at)
        if opening is None:
            break
        closing = _closing(line, opening)
        if closing is None:
            out.append(_text(line[at:opening.end()]))
            at = opening.end()
            continue
        out.append(_text(line[at:opening.start()]) + line[opening.start():closing])
        at = closing
    out.append(_text(line[at:]))
    return "".join(out)


def _closing(line: str, opening) -> int | None:
    width = len(opening.group(1))
    for run in re.finditer(r"`+", line[opening.end():]):
        if len(run.group(0)) == width:
            return opening.end() + run.end()
    return None


def _text(segment: str) -> str:
    return re.sub(UNSAFE_LINK, "]\\\\(", segment.replace("<", "&lt;"))
