"""A page form's posted values, read into a move's fields (pure; the protocols' forms.py use these).

A form posts text: `values` maps each field name to the list of its posted strings. Each reader takes only
what the form offered (a listed choice, an item's number) and raises FormProblem naming the field otherwise,
so the protocol's own rules judge a well-formed move and the page shows the problem beside the form (ARG043).

A form itself is plain data: {"move", "title", "question", "context": [{"heading", "items"}], "fields"}; a
field is {"kind": "choices", "name", "legend", "options": [{"value", "label"}], "multiple", "checked"},
{"kind": "text", "name", "label", "lines", "hint"} or {"kind": "group", "legend", "detail": [[label, text]],
"fields"} (cli/view/forms.py draws it).
"""

from __future__ import annotations

MAX_LINES = 50


class FormProblem(Exception):
    """The posted values do not make a move; args[0] says which field and why."""


def choices(name: str, legend: str, options, *, multiple: bool = False, checked=()) -> dict:
    return {"kind": "choices", "name": name, "legend": legend, "multiple": multiple,
            "options": [{"value": str(value), "label": str(label)} for value, label in options],
            "checked": [str(value) for value in checked]}


def text(name: str, label: str, *, lines: bool = False, hint: str = "") -> dict:
    return {"kind": "text", "name": name, "label": label, "lines": lines, "hint": hint}


def group(legend: str, fields: list, detail=()) -> dict:
    return {"kind": "group", "legend": legend, "fields": fields, "detail": [[str(k), str(v)] for k, v in detail]}


def picked(values: dict, name: str, allowed) -> list[str]:
    """The posted choices of `name`, each one of `allowed` (in the order allowed lists them)."""
    allowed = [str(value) for value in allowed]
    given = values.get(name, [])
    strange = [value for value in given if value not in allowed]
    if strange:
        raise FormProblem(f"{name}: {strange[0][:40]!r} is not one of the choices offered")
    return [value for value in allowed if value in given]


def one(values: dict, name: str, allowed, default: str | None = None) -> str | None:
    """The single posted choice of `name` (or `default` when none was made)."""
    chosen = picked(values, name, allowed)
    if len(chosen) > 1:
        raise FormProblem(f"{name}: choose one")
    return chosen[0] if chosen else default


def numbers(values: dict, name: str, count: int) -> list[int]:
    """The posted item numbers of `name`, each below `count`."""
    return [int(value) for value in picked(values, name, range(count))]


def words(values: dict, name: str) -> str | None:
    """The posted text of `name`, trimmed; None when empty."""
    given = values.get(name, [])
    if len(given) > 1:
        raise FormProblem(f"{name}: posted more than once")
    value = given[0].strip() if given else ""
    return value or None


def lines(values: dict, name: str) -> list[str]:
    """The posted text of `name`, one item per non-empty line."""
    value = words(values, name) or ""
    items = [line.strip() for line in value.splitlines() if line.strip()]
    if len(items) > MAX_LINES:
        raise FormProblem(f"{name}: {len(items)} lines; at most {MAX_LINES}")
    return items


# -- the page's own checks on a submission (ARG041-ARG044), before and around the protocol's rules -------------


def check_secret(given: str | None, expected: str) -> list:
    """ARG041: the submission carries this serve's secret (compared in constant time)."""
    import hmac

    from argcheck.core.rules import finding

    if not given:
        return [finding("ARG041", path="/secret", detail="no secret was sent")]
    if not hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8")):
        return [finding("ARG041", path="/secret", detail="the secret is not this page's (was the server restarted?)")]
    return []


def check_fresh(given_head: str | None, head: str) -> list:
    """ARG042: the form was drawn at the run's current head."""
    from argcheck.core.rules import finding

    if given_head == head:
        return []
    return [finding("ARG042", path="/head", found=(given_head or "none")[:12], expected=head[:12])]


def check_asked(given_move: str | None, form: dict | None) -> list:
    """ARG044: the run waits for the answer the form gives."""
    from argcheck.core.rules import finding

    if form is not None and given_move == form["move"]:
        return []
    asked = f"it waits for {form['move']}" if form else "it waits for no answer from you"
    return [finding("ARG044", path="/move", detail=f"the form answers {str(given_move)[:40]}; {asked}")]


def form_invalid(problem: FormProblem) -> list:
    """ARG043: the posted values do not make a move (which field, and why)."""
    from argcheck.core.rules import finding

    return [finding("ARG043", path="/form", detail=str(problem.args[0]) if problem.args else "unreadable")]
