"""The page's inline style sheet and script, and the Content-Security-Policy that allows exactly them.

The policy names the two inline blocks by their SHA-256 hashes and allows nothing else: no network, no
other script or style, no frame, no form, no plugin. Only the live view (`--serve`) may fetch, and only its
own origin's head endpoint, and post a form, only to its own origin.
"""

from __future__ import annotations

import base64
import hashlib

STYLE = """
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#59636e;--line:#d0d7de;--panel:#f6f8fa;
--link:#0550ae;--good-bg:#dafbe1;--good:#116329;--bad-bg:#ffebe9;--bad:#a40e26;--warn-bg:#fff8c5;--warn:#7d4e00;
--info-bg:#ddf4ff;--info:#0a3069;--muted-bg:#eaeef2;--focus:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;
--panel:#151b23;--link:#6cb6ff;--good-bg:#12361f;--good:#7ee2a8;--bad-bg:#3c1618;--bad:#ffa198;
--warn-bg:#3a2c00;--warn:#f2cc60;--info-bg:#0c2d6b;--info:#a5d6ff;--muted-bg:#262c36;--focus:#4493f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
a{color:var(--link)}
main{max-width:1200px;margin:0 auto;padding:1rem 1.25rem 3rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--panel);padding:.5rem}
h1{font-size:1.35rem;margin:.25rem 0 .75rem;overflow-wrap:anywhere}
h2{font-size:1.15rem;border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2rem}
h3{font-size:1rem;margin:1.25rem 0 .5rem}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;padding:0 .45rem;border-radius:1rem;font-size:.85em;border:1px solid currentColor}
.tone-good{color:var(--good)}.tone-bad{color:var(--bad)}.tone-warn{color:var(--warn)}.tone-info{color:var(--info)}
.tone-muted{color:var(--muted)}
tr.tone-good td,tr.tone-bad td,tr.tone-warn td,tr.tone-info td,tr.tone-muted td{color:var(--fg)}
tr.tone-good td:first-child{box-shadow:inset 4px 0 var(--good)}
tr.tone-bad td:first-child{box-shadow:inset 4px 0 var(--bad)}
tr.tone-warn td:first-child{box-shadow:inset 4px 0 var(--warn)}
tr.tone-info td:first-child{box-shadow:inset 4px 0 var(--info)}
tr.tone-muted td{color:var(--muted)}
tr:target td{background:var(--info-bg)}
.table-frame,.graph-frame{overflow:auto;max-width:100%;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{text-align:left;vertical-align:top;padding:.35rem .55rem;border-bottom:1px solid var(--line);
overflow-wrap:break-word}
th{background:var(--panel)}
svg.graph{display:block;font-size:12px}
.node rect{fill:var(--panel);stroke:var(--muted);stroke-width:1.5}
.node text{fill:var(--fg)}
.node.tone-good rect{fill:var(--good-bg);stroke:var(--good)}.node.tone-bad rect{fill:var(--bad-bg);stroke:var(--bad)}
.node.tone-warn rect{fill:var(--warn-bg);stroke:var(--warn)}.node.tone-info rect{fill:var(--info-bg);
stroke:var(--info)}
.node.tone-muted rect{fill:var(--muted-bg);stroke:var(--muted)}
.node.pruned rect{stroke-dasharray:5 4;opacity:.75}.node.pruned text{fill:var(--muted)}
.node:focus{outline:none}.node:focus rect{stroke:var(--focus);stroke-width:3}
.edge line{stroke:var(--muted);stroke-width:1.4}.edge.dashed line{stroke-dasharray:6 4}
.arrowhead{fill:var(--muted)}
.edge-label{fill:var(--fg);font-size:11px;paint-order:stroke;stroke:var(--bg);stroke-width:4px}
.node-detail{color:var(--muted);font-size:.9rem;min-height:1.5em}
.graph-text h4{margin:.5rem 0 .2rem}.node-id{font-weight:600}
.steps{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;padding:0}
.step{border:1px solid var(--line);border-radius:6px;padding:.35rem .6rem;min-width:9rem;background:var(--panel)}
.step-done{border-color:var(--good)}.step-current{border:2px solid var(--info)}.step-todo{opacity:.7}
.step-label{font-weight:600;display:block}.step-detail{font-size:.85rem;color:var(--muted)}
.prose p{margin:.4rem 0;overflow-wrap:anywhere}
.timeline{list-style:none;padding:0;margin:0}
.move{border-bottom:1px solid var(--line)}
.timeline>li{content-visibility:auto;contain-intrinsic-size:auto 2.2rem}
.move summary,.timeline-head{padding:.3rem .25rem;display:grid;grid-template-columns:4rem 12rem 1fr 12rem 7rem;
gap:.5rem}
.move summary{cursor:pointer}.timeline-head{font-weight:600;color:var(--muted)}
.move summary:focus-visible,summary:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:1px}
.move[open] summary{background:var(--panel)}
.move pre,.report{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.6rem;overflow:auto;
font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.report{max-height:40rem}
.report-doc{border:1px solid var(--line);border-radius:6px;padding:.25rem 1rem;margin-bottom:.5rem;
overflow-wrap:break-word}.report-doc h5,.report-doc h6{font-size:.95rem;margin:1rem 0 .3rem}
.report-doc pre{background:var(--panel);padding:.5rem;overflow:auto}.report-doc blockquote{margin:.5rem 0;
padding-left:.8rem;border-left:4px solid var(--warn)}.report-doc code{background:var(--panel);padding:0 .2rem}
.findings{padding-left:1.2rem}.findings li{margin:.2rem 0}
.answer{border:2px solid var(--info);border-radius:8px;padding:0 1rem 1rem;margin-top:1rem}
.answer h2{margin-top:1rem}.answer fieldset{border:1px solid var(--line);border-radius:6px;margin:.6rem 0;
padding:.4rem .8rem}.answer legend{font-weight:600;padding:0 .3rem;overflow-wrap:anywhere}
.choice{margin:.2rem 0;overflow-wrap:anywhere}.answer-text{margin:.6rem 0}
.answer-text label{display:block;font-weight:600}
.answer textarea{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);
border-radius:4px;padding:.3rem}
.answer button{font:inherit;font-weight:600;padding:.4rem 1rem;border-radius:6px;border:1px solid var(--focus);
background:var(--focus);color:#ffffff;cursor:pointer}
@media (prefers-color-scheme:dark){.answer button{background:#1f6feb;border-color:#1f6feb}}
.answer input:focus-visible,.answer textarea:focus-visible,.answer button:focus-visible{outline:3px solid var(--focus);
outline-offset:2px}
.refusal{background:var(--bad-bg);color:var(--fg);border-left:4px solid var(--bad);padding:.2rem .8rem;margin:.5rem 0}
.answer-done{font-weight:600}.answer-context h4{margin:.6rem 0 .2rem}
.live{position:sticky;top:0;background:var(--info-bg);color:var(--info);padding:.3rem 1rem;font-size:.9rem}
@media (max-width:720px){.move summary,.timeline-head{grid-template-columns:3rem 1fr}
.move summary span:nth-child(n+3){display:none}}
"""

SCRIPT = """
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.classList && target.classList.contains("node")) { target.focus(); }
    if (target && target.tagName === "DETAILS") {
      target.open = true;
      var summary = target.querySelector("summary");
      if (summary) { summary.focus(); }
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  var timeline = document.getElementById("timeline");
  var moves = null;
  function showMove(details) {
    var pre = details.querySelector("pre.move-json");
    if (!details.open || !pre || pre.textContent) { return; }
    if (moves === null) { moves = JSON.parse(document.getElementById("move-data").textContent); }
    pre.textContent = JSON.stringify(moves[Number(pre.getAttribute("data-move"))], null, 2);
  }
  if (timeline) {
    timeline.addEventListener("toggle", function (event) { showMove(event.target); }, true);
    timeline.addEventListener("keydown", function (event) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") { return; }
      var all = Array.prototype.slice.call(timeline.querySelectorAll("summary"));
      var at = all.indexOf(document.activeElement);
      if (at < 0) { return; }
      var next = event.key === "ArrowDown" ? Math.min(at + 1, all.length - 1) : Math.max(at - 1, 0);
      all[next].focus();
      event.preventDefault();
    });
  }
  document.addEventListener("focusin", function (event) {
    var node = event.target.closest ? event.target.closest("g.node") : null;
    var picture = node ? node.closest(".picture") : null;
    var out = picture ? picture.querySelector(".node-detail") : null;
    if (out) { out.textContent = node.getAttribute("aria-label"); }
  });
  var live = document.body.getAttribute("data-live");
  var typing = false;
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("form")) { typing = true; }
  });
  if (live) {
    var head = document.body.getAttribute("data-head");
    window.setInterval(function () {
      fetch(live, {cache: "no-store"}).then(function (reply) { return reply.json(); }).then(function (now) {
        if (now.head === head) { return; }
        if (!typing) { window.location.reload(); return; }
        var banner = document.querySelector(".live");
        if (banner) {
          banner.textContent = "The run moved on: reload the page to see it (your answer is kept until then).";
        }
      }).catch(function () {});
    }, 700);
  }
})();
"""


def digest(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def policy(live: bool = False) -> str:
    """The Content-Security-Policy of a page: only its own inline style and script; no network."""
    here = "'self'" if live else "'none'"  # a live page fetches its head and posts its answer to itself only
    return (f"default-src 'none'; script-src '{digest(SCRIPT)}'; style-src '{digest(STYLE)}'; img-src data:; "
            f"connect-src {here}; base-uri 'none'; form-action {here}")
