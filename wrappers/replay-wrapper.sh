#!/usr/bin/env bash
# Summary: Offline consultee that answers from a recorded transcript; prints one JSON envelope
#
# Usage: argcheck-consult replay --transcript FILE [options] new < prompt
#        argcheck-consult replay [--transcript FILE] [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult replay ..., or wrappers/replay-wrapper.sh ...)
#
# FILE [CONSULT_TRANSCRIPT] is JSON: {"consultee":"replay","replies":[REPLY, ...]}, each REPLY
# {"response":"...","failure":null,"usage":{...}|null,"model":"...","detail":"..."} (only
# "response" is needed; a non-null "failure" replays that failure, with "detail" as its message).
# new answers with reply 0 under a fresh session id; each resume of that id answers with the next
# reply. The session file under
#   ${CONSULT_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/argcheck/sessions}/<id>.json
# keeps the transcript path, the cursor and every prompt received (for tests to inspect). A
# reply is used up even when it replays a failure. Needs no network, no key and no CLI.
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=replay
self="${BASH_SOURCE[0]}"
while [ -L "${self}" ]; do
  link="$(readlink "${self}")"
  case "${link}" in /*) self="${link}" ;; *) self="$(dirname "${self}")/${link}" ;; esac
done
case "${self}" in */*) ;; *) self="./${self}" ;; esac
# shellcheck source=lib/common.bash
. "${self%/*}/lib/common.bash"
# shellcheck source=lib/chat.bash
. "${self%/*}/lib/chat.bash"

# shellcheck disable=SC2016 # jq program
readonly REPLAY_PARSE_JQ='
($out | fromjson) as $r
| {session_id: (if $new_session == "" then $session else $new_session end),
   response: $r.reply.response, usage: $r.reply.usage, model: $r.reply.model,
   failure: $r.reply.failure,
   error: (if $r.reply == null then "transcript \($r.transcript) has no reply \($r.cursor)"
           elif $r.reply.failure != null then $r.reply.detail // "replayed \($r.reply.failure)"
           else null end)}'

main() {
  consult_parse_args "$@"
  consult_prepare
  chat_open_session
  local transcript="${OPT_TRANSCRIPT}" cursor
  if [ -z "${transcript}" ]; then
    [ "${OPT_COMMAND}" = resume ] || usage_error "new needs --transcript FILE (or CONSULT_TRANSCRIPT)"
    chat_jq_value transcript '.transcript // ""' "${CONSULT_WORK}/state.json"
  fi
  if ! [ -f "${transcript}" ] || ! [ -r "${transcript}" ]; then
    usage_error "cannot read transcript: ${transcript}"
  fi
  transcript="$(cd -P -- "$(dirname -- "${transcript}")" && pwd)/$(basename -- "${transcript}")"
  # shellcheck disable=SC2016 # jq program
  chat_jq_value cursor '.cursor // 0 | if type == "number" and . >= 0 and . == floor then . else "" end' \
    "${CONSULT_WORK}/state.json"
  case "${cursor}" in
    "" | *[!0-9]*)
      printf 'session %s has no valid cursor (a non-negative integer)\n' "${OPT_SESSION}" >"${CLI_ERR}"
      CLI_RC=1
      consult_finish '{}'
      ;;
  esac
  # shellcheck disable=SC2016 # jq program
  if ! consult_own jq -c --arg path "${transcript}" --argjson cursor "${cursor}" \
    '{transcript: $path, cursor: $cursor, reply: (.replies[$cursor] // null)}' \
    "${transcript}" >"${CLI_OUT}" 2>"${CLI_ERR}"; then
    CLI_RC=1
    # shellcheck disable=SC2016 # jq program
    consult_finish '{error: "not a JSON transcript: \($err | rtrimstr("\n"))"}'
  fi
  # shellcheck disable=SC2016 # jq program
  chat_write_state '.consultee = "replay" | .transcript = $path | .cursor = $cursor + 1
    | .prompts = ((.prompts // []) + [$prompt]) | del(.messages)' \
    --arg path "${transcript}" --argjson cursor "${cursor}"
  consult_finish "${REPLAY_PARSE_JQ}"
}

main "$@"
