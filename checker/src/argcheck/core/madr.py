"""A run's decision as an MADR 4 decision record (Markdown Any Decision Records, adr.github.io/madr), pure.

A protocol gives its decision as plain data (its `exports.decision(state)`, see `DECISION_FIELDS`); this module
writes it in the sections of MADR 4.0.0's template: the YAML front matter (status, date, decision-makers,
consulted), "Context and Problem Statement", "Decision Drivers", "Considered Options", "Decision Outcome"
with "Consequences" and "Confirmation", "Pros and Cons of the Options", and "More Information".

Every text comes from an agent, a consultee or a document, so any of it may be hostile: each is flattened to
one line, Markdown's block and inline syntax is backslash-escaped (a hostile text cannot open a heading, a
list, a link, a table or raw HTML), and the front matter holds only values argcheck chose or quoted YAML.
"""

from __future__ import annotations

import re

from argcheck.core.text import flat

# What a protocol's decision holds (every text is plain text, never Markdown):
# title, status (proposed | accepted | rejected | deprecated), context [text], drivers [text],
# options [{title, text, good [text], bad [text]}], chosen (an option's title or None), because (text),
# confidence (text), consequences [{good: bool, text}], confirmation (text), more [text]
DECISION_FIELDS = ("title", "status", "context", "drivers", "options", "chosen", "because", "confidence",
                   "consequences", "confirmation", "more")
STATUSES = ("proposed", "accepted", "rejected", "deprecated")
# Inline syntax anywhere in a line: emphasis, code, links and images, raw HTML and entities, tables, strike,
# math. Plain punctuation (. , : ; ' " ( ) ? ! - + = #) is left as it is: it opens nothing inside a line.
INLINE_SPECIALS = re.compile(r"([\\`*_{}\[\]<>|~&$])")
# Block syntax at a line's start: a heading, a list item, a quote, a thematic break or setext underline.
LINE_START = re.compile(r"^(?:([#+\-=>])|(\d{1,9})([.)]))")
LINE_END = re.compile(r"(^| )(#+)$")  # a heading's closing hashes, which Markdown would drop


def inline(text) -> str:
    """One line of text that Markdown shows as it is: the characters with an inline meaning escaped, and the
    first one when it would open a block (the line may start a paragraph)."""
    escaped = INLINE_SPECIALS.sub(r"\\\1", flat(text))
    escaped = LINE_END.sub(r"\1\\\2", escaped)
    return LINE_START.sub(lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3),
                          escaped, count=1)


def _yaml_quoted(text) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    import json

    return json.dumps(flat(text), ensure_ascii=False)


def record(decision: dict, run: dict) -> str:
    """The MADR 4 Markdown of `decision`; `run` is what the shell adds: id, protocol, head (the hash of the
    last move), moves, witnessed (bool), date (YYYY-MM-DD or ""), source (the state file), errors (the codes
    of its error findings: a record of an invalid run says so first in More Information)."""
    status = decision.get("status") if decision.get("status") in STATUSES else "proposed"
    front = ["---", f"status: {status}"]
    if run.get("date"):
        front.append(f"date: {run['date']}")
    front += [f"decision-makers: {_yaml_quoted(maker)}" for maker in decision.get("makers", ())][:1]
    front.append("---")
    parts = ["\n".join(front), f"# {inline(decision['title'])}", _section("Context and Problem Statement",
             _paragraphs(decision.get("context", ())))]
    if decision.get("drivers"):
        parts.append(_section("Decision Drivers", _bullets(decision["drivers"])))
    options = decision.get("options", ())
    parts.append(_section("Considered Options", _bullets(o["title"] for o in options) or "* (none recorded)"))
    parts.append(_outcome(decision))
    if any(o.get("good") or o.get("bad") or o.get("text") for o in options):
        parts.append(_section("Pros and Cons of the Options", "\n\n".join(_option(o) for o in options)))
    parts.append(_section("More Information", _more(decision, run)))
    return "\n\n".join(parts) + "\n"


def _section(title: str, body: str, level: int = 2) -> str:
    return f"{'#' * level} {title}\n\n{body}"


def _paragraphs(texts) -> str:
    return "\n\n".join(inline(text) for text in texts if flat(text)) or "(not recorded)"


def _bullets(texts) -> str:
    return "\n".join(f"* {inline(text)}" for text in texts)


def _outcome(decision: dict) -> str:
    chosen = decision.get("chosen")
    because = inline(decision.get("because") or "the run records no justification")
    if chosen:
        lines = [f"Chosen option: \"{inline(chosen)}\", because {because}"]
    else:
        lines = [f"No option chosen: {because}"]
    if decision.get("confidence"):
        lines.append(f"Confidence: {inline(decision['confidence'])}")
    body = "\n\n".join(lines)
    consequences = decision.get("consequences", ())
    if consequences:
        items = "\n".join(f"* {'Good' if c.get('good') else 'Bad'}, because {inline(c['text'])}" for c in consequences)
        body += "\n\n" + _section("Consequences", items, 3)
    if decision.get("confirmation"):
        body += "\n\n" + _section("Confirmation", inline(decision["confirmation"]), 3)
    return _section("Decision Outcome", body)


def _option(option: dict) -> str:
    lines = [f"### {inline(option['title'])}"]
    if option.get("text"):
        lines += ["", inline(option["text"])]
    items = [f"* Good, because {inline(text)}" for text in option.get("good", ())]
    items += [f"* Bad, because {inline(text)}" for text in option.get("bad", ())]
    return "\n".join(lines + ([""] + items if items else []))


def _more(decision: dict, run: dict) -> str:
    from argcheck.core.agent_limits import AGENT_NAMES as AGENTS

    whose = f"{AGENTS[run['witness_agent']]}'s" if run.get("witness_agent") in AGENTS else "the agent's"
    witnessed = (f"witnessed: the user's decisions and research were recorded by {whose} hooks"
                 if run.get("witnessed") else
                 "unwitnessed: user decisions and research are as the agent recorded them")
    facts = [f"NOT VALID: the run has error findings ({', '.join(run['errors'])}); run argcheck validate"
             ] if run.get("errors") else []
    facts += [f"argcheck {inline(run.get('protocol', ''))} run {inline(run.get('id', ''))}, "
             f"{run.get('moves', 0)} moves",
             f"hash of its last move: {inline(run.get('head') or '(no move yet)')}",
             witnessed]
    if run.get("source"):
        facts.append(f"state file: {inline(run['source'])} (check it with argcheck verify)")
    facts += [inline(text) for text in decision.get("more", ())]
    return "\n".join(f"* {fact}" for fact in facts)
