# shellcheck shell=bash
# shellcheck disable=SC2034 # variables are shared with the other sourced files
# Summary: From the consultee's output to the JSON envelope and the exit code (sourced by common.bash)

# Words in an error message that mean the consultee could not authenticate.
CONSULT_AUTH_RE='(^|[^0-9])(401|403)([^0-9]|$)|unauthori[sz]ed|forbidden|authenticat|not logged in'
CONSULT_AUTH_RE="${CONSULT_AUTH_RE}|log ?in (is )?required|please (run )?/?log ?in|api[ _-]?key|credential"

# The envelope program reads raw lines: one JSON line of facts known only at the end (fed through
# a FIFO, see consult_finish), then the CLI's stdout, a separator line, then its stderr.
# shellcheck disable=SC2016 # jq program, not shell expansions
CONSULT_INPUT_JQ='
def one_line: gsub("[\r\n\t]+"; " ") | if length > 300 then .[:297] + "..." else . end;
[inputs] as $lines
| ($lines[0] | fromjson) as $facts
| ($lines | index([$sep])) as $at
| ($lines[1:$at] | join("\n")) as $out
| ($lines[$at + 1:] | join("\n")) as $err
| $facts.rc as $rc | $facts.timed_out as $timed_out | $facts.duration as $duration
| '
# shellcheck disable=SC2016 # jq program, not shell expansions
CONSULT_ENVELOPE_JQ='
((try parse catch {error: "cannot parse the consultee output: \(.)"}) // {}) as $x
| ($x.response // "" | if type == "string" then . else tojson end) as $resp
| ($err | split("\n") | map(select(test("\\S")) | select(test($noise) | not))
   | (map(select(test("^(error|fatal)\\b"; "i"))) | last) // last // "") as $last
| (($x.error // null) | if . == null or type == "string" then . else tojson end) as $error
| ($error // (if $last != "" then $last else "exit status \($rc)" end)) as $why
| (if $timed_out then "timeout"
   elif $x.failure != null then
     (if {timeout: 1, not_installed: 1, auth: 1, cli_error: 1, empty: 1}[$x.failure | tostring]
      then $x.failure else "cli_error" end)
   elif $error != null or ($rc != 0 and $x.completed != true) then
     (if ($why | test($auth_re; "i")) then "auth" else "cli_error" end)
   elif ($resp | test("\\S") | not) then "empty"
   else null end) as $failure
| ({timeout: 124, not_installed: 3, auth: 4, cli_error: 5, empty: 6}[$failure // "x"] // 0) as $code
| {envelope: 1,
   consultee: $consultee,
   session_id: ($x.session_id // (if $session == "" then null else $session end)),
   response: (if $failure == null then $resp else "" end),
   usage: ($x.usage // null),
   duration_ms: $duration,
   failure: $failure,
   exit_code: $code,
   model: ($x.model // (if $model == "" then null else $model end)),
   detail: (if $failure == null then null
            elif $failure == "timeout" then "no answer within \($timeout)s"
            elif $failure == "empty" then "the consultee returned an empty answer"
            else $why | one_line end)}
| "\($code) \($failure // "ok")", (.detail // ""), tojson'

# consult_parser JQ_FILTER: start jq on the envelope program now, in the background, so that its
# start-up (tens of ms for jq 1.6) overlaps the consultee's run instead of adding to it. jq first
# reads its stdin, a private FIFO, which consult_finish writes and closes when the CLI is done;
# only then does it open the output files. The FIFO is opened here, on both ends, so neither side
# can block on open; its write end stays on fd 5 until consult_finish: every child started
# meanwhile must close fd 5 (consult_run does).
consult_parser() {
  local fifo="${CONSULT_WORK}/facts.fifo" separator="${CONSULT_WORK}/separator"
  CONSULT_SEP="--argcheck-consult-separator-${CONSULT_WORK##*.}-${RANDOM}${RANDOM}--"
  printf '\n%s\n' "${CONSULT_SEP}" >"${separator}"
  mkfifo -m 600 "${fifo}"
  exec 5<>"${fifo}"
  jq -n -R -r \
    --arg consultee "${CONSULTEE}" --arg session "${OPT_SESSION}" --arg model "${OPT_MODEL}" \
    --arg new_session "${NEW_SESSION_ID:-}" --arg timeout "${OPT_TIMEOUT}" \
    --arg noise "${CONSULT_STDERR_NOISE:-^$}" --arg auth_re "${CONSULT_AUTH_RE}" \
    --arg sep "${CONSULT_SEP}" "${CONSULT_INPUT_JQ} def parse: $1; ${CONSULT_ENVELOPE_JQ}" \
    - "${CLI_OUT}" "${separator}" "${CLI_ERR}" <"${fifo}" >"${CONSULT_WORK}/envelope" 5>&- &
  CONSULT_PARSER_PID=$!
}

# consult_finish [JQ_FILTER]: build the envelope (starting the parser with JQ_FILTER unless
# consult_parser already did), print it, and exit with its code.
consult_finish() {
  local code failure detail rest=""
  if [ -z "${CONSULT_PARSER_PID:-}" ]; then consult_parser "$1"; fi
  consult_now
  if [ "${CONSULT_DEBUG:-}" = 1 ]; then cat -- "${CLI_ERR}" >&2; fi
  printf '{"rc":%s,"timed_out":%s,"duration":%s}\n' "${CLI_RC}" "${TIMED_OUT}" \
    "$((NOW_MS - STARTED_MS))" >&5
  exec 5>&-
  wait "${CONSULT_PARSER_PID}" || die "internal error: could not build the envelope" 5
  {
    read -r code failure
    IFS= read -r detail
    IFS= read -r -d '' rest || true
  } <"${CONSULT_WORK}/envelope"
  printf '%s' "${rest}"
  if [ "${code}" != 0 ]; then
    printf 'consult-%s: %s: %s\n' "${CONSULTEE}" "${failure}" "${detail}" >&2
  fi
  exit "${code}"
}
