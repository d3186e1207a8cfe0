# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables set here are read by the wrappers that source this file
# Summary: Conversation state for consultees without sessions of their own (sourced)
#
# ollama, openai and replay keep each conversation in a private JSON file
#   ${CONSULT_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/argcheck/sessions}/<session id>.json
# written atomically (temp file in the same directory, then mv). Two resumes of the same session
# at the same time race: the last one to finish wins. Requires lib/common.bash first.

chat_state_dir() {
  STATE_DIR="${CONSULT_STATE_DIR:-${XDG_STATE_HOME:-${HOME}/.local/state}/argcheck/sessions}"
  mkdir -p -- "${STATE_DIR}" || die "cannot create the session directory ${STATE_DIR}" 5
}

# Set NEW_SESSION_ID to a fresh random UUID (version 4 layout).
chat_new_session_id() {
  local hex
  hex="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  NEW_SESSION_ID="${hex:0:8}-${hex:8:4}-4${hex:13:3}-a${hex:17:3}-${hex:20:12}"
}

# Set STATE_FILE for the session (NEW_SESSION_ID or the resumed one) and, on resume, check that
# it exists and belongs to this consultee; otherwise finish with cli_error.
chat_open_session() {
  chat_state_dir
  if [ "${OPT_COMMAND}" = new ]; then
    chat_new_session_id
    STATE_FILE="${STATE_DIR}/${NEW_SESSION_ID}.json"
    printf '{"consultee":"%s","messages":[]}\n' "${CONSULTEE}" >"${CONSULT_WORK}/state.json"
    return 0
  fi
  STATE_FILE="${STATE_DIR}/${OPT_SESSION}.json"
  # shellcheck disable=SC2016 # jq program
  if consult_own jq -e --arg c "${CONSULTEE}" '.consultee == $c' "${STATE_FILE}" >/dev/null 2>&1; then
    cp -- "${STATE_FILE}" "${CONSULT_WORK}/state.json"
    return 0
  fi
  if [ -f "${STATE_FILE}" ]; then
    printf 'session %s is not a %s session (%s)\n' "${OPT_SESSION}" "${CONSULTEE}" \
      "${STATE_FILE}" >"${CLI_ERR}"
  else
    printf 'unknown session %s: no %s\n' "${OPT_SESSION}" "${STATE_FILE}" >"${CLI_ERR}"
  fi
  CLI_RC=1
  # shellcheck disable=SC2016 # jq program
  consult_finish '{failure: "cli_error"}'
}

# chat_write_state JQ_FILTER [JQ ARGS...]: the new state is the filter applied to the current
# one, with $prompt (the prompt) and $out, $rc, $new_session (as for consult_finish) bound; it is
# written atomically. A filter that yields nothing leaves the state file untouched.
chat_write_state() {
  local filter="$1" tmp
  shift
  tmp="$(mktemp "${STATE_DIR}/.state.XXXXXXXX")"
  if consult_own jq -c --rawfile prompt "${PROMPT_FILE}" --rawfile out "${CLI_OUT}" \
    --argjson rc "${CLI_RC}" --arg new_session "${NEW_SESSION_ID:-}" "$@" "${filter}" \
    "${CONSULT_WORK}/state.json" >"${tmp}" && [ -s "${tmp}" ]; then
    mv -f -- "${tmp}" "${STATE_FILE}"
  else
    rm -f -- "${tmp}"
  fi
}

# chat_save_turn PARSE_FILTER: when the reply (parsed by the same filter as the envelope) is a
# good answer, append the prompt and the answer to the session's messages.
chat_save_turn() {
  [ "${TIMED_OUT}" = false ] || return 0
  # shellcheck disable=SC2016 # jq program
  chat_write_state "def parse: $1;"'
    parse as $r
    | ($r.response | if type == "string" then . elif . == null then "" else tojson end) as $text
    | select($r.error == null and $r.failure == null and ($text | test("\\S")))
    | .consultee = $consultee
    | .model = (if $model == "" then .model else $model end)
    | .messages += [{role: "user", content: $prompt}, {role: "assistant", content: $text}]' \
    --arg consultee "${CONSULTEE}" --arg model "${OPT_MODEL}"
}

# chat_discover_model URL JQ_PATH [HEADER_FILE]: without --model, take the session's model, else the first one
# the server lists at URL (JQ_PATH picks it from the body). Sets OPT_MODEL, maybe to "".
chat_discover_model() {
  [ -z "${OPT_MODEL}" ] || return 0
  chat_jq_value OPT_MODEL '.model | strings' "${CONSULT_WORK}/state.json"
  [ -z "${OPT_MODEL}" ] || return 0
  chat_http "$1" "" "${3:-}"
  if [ "${TIMED_OUT}" = true ]; then consult_finish '{}'; fi
  # shellcheck disable=SC2016 # jq program
  chat_jq_value OPT_MODEL \
    "${CHAT_HTTP_JQ} | if \$http_failure == null then (\$body | $2 | strings) else empty end" \
    -n --rawfile out "${CLI_OUT}" --argjson rc "${CLI_RC}"
}

# chat_jq_value VAR JQ_ARGS...: set VAR to the raw text jq prints (one of the wrapper's own
# steps, so under the time budget); "" when jq fails.
chat_jq_value() {
  local var="$1" value=""
  shift
  if consult_own jq -j "$@" >"${CONSULT_WORK}/value"; then
    IFS= read -r -d '' value <"${CONSULT_WORK}/value" || true
  fi
  printf -v "${var}" '%s' "${value}"
}

# chat_http URL [BODY_FILE] [HEADER_FILE]: GET (or POST the JSON body) with curl under the
# timeout. $CLI_OUT gets the response body, a newline and the HTTP status (see CHAT_HTTP_JQ).
chat_http() {
  local url="$1" body="${2:-}" headers="${3:-}"
  local args=(-sS -w '\n%{http_code}')
  if [ -n "${body}" ]; then
    args+=(-H 'Content-Type: application/json' --data-binary "@${body}")
  fi
  if [ -n "${headers}" ]; then args+=(-H "@${headers}"); fi
  consult_run /dev/null curl "${args[@]}" -- "${url}"
}

# jq definitions for chat_http output: $status (0 when curl failed) and $body (parsed or null).
# The status is the last 4 characters ("\n" and 3 digits, from curl -w): sliced by position,
# never with index/rindex, which count bytes in jq 1.6 while slices count characters.
# shellcheck disable=SC2016 # jq program
readonly CHAT_HTTP_JQ='
($out[-4:] | test("\\A\n[0-9]{3}\\z")) as $has_status
| (if $rc == 0 and $has_status then ($out[-3:] | tonumber) else 0 end) as $status
| (if $has_status then $out[:-4] else $out end) as $raw
| ($raw | try fromjson catch null) as $body
| (if $rc != 0 then {}
   elif $status < 200 or $status > 299 then
     {error: ("HTTP \($status): " + ($body.error.message? // $body.error? // $raw[:300]
                                     | if type == "string" then . else tojson end)),
      failure: (if $status == 401 or $status == 403 then "auth" else null end)}
   elif ($body | type) != "object" then {error: "not a JSON object: \($raw[:200])"}
   else null end) as $http_failure'
