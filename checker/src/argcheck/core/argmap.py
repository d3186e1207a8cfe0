"""A run's argument map in Argdown syntax (argdown.org) and as AIF JSON (the Argument Interchange Format, in the
layout AIFdb and OVA exchange), pure.

A protocol gives its map as plain data (its `exports.argument_map(state)`): a title, statements
[{id, text}] and relations [{source, target, kind}] where kind is support (the source is a reason for the
target), attack (the source speaks against it) or rephrase (the source restates or merges into it).

Argdown: each statement is defined once, `[Title]: text`, and the relations hang under their target,
`<+ [Source]` (support) or `<- [Source]` (attack); Argdown has no rephrase relation, so a rephrase is written
as support. Titles are made from the statements' ids (letters, digits and spaces only), and every character
of a text that has a meaning in Argdown is backslash-escaped, so a hostile text stays text.

AIF: every statement is an I-node; every relation is a scheme node between its two I-nodes, RA for support
(an inference), CA for attack (a conflict), MA for rephrase, with an edge from the source into the scheme
node and one from the scheme node to the target.
"""

from __future__ import annotations

import json
import re

from argcheck.core.text import flat

KINDS = ("support", "attack", "rephrase")
ARGDOWN_SPECIALS = re.compile(r"([\\@#*_\[\],.:<>/(){};\-+=~`|!\"'])")
ARGDOWN_RELATION = {"support": "<+", "attack": "<-", "rephrase": "<+"}
AIF_SCHEME = {"support": ("RA", "Default Inference"), "attack": ("CA", "Default Conflict"),
              "rephrase": ("MA", "Default Rephrase")}


def argdown_text(text) -> str:
    """Text Argdown reads as plain text: one line, every Argdown control character escaped."""
    return ARGDOWN_SPECIALS.sub(r"\\\1", flat(text)) or "(empty)"


def _titles(statements) -> dict[str, str]:
    """Argdown titles for the statements' ids: letters, digits and single spaces, unique."""
    titles, used = {}, set()
    for number, statement in enumerate(statements, start=1):
        base = " ".join(re.sub(r"[^A-Za-z0-9]+", " ", str(statement["id"])).split()) or f"S{number}"
        title = base if base not in used else f"{base} {number}"
        used.add(title)
        titles[statement["id"]] = title
    return titles


def argdown(argument_map: dict) -> str:
    """The map in Argdown: a heading, then each statement with the relations it receives."""
    statements = argument_map["statements"]
    titles = _titles(statements)
    incoming: dict[str, list] = {}
    for relation in argument_map["relations"]:
        if relation["source"] in titles and relation["target"] in titles:
            incoming.setdefault(relation["target"], []).append(relation)
    blocks = [f"# {argdown_text(argument_map['title'])}"]
    for statement in statements:
        lines = [f"[{titles[statement['id']]}]: {argdown_text(statement['text'])}"]
        lines += [f"  {ARGDOWN_RELATION[r['kind']]} [{titles[r['source']]}]" for r in incoming.get(statement["id"], ())]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def aif(argument_map: dict) -> str:
    """The map as AIF JSON: {nodes, edges, locutions}."""
    nodes, edges, ids = [], [], {}
    for statement in argument_map["statements"]:
        ids[statement["id"]] = str(len(nodes) + 1)
        nodes.append({"nodeID": ids[statement["id"]], "text": flat(statement["text"]), "type": "I", "timestamp": ""})
    for relation in argument_map["relations"]:
        if relation["source"] not in ids or relation["target"] not in ids:
            continue
        node_type, text = AIF_SCHEME[relation["kind"]]
        scheme = str(len(nodes) + 1)
        nodes.append({"nodeID": scheme, "text": text, "type": node_type, "timestamp": ""})
        for source, target in ((ids[relation["source"]], scheme), (scheme, ids[relation["target"]])):
            edges.append({"edgeID": str(len(edges) + 1), "fromID": source, "toID": target, "formEdgeID": None})
    document = {"nodes": nodes, "edges": edges, "locutions": []}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
