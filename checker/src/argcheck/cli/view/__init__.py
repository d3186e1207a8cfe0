"""`argcheck view`: a run as one self-contained, offline HTML page (and an index page of many runs).

The page is generic: it draws the header, the move timeline, the findings, the hash-chain status and the
report every protocol renders, plus the protocol's own picture, which comes from the protocol itself as
plain data (its optional `view.py`, see `argcheck.core.contract`). Nothing here names a protocol.

  markup.py    escaping and the few element builders every part uses
  layout.py    a layered layout of a directed graph (pure)
  drawing.py   a graph, a table, a text or a timeline section as HTML/SVG
  run.py       what one run's page shows, gathered from a replayed state file
  page.py      one run's page; index.py the index of a folder of runs
  assets.py    the page's inline style sheet and script, and their Content-Security-Policy
  serve.py     the live view on 127.0.0.1
"""
