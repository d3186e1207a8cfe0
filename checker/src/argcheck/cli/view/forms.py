"""The pending question as an HTML form (pure): what the protocol's forms.py describes, drawn with labels,
fieldsets and native controls, so it posts without JavaScript and every control is reached with Tab.

Every text from the run is escaped. The form carries the serve's secret, the head it was drawn at and the
question it answers as hidden fields; it posts to the page's own `/answer` (CSP `form-action 'self'`).
"""

from __future__ import annotations

from argcheck.cli.view.markup import anchor, attrs, element, esc, text_element

ANSWER_PATH = "/answer"


def section(form: dict | None, secret: str, head: str, *, refused=(), values: dict | None = None,
            recorded: str = "", notice: str = "") -> str:
    """The "Your answer" section: the form (None: a line saying nothing is asked), the refusal findings of the
    last submission (nothing recorded), a `notice` (why nothing was recorded, without findings), or the line
    saying what was recorded."""
    parts = [element("h2", "Your answer", id="answer")]
    if notice:
        parts.append(text_element("p", notice, class_="refusal", role="alert"))
    if recorded:
        parts.append(text_element("p", recorded, class_="answer-done tone-good", role="status"))
    if refused:
        items = "".join(element("li", text_element("strong", f"{f.code} {f.name}") + ": " + esc(f.message)
                                + (element("span", " — " + esc(f.hint), class_="tone-muted") if f.hint else ""),
                                data_finding=f.code) for f in refused)
        parts.append(element("div", element("p", "Not recorded: the answer was refused.")
                             + element("ul", items, class_="findings"), class_="refusal", role="alert",
                             id="refusal"))
    if form is None:
        parts.append(element("p", "The run waits for no answer from you now.", class_="tone-muted"))
    else:
        parts.append(_form(form, secret, head, values))
    return element("section", "".join(parts), aria_labelledby="answer", class_="answer")


def _form(form: dict, secret: str, head: str, values: dict | None) -> str:
    hidden = "".join(_input("hidden", name, value) for name, value in
                     (("secret", secret), ("head", head), ("move", form["move"])))
    body = [text_element("h3", form["title"]), text_element("p", form["question"])]
    body += [_context(block) for block in form.get("context", []) if block.get("items")]
    body += [_field(field, values) for field in form["fields"]]
    body.append(element("p", element("button", "Record my answer", type="submit")))
    return element("form", hidden + "".join(body), method="post", action=ANSWER_PATH, id="answer-form",
                   class_="answer-form", aria_label=form["title"])


def _context(block: dict) -> str:
    items = "".join(text_element("li", item) for item in block["items"])
    return element("div", text_element("h4", block["heading"]) + element("ul", items), class_="answer-context")


def _field(field: dict, values: dict | None) -> str:
    kind = field["kind"]
    if kind == "group":
        detail = "".join(text_element("dt", k) + text_element("dd", v) for k, v in field.get("detail", []))
        inner = (element("dl", detail, class_="facts") if detail else "") + "".join(
            _field(f, values) for f in field["fields"])
        return element("fieldset", text_element("legend", field["legend"]) + inner, class_="answer-group")
    if kind == "choices":
        return _choices(field, values)
    return _text(field, values)


def _choices(field: dict, values: dict | None) -> str:
    kind = "checkbox" if field["multiple"] else "radio"
    checked = values.get(field["name"], []) if values is not None else field.get("checked", [])
    options = []
    for number, option in enumerate(field["options"]):
        ident = anchor("f", f"{field['name']}-{number}")
        control = "<input" + attrs(type=kind, id=ident, name=field["name"], value=option["value"],
                                   checked=option["value"] in checked) + ">"
        options.append(element("div", control + " " + text_element("label", option["label"], for_=ident),
                               class_="choice"))
    if not options:
        options.append(element("p", "(nothing to choose from)", class_="tone-muted"))
    return element("fieldset", text_element("legend", field["legend"]) + "".join(options), class_="answer-choices")


def _text(field: dict, values: dict | None) -> str:
    ident = anchor("f", field["name"])
    given = (values.get(field["name"]) or [""])[0] if values is not None else ""
    rows = 4 if field.get("lines") else 2
    hint = text_element("span", field["hint"], class_="tone-muted") if field.get("hint") else ""
    return element("div", text_element("label", field["label"], for_=ident) + hint
                   + element("textarea", esc(given), id=ident, name=field["name"], rows=str(rows)),
                   class_="answer-text")


def _input(kind: str, name: str, value: str) -> str:
    return f"<input{attrs(type=kind, name=name, value=value)}>"
