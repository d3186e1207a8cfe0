# shellcheck shell=bash
# shellcheck disable=SC2034 # variables are shared with the other sourced files
# Summary: From the consultee's output to the JSON envelope and the exit code (sourced by common.bash)

# Words in an error message that mean the consultee could not authenticate.
CONSULT_AUTH_RE='(^|[^0-9])(401|403)([^0-9]|$)|unauthori[sz]ed|forbidden|authenticat|not logged in'
CONSULT_AUTH_RE="${CONSULT_AUTH_RE}|log ?in (is )?required|please (run )?/?log ?in|api[ _-]?key|credential"

# jq definitions every parse filter may use (the wrappers' own and the envelope program).
# one_line: a diagnostic of at most 300 characters without control characters (only a prefix
# is looked at, so that a huge message costs nothing).
# shellcheck disable=SC2016 # jq program, not shell expansions
readonly CONSULT_JQ_DEFS='
def one_line: .[:2000] | gsub("[[:cntrl:]]+"; " ") | if length > 300 then .[:297] + "..." else . end;
'

# The envelope program reads one raw string (jq -R -s): the facts known only at the end (a JSON
# object fed through a FIFO, see consult_finish), the CLI's stdout, then its stderr, joined by a
# separator made fresh for each run. Splitting on it costs linear time whatever the size.
# shellcheck disable=SC2016 # jq program, not shell expansions
readonly CONSULT_INPUT_JQ='
(input | split($sep)) as $parts
| ($parts[0] | fromjson) as $facts
| ($parts[1] // "") as $out
| ($parts[2:] | join($sep)) as $err
| $facts.rc as $rc | $facts.timed_out as $timed_out | $facts.duration as $duration
| '

# The envelope: classify and print. Output lines: "CODE FAILURE|ok", the detail, the envelope.
# The last error line of stderr is looked for from the end, a cheap test first on every line.
# shellcheck disable=SC2016 # jq program, not shell expansions
readonly CONSULT_ENVELOPE_JQ='
((try parse catch {error: "cannot parse the consultee output: \(.)"}) // {}) as $x
| ($x.response // "" | if type == "string" then . else tojson end) as $resp
| ($err | split("\n")) as $lines
| ($lines | length) as $n
| def from_end: range(0; $n) as $i | $lines[$n - 1 - $i];
  def useful: test("\\S") and (test($noise) | not);
  (first(from_end | select({e: 1, E: 1, f: 1, F: 1}[.[:1]])
         | select(test("^(error|fatal)\\b"; "i")) | select(useful))
   // first(from_end | select(useful))
   // "") as $last
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

# consult_parser JQ_FILTER [EXTRA]: start jq on the envelope program now, in the background, so
# that its start-up (tens of ms for jq 1.6) overlaps the consultee's run instead of adding to it.
# jq first reads its stdin, a private FIFO, which consult_finish writes and closes when the CLI
# is done; only then does it read the output files. The FIFO is opened here, on both ends, so
# neither side can block on open; its write end stays on fd 5 until consult_finish: every child
# started meanwhile must close fd 5 (consult_run does). jq runs under timeout until the hard
# deadline (see run.bash).
consult_parser() {
  local fifo="${CONSULT_WORK}/facts.fifo" separator="${CONSULT_WORK}/separator"
  CONSULT_SEP="--argcheck-consult-separator-${CONSULT_WORK##*.}-${RANDOM}${RANDOM}${RANDOM}--"
  printf '%s' "${CONSULT_SEP}" >"${separator}"
  mkfifo -m 600 "${fifo}"
  exec 5<>"${fifo}"
  consult_limit "${CONSULT_HARD_DEADLINE_MS}" || consult_out_of_time
  "${TIMEOUT_BIN}" -k 1 "${CONSULT_LIMIT}" jq -n -R -s -r \
    --arg consultee "${CONSULTEE}" --arg session "${OPT_SESSION}" --arg model "${OPT_MODEL}" \
    --arg new_session "${NEW_SESSION_ID:-}" --arg timeout "${OPT_TIMEOUT}" \
    --arg noise "${CONSULT_STDERR_NOISE:-^$}" --arg auth_re "${CONSULT_AUTH_RE}" \
    --arg sep "${CONSULT_SEP}" \
    "${CONSULT_JQ_DEFS} ${CONSULT_INPUT_JQ} def parse: $1; ${CONSULT_ENVELOPE_JQ}" \
    - "${CLI_OUT}" "${separator}" "${CLI_ERR}" <"${fifo}" >"${CONSULT_WORK}/envelope" \
    2>"${CONSULT_WORK}/envelope.err" 5>&- &
  CONSULT_PARSER_PID=$!
}

# consult_finish [JQ_FILTER]: build the envelope (starting the parser with JQ_FILTER unless
# consult_parser already did), print it, and exit with its code. When jq cannot build it in
# time or at all, a hand-written envelope says so (timeout or cli_error).
consult_finish() {
  local code failure detail rest="" status=0
  if [ -z "${CONSULT_PARSER_PID:-}" ]; then consult_parser "$1"; fi
  consult_now
  if [ "${CONSULT_DEBUG:-}" = 1 ]; then cat -- "${CLI_ERR}" >&2; fi
  printf '{"rc":%s,"timed_out":%s,"duration":%s}%s' "${CLI_RC}" "${TIMED_OUT}" \
    "$((NOW_MS - STARTED_MS))" "${CONSULT_SEP}" >&5
  exec 5>&-
  wait "${CONSULT_PARSER_PID}" || status=$?
  CONSULT_PARSER_PID=""
  if [ "${status}" -eq 124 ] || { [ "${status}" -eq 137 ] &&
    ! consult_limit "${CONSULT_HARD_DEADLINE_MS}"; }; then
    consult_out_of_time
  fi
  if [ "${status}" -ne 0 ]; then
    if [ "${CONSULT_DEBUG:-}" = 1 ]; then cat -- "${CONSULT_WORK}/envelope.err" >&2; fi
    consult_fallback cli_error 5 "internal error: jq could not build the envelope (status ${status})"
  fi
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
