# shellcheck shell=bash
# shellcheck disable=SC2034 # variables are shared with the other sourced files
# Summary: Running the consultee: private temp dir, traps, time budget (sourced by common.bash)
#
# One budget covers the whole call. The consultee's requests (consult_run) share --timeout,
# counted from the wrapper's start: each gets what is left of it (SIGTERM at the end, SIGKILL
# CONSULT_KILL_AFTER seconds later). The wrapper's own steps (jq reading the output, saving a
# session, building the envelope: consult_own, consult_parser) must end by the hard deadline,
# CONSULT_KILL_AFTER + CONSULT_GRACE_MS after --timeout; a step still running then is stopped
# and the call ends as a timeout. Every child runs in the background under timeout(1), in its
# own process group, so that a signal to the wrapper stops it at once (consult_interrupt).

# Seconds a consultee gets between SIGTERM and SIGKILL; milliseconds the wrapper's own work may
# go on after that.
readonly CONSULT_KILL_AFTER=5
readonly CONSULT_GRACE_MS=2000

# The shell between timeout and the consultee: it writes the consultee's exit status to the file
# named by $0 unless a SIGTERM came first. A status file means the consultee ended by itself, so
# a 124 from timeout without one is the timer's and a 124 with one is the consultee's own. The
# trap (not an ignore, which the consultee would inherit) runs only once the consultee is gone,
# so timeout still waits for a consultee that ignores SIGTERM and kills it 5 s later.
# shellcheck disable=SC2016 # expanded by that shell
readonly CONSULT_STATUS_SH='t=""; trap "t=1" TERM; "$@"; s=$?
if [ -z "$t" ]; then printf "%s\n" "$s" >"$0"; fi; exit "$s"'

# Set NOW_MS to milliseconds since the epoch; EPOCHREALTIME (bash 5) avoids any fork.
consult_now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local micros="${EPOCHREALTIME//[!0-9]/}"
    NOW_MS=$((10#${micros} / 1000))
    return
  fi
  NOW_MS="$(date +%s%3N 2>/dev/null || true)"
  case "${NOW_MS}" in *[!0-9]* | "") NOW_MS="$(date +%s)000" ;; esac
}

# Set the deadlines (ms since the epoch) from STARTED_MS and --timeout (checked digits, maybe a
# fraction; capped at 10^9 s so the arithmetic cannot overflow; at least 1 ms).
consult_deadlines() {
  local whole="${OPT_TIMEOUT%%.*}" frac="" ms
  case "${OPT_TIMEOUT}" in *.*) frac="${OPT_TIMEOUT#*.}" ;; esac
  frac="${frac}000"
  whole="${whole#"${whole%%[!0]*}"}"
  if [ "${#whole}" -gt 9 ]; then whole=1000000000; fi
  ms=$((10#0${whole} * 1000 + 10#${frac:0:3}))
  if [ "${ms}" -lt 1 ]; then ms=1; fi
  CONSULT_DEADLINE_MS=$((STARTED_MS + ms))
  CONSULT_HARD_DEADLINE_MS=$((CONSULT_DEADLINE_MS + CONSULT_KILL_AFTER * 1000 + CONSULT_GRACE_MS))
}

# consult_limit DEADLINE_MS: set CONSULT_LIMIT to the seconds left until DEADLINE_MS (for
# timeout(1), three decimals) and CONSULT_LIMIT_MS to the same in ms; false when none are left.
consult_limit() {
  consult_now
  CONSULT_LIMIT_MS=$(($1 - NOW_MS))
  [ "${CONSULT_LIMIT_MS}" -gt 0 ] || return 1
  printf -v CONSULT_LIMIT '%d.%03d' $((CONSULT_LIMIT_MS / 1000)) $((CONSULT_LIMIT_MS % 1000))
}

# The EXIT trap: stop any child still running (only after an unexpected error; every planned
# exit has waited for its children), then remove the temp files.
consult_cleanup() {
  if [ -n "${CONSULT_CHILD:-}${CONSULT_PARSER_PID:-}" ]; then consult_stop_children; fi
  if [ -n "${CONSULT_WORK:-}" ]; then rm -rf -- "${CONSULT_WORK}"; fi
  if [ -n "${CONSULT_EMPTY_DIR:-}" ]; then rm -rf -- "${CONSULT_EMPTY_DIR}"; fi
}

# Stop every child still running: SIGTERM to each (timeout passes it on to its process group),
# then, after at most 2 s, SIGKILL to each and to its process group. Each child is a timeout(1)
# that made itself a process group leader, so its group is the child and what it started.
consult_stop_children() {
  local pids="${CONSULT_CHILD:-} ${CONSULT_PARSER_PID:-}" pid tries=0
  CONSULT_CHILD=""
  CONSULT_PARSER_PID=""
  for pid in ${pids}; do kill -s TERM "${pid}" 2>/dev/null || true; done
  for pid in ${pids}; do
    while kill -0 "${pid}" 2>/dev/null && [ "${tries}" -lt 20 ]; do
      sleep 0.1
      tries=$((tries + 1))
    done
    kill -s KILL -- "-${pid}" 2>/dev/null || true
    kill -s KILL "${pid}" 2>/dev/null || true
    wait "${pid}" 2>/dev/null || true
  done
}

# consult_interrupt SIGNAL STATUS: stop the CLI and every other child, then exit; the EXIT trap
# removes the temp files. No envelope.
consult_interrupt() {
  trap '' HUP INT TERM
  consult_stop_children
  printf 'consult-%s: interrupted (SIG%s)\n' "${CONSULTEE}" "$1" >&2
  exit "$2"
}

# consult_fallback FAILURE CODE DETAIL: print an envelope written without jq (jq is missing, or
# it could not build the envelope in time) and exit with CODE. DETAIL must need no JSON
# escaping; the session id and the model were checked against [A-Za-z0-9._:/@+-] already.
consult_fallback() {
  local session=null model=null duration=0
  if [ -n "${OPT_SESSION:-}" ]; then session="\"${OPT_SESSION}\""; fi
  if [ -n "${OPT_MODEL:-}" ]; then model="\"${OPT_MODEL}\""; fi
  if [ -n "${STARTED_MS:-}" ]; then
    consult_now
    duration=$((NOW_MS - STARTED_MS))
  fi
  printf 'consult-%s: %s: %s\n' "${CONSULTEE}" "$1" "$3" >&2
  printf '{"envelope":1,"consultee":"%s","session_id":%s,"response":"","usage":null,' \
    "${CONSULTEE}" "${session}"
  printf '"duration_ms":%s,"failure":"%s","exit_code":%s,"model":%s,"detail":"%s"}\n' \
    "${duration}" "$1" "$2" "${model}" "$3"
  exit "$2"
}

# The wrapper's own work ran past the hard deadline: stop it and end as a timeout.
consult_out_of_time() {
  consult_stop_children
  consult_fallback timeout 124 \
    "no envelope within ${OPT_TIMEOUT}s: the consultee's output could not be read in time"
}

# Copy stdin into PROMPT_FILE within --timeout: a writer that never closes the pipe makes the
# call a timeout instead of a wait without end.
consult_read_prompt() {
  local status=0
  consult_limit "${CONSULT_DEADLINE_MS}" || CONSULT_LIMIT=0.001
  # <&0: an explicit redirection, else a background job reads /dev/null.
  "${TIMEOUT_BIN}" -k 1 "${CONSULT_LIMIT}" cat <&0 >"${PROMPT_FILE}" 2>/dev/null &
  CONSULT_CHILD=$!
  wait "${CONSULT_CHILD}" || status=$?
  CONSULT_CHILD=""
  case "${status}" in
    0) ;;
    124 | 137)
      consult_fallback timeout 124 "no complete prompt on stdin within ${OPT_TIMEOUT}s" ;;
    *) usage_error "cannot read the prompt from stdin" ;;
  esac
}

consult_prepare() {
  consult_now
  STARTED_MS="${NOW_MS}"
  consult_deadlines
  command -v jq >/dev/null 2>&1 ||
    consult_fallback not_installed 3 "jq is required (apt-get install jq | brew install jq)"
  TIMEOUT_BIN="$(command -v timeout || command -v gtimeout || true)"
  [ -n "${TIMEOUT_BIN}" ] || die "timeout(1) is required (coreutils; brew install coreutils)" 3
  [ ! -t 0 ] || usage_error "the prompt is read from stdin (pipe it in)"
  CONSULT_WORK="$(mktemp -d "${TMPDIR:-/tmp}/argcheck-consult.XXXXXXXX")"
  trap consult_cleanup EXIT
  trap 'consult_interrupt HUP 129' HUP
  trap 'consult_interrupt INT 130' INT
  trap 'consult_interrupt TERM 143' TERM
  PROMPT_FILE="${CONSULT_WORK}/prompt"
  CLI_OUT="${CONSULT_WORK}/stdout"
  CLI_ERR="${CONSULT_WORK}/stderr"
  consult_read_prompt
  [ -s "${PROMPT_FILE}" ] || usage_error "empty prompt on stdin"
  : >"${CLI_OUT}"
  : >"${CLI_ERR}"
  CLI_RC=0
  TIMED_OUT=false
}

# Set CONSULT_DIR, the directory the consultee works in: --cd, else (--abstract) a fresh
# private empty directory removed on exit, else "" (the caller's own).
consult_workdir() {
  CONSULT_DIR="${OPT_CD}"
  if [ -z "${CONSULT_DIR}" ] && [ "${OPT_ABSTRACT}" = 1 ]; then
    CONSULT_EMPTY_DIR="$(mktemp -d "${TMPDIR:-/tmp}/argcheck-abstract.XXXXXXXX")"
    CONSULT_DIR="${CONSULT_EMPTY_DIR}"
  fi
}

# Finish with failure not_installed unless the named CLI is on PATH.
consult_require_cli() {
  command -v "$1" >/dev/null 2>&1 && return 0
  CLI_RC=127
  printf '%s not found on PATH; install: %s\n' "$1" "$2" >"${CLI_ERR}"
  # shellcheck disable=SC2016 # jq program
  consult_finish '{failure: "not_installed", error: ($err | rtrimstr("\n"))}'
}

# consult_own CMD [ARG...]: run one of the wrapper's own steps (a jq program) in the background
# under timeout, until the hard deadline; returns its exit status. Out of time: ends the call.
consult_own() {
  local status=0
  consult_limit "${CONSULT_HARD_DEADLINE_MS}" || consult_out_of_time
  "${TIMEOUT_BIN}" -k 1 "${CONSULT_LIMIT}" "$@" 5>&- &
  CONSULT_CHILD=$!
  wait "${CONSULT_CHILD}" || status=$?
  CONSULT_CHILD=""
  # jq never exits 124 itself; 137 is a SIGKILL, from the timer when no time is left.
  if [ "${status}" -eq 124 ]; then consult_out_of_time; fi
  if [ "${status}" -eq 137 ] && ! consult_limit "${CONSULT_HARD_DEADLINE_MS}"; then
    consult_out_of_time
  fi
  return "${status}"
}

# consult_run STDIN_FILE CMD [ARG...]: run CMD under timeout, with what is left of --timeout, in
# $RUN_CWD (if set), stdin from STDIN_FILE, stdout and stderr captured. Sets CLI_RC and
# TIMED_OUT: true only when the timer stopped CMD, never for CMD's own exit status 124.
consult_run() {
  local input="$1" status_file="${CONSULT_WORK}/cli.status" started limit_ms status=""
  shift
  CLI_RC=0
  TIMED_OUT=false
  rm -f -- "${status_file}"
  if ! consult_limit "${CONSULT_DEADLINE_MS}"; then
    CLI_RC=124
    TIMED_OUT=true
    return 0
  fi
  started="${NOW_MS}"
  limit_ms="${CONSULT_LIMIT_MS}"
  # In the background so that a signal to this shell is handled at once (consult_interrupt).
  (
    if [ -n "${RUN_CWD:-}" ]; then cd -- "${RUN_CWD}" || exit 126; fi
    exec "${TIMEOUT_BIN}" -k "${CONSULT_KILL_AFTER}" "${CONSULT_LIMIT}" \
      "${BASH}" -c "${CONSULT_STATUS_SH}" "${status_file}" "$@"
  ) <"${input}" >"${CLI_OUT}" 2>"${CLI_ERR}" 5>&- &
  CONSULT_CHILD=$!
  # 2>/dev/null: only bash's own "Killed" report about the child goes there.
  wait "${CONSULT_CHILD}" 2>/dev/null || CLI_RC=$?
  CONSULT_CHILD=""
  if [ -f "${status_file}" ]; then
    IFS= read -r status <"${status_file}" || true
    case "${status}" in "" | *[!0-9]*) ;; *) CLI_RC="${status}" ;; esac
    return 0
  fi
  # No status file: the consultee's shell did not finish. 124: the timer sent SIGTERM; 137: it
  # had to send SIGKILL as well (only after the time really ran out).
  if [ "${CLI_RC}" -eq 124 ]; then
    TIMED_OUT=true
  elif [ "${CLI_RC}" -eq 137 ]; then
    consult_now
    if [ "$((NOW_MS - started))" -ge "${limit_ms}" ]; then TIMED_OUT=true; fi
  fi
}
