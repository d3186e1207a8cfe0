# shellcheck shell=bash
# shellcheck disable=SC2034 # variables are shared with the other sourced files
# Summary: From the consultee's output to the JSON envelope and the exit code (sourced by common.bash)

# Words in an error message that mean the consultee could not authenticate.
CONSULT_AUTH_RE='(^|[^0-9])(401|403)([^0-9]|$)|unauthori[sz]ed|forbidden|authenticat|not logged in'
CONSULT_AUTH_RE="${CONSULT_AUTH_RE}|log ?in (is )?required|please (run )?/?log ?in|api[ _-]?key|credential"

# jq definitions every parse filter may use (the wrappers' own and the envelope program).
# one_line: a diagnostic of at most 300 characters without control characters (only a prefix
# is looked at, so that a huge message costs nothing). counts_sum: the sum of an array of token
# counts (null counts as 0), or the array itself when one is not a number, for the envelope's
# type check to reject, instead of an error that would lose the whole answer.
# shellcheck disable=SC2016 # jq program, not shell expansions
readonly CONSULT_JQ_DEFS='
def one_line: .[:2000] | gsub("[[:cntrl:]]+"; " ") | if length > 300 then .[:297] + "..." else . end;
def counts_sum: if all(.[]; . == null or type == "number") then map(. // 0) | add // 0 else . end;
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

# The envelope: check every field against the contract (docs/wrappers.md), classify, print.
# A field of the wrong type is coerced when that is safe, else dropped, each with a warning.
# The last error line of stderr is looked for from the end, a cheap test first on every line.
# Output lines: "CODE FAILURE|ok WARNINGS", the detail, WARNINGS warning lines, the envelope.
# shellcheck disable=SC2016 # jq program, not shell expansions
readonly CONSULT_ENVELOPE_JQ='
def short: tojson | if length > 80 then .[:77] + "..." else . end;
def count_ok: type == "number" and . >= 0 and . == floor and . <= 9007199254740991;
# jq regexes are Ruby-like: ^ and $ match at every line, so a newline is ruled out first.
def id_ok: (index("\n") | not) and test($id_re);
# Each check gives {v: the value to use, w: a warning or null}.
def check_session:
  if . == null or . == "" then {v: null}
  elif type == "string" and id_ok then {v: .}
  elif type == "number" and (tostring | id_ok) then
    {v: tostring, w: "session_id \(short) is a number: passed on as a string"}
  else {v: null, w: "session_id \(short) is not a session id: dropped"} end;
def check_count($k):
  if . == null then {v: 0}
  elif count_ok then {v: .}
  elif type == "string" and test("\\A[0-9]{1,15}\\z") then
    {v: tonumber, w: "usage.\($k) \(short) is a string: read as a number"}
  else {v: null, w: "usage.\($k) \(short) is not a non-negative integer"} end;
def check_usage:
  if . == null then {v: null}
  elif type != "object" then {v: null, w: "usage \(short) is not an object: dropped"}
  elif (has("input_tokens") or has("output_tokens") or has("cached_input_tokens")) | not then
    {v: null, w: "usage \(short) has no token counts: dropped"}
  else
    . as $u
    | [("input_tokens", "output_tokens", "cached_input_tokens") as $k
       | $u[$k] | check_count($k) | .k = $k] as $c
    | [$c[] | .w // empty] as $w
    | if any($c[]; .v == null) then {v: null, w: ($w | join("; ") + ": usage dropped")}
      else {v: (reduce $c[] as $f ({}; .[$f.k] = $f.v)),
            w: (if $w == [] then null else $w | join("; ") end)} end
  end;
def check_model:
  if . == null or . == "" then {v: null}
  elif type == "string" then {v: .}
  elif type == "number" then {v: tostring, w: "model \(short) is a number: passed on as a string"}
  else {v: null, w: "model \(short) is not a string: dropped"} end;
def check_response:
  if . == null then {v: ""}
  elif type == "string" then {v: .}
  else {v: tojson, w: "response is a \(type), not a string: passed on as its JSON text"} end;
# Only the first thing parse yields counts (collected, since jq 1.6 lets try catch a break).
([try parse catch {error: "cannot parse the consultee output: \(.)"}][0] // {}
 | if type == "object" then . else {error: "the consultee output parsed to a \(type)"} end) as $x
| ($x.session_id | check_session) as $sid
| ($x.usage | check_usage) as $usage
| ($x.model | check_model) as $mod
| ($x.response | check_response) as $resp
| [$sid.w, $usage.w, $mod.w, $resp.w | strings | one_line] as $warnings
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
   elif ($resp.v | test("\\S") | not) then "empty"
   else null end) as $failure
| ({timeout: 124, not_installed: 3, auth: 4, cli_error: 5, empty: 6}[$failure // "x"] // 0) as $code
| {envelope: 1,
   consultee: $consultee,
   session_id: ($sid.v // (if $session == "" then null else $session end)),
   response: (if $failure == null then $resp.v else "" end),
   usage: $usage.v,
   duration_ms: $duration,
   failure: $failure,
   exit_code: $code,
   model: ($mod.v // (if $model == "" then null else $model end)),
   detail: (if $failure == null then null
            elif $failure == "timeout" then "no answer within \($timeout)s"
            elif $failure == "empty" then "the consultee returned an empty answer"
            else $why | one_line end)}
| "\($code) \($failure // "ok") \($warnings | length)", (.detail // ""), $warnings[], tojson'

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
    --arg id_re "${CONSULT_ID_RE}" --arg sep "${CONSULT_SEP}" \
    "${CONSULT_JQ_DEFS} ${CONSULT_INPUT_JQ} def parse: $1; ${CONSULT_ENVELOPE_JQ}" \
    - "${CLI_OUT}" "${separator}" "${CLI_ERR}" <"${fifo}" >"${CONSULT_WORK}/envelope" \
    2>"${CONSULT_WORK}/envelope.err" 5>&- &
  CONSULT_PARSER_PID=$!
}

# consult_finish [JQ_FILTER]: build the envelope (starting the parser with JQ_FILTER unless
# consult_parser already did), print it, and exit with its code. When jq cannot build it in
# time or at all, a hand-written envelope says so (timeout or cli_error).
consult_finish() {
  local code failure count detail warning rest="" status=0
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
    read -r code failure count
    IFS= read -r detail
    while [ "${count}" -gt 0 ]; do
      IFS= read -r warning
      printf 'consult-%s: warning: %s\n' "${CONSULTEE}" "${warning}" >&2
      count=$((count - 1))
    done
    IFS= read -r -d '' rest || true
  } <"${CONSULT_WORK}/envelope"
  printf '%s' "${rest}"
  if [ "${code}" != 0 ]; then
    printf 'consult-%s: %s: %s\n' "${CONSULTEE}" "${failure}" "${detail}" >&2
  fi
  exit "${code}"
}
