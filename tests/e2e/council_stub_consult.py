#!/usr/bin/env python3
"""A stub `consult` dispatcher for council driver tests: answers each persona from the demo's recorded council.

Usage: council_stub_consult.py <consultee> [--timeout N] new|resume ID < prompt. The persona comes from the
prompt ("You are Kant, ..."). STUB_SLOW=<persona> makes that persona's call sleep (to interrupt it);
STUB_MISQUOTE=<persona> makes its critique quote text the document lacks (corrected when the driver sends
the findings back, unless STUB_STUBBORN=1); STUB_LOG=<file> appends one line per call.
"""

import json
import os
import re
import sys
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "checker/src/argcheck/protocols/council/data/demo/council.json"

prompt = sys.stdin.read()
script = json.loads(SCRIPT.read_text(encoding="utf-8"))
match = re.match(r"You are ([A-Za-z ]+?), one member", prompt)
persona = match.group(1) if match else None
if os.environ.get("STUB_LOG"):
    with open(os.environ["STUB_LOG"], "a") as log:
        log.write(f"{persona or 'assessment'} {' '.join(sys.argv[1:])}\n")
if persona and persona == os.environ.get("STUB_SLOW"):
    time.sleep(60)
session = sys.argv[-1] if "resume" in sys.argv else None
if prompt.startswith("The validator refused your last reply") and not os.environ.get("STUB_STUBBORN"):
    persona = session[2:] if session else None
    reply = script["critiques"][persona]
elif prompt.startswith("The validator refused your last reply"):
    persona = session[2:] if session else None
    reply = {"agent_style": persona, "critique_tree": dict(script["critiques"][persona]["critique_tree"],
                                                             evidence="still not in the document")}
elif persona and persona == os.environ.get("STUB_MISQUOTE"):
    reply = json.loads(json.dumps(script["critiques"][persona]))
    reply["critique_tree"]["evidence"] = "a sentence the document does not contain"
elif persona is None:
    reply = script["assessment"]
elif "self-critique round" in prompt:
    reply = script["self_critiques"][persona]
elif persona in script["failures"]:
    print(json.dumps({"envelope": 1, "consultee": "stub", "session_id": None, "response": None,
                      **script["failures"][persona]}))
    sys.exit(124)
else:
    reply = script["critiques"][persona]
print(json.dumps({"envelope": 1, "consultee": "stub", "session_id": f"s-{persona or 'assessment'}",
                  "response": json.dumps(reply), "failure": None}))
