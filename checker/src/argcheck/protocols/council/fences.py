"""Data fences for prompts: a boundary the fenced text cannot close.

A prompt that hands a model untrusted text (a document, other personas' critiques) wraps it in
`<name-TOKEN>` ... `</name-TOKEN>`. TOKEN is derived from the fenced texts themselves and checked not
to occur in any of them, so no text can hold the line that ends its own fence (a `</document>` inside a
document is only text). Content-derived rather than random, so the same state gives the same prompt.
"""

from __future__ import annotations

import hashlib

TOKEN_LENGTH = 16


def boundary(*texts: str) -> str:
    """A token (hex digits) that occurs in none of `texts`."""
    seed = hashlib.sha256("\0".join(texts).encode("utf-8", "surrogatepass"))
    for attempt in range(1000):
        token = hashlib.sha256(seed.digest() + attempt.to_bytes(4, "big")).hexdigest()[:TOKEN_LENGTH]
        if not any(token in text for text in texts):
            return token
    raise ValueError("no fence token found that the texts do not contain")  # 1000 hex tokens all present


def fenced(name: str, token: str, text: str, attributes: str = "") -> str:
    """`text` between the opening and closing lines of the fence `name-token`."""
    opening = f"<{name}-{token}{' ' + attributes if attributes else ''}>"
    body = text if text.endswith("\n") else text + "\n"
    return f"{opening}\n{body}</{name}-{token}>"
