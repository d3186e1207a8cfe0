#!/usr/bin/env bash
# Summary: Consult any OpenAI-compatible endpoint (POST /chat/completions) and print one envelope
#
# Usage: argcheck-consult openai [options] new < prompt
#        argcheck-consult openai [options] resume SESSION_ID < prompt
# (in a checkout: wrappers/consult openai ..., or wrappers/openai-wrapper.sh ...)
#
# Server: $OPENAI_BASE_URL (default http://127.0.0.1:8080/v1: llama.cpp, vLLM, LM Studio,
# Ollama's /v1, ...). $OPENAI_API_KEY, if set, is sent as "Authorization: Bearer" from a private
# header file, never on a command line. The endpoint is stateless, so the wrapper makes the
# session id and keeps the messages in
#   ${CONSULT_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/argcheck/sessions}/<id>.json
# and resume resends them. Without --model: the session's model, else the first id of
# GET {base}/models, else no "model" field (the server's default). --effort E is sent as
# "reasoning_effort". --cd and --abstract are ignored: the model has no file access.
#
# Exit codes: 0 ok; 2 usage; 3 not_installed; 4 auth; 5 cli_error; 6 empty; 124 timeout.

set -euo pipefail

CONSULTEE=openai
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
readonly OPENAI_PARSE_JQ="${CHAT_HTTP_JQ}"'
| if $http_failure != null then $http_failure
  else {session_id: (if $new_session == "" then null else $new_session end),
        response: ($body.choices[0].message.content // ""),
        model: $body.model,
        usage: ($body.usage | if type == "object" then
                  {input_tokens: .prompt_tokens, output_tokens: .completion_tokens,
                   cached_input_tokens: ((.prompt_tokens_details | objects | .cached_tokens) // null)}
                else . end)}
  end'

main() {
  consult_parse_args "$@"
  consult_prepare
  consult_require_cli curl "apt-get install curl | brew install curl"
  local base="${OPENAI_BASE_URL:-http://127.0.0.1:8080/v1}" headers=""
  base="${base%/}"
  if [ -n "${OPENAI_API_KEY:-}" ]; then
    headers="${CONSULT_WORK}/headers"
    printf 'Authorization: Bearer %s\n' "${OPENAI_API_KEY}" >"${headers}"
  fi
  chat_open_session
  chat_discover_model "${base}/models" '.data[0].id' "${headers}"
  # shellcheck disable=SC2016 # jq program
  consult_own jq -c --rawfile prompt "${PROMPT_FILE}" --arg model "${OPT_MODEL}" \
    --arg effort "${OPT_EFFORT}" --arg temperature "${OPT_TEMPERATURE}" \
    '{stream: false, messages: (.messages + [{role: "user", content: $prompt}])}
     + (if $model == "" then {} else {model: $model} end)
     + (if $effort == "" then {} else {reasoning_effort: $effort} end)
     + (if $temperature == "" then {} else {temperature: ($temperature | tonumber)} end)' \
    "${CONSULT_WORK}/state.json" >"${CONSULT_WORK}/request.json"
  chat_http "${base}/chat/completions" "${CONSULT_WORK}/request.json" "${headers}"
  chat_save_turn "${OPENAI_PARSE_JQ}"
  consult_finish "${OPENAI_PARSE_JQ}"
}

main "$@"
