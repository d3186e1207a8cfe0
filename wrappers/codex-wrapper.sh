#!/usr/bin/env bash
# Summary: Consult the OpenAI Codex CLI (codex exec) and print one JSON envelope
#
# Usage: argcheck-consult codex [options] new < prompt
#        argcheck-consult codex [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult codex ..., or wrappers/codex-wrapper.sh ...)
#
# Runs, with the prompt file on stdin ("-"), never --full-auto:
#   codex exec --json --skip-git-repo-check --sandbox read-only [--model M]
#     [-c model_reasoning_effort=E] [-C DIR] [resume SESSION_ID] -
# --abstract without --cd uses a fresh private empty -C directory, removed on exit.
# Reads JSONL (thread.started, item.completed agent_message, turn.completed usage,
# turn.failed/error); falls back to the plain layout (answer on stdout, "session id:" on stderr).
# Usage counts are codex's own, which are cumulative over a resumed thread.
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=codex
self="${BASH_SOURCE[0]}"
while [ -L "${self}" ]; do
  link="$(readlink "${self}")"
  case "${link}" in /*) self="${link}" ;; *) self="$(dirname "${self}")/${link}" ;; esac
done
case "${self}" in */*) ;; *) self="./${self}" ;; esac
# shellcheck source=lib/common.bash
. "${self%/*}/lib/common.bash"

CONSULT_STDERR_NOISE='^Reading additional input from stdin|^WARNING: proceeding, even though|bubblewrap'

# shellcheck disable=SC2016 # jq program
readonly CODEX_PARSE_JQ='
[$out | split("\n")[] | select(startswith("{")) | (try fromjson catch null)
 | select(type == "object" and has("type"))] as $ev
| if ($ev | length) > 0 then
    any($ev[]; .type == "turn.completed") as $completed
    | {session_id: ([$ev[] | select(.type == "thread.started") | .thread_id] | first),
       response: ([$ev[] | select(.type == "item.completed" and .item.type? == "agent_message")
                  | .item.text] | last),
       usage: ([$ev[] | select(.type == "turn.completed") | .usage] | last
               | if type == "object" then {input_tokens, output_tokens, cached_input_tokens}
                 else . end),
       completed: $completed,
       error: (([$ev[] | select(.type == "turn.failed")
                 | (.error | if type == "object" then .message else . end) // "turn failed"]
                | last)
               // (if $completed then null
                   else [$ev[] | select(.type == "error") | .message] | last end))}
  else
    ($err | split("\n")) as $lines
    | {session_id: ([$lines[] | select(startswith("session id: ")) | .[12:]] | first),
       model: ([$lines[] | select(startswith("model: ")) | .[7:]] | first),
       response: (if ($out | endswith("\n")) then $out[:-1] else $out end),
       error: ([$lines[] | select(startswith("ERROR: ")) | .[7:]] | first)}
  end'

main() {
  consult_parse_args "$@"
  consult_prepare
  consult_require_cli codex "npm install -g @openai/codex"
  local args=(exec --json --skip-git-repo-check --sandbox read-only)
  if [ -n "${OPT_MODEL}" ]; then args+=(--model "${OPT_MODEL}"); fi
  if [ -n "${OPT_EFFORT}" ]; then args+=(-c "model_reasoning_effort=${OPT_EFFORT}"); fi
  consult_workdir
  if [ -n "${CONSULT_DIR}" ]; then args+=(-C "${CONSULT_DIR}"); fi
  if [ "${OPT_COMMAND}" = resume ]; then args+=(resume "${OPT_SESSION}"); fi
  consult_parser "${CODEX_PARSE_JQ}"
  consult_run "${PROMPT_FILE}" codex "${args[@]}" -
  consult_finish
}

main "$@"
