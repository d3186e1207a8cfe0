"""Filling the page's answer form as a person does with the keyboard only: Tab from control to control, the
arrow keys in a group of radio buttons, Space on a checkbox, typing in a text field, Enter on the button.

The driver reads which control has the focus (its attributes), never sets a value itself.
"""

from __future__ import annotations

MAX_TABS = 600


def answer_by_keyboard(page, values: dict[str, list[str]]) -> int:
    """Set the form to `values` (field name -> wanted values) and send it; returns the Tab presses used."""
    page.locator("#answer-form").wait_for()
    page.locator("body").focus()
    for presses in range(1, MAX_TABS + 1):
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        kind, name = focused.get_attribute("type"), focused.get_attribute("name")
        if kind == "submit":
            with page.expect_navigation():
                page.keyboard.press("Enter")
            return presses
        if name is None or name not in values and kind != "checkbox":
            continue
        wanted = values.get(name, [])
        if kind == "radio":
            _choose_radio(page, wanted[0] if wanted else None)
        elif kind == "checkbox":
            if (focused.get_attribute("value") in wanted) != focused.is_checked():
                page.keyboard.press("Space")
        elif focused.get_attribute("rows") is not None and wanted and wanted[0]:
            page.keyboard.type(wanted[0])
    raise AssertionError(f"no submit button within {MAX_TABS} Tab presses")


def _choose_radio(page, wanted: str | None) -> None:
    """In a radio group (Tab lands on its checked button, or its first): arrow to `wanted` and check it."""
    if wanted is None:
        return
    for _ in range(12):
        focused = page.locator(":focus")
        if focused.get_attribute("value") == wanted:
            if not focused.is_checked():
                page.keyboard.press("Space")
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no radio button {wanted!r} in the group")
