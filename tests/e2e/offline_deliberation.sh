#!/usr/bin/env bash
# Summary: a whole deliberation offline: argcheck prompt | wrappers/consult replay | argcheck ingest,
#          orchestrator moves through argcheck apply, then synthesize, present and render.
#
# Usage: tests/e2e/offline_deliberation.sh WORKDIR
#   Needs `argcheck` on PATH and jq. Prints each step, then the decision log; exits non-zero on the
#   first step that does not do what it should.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${1:?usage: offline_deliberation.sh WORKDIR}
S="${WORK}/deliberation.json"
export CONSULT_STATE_DIR="${WORK}/sessions" CONSULT_TRANSCRIPT="${ROOT}/tests/fixtures/replay/deliberation.json"
consult() { "${ROOT}/wrappers/consult" replay "$@"; }
step() { printf '\n== %s\n' "$*"; }
session() { argcheck next "${S}" --format json | jq -r .consultee.session_id; }
# One consultation. The wrapper exits non-zero on a consultee failure but still prints the envelope,
# which ingest records; so only ingest's status decides whether the step worked.
ask() {
  set +o pipefail
  argcheck prompt "${S}" | consult "$@" | argcheck ingest "${S}"
  local ingested=${PIPESTATUS[2]}
  set -o pipefail
  return "${ingested}"
}

step "init"
argcheck init deliberate --question "How should a CLI keep the state of a multi-turn protocol?" \
  --consultee replay --mode minimal --workspace "${WORK}" --state "${S}"

step "round 1: the consultee proposes"
ask new
argcheck next "${S}"

step "the orchestrator evaluates"
argcheck apply "${S}" - <<'MOVES'
[{"type": "classify", "actor": "orchestrator", "point": "P1", "verdict": "AGREE", "reason": "Auditable and diffable."},
 {"type": "classify", "actor": "orchestrator", "point": "P2", "verdict": "SKEPTICAL", "reason": "Unmeasured.",
  "challenge": "C1", "objection": "What does replay cost, measured?"}]
MOVES

step "round 2: the consultee times out (recorded, the round does not advance)"
ask resume "$(session)"

step "round 2, retried: the consultee defends C1"
ask resume "$(session)"

step "the orchestrator measures, then accepts the defense"
argcheck apply "${S}" - <<'MOVES'
[{"type": "ledger", "actor": "orchestrator", "id": "L2", "provenance": "verified",
  "text": "Replaying a 1,000-move log took 9 ms (median of 20).", "supports": ["P2"],
  "execution": {"command": "python bench_replay.py --moves 1000", "exit_code": 0, "output": "median 9.1 ms"}},
 {"type": "judge", "actor": "orchestrator", "challenge": "C1", "outcome": "accepted",
  "reason": "The measurement backs the claim.", "evidence": ["L2"]}]
MOVES

step "round 3: nothing new"
ask resume "$(session)"
argcheck next "${S}"

step "synthesize and present"
argcheck apply "${S}" - <<'MOVES'
[{"type": "synthesize", "actor": "orchestrator", "termination": "convergence",
  "answer": "Keep an append-only JSON log replayed by a pure reducer (P1); replay is cheap (P2, measured)."},
 {"type": "present", "actor": "orchestrator"}]
MOVES
argcheck validate "${S}"

step "decision log"
argcheck render "${S}" --format md
