"""Seed fidelity, round three (issue 30, deliberate): the inconclusive exit's banner and more than 7 open points
grouped by theme, in `next`, the report and the JSON (codex-ask's SKILL.md: "If >7 points remain, group by
theme and ask user to prioritize"; "Deliberation inconclusive - no points resolved")."""

from __future__ import annotations

import json

from dlb import Run, classify, point, reply, settle, skeptical, stress, synthesize

from argcheck.protocols.deliberate import nextstep, themes
from argcheck.protocols.deliberate.render import render


def _themed(pid: str, theme: str | None = None, extends: str | None = None) -> dict:
    move = point(pid, relation="extension" if extends else None, extends=extends)
    if theme:
        move["theme"] = theme
    return move


def _eight_open() -> Run:
    run = Run()
    moves = [_themed(f"P{n}", "latency" if n % 2 else "cost") for n in range(1, 8)]
    return run.ok(reply(), *moves, _themed("P8", extends="P1"))


def test_more_than_seven_open_points_are_grouped_by_theme_in_next():
    run = _eight_open()
    report = nextstep.report(run.state)
    assert report["open_by_theme"] == {"latency": ["P1", "P3", "P5", "P7", "P8"], "cost": ["P2", "P4", "P6"]}
    text = nextstep.format_text(report)
    assert "8 points are open (more than 7)" in text and "ask which themes to take first" in text
    assert "  - latency: P1, P3, P5, P7, P8" in text


def test_an_extension_takes_the_theme_of_the_point_it_extends_and_a_bare_point_has_none():
    run = Run().ok(reply(), *[_themed(f"P{n}") for n in range(1, 9)])
    assert themes.open_by_theme(run.state) == {themes.NO_THEME: [f"P{n}" for n in range(1, 9)]}
    assert themes.theme_of(_eight_open().state, _eight_open().state.points["P8"]) == "latency"


def test_seven_open_points_are_not_grouped():
    run = Run().ok(reply(), *[_themed(f"P{n}", "cost") for n in range(1, 8)])
    assert themes.open_by_theme(run.state) == {}
    assert "more than 7" not in nextstep.format_text(nextstep.report(run.state))
    assert "Open points by theme" not in render(run.state, "md")


def test_points_settled_in_a_bucket_leave_the_grouping():
    run = _eight_open().ok(classify("P2", "AGREE"))
    assert themes.open_by_theme(run.state) == {}


def test_the_report_and_the_json_carry_the_grouping():
    run = _eight_open()
    md = render(run.state, "md")
    assert "## Open points by theme (8, more than 7)" in md and "- cost: P2, P4, P6" in md
    derived = json.loads(render(run.state, "json"))["derived"]
    assert derived["open_by_theme"]["cost"] == ["P2", "P4", "P6"]


def test_a_theme_in_a_consultee_reply_is_recorded_on_the_point():
    from argcheck.protocols.deliberate.reply_format import content_moves

    text = json.dumps({"points": [{"text": "Redis is fast enough", "kind": "value", "theme": "  latency  budget "}]})
    moves = content_moves(Run().ok(reply()).state, text)
    assert moves[0]["theme"] == "latency budget"


def _inconclusive() -> Run:
    run = Run()
    return run.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2"), skeptical("P2", "C2"),
                  settle("P1"), settle("P2", reason="criteria_divergence", question=None,
                                           tradeoff="latency against cost"),
                  stress("P1"), reply(), reply(), synthesize("convergence"))


def test_an_inconclusive_deliberation_gets_the_banner_with_what_would_resolve_each_point():
    run = _inconclusive()
    blockers = themes.inconclusive(run.state)
    assert blockers == [
        {"point": "P1", "blocker": "missing data", "resolve": "Provide What is the p99 load?"},
        {"point": "P2", "blocker": "criteria tradeoff", "resolve": "Choose between latency against cost"}]
    md = render(run.state, "md")
    assert "> **Deliberation inconclusive - no points resolved.** Not a successful deliberation" in md
    assert "> - P2 (criteria tradeoff): Choose between latency against cost" in md
    text = nextstep.format_text(nextstep.report(run.state))
    assert "Deliberation inconclusive - no points resolved. Do not present it as a successful" in text
    assert json.loads(render(run.state, "json"))["derived"]["inconclusive"][0]["point"] == "P1"


def test_a_deliberation_with_an_agreed_point_is_not_inconclusive():
    run = Run().ok(reply(), point("P1"), classify("P1", "AGREE"), point("P2"), skeptical("P2", "C1"),
                   settle("P2"), stress("P1"), reply(), reply(), synthesize("convergence"))
    assert themes.inconclusive(run.state) is None
    assert "inconclusive" not in render(run.state, "md")


def test_before_the_synthesis_nothing_is_inconclusive():
    run = Run().ok(reply(), point("P1"), skeptical("P1", "C1"), settle("P1"))
    assert themes.inconclusive(run.state) is None


def test_the_view_page_opens_with_the_inconclusive_banner():
    from argcheck.protocols.deliberate import view

    summary = view.view(_inconclusive().state, [])["summary"]
    assert summary[0][0] == themes.INCONCLUSIVE and "P1 (missing data): Provide" in summary[0][1]
    assert all(row[0] != themes.INCONCLUSIVE for row in view.view(Run().ok(reply()).state, [])["summary"])
