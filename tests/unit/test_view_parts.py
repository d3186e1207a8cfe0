"""The view's pure parts: Markdown neutralizing, escaping, the layered layout, the page's policy."""

from __future__ import annotations

import re

from argcheck.core.markdown_safety import neutralize
from argcheck.cli.view import assets, layout
from argcheck.cli.view.drawing import section
from argcheck.cli.view.markup import anchor, esc


def test_raw_html_outside_code_becomes_text():
    assert neutralize("a <script>x</script> b") == "a &lt;script>x&lt;/script> b"
    assert neutralize("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)>"


def test_code_is_left_verbatim():
    fenced = "```json\n{\"a\": \"<script>\"}\n```"
    assert neutralize(fenced) == fenced
    assert neutralize("run `a <b>` now") == "run `a <b>` now"
    assert neutralize("``a`<b>`` and <i>") == "``a`<b>`` and &lt;i>"
    assert neutralize("an unclosed ` then <b>") == "an unclosed ` then &lt;b>"


def test_script_links_lose_their_link_syntax_and_web_links_keep_it():
    assert neutralize("[y](javascript:alert(1))") == "[y]\\(javascript:alert(1))"
    assert neutralize("![i]( data:text/html,x)") == "![i]\\( data:text/html,x)"
    assert neutralize("[ok](https://example.org) [m](mailto:a@b) [f](#top)") == \
        "[ok](https://example.org) [m](mailto:a@b) [f](#top)"
    assert neutralize("[d]: javascript:alert(1)\n[e]: https://ok") == "\\[d]: javascript:alert(1)\n[e]: https://ok"


def test_only_the_lines_that_need_it_are_rewritten():
    clean = "# Log\n\n- `argcheck next run.json` [see] (below)\n```\n[a] `b`\n```"
    assert neutralize(clean) is clean  # nothing to rewrite: the report is returned as it came
    assert neutralize("```\n<kept>\n```\n<b>") == "```\n<kept>\n```\n&lt;b>"
    mixed = clean + "\n- a <b> in `x` and [y](javascript:z)\n- `plain` again"
    assert neutralize(mixed) == clean + "\n- a &lt;b> in `x` and [y]\\(javascript:z)\n- `plain` again"
    fenced = "~~~\n[d]: javascript:x\n~~~\n"
    assert neutralize(fenced + "[d]: javascript:x") == fenced + "\\[d]: javascript:x"


def test_escaping_and_anchors():
    assert esc('<a href="x">\'&') == "&lt;a href=&quot;x&quot;&gt;&#x27;&amp;"
    assert anchor("move", 'a" onmouseover="x') == "move-a__onmouseover__x"


def test_layers_follow_edges_and_survive_cycles():
    assert layout.layers(["a", "b", "c"], [("a", "b"), ("b", "c"), ("a", "c")]) == {"a": 0, "b": 1, "c": 2}
    cyclic = layout.layers(["a", "b", "c"], [("a", "b"), ("b", "c"), ("c", "a")])
    assert sorted(cyclic.values()) == [0, 1, 2]
    assert layout.layers(["a"], [("a", "a"), ("a", "zz")]) == {"a": 0}


def test_placed_boxes_never_overlap():
    ids = [f"n{i}" for i in range(12)]
    edges = [(f"n{i}", f"n{i * 2 % 12}") for i in range(12)]
    boxes, width, height = layout.place(ids, edges, {i: (100, 40) for i in ids}, "LR")
    placed = list(boxes.values())
    for n, (x, y, w, h) in enumerate(placed):
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
        for ox, oy, ow, oh in placed[n + 1:]:
            assert x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y


def test_a_graph_section_escapes_every_text_and_lists_every_node():
    hostile = '<script>alert(1)</script>"'
    html = section({"kind": "graph", "title": hostile, "nodes": [{"id": hostile, "label": hostile, "text": hostile}],
                    "edges": [{"source": hostile, "target": hostile, "label": hostile}]}, 0)
    assert "<script" not in html and "&lt;script&gt;" in html
    assert html.count("data-listed-node=") == 1


def test_the_policy_allows_no_network_and_only_the_inline_blocks():
    policy = assets.policy()
    assert "default-src 'none'" in policy and "connect-src 'none'" in policy
    assert re.findall(r"'sha256-[^']+'", policy) == [f"'{assets.digest(assets.SCRIPT)}'",
                                                    f"'{assets.digest(assets.STYLE)}'"]
    assert "connect-src 'self'" in assets.policy(live=True)


def test_the_witness_field_reads_the_header():
    from argcheck.cli.view.run import witnessed

    assert witnessed({}) == "not witnessed (the header records no witness)"
    assert witnessed({"witnessed": False}) == "not witnessed (the header records no witness)"
    assert witnessed({"witnessed": True}) == "witnessed"
    assert witnessed({"witness": {"by": "hooks"}}) == 'witnessed: {"by": "hooks"}'


def test_the_report_becomes_escaped_html():
    from argcheck.cli.view.report import to_html

    html = to_html(neutralize("# Title\n\n| a | b \\| c |\n|---|---|\n| <i>x</i> | `<b>` |\n\n"
                              "> **warn** _it_\n> - one\n\n- top\n  - nested [l](javascript:alert(1))\n- next\n\n"
                              "```\n<keep>\n```"))
    assert html.startswith("<h3>Title</h3>")
    assert "<th>b | c</th>" in html and "<td>&lt;i&gt;x&lt;/i&gt;</td>" in html
    assert "<code>&lt;b&gt;</code>" in html
    assert "<blockquote><p><strong>warn</strong> <em>it</em></p><ul><li>one</li></ul></blockquote>" in html
    assert "<ul><li>top<ul><li>nested [l](javascript:alert(1))</li></ul></li><li>next</li></ul>" in html
    assert "<pre><code>&lt;keep&gt;</code></pre>" in html
    assert "<i>" not in html and "href" not in html
