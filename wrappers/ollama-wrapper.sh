#!/usr/bin/env bash
# Summary: Consult a model served by Ollama (POST /api/chat) and print one JSON envelope
#
# Usage: argcheck-consult ollama [options] new < prompt
#        argcheck-consult ollama [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult ollama ..., or wrappers/ollama-wrapper.sh ...)
#
# Server: $OLLAMA_HOST (default http://127.0.0.1:11434; "host:port" gets http:// prepended).
# Ollama is stateless, so the wrapper makes the session id and keeps the messages in
#   ${CONSULT_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/argcheck/sessions}/<id>.json
# and resume resends them. Without --model, new uses the first model of GET /api/tags and
# resume the session's model. --effort E is sent as "think": E (none|off|false: false).
# --cd and --abstract are ignored: the model has no file access.
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=ollama
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

# shellcheck disable=SC2016 # jq programs
readonly OLLAMA_PARSE_JQ="${CHAT_HTTP_JQ}"'
| if $http_failure != null then $http_failure
  else {session_id: (if $new_session == "" then null else $new_session end),
        response: ($body.message.content // ""),
        model: $body.model,
        usage: {input_tokens: $body.prompt_eval_count, output_tokens: $body.eval_count,
                cached_input_tokens: 0}}
  end'

main() {
  consult_parse_args "$@"
  consult_prepare
  consult_require_cli curl "apt-get install curl | brew install curl"
  local base="${OLLAMA_HOST:-http://127.0.0.1:11434}"
  case "${base}" in http://* | https://*) ;; *) base="http://${base}" ;; esac
  base="${base%/}"
  chat_open_session
  chat_discover_model "${base}/api/tags" '.models[0].name'
  if [ -z "${OPT_MODEL}" ]; then
    printf 'no --model given and GET %s/api/tags listed none\n' "${base}" >"${CLI_ERR}"
    consult_finish '{failure: "cli_error"}'
  fi
  # shellcheck disable=SC2016 # jq program
  consult_own jq -c --rawfile prompt "${PROMPT_FILE}" --arg model "${OPT_MODEL}" \
    --arg effort "${OPT_EFFORT}" --arg temperature "${OPT_TEMPERATURE}" \
    '{model: $model, stream: false, messages: (.messages + [{role: "user", content: $prompt}])}
     + (if $effort == "" then {}
        elif ($effort | test("^(none|off|false)$")) then {think: false}
        else {think: $effort} end)
     + (if $temperature == "" then {} else {options: {temperature: ($temperature | tonumber)}} end)' \
    "${CONSULT_WORK}/state.json" >"${CONSULT_WORK}/request.json"
  chat_http "${base}/api/chat" "${CONSULT_WORK}/request.json"
  chat_save_turn "${OLLAMA_PARSE_JQ}"
  consult_finish "${OLLAMA_PARSE_JQ}"
}

main "$@"
