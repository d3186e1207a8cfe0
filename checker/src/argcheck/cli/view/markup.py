"""Escaping and small element builders for the view's HTML: every text from a run goes through `esc`."""

from __future__ import annotations

import html
import re

_ID_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def esc(text) -> str:
    """`text` as HTML text or a quoted attribute value: & < > " ' all escaped."""
    return html.escape("" if text is None else str(text), quote=True)


def anchor(prefix: str, key) -> str:
    """A safe element id for `key` (ids from the run are free text too)."""
    return f"{prefix}-{_ID_UNSAFE.sub('_', str(key))}"


def attrs(**values) -> str:
    """HTML attributes from keyword arguments (a trailing _ is dropped, _ becomes -); None is left out."""
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


def element(tag: str, body: str = "", **values) -> str:
    """`<tag attrs>body</tag>`; `body` must already be HTML (escape text with `esc`)."""
    return f"<{tag}{attrs(**values)}>{body}</{tag}>"


def text_element(tag: str, text, **values) -> str:
    return element(tag, esc(text), **values)


def paragraphs(text) -> str:
    """Free text as escaped paragraphs (blank lines split them, single newlines become <br>)."""
    blocks = [b for b in re.split(r"\n\s*\n", str(text or "").strip()) if b.strip()]
    return "".join(element("p", "<br>".join(esc(line) for line in b.splitlines())) for b in blocks)


def key_values(rows, cls: str = "facts") -> str:
    """A definition list of (label, value) rows; values are text."""
    items = "".join(element("dt", esc(k)) + element("dd", esc(v)) for k, v in rows)
    return element("dl", items, class_=cls)
